"""The turn state machine: check, apply and legal actions over a round's state.

The state itself (fields and the queries that need nothing else) is `RoundState` in
round_state.py; the machine's parts in planning, picking, stock, turn_checks, undo and
candidates take a `RoundState` too, and never import this module.
"""

from __future__ import annotations

from . import actions as A
from .candidates import legal_actions
from .errors import IllegalAction, Refusal, refuse
from .planning import PLANNERS, PLAY_ACTIONS, tamed_with, tames
from .round_state import Deal as Deal
from .round_state import Position as Position
from .round_state import RoundEnd as RoundEnd
from .round_state import RoundState
from .stock import refill
from .turn import Plan
from .turn_checks import finish_problem, table_after
from .undo import restore, snapshot


class Round(RoundState):
    """One deal from the first turn to its end. ``apply`` changes it; ``check`` never does."""

    # --- checking -------------------------------------------------------------

    def check(self, action: A.Action) -> Refusal | None:
        """Why ``action`` is refused now, or None when it is legal. Changes nothing."""
        got = self._plan(action)
        return got if isinstance(got, Refusal) else None

    def apply(self, action: A.Action, text: str | None = None) -> None:
        """Carry out a legal action; raise IllegalAction (changing nothing) otherwise."""
        plan = self._plan(action)
        text = text or action.notation()
        if isinstance(plan, Refusal):
            raise IllegalAction(plan, text)
        self.history.append((self.current, text))
        self._plans, self._by_face, self._discard_ok = {}, None, False
        self._commit(action, plan)

    def step(self, action: A.Action) -> Refusal | None:
        """Carry out ``action`` if it is legal, without writing it to the history; else
        change nothing and return the refusal. For search and playouts on a copy, where
        nobody reads the history and refusals are common."""
        plan = self._plan(action)
        if isinstance(plan, Refusal):
            return plan
        self._plans, self._by_face, self._discard_ok = {}, None, False
        self._commit(action, plan)
        return None

    def _plan(self, action: A.Action) -> Plan | Refusal:
        # Meld plans are kept until the next change, so apply() reuses what legal() checked.
        kind = type(action)
        cache = kind in PLAY_ACTIONS
        if cache:
            plan = self._plans.get(action)
            if plan is not None:
                return plan
        if self.end is not None:
            return refuse("round_over", "the round is over")
        handler = PLANNERS.get(kind)
        if handler is None:
            return refuse("unknown_action", "unknown action")
        got = handler(self, action)
        if cache and not isinstance(got, Refusal):
            self._plans[action] = got
        return got

    # --- discards, redeal, undo ---------------------------------------------------------

    def legal_discards(self) -> list[A.Discard]:
        """The discards that ``check`` accepts now (one end-of-turn check serves all cards)."""
        if self.end is not None or self.phase not in ("play", "discard"):
            return []
        hand = self.hands[self.current]
        taken = self.turn.taken if self.rules.no_return else None
        faces = dict.fromkeys(c.face for c in hand if c != taken)
        if len(hand) <= 1:
            return [d for f in faces if self.check(d := A.discard_of(f)) is None]
        if finish_problem(self, Plan(tuple(hand[1:]), back=(hand[0],)), going_out=False):
            return []
        self._discard_ok = True
        return [A.discard_of(f) for f in faces]

    # --- committing -----------------------------------------------------------------

    def _commit(self, action: A.Action, plan: Plan) -> None:
        kind = type(action)
        if kind is A.Draw:
            card = self.stock.pop()
            self.hand.append(card)
            if self.stock_public:  # everybody saw which card that was
                self._know(self.current, [card], [])
            self.phase = "play"
        elif kind is A.Take:
            snapshot(self)
            self._known_steps.append(self.known[self.current])
            card = self.discard.pop()
            if tames(self, card):
                self.wilds = tamed_with(self, card)
            self.hand.append(card)
            self._know(self.current, [card], [])
            self.turn.taken = card
            self.phase = "play"
        elif kind in PLAY_ACTIONS:
            self._commit_play(plan)
        elif kind is A.Discard:
            self._commit_discard(plan)
        elif kind is A.Announce:
            self.turn.announced = True
        elif kind is A.Redeal:
            self._end("redeal", None)
        elif kind is A.Undo:
            restore(self, self._undo.pop())
            self.known[self.current] = self._known_steps.pop()

    def _commit_play(self, plan: Plan) -> None:
        snapshot(self)
        self._known_steps.append(self.known[self.current])
        assert plan.meld is not None
        if self.known[self.current] or plan.back:
            kept = set(plan.hand)
            self._know(self.current, list(plan.back), [c for c in self.hand if c not in kept])
        turn = self.turn
        is_new = all(m.id != plan.meld.id for m in self.table)
        self.table = table_after(self, plan)
        if is_new:
            turn.new_melds += (plan.meld.id,)
        turn.put_cards = True
        for name, value in (plan.flags or {}).items():
            if value:
                setattr(turn, name, True)
        self.hands[self.current] = list(plan.hand)
        if plan.out:
            in_one = self._in_one()
            self._close_turn()
            self._end("out", self.current, in_one)

    def _commit_discard(self, plan: Plan) -> None:
        seat = self.current
        self.discard.append(plan.back[0])
        if self.known[seat]:
            self._know(seat, [], [plan.back[0]])
        self.hands[seat] = list(plan.hand)
        left = len(plan.hand)
        if self.rules.announce != "off":
            said = self.rules.announce == "auto" or self.turn.announced
            self.announced[seat] = left if left <= 3 and said else None
            self.forgot[seat] = left <= 3 and not said
        in_one = self._in_one()
        self._close_turn()
        if plan.out:
            self._end("out", seat, in_one, plan.back[0])
            return
        self._after_turn()

    def _close_turn(self) -> None:
        seat = self.current
        if not self.opened[seat] and self.turn.new_melds:
            value = self.opening_value()
            if value >= self.opening_needed():
                self.opened[seat] = True
                self.last_opening = max(self.last_opening, value)
        if self.turn.put_cards and not self.opened[seat] and self.rules.opening_min == 0:
            self.opened[seat] = True
        self.played_before[seat] = self.played_before[seat] or self.turn.put_cards
        self.turns_taken[seat] += 1
        self.total_turns += 1

    def _after_turn(self) -> None:
        rules = self.rules
        if rules.stock_empty == "void_round" and len(self.stock) <= len(self.seats):
            self._end("void", None)
            return
        if rules.turn_limit and self.total_turns >= rules.turn_limit:
            self._end("stalemate", None)
            return
        nxt = self.next_seat(self.current)
        if not self.stock and not refill(self):
            return
        self._start_turn(nxt)

    # --- legal actions ----------------------------------------------------------------

    def legal(self) -> list[A.Action]:
        """Every action the player to move may take now (each one passes ``check``)."""
        return legal_actions(self, self.check, self.legal_discards)

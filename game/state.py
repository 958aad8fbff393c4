"""The round state and the turn state machine: check, apply and legal actions."""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

from . import actions as A
from .candidates import legal_actions
from .cards import Card, Face
from .errors import IllegalAction, Refusal, refuse
from .melds import Meld, WildInfo, card_penalty, meld_value
from .planning import PLANNERS, PLAY_ACTIONS, tamed_with, tames
from .rules import Rules
from .stock import refill
from .turn import Plan, Turn
from .turn_checks import finish_problem, table_after
from .undo import Snapshot, restore, snapshot


@dataclass(frozen=True, slots=True)
class Deal:
    """The cards of one deal: hands per seat, stock (top first), indicator and upcard."""

    dealer: int
    hands: tuple[tuple[Card, ...], ...]
    stock: tuple[Card, ...]
    indicator: Card | None = None
    upcard: Card | None = None
    wilds: WildInfo = field(default_factory=WildInfo)


@dataclass(frozen=True, slots=True)
class RoundEnd:
    """How a round ended: ``out``, ``lowest``, ``stalemate``, ``void`` or ``redeal``."""

    kind: str
    winner: int | None
    out_in_one: bool
    hands: tuple[tuple[Card, ...], ...]
    values: tuple[int, ...]
    opened: tuple[bool, ...]

    @property
    def scored(self) -> bool:
        """False for void rounds and redeals, which do not count."""
        return self.kind not in ("void", "redeal")


class Round:
    """One deal from the first turn to its end. ``apply`` changes it; ``check`` never does."""

    def __init__(
        self,
        rules: Rules,
        seats: list[int],
        number: int,
        deal: Deal,
        rng: random.Random,
        last_opening: int = 0,
    ) -> None:
        self.rules = rules
        self.seats = seats
        self.number = number
        self.dealer = deal.dealer
        self.rng = rng
        n = rules.players
        self.hands: list[list[Card]] = [list(h) for h in deal.hands]
        self.stock: list[Card] = list(reversed(deal.stock))
        self.discard: list[Card] = [deal.upcard] if deal.upcard else []
        self.indicator = deal.indicator
        self.wilds = deal.wilds
        self.table: list[Meld] = []
        self.opened = [False] * n
        self.played_before = [False] * n
        self.turns_taken = [0] * n
        self.total_turns = 0
        self.announced: list[int | None] = [None] * n
        self.forgot = [False] * n
        self.rebuilds = 0
        self.last_opening = last_opening
        self.end: RoundEnd | None = None
        self.history: list[tuple[int, str]] = []
        self._undo: list[Snapshot] = []
        self._plans: dict[A.Action, Plan] = {}
        self._by_face: dict[Face, list[Card]] | None = None
        self._discard_ok = False
        self._shapes: dict[tuple[object, ...], Any] = {}
        self.current = self.next_seat(self.dealer)
        self.phase = "draw"
        self.turn = Turn(self.current)
        self._start_turn(self.current)

    # --- seats ----------------------------------------------------------------

    def next_seat(self, seat: int) -> int:
        """The active seat that plays after ``seat``."""
        n = self.rules.players
        for k in range(1, n + 1):
            nxt = (seat + k) % n
            if nxt in self.seats:
                return nxt
        return seat

    @property
    def hand(self) -> list[Card]:
        """The hand of the player to move."""
        return self.hands[self.current]

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

    # --- opening --------------------------------------------------------------------

    def opening_needed(self) -> int:
        """Points the current player's opening must reach."""
        need = self.rules.opening_min
        if self.rules.opening_raise and self.last_opening:
            need = max(need, self.last_opening + 1)
        return need

    def opening_value(self, table: list[Meld] | None = None) -> int:
        """Value of the melds the current player put down this turn."""
        ids = self.turn.new_melds
        return sum(meld_value(m, self.rules) for m in (table or self.table) if m.id in ids)

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

    def redeal_allowed(self) -> bool:
        """Hand: four pairs, three pairs and a wild, or two pairs and two wilds."""
        seat = self.current
        if not (
            self.rules.redeal_pairs
            and self.turns_taken[seat] == 0
            and not self.table
            and not self._undo
            and self.turn.taken is None
            and self.phase != "play"
        ):
            return False
        hand = self.hands[seat]
        wild = sum(self.wilds.is_wild(c) for c in hand)
        faces = [c.face for c in hand if not self.wilds.is_wild(c)]
        pairs = sum(faces.count(f) // 2 for f in set(faces))
        return pairs >= 2 and pairs + min(wild, 2) >= 4

    @property
    def can_undo(self) -> bool:
        """True when there is a step of this turn to take back."""
        return self.end is None and bool(self._undo)

    # --- committing -----------------------------------------------------------------

    def _commit(self, action: A.Action, plan: Plan) -> None:
        kind = type(action)
        if kind is A.Draw:
            self.hand.append(self.stock.pop())
            self.phase = "play"
        elif kind is A.Take:
            snapshot(self)
            card = self.discard.pop()
            if tames(self, card):
                self.wilds = tamed_with(self, card)
            self.hand.append(card)
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

    def _commit_play(self, plan: Plan) -> None:
        snapshot(self)
        assert plan.meld is not None
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
        self.hands[seat] = list(plan.hand)
        left = len(plan.hand)
        if self.rules.announce != "off":
            said = self.rules.announce == "auto" or self.turn.announced
            self.announced[seat] = left if left <= 3 and said else None
            self.forgot[seat] = left <= 3 and not said
        in_one = self._in_one()
        self._close_turn()
        if plan.out:
            self._end("out", seat, in_one)
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

    def _start_turn(self, seat: int) -> None:
        self.current = seat
        self.turn = Turn(seat)
        self._undo = []
        extra = self.rules.starter_extra_card and self.total_turns == 0
        self.phase = "discard" if extra else "draw"

    # --- the end ----------------------------------------------------------------------

    def hand_values(self) -> list[int]:
        """Penalty value of every hand (0 for seats not in the round)."""
        return [sum(self.card_value(c) for c in h) for h in self.hands]

    def card_value(self, card: Card) -> int:
        """Penalty value of a card in hand."""
        return card_penalty(card, self.wilds, self.rules)

    def _in_one(self) -> bool:
        """Going out now would be going out in one (call before the turn is closed)."""
        return not self.played_before[self.current] and (
            self.rules.out_in_one_layoff or not self.turn.laid_on_others
        )

    def _end(self, kind: str, winner: int | None, out_in_one: bool = False) -> None:
        self.end = RoundEnd(
            kind,
            winner,
            out_in_one,
            tuple(tuple(h) for h in self.hands),
            tuple(self.hand_values()),
            tuple(self.opened),
        )
        self.phase = "over"

    # --- legal actions ----------------------------------------------------------------

    def legal(self) -> list[A.Action]:
        """Every action the player to move may take now (each one passes ``check``)."""
        return legal_actions(self)

"""The round state and the turn state machine: check, apply and legal actions."""

from __future__ import annotations

import random
from dataclasses import dataclass, field, replace
from itertools import product
from typing import Any

from . import actions as A
from .candidates import legal_actions, meld_options
from .cards import Card, Face
from .errors import IllegalAction, Refusal, refuse
from .melds import (
    Item,
    Meld,
    Shape,
    WildInfo,
    card_penalty,
    items_for,
    lay_off,
    meld_value,
    resolve,
    swap,
    to_meld,
)
from .rules import Rules


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


@dataclass(slots=True)
class Turn:
    """What happened so far in the current turn."""

    seat: int
    taken: Card | None = None
    new_melds: tuple[int, ...] = ()
    put_cards: bool = False
    laid_on_others: bool = False
    early_layoff: bool = False
    partial_set: bool = False
    announced: bool = False


@dataclass(frozen=True, slots=True)
class _Snapshot:
    phase: str
    hand: tuple[Card, ...]
    table: tuple[Meld, ...]
    discard: tuple[Card, ...]
    wilds: WildInfo
    turn: Turn


@dataclass(slots=True)
class _Plan:
    """A checked action, ready to commit: the hand and table after it."""

    hand: tuple[Card, ...]
    meld: Meld | None = None
    back: tuple[Card, ...] = ()
    out: bool = False
    flags: dict[str, bool] | None = None


PLAY_ACTIONS = (A.Meld, A.LayOff, A.Swap)


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
        self._undo: list[_Snapshot] = []
        self._plans: dict[A.Action, _Plan] = {}
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

    def _plan(self, action: A.Action) -> _Plan | Refusal:
        # Meld plans are kept until the next change, so apply() reuses what legal() checked.
        kind = type(action)
        cache = kind in PLAY_ACTIONS
        if cache:
            plan = self._plans.get(action)
            if plan is not None:
                return plan
        if self.end is not None:
            return refuse("round_over", "the round is over")
        handler = _PLANNERS.get(kind)
        if handler is None:
            return refuse("unknown_action", "unknown action")
        got = handler(self, action)
        if cache and not isinstance(got, Refusal):
            self._plans[action] = got
        return got

    def _phase_problem(self, *allowed: str) -> Refusal | None:
        if self.phase in allowed:
            return None
        if self.phase == "draw":
            return refuse("must_draw", "draw a card first (from the stock or the discard pile)")
        if self.phase == "discard":
            return refuse("discard_only", "your first turn is a discard only")
        return refuse("already_drawn", "you have already drawn this turn")

    def _plan_draw(self, action: A.Action) -> _Plan | Refusal:
        problem = self._phase_problem("draw")
        if problem:
            return problem
        if not self.stock:
            return refuse("stock_empty", "the stock is empty")
        return _Plan(())

    def _plan_take(self, action: A.Action) -> _Plan | Refusal:
        problem = self._phase_problem("draw")
        if problem:
            return problem
        if not self.discard:
            return refuse("discard_empty", "the discard pile is empty")
        card = self.discard[-1]
        if self.rules.discard_pickup != "free" and not self._usable(card):
            how = (
                "meld it with two cards from your hand"
                if self.rules.discard_pickup == "must_meld_new"
                else "meld it or lay it off"
            )
            return refuse(
                "cannot_use_discard",
                "you may take {card} only if you {how} this turn",
                card=card.face.pretty(),
                how=how,
            )
        return _Plan(())

    def _usable(self, card: Card) -> bool:
        wilds = self._tamed_with(card) if self._tames(card) else self.wilds
        hand = [*self.hand, card]
        if meld_options(hand, wilds, self.rules, must_include=card, limit=1):
            return True
        if self.rules.discard_pickup == "must_meld_new" or not self._may_lay_off():
            return False
        item = items_for([card], [None], wilds, self.current)
        return any(not isinstance(lay_off(m, item, self.rules), Refusal) for m in self.table)

    def _tamed_with(self, card: Card) -> WildInfo:
        """The wild cards once ``card`` is taken from the discard pile and tamed (Hand)."""
        return replace(self.wilds, tamed=self.wilds.tamed | {card})

    def _tames(self, card: Card) -> bool:
        return self.rules.tame_taken_wilds and self.wilds.is_wild(card)

    # --- picking physical cards -------------------------------------------------

    def _copies(self) -> dict[Face, list[Card]]:
        """The cards in hand by face (kept until the next change)."""
        if self._by_face is None:
            by_face: dict[Face, list[Card]] = {}
            for c in self.hands[self.current]:
                by_face.setdefault(c.face, []).append(c)
            self._by_face = by_face
        return self._by_face

    def _pick(
        self, faces: tuple[Face, ...], decls: tuple[Face | None, ...]
    ) -> list[list[Card]] | Refusal:
        """Ways to choose physical cards from hand for the faces (wild copies first if declared).

        Usually there is one way; two appear only when a face is held both as a wild and as
        a tamed (natural) copy, and then each is tried.
        """
        by_face = self._copies()
        is_wild = self.wilds.is_wild
        prefs: list[list[list[Card]]] = []
        for face, decl in zip(faces, decls, strict=True):
            copies = by_face.get(face)
            if not copies:
                return refuse("not_in_hand", "{card} is not in your hand", card=face.pretty())
            wild = [c for c in copies if is_wild(c)]
            if not wild or len(wild) == len(copies):
                prefs.append([copies])
                continue
            tame = [c for c in copies if not is_wild(c)]
            prefs.append(
                [wild + tame, tame + wild] if decl is not None else [tame + wild, wild + tame]
            )
        ways = []
        for combo in product(*prefs):
            used: set[Card] = set()
            picked = []
            for order in combo:
                card = next((c for c in order if c not in used), None)
                if card is None:
                    break
                used.add(card)
                picked.append(card)
            if len(picked) == len(faces) and picked not in ways:
                ways.append(picked)
        if not ways:
            face = next(f for f in faces if len(by_face.get(f, ())) < faces.count(f))
            return refuse("not_in_hand", "you do not hold {card} that often", card=face.pretty())
        return ways

    # --- meld, lay off, swap --------------------------------------------------------

    def _plan_meld(self, action: A.Action) -> _Plan | Refusal:
        assert isinstance(action, A.Meld)
        problem = self._phase_problem("play")
        if problem:
            return problem
        ways = self._pick(action.cards, action.decls)
        if isinstance(ways, Refusal):
            return ways
        first: Refusal | None = None
        for cards in ways:
            items = items_for(cards, action.decls, self.wilds, self.current)
            shape = self._resolve(tuple(cards), action.decls, items)
            if isinstance(shape, Refusal):
                first = first or shape
                continue
            return self._after_play(cards, to_meld(shape, items, self._next_id(), self.current), ())
        assert first is not None
        return first

    def _resolve(
        self, cards: tuple[Card, ...], decls: tuple[Face | None, ...], items: list[Item]
    ) -> Shape | Refusal:
        """How the cards read as a new meld; remembered for the round (hands repeat a lot)."""
        key = (cards, decls, self.wilds.tamed)
        shape = self._shapes.get(key)
        if shape is None:
            shape = self._shapes[key] = resolve(items, self.rules)
        return shape

    def _next_id(self) -> int:
        return max((m.id for m in self.table), default=0) + 1

    def _find_meld(self, meld_id: int) -> Meld | Refusal:
        for m in self.table:
            if m.id == meld_id:
                return m
        return refuse("no_such_meld", "there is no meld m{meld} on the table", meld=str(meld_id))

    def _plan_layoff(self, action: A.Action) -> _Plan | Refusal:
        assert isinstance(action, A.LayOff)
        problem = self._phase_problem("play")
        if problem:
            return problem
        meld = self._find_meld(action.meld)
        if isinstance(meld, Refusal):
            return meld
        early = False
        if not self._may_lay_off():
            if not (self.rules.out_in_one_layoff and not self.played_before[self.current]):
                return self._not_opened_refusal("lay off")
            early = True
        ways = self._pick(action.cards, action.decls)
        if isinstance(ways, Refusal):
            return ways
        first: Refusal | None = None
        for cards in ways:
            items = items_for(cards, action.decls, self.wilds, self.current)
            grown = self._grow(meld, tuple(cards), action.decls, items)
            if isinstance(grown, Refusal):
                first = first or grown
                continue
            flags = {
                "early_layoff": early,
                "partial_set": self._partial_set(meld, items),
                "laid_on_others": meld.id not in self.turn.new_melds,
            }
            return self._after_play(cards, grown, (), flags)
        assert first is not None
        return first

    def _grow(
        self, meld: Meld, cards: tuple[Card, ...], decls: tuple[Face | None, ...], items: list[Item]
    ) -> Meld | Refusal:
        """The meld with cards laid off; remembered for the round like new melds."""
        key = (id(meld), cards, decls, self.wilds.tamed, self.current)
        got = self._shapes.get(key)
        if got is None or got[0] is not meld:  # the meld itself is kept, so its id stays unique
            got = self._shapes[key] = (meld, lay_off(meld, items, self.rules))
        return got[1]

    def _partial_set(self, meld: Meld, items: list[Item]) -> bool:
        """Hand: one missing card laid off on a set of two naturals and a wild."""
        return (
            self.rules.set_wild == "missing"
            and meld.kind == "set"
            and len(meld.pieces) == 3
            and meld.wild_count == 1
            and len(items) == 1
        )

    def _plan_swap(self, action: A.Action) -> _Plan | Refusal:
        assert isinstance(action, A.Swap)
        problem = self._phase_problem("play")
        if problem:
            return problem
        if self.rules.wild_swap == "never":
            return refuse("swap_not_allowed", "wild cards may not be taken from the table")
        meld = self._find_meld(action.meld)
        if isinstance(meld, Refusal):
            return meld
        if not self._may_lay_off() or (
            self.rules.wild_swap == "after_opening" and not self._opened_now()
        ):
            return self._not_opened_refusal("take a wild")
        ways = self._pick(action.cards, tuple(None for _ in action.cards))
        if isinstance(ways, Refusal):
            return ways
        first: Refusal | None = None
        for cards in ways:
            items = items_for(cards, [None] * len(cards), self.wilds, self.current)
            got = swap(meld, items, self.rules)
            if isinstance(got, Refusal):
                first = first or got
                continue
            return self._after_play(cards, got[0], tuple(got[1]))
        assert first is not None
        return first

    def _after_play(
        self,
        cards: list[Card],
        meld: Meld,
        back: tuple[Card, ...],
        flags: dict[str, bool] | None = None,
    ) -> _Plan | Refusal:
        gone = set(cards)
        hand = tuple(c for c in self.hand if c not in gone) + back
        taken = self.turn.taken
        if self.rules.no_return and taken is not None and hand == (taken,):
            return refuse(
                "no_return_last",
                "you may not meld so much that only {card}, taken from the discard pile, is left",
                card=taken.face.pretty(),
            )
        if not hand and self.rules.out_requires_discard:
            return refuse("keep_one", "you must keep one card to discard")
        plan = _Plan(hand, meld, back, not hand, flags)
        if plan.out:
            problem = self._finish_problem(plan, going_out=True)
            if problem:
                return problem
        return plan

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

    def _opened_now(self) -> bool:
        if self.opened[self.current]:
            return True
        return bool(self.turn.new_melds) and self.opening_value() >= self.opening_needed()

    def _may_lay_off(self) -> bool:
        return self.rules.lay_off_before_opening or self._opened_now()

    def _not_opened_refusal(self, what: str) -> Refusal:
        if self.turn.new_melds:
            return refuse(
                "opening_short",
                "to {what}, your opening needs {need} points first; these melds make {have}",
                what=what,
                need=str(self.opening_needed()),
                have=str(self.opening_value()),
            )
        return refuse(
            "not_opened",
            "you may {what} only after your opening ({need} points)",
            what=what,
            need=str(self.opening_needed()),
        )

    # --- discard and the end of a turn ------------------------------------------------

    def _plan_discard(self, action: A.Action) -> _Plan | Refusal:
        assert isinstance(action, A.Discard)
        problem = self._phase_problem("play", "discard")
        if problem:
            return problem
        copies = [c for c in self.hand if c.face == action.card]
        if not copies:
            return refuse("not_in_hand", "{card} is not in your hand", card=action.card.pretty())
        taken = self.turn.taken
        if self.rules.no_return:
            copies = [c for c in copies if c != taken]
            if not copies:
                return refuse(
                    "no_return",
                    "you may not discard {card}: you took it from the discard pile this turn",
                    card=action.card.pretty(),
                )
        card = min(copies, key=self.wilds.is_wild) if len(copies) > 1 else copies[0]
        hand = tuple(c for c in self.hand if c != card)
        plan = _Plan(hand, back=(card,), out=not hand)
        if hand and self._discard_ok:  # legal_discards() found the end of the turn in order
            return plan
        problem = self._finish_problem(plan, going_out=not hand)
        return problem or plan

    def legal_discards(self) -> list[A.Discard]:
        """The discards that ``check`` accepts now (one end-of-turn check serves all cards)."""
        if self.end is not None or self.phase not in ("play", "discard"):
            return []
        hand = self.hands[self.current]
        taken = self.turn.taken if self.rules.no_return else None
        faces = dict.fromkeys(c.face for c in hand if c != taken)
        if len(hand) <= 1:
            return [d for f in faces if self.check(d := A.discard_of(f)) is None]
        if self._finish_problem(_Plan(tuple(hand[1:]), back=(hand[0],)), going_out=False):
            return []
        self._discard_ok = True
        return [A.discard_of(f) for f in faces]

    def _finish_problem(self, plan: _Plan, going_out: bool) -> Refusal | None:
        seat, turn, rules = self.current, self.turn, self.rules
        table = self._table_after(plan)
        if going_out and rules.no_out_first_turn and self.turns_taken[seat] == 0:
            return refuse("no_out_first_turn", "nobody may go out on their first turn")
        if going_out and self.forgot[seat]:
            return refuse(
                "forgot_announce",
                "you did not announce your last cards, so you may not go out this turn",
            )
        new_ids = turn.new_melds
        if plan.meld is not None and all(m.id != plan.meld.id for m in self.table):
            new_ids += (plan.meld.id,)
        if turn.taken is not None and rules.discard_pickup != "free":
            problem = self._taken_problem(table, new_ids)
            if problem:
                return problem
        if not self.opened[seat] and new_ids and not going_out:
            have = sum(meld_value(m, rules) for m in table if m.id in new_ids)
            if have < self.opening_needed():
                return refuse(
                    "opening_short",
                    "opening needs {need} points, these melds make {have}",
                    need=str(self.opening_needed()),
                    have=str(have),
                )
        flags = plan.flags or {}
        early = turn.early_layoff or flags.get("early_layoff", False)
        if early and not going_out:
            return refuse(
                "layoff_before_opening",
                "laying off before your opening is allowed only when you go out in one this turn",
            )
        partial = turn.partial_set or flags.get("partial_set", False)
        if partial and not (going_out or len(plan.hand) == 1 or self._one_card_announced()):
            return refuse(
                "partial_set",
                "one missing card goes on a set of two cards and a wild "
                'only when you go out, or after "one card" was announced',
            )
        return None

    def _one_card_announced(self) -> bool:
        return any(a == 1 for a in self.announced)

    def _table_after(self, plan: _Plan) -> list[Meld]:
        if plan.meld is None:
            return self.table
        table = [plan.meld if m.id == plan.meld.id else m for m in self.table]
        if all(m.id != plan.meld.id for m in self.table):
            table.append(plan.meld)
        return table

    def _taken_problem(self, table: list[Meld], new_ids: tuple[int, ...]) -> Refusal | None:
        taken = self.turn.taken
        assert taken is not None
        new_only = self.rules.discard_pickup == "must_meld_new"
        if any(taken in m.cards for m in table if m.id in new_ids or not new_only):
            return None
        how = "in a new meld with two cards from your hand" if new_only else "on the table"
        return refuse(
            "taken_unused",
            "{card}, taken from the discard pile, must go {how} this turn",
            card=taken.face.pretty(),
            how=how,
        )

    # --- announce, redeal, undo ---------------------------------------------------------

    def _plan_announce(self, action: A.Action) -> _Plan | Refusal:
        if self.rules.announce != "manual":
            return refuse("announce_off", "announcements are not made by hand in these rules")
        problem = self._phase_problem("play", "discard")
        if problem:
            return problem
        if self.turn.announced:
            return refuse("announced", "you have already announced this turn")
        if len(self.hand) > 4:
            return refuse(
                "announce_early",
                "announce when you will hold three cards or fewer after discarding",
            )
        return _Plan(tuple(self.hand))

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

    def _plan_redeal(self, action: A.Action) -> _Plan | Refusal:
        if not self.rules.redeal_pairs:
            return refuse("redeal_off", "redeals are not part of these rules")
        if not self.redeal_allowed():
            return refuse(
                "redeal_not_allowed",
                "a redeal needs four pairs (or three pairs and a "
                "wild, or two pairs and two wilds), asked before your first draw",
            )
        return _Plan(tuple(self.hand))

    @property
    def can_undo(self) -> bool:
        """True when there is a step of this turn to take back."""
        return self.end is None and bool(self._undo)

    def _plan_undo(self, action: A.Action) -> _Plan | Refusal:
        if not self._undo:
            return refuse("nothing_to_undo", "there is nothing to undo in this turn")
        return _Plan(tuple(self.hand))

    # --- committing -----------------------------------------------------------------

    def _snapshot(self) -> None:
        t = self.turn
        turn = Turn(
            t.seat,
            t.taken,
            t.new_melds,
            t.put_cards,
            t.laid_on_others,
            t.early_layoff,
            t.partial_set,
            t.announced,
        )
        self._undo.append(
            _Snapshot(
                self.phase,
                tuple(self.hand),
                tuple(self.table),
                tuple(self.discard),
                self.wilds,
                turn,
            )
        )

    def _commit(self, action: A.Action, plan: _Plan) -> None:
        kind = type(action)
        if kind is A.Draw:
            self.hand.append(self.stock.pop())
            self.phase = "play"
        elif kind is A.Take:
            self._snapshot()
            card = self.discard.pop()
            if self._tames(card):
                self.wilds = self._tamed_with(card)
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
            self._restore(self._undo.pop())

    def _commit_play(self, plan: _Plan) -> None:
        self._snapshot()
        assert plan.meld is not None
        turn = self.turn
        is_new = all(m.id != plan.meld.id for m in self.table)
        self.table = self._table_after(plan)
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

    def _restore(self, snap: _Snapshot) -> None:
        self.phase = snap.phase
        self.hands[self.current] = list(snap.hand)
        self.table = list(snap.table)
        self.discard = list(snap.discard)
        self.wilds = snap.wilds
        self.turn = snap.turn

    def _commit_discard(self, plan: _Plan) -> None:
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
        if not self.stock and not self._refill():
            return
        self._start_turn(nxt)

    def _refill(self) -> bool:
        """Rebuild the stock from the discard pile, or end the round (§6). True to play on."""
        rules = self.rules
        limit = 1 if rules.stock_empty == "flip_once" else 2
        if self.rebuilds >= limit or len(self.discard) < 2 or rules.stock_empty == "void_round":
            if rules.stock_empty == "reshuffle":
                self._end_lowest()
            else:
                self._end("void" if rules.stock_empty == "void_round" else "stalemate", None)
            return False
        top = self.discard.pop()
        pile, self.discard = self.discard, [top]
        if rules.stock_empty == "flip_once":
            self.stock = pile[::-1]  # turned over: the oldest discard is now on top (list end)
        else:
            self.rng.shuffle(pile)
            self.stock = pile
        self.rebuilds += 1
        return True

    def _end_lowest(self) -> None:
        values = self.hand_values()
        order = [self.next_seat(self.dealer)]
        while len(order) < len(self.seats):
            order.append(self.next_seat(order[-1]))
        winner = min(order, key=lambda s: values[s])
        self._end("lowest", winner)

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


_PLANNERS = {
    A.Draw: Round._plan_draw,
    A.Take: Round._plan_take,
    A.Meld: Round._plan_meld,
    A.LayOff: Round._plan_layoff,
    A.Swap: Round._plan_swap,
    A.Discard: Round._plan_discard,
    A.Announce: Round._plan_announce,
    A.Redeal: Round._plan_redeal,
    A.Undo: Round._plan_undo,
}

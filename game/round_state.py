"""The state of one round, shared by the turn machine (state.py) and its parts.

`RoundState` holds every field of a round and the queries and small changes that need
nothing but those fields. The turn machine, `Round` in state.py, adds checking and applying
actions on top. Its parts (planning, picking, stock, turn_checks, undo, candidates) take a
`RoundState`, so they import this module and never state.py: the arrows point one way.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any, Self

from . import actions as A
from .cards import Card, Face, Suit
from .melds import Meld, WildInfo, card_penalty, meld_value
from .rules import Rules
from .turn import Plan, Turn


@dataclass(frozen=True, slots=True)
class Snapshot:
    """The parts of a round that one step of a turn may change."""

    phase: str
    hand: tuple[Card, ...]
    table: tuple[Meld, ...]
    discard: tuple[Card, ...]
    wilds: WildInfo
    turn: Turn


@dataclass(frozen=True, slots=True)
class Deal:
    """The cards of one deal: hands per seat, stock (top first), indicator and upcard."""

    dealer: int
    hands: tuple[tuple[Card, ...], ...]
    stock: tuple[Card, ...]
    indicator: Card | None = None
    upcard: Card | None = None
    wilds: WildInfo = field(default_factory=WildInfo)


_RED = frozenset({Suit.H, Suit.D})


@dataclass(frozen=True, slots=True)
class RoundEnd:
    """How a round ended: ``out``, ``lowest``, ``stalemate``, ``void`` or ``redeal``.

    ``bonuses``: the Egyptian doublings a Hand earned (``egyptian_bonuses``), each one
    doubling the round's scores once more: ``wild_last`` (the final discard was a wild),
    ``one_colour`` (only red or only black cards), ``one_suit`` (one suit, on top of its colour).
    """

    kind: str
    winner: int | None
    out_in_one: bool
    hands: tuple[tuple[Card, ...], ...]
    values: tuple[int, ...]
    opened: tuple[bool, ...]
    bonuses: tuple[str, ...] = ()

    @property
    def scored(self) -> bool:
        """False for void rounds and redeals, which do not count."""
        return self.kind not in ("void", "redeal")


@dataclass(frozen=True, slots=True)
class Position:
    """A round's whole state as plain values, hidden cards included: what ``RoundState.at``
    builds a playable round from (the determinizer fills in a guess at the hidden cards).

    ``stock`` lists the top card first (as a `Deal` does), ``discard`` the bottom card first.
    Per-seat tuples left empty mean "nothing yet" (False, 0 or None for every seat).
    ``turn`` is what the seat to move has done this turn (None: nothing) and ``steps`` the
    undo snapshots of that turn, oldest first. ``known`` lists, per seat, the faces every
    player knows are in that hand (taken from the discard pile, or drawn from a stock whose
    order everybody saw, and not shown since).
    """

    rules: Rules
    seats: tuple[int, ...]
    number: int
    dealer: int
    current: int
    phase: str
    hands: tuple[tuple[Card, ...], ...]
    stock: tuple[Card, ...]
    discard: tuple[Card, ...]
    table: tuple[Meld, ...] = ()
    wilds: WildInfo = field(default_factory=WildInfo)
    indicator: Card | None = None
    upcard: Card | None = None
    turn: Turn | None = None
    steps: tuple[Snapshot, ...] = ()
    opened: tuple[bool, ...] = ()
    played_before: tuple[bool, ...] = ()
    turns_taken: tuple[int, ...] = ()
    announced: tuple[int | None, ...] = ()
    forgot: tuple[bool, ...] = ()
    rebuilds: int = 0
    last_opening: int = 0
    history: tuple[tuple[int, str], ...] = ()
    known: tuple[tuple[Face, ...], ...] = ()


def copy_turn(t: Turn) -> Turn:
    """An independent copy of a turn (turns are changed in place as the turn goes on)."""
    return Turn(
        t.seat,
        t.taken,
        t.new_melds,
        t.put_cards,
        t.laid_on_others,
        t.early_layoff,
        t.partial_set,
        t.announced,
    )


def _counted(faces: tuple[Face, ...]) -> dict[Face, int]:
    out: dict[Face, int] = {}
    for f in faces:
        out[f] = out.get(f, 0) + 1
    return out


def _listed(counts: dict[Face, int]) -> tuple[Face, ...]:
    """The faces of ``counts``, copies of a face together, in the order they first came."""
    return tuple([f for f, k in counts.items() for _ in range(k)])


class RoundState:
    """One deal's cards, seats, turn and history; what every part of the turn machine reads."""

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
        self.upcard = deal.upcard  # turned up at the deal: public
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
        # faces everybody knows are in each hand, as known_faces gives them (every view
        # shows them for all seats, so they are kept ready rather than counted each time)
        self.known: list[tuple[Face, ...]] = [()] * n
        self._known_steps: list[tuple[Face, ...]] = []  # the mover's, for undo
        self._undo: list[Snapshot] = []
        self._plans: dict[A.Action, Plan] = {}
        self._by_face: dict[Face, list[Card]] | None = None
        self._discard_ok = False
        self._shapes: dict[tuple[object, ...], Any] = {}
        self.current = self.next_seat(self.dealer)
        self.phase = "draw"
        self.turn = Turn(self.current)
        self._start_turn(self.current)

    # --- building and copying ----------------------------------------------------------

    @classmethod
    def at(cls, pos: Position, rng: random.Random) -> Self:
        """A round in the state ``pos`` describes, ready to play on (``rng`` shuffles a
        rebuilt stock). Nothing is checked: the position must be one play could reach."""
        rnd = cls.__new__(cls)
        n = pos.rules.players
        rnd.rules = pos.rules
        rnd.seats = list(pos.seats)
        rnd.number = pos.number
        rnd.dealer = pos.dealer
        rnd.rng = rng
        rnd.hands = [list(h) for h in pos.hands]
        rnd.stock = list(reversed(pos.stock))
        rnd.discard = list(pos.discard)
        rnd.upcard = pos.upcard
        rnd.indicator = pos.indicator
        rnd.wilds = pos.wilds
        rnd.table = list(pos.table)
        rnd.opened = list(pos.opened or (False,) * n)
        rnd.played_before = list(pos.played_before or (False,) * n)
        rnd.turns_taken = list(pos.turns_taken or (0,) * n)
        rnd.total_turns = sum(rnd.turns_taken)
        rnd.announced = list(pos.announced or (None,) * n)
        rnd.forgot = list(pos.forgot or (False,) * n)
        rnd.rebuilds = pos.rebuilds
        rnd.last_opening = pos.last_opening
        rnd.end = None
        rnd.history = list(pos.history)
        rnd.known = [_listed(_counted(f)) for f in pos.known] if pos.known else [()] * n
        rnd._known_steps = [rnd.known[pos.current]] * len(pos.steps)
        rnd._undo = [
            Snapshot(s.phase, s.hand, s.table, s.discard, s.wilds, copy_turn(s.turn))
            for s in pos.steps
        ]
        rnd._plans = {}
        rnd._by_face = None
        rnd._discard_ok = False
        rnd._shapes = {}
        rnd.current = pos.current
        rnd.phase = pos.phase
        rnd.turn = copy_turn(pos.turn) if pos.turn is not None else Turn(pos.current)
        return rnd

    def copy(self, rng: random.Random | None = None) -> Self:
        """An independent copy to play on (search): lists are copied, immutable parts
        (cards, melds, rules, snapshots' contents) shared. The copy gets ``rng``, or a
        generator in the same state as this round's, so playing it never moves the
        original's. The cache of meld readings is shared (it only ever grows)."""
        new = self.__class__.__new__(self.__class__)
        new.__dict__.update(self.__dict__)
        new.hands = [h[:] for h in self.hands]
        new.stock = self.stock[:]
        new.discard = self.discard[:]
        new.table = self.table[:]
        new.opened = self.opened[:]
        new.played_before = self.played_before[:]
        new.turns_taken = self.turns_taken[:]
        new.announced = self.announced[:]
        new.forgot = self.forgot[:]
        new.history = self.history[:]
        new.known = self.known[:]
        new._known_steps = self._known_steps[:]
        new.turn = copy_turn(self.turn)
        if self._undo:
            new._undo = [
                Snapshot(s.phase, s.hand, s.table, s.discard, s.wilds, copy_turn(s.turn))
                for s in self._undo
            ]
        else:
            new._undo = []
        new._plans = {}
        new._by_face = None
        new._discard_ok = False
        if rng is None:
            rng = random.Random()
            rng.setstate(self.rng.getstate())
        new.rng = rng
        return new

    def position(self) -> Position:
        """This round's whole state as a `Position` (``at`` builds an equal round from it)."""
        return Position(
            rules=self.rules,
            seats=tuple(self.seats),
            number=self.number,
            dealer=self.dealer,
            current=self.current,
            phase=self.phase,
            hands=tuple(tuple(h) for h in self.hands),
            stock=tuple(reversed(self.stock)),
            discard=tuple(self.discard),
            table=tuple(self.table),
            wilds=self.wilds,
            indicator=self.indicator,
            upcard=self.upcard,
            turn=copy_turn(self.turn),
            steps=tuple(
                Snapshot(s.phase, s.hand, s.table, s.discard, s.wilds, copy_turn(s.turn))
                for s in self._undo
            ),
            opened=tuple(self.opened),
            played_before=tuple(self.played_before),
            turns_taken=tuple(self.turns_taken),
            announced=tuple(self.announced),
            forgot=tuple(self.forgot),
            rebuilds=self.rebuilds,
            last_opening=self.last_opening,
            history=tuple(self.history),
            known=tuple(self.known),
        )

    # --- public knowledge -------------------------------------------------------------

    @property
    def stock_public(self) -> bool:
        """Whether everybody knows the order of the stock: classic's pile, turned over."""
        return self.rules.stock_empty == "flip_once" and self.rebuilds > 0

    def known_faces(self, seat: int) -> tuple[Face, ...]:
        """The faces everybody knows are in ``seat``'s hand: cards it took from the discard
        pile (or drew from a stock whose order all saw) and has not melded or discarded since
        (a face shown leaves the count even if the seat could hold another copy)."""
        return self.known[seat]

    def _know(self, seat: int, came: list[Card], went: list[Card]) -> None:
        """Cards that openly came into and went out of ``seat``'s hand."""
        known = self.known[seat]
        if not known and not came:
            return
        counts = _counted(known)
        for c in came:
            counts[c.face] = counts.get(c.face, 0) + 1
        for c in went:
            k = counts.get(c.face, 0)
            if k > 1:
                counts[c.face] = k - 1
            elif k == 1:
                del counts[c.face]
        self.known[seat] = _listed(counts)

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

    # --- opening -------------------------------------------------------------------

    def opening_needed(self) -> int:
        """Points the current player's opening must reach."""
        need = self.rules.opening_min
        if self.rules.opening_raise and self.last_opening:
            need = max(need, self.last_opening + 1)
        return need

    def opening_value(self, table: list[Meld] | None = None) -> int:
        """Value of the melds the current player put down this turn."""
        ids = self.turn.new_melds
        if not ids:  # most turns: nothing put down (every view asks)
            return 0
        return sum(meld_value(m, self.rules) for m in (table or self.table) if m.id in ids)

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

    def _start_turn(self, seat: int) -> None:
        self.current = seat
        self.turn = Turn(seat)
        self._undo = []
        self._known_steps = []
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

    def _end(
        self,
        kind: str,
        winner: int | None,
        out_in_one: bool = False,
        discarded: Card | None = None,
    ) -> None:
        """Close the round; ``discarded`` is the final discard of a player going out."""
        bonus = kind == "out" and out_in_one and self.rules.egyptian_bonuses
        self.end = RoundEnd(
            kind,
            winner,
            out_in_one,
            tuple(tuple(h) for h in self.hands),
            tuple(self.hand_values()),
            tuple(self.opened),
            self.hand_bonuses(winner, discarded) if bonus and winner is not None else (),
        )
        self.phase = "over"

    def hand_bonuses(self, winner: int, discarded: Card | None) -> tuple[str, ...]:
        """The Egyptian doublings of a Hand (DECISIONS 34): the cards are what the winner put
        on the table (all in the going-out turn) and the final discard; a wild decides no
        colour or suit, a natural card counts as the card it plays as."""
        wild_last = discarded is not None and self.wilds.is_wild(discarded)
        suits = {p.rep.suit for m in self.table for p in m.pieces if p.by == winner and not p.wild}
        if discarded is not None and not wild_last:
            suits.add(self.wilds.natural(discarded).suit)
        suits.discard(None)
        out = ["wild_last"] if wild_last else []
        if suits and (suits <= _RED or suits.isdisjoint(_RED)):
            out.append("one_colour")
            if len(suits) == 1:
                out.append("one_suit")
        return tuple(out)

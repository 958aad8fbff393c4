"""The state of one round, shared by the turn machine (state.py) and its parts.

`RoundState` holds every field of a round and the queries and small changes that need
nothing but those fields. The turn machine, `Round` in state.py, adds checking and applying
actions on top. Its parts (planning, picking, stock, turn_checks, undo, candidates) take a
`RoundState`, so they import this module and never state.py: the arrows point one way.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

from . import actions as A
from .cards import Card, Face
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

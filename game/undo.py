"""Undo within a turn: a snapshot before each step that can be taken back, and its restore."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from .cards import Card
from .melds import Meld, WildInfo
from .turn import Turn

if TYPE_CHECKING:
    from .state import Round


@dataclass(frozen=True, slots=True)
class Snapshot:
    """The parts of a round that one step of a turn may change."""

    phase: str
    hand: tuple[Card, ...]
    table: tuple[Meld, ...]
    discard: tuple[Card, ...]
    wilds: WildInfo
    turn: Turn


def snapshot(rnd: Round) -> None:
    """Remember the round as it is now, to undo the step about to be committed."""
    t = rnd.turn
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
    rnd._undo.append(
        Snapshot(
            rnd.phase,
            tuple(rnd.hand),
            tuple(rnd.table),
            tuple(rnd.discard),
            rnd.wilds,
            turn,
        )
    )


def restore(rnd: Round, snap: Snapshot) -> None:
    """Put the round back as it was when ``snap`` was taken."""
    rnd.phase = snap.phase
    rnd.hands[rnd.current] = list(snap.hand)
    rnd.table = list(snap.table)
    rnd.discard = list(snap.discard)
    rnd.wilds = snap.wilds
    rnd.turn = snap.turn

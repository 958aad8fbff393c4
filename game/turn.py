"""The current turn: what it has done so far, and a checked step ready to commit."""

from __future__ import annotations

from dataclasses import dataclass

from .cards import Card
from .melds import Meld


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


@dataclass(slots=True)
class Plan:
    """A checked action, ready to commit: the hand and table after it."""

    hand: tuple[Card, ...]
    meld: Meld | None = None
    back: tuple[Card, ...] = ()
    out: bool = False
    flags: dict[str, bool] | None = None

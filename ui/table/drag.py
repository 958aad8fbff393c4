"""Pointer gestures on the table: a press that may become a drag, the drag, the rubber band.

Plain data; the scene's input handler creates and reads them. A drag remembers where its
cards came from so an invalid drop can glide them back.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from game.cards import Card
from ui.kit.rect import Rect

DRAG_START_PX = 6  # a press that moves less than this is a click
DOUBLE_CLICK_MS = 400
DOUBLE_CLICK_PX = 6  # a second click this close to the first is on the first one's card
DRAG_FAN = 0.32  # spacing of several dragged cards, in card widths


@dataclass
class Press:
    """The left button went down on something; not yet a click or a drag."""

    kind: str  # "hand", "stock", "discard" or "band"
    pos: tuple[int, int]
    card: Card | None = None
    shift: bool = False

    def moved_enough(self, pos: tuple[int, int]) -> bool:
        """Whether the pointer has moved far enough to start a drag."""
        return math.dist(self.pos, pos) >= DRAG_START_PX


@dataclass
class Drag:
    """Cards following the pointer; `kind` says where they were picked up."""

    kind: str  # "hand", "stock" or "discard"
    cards: list[Card]
    grab: tuple[int, int]  # pointer offset from the first card's corner
    pos: tuple[int, int]
    size: tuple[int, int]
    origins: dict[Card, Rect] = field(default_factory=dict)
    targets: frozenset[int] = frozenset()
    table_ok: bool = False
    discard_ok: bool = False
    gap_index: int | None = None

    def rects(self) -> list[Rect]:
        """Where the dragged cards are drawn now, fanned a little to the right."""
        w, h = self.size
        x, y = self.pos[0] - self.grab[0], self.pos[1] - self.grab[1]
        count = max(1, len(self.cards))
        step = round(w * DRAG_FAN)
        return [Rect(x + i * step, y, w, h) for i in range(count)]

    def where(self) -> dict[Card, Rect]:
        """The dragged cards' current rects by card (the origins of a drop's animation)."""
        return dict(zip(self.cards, self.rects(), strict=False))

    def centre_x(self) -> int:
        """Horizontal centre of the dragged group, where it would land in the hand row."""
        rects = self.rects()
        return (rects[0].x + rects[-1].right) // 2


@dataclass
class Band:
    """A rubber band being dragged out to select several hand cards."""

    start: tuple[int, int]
    pos: tuple[int, int]
    shift: bool
    base: frozenset[Card]

    @property
    def rect(self) -> Rect:
        """The band's rectangle, whichever way it was dragged."""
        x0, x1 = sorted((self.start[0], self.pos[0]))
        y0, y1 = sorted((self.start[1], self.pos[1]))
        return Rect(x0, y0, max(1, x1 - x0), max(1, y1 - y0))

"""Cards gliding from one place to another: eased, 150–300 ms, never blocking input.

A flight names the physical card it moves (or None for a card back) and two rects. While
it flies, the card is left out where it now lies in the model, and drawn in flight instead.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from game.cards import Card
from ui.kit.rect import Rect

FAST_MS = 160
NORMAL_MS = 240
SLOW_MS = 300


def ease_out(t: float) -> float:
    """Cubic ease-out: quick start, gentle landing."""
    t = min(1.0, max(0.0, t))
    return 1 - (1 - t) ** 3


@dataclass(frozen=True)
class Flight:
    """One card moving from `src` to `dst` between `start` and `start + duration` (ms)."""

    card: Card | None
    face_up: bool
    src: Rect
    dst: Rect
    start: int
    duration: int

    def at(self, now: int) -> Rect:
        """Where the card is at time `now`."""
        t = ease_out((now - self.start) / self.duration) if self.duration > 0 else 1.0
        return Rect(
            round(self.src.x + (self.dst.x - self.src.x) * t),
            round(self.src.y + (self.dst.y - self.src.y) * t),
            round(self.src.w + (self.dst.w - self.src.w) * t),
            round(self.src.h + (self.dst.h - self.src.h) * t),
        )

    def done(self, now: int) -> bool:
        """True once the card has landed."""
        return now >= self.start + self.duration


def duration_for(src: Rect, dst: Rect) -> int:
    """Longer trips take a little longer, within 150–300 ms."""
    dist = math.dist(src.centre, dst.centre)
    return round(min(SLOW_MS, max(FAST_MS, 150 + dist * 0.15)))


class Animator:
    """The cards in flight; finished flights drop out on `update`."""

    def __init__(self, factor: float = 1.0) -> None:
        self.flights: list[Flight] = []
        self.factor = factor  # the player's animation speed: 0 lands every card at once

    def fly(
        self,
        card: Card | None,
        src: Rect,
        dst: Rect,
        now: int,
        face_up: bool = True,
        delay: int = 0,
    ) -> None:
        """Start a card on its way (replacing an earlier flight of the same card)."""
        if src == dst or self.factor <= 0:
            return
        if card is not None:
            self.flights = [f for f in self.flights if f.card != card]
        duration = round(duration_for(src, dst) * self.factor)
        self.flights.append(Flight(card, face_up, src, dst, now + delay, duration))

    def update(self, now: int) -> None:
        """Forget the flights that have landed."""
        if self.flights:
            self.flights = [f for f in self.flights if not f.done(now)]

    def finish(self) -> None:
        """Land every card at once (skipping ahead)."""
        self.flights.clear()

    @property
    def busy(self) -> bool:
        """True while any card is in flight."""
        return bool(self.flights)

    def hidden(self) -> frozenset[Card]:
        """Cards the table must not draw where they lie: they are still on their way."""
        return frozenset(f.card for f in self.flights if f.card is not None)

"""Rectangles in window pixels and the scale of a window, for every room of the front end.

No pygame here: the table's geometry, the screens' controls and the drawing code all measure
with these.
"""

from __future__ import annotations

from dataclasses import dataclass


def ui_scale(size: tuple[int, int]) -> float:
    """Sizes of the screens grow with the window: 1.0 at 1280×800, 0.8 at the smallest."""
    return max(0.8, min(size[0] / 1280, size[1] / 800))


@dataclass(frozen=True)
class Rect:
    """An axis-aligned rectangle in window pixels; right and bottom are exclusive."""

    x: int
    y: int
    w: int
    h: int

    @property
    def right(self) -> int:
        """First column to the right of the rectangle."""
        return self.x + self.w

    @property
    def bottom(self) -> int:
        """First row below the rectangle."""
        return self.y + self.h

    @property
    def centre(self) -> tuple[int, int]:
        """Centre point, rounded down."""
        return (self.x + self.w // 2, self.y + self.h // 2)

    @property
    def area(self) -> int:
        """Width times height."""
        return self.w * self.h

    def contains(self, point: tuple[int, int]) -> bool:
        """Whether a point lies inside (left/top edges inclusive, right/bottom exclusive)."""
        px, py = point
        return self.x <= px < self.right and self.y <= py < self.bottom

    def encloses(self, other: Rect) -> bool:
        """Whether `other` lies entirely inside this rectangle."""
        return (
            self.x <= other.x
            and self.y <= other.y
            and other.right <= self.right
            and other.bottom <= self.bottom
        )

    def intersects(self, other: Rect) -> bool:
        """Whether the two share any pixel (touching edges do not count)."""
        return (
            self.x < other.right
            and other.x < self.right
            and self.y < other.bottom
            and other.y < self.bottom
        )

    def inflate(self, dx: int, dy: int) -> Rect:
        """The rectangle grown by dx on the left and right and dy on the top and bottom."""
        return Rect(self.x - dx, self.y - dy, self.w + 2 * dx, self.h + 2 * dy)

    def mirrored(self, width: int) -> Rect:
        """The rectangle on the other side of a window `width` wide (right-to-left layouts)."""
        return Rect(width - self.right, self.y, self.w, self.h)

    def as_tuple(self) -> tuple[int, int, int, int]:
        """(x, y, w, h), as pygame.Rect accepts it."""
        return (self.x, self.y, self.w, self.h)

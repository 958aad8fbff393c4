"""Pure card geometry: the fanned hand and the melds flowing over the table.

No pygame here: ints, tuples and frozen dataclasses, testable without a display.
`ui.table.layout` places the table's regions; these functions place cards inside them.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ui.kit.rect import Rect

CARD_RATIO = 88 / 63
HAND_STEP = 0.62  # widest spacing of hand cards, in card widths, before they spread no further
MELD_STEP = 0.38  # spacing of cards in a meld: the corner index stays readable
MELD_FOOT = 0.26  # strip under a meld's cards for their marks, in card widths
MIN_MELD_FOOT = 20  # ... and in pixels at least: the marks stay readable on small cards
MIN_MELD_CARD = 6


def card_height(width: int) -> int:
    """Height of a card of this width in real 63 × 88 proportions."""
    return round(width * CARD_RATIO)


def hand_positions(
    area: Rect,
    count: int,
    card_w: int,
    card_h: int,
    selected: frozenset[int] = frozenset(),
    lift: int | None = None,
) -> list[Rect]:
    """Card rects of a hand of `count` cards, left to right in drawing order.

    Cards overlap more as the hand grows and sit centred in the area; selected cards are
    lifted by `lift` (a fifth of a card by default). Later cards are drawn over earlier ones.
    """
    if count <= 0:
        return []
    rise = card_h // 5 if lift is None else lift
    span = min(max(0, area.w - card_w), (count - 1) * round(card_w * HAND_STEP))
    left = area.x + (area.w - card_w - span) // 2
    base = area.bottom - card_h
    return [
        Rect(
            left + (i * span // (count - 1) if count > 1 else 0),
            max(area.y, base - rise) if i in selected else base,
            card_w,
            card_h,
        )
        for i in range(count)
    ]


def hit_card(positions: Sequence[Rect], point: tuple[int, int]) -> int | None:
    """Index of the topmost (last drawn) card under a point, or None."""
    for i in range(len(positions) - 1, -1, -1):
        if positions[i].contains(point):
            return i
    return None


def insert_index(positions: Sequence[Rect], x: int) -> int:
    """Where a card dropped at `x` goes in the row: the number of cards whose centre is left of x.

    Pass the positions of the hand without the dragged card; the result is an insertion
    index (0 to len(positions)), so reordering shifts cards rather than swapping two.
    """
    return sum(1 for r in positions if r.x + r.w // 2 < x)


@dataclass(frozen=True)
class MeldLayout:
    """Where the table melds go: per meld its card rects, its box and its label strip.

    Below each meld's cards runs a foot `foot_h` high, part of its box: the marks of its
    cards (what a wild stands for, who laid a card off) hang there, under the card they
    belong to, and hide nothing printed on a card.
    """

    cards: tuple[tuple[Rect, ...], ...]
    boxes: tuple[Rect, ...]  # label strip, cards and foot: the drop target for laying off
    labels: tuple[Rect, ...]  # strip above the cards for who put the meld down
    card_w: int
    card_h: int
    foot_h: int = 0

    def meld_at(self, point: tuple[int, int]) -> int | None:
        """Index of the meld whose box holds a point, or None."""
        return next((i for i, box in enumerate(self.boxes) if box.contains(point)), None)


def meld_positions(area: Rect, meld_lengths: Sequence[int], card_w: int) -> MeldLayout:
    """Melds flowing in rows through the area, in the given order, at the largest card size
    up to `card_w` at which they all fit; never outside the area.

    Give the melds grouped by the player who put them down; the label strip of the first
    meld of each group is the place for the name. Raises ValueError only if even tiny
    cards cannot hold them (far more cards than two decks have).
    """
    low, high = MIN_MELD_CARD - 1, card_w
    if _flow(area, meld_lengths, card_w) is not None:
        low = card_w
    while low < high:  # binary search: `low` fits (or is below the minimum), above `high` not
        mid = (low + high + 1) // 2
        if _flow(area, meld_lengths, mid) is None:
            high = mid - 1
        else:
            low = mid
    width = low
    corners = _flow(area, meld_lengths, width) if width >= MIN_MELD_CARD else None
    if corners is None:
        raise ValueError(f"{len(meld_lengths)} melds do not fit in {area}")
    return _assemble(corners, meld_lengths, width)


@dataclass(frozen=True)
class _MeldSizes:
    """The sizes of a meld for one card width."""

    card_h: int
    step: int  # card spacing: the corner index stays readable
    label_h: int  # strip above the cards
    foot_h: int  # strip below the cards, for the cards' marks
    gap: int  # between two melds of a row
    row_gap: int  # between one row's feet and the next row's labels

    @classmethod
    def of(cls, card_w: int) -> _MeldSizes:
        card_h = card_height(card_w)
        return cls(
            card_h=card_h,
            step=max(1, round(card_w * MELD_STEP)),
            label_h=max(4, round(card_h * 0.2)),
            foot_h=max(MIN_MELD_FOOT, round(card_w * MELD_FOOT)),
            gap=max(2, card_w // 5),
            row_gap=max(2, card_w // 12),
        )

    @property
    def box_h(self) -> int:
        """Label strip, cards and foot."""
        return self.label_h + self.card_h + self.foot_h


def _flow(area: Rect, lengths: Sequence[int], card_w: int) -> list[tuple[int, int]] | None:
    """Top-left corners of melds placed left to right, row after row; None if they overflow."""
    z = _MeldSizes.of(card_w)
    x, y = area.x, area.y
    corners: list[tuple[int, int]] = []
    for length in lengths:
        box_w = card_w + (max(1, length) - 1) * z.step
        if x + box_w > area.right and x > area.x:
            x, y = area.x, y + z.box_h + z.row_gap
        if x + box_w > area.right or y + z.box_h > area.bottom:
            return None
        corners.append((x, y))
        x += box_w + z.gap
    return corners


def _assemble(corners: list[tuple[int, int]], lengths: Sequence[int], card_w: int) -> MeldLayout:
    """The rects of melds whose corners `_flow` found."""
    z = _MeldSizes.of(card_w)
    boxes = tuple(
        Rect(x, y, card_w + (max(1, n) - 1) * z.step, z.box_h)
        for (x, y), n in zip(corners, lengths, strict=True)
    )
    cards = tuple(
        tuple(Rect(x + i * z.step, y + z.label_h, card_w, z.card_h) for i in range(n))
        for (x, y), n in zip(corners, lengths, strict=True)
    )
    labels = tuple(Rect(b.x, b.y, b.w, z.label_h) for b in boxes)
    return MeldLayout(cards, boxes, labels, card_w, z.card_h, z.foot_h)

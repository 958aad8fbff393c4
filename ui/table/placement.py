"""Where every visible card lies for one view of the table: hand, melds, discard pile.

Pure (no pygame): built from a TableLayout, a PlayerView and the player's hand order.
The scene draws from it, hit-tests with it, and compares two placements to animate
whatever moved.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from game.cards import Card
from game.melds import Meld
from game.view import PlayerView
from ui.kit.rect import Rect
from ui.table.geometry import MeldLayout, hand_positions, meld_positions
from ui.table.layout import TableLayout


@dataclass(frozen=True)
class Gap:
    """Room left in the hand row for cards being dragged back into it."""

    index: int
    count: int


@dataclass
class Placement:
    """Rects of the visible cards; `where` finds any of them by physical card."""

    hand: list[tuple[Card, Rect]]
    melds: tuple[Meld, ...]
    meld_layout: MeldLayout
    group_first: frozenset[int]
    discard: tuple[Card, ...]
    where: dict[Card, Rect] = field(default_factory=dict)

    def hand_index_at(self, point: tuple[int, int]) -> int | None:
        """Index (in hand order) of the topmost hand card under a point."""
        for i in range(len(self.hand) - 1, -1, -1):
            if self.hand[i][1].contains(point):
                return i
        return None

    def meld_at(self, point: tuple[int, int]) -> Meld | None:
        """The table meld whose box holds a point."""
        i = self.meld_layout.meld_at(point)
        return self.melds[i] if i is not None else None

    def wild_piece_at(self, meld_index: int, point: tuple[int, int]) -> bool:
        """Whether the point is on a wild card of a meld (its visible part)."""
        rects = self.meld_layout.cards[meld_index]
        pieces = self.melds[meld_index].pieces
        for k in range(len(rects) - 1, -1, -1):
            if rects[k].contains(point):
                return pieces[k].wild
        return False


def meld_order(view: PlayerView) -> tuple[Meld, ...]:
    """Table melds in the order they were put down (their numbers): a meld never moves when
    another is added, and the numbers run in table order."""
    return tuple(sorted(view.table, key=lambda m: m.id))


def hand_rects(
    layout: TableLayout, cards: Sequence[Card], selected: frozenset[Card], gap: Gap | None
) -> list[tuple[Card, Rect]]:
    """The hand row; selected cards lifted; an optional gap where dragged cards will land."""
    m = layout.metrics
    extra = gap.count if gap is not None else 0
    slots = list(range(len(cards) + extra))
    if gap is not None:
        slots = [s for s in slots if not gap.index <= s < gap.index + gap.count]
    lifted = frozenset(slots[i] for i, c in enumerate(cards) if c in selected)
    rects = hand_positions(layout.hand, len(cards) + extra, m.card_w, m.card_h, lifted, m.lift)
    return [(c, rects[slots[i]]) for i, c in enumerate(cards)]


def gap_rects(layout: TableLayout, count: int, gap: Gap) -> list[Rect]:
    """Where cards dropped into a gap of the hand row will sit."""
    m = layout.metrics
    rects = hand_positions(layout.hand, count + gap.count, m.card_w, m.card_h, frozenset(), m.lift)
    return rects[gap.index : gap.index + gap.count]


def centred(melds: MeldLayout, area: Rect) -> MeldLayout:
    """The melds moved right so that the block of rows sits in the middle of the area."""
    if not melds.boxes:
        return melds
    dx = (area.right - max(b.right for b in melds.boxes)) // 2

    def move(r: Rect) -> Rect:
        return Rect(r.x + dx, r.y, r.w, r.h)

    return MeldLayout(
        tuple(tuple(move(r) for r in rects) for rects in melds.cards),
        tuple(move(b) for b in melds.boxes),
        tuple(move(b) for b in melds.labels),
        melds.card_w,
        melds.card_h,
        melds.foot_h,
    )


def place(
    layout: TableLayout,
    view: PlayerView,
    order: Sequence[Card],
    selected: frozenset[Card] = frozenset(),
    lifted_out: frozenset[Card] = frozenset(),
    gap: Gap | None = None,
) -> Placement:
    """Every visible card's rect; `lifted_out` cards (being dragged) leave the hand row."""
    cards = [c for c in order if c not in lifted_out]
    hand = hand_rects(layout, cards, selected, gap)
    melds = meld_order(view)
    # from the left, not centred: a new meld never moves the ones already down
    mlayout = meld_positions(
        layout.melds_area, [len(m.pieces) for m in melds], layout.metrics.meld_w
    )
    firsts = frozenset(range(len(melds)))  # every meld is labelled with its owner
    where = {c: r for c, r in hand}
    for meld, rects in zip(melds, mlayout.cards, strict=True):
        for piece, rect in zip(meld.pieces, rects, strict=True):
            where[piece.card] = rect
    if view.discard:
        where[view.discard[-1]] = layout.discard
    if view.indicator is not None and layout.indicator is not None:
        where[view.indicator] = layout.indicator
    return Placement(hand, melds, mlayout, firsts, view.discard, where)

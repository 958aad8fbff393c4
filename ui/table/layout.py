"""Pure geometry of the game table: where panels, piles, cards and buttons go for a window size.

No pygame here: everything is ints, tuples and frozen dataclasses, so the layout can be
tested without a display. The table scene computes a `TableLayout` on every resize, then
asks `ui.geometry` (`hand_positions`, `meld_positions`, `hit_card`) where cards go and which
one lies under the mouse.

The screen, top to bottom: opponents along the top (and at the sides with five or six
players), the stock, discard pile and indicator card in the middle of the table with the
match's header (round, how the match ends) and the turn log's button on their left and the
news since the human's last turn on their right, the open table where melds flow, the info
and status line, then the human's hand with the sort buttons on its left and undo / hint /
menu on its right.

In a language written right to left the chrome is mirrored, as Arabic apps mirror: the
header (with the log's button) and the news swap sides, so do the two button columns and
the info and status parts of the status row. What a real table keeps stays: the opponents'
seats where the play direction puts them, the piles, the hand and the melds (`mirrored`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from ui.kit.rect import Rect
from ui.table.geometry import card_height

MIN_SIZE = (1024, 640)
BUTTONS = ("sort_suit", "sort_rank", "undo", "hint", "menu", "log")
LEFT_BUTTONS = ("sort_suit", "sort_rank")
RIGHT_BUTTONS = ("undo", "hint", "menu")
# The window holds about 14.6 card widths across and 9.15 card widths down: 70 px at 1024×640.
CARDS_ACROSS = 14.6
CARDS_DOWN = 9.15
CARD_SCALES = (0.8, 1.25)
TABLE_SCALE = 0.8  # the piles' cards against hand cards (melds: Metrics.meld_w)
SMALL_SCALE = 0.42  # opponents' card backs


def card_width_for(size: tuple[int, int], card_scale: float = 1.0) -> int:
    """Hand card width for a window: about 70 px at 1024×640, growing with the window."""
    low, high = CARD_SCALES
    scale = min(max(card_scale, low), high)
    return max(20, round(min(size[0] / CARDS_ACROSS, size[1] / CARDS_DOWN) * scale))


@dataclass(frozen=True)
class Metrics:
    """Sizes that every part of the table derives from the hand card width."""

    card_w: int
    card_h: int
    table_w: int
    table_h: int
    small_w: int
    small_h: int
    label_h: int
    lift: int
    margin: int

    @classmethod
    def for_card(cls, card_w: int) -> Metrics:
        """All sizes for one hand card width."""
        card_h = card_height(card_w)
        table_w = round(card_w * TABLE_SCALE)
        small_w = round(card_w * SMALL_SCALE)
        return cls(
            card_w=card_w,
            card_h=card_h,
            table_w=table_w,
            table_h=card_height(table_w),
            small_w=small_w,
            small_h=card_height(small_w),
            label_h=max(14, round(card_h * 0.17)),
            lift=card_h // 5,
            margin=max(6, card_w // 10),
        )

    @property
    def meld_w(self) -> int:
        """Widest table meld card: as large as a hand card while the melds fit (they shrink
        as the table fills up, see ui.geometry.meld_positions)."""
        return self.card_w

    @property
    def panel(self) -> tuple[int, int]:
        """Size of an opponent's panel: name and score over a fan of small card backs."""
        pad = self.margin // 2
        return (round(self.card_w * 3.4), self.label_h + self.small_h + 3 * pad)

    @property
    def pile_gap(self) -> int:
        """Space between the stock, discard and indicator (room for their labels)."""
        return round(self.card_w * 0.4)


@dataclass(frozen=True)
class TableLayout:
    """Every region of the table scene for one window size and seating."""

    size: tuple[int, int]
    metrics: Metrics
    hand: Rect
    seats: dict[int, Rect]
    stock: Rect
    discard: Rect
    indicator: Rect | None
    pile_labels: dict[str, Rect]
    melds_area: Rect
    header: Rect  # left of the piles: the round and how the match ends
    news: Rect  # right of the piles: what changed since the human's last turn
    info: Rect
    status: Rect
    buttons: dict[str, Rect]
    rtl: bool = False  # mirrored for a language written right to left

    @property
    def card_w(self) -> int:
        """Width of a hand card."""
        return self.metrics.card_w

    @property
    def card_h(self) -> int:
        """Height of a hand card."""
        return self.metrics.card_h

    @property
    def window(self) -> Rect:
        """The whole window."""
        return Rect(0, 0, *self.size)

    def regions(self) -> dict[str, Rect]:
        """Every interactive region by name ("hand", "seat 2", "button undo", ...)."""
        out = {"hand": self.hand, "stock": self.stock, "discard": self.discard}
        out |= {"melds": self.melds_area, "info": self.info, "status": self.status}
        if self.indicator is not None:
            out["indicator"] = self.indicator
        out |= {f"seat {seat}": rect for seat, rect in self.seats.items()}
        out |= {f"button {name}": rect for name, rect in self.buttons.items()}
        return out

    def region_at(self, point: tuple[int, int]) -> str | None:
        """Name of the interactive region under a point, if any."""
        return next((name for name, r in self.regions().items() if r.contains(point)), None)


def table_layout(
    size: tuple[int, int],
    seats: int,
    me: int,
    has_indicator: bool,
    card_scale: float = 1.0,
    rtl: bool = False,
    clockwise: bool = True,
) -> TableLayout:
    """The table for a window size, `seats` players (2–6) and the human in seat `me`;
    with `rtl`, its chrome mirrored for a language written right to left. The players after
    `me` sit from the left round to the right when play goes `clockwise`, else from the right
    round to the left: the next player sits on the side the turn passes to."""
    if not 2 <= seats <= 6:
        raise ValueError(f"a table seats 2 to 6 players, not {seats}")
    if not 0 <= me < seats:
        raise ValueError(f"seat {me} is not at a table of {seats}")
    m = Metrics.for_card(card_width_for(size, card_scale))
    width, height = size
    hand, status_row, buttons = _bottom(width, height, m)
    info, status = _split_status(status_row, m)
    top = Rect(m.margin, m.margin, width - 2 * m.margin, m.panel[1])
    middle = Rect(top.x, top.bottom + m.margin, top.w, m.table_h + m.label_h)
    piles, labels = _piles(middle, m, has_indicator)
    melds_y = middle.bottom + m.margin
    melds = Rect(top.x, melds_y, top.w, status_row.y - m.margin - melds_y)
    seats_at = _seat_panels(top, middle, m, seats, me, clockwise)
    header, news = _beside_piles(middle, list(labels.values()), list(seats_at.values()), m)
    log_h = m.label_h + m.margin
    log = Rect(header.x, header.bottom - log_h, min(header.w, round(m.card_w * 1.7)), log_h)
    header = Rect(header.x, header.y, header.w, header.h - log_h - m.margin // 2)
    table = TableLayout(
        size=size,
        metrics=m,
        hand=hand,
        seats=seats_at,
        stock=piles[0],
        discard=piles[1],
        indicator=piles[2] if has_indicator else None,
        pile_labels=labels,
        melds_area=melds,
        header=header,
        news=news,
        info=info,
        status=status,
        buttons=buttons | {"log": log},
    )
    return mirrored(table) if rtl else table


def mirrored(table: TableLayout) -> TableLayout:
    """The same table with its chrome on the other side (and back again, applied twice).

    The header and its log button, the news, the button columns beside the hand and the
    info and status parts of the status row are mirrored across the window; the seats, the
    piles and their labels, the hand and the open table stay where they are, as at a real
    table. Those are placed symmetrically (the piles centred to a pixel), so the mirrored
    chrome fits where the other side's was and nothing comes to overlap.
    """
    width = table.size[0]
    return replace(
        table,
        header=table.header.mirrored(width),
        news=table.news.mirrored(width),
        info=table.info.mirrored(width),
        status=table.status.mirrored(width),
        buttons={name: rect.mirrored(width) for name, rect in table.buttons.items()},
        rtl=not table.rtl,
    )


def _beside_piles(
    middle: Rect, piles: list[Rect], panels: list[Rect], m: Metrics
) -> tuple[Rect, Rect]:
    """The free room of the middle row left and right of the piles (and their labels),
    clear of the opponents' panels that sit at its ends with five or six players."""
    left_end = min(r.x for r in piles) - m.margin
    right_start = max(r.right for r in piles) + m.margin
    beside = [r for r in panels if r.y < middle.bottom and r.bottom > middle.y]
    x0 = max([middle.x, *(r.right + m.margin for r in beside if r.right <= left_end)])
    x1 = min([middle.right, *(r.x - m.margin for r in beside if r.x >= right_start)])
    left = Rect(x0, middle.y, max(1, left_end - x0), middle.h)
    right = Rect(right_start, middle.y, max(1, x1 - right_start), middle.h)
    return left, right


def _bottom(width: int, height: int, m: Metrics) -> tuple[Rect, Rect, dict[str, Rect]]:
    """The hand, the status row just above it, and the button columns either side."""
    gap = m.margin
    button_w = round(m.card_w * 1.5)
    hand_h = m.card_h + m.lift
    status_h = m.label_h + 6
    top = height - gap - hand_h - gap // 2 - status_h
    left = Rect(gap, top, button_w, height - gap - top)
    right = Rect(width - gap - button_w, top, button_w, left.h)
    hand = Rect(left.right + gap, height - gap - hand_h, right.x - left.right - 2 * gap, hand_h)
    status_row = Rect(hand.x, top, hand.w, status_h)
    buttons = _button_column(left, LEFT_BUTTONS, len(RIGHT_BUTTONS), gap // 2)
    buttons |= _button_column(right, RIGHT_BUTTONS, len(RIGHT_BUTTONS), gap // 2)
    return hand, status_row, buttons


def _button_column(column: Rect, names: Sequence[str], rows: int, gap: int) -> dict[str, Rect]:
    """Buttons stacked in a column of `rows` equal slots, the last ones at the bottom."""
    button_h = (column.h - (rows - 1) * gap) // rows
    first = rows - len(names)
    return {
        name: Rect(column.x, column.y + (first + i) * (button_h + gap), column.w, button_h)
        for i, name in enumerate(names)
    }


def _split_status(row: Rect, m: Metrics) -> tuple[Rect, Rect]:
    """Turn, step and opening total on the left; the explaining status line on the right."""
    info_w = min(round(m.card_w * 3.6), row.w // 2)
    info = Rect(row.x, row.y, info_w, row.h)
    return info, Rect(info.right + m.margin, row.y, row.w - info_w - m.margin, row.h)


def _piles(middle: Rect, m: Metrics, has_indicator: bool) -> tuple[list[Rect], dict[str, Rect]]:
    """Stock, discard and indicator side by side in the middle of the table, labels below."""
    count = 3 if has_indicator else 2
    cluster_w = count * m.table_w + (count - 1) * m.pile_gap
    x0 = middle.x + (middle.w - cluster_w) // 2
    rects = [
        Rect(x0 + i * (m.table_w + m.pile_gap), middle.y, m.table_w, m.table_h) for i in range(3)
    ]
    names = ("stock", "discard", "indicator")[:count]
    half = m.pile_gap // 2 - 1
    labels = {
        name: Rect(r.x - half, r.bottom, r.w + 2 * half, m.label_h)
        for name, r in zip(names, rects, strict=False)
    }
    return rects, labels


def _seat_panels(
    top: Rect, middle: Rect, m: Metrics, seats: int, me: int, clockwise: bool
) -> dict[int, Rect]:
    """Opponents in play order after `me`: left side, across the top, right side (the other
    way round when play goes counter-clockwise)."""
    order = [(me + k) % seats for k in range(1, seats)]
    if not clockwise:
        order.reverse()
    panel_w, panel_h = m.panel
    out: dict[int, Rect] = {}
    if len(order) >= 4:
        out[order[0]] = Rect(middle.x, middle.y, panel_w, panel_h)
        out[order[-1]] = Rect(middle.right - panel_w, middle.y, panel_w, panel_h)
        order = order[1:-1]
    slot = top.w // len(order)
    width = min(panel_w, slot - m.margin)
    for i, seat in enumerate(order):
        out[seat] = Rect(top.x + i * slot + (slot - width) // 2, top.y, width, panel_h)
    return out

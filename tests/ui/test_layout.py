"""Table geometry (ui/table/layout.py, ui/table/geometry.py, ui/kit/rect.py), pure: no pygame.

Every window size the game supports, from the 1024×640 minimum to 2560×1440, with two to
six players, with and without Hand's indicator card.
"""

from __future__ import annotations

import ast
import itertools
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ui.kit.rect import Rect
from ui.table.geometry import card_height, hand_positions, hit_card, insert_index, meld_positions
from ui.table.layout import (
    BUTTONS,
    LEFT_BUTTONS,
    MIN_SIZE,
    RIGHT_BUTTONS,
    TableLayout,
    table_layout,
)

PROPS = settings(max_examples=150, deadline=None, derandomize=True)

SIZES = [(1024, 640), (1280, 800), (1366, 768), (1920, 1080), (2560, 1440)]
SEATINGS = [
    (size, seats, me, indicator)
    for size in SIZES
    for seats in range(2, 7)
    for me in sorted({0, seats - 1})
    for indicator in (False, True)
]
SEATING_IDS = [
    f"{w}x{h}-{n}p-me{me}-{'ind' if ind else 'noind'}" for (w, h), n, me, ind in SEATINGS
]


@pytest.fixture(params=SEATINGS, ids=SEATING_IDS)
def layout(request: pytest.FixtureRequest) -> TableLayout:
    """One table layout per window size and seating."""
    size, seats, me, indicator = request.param
    return table_layout(size, seats, me, indicator)


layouts = st.builds(
    table_layout,
    size=st.tuples(st.integers(MIN_SIZE[0], 3840), st.integers(MIN_SIZE[1], 2160)),
    seats=st.just(6),
    me=st.integers(0, 5),
    has_indicator=st.booleans(),
    card_scale=st.floats(0.8, 1.25),
) | st.sampled_from(SEATINGS).map(lambda s: table_layout(*s))


def overlapping(rects: dict[str, Rect]) -> list[tuple[str, str]]:
    """Every pair of named rects that share a pixel."""
    return [
        (a, b) for (a, ra), (b, rb) in itertools.combinations(rects.items(), 2) if ra.intersects(rb)
    ]


# --- the table ----------------------------------------------------------------------------


def test_every_rect_lies_inside_the_window(layout: TableLayout) -> None:
    rects = layout.regions() | {f"label {k}": r for k, r in layout.pile_labels.items()}
    outside = [name for name, r in rects.items() if not layout.window.encloses(r)]
    assert outside == []
    assert all(r.w > 0 and r.h > 0 for r in rects.values())


def test_no_two_interactive_regions_overlap(layout: TableLayout) -> None:
    assert overlapping(layout.regions()) == []


def test_pile_labels_cover_nothing_interactive(layout: TableLayout) -> None:
    labels = {f"label {k}": r for k, r in layout.pile_labels.items()}
    assert overlapping(layout.regions() | labels) == []
    assert set(labels) == {"label stock", "label discard"} | (
        {"label indicator"} if layout.indicator else set()
    )


def test_every_button_is_there(layout: TableLayout) -> None:
    assert set(layout.buttons) == set(BUTTONS)


@pytest.mark.parametrize(("seats", "me"), [(n, me) for n in range(2, 7) for me in range(n)])
def test_every_opponent_has_a_panel_and_the_human_none(seats: int, me: int) -> None:
    table = table_layout((1280, 800), seats, me, True)
    assert set(table.seats) == set(range(seats)) - {me}


def test_opponents_sit_clockwise_in_play_order(layout: TableLayout) -> None:
    seats = len(layout.seats) + 1
    me = next(s for s in range(seats) if s not in layout.seats)
    order = [(me + k) % seats for k in range(1, seats)]
    centres = [layout.seats[s].centre[0] for s in order]
    assert centres == sorted(centres)
    assert len(set(centres)) == len(centres)


def test_opponents_sit_along_the_top_and_sides(layout: TableLayout) -> None:
    top = min(r.y for r in layout.seats.values())
    assert all(r.bottom <= layout.melds_area.y for r in layout.seats.values())
    assert top <= layout.metrics.margin


def test_stock_and_discard_sit_in_the_middle(layout: TableLayout) -> None:
    piles = [layout.stock, layout.discard] + ([layout.indicator] if layout.indicator else [])
    middle = (piles[0].x + piles[-1].right) // 2
    assert abs(middle - layout.size[0] // 2) <= 1
    assert layout.stock.right <= layout.discard.x
    assert all(p.bottom <= layout.melds_area.y for p in piles)


def test_melds_get_the_most_space(layout: TableLayout) -> None:
    others = [r for name, r in layout.regions().items() if name != "melds"]
    assert layout.melds_area.area > max(r.area for r in others)
    assert layout.melds_area.area > 0.3 * layout.window.area


def test_hand_is_at_the_bottom_with_the_status_line_just_above(layout: TableLayout) -> None:
    margin = layout.metrics.margin
    assert layout.hand.bottom >= layout.size[1] - margin
    assert 0 <= layout.hand.y - layout.status.bottom <= margin
    assert layout.info.bottom <= layout.hand.y and layout.info.y == layout.status.y
    assert layout.hand.h >= layout.card_h + layout.metrics.lift


def test_buttons_stand_beside_the_hand(layout: TableLayout) -> None:
    for name in (*LEFT_BUTTONS, *RIGHT_BUTTONS):
        rect = layout.buttons[name]
        assert rect.right <= layout.hand.x or rect.x >= layout.hand.right
        assert rect.y >= layout.status.y


def test_the_header_news_and_log_sit_beside_the_piles_clear_of_everything(
    layout: TableLayout,
) -> None:
    log = layout.buttons["log"]
    piles = [layout.stock, layout.discard, *layout.pile_labels.values()]
    for rect in (layout.header, layout.news, log):
        assert layout.window.encloses(rect) and rect.w > 0 and rect.h > 0
        assert rect.bottom <= layout.melds_area.y
        assert not any(rect.intersects(p) for p in piles), rect
        assert not any(rect.intersects(p) for p in layout.seats.values()), rect
    assert layout.header.right <= layout.stock.x < layout.news.x
    assert log.y >= layout.header.bottom and log.x == layout.header.x
    assert log.w >= layout.card_w  # room for its word


def test_cards_are_readable_at_the_smallest_window_and_grow_with_it() -> None:
    small = table_layout((1024, 640), 4, 0, True)
    large = table_layout((1920, 1080), 4, 0, True)
    assert 64 <= small.card_w <= 76
    assert large.card_w >= 1.5 * small.card_w
    assert small.card_h == card_height(small.card_w) == 98


def test_hand_cards_are_at_least_as_large_as_table_cards(layout: TableLayout) -> None:
    m = layout.metrics
    assert m.small_w < m.table_w <= m.card_w
    assert (layout.stock.w, layout.stock.h) == (m.table_w, m.table_h)


@pytest.mark.parametrize("card_scale", [0.5, 0.8, 1.25, 3.0])
@pytest.mark.parametrize("size", [(1024, 640), (1920, 1080)])
def test_the_card_size_setting_keeps_the_table_whole(
    size: tuple[int, int], card_scale: float
) -> None:
    table = table_layout(size, 6, 0, True, card_scale)
    assert overlapping(table.regions()) == []
    assert all(table.window.encloses(r) for r in table.regions().values())


def test_the_card_size_setting_changes_the_cards() -> None:
    normal = table_layout((1280, 800), 3, 0, False).card_w
    assert table_layout((1280, 800), 3, 0, False, 1.2).card_w > normal
    assert table_layout((1280, 800), 3, 0, False, 0.9).card_w < normal


@pytest.mark.parametrize(("seats", "me"), [(1, 0), (7, 0), (4, 4), (4, -1)])
def test_impossible_seatings_are_refused(seats: int, me: int) -> None:
    with pytest.raises(ValueError):
        table_layout((1280, 800), seats, me, False)


@PROPS
@given(table=layouts)
def test_regions_fit_and_stay_apart_at_any_window_size(table: TableLayout) -> None:
    assert overlapping(table.regions()) == []
    assert all(table.window.encloses(r) for r in table.regions().values())


def test_region_at_names_what_is_under_the_mouse() -> None:
    table = table_layout((1280, 800), 6, 0, True)
    assert table.region_at(table.stock.centre) == "stock"
    assert table.region_at(table.buttons["undo"].centre) == "button undo"
    assert table.region_at(table.seats[3].centre) == "seat 3"
    assert table.region_at((0, 0)) is None


# --- the hand -----------------------------------------------------------------------------


@st.composite
def hands(draw: st.DrawFn) -> tuple[TableLayout, list[Rect], frozenset[int]]:
    """A layout, a hand of 1–22 cards in it and a selection of some of them."""
    table = draw(layouts)
    count = draw(st.integers(1, 22))
    selected = frozenset(draw(st.sets(st.integers(0, count - 1))))
    return table, hand_positions(table.hand, count, table.card_w, table.card_h, selected), selected


@PROPS
@given(hands())
def test_hand_cards_stay_inside_the_hand_area(
    hand: tuple[TableLayout, list[Rect], frozenset[int]],
) -> None:
    table, cards, selected = hand
    assert all(table.hand.encloses(r) for r in cards)
    lifted = {i for i, r in enumerate(cards) if r.bottom < table.hand.bottom}
    assert lifted == selected


@PROPS
@given(hands(), st.data())
def test_the_topmost_card_is_the_one_drawn_last(
    hand: tuple[TableLayout, list[Rect], frozenset[int]], data: st.DataObject
) -> None:
    table, cards, _ = hand
    x = data.draw(st.integers(table.hand.x, table.hand.right - 1), label="x")
    y = data.draw(st.integers(table.hand.y, table.hand.bottom - 1), label="y")
    under = [i for i, r in enumerate(cards) if r.contains((x, y))]
    assert hit_card(cards, (x, y)) == (under[-1] if under else None)


@PROPS
@given(hands())
def test_every_card_can_be_picked_by_its_visible_edge(
    hand: tuple[TableLayout, list[Rect], frozenset[int]],
) -> None:
    _, cards, _ = hand
    for i, r in enumerate(cards):
        assert hit_card(cards, (r.x + 1, r.bottom - 1)) == i


def test_cards_overlap_more_as_the_hand_grows() -> None:
    table = table_layout((1024, 640), 2, 0, False)
    steps = []
    for count in range(2, 30):
        cards = hand_positions(table.hand, count, table.card_w, table.card_h)
        steps.append(cards[1].x - cards[0].x)
        assert table.hand.encloses(cards[-1])
    assert steps == sorted(steps, reverse=True)
    assert steps[0] < table.card_w and steps[-1] < steps[0]


def test_a_small_hand_sits_centred() -> None:
    table = table_layout((1920, 1080), 4, 0, True)
    cards = hand_positions(table.hand, 5, table.card_w, table.card_h)
    middle = (cards[0].x + cards[-1].right) / 2
    assert abs(middle - table.hand.centre[0]) <= 1
    assert hand_positions(table.hand, 0, table.card_w, table.card_h) == []


@PROPS
@given(hands(), st.lists(st.integers(-100, 4000), min_size=2))
def test_insert_index_is_monotone_in_x(
    hand: tuple[TableLayout, list[Rect], frozenset[int]], xs: list[int]
) -> None:
    _, cards, _ = hand
    indexes = [insert_index(cards, x) for x in sorted(xs)]
    assert indexes == sorted(indexes)
    assert all(0 <= i <= len(cards) for i in indexes)


def test_a_card_dropped_between_two_cards_is_inserted_between_them() -> None:
    table = table_layout((1280, 800), 2, 0, False)
    cards = hand_positions(table.hand, 10, table.card_w, table.card_h)
    assert insert_index(cards, table.hand.x) == 0
    assert insert_index(cards, table.hand.right) == 10
    assert insert_index(cards, cards[3].centre[0] + 1) == 4
    assert insert_index(cards, cards[3].centre[0] - 1) == 3


# --- the table melds ----------------------------------------------------------------------


@PROPS
@given(layouts, st.lists(st.integers(3, 13), min_size=1, max_size=30))
def test_melds_stay_inside_the_melds_area_and_apart(table: TableLayout, lengths: list[int]) -> None:
    melds = meld_positions(table.melds_area, lengths, table.metrics.table_w)
    assert [len(cards) for cards in melds.cards] == lengths
    assert all(table.melds_area.encloses(box) for box in melds.boxes)
    assert not any(a.intersects(b) for a, b in itertools.combinations(melds.boxes, 2))
    for box, label, cards in zip(melds.boxes, melds.labels, melds.cards, strict=True):
        assert box.encloses(label) and all(box.encloses(c) for c in cards)
        assert not any(label.intersects(c) for c in cards)
        assert box.bottom - max(c.bottom for c in cards) == melds.foot_h > 0  # for the marks
    assert melds.card_w <= table.metrics.table_w


@PROPS
@given(st.lists(st.integers(3, 13), min_size=1, max_size=30))
def test_melds_read_in_the_order_given(lengths: list[int]) -> None:
    table = table_layout((1024, 640), 6, 0, True)
    boxes = meld_positions(table.melds_area, lengths, table.metrics.table_w).boxes
    assert list(boxes) == sorted(boxes, key=lambda b: (b.y, b.x))


def test_a_sparse_table_uses_full_size_table_cards() -> None:
    table = table_layout((1024, 640), 2, 0, False)
    melds = meld_positions(table.melds_area, [3, 4, 3], table.metrics.table_w)
    assert (melds.card_w, melds.card_h) == (table.metrics.table_w, table.metrics.table_h)


@pytest.mark.parametrize("size", SIZES)
def test_a_few_melds_are_as_large_as_the_hand_cards(size: tuple[int, int]) -> None:
    # the melds area is tall: a sparse table need not shrink its cards below the hand's
    table = table_layout(size, 2, 0, False)
    melds = meld_positions(table.melds_area, [3, 4, 3, 5], table.metrics.meld_w)
    assert (melds.card_w, melds.card_h) == (table.card_w, table.card_h)


def test_a_crowded_hand_table_shrinks_its_cards_but_stays_readable() -> None:
    table = table_layout((1024, 640), 6, 0, True)
    crowded = [3, 4, 5, 3, 4, 3, 6, 3, 4, 13, 3, 4, 5, 3, 3, 4, 7, 3, 4, 3, 5, 3, 4, 3, 3]
    melds = meld_positions(table.melds_area, crowded, table.metrics.meld_w)
    sparse = meld_positions(table.melds_area, crowded[:5], table.metrics.meld_w)
    assert sparse.card_w == table.card_w
    assert 40 <= melds.card_w < sparse.card_w
    assert all(table.melds_area.encloses(box) for box in melds.boxes)


def test_meld_at_finds_the_meld_under_the_mouse() -> None:
    table = table_layout((1280, 800), 4, 0, True)
    melds = meld_positions(table.melds_area, [3, 5, 4], table.metrics.table_w)
    assert [melds.meld_at(box.centre) for box in melds.boxes] == [0, 1, 2]
    assert melds.meld_at((table.melds_area.right - 1, table.melds_area.bottom - 1)) is None


def test_melds_that_cannot_fit_at_any_size_are_refused() -> None:
    with pytest.raises(ValueError):
        meld_positions(Rect(0, 0, 60, 40), [13] * 200, 50)


# --- purity -------------------------------------------------------------------------------


@pytest.mark.parametrize("module", ["table/layout", "table/geometry", "kit/rect"])
def test_the_geometry_modules_import_only_the_standard_library(module: str) -> None:
    source = Path(__file__).resolve().parents[2] / "ui" / f"{module}.py"
    imported: set[str] = set()
    for node in ast.walk(ast.parse(source.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            imported |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module:
            imported.add(node.module)
    assert imported, "the check found no imports at all"
    own = {"ui.table.geometry", "ui.kit.rect"}
    assert {name.split(".")[0] for name in imported - own} <= set(sys.stdlib_module_names)


@pytest.mark.parametrize("seats", [3, 4, 5, 6])
def test_the_next_player_sits_on_the_side_the_turn_passes_to(seats: int) -> None:
    me = 0
    after = [(me + k) % seats for k in range(1, seats)]  # the players in turn after me
    for clockwise in (True, False):
        table = table_layout((1280, 800), seats, me, True, clockwise=clockwise)
        xs = [table.seats[seat].centre[0] for seat in after]
        # clockwise: the turn passes to the left, round the table to the right; else mirrored
        assert xs == sorted(xs, reverse=not clockwise), (clockwise, xs)

"""The table in a language written right to left (Arabic): its chrome mirrored, the table not.

The header (with the log's button) and the news swap sides, so do the button columns and
the info and status parts of the status row; panels, the score sheet and the overlays start
their lines at the right edge. The seats, the piles, the hand and the melds stay as at a
real table: a run still reads 7♥ 8♥ 9♥ from left to right. Left to right, nothing changes.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pygame
import pytest
from hypothesis import given

from game import actions as A
from game.cards import Card, Face
from tests.ui.harness import Table, table_match
from tests.ui.test_layout import PROPS, SEATING_IDS, SEATINGS, layouts, overlapping
from ui.kit.rect import Rect
from ui.table.layout import LEFT_BUTTONS, RIGHT_BUTTONS, TableLayout, mirrored, table_layout
from ui.table.log_panel import LogPanel
from ui.table.overlays import Menu, SheetOverlay
from ui.table.paint import mirror_in
from ui.table.rewind_view import RewindView
from ui.table.scoresheet import Sheet, SheetRow
from ui.table.sheet_draw import _columns, end_buttons, sheet_rect
from ui.text import i18n

HANDS = ["7H 8H 9H 5S 5D 5C KS QD 2C 3D", "AS 2S 3S 4H 6C 8C 10D JD JS 9C"]
SIZES = [(1024, 640), (1280, 800), (1366, 768), (1920, 1080), (2560, 1440)]
CHROME = ("header", "news", "info", "status")


@pytest.fixture
def arabic() -> Iterator[None]:
    """Arabic for the test, English again after it."""
    i18n.set_language("ar")
    yield
    i18n.set_language("en")


@pytest.fixture(params=SEATINGS, ids=SEATING_IDS)
def both(request: pytest.FixtureRequest) -> tuple[TableLayout, TableLayout]:
    """One seating laid out left to right and right to left."""
    size, seats, me, indicator = request.param
    return (
        table_layout(size, seats, me, indicator),
        table_layout(size, seats, me, indicator, rtl=True),
    )


def log_of(table: TableLayout) -> Rect:
    return table.buttons["log"]


# --- the layout -------------------------------------------------------------------------


def test_the_chrome_is_the_mirror_image_of_the_left_to_right_one(
    both: tuple[TableLayout, TableLayout],
) -> None:
    ltr, rtl = both
    width = ltr.size[0]
    assert rtl.rtl and not ltr.rtl
    for name in CHROME:
        assert getattr(rtl, name) == getattr(ltr, name).mirrored(width), name
    assert rtl.buttons == {name: r.mirrored(width) for name, r in ltr.buttons.items()}


def test_what_a_real_table_keeps_stays_in_place(both: tuple[TableLayout, TableLayout]) -> None:
    ltr, rtl = both
    assert rtl.seats == ltr.seats  # the play direction puts them there
    assert (rtl.stock, rtl.discard, rtl.indicator) == (ltr.stock, ltr.discard, ltr.indicator)
    assert rtl.pile_labels == ltr.pile_labels
    assert (rtl.hand, rtl.melds_area) == (ltr.hand, ltr.melds_area)


def test_header_and_news_swap_sides_and_the_log_goes_with_the_header(
    both: tuple[TableLayout, TableLayout],
) -> None:
    _, rtl = both
    piles = [rtl.stock, rtl.discard, *rtl.pile_labels.values()]
    assert rtl.news.right <= min(p.x for p in piles)
    assert rtl.header.x >= max(p.right for p in piles)
    log = log_of(rtl)
    assert log.right == rtl.header.right and log.y >= rtl.header.bottom
    for rect in (rtl.header, rtl.news, log):
        assert rtl.window.encloses(rect) and rect.w > 0 and rect.h > 0
        assert rect.bottom <= rtl.melds_area.y
        assert not any(rect.intersects(p) for p in piles), rect
        assert not any(rect.intersects(p) for p in rtl.seats.values()), rect


def test_the_button_columns_swap(both: tuple[TableLayout, TableLayout]) -> None:
    ltr, rtl = both
    for name in LEFT_BUTTONS:  # sort by suit / rank: right of the hand now
        assert ltr.buttons[name].right <= ltr.hand.x
        assert rtl.buttons[name].x >= rtl.hand.right
    for name in RIGHT_BUTTONS:  # undo, hint, menu: left of it
        assert ltr.buttons[name].x >= ltr.hand.right
        assert rtl.buttons[name].right <= rtl.hand.x


def test_the_status_row_swaps_its_parts(both: tuple[TableLayout, TableLayout]) -> None:
    ltr, rtl = both
    assert ltr.info.right <= ltr.status.x
    assert rtl.status.right <= rtl.info.x
    assert rtl.info.y == rtl.status.y == ltr.info.y


def test_the_mirrored_layout_keeps_everything_apart(both: tuple[TableLayout, TableLayout]) -> None:
    _, rtl = both
    labels = {f"label {k}": r for k, r in rtl.pile_labels.items()}
    chrome = {"header": rtl.header, "news": rtl.news}
    assert overlapping(rtl.regions()) == []
    assert overlapping(rtl.regions() | labels | chrome) == []
    assert all(rtl.window.encloses(r) for r in (*rtl.regions().values(), *chrome.values()))


@PROPS
@given(table=layouts)
def test_any_window_mirrored_stays_whole(table: TableLayout) -> None:
    rtl = mirrored(table)
    assert overlapping(rtl.regions()) == []
    assert all(rtl.window.encloses(r) for r in rtl.regions().values())
    assert mirrored(rtl) == table


def test_left_to_right_is_what_it_was(both: tuple[TableLayout, TableLayout]) -> None:
    ltr, rtl = both
    size, seats = ltr.size, len(ltr.seats) + 1
    me = next(s for s in range(seats) if s not in ltr.seats)
    assert table_layout(size, seats, me, ltr.indicator is not None, rtl=False) == ltr
    assert mirrored(rtl) == ltr and mirrored(ltr) == rtl
    assert ltr.header.right <= ltr.stock.x < ltr.news.x  # as test_layout has it
    assert log_of(ltr).x == ltr.header.x


def test_mirror_in_places_left_to_right_where_it_was(arabic: None) -> None:
    box = Rect(100, 0, 300, 10)
    assert mirror_in(box, 110, 50) == 100 + 300 - 10 - 50
    i18n.set_language("en")
    assert mirror_in(box, 110, 50) == 110


# --- at the table -----------------------------------------------------------------------


def test_the_scene_lays_out_left_to_right_in_english() -> None:
    table = Table(table_match("classic", HANDS, "10H KH", upcard="KD"))
    lay = table.scene.layout
    assert not lay.rtl
    assert lay == table_layout(lay.size, 2, 0, False, table.scene.settings.card_scale)


def test_the_scene_mirrors_when_the_language_turns_arabic(arabic: None) -> None:
    i18n.set_language("en")
    table = Table(table_match("classic", HANDS, "10H KH", upcard="KD"))
    ltr = table.scene.layout
    hand = list(table.scene.placement.hand)
    i18n.set_language("ar")
    table.scene.enter()  # back from the settings screen
    assert table.scene.layout == mirrored(ltr)
    assert table.scene.placement.hand == hand  # the hand did not move
    i18n.set_language("en")
    table.scene.enter()
    assert table.scene.layout == ltr


def test_buttons_are_hit_where_they_are_drawn(arabic: None) -> None:
    table = Table(table_match("classic", HANDS, "10H KH", upcard="KD"))
    menu = table.scene.layout.buttons["menu"]
    assert menu.right <= table.scene.layout.hand.x  # bottom left, right to left
    table.click(menu.centre)
    assert isinstance(table.scene.overlay, Menu)
    table.key(pygame.K_ESCAPE)
    table.click(table.scene.layout.buttons["log"].centre)
    assert isinstance(table.scene.overlay, LogPanel)


def test_a_run_still_reads_low_to_high_from_left_to_right(arabic: None) -> None:
    table = Table(table_match("classic", HANDS, "10H KH", upcard="KD"))
    xs = [r.x for _, r in table.scene.placement.hand]
    assert xs == sorted(xs) and len(set(xs)) == len(xs)
    table.click(table.scene.layout.stock.centre)
    table.select("7H", "8H", "9H")
    table.drag(table.grab_point("8H"), table.open_table())  # dragging works the same
    table.settle()
    place = table.scene.placement
    assert [str(p.card) for p in place.melds[0].pieces] == ["7H", "8H", "9H"]
    xs = [r.x for r in place.meld_layout.cards[0]]
    assert xs == sorted(xs) and len(set(xs)) == len(xs)
    hand = [c for c, _ in place.hand]
    assert [r.x for _, r in place.hand] == sorted(r.x for _, r in place.hand)
    assert hand == [c for c in table.scene.order if c in hand]


class Spy(pygame.Surface):
    """A surface that notes where each image is put: (x, width)."""

    def __init__(self, size: tuple[int, int]) -> None:
        super().__init__(size)
        self.put: list[tuple[int, int]] = []

    def blit(self, source: pygame.Surface, dest: Any, *args: Any, **kw: Any) -> Any:
        x = dest[0] if isinstance(dest, tuple) else dest.x
        self.put.append((x, source.get_width()))
        return super().blit(source, dest, *args, **kw)


@pytest.mark.parametrize("language", ["en", "ar"])
def test_lines_in_the_header_and_news_start_at_the_reading_edge(language: str) -> None:
    i18n.set_language(language)
    try:
        table = Table(table_match("classic", HANDS, "10H KH", upcard="KD"))
        lay, renderer = table.scene.layout, table.scene.renderer
        for rect, draw in ((lay.header, renderer.header), (lay.news, renderer.news)):
            spy = Spy(lay.size)
            draw(spy)
            assert spy.put
            if language == "ar":
                assert all(x + w == rect.right for x, w in spy.put)
            else:
                assert all(x == rect.x for x, _ in spy.put)
    finally:
        i18n.set_language("en")


def test_the_log_opens_on_the_other_side(arabic: None) -> None:
    table = Table(table_match("classic", HANDS, "10H KH", upcard="KD"))
    rtl = LogPanel().rect(table.scene)
    i18n.set_language("en")
    ltr = LogPanel().rect(table.scene)
    assert rtl == ltr.mirrored(table.scene.size[0])
    assert rtl.x < ltr.x


def a_sheet(table: Table, over: bool) -> Sheet:
    rows = tuple(
        SheetRow(
            seat,
            p.name,
            tuple(Card(Face.parse(t), 0) for t in ("KS", "QH", "2C")[: seat + 1]),
            10,
            10 * seat - 5,
            "why",
            100 * seat,
        )
        for seat, p in enumerate(table.match.players)
    )
    return Sheet("title", rows, "someone won" if over else None, "footer")


def test_the_score_sheet_columns_and_buttons_are_mirrored(arabic: None) -> None:
    table = Table(table_match("classic", HANDS, "10H KH", upcard="KD"))
    sheet = a_sheet(table, over=True)
    panel, _, _ = sheet_rect(table.scene, sheet)
    rtl_cols, rtl_buttons = _columns(panel, 18), end_buttons(table.scene, sheet)
    i18n.set_language("en")
    ltr_cols, ltr_buttons = _columns(panel, 18), end_buttons(table.scene, sheet)
    assert [x for x, _ in ltr_cols] == sorted(x for x, _ in ltr_cols)  # player column first
    mirror = [(panel.x + panel.right - x - w, w) for x, w in ltr_cols]
    assert rtl_cols == mirror and rtl_cols[0][0] > rtl_cols[-1][0]  # the player on the right
    assert rtl_buttons["play_again"].x > rtl_buttons["new_game"].x
    assert ltr_buttons["play_again"].x < ltr_buttons["new_game"].x


@pytest.mark.parametrize("size", SIZES)
def test_a_whole_table_and_its_overlays_draw_right_to_left(
    arabic: None, size: tuple[int, int]
) -> None:
    table = Table(table_match("classic", HANDS, "10H KH", upcard="KD"), size)
    table.step(2)
    scene = table.scene
    for over in (False, True):
        scene.overlay = SheetOverlay(a_sheet(table, over), scene.view.table)
        table.step(2)
    scene.overlay = None
    for key in (pygame.K_g, pygame.K_g, pygame.K_i, pygame.K_i, pygame.K_ESCAPE):
        table.key(key)  # the log, the rules panel, the menu: open, drawn, closed
    table.key(pygame.K_ESCAPE)
    assert scene.overlay is None


def test_a_finished_round_draws_and_is_watched_again_right_to_left(arabic: None) -> None:
    hands = ["7H 8H 9H 10H 5S 5D 5C 2C 3C 4C", "AS 2S 3S 4H 2D 3D AD 2H 3H 4D"]
    table = Table(table_match("classic", hands, "KS", "KD"))
    table.key(pygame.K_d)
    for meld in ("meld 7H 8H 9H 10H", "meld 5S 5D 5C", "meld 2C 3C 4C"):
        table.scene.play(A.parse(meld), table.now)
    run = table.scene.placement.meld_layout.cards[0]
    assert [r.x for r in run] == sorted(r.x for r in run)
    table.drag(table.grab_point("KS"), table.scene.layout.discard.centre)
    assert isinstance(table.scene.overlay, SheetOverlay)
    table.step(2)
    table.key(pygame.K_w)
    view = table.scene.overlay
    assert isinstance(view, RewindView)
    table.key(pygame.K_HOME)
    table.key(pygame.K_LEFT)  # right to left, ← steps on
    assert view.at == 1
    table.key(pygame.K_RIGHT)
    assert view.at == 0
    i18n.set_language("en")
    table.key(pygame.K_RIGHT)  # left to right, → does
    assert view.at == 1

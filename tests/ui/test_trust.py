"""Faults that break a player's trust at the table, each replayed through the app's loop.

- a hand-over that a stray click dismisses, showing the next hand to the outgoing player;
- a second copy of a card that stays selected after the first copy was played (two decks);
- a double-click on the lower part of a card that lands on its neighbour;
- Menu at the score sheet that starts the next round instead of opening the menu;
- the score sheet calling points "cards left".
"""

from __future__ import annotations

from collections.abc import Iterator

import pygame
import pytest

from game.actions import parse
from game.cards import Face
from game.match import Match
from tests.ui.harness import Table, table_match
from tests.ui.test_table_scene import go_out
from ui.look.sprites import Deck
from ui.table.handover import GUARD_MS, HandOver
from ui.table.overlays import Menu, SheetOverlay

# Standard, two humans; seat 0 starts. One deck: every face is one physical card.
HANDS = ["7H 8H 9H 5S 5D KS QD 2C 4D 6D", "AS 2S 3S 4H 6C 8C 10D JD JS 9C"]
STOCK = "10H KH 3H 4S 6S 7S 8S 9S 10S QS"


@pytest.fixture
def faces_drawn(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[Face]]:
    """Every card face the drawing code asks the deck for, from now on."""
    seen: list[Face] = []
    original = Deck.face

    def face(self: Deck, face: Face, width: int) -> pygame.Surface:
        seen.append(face)
        return original(self, face, width)

    monkeypatch.setattr(Deck, "face", face)
    yield seen


def hand_of(match: Match, seat: int) -> set[Face]:
    return {c.face for c in match.round.hands[seat]}


def redraw(table: Table, frames: int = 3) -> None:
    """Frames drawn from scratch (no cached still table)."""
    for _ in range(frames):
        table.scene.renderer.drawn = None
        table.step()


def two_humans() -> Table:
    table = Table(table_match("standard", HANDS, STOCK, upcard="KD", bot_seats=()))
    table.take_over()
    assert table.scene.curtain is None
    return table


def double_click_discard(table: Table, text: str) -> tuple[int, int]:
    """Draw, then discard a card by double-clicking it; the point clicked."""
    table.key(pygame.K_d)
    point = table.grab_point(text)
    table.click(point)
    table.now += 100
    table.click(point)
    return point


# --- 1. the hand-over yields only to a deliberate act --------------------------------------


@pytest.mark.parametrize(
    "late_ms",
    [0, 100, 300, 600, 900],
    ids=lambda ms: f"third click {ms} ms later",
)
def test_a_stray_click_after_the_discard_never_shows_the_next_hand(
    faces_drawn: list[Face], late_ms: int
) -> None:
    table = two_humans()
    point = double_click_discard(table, "KS")
    assert table.scene.curtain == 1, "the discard should pass the turn to the other human"
    faces_drawn.clear()
    table.now += late_ms
    table.click(point)  # the outgoing player clicks once more
    redraw(table)
    assert table.scene.curtain == 1
    assert faces_drawn == []
    assert not set(faces_drawn) & hand_of(table.match, 1)


def test_a_press_that_began_before_the_hand_over_does_not_dismiss_it(
    faces_drawn: list[Face],
) -> None:
    table = two_humans()
    table.key(pygame.K_d)
    table.select("KS")
    table.post(pygame.MOUSEBUTTONDOWN, pos=(20, 20), button=1, mod=0)  # held down ...
    table.key(pygame.K_RETURN)  # ... while Enter discards: the hand-over appears
    assert table.scene.curtain == 1
    over = table.scene.overlay
    assert isinstance(over, HandOver)
    table.step(GUARD_MS // 16 + 2)
    button = over.button(table.scene).centre
    table.post(pygame.MOUSEMOTION, pos=button, rel=(0, 0), buttons=(1, 0, 0))
    table.post(pygame.MOUSEBUTTONUP, pos=button, button=1, mod=0)  # ... let go on the button
    faces_drawn.clear()
    redraw(table)
    assert table.scene.curtain == 1 and faces_drawn == []


def test_the_hand_over_yields_to_its_button_or_enter_after_the_guard(
    faces_drawn: list[Face],
) -> None:
    table = two_humans()
    double_click_discard(table, "KS")
    over = table.scene.overlay
    assert isinstance(over, HandOver)
    table.step()
    button = over.button(table.scene)
    table.click(button.centre)  # too early: nothing
    table.key(pygame.K_RETURN)
    table.key(pygame.K_SPACE)
    assert table.scene.curtain == 1
    table.step(GUARD_MS // 16 + 2)
    table.click((20, 20))  # away from the button: nothing
    table.key(pygame.K_SPACE)  # Space selects cards at the table: not a deliberate hand-over
    assert table.scene.curtain == 1
    faces_drawn.clear()
    table.click(button.centre)
    assert table.scene.curtain is None and table.scene.me == 1
    redraw(table)
    assert set(faces_drawn) & hand_of(table.match, 0) == set()
    assert set(faces_drawn) >= hand_of(table.match, 1)


def test_the_hand_over_button_names_the_next_player() -> None:
    table = two_humans()
    double_click_discard(table, "KS")
    table.step()
    over = table.scene.overlay
    assert isinstance(over, HandOver)
    assert "P1" in over.button_text(table.scene)


def test_the_menu_over_a_score_sheet_never_shows_the_new_hand(faces_drawn: list[Face]) -> None:
    hands = ["7H 8H 9H 10H 5S 5D 5C 2C 3C 4C", "AS 2S 3S 4H 2D 3D AD 2H 3H 4D"]
    table = Table(table_match("classic", hands, "KS", "KD", bot_seats=()))
    table.take_over()
    table.key(pygame.K_d)
    for meld in ("meld 7H 8H 9H 10H", "meld 5S 5D 5C", "meld 2C 3C 4C"):
        table.scene.play(parse(meld), table.now)
    table.drag(table.grab_point("KS"), table.scene.layout.discard.centre)
    assert isinstance(table.scene.overlay, SheetOverlay)
    faces_drawn.clear()
    redraw(table)
    on_the_sheet = set(faces_drawn)  # the finished round: its table and every hand, revealed
    table.click(table.scene.layout.buttons["menu"].centre)
    assert isinstance(table.scene.overlay, Menu)
    faces_drawn.clear()
    redraw(table)
    assert set(faces_drawn) <= on_the_sheet, "a card of the new deal was drawn under the menu"
    table.scene.menu_command("rules_panel", table.now)  # the rules in force over the sheet
    assert table.scene.held is not None
    faces_drawn.clear()
    redraw(table)
    assert set(faces_drawn) <= on_the_sheet


# --- 3. one physical card ------------------------------------------------------------------


@pytest.mark.parametrize("copy", [0, 1])
def test_playing_one_of_two_equal_cards_leaves_the_other_unselected(copy: int) -> None:
    hands = [
        "10S 10S 3H 4H 5H 7C 8C 9C JD QD KD 2S 4S",
        "AS 2D 3D 5D 6D 7D 8D 9D 10D AH 2H 6H 7H",
        "AC 2C 3C 4C 5C 6C 10C JC QC KC AD 3S 5S",
    ]
    table = Table(table_match("romme", hands, "6S 7S 8S 9S JS QS", "KS", bot_seats=(1, 2)))
    table.key(pygame.K_d)
    twins = [c for c in table.scene.order if c.face == Face.parse("10S")]
    assert len(twins) == 2
    chosen, other = twins[copy], twins[1 - copy]
    before = list(table.scene.order)
    table.click(table.grab_point_of(chosen))
    assert table.scene.selected == {chosen}
    table.key(pygame.K_RETURN)  # discard the selected card
    assert table.match.actions[-1] == "discard 10S"
    assert table.scene.selected == set()
    # the remaining 10S keeps the other one's place in the hand, and it is not raised
    expected = [c.face for c in before if c != chosen]
    assert [c.face for c in table.scene.order] == expected
    left = next(c for c in table.scene.order if c.face == Face.parse("10S"))
    place = table.scene.placement.where
    neighbour = table.scene.order[table.scene.order.index(left) - 1]
    assert place[left].y == place[neighbour].y, "the remaining copy is shown raised"
    assert other.face == left.face
    table.settle()
    table.step(200)
    assert table.match.current == 0  # the bots have played: seat 0 again
    table.key(pygame.K_d)
    assert table.scene.selected == set()
    table.key(pygame.K_RETURN)  # nothing selected, no focus shown: Enter only shows the focus
    assert table.match.actions[-1] == "draw"
    assert table.scene.input.focus_visible


# --- 4. a double-click acts on the card under its first click ------------------------------


@pytest.mark.parametrize("card", ["9H", "5S", "QD"])
def test_a_double_click_low_on_a_card_discards_that_card(card: str) -> None:
    table = two_humans()
    table.key(pygame.K_d)
    r = table.rect(card)
    point = (r.x + 8, r.bottom - 4)  # the lower part: the first click lifts the card off it
    table.click(point)
    table.now += 120
    table.click(point)
    assert table.match.actions[-1] == f"discard {card}"
    assert table.scene.selected == set()


# --- 5. Menu at the score sheet --------------------------------------------------------------


def sheet_table() -> Table:
    table = go_out("AS 2S 3S 4H 2D 3D AD 2H 3H 4D")
    assert isinstance(table.scene.overlay, SheetOverlay)
    return table


def test_menu_at_the_score_sheet_opens_the_menu_and_comes_back_to_the_sheet() -> None:
    table = sheet_table()
    sheet = table.scene.overlay
    table.click(table.scene.layout.buttons["menu"].centre)
    assert isinstance(table.scene.overlay, Menu)
    table.key(pygame.K_ESCAPE)  # resume: the sheet again, the next round not yet shown
    assert table.scene.overlay is sheet
    table.click((20, 20))  # a click elsewhere goes on to the next round
    assert table.scene.overlay is None


# --- 9. the score sheet says cards and points -------------------------------------------------


def test_the_score_sheet_counts_cards_and_points_apart() -> None:
    table = sheet_table()
    sheet = table.scene.overlay
    assert isinstance(sheet, SheetOverlay)
    loser = next(r for r in sheet.sheet.rows if r.seat == 1)
    assert loser.why == f"10 cards, {loser.value} points", loser.why
    assert "cards left" not in loser.why


# --- 2. the match-end screen names the right winner -----------------------------------------


def test_the_match_end_names_who_collected_the_most_after_a_number_of_rounds() -> None:
    hands = ["7H 8H 9H 10H 5S 5D 5C 2C 3C 4C", "AS 2S 3S 4H 2D 3D AD 2H 3H 4D"]
    match = table_match("classic", hands, "KS", "KD", match_end="rounds", target=1)
    table = Table(match)
    table.key(pygame.K_d)
    for meld in ("meld 7H 8H 9H 10H", "meld 5S 5D 5C", "meld 2C 3C 4C"):
        table.scene.play(parse(meld), table.now)
    table.drag(table.grab_point("KS"), table.scene.layout.discard.centre)
    assert table.match.over and table.match.winners == (0,)
    sheet = table.scene.overlay
    assert isinstance(sheet, SheetOverlay)
    assert sheet.sheet.match_title is not None and "P0" in sheet.sheet.match_title
    assert table.match.totals[0] > table.match.totals[1]  # classic: the winner collects

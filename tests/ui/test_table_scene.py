"""The table scene through the app's own loop: real posted mouse and key events, a fake clock."""

from __future__ import annotations

import threading
import time

import pygame
import pytest

from game import actions as A
from game.actions import parse
from game.bots import choose
from game.cards import Face
from game.view import PlayerView
from tests.ui.harness import FRAME_MS, Table, table_match
from ui.look import theme
from ui.table.botrunner import THINKING_MS, BotRunner
from ui.table.handover import HandOver
from ui.table.menu import Confirm
from ui.table.overlays import Chooser, Menu, PileViewer, SheetOverlay

# Seat 0 (human) starts; seat 1 is a medium bot. Stock top: 10H, then KS.
HANDS = ["7H 8H 9H 5S 5D 5C KS QD 2C 3D", "AS 2S 3S 4H 6C 8C 10D JD JS 9C"]


@pytest.fixture
def table() -> Table:
    """Classic, the human to draw."""
    return Table(table_match("classic", HANDS, "10H KH", upcard="KD"))


def meld_cards(table: Table) -> list[list[str]]:
    return [[str(p.card) for p in m.pieces] for m in table.match.round.table]


def test_clicking_the_stock_draws(table: Table) -> None:
    table.click(table.scene.layout.stock.centre)
    assert table.match.actions == ["draw"]
    assert Face.parse("10H") in [c.face for c in table.scene.view.hand]


def test_dragging_the_discard_pile_to_the_hand_takes_it(table: Table) -> None:
    table.drag(table.scene.layout.discard.centre, table.scene.layout.hand.centre)
    assert table.match.actions == ["take"]


def test_dragging_three_selected_cards_to_the_table_makes_the_meld(table: Table) -> None:
    table.click(table.scene.layout.stock.centre)
    table.select("7H", "8H", "9H")
    assert {str(c) for c in table.scene.selected} == {"7H", "8H", "9H"}
    table.drag(table.grab_point("8H"), table.open_table())
    assert meld_cards(table) == [["7H", "8H", "9H"]]
    assert table.match.actions[-1] == "meld 7H 8H 9H"
    assert not table.scene.selected


def test_dragging_a_card_onto_a_meld_lays_it_off(table: Table) -> None:
    table.click(table.scene.layout.stock.centre)
    table.select("7H", "8H", "9H")
    table.drag(table.grab_point("8H"), table.open_table())
    table.settle()
    box = table.scene.placement.meld_layout.boxes[0]
    table.drag(table.grab_point("10H"), box.centre)
    assert meld_cards(table) == [["7H", "8H", "9H", "10H"]]
    assert table.match.actions[-1] == "layoff 10H m1"


def test_melds_that_accept_the_dragged_cards_are_highlighted(table: Table) -> None:
    table.click(table.scene.layout.stock.centre)
    table.select("7H", "8H", "9H")
    table.drag(table.grab_point("8H"), table.open_table())
    table.settle()
    for text, accepted in (("10H", {1}), ("KS", set())):
        start = table.grab_point(text)
        table.post(pygame.MOUSEBUTTONDOWN, pos=start, button=1, mod=0)
        table.post(pygame.MOUSEMOTION, pos=(start[0], start[1] - 80), rel=(0, 0), buttons=(1, 0, 0))
        table.step()
        drag = table.scene.input.drag
        assert drag is not None and set(drag.targets) == accepted
        table.key(pygame.K_ESCAPE)
        table.settle()


def test_an_invalid_drop_changes_nothing_and_says_why(table: Table) -> None:
    table.click(table.scene.layout.stock.centre)
    table.select("KS", "QD")
    before = (list(table.match.actions), [list(h) for h in table.match.round.hands])
    table.drag(table.grab_point("KS"), table.open_table())
    assert (table.match.actions, table.match.round.hands) == before
    assert table.scene.status.kind == "refused"
    assert "3 cards" in table.scene.status.text
    assert table.scene.anim.busy  # the cards glide back
    table.settle()
    assert {str(c) for c, _ in table.scene.placement.hand} >= {"KS", "QD"}


def test_a_meld_that_does_not_fit_explains_the_rule(table: Table) -> None:
    table.click(table.scene.layout.stock.centre)
    table.select("7H", "8H", "KS")
    table.drag(table.grab_point("7H"), table.open_table())
    assert table.match.round.table == []
    assert table.scene.status.kind == "refused" and table.scene.status.text


def test_dragging_a_card_to_the_discard_pile_ends_the_turn(table: Table) -> None:
    table.click(table.scene.layout.stock.centre)
    table.drag(table.grab_point("KS"), table.scene.layout.discard.centre)
    assert table.match.actions[-1] == "discard KS"
    assert table.match.current == 1


def test_double_click_discards(table: Table) -> None:
    table.click(table.scene.layout.stock.centre)
    table.now += 500
    point = table.grab_point("QD")
    table.click(point)
    table.click(point)
    assert table.match.actions[-1] == "discard QD"


def test_undo_button_takes_the_meld_back(table: Table) -> None:
    table.click(table.scene.layout.stock.centre)
    table.select("5S", "5D", "5C")
    table.drag(table.grab_point("5D"), table.open_table())
    assert len(table.match.round.table) == 1
    table.click(table.scene.layout.buttons["undo"].centre)
    assert table.match.round.table == []
    assert table.match.actions[-1] == "undo"
    assert {"5S", "5D", "5C"} <= {str(c) for c in table.scene.view.hand}


def test_reordering_the_hand_moves_the_card_and_not_the_model(table: Table) -> None:
    first = table.scene.order[0]
    last = table.scene.placement.hand[-1][1]
    table.drag(table.grab_point(str(first)), (last.right + 5, last.y + 20))
    assert table.scene.order[-1] == first
    assert table.match.actions == []


def test_sort_buttons_order_the_hand_and_the_order_survives_a_turn(table: Table) -> None:
    table.click(table.scene.layout.buttons["sort_rank"].centre)
    ranks = [c.face.rank for c in table.scene.order]
    assert ranks == sorted(ranks)
    table.click(table.scene.layout.stock.centre)
    assert [c.face.rank for c in table.scene.order][:-1] == ranks
    assert str(table.scene.order[-1]) == "10H"  # the drawn card joins at the right


def test_acting_out_of_turn_is_refused_with_a_reason(table: Table) -> None:
    table.click(table.scene.layout.stock.centre)
    table.drag(table.grab_point("KS"), table.scene.layout.discard.centre)
    table.scene.settings.speed = 0  # slow: the bot waits
    table.scene.bot_turns.next_at = table.now + 10_000
    table.click(table.scene.layout.stock.centre)
    assert table.match.actions[-1] == "discard KS"
    assert "Bot1" in table.scene.status.text


def test_a_bot_turn_completes_while_frames_keep_coming() -> None:
    table = Table(table_match("classic", HANDS, "10H KH", upcard="KD"), inline_bots=False)
    table.click(table.scene.layout.stock.centre)
    table.drag(table.grab_point("KS"), table.scene.layout.discard.centre)
    assert table.match.current == 1
    frames, deadline = table.app.frames, time.monotonic() + 20
    while table.match.current == 1 and time.monotonic() < deadline:
        table.step()
        time.sleep(0.002)
    assert table.match.current == 0
    assert table.app.frames - frames > 2
    assert table.match.actions[-1].startswith("discard")
    table.scene.bots.close()


def gold_in_seat(table: Table, seat: int) -> int:
    """How many pixels of the seat's panel show the gold of a badge ("thinking…")."""
    r = table.scene.layout.seats[seat]
    shot = table.app.surface.subsurface(pygame.Rect(r.x, r.y, r.w, r.h))
    return int(pygame.mask.from_threshold(shot, theme.GOLD, (24, 24, 24, 255)).count())


def test_a_bot_shows_thinking_only_once_its_decision_takes_300_ms() -> None:
    gate, first = threading.Event(), threading.Event()

    def slow_first(view: PlayerView, level: str) -> A.Action:
        if not first.is_set():  # the first decision keeps the bot thinking until let go
            first.set()
            gate.wait(5)
        return choose(view, "medium")

    table = Table(table_match("classic", HANDS, "10H KH", upcard="KD"), inline_bots=False)
    table.scene.bots = BotRunner(chooser=slow_first)
    table.click(table.scene.layout.stock.centre)
    table.drag(table.grab_point("KS"), table.scene.layout.discard.centre)
    assert table.match.current == 1 and first.wait(5)
    asked = table.now  # the bot was asked at the latest in this frame
    quiet = gold_in_seat(table, 1)
    while table.now + FRAME_MS < asked + THINKING_MS:
        table.step()
        assert gold_in_seat(table, 1) == quiet  # a quick decision would pass unnoticed
    table.step()  # 300 ms since the bot was asked
    assert gold_in_seat(table, 1) > quiet + 50  # the badge, with nothing else changing
    gate.set()
    table.scene.bots.wait("bot")
    table.step()
    assert table.match.actions[-1] == "draw" and gold_in_seat(table, 1) <= quiet
    table.scene.bots.close()


def test_space_skips_ahead_through_the_bots(table: Table) -> None:
    table.scene.settings.speed = 0
    table.click(table.scene.layout.stock.centre)
    table.drag(table.grab_point("KS"), table.scene.layout.discard.centre)
    table.key(pygame.K_SPACE)
    table.step(3)
    assert table.match.current == 0


def test_keyboard_draw_select_and_meld() -> None:
    table = Table(table_match("classic", HANDS, "10H KH", upcard="KD"))
    table.key(pygame.K_d)
    assert table.match.actions == ["draw"]
    table.click(table.scene.layout.buttons["sort_suit"].centre)
    order = [str(c) for c in table.scene.order]
    table.key(pygame.K_RIGHT)
    start = order.index("7H")
    table.scene.input.focus_index = 0
    for _ in range(start):
        table.key(pygame.K_RIGHT)
    for _ in range(3):
        table.key(pygame.K_SPACE)
        table.key(pygame.K_RIGHT)
    assert {str(c) for c in table.scene.selected} == {"7H", "8H", "9H"}
    table.key(pygame.K_RETURN)
    assert meld_cards(table) == [["7H", "8H", "9H"]]
    table.key(pygame.K_u)
    assert table.match.round.table == []


def test_enter_on_a_focused_card_discards_it(table: Table) -> None:
    table.key(pygame.K_d)
    table.key(pygame.K_RIGHT)
    focused = table.scene.input.focused()
    table.key(pygame.K_RETURN)
    assert table.match.actions[-1] == f"discard {focused}"


def test_hint_names_a_move_and_marks_its_cards(table: Table) -> None:
    table.click(table.scene.layout.stock.centre)
    table.click(table.scene.layout.buttons["hint"].centre)
    table.step()
    assert table.scene.status.kind == "hint"
    assert table.scene.status.text.startswith("Hint:")
    assert table.scene.hinted
    assert table.match.actions == ["draw"]


def test_ambiguous_wilds_open_a_chooser() -> None:
    hands = ["7H 8H JK 5S 5D 5C KS QD 2C 3D", "AS 2S 3S 4H 6C 8C 10D JD JS 9C"]
    table = Table(table_match("standard", hands, "10C", upcard="KD", jokers=2))
    table.click(table.scene.layout.stock.centre)
    table.select("7H", "8H", "JK")
    table.drag(table.grab_point("8H"), table.open_table())
    chooser = table.scene.overlay
    assert isinstance(chooser, Chooser) and len(chooser.choices) == 2
    assert table.match.round.table == []
    table.key(pygame.K_2)
    assert table.scene.overlay is None
    assert table.match.actions[-1] in ("meld 7H 8H JK=9H", "meld JK=9H 7H 8H", "meld 7H 8H JK=6H")
    assert len(table.match.round.table) == 1


def test_dropping_a_natural_card_on_the_wild_it_stands_for_swaps() -> None:
    hands = ["7H 8H JK 9H 5D 5C KS QD 2C 3D", "AS 2S 3S 4H 6C 8C 10D JD JS 9C"]
    table = Table(
        table_match("standard", hands, "10C", "KD", ["draw", "meld 7H 8H JK=9H"], jokers=2)
    )
    meld = table.match.round.table[0]
    k = next(i for i, p in enumerate(meld.pieces) if p.wild)
    joker = table.scene.placement.meld_layout.cards[0][k]
    table.drag(table.grab_point("9H"), (joker.x + 6, joker.y + joker.h // 2))
    assert table.match.actions[-1] == "swap 9H m1"
    assert Face.parse("JK") in [c.face for c in table.scene.view.hand]


def go_out(bot_hand: str) -> Table:
    """Seat 0 melds everything and goes out in one with the discard."""
    table = Table(table_match("classic", ["7H 8H 9H 10H 5S 5D 5C 2C 3C 4C", bot_hand], "KS", "KD"))
    table.key(pygame.K_d)
    for meld in ("meld 7H 8H 9H 10H", "meld 5S 5D 5C", "meld 2C 3C 4C"):
        table.scene.play(parse(meld), table.now)
    table.drag(table.grab_point("KS"), table.scene.layout.discard.centre)
    return table


def test_going_out_shows_the_score_sheet_then_the_next_round() -> None:
    table = go_out("AS 2S 3S 4H 2D 3D AD 2H 3H 4D")
    sheet = table.scene.overlay
    assert isinstance(sheet, SheetOverlay) and sheet.sheet.match_title is None
    mine, bots = sheet.sheet.rows
    assert mine.points == 50 and mine.why == "collects 25, doubled: out in one"
    assert len(bots.hand) == 10 and bots.why == "10 cards, 25 points"  # the bot's hand revealed
    assert len(sheet.table) == 3  # the final table stays in view
    table.step(5)
    assert table.match.round.number == 2 and len(table.match.actions) == 5  # bots wait
    table.click((10, 10))
    assert table.scene.overlay is None


def test_the_match_end_names_the_winner_then_offers_play_again_or_a_new_game() -> None:
    table = go_out("AS 2S 3S 4H 6C 8C 10D JD JS 9C")
    sheet = table.scene.overlay
    assert isinstance(sheet, SheetOverlay)
    assert sheet.sheet.match_title == "P0 won the match!"
    assert sheet.sheet.rows[0].total == 126
    assert table.scene.renderer.turn_text() == "Match over"  # never "Bot1: round over"
    table.click((20, 20))  # a stray click does nothing
    assert table.scene.overlay is sheet
    table.key(pygame.K_ESCAPE)  # the menu, and back
    assert isinstance(table.scene.overlay, Menu)
    table.key(pygame.K_ESCAPE)
    assert table.scene.overlay is sheet
    old = table.match
    table.key(pygame.K_RETURN)  # Enter: play again, the same seats and rules
    new = table.match
    assert new is not old and not new.over and new.actions == []
    assert new.rules == old.rules and new.players == old.players
    assert table.scene.overlay is None


def test_escape_opens_the_menu_and_quit_asks_to_leave(table: Table) -> None:
    table.key(pygame.K_ESCAPE)
    assert isinstance(table.scene.overlay, Menu)
    labels = [c for c, _ in table.scene.overlay.entries(table.scene)]
    table.key(pygame.K_1 + labels.index("quit"))
    assert isinstance(table.scene.overlay, Confirm) and not table.scene.wants_quit
    table.key(pygame.K_1)  # Leave
    assert table.scene.wants_quit
    assert not table.app.running


def test_an_exception_in_a_frame_is_reported_not_raised(table: Table) -> None:
    def broken(now: int) -> None:
        raise RuntimeError("boom")

    table.scene.update = broken  # type: ignore[method-assign]
    table.step()
    assert table.scene.status.kind == "error" and "boom" in table.scene.status.text
    table.click(table.scene.layout.stock.centre)
    assert table.match.actions == ["draw"]


def test_the_table_lays_out_again_when_the_window_is_resized(table: Table) -> None:
    table.post(pygame.VIDEORESIZE, w=1024, h=640, size=(1024, 640))
    table.step()
    assert table.scene.layout.size == (1024, 640)
    table.click(table.scene.layout.stock.centre)
    assert table.match.actions == ["draw"]


def test_a_bot_that_fails_is_reported_and_the_game_goes_on() -> None:
    def broken(view: PlayerView, level: str) -> A.Action:
        raise RuntimeError("bot bug")

    table = Table(table_match("classic", HANDS, "10H KH", upcard="KD"))
    table.scene.bots = BotRunner(inline=True, chooser=broken)
    table.click(table.scene.layout.stock.centre)
    table.drag(table.grab_point("KS"), table.scene.layout.discard.centre)
    table.settle()
    assert table.match.actions[2] == "draw"  # the first legal action stands in
    assert table.scene.status.kind == "error" and "bot bug" in table.scene.status.text


def test_an_illegal_bot_answer_is_refused_by_the_model() -> None:
    def cheat(view: PlayerView, level: str) -> A.Action:
        return A.parse("discard 7H")  # not even in the bot's hand

    table = Table(table_match("classic", HANDS, "10H KH", upcard="KD"))
    table.scene.bots = BotRunner(inline=True, chooser=cheat)
    table.click(table.scene.layout.stock.centre)
    table.drag(table.grab_point("KS"), table.scene.layout.discard.centre)
    table.settle()
    assert "discard 7H" not in table.match.actions
    assert table.match.actions[2] == "draw"
    assert table.scene.status.text.startswith("Bot1 tried discard 7H")


def test_laying_off_an_ambiguous_wild_asks_which_end() -> None:
    hands = ["7H 8H 9H JK 5D 5C KS QD 2C 3D", "AS 2S 3S 4H 6C 8C 10D JD JS 9C"]
    table = Table(table_match("standard", hands, "10C", "KD", ["draw", "meld 7H 8H 9H"], jokers=2))
    box = table.scene.placement.meld_layout.boxes[0]
    table.drag(table.grab_point("JK"), box.centre)
    chooser = table.scene.overlay
    assert isinstance(chooser, Chooser)
    texts = [label for _, label in chooser.entries(table.scene)]
    assert any("Joker=6♥" in t for t in texts) and any("Joker=10♥" in t for t in texts)
    table.key(pygame.K_ESCAPE)  # cancel: nothing changes, the card glides home
    assert table.scene.overlay is None and table.match.actions[-1] == "meld 7H 8H 9H"
    assert table.scene.anim.busy


def test_a_rubber_band_selects_the_cards_it_touches(table: Table) -> None:
    hand = table.scene.placement.hand
    first, third = hand[0][1], hand[2][1]
    start = (first.x - 30, first.y - 40)
    table.drag(start, (third.x + 10, third.y + 30))
    assert table.scene.selected == {c for c, _ in hand[:3]}
    table.post(pygame.MOUSEBUTTONDOWN, pos=start, button=1, mod=pygame.KMOD_SHIFT)
    table.post(pygame.MOUSEBUTTONUP, pos=start, button=1, mod=pygame.KMOD_SHIFT)
    table.step()
    assert len(table.scene.selected) == 3  # a shift-click on the felt keeps the selection
    table.click(start)
    assert not table.scene.selected


def test_right_click_on_the_discard_pile_spreads_it_out(table: Table) -> None:
    table.click(table.scene.layout.discard.centre, button=3)
    assert isinstance(table.scene.overlay, PileViewer)
    table.key(pygame.K_ESCAPE)
    assert table.scene.overlay is None and table.match.actions == []


def test_with_two_humans_the_table_turns_to_the_seat_to_move_after_a_hand_over() -> None:
    table = Table(table_match("classic", HANDS, "10H KH", upcard="KD", bot_seats=()))
    assert isinstance(table.scene.overlay, HandOver) and table.scene.curtain == 0
    table.take_over()  # the first player has the screen
    table.key(pygame.K_d)
    table.drag(table.grab_point("KS"), table.scene.layout.discard.centre)
    assert isinstance(table.scene.overlay, HandOver) and table.scene.curtain == 1
    table.take_over()
    assert table.scene.me == 1
    assert {str(c) for c in table.scene.view.hand} == set(HANDS[1].split())


def test_marks_hang_under_the_cards_and_hide_nothing_printed_on_them() -> None:
    # the joker stands for 9H (a gold tag); Bot1 laid off the 10H (a dot in Bot1's colour)
    hands = ["7H 8H JK 9H 5D 5C KS QD 2C 3D", "AS 2S 3S 10H 6C 8C 10D JD JS 9C"]
    actions = ["draw", "meld 7H 8H JK=9H", "discard 3D", "draw", "meld AS 2S 3S"]
    actions += ["layoff 10H m1", "discard 9C"]
    table = Table(table_match("standard", hands, "10C KC QC", "KD", actions, jokers=2))
    table.step()
    surface = pygame.display.get_surface()
    place = table.scene.placement
    i = next(n for n, m in enumerate(place.melds) if m.owner == 0)
    meld, rects, foot_h = place.melds[i], place.meld_layout.cards[i], place.meld_layout.foot_h
    assert foot_h >= 20
    for k in (2, 3):  # the joker (its visible strip) and the laid-off 10H (all of it)
        rect = rects[k]
        right = rects[k + 1].x if k + 1 < len(rects) else rect.right
        face = table.scene.deck.face(meld.pieces[k].card.face, rect.w)
        for x in range(rect.x + 3, right - 3, 3):
            for y in range(rect.y + 3, rect.bottom - 3, 3):
                assert surface.get_at((x, y))[:3] == face.get_at((x - rect.x, y - rect.y))[:3]

    def colours_under(k: int) -> set[tuple[int, ...]]:
        rect = rects[k]
        return {
            tuple(surface.get_at((x, y))[:3])
            for x in range(rect.x, rect.x + 2 * foot_h)
            for y in range(rect.bottom, rect.bottom + foot_h)
        }

    def near(colour: tuple[int, ...], found: set[tuple[int, ...]]) -> bool:
        return any(all(abs(a - b) <= 16 for a, b in zip(colour, c, strict=True)) for c in found)

    assert near(theme.GOLD, colours_under(2))
    assert near(theme.seat_colour(1), colours_under(3))


def test_undo_puts_cards_back_where_they_stood_in_the_hand() -> None:
    table = Table(table_match("classic", HANDS, "10H KH", upcard="KD"))
    table.key(pygame.K_d)
    before = list(table.scene.order)
    table.select("7H", "8H", "9H")
    table.drag(table.grab_point("8H"), table.open_table())
    assert len(table.match.round.table) == 1
    table.key(pygame.K_u)
    assert table.match.round.table == []
    assert table.scene.order == before


def test_a_long_status_opens_whole_and_is_never_cut(table: Table) -> None:
    words = "a reason that goes on and on " * 12 + "THE END"
    table.scene.say(words, "refused")
    table.step()
    surface = pygame.display.get_surface()
    rect = table.scene.layout.status
    # the panel rises over the table: rows above the status line now hold its text
    above = {tuple(surface.get_at((x, rect.y - 8))[:3]) for x in range(rect.x + 8, rect.right - 8)}
    assert len(above) > 3, "the long status did not open upwards"
    from ui.look import theme

    lines = theme.wrap(words, round(table.scene.layout.info.h * 0.62), rect.w - 16, True)
    assert " ".join(lines) == words and "…" not in "".join(lines)


def test_a_wild_card_in_the_hand_carries_its_gold_badge() -> None:
    hands = ["7H 8H JK 5S 5D 5C KS QD 2C 3D", "AS 2S 3S 4H 6C 8C 10D JD JS 9C"]
    table = Table(table_match("standard", hands, "10C", upcard="KD", jokers=2))
    table.step()
    surface = pygame.display.get_surface()

    def gold_low_on(text: str) -> int:
        rect = table.rect(text)
        size = max(12, rect.w // 5)
        return sum(
            1
            for x in range(rect.x + 3, rect.x + 3 + size)
            for y in range(rect.bottom - size - 4, rect.bottom - 4)
            if all(
                abs(a - b) <= 30
                for a, b in zip(surface.get_at((x, y))[:3], (248, 200, 70), strict=True)
            )
        )

    assert gold_low_on("JK") > 20  # the joker is wild here: the badge is on it
    assert gold_low_on("7H") == 0  # a natural card has none

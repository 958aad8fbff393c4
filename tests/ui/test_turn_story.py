"""Following the game: the turn log, the marks on what is new and the one-line summary,
driven through the app's loop while bots play a whole cycle."""

from __future__ import annotations

import dataclasses

import pygame
import pytest

from game import actions as A
from game.cards import Card
from game.rules import preset
from game.story import round_story
from tests.ui.harness import Table, table_match
from ui.table.handover import HandOver
from ui.table.log_panel import LogPanel
from ui.table.rewind_view import RewindView
from ui.text.words import card_text, header_lines, turn_text

# Classic, three players, one deck (every face is one card): seat 0 is human, 1 and 2 bots.
HANDS = ["2C 4D 6S 8C 10D QH KS", "7H 8H 9H 5S 5D 5C KD", "AS 2S 3S JD QC 9D 4H"]
STOCK = "10H KH 2H 3H 4S 7S 8S 9S 10S JS QS 6H 7C 8D 9C"


def cycle() -> tuple[Table, set[Card], set[Card]]:
    """Seat 0 draws and discards; the bots play until it is seat 0's turn again. Returns the
    table, the table's cards when seat 0's turn ended, and the cards the bots drew blind."""
    table = Table(table_match("classic", HANDS, STOCK, upcard="6D", bot_seats=(1, 2)))
    table.key(pygame.K_d)
    table.drag(table.grab_point("KS"), table.scene.layout.discard.centre)
    before = {p.card for m in table.match.round.table for p in m.pieces}
    drawn: set[Card] = set()
    for _ in range(400):
        if table.match.current == 0:
            break
        rnd = table.match.round
        stock_top = rnd.stock[-1] if rnd.stock else None
        history = len(rnd.history)
        table.step()
        if len(rnd.history) > history and rnd.history[history][1] == "draw":
            assert stock_top is not None
            drawn.add(stock_top)
    assert table.match.current == 0, "the bots did not finish their turns"
    return table, before, drawn


def test_after_a_bot_cycle_the_log_marks_and_summary_tell_what_each_bot_did() -> None:
    table, before, _ = cycle()
    scene = table.scene
    # the marks: exactly the table's cards that arrived since seat 0's turn, in their colours
    now = {p.card: p.by for m in scene.view.table for p in m.pieces}
    assert scene.marked == {c: by for c, by in now.items() if c not in before}
    assert scene.marked, "the bots put nothing down: the deal should make them meld"
    assert set(scene.marked.values()) <= {1, 2}
    # the summary names every bot that did something, in words
    assert scene.news.startswith("Bot1 opened (2 melds)"), scene.news
    assert "Bot2" in scene.news
    # the log: a line per turn, the draws nameless
    table.key(pygame.K_g)
    panel = scene.overlay
    assert isinstance(panel, LogPanel)
    lines = [turn_text(t, scene.match.players) for t in scene.story]
    assert lines[0].startswith("P0: drew from the stock · discarded K♠")
    assert any(line.startswith("Bot1: drew from the stock · melded") for line in lines)
    table.key(pygame.K_g)
    assert scene.overlay is None


def test_no_card_drawn_blind_ever_shows_in_the_log() -> None:
    table, _, drawn = cycle()
    scene = table.scene
    text = " ".join(turn_text(t, scene.match.players) for t in scene.story)
    public = set()
    for turn in round_story(scene.view.history, scene.view.upcard):
        for step in turn.steps:
            a = step.action
            public |= set(getattr(a, "cards", ())) | {getattr(a, "card", None), step.card}
    hidden = {c for c in drawn if c.face not in public}
    assert drawn, "nobody drew from the stock"
    for card in hidden:
        assert card_text(card.face) not in text, f"{card} drawn blind shows in the log"
    assert text.count("drew from the stock") == sum(1 for _, t in scene.view.history if t == "draw")


@pytest.mark.parametrize(
    ("name", "options", "scored", "want"),
    [
        ("classic", {}, 0, ("Round 1", "first to 100")),
        ("hand", {}, 2, ("Round 3 of 7", "lowest total wins")),
        ("hand", {}, 7, ("Round 8: tie-break", "lowest total wins")),
        (
            "classic",
            {"match_end": "rounds", "target": 5},
            0,
            ("Round 1 of 5", "highest total wins"),
        ),
        ("standard", {"match_end": "elimination"}, 0, ("Round 1", "out at 100")),
        ("romme", {}, 0, ("Round 1", "ends at 500, lowest total wins")),
    ],
)
def test_the_header_says_the_round_and_how_the_match_ends(
    name: str, options: dict[str, object], scored: int, want: tuple[str, str]
) -> None:
    rules = dataclasses.replace(preset(name, players=2), **options)
    assert header_lines(rules, scored + 1, scored) == want


def test_the_hand_over_recaps_what_happened_since_that_players_turn() -> None:
    table = Table(table_match("classic", HANDS, STOCK, upcard="6D", bot_seats=(2,)))
    table.take_over()
    table.key(pygame.K_d)
    table.drag(table.grab_point("KS"), table.scene.layout.discard.centre)  # to P1, behind a curtain
    over = table.scene.overlay
    assert isinstance(over, HandOver) and over.seat == 1
    assert over.recap(table.scene) == "P0 discarded K♠"
    table.take_over()
    table.key(pygame.K_d)
    for meld in ("meld 7H 8H 9H", "meld 5S 5D 5C"):
        table.scene.play(A.parse(meld), table.now)
    table.drag(table.grab_point("KD"), table.scene.layout.discard.centre)
    over = table.scene.overlay  # the bot plays once P0 has the screen
    assert isinstance(over, HandOver) and over.seat == 0
    assert over.recap(table.scene) == "P1 opened (2 melds)"  # the discard is not news beside it


def test_with_pause_after_each_bot_turn_the_next_bot_waits_for_space() -> None:
    table = Table(table_match("classic", HANDS, STOCK, upcard="6D", bot_seats=(1, 2)))
    table.scene.settings.pause_bots = True
    table.key(pygame.K_d)
    table.drag(table.grab_point("KS"), table.scene.layout.discard.centre)
    for _ in range(300):
        if table.scene.bot_turns.waiting:
            break
        table.step()
    assert table.scene.bot_turns.waiting and table.match.current == 2
    assert table.scene.status.text.startswith("Bot1's turn is over")
    moves = len(table.match.actions)
    table.step(100)  # Bot2 waits, however long
    assert len(table.match.actions) == moves
    table.key(pygame.K_SPACE)
    for _ in range(300):
        if table.match.current == 0:
            break
        table.step()
    assert table.match.current == 0 and not table.scene.bot_turns.waiting  # no pause before P0


def test_skip_goes_through_the_pauses() -> None:
    table = Table(table_match("classic", HANDS, STOCK, upcard="6D", bot_seats=(1, 2)))
    table.scene.settings.pause_bots = True
    table.key(pygame.K_d)
    table.drag(table.grab_point("KS"), table.scene.layout.discard.centre)
    table.step()
    table.key(pygame.K_SPACE)  # skip while Bot1 is to move: no pause after its turn
    for _ in range(300):
        if table.match.current == 0:
            break
        table.step()
    assert table.match.current == 0


def test_the_round_just_ended_can_be_watched_again_step_by_step() -> None:
    hands = ["7H 8H 9H 10H 5S 5D 5C 2C 3C 4C", "AS 2S 3S 4H 2D 3D AD 2H 3H 4D"]
    table = Table(table_match("classic", hands, "KS", "KD"))
    table.key(pygame.K_d)
    for meld in ("meld 7H 8H 9H 10H", "meld 5S 5D 5C", "meld 2C 3C 4C"):
        table.scene.play(A.parse(meld), table.now)
    table.drag(table.grab_point("KS"), table.scene.layout.discard.centre)
    sheet = table.scene.overlay
    table.key(pygame.K_w)
    view = table.scene.overlay
    assert isinstance(view, RewindView)
    assert view.caption(table.scene).startswith("Step 5 of 5 · P0: discarded K♠")
    table.key(pygame.K_HOME)
    assert view.caption(table.scene) == "Step 0 of 5 · as dealt"
    assert [len(h) for h in view.frames[0].hands] == [10, 10]  # every hand, shown
    table.key(pygame.K_RIGHT)
    assert view.caption(table.scene) == "Step 1 of 5 · P0: drew from the stock"
    table.key(pygame.K_LEFT)
    table.key(pygame.K_LEFT)  # never before the deal
    assert view.at == 0
    table.step()
    table.key(pygame.K_ESCAPE)
    assert table.scene.overlay is sheet  # back to the score sheet

"""Pass-and-play: after every hand-over, no frame draws a card of the other human's hand.

Every card face the drawing code asks for (ui.look.sprites.Deck.face: hand, melds, piles,
seats, sheet, pile viewer, cards in flight) is recorded, and the still-table cache is
thrown away before each frame, so whatever a frame shows is recorded.
"""

from __future__ import annotations

from collections.abc import Iterator

import pygame
import pytest

from game.actions import parse
from game.cards import Face
from game.match import Match
from tests.ui.harness import Table, table_match
from ui.look.sprites import Deck
from ui.table.handover import HandOver
from ui.table.overlays import SheetOverlay

# Seat 0 (Anna) and seat 1 (Ben) are human, seat 2 a bot; seat 0 starts. Classic, one deck:
# every face is one physical card.
HANDS = ["7H 8H 9H 5S 5D KS QD", "AS 2S 3S 4H 6C 8C 10D", "JD JS 9C 2D 3C 4C 6D"]
STOCK = "10H KH 2H 3H 4S 6S 7S 8S 9S 10S QS"


class Seen:
    """Every face drawn since the last `clear`."""

    def __init__(self) -> None:
        self.faces: list[Face] = []

    def clear(self) -> None:
        self.faces = []


@pytest.fixture
def seen(monkeypatch: pytest.MonkeyPatch) -> Iterator[Seen]:
    """Record every card face the drawing code asks the deck for."""
    record = Seen()
    original = Deck.face

    def face(self: Deck, face: Face, width: int) -> pygame.Surface:
        record.faces.append(face)
        return original(self, face, width)

    monkeypatch.setattr(Deck, "face", face)
    yield record


def frames(table: Table, count: int = 4) -> None:
    """Frames drawn from scratch (no cached still table)."""
    for _ in range(count):
        table.scene.renderer.drawn = None
        table.step()


def hand_of(match: Match, seat: int) -> set[Face]:
    return {c.face for c in match.round.hands[seat]}


def two_humans() -> Table:
    match = table_match("classic", HANDS, STOCK, upcard="KD", bot_seats=(2,))
    return Table(match)


def test_the_match_starts_behind_a_hand_over_that_draws_no_card(seen: Seen) -> None:
    table = two_humans()
    assert isinstance(table.scene.overlay, HandOver) and table.scene.curtain == 0
    seen.clear()
    frames(table)
    assert seen.faces == []
    table.take_over()
    frames(table)
    assert set(seen.faces) & hand_of(table.match, 1) == set()
    assert set(seen.faces) >= hand_of(table.match, 0)


def test_after_each_hand_over_only_the_new_players_hand_is_drawn(seen: Seen) -> None:
    table = two_humans()
    table.take_over()  # Anna has the screen
    table.key(pygame.K_d)
    table.select("7H", "8H", "9H")
    table.drag(table.grab_point("8H"), table.open_table())
    table.drag(table.grab_point("KS"), table.scene.layout.discard.centre)
    assert table.scene.curtain == 1  # the turn passed to Ben: the table is hidden at once
    seen.clear()
    frames(table)
    assert seen.faces == []
    table.take_over()  # Ben is ready
    assert table.scene.me == 1
    seen.clear()
    frames(table)
    anna = hand_of(table.match, 0)
    assert set(seen.faces) & anna == set()
    # undo and hints show nothing of Anna's either
    table.key(pygame.K_d)
    table.select("AS", "2S", "3S")
    table.drag(table.grab_point("2S"), table.open_table())
    table.key(pygame.K_u)
    table.key(pygame.K_h)
    table.step(3)
    frames(table)
    assert set(seen.faces) & anna == set()
    assert {c.face for c in table.scene.hinted} <= hand_of(table.match, 1)
    # Ben discards: the bot's turn waits behind the hand-over to Anna
    table.drag(table.grab_point("10D"), table.scene.layout.discard.centre)
    assert table.scene.curtain == 0 and table.match.current == 2
    seen.clear()
    frames(table)
    assert seen.faces == []
    table.take_over()
    table.settle()
    assert table.match.current == 0
    frames(table)
    assert set(seen.faces) & hand_of(table.match, 1) == set()


def test_a_new_round_starts_behind_a_hand_over_after_the_reveal(seen: Seen) -> None:
    hands = ["7H 8H 9H 10H 5S 5D 5C 2C 3C 4C", "AS 2S 3S 4H 2D 3D AD 2H 3H 4D"]
    table = Table(table_match("classic", hands, "KS", "KD", bot_seats=()))
    table.take_over()
    table.key(pygame.K_d)
    for meld in ("meld 7H 8H 9H 10H", "meld 5S 5D 5C", "meld 2C 3C 4C"):
        table.scene.play(parse(meld), table.now)
    table.drag(table.grab_point("KS"), table.scene.layout.discard.centre)
    assert isinstance(table.scene.overlay, SheetOverlay)  # the round's end reveals every hand
    table.click((20, 20))
    assert isinstance(table.scene.overlay, HandOver)
    seen.clear()
    frames(table)
    assert seen.faces == []
    seat = table.scene.curtain
    table.take_over()
    frames(table)
    assert set(seen.faces) & hand_of(table.match, 1 - seat) == set()


def test_one_human_with_bots_never_sees_a_hand_over() -> None:
    table = Table(table_match("classic", HANDS, STOCK, upcard="KD", bot_seats=(1, 2)))
    assert table.scene.curtain is None and table.scene.overlay is None
    table.key(pygame.K_d)
    table.drag(table.grab_point("KS"), table.scene.layout.discard.centre)
    table.settle()
    assert table.scene.curtain is None and table.scene.me == 0

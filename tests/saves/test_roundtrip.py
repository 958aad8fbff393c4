"""Save and open again: the same match for every seat, the same legal actions, undo intact."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from game.cards import Card
from game.match import Match, Player
from game.playout import GreedyRandom
from game.record import save as record_of
from game.rules import preset
from game.view import view_for
from saves import Loaded, new_slot, open_save, write_save
from saves.orders import card_text, parse_card
from tests.saves.support import finished, new_match, play_until, undo_pending

PRESETS: list[tuple[str, int, dict[str, Any]]] = [
    ("hand", 4, {"target": 2}),
    ("classic", 2, {}),
    ("romme", 3, {}),
    ("standard", 5, {}),
]


def reopen(match: Match, orders: dict[int, list[Card]] | None = None) -> Loaded:
    """Save a match into the test home and open it again."""
    slot = new_slot(match, "round trip")
    write_save(slot, match, orders)
    loaded = open_save(slot.path)
    assert isinstance(loaded, Loaded), loaded
    return loaded


def same_for_every_seat(a: Match, b: Match) -> None:
    for seat in range(a.rules.players):
        assert view_for(a, seat) == view_for(b, seat)
    assert a.legal() == b.legal()
    assert a.actions == b.actions and a.totals == b.totals and a.over == b.over


@pytest.mark.parametrize(("name", "players", "options"), PRESETS)
@pytest.mark.parametrize("stop", [0, 1, 40, 250])
def test_reopened_match_looks_the_same_to_every_seat(
    name: str, players: int, options: dict[str, Any], stop: int
) -> None:
    match = play_until(new_match(name, players, **options), lambda m: len(m.actions) >= stop)
    loaded = reopen(match)
    same_for_every_seat(match, loaded.match)
    assert loaded.notes == () and loaded.check_ok


@pytest.mark.parametrize(("name", "players", "options"), PRESETS)
def test_finished_match_reopens_finished(name: str, players: int, options: dict[str, Any]) -> None:
    match = finished(name, players, **options)
    loaded = reopen(match)
    assert loaded.match.over and loaded.match.winners == match.winners
    same_for_every_seat(match, loaded.match)


@pytest.mark.parametrize("rounds", [1, 3])
def test_undo_still_possible_after_reopening(rounds: int) -> None:
    match = play_until(new_match(), lambda m: m.round.number >= rounds and undo_pending(m))
    loaded = reopen(match).match
    assert loaded.round.can_undo
    match.apply("undo")
    loaded.apply("undo")
    same_for_every_seat(match, loaded)


def test_resumed_match_plays_on_and_saves_again() -> None:
    match = play_until(new_match("classic", 2), lambda m: len(m.actions) >= 30)
    loaded = reopen(match)
    resumed, policy = loaded.match, GreedyRandom(9)
    for _ in range(20):
        resumed.apply(policy.choose(resumed))
    write_save(loaded.slot, resumed)
    again = open_save(loaded.slot.path)
    assert isinstance(again, Loaded)
    same_for_every_seat(resumed, again.match)
    assert again.slot == loaded.slot


@pytest.mark.parametrize("level", ["easy", "medium", "hard", "expert"])
def test_every_offered_bot_level_is_kept_through_a_save(level: str) -> None:
    seats = [Player("Ann", "human"), Player("Ben", "bot", level), Player("Cy", "bot", "hard")]
    match = play_until(Match(preset("romme", players=3), seats, 11), lambda m: len(m.actions) >= 20)
    loaded = reopen(match)
    assert [p.level for p in loaded.match.players] == [None, level, "hard"]
    assert loaded.notes == () and loaded.check_ok
    same_for_every_seat(match, loaded.match)


def test_hand_order_is_kept_exactly() -> None:
    match = play_until(new_match(), lambda m: len(m.actions) >= 10)
    order = list(reversed(match.round.hands[0]))
    loaded = reopen(match, {0: order})
    assert loaded.orders == {0: order}


def test_hand_order_drops_gone_cards_and_appends_new_ones() -> None:
    match = play_until(new_match(), lambda m: len(m.actions) >= 10)
    hand = match.round.hands[0]
    gone = parse_card("JK#5")  # not in any deck of this match
    stored = [hand[3], gone, hand[1], hand[3]]
    loaded = reopen(match, {0: stored})
    expected = [hand[3], hand[1]] + [c for c in hand if c not in (hand[1], hand[3])]
    assert loaded.orders[0] == expected


def test_copies_of_a_card_are_told_apart() -> None:
    card = parse_card("7H#1")
    assert card_text(card) == "7H#1" and card.copy == 1
    assert parse_card(card_text(parse_card("JK#0"))) == parse_card("jk#0")
    for bad in ("7H", "7H#", "7H#x", "7H#99", "ZZ#0", "#1"):
        with pytest.raises(ValueError):
            parse_card(bad)


def test_a_save_is_a_record_that_replay_reads(home: Path) -> None:
    match = play_until(new_match("classic", 2), lambda m: len(m.actions) >= 12)
    slot = new_slot(match, "record")
    write_save(slot, match)
    data = json.loads(slot.path.read_text(encoding="utf-8"))
    assert {k: v for k, v in data.items() if k != "save"} == record_of(match)
    assert data["save"]["version"] == 1 and data["save"]["name"] == "record"


def test_a_plain_record_opens_as_a_save(home: Path) -> None:
    match = play_until(new_match("romme", 3), lambda m: len(m.actions) >= 12)
    path = home / "data" / "saves" / "plain.json"
    path.parent.mkdir(parents=True)
    path.write_text(json.dumps(record_of(match)), encoding="utf-8")
    loaded = open_save(path)
    assert isinstance(loaded, Loaded)
    same_for_every_seat(match, loaded.match)
    assert loaded.slot.path == path and loaded.slot.id == "plain"

"""The score sheet says why each player scored what they did (RULES §7)."""

from __future__ import annotations

from game.cards import Card, Face
from game.match import Player, RoundResult
from game.rules import Rules, preset
from game.scoring import round_scores
from game.state import RoundEnd
from ui.table.scoresheet import round_sheet

PLAYERS = [Player("Ann"), Player("Ben"), Player("Carla"), Player("Dev")]


def result(
    preset_name: str, winner: int, in_one: bool, values: list[int], opened: list[bool]
) -> tuple[Rules, RoundResult]:
    rules = preset(preset_name, players=len(values))
    hands = tuple(() if s == winner else (Card(Face.parse("KS"), 0),) for s in range(len(values)))
    end = RoundEnd("out", winner, in_one, hands, tuple(values), tuple(opened))
    scores = round_scores(rules, end, list(range(len(values))))
    return rules, RoundResult(1, 0, end, tuple(scores))


def whys(
    preset_name: str, winner: int, in_one: bool, values: list[int], opened: list[bool]
) -> list[str]:
    rules, res = result(preset_name, winner, in_one, values, opened)
    sheet = round_sheet(res, rules, PLAYERS[: len(values)], [0] * len(values))
    return [row.why for row in sheet.rows]


def test_hand_scoring_names_going_out_cards_left_and_the_flat_hundred() -> None:
    assert whys("hand", 1, False, [32, 0, 100, 5], [True, True, False, True]) == [
        "1 card, 32 points",
        "went out",
        "never opened: flat 100",
        "1 card, 5 points",
    ]


def test_going_out_in_one_doubles_and_says_so() -> None:
    got = whys("hand", 0, True, [0, 20, 50, 7], [True, True, False, True])
    assert got == [
        "went out in one: doubled",
        "1 card, 20 points, doubled",
        "never opened: flat 200",
        "1 card, 7 points, doubled",
    ]


def test_winner_collects_names_what_the_winner_collects() -> None:
    rules, res = result("classic", 0, False, [0, 25], [True, False])
    sheet = round_sheet(res, rules, PLAYERS[:2], [25, 0])
    assert sheet.title == "Ann went out"
    assert [r.why for r in sheet.rows] == ["collects the others' cards: 25", "1 card, 25 points"]
    assert [r.points for r in sheet.rows] == [25, 0]


def test_the_match_end_names_the_winner() -> None:
    rules, res = result("classic", 0, True, [0, 63], [True, False])
    sheet = round_sheet(res, rules, PLAYERS[:2], [126, 0], winners=(0,), match_over=True)
    assert sheet.title == "Ann went out in one!"
    assert sheet.match_title == "Ann won the match!"


def test_egyptian_bonuses_are_named_with_the_factor() -> None:
    rules = preset("hand", players=3, egyptian_bonuses=True)
    hands = ((), (Card(Face.parse("KS"), 0),), (Card(Face.parse("KS"), 0),))
    end = RoundEnd(
        "out", 0, True, hands, (0, 10, 10), (True, True, False), ("wild_last", "one_colour")
    )
    res = RoundResult(1, 0, end, tuple(round_scores(rules, end, [0, 1, 2])))
    sheet = round_sheet(res, rules, PLAYERS[:3], [0, 0, 0])
    assert [r.points for r in sheet.rows] == [-240, 80, 800]
    assert [r.why for r in sheet.rows] == [
        "out in one ×8: wild last, one colour",
        "1 card, 10 points, ×8",
        "never opened: flat 800",
    ]

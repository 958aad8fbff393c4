"""Who wins a match (RULES §8), under every combination of scoring, match end and teams
that the rules accept, and statistics that agree with it (issue 13, fault 2)."""

from __future__ import annotations

import dataclasses
import itertools
import typing
from dataclasses import dataclass

import pytest

from game import actions as A
from game.bots import choose
from game.match import Match, RoundResult
from game.rules import PRESETS, MatchEnd, Rules, RulesError, Scoring, preset
from game.scoring import match_state
from game.view import view_for
from saves.stats import Statistics, record_match
from tests.helpers import deal, match

SCORINGS: tuple[str, ...] = typing.get_args(Scoring)
ENDS: tuple[str, ...] = typing.get_args(MatchEnd)
TEAMS = (False, True)
PLAYERS = 4  # every preset seats four, and teams need four
# a target the rules accept for each end: rounds for `rounds`, points otherwise
TARGET = {"target": 100, "elimination": 100, "penalty_limit": 100, "rounds": 3}


def _try(name: str, scoring: str, end: str, teams: bool) -> Rules | RulesError:
    try:
        return preset(
            name, players=PLAYERS, scoring=scoring, match_end=end, teams=teams, target=TARGET[end]
        )
    except RulesError as e:
        return e


ALL = {
    (name, scoring, end, teams): _try(name, scoring, end, teams)
    for name, scoring, end, teams in itertools.product(PRESETS, SCORINGS, ENDS, TEAMS)
}
ACCEPTED = {key: r for key, r in ALL.items() if isinstance(r, Rules)}
REFUSED = {key: r for key, r in ALL.items() if isinstance(r, RulesError)}


def _id(key: tuple[str, str, str, bool]) -> str:
    name, scoring, end, teams = key
    return f"{name}-{scoring}-{end}" + ("-teams" if teams else "")


def test_the_enumeration_covers_every_option_value_and_refuses_only_for_the_combination():
    assert {k[1] for k in ACCEPTED} == set(SCORINGS)
    assert {k[2] for k in ACCEPTED} == set(ENDS)
    assert {k[3] for k in ACCEPTED} == set(TEAMS)
    assert {k[0] for k in ACCEPTED} == set(PRESETS)
    for key, error in REFUSED.items():  # never refused by accident (a target out of range)
        assert "need" in str(error) and "target must be" not in str(error), (key, error)
    print(f"{len(ACCEPTED)} accepted of {len(ALL)} combinations")


# --- the table ------------------------------------------------------------------------------
#
# Each row: seat totals (with teams seats 0+2 and 1+3 are sides), scored rounds, the seats
# still in, and what must happen for each direction of the scoring: "high" where the best
# total is the highest (winner_collects: points are good), "low" where it is the lowest
# (penalty, hand). An outcome is (over, winners) or (over, winners, seats still in).

Outcome = tuple


@dataclass(frozen=True)
class Row:
    name: str
    totals: tuple[int, ...]
    expect: dict[str, Outcome]
    scored: int = 3
    active: tuple[int, ...] = (0, 1, 2, 3)


NOT_OVER: Outcome = (False, ())

ROWS: dict[tuple[str, bool], list[Row]] = {
    ("rounds", False): [
        Row("before the last round", (30, 10, 20, 40), {"high": NOT_OVER, "low": NOT_OVER}, 2),
        Row("after the last round", (30, 10, 20, 40), {"high": (True, (3,)), "low": (True, (1,))}),
        Row("bot collected 21", (0, 21, 5, 2), {"high": (True, (1,)), "low": (True, (0,))}),
        Row("tie for the highest", (40, 10, 20, 40), {"high": NOT_OVER, "low": (True, (1,))}),
        Row("tie for the lowest", (40, 10, 10, 25), {"high": (True, (0,)), "low": NOT_OVER}),
        Row(
            "rounds beyond the tie",
            (40, 10, 20, 41),
            {"high": (True, (3,)), "low": (True, (1,))},
            5,
        ),
        Row(
            "Hand's negative totals",
            (-60, 10, 120, -30),
            {"high": (True, (2,)), "low": (True, (0,))},
        ),
    ],
    ("rounds", True): [
        Row("before the last round", (30, 10, 25, 40), {"high": NOT_OVER, "low": NOT_OVER}, 2),
        Row("sides 55 and 50", (30, 10, 25, 40), {"high": (True, (0, 2)), "low": (True, (1, 3))}),
        Row("sides -30 and 53", (0, 31, -30, 22), {"high": (True, (1, 3)), "low": (True, (0, 2))}),
        Row("sides tie at 50", (30, 10, 20, 40), {"high": NOT_OVER, "low": NOT_OVER}),
    ],
    ("target", False): [
        Row("nobody there", (90, 50, 0, 0), {"high": NOT_OVER}),
        Row("first to reach", (100, 50, 0, 0), {"high": (True, (0,))}),
        Row("two reach: the highest", (120, 130, 0, 0), {"high": (True, (1,))}),
        Row("a tie at the top", (110, 110, 0, 0), {"high": NOT_OVER}),
    ],
    ("target", True): [
        Row("a side reaches it", (60, 0, 50, 0), {"high": (True, (0, 2))}),
        Row("no side there", (60, 40, 30, 50), {"high": NOT_OVER}),
    ],
    ("penalty_limit", False): [
        Row("nobody at the limit", (99, 20, 30, 40), {"low": NOT_OVER}),
        Row("one at the limit", (100, 20, 30, 40), {"low": (True, (1,))}),
        Row("a tie for lowest", (100, 20, 20, 40), {"low": NOT_OVER}),
        Row("negative totals", (-30, 120, 50, 60), {"low": (True, (0,))}),
    ],
    ("penalty_limit", True): [
        Row("side 0+2 at 110", (60, 20, 50, 10), {"low": (True, (1, 3))}),
        Row("both sides at 110", (60, 50, 50, 60), {"low": NOT_OVER}),
        Row("no side there", (40, 20, 50, 10), {"low": NOT_OVER}),
    ],
    ("elimination", False): [
        Row("all below", (50, 60, 70, 80), {"low": (False, (), (0, 1, 2, 3))}),
        Row("two out", (100, 50, 60, 120), {"low": (False, (), (1, 2))}),
        Row("the last below wins", (120, 100, 60, 150), {"low": (True, (2,))}),
        Row("all cross: lowest", (150, 110, 105, 130), {"low": (True, (2,))}, 3, (1, 2)),
        Row("all cross: a shared win", (150, 110, 110, 130), {"low": (True, (1, 2))}, 3, (1, 2)),
    ],
    ("elimination", True): [
        Row("side 0+2 out", (60, 20, 50, 10), {"low": (True, (1, 3))}),
        Row("both sides below", (40, 20, 50, 10), {"low": (False, (), (0, 1, 2, 3))}),
        Row("both cross: lowest", (60, 70, 45, 40), {"low": (True, (0, 2))}),
        Row("both cross: a draw", (60, 70, 50, 40), {"low": (True, (0, 1, 2, 3))}),
    ],
}


def direction(rules: Rules) -> str:
    """RULES §8: the best total is the highest under winner_collects, else the lowest."""
    return "high" if rules.scoring == "winner_collects" else "low"


CASES = [
    pytest.param(rules, row, id=f"{_id(key)}: {row.name}")
    for key, rules in ACCEPTED.items()
    for row in ROWS[(key[2], key[3])]
]


def test_every_accepted_combination_has_rows_for_its_direction():
    for key, rules in ACCEPTED.items():
        rows = ROWS[(key[2], key[3])]
        assert rows and all(direction(rules) in row.expect for row in rows), _id(key)
        assert any(row.expect[direction(rules)][0] for row in rows), _id(key)  # some end


@pytest.mark.parametrize(("rules", "row"), CASES)
def test_the_match_end_names_the_right_winner(rules: Rules, row: Row):
    expected = row.expect[direction(rules)]
    scored = row.scored if rules.match_end == "rounds" else 1  # TARGET: 3 rounds
    state = match_state(rules, list(row.totals), scored, list(row.active))
    assert (state.over, state.winners) == expected[:2]
    if len(expected) == 3:
        assert state.active == expected[2]


# --- the reported match: classic, one round, the bot goes out -----------------------------

BOT_OUT = "AS 2S 3S 4S 5S 6S 7S 8S 9S 10S"
HUMAN = "AH 2C 3D 4H 5C 6D 7H 8C 9D KH"  # 1+2+…+9 + 10 = 55


def _one_round_classic() -> Match:
    m = match(
        "classic",
        [deal([HUMAN, BOT_OUT], stock="JS", dealer=0, upcard="KD")],
        actions=["draw", "meld AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS"],
        match_end="rounds",
        target=1,
    )
    assert m.results[-1].end.winner == 1 and m.results[-1].scores == (0, 110)
    return m


def test_a_classic_match_of_one_round_is_won_by_the_seat_that_collected():
    m = _one_round_classic()
    assert m.over
    assert m.totals == [0, 110]
    assert m.winners == (1,)


def test_the_statistics_do_not_count_that_match_as_won_by_the_human():
    stats = Statistics()
    assert record_match(stats, _one_round_classic(), [0])
    entry = stats.of("classic")
    assert (entry.matches_played, entry.matches_won) == (1, 0)


# --- statistics agree with the winner under every combination ---------------------------


@dataclass(frozen=True)
class Finished:
    """What record_match reads of a finished match."""

    rules: Rules
    totals: list[int]
    winners: tuple[int, ...]
    results: tuple[RoundResult, ...] = ()
    over: bool = True


def _side_total(rules: Rules, totals: tuple[int, ...], seat: int) -> int:
    return totals[seat] + (totals[(seat + 2) % 4] if rules.teams else 0)


ENDING = [
    pytest.param(rules, row, id=f"{_id(key)}: {row.name}")
    for key, rules in ACCEPTED.items()
    for row in ROWS[(key[2], key[3])]
    if row.expect[direction(rules)][0]
]


@pytest.mark.parametrize(("rules", "row"), ENDING)
def test_statistics_count_the_win_and_the_best_total_of_the_match_winner(rules: Rules, row: Row):
    winners = row.expect[direction(rules)][1]
    finished = Finished(rules, list(row.totals), winners)
    for seat in range(PLAYERS):
        alone = Statistics()
        assert record_match(alone, finished, [seat])  # type: ignore[arg-type]
        assert alone.of(rules.preset).matches_won == (seat in winners), seat
    everyone = Statistics()
    record_match(everyone, finished, range(PLAYERS))  # type: ignore[arg-type]
    entry = everyone.of(rules.preset)
    # the best match total is the winner's (the side's, with teams); the worst the worst
    sides = [_side_total(rules, row.totals, s) for s in range(PLAYERS)]
    worst = min(sides) if direction(rules) == "high" else max(sides)
    assert (entry.best_match, entry.worst_match) == (sides[winners[0]], worst)


# --- the hard bot's idea of who leads a match of rounds -----------------------------------
#
# In the last rounds of a `rounds` match the hard bot holds an opening back (to go out in
# one) when it must catch up, and puts it down when it leads safely. Who leads follows
# the scoring: under winner_collects the higher total leads.


def _hard_bot_after_drawing(scoring: str, totals: tuple[int, int]) -> A.Action:
    m = match(
        "classic",
        [
            deal(
                ["6H 7H 8H 9H 5C 5D 5S KC JD 3S", "QC QD QS 2H 4D 6S 8C 10C AD 9S"],
                stock="2C 4S 7D",
                dealer=0,
                upcard="KH",
            )
        ],
        actions=["draw", "meld QC QD QS", "discard 2C", "draw"],  # the other seat has opened
        scoring=scoring,
        match_end="rounds",
        target=2,
        opening_min=30,
    )
    # seat 0 could open with 6-9♥ and three fives, four cards short of going out
    return choose(dataclasses.replace(view_for(m, 0), totals=totals), "hard")


@pytest.mark.parametrize(
    ("scoring", "totals", "holds"),
    [
        ("winner_collects", (0, 200), True),  # behind: try to go out in one
        ("winner_collects", (200, 0), False),  # safely ahead: open
        ("penalty", (200, 0), True),
        ("penalty", (0, 200), False),
    ],
)
def test_the_hard_bot_chases_only_when_behind_by_the_scoring(scoring, totals, holds):
    action = _hard_bot_after_drawing(scoring, totals)
    assert isinstance(action, A.Discard if holds else A.Meld), action

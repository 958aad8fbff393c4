"""A seat's chance to win the match (game/bots/standing.py), and the judge that weighs a
round's end by it."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.bots.expert import BUDGET
from game.bots.judge import Judge, Stakes
from game.bots.standing import pace_for, win_chance
from game.match import Match, Player
from game.rollout import Playout
from game.rules import PRESETS, preset
from game.scoring import round_scores


def _chance(name: str, totals: list[int], scored: int, seat: int = 0, players: int = 2) -> float:
    rules = preset(name, players=players)
    return win_chance(rules, pace_for(rules), totals, scored, list(range(players)), seat)


def test_a_match_the_rule_decides_is_won_or_lost() -> None:
    assert _chance("classic", [104, 60], 3) == 1.0  # reached the target first
    assert _chance("classic", [104, 60], 3, seat=1) == 0.0
    assert _chance("hand", [200, 350], 7) == 1.0  # the seventh round played: fewest points
    assert _chance("hand", [200, 350], 7, seat=1) == 0.0
    assert _chance("romme", [510, 300], 4) == 0.0  # over the limit: the fewest points win
    assert _chance("standard", [120, 40], 2) == 0.0  # out at 100: the other seat is left


@pytest.mark.parametrize("name", PRESETS)
def test_level_totals_are_an_even_chance(name: str) -> None:
    assert _chance(name, [30, 30], 1) == pytest.approx(0.5)


@settings(max_examples=60, deadline=None)
@given(
    name=st.sampled_from(PRESETS),
    mine=st.integers(0, 90),
    theirs=st.integers(0, 90),
    scored=st.integers(0, 5),
)
def test_the_two_chances_add_up_and_a_better_total_is_better(
    name: str, mine: int, theirs: int, scored: int
) -> None:
    """Two seats' chances add up to one, and more points are better exactly where the rules
    count points collected (RULES §8)."""
    a = _chance(name, [mine, theirs], scored)
    assert a + _chance(name, [mine, theirs], scored, seat=1) == pytest.approx(1.0)
    more = _chance(name, [mine + 5, theirs], scored)
    if name == "classic":
        assert more >= a
    else:
        assert more <= a


def test_a_lead_counts_for_more_as_the_match_runs_out() -> None:
    """The same lead of 100 in Hand: likelier to hold with one round to go than six."""
    assert _chance("hand", [100, 200], 6) > _chance("hand", [100, 200], 1) > 0.5
    # and in classic, the same lead nearer the target
    assert _chance("classic", [90, 60], 2) > _chance("classic", [40, 10], 2) > 0.5


def test_several_sides_share_the_chance() -> None:
    chances = [_chance("romme", [50, 50, 50, 50], 1, seat=s, players=4) for s in range(4)]
    assert chances[0] == pytest.approx(chances[3]) and chances[0] < 0.5
    ahead = _chance("romme", [0, 200, 200, 200], 1, players=4)
    behind = _chance("romme", [0, 200, 200, 200], 1, seat=1, players=4)
    assert ahead > 0.25 > chances[0] > behind


def test_a_finished_round_is_worth_the_chance_it_leaves() -> None:
    """With stakes, the judge values a round's end by the chance to win from the totals it
    leaves: the same round ended is worth more to the seat that scored than to the other,
    and winning it near the target wins the match outright."""
    rules = preset("classic", players=2)
    match = Match(rules, [Player("A", "bot", "hard"), Player("B", "bot", "hard")], 3)
    rnd = match.round.copy(random.Random(3))
    Playout(random.Random(3), BUDGET.hold, BUDGET.noise).run(rnd, 400)
    assert rnd.end is not None and rnd.end.winner is not None
    winner = rnd.end.winner
    scores = round_scores(rules, rnd.end, rnd.seats)
    for totals in ((0, 0), (60, 80)):
        stakes = Stakes(totals, 2, (0, 1))
        values = [Judge(s, rules, stakes=stakes)(rnd) for s in (0, 1)]
        after = [t + s for t, s in zip(totals, scores, strict=True)]
        assert values[winner] == pytest.approx(
            100 * win_chance(rules, pace_for(rules), after, 3, [0, 1], winner)
        )
        assert values[winner] > values[1 - winner]
        assert sum(values) == pytest.approx(100.0)
    totals = tuple(100 - scores[winner] if s == winner else 0 for s in (0, 1))
    near = Stakes(totals, 2, (0, 1))
    assert Judge(winner, rules, stakes=near)(rnd) == 100.0


def test_the_estimate_with_stakes_is_a_chance() -> None:
    """A round under way is judged as a mixture of its possible ends: a chance in percent."""
    rules = preset("hand", players=4)
    match = Match(rules, [Player(f"P{i}", "bot", "hard") for i in range(4)], 8)
    rnd = match.round.copy(random.Random(8))
    playout = Playout(random.Random(8), BUDGET.hold, BUDGET.noise)
    for _ in range(12):
        playout.turn(rnd)
    assert rnd.end is None
    stakes = Stakes((120, 300, 250, 200), 5, (0, 1, 2, 3))
    values = [Judge(s, rules, stakes=stakes).estimate(rnd) for s in range(4)]
    assert all(0.0 <= v <= 100.0 for v in values)
    assert values[0] == max(values)  # fewest points by far with two rounds to go

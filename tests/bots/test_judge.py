"""Expert's judge of a round (game/bots/judge.py): the end's match points, and an estimate
of a round still going on that predicts its end better than no estimate at all."""

from __future__ import annotations

import random

import pytest

from game.bots.expert import BUDGET
from game.bots.judge import SHAPES, Judge, Shape
from game.match import Match, Player
from game.rollout import Playout
from game.rules import preset
from game.scoring import round_scores

SEATS = {"classic": 2, "standard": 4, "hand": 4}
ROUNDS = {"classic": 100, "standard": 40, "hand": 20}  # about 3 s each
# the estimate's first shape: it counted every hand with nothing down as a likely double
FIRST = Shape(spread=0.7, later=0.0, dead=1.0, melded=0.5, in_one=1.0, their_in_one=1.0, blocked=2)


def _estimates(name: str, rounds: int, seed: int, shape: Shape) -> list[tuple[float, float]]:
    """(estimate, end value) for every seat at every turn start of seeded playout rounds."""
    players = SEATS[name]
    rules = preset(name, players=players)
    out = []
    for k in range(rounds):
        match = Match(rules, [Player(f"P{i}", "bot", "hard") for i in range(players)], seed + k)
        rnd = match.round.copy(random.Random(k))
        playout = Playout(random.Random(k), BUDGET.hold, BUDGET.noise)
        judges = [Judge(s, rules, shape) for s in range(players)]
        guesses = []
        while rnd.end is None and len(guesses) < 400:
            guesses.append([j.estimate(rnd) for j in judges])
            playout.turn(rnd)
        if rnd.end is not None:
            ends = [j(rnd) for j in judges]
            out += [(g[s], ends[s]) for g in guesses for s in range(players)]
    return out


def _r_squared(pairs: list[tuple[float, float]]) -> float:
    ends = [e for _, e in pairs]
    mean = sum(ends) / len(ends)
    variance = sum((e - mean) ** 2 for e in ends) / len(ends)
    return 1 - sum((g - e) ** 2 for g, e in pairs) / len(pairs) / variance


@pytest.mark.parametrize("name", sorted(SEATS))
def test_the_estimate_predicts_round_ends_better_than_none(name: str) -> None:
    """R² > 0: closer to how rounds end than a flat zero (the first shape was further off
    than zero in classic and Hand, R² about -0.8, and misled search that stopped early)."""
    seed = 5000
    got = _r_squared(_estimates(name, ROUNDS[name], seed, SHAPES[preset(name).scoring]))
    assert got > 0, f"{name} seed {seed}: R² {got:.3f}"


def test_the_first_shape_was_worse_than_no_estimate() -> None:
    """The measure above can fail: the first shape fails it in classic."""
    assert _r_squared(_estimates("classic", ROUNDS["classic"], 5000, FIRST)) < 0


def test_a_finished_round_is_worth_its_margin_in_match_points() -> None:
    rules = preset("classic", players=2)
    match = Match(rules, [Player("A", "bot", "hard"), Player("B", "bot", "hard")], 3)
    rnd = match.round.copy(random.Random(3))
    Playout(random.Random(3), BUDGET.hold, BUDGET.noise).run(rnd, 400)
    assert rnd.end is not None and rnd.end.winner is not None
    scores = round_scores(rules, rnd.end, rnd.seats)
    for seat in (0, 1):
        assert Judge(seat, rules)(rnd) == scores[seat] - scores[1 - seat]


def test_in_classic_each_seat_fears_the_others_double_more_than_it_counts_on_its_own() -> None:
    """A seat with nothing down that goes out does so in one (a double). Search weighs that
    fully where another seat goes out and at 0.4 for itself (SHAPES: weighing it fully for
    itself too lost -3.0 ± 2.6 points of win share against hard), so in a round where
    nobody has put anything down both seats' estimated margins are below the zero-sum
    split."""
    rules = preset("classic", players=2)
    for seed in range(1, 11):
        match = Match(rules, [Player("A", "bot", "hard"), Player("B", "bot", "hard")], seed)
        rnd = match.round
        assert not any(rnd.played_before)
        total = sum(Judge(seat, rules).estimate(rnd) for seat in (0, 1))
        assert total < 0, f"seed {seed}: {total}"

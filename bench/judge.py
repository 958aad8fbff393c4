"""How well expert's estimate of an unfinished round predicts its end, and its fitted shape.

    .venv/bin/python bench/judge.py                        # classic, standard and hand
    .venv/bin/python bench/judge.py --presets romme --rounds 600 --fit

Plays seeded rounds from the deal with the playout policy (game/rollout.py, which plays as
hard does; seats keep melds in hand as expert's playouts do), keeps a copy of the round at
the start of every turn, and the value of the round's end to every seat. It prints, per
preset, R² = 1 - (mean squared error) / (variance of the end values) of the estimate
(game/bots/judge.py) with the shape in ``SHAPES``; R² 0 is what a flat zero scores. With
``--fit`` it fits the shape by coordinate descent over a grid of each field, minimising
the mean squared error, and prints the best shape found (copy it to ``SHAPES`` by hand).

Tried in session 14 (``--players 2``, 600 rounds; scratch, not kept): counting an
unmelded card with an unmelded neighbour as a quarter nearer out raised R² only from
0.156 to 0.162 in Rommé (fitted on its own 2-seat rounds: 0.157 without it) and from
0.059 to 0.071 in classic; in Hand not at all.

The shape is fitted on the rounds of even deals and R² is measured on the odd ones, so a
fitted shape is not judged on its own data.
"""

from __future__ import annotations

import argparse
import dataclasses
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.bots.expert import BUDGET
from game.bots.judge import SHAPES, Judge, Shape
from game.match import Match, Player
from game.rollout import Playout
from game.rules import preset
from game.state import Round

SEATS = {"classic": 2, "standard": 4, "romme": 4, "hand": 4}
GRID = {
    "spread": (0.1, 0.2, 0.3, 0.4, 0.5, 0.7, 1.0),
    "later": (-0.2, -0.1, 0.0, 0.1, 0.2, 0.3),
    "dead": (0.5, 0.7, 0.85, 1.0),
    "melded": (0.0, 0.25, 0.5, 0.75, 1.0),
    "in_one": (0.0, 0.2, 0.4, 0.6, 0.8, 1.0),
    "their_in_one": (0.0, 0.2, 0.4, 0.6, 0.8, 1.0),
    "blocked": (0.0, 1.0, 2.0, 3.0, 4.0),
}

# a round under way, its end's value to every seat, and which deal it comes from
Sample = tuple[Round, list[float], int]
Solved = dict[tuple[object, ...], tuple[int, int, int]]  # hands solved, shared by judges
# the estimate's first shape (before session 8), for comparison
FIRST = Shape(spread=0.7, later=0.0, dead=1.0, melded=0.5, in_one=1.0, their_in_one=1.0, blocked=2)


def samples(name: str, players: int, rounds: int, seed: int, every: int) -> list[Sample]:
    """Rounds under way (one in ``every`` turn starts) with the value of their end."""
    rules = preset(name, players=players)
    out: list[Sample] = []
    for k in range(rounds):
        match = Match(rules, [Player(f"P{i}", "bot", "hard") for i in range(players)], seed + k)
        rnd = match.round.copy(random.Random(seed + k))
        playout = Playout(random.Random(seed + k), BUDGET.hold, BUDGET.noise)
        kept: list[Round] = []
        for turn in range(400):
            if rnd.end is not None:
                break
            if turn % every == 0:
                kept.append(rnd.copy(random.Random(0)))
            playout.turn(rnd)
        if rnd.end is None:
            continue
        ends = [Judge(s, rules)(rnd) for s in range(players)]
        out += [(r, ends, k) for r in kept]
    return out


def r_squared(data: list[Sample], shape: Shape, solved: Solved) -> float:
    """1 - mean squared error / variance of the estimate with ``shape`` over every seat."""
    errors, ends = 0.0, []
    for rnd, values, _ in data:
        for seat in rnd.seats:
            judge = Judge(seat, rnd.rules, shape, solved)
            errors += (judge.estimate(rnd) - values[seat]) ** 2
            ends.append(values[seat])
    mean = sum(ends) / len(ends)
    variance = sum((v - mean) ** 2 for v in ends) / len(ends)
    return 1 - errors / len(ends) / variance


def fit(data: list[Sample], start: Shape, solved: Solved) -> Shape:
    """Coordinate descent over ``GRID``, three sweeps."""
    best, score = start, r_squared(data, start, solved)
    for _ in range(3):
        for field, values in GRID.items():
            for v in values:
                shape = dataclasses.replace(best, **{field: v})
                got = r_squared(data, shape, solved)
                if got > score:
                    best, score = shape, got
    return best


def main() -> int:
    """Judge (and fit) the estimate per preset and print the figures."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--presets", default="classic,standard,hand")
    parser.add_argument("--rounds", type=int, default=400, help="per preset")
    parser.add_argument("--every", type=int, default=3, help="keep one turn start in this many")
    parser.add_argument("--seed", type=int, default=1000)
    parser.add_argument("--fit", action="store_true")
    parser.add_argument("--players", type=int, help="seats (default: per preset, SEATS)")
    args = parser.parse_args()
    for name in args.presets.split(","):
        players = args.players or SEATS[name]
        data = samples(name, players, args.rounds, args.seed, args.every)
        train = [d for d in data if d[2] % 2 == 0]
        check = [d for d in data if d[2] % 2 == 1]
        shape = SHAPES[data[0][0].rules.scoring]
        solved: Solved = {}
        now, first = r_squared(check, shape, solved), r_squared(check, FIRST, solved)
        print(f"{name} ({players} seats, {len(check)} positions checked): R² {now:.3f}", end="")
        print(f" (first shape {first:.3f})")
        if args.fit:
            best = fit(train, shape, solved)
            print(f"  fitted {best}: R² {r_squared(check, best, solved):.3f}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())

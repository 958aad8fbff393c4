"""Engine benchmark: random legal playouts per preset (run with `make bench`).

Two policies: ``uniform`` picks uniformly among the legal actions (the usual "random agent"
measure of actions per second); ``greedy`` is the seeded GreedyRandom playout policy, which
melds when it can, so that matches end (matches per second).
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.match import Match, Player
from game.playout import GreedyRandom
from game.rules import PRESETS, preset


def uniform_actions(name: str, players: int, actions: int, seed: int, repeat: int = 3) -> float:
    """Actions per second of uniformly random legal play (a new match when one ends).

    The same seeded sequence of ``actions`` is timed ``repeat`` times; the best run counts,
    which filters out noise from other work on the machine.
    """
    rules = preset(name, players=players)
    seats = [Player(f"P{i}", "bot") for i in range(players)]
    best = float("inf")
    for _ in range(repeat):
        rng = random.Random(seed)
        game = seed
        match = Match(rules, seats, game)
        start = time.perf_counter()
        for _ in range(actions):
            if match.over or match.round.number > 50:
                game += 1
                match = Match(rules, seats, game)
            match.apply(rng.choice(match.legal()))
        best = min(best, time.perf_counter() - start)
    return actions / best


def greedy_matches(name: str, players: int, matches: int, seed: int) -> tuple[float, float]:
    """Matches per second and actions per second of GreedyRandom playouts to the match end."""
    rules = preset(name, players=players)
    actions, start = 0, time.perf_counter()
    for k in range(matches):
        match = Match(rules, [Player(f"P{i}", "bot") for i in range(players)], seed + k)
        policy = GreedyRandom(seed + k)
        while not match.over:
            match.apply(policy.choose(match))
            actions += 1
    elapsed = time.perf_counter() - start
    return matches / elapsed, actions / elapsed


def main() -> int:
    """Run the benchmark and print a table (or JSON)."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--actions", type=int, default=20000, help="per preset, uniform play")
    parser.add_argument("--matches", type=int, default=20, help="per preset, greedy play")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    seats = {"classic": 2, "standard": 4, "romme": 4, "hand": 4}
    rows = []
    for name in PRESETS:
        uni = uniform_actions(name, seats[name], args.actions, args.seed)
        mps, aps = greedy_matches(name, seats[name], args.matches, args.seed)
        rows.append(
            {
                "preset": name,
                "players": seats[name],
                "uniform_actions_per_s": round(uni),
                "greedy_actions_per_s": round(aps),
                "greedy_matches_per_s": round(mps, 2),
            }
        )
    if args.json:
        print(json.dumps(rows, indent=2))
    else:
        print(
            f"{'preset':10} {'seats':>5} {'uniform act/s':>14} "
            f"{'greedy act/s':>13} {'matches/s':>10}"
        )
        for r in rows:
            print(
                f"{r['preset']:10} {r['players']:>5} {r['uniform_actions_per_s']:>14} "
                f"{r['greedy_actions_per_s']:>13} {r['greedy_matches_per_s']:>10}"
            )
    return 0


if __name__ == "__main__":
    sys.exit(main())

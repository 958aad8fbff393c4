"""Forward-model benchmark: how fast search can guess, copy and play rounds on.

    .venv/bin/python bench/forward.py                  # every preset, a table
    .venv/bin/python bench/forward.py --presets classic --rollouts 400 --json

Positions come from seeded matches of medium bots (a few per preset, at different points
of a round). For each preset it measures:

* ``determinize/s``: guesses at the hidden cards from a prepared `Determinizer` (each a
  full `Round`), and ``setup/s``: `Determinizer` built from a view (once per decision);
* ``copy/s``: `Round.copy()` of a guessed round;
* ``rollout act/s``: simulated actions per second of playouts to the end of the round with
  the fast playout policy (game/rollout.py) as expert plays them (its hold and noise, best
  melds shared by the playouts of one decision), timing the playouts only; ``path act/s``
  counts the same actions over the whole search path: a guess, a copy and the playout.

Every figure is the best of ``--repeat`` runs (other work on the machine only slows a
run down). Issue 18 aims for 5x RLCard on the rollout path; bench/reference.py measures
both on this machine (issue 18 quoted RLCard's rummy at 13k actions/s elsewhere).
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.bots import chooser
from game.bots.expert import BUDGET
from game.determinize import Determinizer
from game.match import Match, Player
from game.rollout import Playout
from game.rules import PRESETS, preset
from game.solver import Solution
from game.view import PlayerView, view_for

SEATS = {"classic": 2, "standard": 4, "romme": 4, "hand": 4}


def positions(name: str, players: int, count: int, seed: int) -> list[PlayerView]:
    """Views of the seat to move at several points of seeded medium-bot matches."""
    rules = preset(name, players=players)
    views: list[PlayerView] = []
    choose = chooser("medium")
    k = 0
    while len(views) < count:
        match = Match(rules, [Player(f"P{i}", "bot", "medium") for i in range(players)], seed + k)
        steps = 6 + 9 * k
        for _ in range(steps):
            if match.over or match.results:
                break
            match.apply(choose(view_for(match, match.current)))
        if not match.over and not match.results:
            views.append(view_for(match, match.current))
        k += 1
    return views


def best_rate(run: Callable[[], tuple[int, float]], repeat: int) -> float:
    """The best of ``repeat`` runs of ``run() -> (units, seconds)``: units per second."""
    best = 0.0
    for _ in range(repeat):
        units, seconds = run()
        best = max(best, units / max(seconds, 1e-9))
    return best


def search_playout(rng: random.Random, solved: dict[tuple[object, ...], Solution]) -> Playout:
    """A playout as expert's search plays it (game/bots/expert.py): with its hold and noise,
    and the best melds of hands kept for all the playouts of one decision (``solved``)."""
    return Playout(rng, BUDGET.hold, BUDGET.noise, solved)


def path_run(samplers: list[Determinizer], per: int, seed: int) -> Callable[[], tuple[int, float]]:
    """The whole search path, ``per`` times from each sampler (one decision each): a guess
    at the hidden cards, a copy and a playout to the round's end; ``run() -> (actions,
    seconds)``."""

    def run() -> tuple[int, float]:
        rng = random.Random(seed)
        actions = 0
        start = time.perf_counter()
        for det in samplers:
            solved: dict[tuple[object, ...], Solution] = {}
            for _ in range(per):
                rnd = det.sample(rng).copy(random.Random(1))
                playout = search_playout(random.Random(rng.getrandbits(32)), solved)
                playout.run(rnd, 10_000)
                actions += playout.actions
        return actions, time.perf_counter() - start

    return run


def path_rate(name: str, players: int, rollouts: int, seed: int) -> Callable[[], tuple[int, float]]:
    """`path_run` over ``rollouts`` playouts from this bench's positions of a preset."""
    views = positions(name, players, 4, seed)
    return path_run([Determinizer(v) for v in views], max(1, rollouts // len(views)), seed)


def measure(name: str, players: int, rollouts: int, seed: int, repeat: int) -> dict[str, object]:
    """Every figure of one preset."""
    views = positions(name, players, 4, seed)
    samplers = [Determinizer(v) for v in views]
    per = max(1, rollouts // len(views))

    def setups() -> tuple[int, float]:
        start = time.perf_counter()
        for _ in range(25):
            for v in views:
                Determinizer(v)
        return 25 * len(views), time.perf_counter() - start

    def guesses() -> tuple[int, float]:
        rng = random.Random(seed)
        start = time.perf_counter()
        for det in samplers:
            for _ in range(per):
                det.sample(rng)
        return per * len(samplers), time.perf_counter() - start

    worlds = [det.sample(random.Random(seed + i)) for i, det in enumerate(samplers)]

    def copies() -> tuple[int, float]:
        start = time.perf_counter()
        for rnd in worlds:
            for _ in range(per):
                rnd.copy(random.Random(0))
        return per * len(worlds), time.perf_counter() - start

    def playouts() -> tuple[int, float]:
        rng = random.Random(seed)
        actions, spent = 0, 0.0
        for det in samplers:
            solved: dict[tuple[object, ...], Solution] = {}
            for _ in range(per):
                rnd = det.sample(rng)
                playout = search_playout(random.Random(rng.getrandbits(32)), solved)
                start = time.perf_counter()
                playout.run(rnd, 10_000)
                spent += time.perf_counter() - start
                actions += playout.actions
        return actions, spent

    return {
        "preset": name,
        "players": players,
        "setup_per_s": round(best_rate(setups, repeat)),
        "determinize_per_s": round(best_rate(guesses, repeat)),
        "copy_per_s": round(best_rate(copies, repeat)),
        "rollout_actions_per_s": round(best_rate(playouts, repeat)),
        "path_actions_per_s": round(best_rate(path_run(samplers, per, seed), repeat)),
    }


def main() -> int:
    """Run the benchmark and print a table (or JSON)."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--presets", default=",".join(PRESETS))
    parser.add_argument("--rollouts", type=int, default=200, help="per preset and run")
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    rows = [
        measure(name, SEATS[name], args.rollouts, args.seed, args.repeat)
        for name in args.presets.split(",")
    ]
    if args.json:
        print(json.dumps(rows, indent=2))
        return 0
    print(
        f"{'preset':9} {'seats':>5} {'setup/s':>8} {'determinize/s':>14} {'copy/s':>8} "
        f"{'rollout act/s':>14} {'path act/s':>11}"
    )
    for r in rows:
        print(
            f"{r['preset']:9} {r['players']:>5} {r['setup_per_s']:>8} "
            f"{r['determinize_per_s']:>14} {r['copy_per_s']:>8} "
            f"{r['rollout_actions_per_s']:>14} {r['path_actions_per_s']:>11}"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())

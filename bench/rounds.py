"""Round-by-round duel: how many points a round one bot level gains over another.

    .venv/bin/python bench/rounds.py --preset classic --deals 300 --pair hard-medium
    nice -n 10 .venv/bin/python bench/rounds.py --deals 400 --pair expert-hard horizon=2

Match wins (bench/bots.py) are what the issue targets ask for, but they are a coarse
measure: a match of several rounds gives one bit. To compare two versions of a bot, this
bench plays single rounds instead. Each deal is played once from every seat (the strong
level in one seat, the weak level in the others), and the deal's result is the strong
level's average margin: its round score less the average of the others', signed so that
more is better (RULES §8). It prints the mean margin with its standard error, and the
strong level's decision times.

Measured on classic (session 6): the margin of one deal varies by about 13 points between
hard and medium and by about 23 between expert and hard, so telling apart two bots a few
points a round apart takes hundreds of deals (250 deals: ± 1.5 points).

``--save`` keeps every deal's margin; ``--against`` that file compares a changed bot with
the saved run deal by deal (the same deals: far less noise than two separate means).

Trailing ``key=value`` arguments replace fields of the expert's search budget for the
preset (game/bots/expert.py `budget_for`) for this run, to try a setting before changing
it.
``--patch module:name=expression`` (repeatable) goes further: while the strong seat
decides, and only then, the module's global ``name`` is the expression's value (evaluated
in that module, so it may use the module's names). A patch must reach the name where it is
read when the bot decides: a module global that another module imported by name, or that a
function took as a default argument (``hold: int = HOLD_SAFE``), was read at import and
stays as it was. Patch the function that reads it instead, as in
``--patch "game.bots.hard:keeps_melds=(lambda f: lambda t, left, one_away=ONE_AWAY: f(t,
left, one_away, 7))(keeps_melds)"``; the paired line says how many deals came out
differently, and a patch that changed none is flagged. A level against itself with a patch
(``--pair hard-hard --patch 'game.bots.hard:FEED_WEIGHT=6'``) tries a change to that level
against the level as it is, deal by deal.

With ``--matches`` every deal starts a whole match instead, played from every seat, and
the deal's result is the strong level's share of those matches' wins: the issue's own
measure (bench/bots.py), here paired deal by deal with ``--against``. Classic, expert
against hard, 100 deals: a deal's share varies by about 0.32, and the paired difference
of two versions of expert by 0.38 (pairing helps little: one changed decision changes
the rest of the match), so telling apart versions 5 points of win share apart takes
about 230 deals (460 matches, over an hour on two cores).

    nice -n 10 .venv/bin/python bench/rounds.py --deals 230 --pair expert-hard --matches \
        --save base.json
"""

from __future__ import annotations

import argparse
import dataclasses
import importlib
import json
import os
import sys
import time
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from types import ModuleType

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from regret import mean_se

from game.actions import Action
from game.bots import LEVELS, chooser, expert
from game.match import Match, Player
from game.rules import PRESETS, preset
from game.scoring import higher_is_better
from game.view import PlayerView, view_for

BUDGET_FOR = expert.budget_for  # the preset's own budget, before a run's fields replace it
Job = tuple[str, int, str, str, int, dict[str, object], bool, tuple[str, ...]]
Chooser = Callable[[PlayerView], Action]


def patched(choose: Chooser, patches: tuple[str, ...]) -> Chooser:
    """``choose`` with each ``module:name=expression`` in force during its calls only."""
    if not patches:
        return choose
    changes: list[tuple[ModuleType, str, object]] = []
    for patch in patches:
        target, _, expression = patch.partition("=")
        module_name, _, name = target.partition(":")
        module = importlib.import_module(module_name)
        if not hasattr(module, name):
            raise ValueError(f"{module_name} has no global {name!r}")
        changes.append((module, name, eval(expression, vars(module))))  # a developer's input

    def run(view: PlayerView) -> Action:
        saved = [getattr(m, n) for m, n, _ in changes]
        for m, n, value in changes:
            setattr(m, n, value)
        try:
            return choose(view)
        finally:
            for (m, n, _), old in zip(changes, saved, strict=True):
                setattr(m, n, old)

    return run


def deal(job: Job) -> tuple[float, list[float]]:
    """One deal from every seat: the strong level's mean margin (with ``whole``, its share
    of the matches won), and its decision ms."""
    name, seed, strong, weak, players, budget, whole, patches = job
    rules = preset(name, players=players)
    changed = dataclasses.replace(BUDGET_FOR(rules), **budget)  # type: ignore[arg-type]
    expert.budget_for = lambda rules: changed
    sign = 1 if higher_is_better(rules) else -1
    margins: list[float] = []
    times: list[float] = []
    mine = patched(chooser(strong), patches)
    for me in range(players):
        levels = [strong if s == me else weak for s in range(players)]
        match = Match(rules, [Player(f"{lv}{s}", "bot", lv) for s, lv in enumerate(levels)], seed)
        choosers = [mine if s == me else chooser(lv) for s, lv in enumerate(levels)]
        for _ in range(200_000):
            if (match.results and not whole) or match.over:
                break
            seat = match.current
            start = time.perf_counter()
            action = choosers[seat](view_for(match, seat))
            if seat == me:
                times.append((time.perf_counter() - start) * 1000)
            match.apply(action)
        if whole:
            if not match.over:
                raise RuntimeError(f"{name} deal {seed}: the match did not end")
            margins.append((me in match.winners) / len(match.winners))
            continue
        if not match.results:
            raise RuntimeError(f"{name} deal {seed}: the round did not end")
        scores = match.results[0].scores
        others = [scores[s] for s in range(players) if s != me]
        margins.append(sign * (scores[me] - sum(others) / len(others)))
    return sum(margins) / len(margins), times


def _value(text: str) -> object:
    if text in ("True", "False"):
        return text == "True"
    try:
        return int(text)
    except ValueError:
        return float(text)


def main() -> int:
    """Play the deals in parallel and print the mean margin, its error and the times."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--preset", default="classic", choices=PRESETS)
    parser.add_argument("--pair", default="hard-medium", help="strong-weak bot levels")
    parser.add_argument("--deals", type=int, default=200)
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--matches", action="store_true", help="play whole matches; score the share won"
    )
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--save", help="write each deal's margin to this JSON file")
    parser.add_argument(
        "--against", help="a --save file of another run on the same deals: paired difference"
    )
    parser.add_argument(
        "--patch",
        action="append",
        default=[],
        help="module:name=expression, in force while the strong seat decides",
    )
    parser.add_argument("budget", nargs="*", help="expert Budget fields, key=value")
    args = parser.parse_args()
    strong, _, weak = args.pair.partition("-")
    if strong not in LEVELS or weak not in LEVELS:
        parser.error(f"unknown level in {args.pair} (known: {', '.join(LEVELS)})")
    fields = {f.name for f in dataclasses.fields(expert.Budget)}
    budget = {}
    for item in args.budget:
        key, _, text = item.partition("=")
        if key not in fields:
            parser.error(f"not a Budget field: {key} (fields: {', '.join(sorted(fields))})")
        budget[key] = _value(text)
    try:  # a patch that does not evaluate stops here, not in every worker
        patched(chooser(strong), tuple(args.patch))
    except Exception as error:  # any error of the developer's expression
        parser.error(f"--patch: {error}")
    jobs: list[Job] = [
        (
            args.preset,
            args.seed + k,
            strong,
            weak,
            args.players,
            budget,
            args.matches,
            tuple(args.patch),
        )
        for k in range(args.deals)
    ]
    start = time.perf_counter()
    with ProcessPoolExecutor(max(1, args.jobs)) as pool:
        results = list(pool.map(deal, jobs, chunksize=1))
    margins = [m for m, _ in results]
    times = sorted(t for _, ts in results for t in ts)
    n = len(margins)
    mean, se = mean_se(margins)

    def show(value: float, error: float, sign: str = "") -> str:
        if args.matches:
            return f"{value:{sign}.1%} ± {error:.1%} of the matches"
        return f"{value:{sign}.2f} ± {error:.2f} points a round"

    if args.save:
        Path(args.save).write_text(json.dumps(margins))
    if args.against:
        before = json.loads(Path(args.against).read_text())
        if len(before) != n:
            print(f"{args.against} holds {len(before)} deals, this run {n}: not the same deals")
            return 1
        diffs = [a - b for a, b in zip(margins, before, strict=True)]
        d, dse = mean_se(diffs)
        changed = sum(1 for x in diffs if x)
        shown = show(d, dse, "+")
        print(f"against {args.against}: {shown} (paired); {changed} of {n} deals differ")
        if not changed:
            print("no deal came out differently: did the change reach the code that decides?")

    def pct(q: float) -> float:
        return times[min(len(times) - 1, int(q * len(times)))] if times else 0.0

    print(
        f"{args.preset} {strong} vs {weak} ({args.players} seats) {budget or ''} "
        f"{' '.join(args.patch)} "
        f"{'won' if args.matches else 'margin'} {show(mean, se, '' if args.matches else '+')} "
        f"over {n} deals; "
        f"{strong} decision ms p50 {pct(0.5):.1f} p95 {pct(0.95):.1f} max {pct(1.0):.1f}; "
        f"{time.perf_counter() - start:.0f} s",
        flush=True,
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""`main.py simulate`: bots play matches without a window; results, speed and decision times."""

from __future__ import annotations

import sys
import time
import traceback
from dataclasses import dataclass, field
from typing import Any

from game.bots import LEVELS, chooser
from game.match import Match, Player
from game.rules import PRESETS, RulesError, preset
from game.view import view_for


@dataclass
class Tally:
    """Running totals of a simulation."""

    wins: list[float]
    scores: list[int]
    times: dict[str, list[float]] = field(default_factory=dict)
    errors: list[str] = field(default_factory=list)
    actions: int = 0
    matches: int = 0


def play_one(
    rules_name: str, levels: list[str], seed: int, turn: int, tally: Tally, max_actions: int
) -> None:
    """One match from ``seed``; seat k of ``levels`` sits at table seat (k + turn) % n."""
    n = len(levels)
    order = [levels[(s - turn) % n] for s in range(n)]  # table seat -> level
    who = [(s - turn) % n for s in range(n)]  # table seat -> index in --seats
    rules = preset(rules_name, players=n)
    match = Match(rules, [Player(f"{lv}{i}", "bot", lv) for i, lv in enumerate(order)], seed)
    choosers = [chooser(lv) for lv in order]
    for _ in range(max_actions):
        if match.over:
            break
        seat = match.current
        start = time.perf_counter()
        action = choosers[seat](view_for(match, seat))
        tally.times.setdefault(order[seat], []).append((time.perf_counter() - start) * 1000)
        match.apply(action)
        tally.actions += 1
    else:
        tally.errors.append(f"match {seed}: no end after {max_actions} actions")
        return
    for s in range(n):
        tally.scores[who[s]] += match.totals[s]
    for s in match.winners:
        tally.wins[who[s]] += 1 / len(match.winners)
    tally.matches += 1


def percentile(values: list[float], q: float) -> float:
    """The q-th percentile (0..100) by nearest rank."""
    ordered = sorted(values)
    k = max(0, min(len(ordered) - 1, round(q / 100 * (len(ordered) - 1))))
    return ordered[k]


def simulate(
    rules_name: str,
    levels: list[str],
    games: int,
    seed: int,
    progress: bool = False,
    max_actions: int = 50_000,
) -> dict[str, Any]:
    """Play ``games`` matches and summarise them (the JSON of `simulate --json`)."""
    tally = Tally([0.0] * len(levels), [0] * len(levels))
    start = time.perf_counter()
    n = len(levels)
    for g in range(games):
        # Each deal is played n times, seats rotated, so every level gets every seat and
        # the same cards: luck of the deal cancels out (as in duplicate bridge).
        try:
            play_one(rules_name, levels, seed + g // n, g % n, tally, max_actions)
        except Exception as e:  # a bot or engine failure is a result, not a crash
            tally.errors.append(f"match {g} (seed {seed + g // n}): {type(e).__name__}: {e}")
            tally.errors.append(traceback.format_exc(limit=3))
        if progress:
            _progress(g + 1, games)
    elapsed = max(time.perf_counter() - start, 1e-9)
    played = max(tally.matches, 1)
    return {
        "rules": rules_name,
        "matches": tally.matches,
        "seats": [
            {"level": lv, "wins": tally.wins[i], "avg_score": tally.scores[i] / played}
            for i, lv in enumerate(levels)
        ],
        "matches_per_s": tally.matches / elapsed,
        "actions_per_s": tally.actions / elapsed,
        "decision_ms": {
            lv: {"p50": percentile(t, 50), "p95": percentile(t, 95), "max": max(t)}
            for lv, t in tally.times.items()
        },
        "errors": tally.errors,
    }


def _progress(done: int, total: int) -> None:
    if total >= 20 and sys.stderr.isatty():
        width = 30
        filled = width * done // total
        print(
            f"\r[{'#' * filled}{'.' * (width - filled)}] {done}/{total}",
            end="",
            file=sys.stderr,
            flush=True,
        )
        if done == total:
            print(file=sys.stderr)


def check_args(rules_name: str, levels: list[str], games: int) -> str | None:
    """A readable problem with the arguments, or None."""
    if rules_name not in PRESETS:
        return f"unknown rules {rules_name!r} (choose {', '.join(PRESETS)})"
    bad = [lv for lv in levels if lv not in LEVELS]
    if bad:
        return f"unknown bot level {bad[0]!r} (choose {', '.join(LEVELS)})"
    if games < 1:
        return "--games must be at least 1"
    try:
        preset(rules_name, players=len(levels))
    except RulesError as e:
        return str(e)
    return None


def table(result: dict[str, Any]) -> str:
    """A readable summary of a simulation."""
    lines = [
        f"{result['matches']} matches of {result['rules']}",
        f"{'seat':>4} {'level':8} {'wins':>8} {'win %':>6} {'avg score':>10}",
    ]
    for i, seat in enumerate(result["seats"]):
        share = 100 * seat["wins"] / max(result["matches"], 1)
        lines.append(
            f"{i:>4} {seat['level']:8} {seat['wins']:>8.1f} {share:>5.1f}% "
            f"{seat['avg_score']:>10.1f}"
        )
    lines.append(
        f"{result['matches_per_s']:.2f} matches/s, {result['actions_per_s']:.0f} actions/s"
    )
    for lv, t in result["decision_ms"].items():
        lines.append(
            f"decision ms {lv:8} p50 {t['p50']:.2f}  p95 {t['p95']:.2f}  max {t['max']:.2f}"
        )
    lines.append(f"errors: {len(result['errors'])}")
    lines += [f"  {e}" for e in result["errors"][:5]]
    return "\n".join(lines)

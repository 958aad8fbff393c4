"""A seat's chance to win the match from the match totals after a round: what search weighs
a round's end by, since it is matches that are won, not points.

A round's points matter by where they leave the match. Ten points that reach the target
win it; the same ten points early in a long match barely count, and a seat far behind
near the end needs a big round, not a safe one. The chance is a normal approximation:
each round still to come moves the lead between two sides by a random amount of spread
``Pace.swing``, and about as many rounds remain as the side closest to the match's end
needs at ``Pace.points`` a round (under ``rounds``, exactly those not yet played). Against
several sides the chances of leading each of them are multiplied.

A match to a target (winner_collects: only a round's winner scores) is a race instead, and
not a normal one: a round is won either for a few points or, going out in one, for a
hundred or more, which often ends a match to 100 at once. Each round goes to one of two
sides at even odds, for one of the points in ``WON``, until one reaches the target.
Measured by bench/standing.py on classic matches of hard bots (2,038 positions after a
round, in the 800 matches of odd seeds of 1,600): the normal approximation predicted who
wins worse than a flat even chance (log loss 0.725 against 0.693), the race better (0.686).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from ..rules import Rules
from ..scoring import higher_is_better, match_state, sides


@dataclass(frozen=True, slots=True)
class Pace:
    """How fast a match moves: per round, a seat's mean points and the spread (root mean
    square) of the margin between two seats."""

    points: float
    swing: float


# Measured in matches of hard bots, two seats, 40 matches a preset (rounds a match: classic
# 4.4, standard 3.1, Rommé 4.5, Hand 7). House rules take their preset's figures.
PACES = {
    "classic": Pace(points=18.8, swing=63.1),
    "standard": Pace(points=27.5, swing=56.8),
    "romme": Pace(points=100.1, swing=206.2),
    "hand": Pace(points=49.5, swing=223.1),
}


# The points of a round won under winner_collects, as twenty equally likely values: the
# twentieths of the 3,003 rounds won in the 800 classic matches of hard bots, two seats,
# with even seeds of bench/standing.py --matches 1600 --fit. Every target match takes them.
WON: tuple[int, ...] = (1, 1, 2, 2, 2, 3, 4, 4, 6, 7, 9, 12, 18, 38, 84, 100, 110, 122, 134, 152)
STEPS = 100  # the race counts points in steps of target / STEPS (at least 1)


def pace_for(rules: Rules) -> Pace:
    """The figures for these rules' preset."""
    return PACES[rules.preset]


def win_chance(
    rules: Rules,
    pace: Pace,
    totals: list[int],
    scored: int,
    active: Sequence[int],
    seat: int,
) -> float:
    """The chance that ``seat``'s side wins the match from these totals after ``scored``
    scored rounds (1 or 0 if the match end rule decides it now)."""
    state = match_state(rules, totals, scored, list(active))
    if state.over:
        won = [g for g in sides(rules) if any(s in state.winners for s in g)]
        return 1.0 / len(won) if seat in state.winners else 0.0
    if seat not in state.active:
        return 0.0
    groups = [g for g in sides(rules) if any(s in state.active for s in g)]
    side_total = [sum(totals[s] for s in g) for g in groups]
    mine = next(k for k, g in enumerate(groups) if seat in g)
    if rules.match_end == "target":
        step, table = _race(rules.target, WON)
        most = len(table) - 1
        need = [min(most, _steps(rules.target - total, step)) for total in side_total]
        chance = 1.0
        for k, other in enumerate(need):
            if k != mine:
                chance *= table[need[mine]][other]
        return chance
    if rules.match_end == "rounds":
        rounds = float(rules.target - scored)
    else:  # the side nearest the target or limit reaches it at the pace of a round
        rounds = (rules.target - max(side_total)) / pace.points
    spread = pace.swing * math.sqrt(max(1.0, rounds))
    sign = 1.0 if higher_is_better(rules) else -1.0
    chance = 1.0
    for k, total in enumerate(side_total):
        if k != mine:
            lead = sign * (side_total[mine] - total)
            chance *= 0.5 * math.erfc(-lead / (spread * math.sqrt(2.0)))
    return chance


def _steps(points: int, step: int) -> int:
    """Points still needed, in whole steps (at least one: the match is not over)."""
    return max(1, -(-points // step))


@lru_cache(maxsize=8)
def _race(target: int, won: tuple[int, ...]) -> tuple[int, list[list[float]]]:
    """The step a race to ``target`` counts points in, and ``table[a][b]``: the chance that
    a side needing ``a`` more steps reaches them before one needing ``b``, when every round
    is won by either at even odds, for one of ``won`` (equally likely). Rounds won by other
    sides change neither need. One table serves a whole match."""
    step = max(1, math.ceil(target / STEPS))
    points = [max(1, round(p / step)) for p in won]
    most = _steps(target, step)
    share = 0.5 / len(points)
    table = [[0.0] * (most + 1) for _ in range(most + 1)]
    for a in range(1, most + 1):
        row = table[a]
        for b in range(1, most + 1):
            chance = 0.0
            for p in points:
                chance += share * (1.0 if p >= a else table[a - p][b])
                chance += share * (0.0 if p >= b else row[b - p])
            row[b] = chance
    return step, table

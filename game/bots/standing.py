"""A seat's chance to win the match from the match totals after a round: what search weighs
a round's end by, since it is matches that are won, not points.

A round's points matter by where they leave the match. Ten points that reach the target
win it; the same ten points early in a long match barely count, and a seat far behind
near the end needs a big round, not a safe one. The chance is a normal approximation:
each round still to come moves the lead between two sides by a random amount of spread
``Pace.swing``, and about as many rounds remain as the side closest to the match's end
needs at ``Pace.points`` a round (under ``rounds``, exactly those not yet played). Against
several sides the chances of leading each of them are multiplied.

In a match to a target (classic) this predicts who wins badly: bench/standing.py, 800
classic matches of hard bots (2,038 positions after a round), log loss 0.725, worse than a
flat even chance (0.693), because a round is won either for a few points or, going out in
one, for a hundred or more. A race fitted to that (each round won by either side at even
odds, for one of twenty measured point values) predicted better (0.686) but played worse
(sessions 33-34, bench/bots.py --presets classic --pairs expert-hard --jobs 2): 53.0% of
400 matches against hard, 52.5% on the 200 deals of seed 5000 where this model won 55.5%,
against 59.2% of 1,000 here. So it was taken out: judge.py's weights were tuned against
this model, and a truer chance does not make better decisions by itself.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

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

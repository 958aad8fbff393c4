"""Scoring a round (RULES §7) and deciding the end of a match (§8)."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass

from .rules import Rules
from .state import RoundEnd


def round_factor(rules: Rules, end: RoundEnd) -> int:
    """What a round's scores are multiplied by: 2 after going out in one (where it doubles),
    and 2 again for each Egyptian bonus of a Hand (``egyptian_bonuses``)."""
    factor = 2 if end.out_in_one and rules.out_in_one_double else 1
    return factor << len(end.bonuses)  # each bonus doubles once more


def round_scores(rules: Rules, end: RoundEnd, seats: list[int]) -> list[int]:
    """Points of every seat for a finished round (0 for seats not in it)."""
    scores = [0] * rules.players
    winner = end.winner
    if winner is None or not end.scored:
        return scores
    factor = round_factor(rules, end)
    others = [s for s in seats if s != winner]
    if rules.scoring == "winner_collects":
        scores[winner] = factor * sum(end.values[s] for s in others)
    elif rules.scoring == "penalty":
        for s in others:
            scores[s] = factor * end.values[s]
    else:
        scores[winner] = -30 * factor
        partner = (winner + 2) % 4 if rules.teams else None
        for s in others:
            if s != partner:
                scores[s] = factor * (end.values[s] if end.opened[s] else 100)
    return scores


def sides(rules: Rules) -> list[list[int]]:
    """The sides that win or lose together: partnerships with ``teams``, else single seats."""
    if rules.teams:
        return [[0, 2], [1, 3]]
    return [[s] for s in range(rules.players)]


def match_total(rules: Rules, totals: list[int], seat: int) -> int:
    """The match total that counts for a seat: its side's (both partners' with ``teams``)."""
    return next(sum(totals[s] for s in g) for g in sides(rules) if seat in g)


def higher_is_better(rules: Rules) -> bool:
    """Whether the best match total is the highest: points collected under
    ``winner_collects``; under ``penalty`` and ``hand`` scoring points are bad (§8)."""
    return rules.scoring == "winner_collects"


@dataclass(frozen=True, slots=True)
class MatchState:
    """Who is still in and whether (and by whom) the match is won."""

    over: bool
    winners: tuple[int, ...]
    active: tuple[int, ...]


def match_state(
    rules: Rules, totals: list[int], scored_rounds: int, active: list[int]
) -> MatchState:
    """Apply the match end rule after a round."""
    groups = [g for g in sides(rules) if any(s in active for s in g)]
    side_total = {tuple(g): sum(totals[s] for s in g) for g in groups}
    limit = rules.target
    if rules.match_end == "target":
        reached = [g for g, t in side_total.items() if t >= limit]
        return _decide(reached, side_total, active, best=max)
    if rules.match_end == "penalty_limit":
        if any(t >= limit for t in side_total.values()):
            return _decide(list(side_total), side_total, active, best=min)
        return MatchState(False, (), tuple(active))
    if rules.match_end == "rounds":
        if scored_rounds >= limit:
            best = max if higher_is_better(rules) else min
            return _decide(list(side_total), side_total, active, best=best)
        return MatchState(False, (), tuple(active))
    return _elimination(side_total, active, limit)


def _decide(
    candidates: list[tuple[int, ...]],
    side_total: dict[tuple[int, ...], int],
    active: list[int],
    best: Callable[[Iterable[int]], int],
) -> MatchState:
    if not candidates:
        return MatchState(False, (), tuple(active))
    top = best(side_total[g] for g in candidates)
    leaders = [g for g in candidates if side_total[g] == top]
    if len(leaders) > 1:  # a tie for the win: play on until it is broken
        return MatchState(False, (), tuple(active))
    return MatchState(True, leaders[0], tuple(active))


def _elimination(
    side_total: dict[tuple[int, ...], int], active: list[int], limit: int
) -> MatchState:
    below = [g for g, t in side_total.items() if t < limit]
    if len(below) == 1:
        return MatchState(True, below[0], below[0])
    if below:
        still = tuple(sorted(s for g in below for s in g))
        return MatchState(False, (), still)
    low = min(side_total.values())
    winners = tuple(sorted(s for g, t in side_total.items() if t == low for s in g))
    return MatchState(True, winners, tuple(active))

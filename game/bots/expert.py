"""The ``expert`` level: hard's play, checked by search over the hidden cards.

At each choice that matters (take the discard or draw; how to finish a turn: which melds
go down, which card goes) expert lists a few lines of play for the rest of its turn:
hard's own, medium's, and hard's with its next-best discards. It then deals the cards it
cannot see in many ways consistent with its view (determinizations: game/determinize.py,
with hands that could have melded a discard their owner passed on dealt again), plays
every line in each deal, the round on from there with a fast policy for every seat
(game/rollout.py), and scores the end in match points. The same deals and the same random
numbers serve every line (common random numbers), so lines are compared deal by deal.
Expert leaves hard's line only for one that is better on average by more than the noise of
that comparison.

How much it plays is a fixed budget of simulated actions, never the clock, so the same
view always gives the same decision; choices with a single sensible action are answered
at once.
"""

from __future__ import annotations

import math
import random
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from .. import actions as A
from ..cards import Card
from ..determinize import Determinizer
from ..errors import IllegalAction
from ..rollout import Playout
from ..rules import Rules
from ..scoring import higher_is_better, round_scores, sides
from ..state import Round
from ..view import PlayerView, round_view
from .common import rng_for, undid_this_turn
from .hard import choose_hard, discard_order
from .medium import choose_medium
from .sampling import _passes, completes


@dataclass(frozen=True, slots=True)
class Budget:
    """How much expert searches per decision."""

    actions: int = 4000  # simulated actions (playout steps), summed over every line
    min_worlds: int = 6  # deals played at least, whatever they cost
    max_worlds: int = 48  # and at most
    alternatives: int = 3  # other discards tried after hard's plays
    horizon: int = 400  # turns a playout plays before the round is judged as it stands
    z: float = 1.0  # how many standard errors a line must beat hard's by
    retries: int = 4  # deals of the hidden cards per guess that contradict a pass
    hold: int = 5  # playouts hold melds for going out in one while others have this many cards
    medium: bool = False  # also compare medium's line (meld everything now) and melding nothing
    noise: float = 0.0  # random points in the playouts' discards (none: lines stay in step)


BUDGET = Budget()

Line = tuple[A.Action, ...]
Policy = Callable[[PlayerView], A.Action]


def choose_expert(view: PlayerView) -> A.Action:
    """Hard's action, unless search over the hidden cards finds a better line."""
    return decide(view, BUDGET)


def decide(view: PlayerView, budget: Budget) -> A.Action:
    """The expert's decision with a given budget (tests and benchmarks vary it)."""
    legal = view.legal
    if len(legal) == 1:
        return legal[0]
    base = choose_hard(view)
    if isinstance(base, A.Redeal | A.Undo | A.Announce):
        return base
    rng = rng_for(view, "expert")
    det = Determinizer(view)
    lines = _lines(view, det, rng, base, budget)
    if len(lines) <= 1:
        return base
    best = _search(view, det, rng, lines, budget)
    return lines[best][0]


# --- the lines to compare -----------------------------------------------------------------


def _lines(
    view: PlayerView, det: Determinizer, rng: random.Random, base: A.Action, budget: Budget
) -> list[Line]:
    """Hard's line first, then the others worth comparing (each once)."""
    if view.phase == "draw":
        legal = set(view.legal)
        if A.Take() not in legal or A.Draw() not in legal or undid_this_turn(view):
            return [(base,)]
        other: A.Action = A.Draw() if base == A.Take() else A.Take()
        return [(base,), (other,)]
    scratch = det.sample(random.Random(rng.getrandbits(32)))
    hard = _line(scratch, view, choose_hard)
    if not hard or hard[0] != base:
        return [(base,)]
    lines = [hard]
    if budget.medium:
        lines.append(_line(scratch, view, choose_medium))
    if isinstance(hard[-1], A.Discard):
        prefix = hard[:-1]
        after = _played(scratch, view, prefix)
        if after is not None:
            ranked = discard_order(after)
            lines += [(*prefix, d) for d in ranked[: budget.alternatives + 1]]
    if budget.medium and not isinstance(hard[0], A.Discard):  # discard now, melding nothing
        lines += [(d,) for d in discard_order(view)[:2]]
    unique = list(dict.fromkeys(line for line in lines if line))
    return unique


def _line(scratch: Round, view: PlayerView, policy: Policy, limit: int = 30) -> Line:
    """The actions ``policy`` takes from ``view`` to the end of the seat's turn (its own
    turn depends on nothing hidden, so any deal of the hidden cards will do)."""
    rnd = scratch.copy(random.Random(0))
    seat = view.seat
    out: list[A.Action] = []
    while rnd.end is None and rnd.current == seat and len(out) < limit:
        action = policy(round_view(rnd, seat, view, rnd.legal()))
        try:
            rnd.apply(action)
        except IllegalAction:
            break
        out.append(action)
        if isinstance(action, A.Draw | A.Take):
            break  # what comes after a draw depends on the card: not a line to replay
    return tuple(out)


def _played(scratch: Round, view: PlayerView, line: Line) -> PlayerView | None:
    """The seat's view after playing ``line`` (None if it does not play)."""
    rnd = scratch.copy(random.Random(0))
    for action in line:
        try:
            rnd.apply(action)
        except IllegalAction:
            return None
    if rnd.end is not None or rnd.current != view.seat:
        return None
    return round_view(rnd, view.seat, view, rnd.legal())


# --- search ---------------------------------------------------------------------------------


def _search(
    view: PlayerView, det: Determinizer, rng: random.Random, lines: list[Line], budget: Budget
) -> int:
    """The index of the line to play: the best average over the deals, if it beats hard's
    (index 0) by more than the noise; else 0."""
    me = view.seat
    test = _pass_test(view)
    values: list[list[float]] = [[] for _ in lines]
    alive = [True] * len(lines)
    spent = worlds = 0
    while worlds < budget.max_worlds and (worlds < budget.min_worlds or spent < budget.actions):
        world = det.sample(rng, test, budget.retries)
        seed = rng.getrandbits(32)
        for i, line in enumerate(lines):
            if not alive[i]:
                continue
            rnd = world.copy(random.Random(seed))
            if any(rnd.step(a) is not None for a in line):
                alive[i] = False  # cannot happen for a line of own actions: drop it
                continue
            playout = Playout(random.Random(seed + 1), budget.hold, budget.noise)
            playout.run(rnd, budget.horizon)
            spent += playout.actions + len(line)
            values[i].append(utility(rnd, me))
        worlds += 1
    means = [sum(v) / len(v) if alive[i] and v else -math.inf for i, v in enumerate(values)]
    best = max(range(len(lines)), key=lambda i: means[i])
    if best == 0 or not alive[0]:
        return best
    diffs = [a - b for a, b in zip(values[best], values[0], strict=True)]
    mean = sum(diffs) / len(diffs)
    var = sum((d - mean) ** 2 for d in diffs) / max(1, len(diffs) - 1)
    return best if mean > budget.z * math.sqrt(var / len(diffs)) else 0


def _pass_test(view: PlayerView) -> Callable[[int, Sequence[Card]], bool]:
    """A guessed hand is likely unless it could have melded a discard its owner passed on."""
    passes = _passes(view)
    rules, wild_faces = view.rules, view.wilds.wild_faces

    def likely(seat: int, cards: Sequence[Card]) -> bool:
        faces = passes.get(seat)
        if not faces:
            return True
        held = Counter(c.face for c in cards)
        wilds = sum(n for f, n in held.items() if f in wild_faces)
        return not any(completes(f, held, wilds, rules) for f in faces)

    return likely


# --- judging a round's end ------------------------------------------------------------------


def utility(rnd: Round, seat: int) -> float:
    """What a played-out round is worth to ``seat``: its side's match points less the
    average of the other sides' (turned round where points are bad); a round cut short is
    judged by the points in hand, at half weight."""
    rules = rnd.rules
    end = rnd.end
    if end is None:
        points = [
            (
                100
                if rules.scoring == "hand" and not rnd.opened[s]
                else sum(rnd.card_value(c) for c in rnd.hands[s])
            )
            for s in range(rules.players)
        ]
        return -0.5 * _margin(rules, points, seat, rnd.seats)
    if not end.scored or end.winner is None:
        return 0.0
    scores = round_scores(rules, end, rnd.seats)
    sign = 1.0 if higher_is_better(rules) else -1.0
    return sign * _margin(rules, scores, seat, rnd.seats)


def _margin(rules: Rules, points: list[int], seat: int, seats: list[int]) -> float:
    groups = [g for g in sides(rules) if any(s in seats for s in g)]
    mine = next(g for g in groups if seat in g)
    others = [sum(points[s] for s in g) for g in groups if g is not mine]
    return sum(points[s] for s in mine) - (sum(others) / len(others) if others else 0.0)

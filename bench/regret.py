"""Expert's decisions judged by an oracle that knows the other hands: a quick screen.

    .venv/bin/python bench/regret.py --preset classic --rounds 60 --save /tmp/classic.pkl
    .venv/bin/python bench/regret.py --load /tmp/classic.pkl z=1.0 infer=False cheat
    .venv/bin/python bench/regret.py --load /tmp/classic.pkl --draws "" cheat

bench/rounds.py plays whole rounds, the true measure, but it needs hundreds of deals
(about 15 minutes on two cores) to tell two versions of expert a point a round apart.
This bench looks only at the decisions. It plays seeded rounds of hard bots and keeps
every other decision of seat 0 at which expert compares two lines of play or more (the
lines of game/bots/expert.py with ``--alternatives`` other discards), with the hands
really held. The oracle plays every line in ``--worlds`` deals of the stock around the
true hands, then the playout policy to the end of the round, and takes the mean of the
round's points (the judge's margin). A version's regret at a decision is the best line's
value less the best value of the lines that start with the action it chose; the bench
prints each version's mean regret, its gain over hard's choices and how often it left
them, by kind of decision. The oracle is computed once (``--save``); every version is
then judged on the same decisions (``--load``), a minute each.

A version is the expert's `Budget` with ``key=value`` fields replaced (comma-separated
within one version); ``cheat`` gives that version the true hands as well, the bound
that better guessing could reach.

It is a screen, not a verdict: the oracle's noise (a few points at a decision) decides
the gain of the rare decisions where expert leaves hard, and its playouts are not how
expert and hard go on. Confirm with bench/rounds.py. Measured with this method (classic,
150 worlds, every other decision of 60 rounds; the oracle's deals seeded differently):

* seeds 1-60, 786 decisions: hard's regret 1.39 ± 0.15 points a decision; expert that
  knew the hands gained +0.31 ± 0.11 a decision over hard (it left hard's action 51
  times, most often to take the discard where hard draws); expert as it guesses -0.03 ±
  0.04 (16 times);
* seeds 1001-1060, 719 decisions: expert +0.07 a decision (22 times), knowing the hands
  +0.62.
* seeds 2001-2060 (session 13, with inference), 709 decisions: hard's regret 2.38 ± 0.31;
  expert +0.054 ± 0.040 (17 times); knowing the hands +1.21 ± 0.28 (69 times, above all
  the draw: the discard taken where hard draws 41 times, +503 points in all, drawn where
  hard takes 9 times, +316); knowing only how many cards each hand cannot meld (of 30
  guesses the nearest to it, a scratch variant) +0.11 ± 0.09; three times the work
  (work=18000) -0.05 ± 0.09; z=1.0 +0.16 ± 0.14. What the guesses lack is which cards
  are where, not how near a hand is to going out.

``--draws`` is a finer screen of the guesses, where they matter most: at every draw
decision whose oracle compared taking the discard with drawing, it takes each version's
estimate of the difference (the mean over the deals its search plays, game/bots/expert.py
`line_values`) and prints its correlation with the oracle's, and the points that taking
where the estimate is above 0 gains over always drawing (the oracle's own choice bounds
it; its noise inflates that bound). Every decision counts, not only the few where expert
leaves hard, so two ways of guessing compare in a minute. Classic, seeds 2001-2060 (557
draw decisions; hard's takes +1458 points, the oracle's +3082): expert 0.659 (+1541),
without inference 0.614 (+1376), knowing the hands 0.875 (+2210). Session 14 tried, with
a scratch script like it: a guessed hand in which the card its seat last threw would have
melded counted 0.3 or 0 times (0.662, 0.664: no better); a hand in which a card its seat
took from the pile and still holds makes no meld counted 0.1 or 0 times (0.655, 0.639:
worse); 32 deals per guess (0.655) or 1 (0.629). Session 15: a guessed hand weighed by
the odds that its seat would have thrown its last discard from it (each card's odds
exp(β × (its points less 6 for each neighbour in hand)), as the playouts throw), β 0.05,
0.15, 0.3, 1.0: 0.649, 0.633, 0.643, 0.656 (no better). Session 16, same decisions: judged
after 1, 3 or 4 turns 0.648, 0.658, 0.641; the judge's shape for classic (judge.py `SHAPES`)
with a double's weight 0.4 or 1.0 (it has 0) 0.650, 0.614, melded points not counted 0.659,
a spread of 0.6 (0.3) 0.655: none better. On the regret screen (built with
``--alternatives 10``), expert with 4 or 10 other discards gains what it gains with 2 (+0.053
a decision: at z 2 it leaves hard's discard no more often); z 1.5, 1.0, 0.5: +0.063 ± 0.073,
+0.157 ± 0.137, +0.040 ± 0.164 (noise). A judge that counts a seat with nothing down and
at most 1 card from out as sure to go out in one: draws 0.656; and its takings as every card
still held, at 1 or 2 cards from out: draws 0.629, 0.633, every decision +0.042 ± 0.052 (no
better). At these decisions, taken from rounds of hard bots, expert never lays its melds
down where hard keeps them, with either judge; in its own matches against hard that is its
most frequent departure, and its main gain (game/bots/expert.py `Budget.medium`), so this
screen does not see it. Rommé, seeds 2001-2040, 265 decisions: expert 0.420, knowing the
hands 0.564 (judged after 2 turns; played to the end 0.441).
"""

from __future__ import annotations

import argparse
import dataclasses
import math
import pickle
import random
import sys
from collections import defaultdict
from collections.abc import Iterator
from concurrent.futures import Executor, ProcessPoolExecutor
from contextlib import contextmanager, nullcontext
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game import actions as A
from game.bots import chooser, expert
from game.bots.common import rng_for
from game.bots.hard import choose_hard
from game.bots.judge import Judge
from game.cards import Card
from game.determinize import Determinizer
from game.match import Match, Player
from game.rollout import Playout
from game.rules import PRESETS, preset
from game.state import Round
from game.view import PlayerView, view_for

Hands = dict[int, list[Card]]
Decision = tuple[PlayerView, Hands, list[expert.Line]]


def decisions(job: tuple[str, int, int, int]) -> list[Decision]:
    """Every other decision of seat 0 in one round of hard bots where expert compares lines."""
    name, players, seed, alternatives = job
    rules = preset(name, players=players)
    wide = dataclasses.replace(expert.budget_for(rules), alternatives=alternatives)
    hard = chooser("hard")
    seats = [Player(f"P{i}", "bot", "hard") for i in range(players)]
    match = Match(rules, seats, seed)
    out: list[Decision] = []
    found = 0
    while not match.results:
        view = view_for(match, match.current)
        if view.seat == 0 and len(view.legal) > 1:
            base = choose_hard(view)
            if not isinstance(base, A.Redeal | A.Undo | A.Announce):
                det = Determinizer(view)
                lines = expert._lines(view, det, rng_for(view, "expert"), base, wide)
                if len(lines) > 1:
                    if found % 2 == 0:
                        hands = {s: list(match.round.hands[s]) for s in det.others}
                        out.append((view, hands, lines))
                    found += 1
        match.apply(hard(view))
    return out


def true_world(det: Determinizer, hands: Hands, rng: random.Random) -> Round:
    """The round with the hands really held and the rest of the hidden cards shuffled."""
    rnd = det.root.copy(random.Random(rng.getrandbits(32)))
    held: set[Card] = set()
    for seat in det.others:
        rnd.hands[seat] = list(hands[seat])
        held.update(hands[seat])
    if det.stock_known is not None:
        rnd.stock = list(reversed(det.stock_known))
    else:
        rnd.stock = [c for c in det.pool if c not in held]
        rng.shuffle(rnd.stock)
    return rnd


def oracle(job: tuple[Decision, int]) -> list[float]:
    """Each line's mean points over ``worlds`` true deals, played to the round's end."""
    (view, hands, lines), worlds = job
    det = Determinizer(view)
    judge = Judge(view.seat, view.rules)
    rng = random.Random(1)
    sums = [0.0] * len(lines)
    for _ in range(worlds):
        world = true_world(det, hands, rng)
        seed = rng.getrandbits(32)
        for i, line in enumerate(lines):
            rnd = world.copy(random.Random(seed))
            if any(rnd.step(a) is not None for a in line):
                sums[i] = -math.inf
                continue
            Playout(random.Random(seed + 1), expert.BUDGET.hold, 0.0).run(rnd, 10_000)
            sums[i] += judge(rnd)
    return [s / worlds for s in sums]


@contextmanager
def knowing(hands: Hands) -> Iterator[None]:
    """Expert's guesses replaced by the true hands (the stock still shuffled)."""
    sample = Determinizer.sample

    def truth(self: Determinizer, rng: random.Random, *_: object) -> Round:
        return true_world(self, hands, rng)

    Determinizer.sample = truth  # type: ignore[method-assign, assignment]
    try:
        yield
    finally:
        Determinizer.sample = sample  # type: ignore[method-assign]


def choice(job: tuple[Decision, dict[str, object], bool]) -> A.Action:
    """The action a version of expert chooses at a decision."""
    (view, hands, _), fields, cheat = job
    budget = dataclasses.replace(expert.budget_for(view.rules), **fields)  # type: ignore[arg-type]
    if not cheat:
        return expert.decide(view, budget)
    with knowing(hands):
        return expert.decide(view, budget)


def draw_estimate(job: tuple[Decision, dict[str, object], bool]) -> float:
    """A version's estimate of taking the discard rather than drawing: the mean difference
    of the two lines over the deals its search plays."""
    (view, hands, _), fields, cheat = job
    budget = dataclasses.replace(expert.budget_for(view.rules), **fields)  # type: ignore[arg-type]
    lines: list[expert.Line] = [(A.Take(),), (A.Draw(),)]
    with knowing(hands) if cheat else nullcontext():
        det = Determinizer(view)
        take, draw = expert.line_values(view, det, rng_for(view, "expert"), lines, budget)
    return sum(take) / len(take) - sum(draw) / len(draw)


def draw_screen(
    found: list[Decision], values: list[list[float]], versions: list[str], pool: Executor
) -> None:
    """Per version, how well its estimate of taking the discard rather than drawing follows
    the oracle's, and what taking where it says so gains."""
    gains: list[float] = []
    picked: list[Decision] = []
    for decision, v in zip(found, values, strict=True):
        by_action = {line[0]: x for line, x in zip(decision[2], v, strict=True)}
        if decision[0].phase == "draw" and A.Take() in by_action and A.Draw() in by_action:
            gains.append(by_action[A.Take()] - by_action[A.Draw()])
            picked.append(decision)
    takes = [choose_hard(view) == A.Take() for view, _, _ in picked]
    hard = sum(g for g, t in zip(gains, takes, strict=True) if t)
    print(
        f"{len(picked)} draw decisions: taking the discard where hard does gains {hard:+.0f} "
        f"points over always drawing; where the oracle does, {sum(max(g, 0) for g in gains):+.0f}"
    )
    for text in versions or [""]:
        fields, cheat = _version(text)
        guesses = list(pool.map(draw_estimate, [(d, fields, cheat) for d in picked]))
        taken = sum(g for g, e in zip(gains, guesses, strict=True) if e > 0)
        print(
            f"{text or 'expert'}: its estimate's correlation with the oracle's "
            f"{correlation(gains, guesses):.3f}; taking where it is above 0 gains {taken:+.0f}"
        )


def correlation(xs: list[float], ys: list[float]) -> float:
    """Pearson's correlation of two series."""
    n = len(xs)
    mx, my = sum(xs) / n, sum(ys) / n
    cov = sum((x - mx) * (y - my) for x, y in zip(xs, ys, strict=True))
    vx = sum((x - mx) ** 2 for x in xs)
    vy = sum((y - my) ** 2 for y in ys)
    return cov / math.sqrt(vx * vy) if vx and vy else 0.0


def regret(lines: list[expert.Line], values: list[float], action: A.Action) -> float:
    """The best line's value less the best of those that start with ``action`` (0 if none:
    a version whose lines differ is judged only where it plays a line the oracle knows)."""
    got = [v for line, v in zip(lines, values, strict=True) if line[0] == action]
    return max(values) - max(got) if got else 0.0


def mean_se(xs: list[float]) -> tuple[float, float]:
    n = len(xs)
    m = sum(xs) / n
    return m, math.sqrt(sum((x - m) ** 2 for x in xs) / max(1, n - 1) / n)


def _version(text: str) -> tuple[dict[str, object], bool]:
    fields: dict[str, object] = {}
    cheat = False
    names = {f.name: f for f in dataclasses.fields(expert.Budget)}
    for item in filter(None, text.split(",")):
        key, _, value = item.partition("=")
        if key == "cheat":
            cheat = True
        elif key not in names:
            raise SystemExit(f"not a Budget field: {key} (fields: {', '.join(sorted(names))})")
        else:
            kind = type(getattr(expert.BUDGET, key))
            fields[key] = value == "True" if kind is bool else kind(value)
    return fields, cheat


def main() -> int:
    """Build or load the oracle's decisions, then judge each version on them."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--preset", default="classic", choices=PRESETS)
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--rounds", type=int, default=60)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--worlds", type=int, default=150)
    parser.add_argument("--alternatives", type=int, default=4)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--save", help="keep the decisions and the oracle's values here")
    parser.add_argument("--load", help="decisions and values saved by --save")
    parser.add_argument(
        "--draws", action="store_true", help="screen the estimates of take against draw"
    )
    parser.add_argument("versions", nargs="*", help="expert versions: key=value,... or cheat")
    args = parser.parse_args()
    with ProcessPoolExecutor(max(1, args.jobs)) as pool:
        if args.load:
            found, values = pickle.loads(Path(args.load).read_bytes())
        else:
            jobs = [
                (args.preset, args.players, args.seed + k, args.alternatives)
                for k in range(args.rounds)
            ]
            found = [d for ds in pool.map(decisions, jobs) for d in ds]
            values = list(pool.map(oracle, [(d, args.worlds) for d in found], chunksize=4))
            if args.save:
                Path(args.save).write_bytes(pickle.dumps((found, values)))
        if args.draws:
            draw_screen(found, values, args.versions, pool)
            return 0
        hard = [
            regret(lines, v, lines[0][0]) for (_, _, lines), v in zip(found, values, strict=True)
        ]
        m, se = mean_se(hard)
        print(f"{len(found)} decisions; hard's regret {m:.3f} ± {se:.3f} points a decision")
        for text in args.versions or [""]:
            fields, cheat = _version(text)
            jobs2 = [(d, fields, cheat) for d in found]
            chosen = list(pool.map(choice, jobs2, chunksize=4))
            gains: dict[str, list[float]] = defaultdict(list)
            every: list[float] = []
            for (view, _, lines), v, action, h in zip(found, values, chosen, hard, strict=True):
                gain = h - regret(lines, v, action)
                every.append(gain)
                kind = view.phase
                if action != lines[0][0]:
                    kind += f": {type(action).__name__} for hard's {type(lines[0][0]).__name__}"
                gains[kind].append(gain)
            m, se = mean_se(every)
            print(f"{text or 'expert'}: gain over hard {m:+.3f} ± {se:.3f} points a decision")
            for kind, xs in sorted(gains.items()):
                if kind not in ("draw", "play"):
                    print(f"    {kind:40} {len(xs):4} times, {sum(xs):+7.1f} points in all")
    return 0


if __name__ == "__main__":
    sys.exit(main())

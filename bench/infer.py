"""How well search guesses the other hands: even chances against the fitted inference.

    .venv/bin/python bench/infer.py                          # classic, a report
    .venv/bin/python bench/infer.py --presets standard,hand --fit

Plays seeded rounds of hard bots and stops at seat 0's draws (every other one) to keep
the view and the hands really held. For each position it deals the hidden cards as
expert does (game/determinize.py with the odds of game/bots/inference.py and expert's
weight of a guessed hand), ``--guesses`` times, and prints:

* ``brier``: the mean squared error of each hidden card's share of guesses that put it
  in a hand, against where it really is (lower is better);
* ``held``: the share of a hand's hidden cards that a guess puts there (higher is better);
* for hands whose seat has put nothing down yet, the cards the solver cannot meld in the
  real hands and in the guesses, by turns taken: guesses less built up than real hands
  hide a seat about to go out. Two seats, 40 check rounds, turns 0-2 / 3-5 / 6 and more:
  classic real 7.30 / 5.65 / 4.17, guessed 7.45 / 6.36 / 5.56; Hand real 8.39 / 6.42 /
  4.35, guessed 10.52 / 10.41 / 9.28. A weight that made classic's guesses as built up
  as the real hands (and standard's nearly so) lost points against hard (classic, 500
  deals: -1.1 ± 1.0 a round, paired), so the guesses stay as they are for now.

``--fit`` fits the features' weights (a logistic model of "this card is in that hand",
by gradient descent) on deals with even seeds and reports on odd ones, printing the
weights for inference.MODELS.
"""

from __future__ import annotations

import argparse
import math
import random
import sys
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.bots import chooser
from game.bots.inference import Model, card_odds, features, hand_weight, model_for
from game.cards import Card
from game.determinize import Determinizer
from game.match import Match, Player
from game.rules import preset
from game.solver import best_melds
from game.view import PlayerView, view_for

Position = tuple[PlayerView, dict[int, set[Card]]]


def positions(name: str, players: int, seeds: range) -> list[Position]:
    """Seat 0's view at every other draw of hard bots' rounds, with the hands really held."""
    rules = preset(name, players=players)
    hard = chooser("hard")
    out: list[Position] = []
    for seed in seeds:
        match = Match(rules, [Player(f"P{i}", "bot", "hard") for i in range(players)], seed)
        draws = 0
        while not match.results:
            view = view_for(match, match.current)
            if match.current == 0 and view.phase == "draw" and len(view.history) > 4:
                if draws % 2 == 0:
                    hands = {s: set(match.round.hands[s]) for s in view.active if s != 0}
                    out.append((view, hands))
                draws += 1
            match.apply(hard(view))
    return out


def examples(found: list[Position]) -> tuple[list[list[float]], list[float]]:
    """Each hidden card's features for each other seat, and whether that seat holds it."""
    xs: list[list[float]] = []
    ys: list[float] = []
    for view, hands in found:
        pool = Determinizer(view).pool
        for seat, feats in features(view, pool).items():
            for card, x in feats.items():
                xs.append([1.0, *x])
                ys.append(1.0 if card in hands[seat] else 0.0)
    return xs, ys


def fit(xs: list[list[float]], ys: list[float], steps: int = 600, rate: float = 1.0) -> list[float]:
    """Logistic regression by plain gradient descent (the first weight is the bias)."""
    w = [0.0] * len(xs[0])
    n = len(xs)
    for _ in range(steps):
        grad = [0.0] * len(w)
        for x, y in zip(xs, ys, strict=True):
            err = 1 / (1 + math.exp(-sum(a * b for a, b in zip(w, x, strict=True)))) - y
            for j, xj in enumerate(x):
                grad[j] += err * xj
        w = [wj - rate * g / n for wj, g in zip(w, grad, strict=True)]
    return w


def report(found: list[Position], model: Model | None, guesses: int) -> tuple[float, float]:
    """(brier, held) of guesses dealt as expert deals them (even chances without a model)."""
    sq = 0.0
    cells = 0
    held = 0.0
    hands_seen = 0
    for k, (view, hands) in enumerate(found):
        det = Determinizer(view)
        odds = card_odds(view, det.pool, model) if model else None
        weigh = hand_weight(view, model)
        rng = random.Random(k)
        counts: dict[int, Counter[Card]] = {s: Counter() for s in hands}
        for _ in range(guesses):
            guess = det.sample(rng, weigh, 8, odds)
            for s in hands:
                counts[s].update(guess.hands[s])
        for s, cards in hands.items():
            for card in det.pool:
                share = counts[s][card] / guesses
                sq += (share - (card in cards)) ** 2
                cells += 1
            hidden = [c for c in cards if c in det.pool]
            if hidden:
                held += sum(counts[s][c] for c in hidden) / guesses / len(hidden)
                hands_seen += 1
    return sq / max(1, cells), held / max(1, hands_seen)


def built(found: list[Position], model: Model | None, guesses: int) -> list[tuple[float, float]]:
    """For hands whose seat has put nothing down, by its turns taken (0-2, 3-5, 6 and
    more): the mean count of cards the solver cannot meld, in the real hands and in the
    guesses. Guesses less built up than the real hands make search blind to a seat about
    to go out."""
    real: list[list[int]] = [[], [], []]
    guessed: list[list[int]] = [[], [], []]
    for k, (view, hands) in enumerate(found):
        det = Determinizer(view)
        odds = card_odds(view, det.pool, model) if model else None
        weigh = hand_weight(view, model)
        rng = random.Random(k)
        for s, cards in hands.items():
            if view.played_before[s]:
                continue
            b = min(view.turns_taken[s] // 3, 2)
            real[b].append(_loose(view, list(cards)))
            for _ in range(guesses):
                guessed[b].append(_loose(view, det.sample(rng, weigh, 8, odds).hands[s]))
    pairs = zip(real, guessed, strict=True)
    return [(sum(r) / max(1, len(r)), sum(g) / max(1, len(g))) for r, g in pairs]


def _loose(view: PlayerView, cards: list[Card]) -> int:
    keep = 1 if view.rules.out_requires_discard else 0
    return len(best_melds(cards, view.wilds, view.rules, keep=keep).deadwood)


def main() -> int:
    """Report (and with --fit, fit) per preset."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--presets", default="classic")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--rounds", type=int, default=40, help="check rounds (and as many to fit)")
    parser.add_argument("--guesses", type=int, default=30)
    parser.add_argument("--fit", action="store_true")
    args = parser.parse_args()
    for name in args.presets.split(","):
        rules = preset(name, players=args.players)
        check = positions(name, args.players, range(1, 2 * args.rounds, 2))
        model = model_for(rules)
        if args.fit:
            train = positions(name, args.players, range(0, 2 * args.rounds, 2))
            w = fit(*examples(train))
            model = Model(tuple(round(x, 2) for x in w[1:]), model.connected if model else 0.6)
            print(f"{name}: fitted {model} (bias {w[0]:.2f})")
        even = report(check, None, args.guesses)
        print(f"{name} {args.players} seats, {len(check)} positions")
        print(f"  even chances     brier {even[0]:.4f}  held {even[1]:.1%}")
        if model is not None:
            got = report(check, model, args.guesses)
            print(f"  inferred         brier {got[0]:.4f}  held {got[1]:.1%}")
            rows = built(check, model, max(1, args.guesses // 10))
            print(
                "  loose cards of hands kept whole, real / guessed: "
                + ", ".join(
                    f"turns {t}: {r:.2f} / {g:.2f}"
                    for t, (r, g) in zip(("0-2", "3-5", "6+"), rows, strict=True)
                )
            )
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""Meld solver micro-benchmark: ``best_melds`` on random hands (run: python bench/solver.py).

Two hand types from the solver's brief: a 15-card Hand hand (two decks, indicator 8C, so
both AC copies are wild; other cards random, jokers included as natural aces) and a
14-card Rommé hand with two jokers. ``--dense`` draws the other cards from six ranks only,
a harder case (many overlapping sets and runs). Prints p50/p95/max per type and goal.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.cards import Card, Face, make_deck
from game.match import wild_info
from game.melds import WildInfo
from game.rules import Rules, preset
from game.solver import best_melds

Hands = tuple[Rules, WildInfo, list[list[Card]]]


def hands(kind: str, count: int, seed: int, dense: bool) -> Hands:
    """Random hands of one type, with the round's rules and wilds."""
    rng = random.Random(seed)
    if kind == "hand":
        rules = preset("hand", players=4)
        wilds = wild_info(rules, Card(Face.parse("8C"), 0))
        size = 15
    else:
        rules = preset("romme", players=3)
        wilds = wild_info(rules, None)
        size = 14
    deck = make_deck(rules.decks, rules.jokers)
    forced = [c for c in deck if wilds.is_wild(c)][:2]
    pool = [c for c in deck if not wilds.is_wild(c) and c.face != Face.parse("8C")]
    if dense:
        pool = [c for c in pool if c.rank in (3, 4, 5, 6, 7, 8)]
    return rules, wilds, [forced + rng.sample(pool, size - 2) for _ in range(count)]


def timings(rules: Rules, wilds: WildInfo, all_hands: list[list[Card]], goal: str) -> list[float]:
    """Seconds per ``best_melds`` call, sorted."""
    out = []
    for hand in all_hands:
        start = time.perf_counter()
        best_melds(hand, wilds, rules, goal=goal, keep=1)
        out.append(time.perf_counter() - start)
    return sorted(out)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--dense", action="store_true")
    args = parser.parse_args()
    for kind in ("hand", "romme"):
        rules, wilds, all_hands = hands(kind, args.hands, args.seed, args.dense)
        for goal in ("deadwood", "opening"):
            t = timings(rules, wilds, all_hands, goal)
            p50, p95 = t[len(t) // 2] * 1e3, t[int(len(t) * 0.95)] * 1e3
            worst = t[-1] * 1e3
            print(f"{kind:6} {goal:8} p50 {p50:6.2f} ms  p95 {p95:6.2f} ms  max {worst:6.2f} ms")


if __name__ == "__main__":
    main()

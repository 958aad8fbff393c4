"""Meld solver micro-benchmark: ``best_melds`` on random hands (run: python bench/solver.py).

Three parts, each printing p50/p95/max per row and goal (``keep`` = 1 where the rules make
a player keep a card for the last discard, as the bots ask):

- ``typical``: 13-15 cards dealt at random from each preset's own deck (Hand: a random
  indicator, so its wild aces and joker-aces come as dealt), plus Standard with its wild
  options on (two decks, six jokers, twos wild, no wild limit). Budget: p95 <= 0.5 ms.
- ``two wilds``: the earlier brief's types, a 15-card Hand hand holding both wild aces
  (indicator 8C) and a 14-card Rommé hand holding two jokers; ``--dense`` draws their
  other cards from six ranks only (many overlapping sets and runs).
- ``stress``: hard random hands: Rommé with all six jokers and nine naturals from five
  ranks, and Standard with eight wilds (jokers and twos, no wild limit) and seven
  naturals of one suit. Prints the slowest hand.
- ``worst``: the slowest hands a search over such hands found (many wilds with a long
  holding of one suit), each timed on its own.

Times are the process's CPU time per call (``time.process_time``), the least of
``--repeat`` calls per hand, so a busy machine (other jobs on the same cores) inflates
them less than it would wall-clock time or a single call.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.cards import Card, Face, Suit, make_deck
from game.match import wild_info
from game.melds import WildInfo
from game.rules import Rules, preset
from game.solver import best_melds

Case = tuple[Rules, WildInfo, list[Card]]
WILD_STANDARD = dict(decks=2, jokers=6, wilds="jokers_and_twos", wild_limit="none")
WORST: list[tuple[str, dict[str, object], str]] = [
    ("romme", {}, "JK JK JK JK JK 7S KS JS AS 8S 9S 10S 6S QS"),
    ("romme", {}, "JK JK JK 7H 3H 9H 6H 2H 4H AH JH 10H 5H 5H 8H"),
    ("romme", dict(wild_limit="none"), "JK JK JK JK 10S 4S JS 3S 3S 2S 7S AS 5S AS 6S"),
    ("standard", WILD_STANDARD, "2D 2H 2S JK 8D QD AD KD JD 5D 7D 9D 3D 4D 10D"),
]


def _keep(rules: Rules) -> int:
    return 1 if rules.out_requires_discard else 0


def typical(name: str, count: int, rng: random.Random) -> list[Case]:
    """Hands of 13-15 cards dealt from the preset's deck."""
    options = WILD_STANDARD if name == "standard+wilds" else {}
    rules = preset(name.split("+")[0], players=2, **options)
    out = []
    for _ in range(count):
        deck = list(make_deck(rules.decks, rules.jokers))
        rng.shuffle(deck)
        indicator = None
        if rules.wilds == "indicator":
            indicator = next(c for c in deck if not c.face.is_joker)
            deck.remove(indicator)
        out.append((rules, wild_info(rules, indicator), deck[: rng.randint(13, 15)]))
    return out


def two_wilds(kind: str, count: int, rng: random.Random, dense: bool) -> list[Case]:
    """The earlier benchmark's hands: two wilds forced, the rest random."""
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
    return [(rules, wilds, forced + rng.sample(pool, size - 2)) for _ in range(count)]


def stress(kind: str, count: int, rng: random.Random) -> list[Case]:
    """The hardest hands found: many wilds with close naturals."""
    if kind == "romme":
        rules = preset("romme", players=2)
        deck = make_deck(2, 6)
        wild = [c for c in deck if c.face.is_joker]
        low = rng.randint(1, 9)
        pool = [c for c in deck if c.rank in range(low, low + 5)]
        nat = 9
    else:
        rules = preset("standard", players=2, **WILD_STANDARD)
        deck = make_deck(2, 6)
        wild = [c for c in deck if c.face.is_joker or c.rank == 2]
        suit = rng.choice(list(Suit))
        pool = [c for c in deck if c.suit == suit and c.rank != 2]
        nat = 7
    wilds = wild_info(rules, None)
    return [
        (rules, wilds, rng.sample(wild, 15 - nat) + rng.sample(pool, nat)) for _ in range(count)
    ]


def worst(repeat: int) -> None:
    """Time the slowest hands found, one by one (the n-th time a face is named, copy n)."""
    for name, options, text in WORST:
        rules = preset(name, players=2, **options)
        hand: list[Card] = []
        for word in text.split():
            face = Face.parse(word)
            hand.append(Card(face, sum(c.face == face for c in hand)))
        case = [(rules, wild_info(rules, None), hand)]
        times = [timings(case, goal, repeat)[0][0] * 1e3 for goal in ("deadwood", "opening")]
        limit = "" if not options else f" ({rules.wild_limit})"
        print(f"worst {name}{limit}: {text}: {times[0]:.2f} / {times[1]:.2f} ms")


def timings(cases: list[Case], goal: str, repeat: int) -> list[tuple[float, list[Card]]]:
    """CPU seconds per ``best_melds`` call (least of ``repeat``) with its hand, by time."""
    out = []
    for rules, wilds, hand in cases:
        least = float("inf")
        for _ in range(repeat):
            start = time.process_time()
            best_melds(hand, wilds, rules, goal=goal, keep=_keep(rules))
            least = min(least, time.process_time() - start)
        out.append((least, hand))
    return sorted(out, key=lambda x: x[0])


def report(label: str, cases: list[Case], repeat: int, slowest: bool = False) -> None:
    """Print p50/p95/max per goal (and the slowest hand)."""
    for goal in ("deadwood", "opening"):
        got = timings(cases, goal, repeat)
        t = [s for s, _ in got]
        p50, p95 = t[len(t) // 2] * 1e3, t[int(len(t) * 0.95)] * 1e3
        worst = t[-1] * 1e3
        line = f"{label:16} {goal:8} p50 {p50:6.2f} ms  p95 {p95:6.2f} ms  max {worst:7.2f} ms"
        if slowest:
            line += "  slowest: " + " ".join(str(c) for c in got[-1][1])
        print(line)


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--hands", type=int, default=1000, help="hands per typical row")
    parser.add_argument("--stress", type=int, default=200, help="hands per stress row")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--repeat", type=int, default=5, help="calls per hand (least counts)")
    parser.add_argument("--dense", action="store_true", help="dense 'two wilds' hands")
    parser.add_argument("--only", choices=("typical", "two", "stress", "worst"), default=None)
    args = parser.parse_args()
    parts: dict[str, Callable[[random.Random], None]] = {
        "typical": lambda rng: [
            report(f"typical {name}", typical(name, args.hands, rng), args.repeat)
            for name in ("classic", "standard", "standard+wilds", "romme", "hand")
        ],
        "two": lambda rng: [
            report(f"two wilds {kind}", two_wilds(kind, args.hands, rng, args.dense), args.repeat)
            for kind in ("hand", "romme")
        ],
        "stress": lambda rng: [
            report(f"stress {kind}", stress(kind, args.stress, rng), args.repeat, slowest=True)
            for kind in ("romme", "standard")
        ],
        "worst": lambda rng: [worst(args.repeat)],
    }
    for name, run in parts.items():
        if args.only in (None, name):
            run(random.Random(f"{args.seed}|{name}"))


if __name__ == "__main__":
    main()

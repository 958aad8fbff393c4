"""Bot strength and speed benchmark (issue targets): head-to-head win rates with a 95%
confidence interval, and decision times per level, for every preset.

    .venv/bin/python bench/bots.py --games 1000            # the full table (slow)
    .venv/bin/python bench/bots.py --games 100 --presets hand
"""

from __future__ import annotations

import argparse
import json
import math
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from commands.simulate import simulate
from game.rules import PRESETS

PAIRS = [("hard", "medium", 0.58), ("medium", "easy", 0.70), ("easy", "random", 0.90)]


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """95% confidence interval of a win share."""
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return centre - half, centre + half


def main() -> int:
    """Run the head-to-head table and a four-player Hand table for decision times."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--presets", default=",".join(PRESETS))
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    rows = []
    for name in args.presets.split(","):
        for strong, weak, target in PAIRS:
            result = simulate(name, [strong, weak], args.games, args.seed)
            wins = result["seats"][0]["wins"]
            low, high = wilson(wins, result["matches"])
            rows.append(
                {
                    "preset": name,
                    "pair": f"{strong}-{weak}",
                    "share": wins / result["matches"],
                    "ci95": [round(low, 3), round(high, 3)],
                    "target": target,
                    "decision_ms": result["decision_ms"],
                    "errors": len(result["errors"]),
                }
            )
            print(
                f"{name:9} {strong:>6} vs {weak:<6} {wins / result['matches']:6.1%} "
                f"[{low:.1%}, {high:.1%}] target {target:.0%}",
                flush=True,
            )
    four = simulate("hand", ["hard", "medium", "easy", "hard"], max(args.games // 10, 5), args.seed)
    print("4-player Hand decision ms:", json.dumps(four["decision_ms"]))
    if args.json:
        print(json.dumps({"pairs": rows, "hand4": four["decision_ms"]}, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())

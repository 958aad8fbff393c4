"""Bot strength and speed benchmark (issue targets): head-to-head win rates with a 95%
confidence interval, and decision times per level, for every preset.

    .venv/bin/python bench/bots.py --games 1000            # the full table (slow)
    .venv/bin/python bench/bots.py --games 100 --presets hand --pairs hard-medium
    .venv/bin/python bench/bots.py --games 1000 --pairs hard-medium --hand4 0   # no 4p table
    nice -n 10 .venv/bin/python bench/bots.py --games 200 --pairs expert-hard,expert-medium \
        --jobs 2 --hand4 20 --hand4-levels expert,medium,easy,hard

``--pairs`` takes any two levels ``strong-weak`` (game/bots LEVELS); the pairs with an issue
target are listed in PAIRS. The four-player Hand table (``--hand4`` matches, seated as
``--hand4-levels``) gives decision times where the bots have the most to think about;
``--save`` keeps it too, and ``--tally`` prints each level's slowest times over the tables
of a version (``--pairs "" --hand4 20`` plays the table alone).

The matches of one row are split into ``--jobs`` parts played in parallel processes; part
k uses seed ``S + k * 100000`` (each part is itself duplicate-style: every deal is played
from both seats).
"""

from __future__ import annotations

import argparse
import ast
import hashlib
import json
import math
import os
import sys
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from commands.simulate import simulate
from game.bots import LEVELS, chooser
from game.rules import PRESETS

ROOT = Path(__file__).resolve().parent.parent

PAIRS = [("hard", "medium", 0.58), ("medium", "easy", 0.70), ("easy", "random", 0.90)]
TARGETS = {f"{a}-{b}": t for a, b, t in PAIRS} | {"expert-medium": 0.58, "expert-hard": 0.60}


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """95% confidence interval of a win share."""
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return centre - half, centre + half


def version(levels: list[str]) -> str:
    """A hash of the code that a match of ``levels`` runs: the game/ modules that
    commands/simulate.py and the levels' own modules import, directly or not (never
    game/bots/__init__.py, which imports every level), without comments and docstrings.
    Rows of one version add up; a change to one level's code leaves the rows of pairs
    without it standing, and a change to the prose leaves every row standing."""
    game = ROOT / "game"
    todo = [ROOT / "commands" / "simulate.py"]
    todo += [game / "bots" / f"{chooser(lv).__module__.rsplit('.', 1)[-1]}.py" for lv in levels]
    trees: dict[Path, ast.Module] = {}
    while todo:
        path = todo.pop()
        if path in trees or path == game / "bots" / "__init__.py" or not path.is_file():
            continue
        trees[path] = tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom):
                base = path.parents[node.level - 1] if node.level else ROOT
                module = base.joinpath(*(node.module or "").split("."))
                todo += [module.with_suffix(".py"), module / "__init__.py"]
                todo += [module / f"{a.name}.py" for a in node.names]
    digest = hashlib.sha256()
    for path in sorted(p for p in trees if game in p.parents):
        digest.update(path.relative_to(ROOT).as_posix().encode())
        digest.update(_code(trees[path]).encode())
    return digest.hexdigest()[:12]


def _code(tree: ast.Module) -> str:
    """A module's code without its comments and docstrings (which change no play)."""
    for node in ast.walk(tree):
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
            first = node.body[0] if node.body else None
            value = first.value if isinstance(first, ast.Expr) else None
            if isinstance(value, ast.Constant) and isinstance(value.value, str):
                node.body = node.body[1:] or [ast.Pass()]
    return ast.dump(tree)


def seeds_of(games: int, seed: int, jobs: int, players: int = 2) -> list[range]:
    """The deals' seeds that `play` uses: one range per part."""
    return [
        range(seed + k * 100_000, seed + k * 100_000 + n // players)
        for k, n in enumerate(_sizes(games, jobs, players))
    ]


def _sizes(games: int, jobs: int, players: int) -> list[int]:
    sizes = [games // jobs + (1 if k < games % jobs else 0) for k in range(jobs)]
    return [n + -n % players for n in sizes if n]  # whole rotations


def play(name: str, levels: list[str], games: int, seed: int, jobs: int) -> dict[str, Any]:
    """``simulate`` split over processes; wins, matches and decision times merged."""
    sizes = _sizes(games, jobs, len(levels))
    with ProcessPoolExecutor(len(sizes)) as pool:
        parts = list(
            pool.map(
                simulate,
                [name] * len(sizes),
                [levels] * len(sizes),
                sizes,
                [seed + k * 100_000 for k in range(len(sizes))],
            )
        )

    def worst(level: str, key: str) -> float:
        return float(max(p["decision_ms"].get(level, {}).get(key, 0) for p in parts))

    return {
        "matches": sum(p["matches"] for p in parts),
        "wins": sum(p["seats"][0]["wins"] for p in parts),
        "p50_ms": {lv: worst(lv, "p50") for lv in levels},
        "p95_ms": {lv: worst(lv, "p95") for lv in levels},
        "max_ms": {lv: worst(lv, "max") for lv in levels},
        "errors": sum(len(p["errors"]) for p in parts),
    }


def tally(path: Path) -> int:
    """Print the rows saved in ``path``, added up by version, preset and pair; then the
    four-player Hand tables, each level's slowest decisions over the tables of a version.

    A line ``{"carry": OLD, "to": NEW, "preset": P, "because": WHY}`` counts the rows (and,
    for Hand, the tables) of version OLD in preset P as rows of NEW: for a change shown not
    to alter play in that preset (WHY says how it was shown, for example bench/rounds.py's
    "0 of n deals differ"). The row then names the versions its chunks were played at."""
    rows: list[dict[str, Any]] = []
    saved_tables: list[dict[str, Any]] = []
    carries: dict[tuple[str, str], str] = {}
    for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        try:
            row = json.loads(line)
            if "carry" in row:
                if not (isinstance(row["because"], str) and row["because"].strip()):
                    raise ValueError("a carry needs its evidence")
                carries[(str(row["carry"]), str(row["preset"]))] = str(row["to"])
                continue
            if "table" in row:
                if not all(isinstance(row[key], str) for key in ("version", "preset", "table")):
                    raise TypeError("a saved table names its version, preset and levels")
                if not isinstance(row["decision_ms"], dict) or not all(
                    isinstance(t, dict) for t in row["decision_ms"].values()
                ):
                    raise TypeError("a saved table has each level's decision times")
                saved_tables.append(row)
                continue
            if not all(isinstance(row[key], str) for key in ("version", "preset", "pair")):
                raise TypeError("a saved row names its version, preset and pair")
            rows.append(row)
        except (ValueError, KeyError, TypeError):
            print(
                f"{path}:{n}: neither a saved row nor a carry with its evidence "
                "nor a table with its times, left out",
                file=sys.stderr,
            )
            continue

    def carried(ver: str, name: str) -> str | None:
        """The version that rows of ``ver`` in preset ``name`` count as (None: a loop)."""
        seen_versions = {ver}
        while (ver, name) in carries:
            ver = carries[(ver, name)]
            if ver in seen_versions:
                print(f"{path}: the carries of {name} go round in a loop through {ver}")
                return None
            seen_versions.add(ver)
        return ver

    groups: dict[tuple[str, str, str], list[dict[str, Any]]] = {}
    tables: dict[tuple[str, str], list[dict[str, Any]]] = {}
    for row in rows + saved_tables:
        ver = carried(row["version"], row["preset"])
        if ver is None:
            return 1
        if "table" in row:
            tables.setdefault((ver, row["table"]), []).append(row)
        else:
            groups.setdefault((ver, row["preset"], row["pair"]), []).append(row)
    for (ver, name, pair), chunks in groups.items():
        seen: set[int] = set()
        for c in chunks:
            for part in seeds_of(c["games"], c["seed"], c["jobs"]):
                if seen & set(part):
                    print(f"{ver} {name} {pair}: chunk from seed {c['seed']} repeats deals")
                    return 1
                seen |= set(part)
        matches = sum(c["matches"] for c in chunks)
        wins = sum(c["wins"] for c in chunks)
        low, high = wilson(wins, matches)
        levels = pair.split("-")
        times = {
            key: {lv: max(c[f"{key}_ms"][lv] for c in chunks) for lv in levels}
            for key in ("p50", "p95", "max")
        }
        target = TARGETS.get(pair)
        aim = f"target {target:.0%}" if target is not None else "no target"
        print(
            f"{ver} {name:9} {pair:14} {wins / max(matches, 1):6.1%} [{low:.1%}, {high:.1%}] "
            f"n={matches} in {len(chunks)} chunks {aim} "
            f"{_ms(times['p50'], times['p95'], times['max'])} "
            f"errors {sum(c['errors'] for c in chunks)}{_carried(ver, chunks)}"
        )
    for (ver, levels_seated), parts in tables.items():
        matches = sum(int(t["matches"]) for t in parts)
        errors = sum(int(t["errors"]) for t in parts)
        times = {
            key: {
                lv: max(float(t["decision_ms"].get(lv, {}).get(key, 0)) for t in parts)
                for lv in dict.fromkeys(levels_seated.split(","))
            }
            for key in ("p50", "p95", "max")
        }
        print(
            f"{ver} hand      4 seats {levels_seated} n={matches} in {len(parts)} tables "
            f"{_ms(times['p50'], times['p95'], times['max'])} errors {errors}"
            f"{_carried(ver, parts)}"
        )
    return 0


def _carried(ver: str, chunks: list[dict[str, Any]]) -> str:
    """Where a row counts chunks played at other versions: each version's share."""
    counts: dict[str, int] = {}
    for c in chunks:
        counts[c["version"]] = counts.get(c["version"], 0) + c["matches"]
    if set(counts) == {ver}:
        return ""
    return " (played at " + ", ".join(f"{v} n={m}" for v, m in counts.items()) + ")"


def _ms(p50: dict[str, float], p95: dict[str, float], worst: dict[str, float]) -> str:
    """Each level's decision times: "p50 ms expert 90.1 hard 0.4 p95 ms ... max ms ..."."""
    trio = {"p50": p50, "p95": p95, "max": worst}
    return " ".join(
        f"{key} ms " + " ".join(f"{lv} {ms:.1f}" for lv, ms in times.items())
        for key, times in trio.items()
    )


def main() -> int:
    """Run the head-to-head table and a four-player Hand table for decision times."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--presets", default=",".join(PRESETS))
    parser.add_argument("--pairs", default=",".join(f"{a}-{b}" for a, b, _ in PAIRS))
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    parser.add_argument(
        "--hand4", type=int, default=-1, help="four-player Hand matches (default games/10)"
    )
    parser.add_argument("--hand4-levels", default="hard,medium,easy,hard")
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--save", help="append each row, with its seeds and version, here")
    parser.add_argument("--tally", help="add up the rows saved in this file and print them")
    args = parser.parse_args()
    if args.tally:
        return tally(Path(args.tally))
    rows = []
    pairs = [tuple(p.split("-")) for p in args.pairs.split(",") if p]
    for strong, weak in pairs:
        if strong not in LEVELS or weak not in LEVELS:
            parser.error(f"unknown level in {strong}-{weak} (known: {', '.join(LEVELS)})")
    for name in args.presets.split(","):
        for strong, weak in pairs:
            target = TARGETS.get(f"{strong}-{weak}")
            result = play(name, [strong, weak], args.games, args.seed, max(1, args.jobs))
            share = result["wins"] / max(result["matches"], 1)
            low, high = wilson(result["wins"], result["matches"])
            row = {"preset": name, "pair": f"{strong}-{weak}", "share": share, **result}
            rows.append(row | {"ci95": [round(low, 3), round(high, 3)], "target": target})
            if args.save:
                chunk = {"version": version([strong, weak]), "seed": args.seed, "games": args.games}
                with open(args.save, "a", encoding="utf-8") as out:
                    out.write(json.dumps(row | chunk | {"jobs": max(1, args.jobs)}) + "\n")
            aim = f"target {target:.0%}" if target is not None else "no target"
            print(
                f"{name:9} {strong:>6} vs {weak:<6} {share:6.1%} [{low:.1%}, {high:.1%}] "
                f"n={result['matches']} {aim} "
                f"{_ms(result['p50_ms'], result['p95_ms'], result['max_ms'])} "
                f"errors {result['errors']}",
                flush=True,
            )
    hand4 = max(args.games // 10, 5) if args.hand4 < 0 else args.hand4
    four_levels = args.hand4_levels.split(",")
    four = simulate("hand", four_levels, hand4, args.seed) if hand4 else None
    if four:
        print("4-player Hand decision ms:", json.dumps(four["decision_ms"]))
        if args.save:
            table = {
                "table": ",".join(four_levels),
                "preset": "hand",
                "matches": four["matches"],
                "decision_ms": four["decision_ms"],
                "errors": len(four["errors"]),
                "version": version(four_levels),
                "seed": args.seed,
            }
            with open(args.save, "a", encoding="utf-8") as out:
                out.write(json.dumps(table) + "\n")
    if args.json:
        print(json.dumps({"pairs": rows, "hand4": four and four["decision_ms"]}, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())

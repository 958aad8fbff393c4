"""Speed against a reference engine on this machine: RLCard's gin rummy (issue 18's yardstick).

    make bench-ref                                    # builds .venv-ref (RLCard), then runs this
    .venv/bin/python bench/reference.py --python .venv-ref/bin/python --repeat 5

Issue 18 states its speed aims as multiples of RLCard (random seats in ``simulate`` at 2x,
search's rollout path at 5x), measured elsewhere on another machine. Speed depends on the
machine and on what else runs on it, so this bench measures both engines here, in turns:
RLCard's gin rummy played by its random agents (``env.run``, every action of both seats
counted), our ``simulate`` with random seats (views, legal lists and the match, as a bot
game runs), and the rollout path of bench/forward.py (a guess at the hidden cards, a copy
and a playout to the round's end, as expert plays it). Each figure is the best of
``--repeat`` turns; the ratios are of those bests. RLCard needs numpy, which the game
does not, so it lives in its own environment (requirements-ref.txt).
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from forward import best_rate, path_rate  # noqa: E402

from commands.simulate import simulate  # noqa: E402

# Run in RLCard's environment: random agents play gin rummy for a few seconds; prints the
# actions per second (each trajectory holds a seat's states and actions, alternating).
RLCARD = """
import sys, time
import rlcard
from rlcard.agents import RandomAgent
env = rlcard.make("gin-rummy", config={"seed": int(sys.argv[1])})
env.set_agents([RandomAgent(num_actions=env.num_actions) for _ in range(env.num_players)])
seconds, actions, start = float(sys.argv[2]), 0, time.perf_counter()
while time.perf_counter() - start < seconds:
    trajectories, _ = env.run(is_training=False)
    actions += sum((len(t) - 1) // 2 for t in trajectories)
print(actions / (time.perf_counter() - start))
"""


def rlcard_rate(python: str, seed: int, seconds: float) -> float:
    """RLCard gin rummy actions per second, measured in its own environment."""
    out = subprocess.run(
        [python, "-c", RLCARD, str(seed), str(seconds)],
        capture_output=True,
        text=True,
        timeout=seconds * 10 + 60,
        check=True,
    )
    return float(out.stdout.strip().splitlines()[-1])


def simulate_rate(matches: int, seed: int) -> float:
    """Actions per second of ``simulate`` with random seats in classic."""
    return float(simulate("classic", ["random", "random"], matches, seed)["actions_per_s"])


def main() -> int:
    """Measure the engines in turns and print the best figures and their ratios."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--python", default=str(ROOT / ".venv-ref" / "bin" / "python"))
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--seconds", type=float, default=8.0, help="RLCard's run per turn")
    parser.add_argument("--matches", type=int, default=12, help="simulate's matches per turn")
    parser.add_argument("--rollouts", type=int, default=200, help="rollout path, per turn")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    if not Path(args.python).exists():
        parser.error(f"no RLCard environment at {args.python} (make bench-ref builds one)")
    best = {"rlcard": 0.0, "simulate": 0.0, "rollout_path": 0.0}
    path = path_rate("classic", 2, args.rollouts, args.seed)
    for k in range(args.repeat):
        best["rlcard"] = max(best["rlcard"], rlcard_rate(args.python, args.seed + k, args.seconds))
        best["simulate"] = max(best["simulate"], simulate_rate(args.matches, args.seed))
        best["rollout_path"] = max(best["rollout_path"], best_rate(path, 1))
    row: dict[str, float] = {name: round(value) for name, value in best.items()}
    row["simulate_x"] = round(best["simulate"] / best["rlcard"], 2)
    row["rollout_path_x"] = round(best["rollout_path"] / best["rlcard"], 2)
    if args.json:
        print(json.dumps(row, indent=2))
        return 0
    print(f"RLCard gin rummy, random agents   {row['rlcard']:>7} actions/s")
    print(f"simulate, random seats, classic   {row['simulate']:>7} actions/s  {row['simulate_x']}x")
    print(
        f"rollout path, classic             {row['rollout_path']:>7} actions/s  "
        f"{row['rollout_path_x']}x"
    )
    print(f"(best of {args.repeat} turns each, {time.strftime('%Y-%m-%d %H:%M')})")
    return 0


if __name__ == "__main__":
    sys.exit(main())

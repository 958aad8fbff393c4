"""How faithfully the playout policy (game/rollout.py) plays like the hard bot.

    .venv/bin/python bench/agreement.py --preset classic --matches 40

Search judges a line by playing the round on with the playout policy for every seat. If
that policy plays unlike the real opponents, search prefers lines that only pay against
it. This plays seeded matches between hard bots and, at the start of every turn, lets hard
and the playout policy each play that turn from the same position (the same stock), then
compares what they did:

* ``take``: took the discard or drew from the stock (where both were legal);
* ``down``: put cards on the table this turn or not;
* ``discard``: the same card discarded (when both drew the same way);
* ``top2``: the playout's discard is one of hard's two first choices.

Measured (session 7; classic 2 seats over 20 matches, the others 4 seats over 4), before
and after the playouts were taught hard's holding, taking and discarding:

    preset     take          down          discard       top2
    classic    97.6 → 97.6   96.0 → 99.8   73.9 → 74.3   88.0 → 88.6
    standard   98.9 → 98.9   35.0 → 99.9   78.9 → 78.1   91.1 → 90.6
    romme      66.9 → 98.8   89.2 → 95.6   56.4 → 67.0   72.1 → 81.5
    hand       87.8 → 95.0   89.1 → 96.1   41.3 → 55.2   56.3 → 75.1
"""

from __future__ import annotations

import argparse
import random
import sys
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game import actions as A
from game.bots import chooser
from game.bots.expert import BUDGET
from game.bots.hard import choose_hard, discard_order
from game.errors import IllegalAction
from game.match import Match, Player
from game.rollout import Playout
from game.rules import preset
from game.state import Round
from game.view import PlayerView, round_view, view_for


def hard_turn(rnd: Round, like: PlayerView) -> tuple[list[A.Action], list[A.Discard]]:
    """Hard's actions for the rest of the seat's turn, and its ranking of the discards at
    its discard."""
    seat = rnd.current
    done: list[A.Action] = []
    ranked: list[A.Discard] = []
    while rnd.end is None and rnd.current == seat and len(done) < 40:
        view = round_view(rnd, seat, like, rnd.legal())
        action = choose_hard(view)
        if isinstance(action, A.Discard):
            ranked = discard_order(view)
        try:
            rnd.apply(action)
        except IllegalAction:
            break
        done.append(action)
    return done, ranked


def playout_turn(rnd: Round, seed: int) -> tuple[bool, bool, A.Action | None]:
    """What the playout policy does with the seat's turn, read off the round (a playout
    keeps no history): (took the discard, put cards down, its discard)."""
    seat, stock, pieces = rnd.current, len(rnd.stock), _pieces(rnd)
    Playout(random.Random(seed), BUDGET.hold, noise=0.0).turn(rnd)
    discard = A.discard_of(rnd.discard[-1].face) if rnd.discard and rnd.current != seat else None
    return len(rnd.stock) == stock, _pieces(rnd) > pieces, discard


def _pieces(rnd: Round) -> int:
    return sum(len(m.pieces) for m in rnd.table)


def summary(actions: list[A.Action]) -> tuple[bool, bool, A.Action | None]:
    """(took the discard, put cards down, the discard) of a turn's actions."""
    took = any(isinstance(a, A.Take) for a in actions)
    down = any(isinstance(a, A.Meld | A.LayOff | A.Swap) for a in actions)
    discard = next((a for a in reversed(actions) if isinstance(a, A.Discard)), None)
    return took, down, discard


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--preset", default="classic")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--matches", type=int, default=30)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    rules = preset(args.preset, players=args.players)
    hard = chooser("hard")
    tally: Counter[str] = Counter()
    for k in range(args.matches):
        seats = [Player(f"P{i}", "bot", "hard") for i in range(args.players)]
        match = Match(rules, seats, args.seed + k)
        while not match.over:
            rnd = match.round
            view = view_for(match, match.current)
            if rnd.phase == "draw" and rnd.end is None:
                mine, ranked = hard_turn(rnd.copy(random.Random(0)), view)
                t1, d1, x1 = summary(mine)
                t2, d2, x2 = playout_turn(rnd.copy(random.Random(0)), args.seed * 1000 + k)
                legal = set(view.legal)
                if A.Take() in legal and A.Draw() in legal:
                    tally["take_n"] += 1
                    tally["take"] += t1 == t2
                    tally[f"take_hard{int(t1)}_play{int(t2)}"] += 1
                tally["down_n"] += 1
                tally["down"] += d1 == d2
                tally[f"down_hard{int(d1)}_play{int(d2)}"] += 1
                if t1 == t2 and x1 is not None and x2 is not None and d1 == d2:
                    tally["discard_n"] += 1
                    tally["discard"] += x1 == x2
                    tally["top2"] += x2 in ranked[:2]
            match.apply(hard(view))
    for key in ("take", "down", "discard", "top2"):
        n = tally[key + "_n"] if key != "top2" else tally["discard_n"]
        print(f"{key:8} {tally[key]:6}/{n:<6} {tally[key] / max(n, 1):.1%}")
    for key in sorted(k for k in tally if "_hard" in k):
        print(f"  {key:22} {tally[key]}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

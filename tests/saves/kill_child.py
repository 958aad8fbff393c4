"""The process the kill test kills: it resumes the match in its save and saves it again and
again, one action further each time, until it is killed (run as a module, args: BASE SEED).

Before each save it prints ``w COUNT HASH`` (the state about to be written), after it
``d COUNT`` (the state on disk). A save found on disk after the kill must be one of these.
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

from game.match import Match, Player
from game.rules import preset
from saves import Loaded, open_backup, open_save, saves_dir, write_save
from saves.check import make_check
from saves.store import Slot


def start(path: Path, seed: int) -> tuple[Slot, Match]:
    """The match in the save (or its backup), or a new one."""
    if path.exists() or Path(str(path) + ".bak").exists():
        got = open_save(path) if path.exists() else open_backup(path)
        if not isinstance(got, Loaded):
            print("problem", got.describe(), flush=True)
            sys.exit(3)
        return got.slot, got.match
    players = [Player("A", "human"), Player("B", "bot", "easy"), Player("C", "bot", "easy")]
    match = Match(preset("standard", players=3), players, seed)
    return Slot(path, "kill", "kill test", "2025-01-01T00:00:00Z"), match


def main() -> None:
    """Save a growing match until killed."""
    base, seed = Path(sys.argv[1]), int(sys.argv[2])
    slot, match = start(saves_dir(base) / "kill.json", seed)
    print("ready", len(match.actions), flush=True)
    while not match.over:
        rng = random.Random(seed * 100_003 + len(match.actions))
        match.apply(rng.choice(match.legal()))
        order = {0: sorted(match.round.hands[0], reverse=True)}
        print("w", len(match.actions), make_check(match)["hash"], flush=True)
        write_save(slot, match, order)
        print("d", len(match.actions), flush=True)
    print("over", flush=True)


if __name__ == "__main__":
    main()

"""The process the kill test kills: it resumes the match in its save and saves it again and
again, one action further each time (run as a module, args: SAVE_PATH SEED SAVE STEP).

It stops itself at a chosen point of its SAVE-th save (1 is the first of this process),
STEP one of ``STEPS`` (the moments of ``saves.atomic.write_atomic``), prints
``at SAVE STEP`` and waits there to be killed. The kill moment is therefore fixed by the
arguments alone, whatever the machine's load: the files on disk after the kill are known
exactly. Before each save it prints ``w COUNT HASH`` (the state about to be written),
after it ``d COUNT``.
"""

from __future__ import annotations

import os
import random
import sys
import time
from pathlib import Path
from typing import Any

import saves.atomic
from game.match import Match, Player
from game.rules import preset
from saves import Loaded, open_backup, open_save, write_save
from saves.check import make_check
from saves.store import Slot

# the moments of a save, in order: nothing written yet; half of NAME.tmp written;
# NAME.tmp complete and fsynced; NAME hard-linked to NAME.bak.tmp; that link renamed to
# NAME.bak; NAME.tmp renamed to NAME; the folder fsynced
STEPS = ("start", "half", "fsync", "link", "bak", "replace", "dirsync")


def say(*words: object) -> None:
    print(*words, flush=True)


class Stopper:
    """Counts the steps of each save and halts the process at the chosen one."""

    def __init__(self, save: int, step: str) -> None:
        self.save, self.step = save, step
        self.number = 0
        self.fsyncs = 0

    def begin(self) -> None:
        self.number += 1
        self.fsyncs = 0
        self.reached("start")

    def reached(self, step: str) -> None:
        if self.number == self.save and step == self.step:
            say("at", self.number, step)
            while True:  # wait for SIGKILL
                time.sleep(60)


class Os:
    """``os`` as saves.atomic sees it: the same functions, reporting the steps of a save."""

    def __init__(self, stopper: Stopper) -> None:
        self._stopper = stopper

    def __getattr__(self, name: str) -> Any:
        return getattr(os, name)

    def fsync(self, fd: int) -> None:
        os.fsync(fd)
        self._stopper.fsyncs += 1
        self._stopper.reached("fsync" if self._stopper.fsyncs == 1 else "dirsync")

    def link(self, src: Any, dst: Any) -> None:
        os.link(src, dst)
        self._stopper.reached("link")

    def replace(self, src: Any, dst: Any) -> None:
        os.replace(src, dst)
        self._stopper.reached("bak" if str(dst).endswith(".bak") else "replace")


class HalfWriter:
    """A file whose ``write`` puts half the data on disk, reports "half", then the rest."""

    def __init__(self, f: Any, stopper: Stopper) -> None:
        self._f, self._stopper = f, stopper

    def __enter__(self) -> HalfWriter:
        self._f.__enter__()
        return self

    def __exit__(self, *exc: object) -> None:
        self._f.__exit__(*exc)

    def __getattr__(self, name: str) -> Any:
        return getattr(self._f, name)

    def write(self, data: bytes) -> int:
        half = len(data) // 2
        self._f.write(data[:half])
        self._f.flush()
        self._stopper.reached("half")
        return half + self._f.write(data[half:])


def instrument(stopper: Stopper) -> None:
    """Route saves.atomic's file-system calls through the stopper."""
    saves.atomic.os = Os(stopper)  # type: ignore[assignment]

    def opener(path: Any, mode: str = "r", *args: Any, **kw: Any) -> Any:
        f = open(path, mode, *args, **kw)  # noqa: SIM115 (HalfWriter closes it)
        return HalfWriter(f, stopper) if "w" in mode else f

    saves.atomic.open = opener  # type: ignore[attr-defined]


def start(path: Path, seed: int) -> tuple[Slot, Match]:
    """The match in the save (or its backup), or a new one."""
    if path.exists() or Path(str(path) + ".bak").exists():
        got = open_save(path) if path.exists() else open_backup(path)
        if not isinstance(got, Loaded):
            say("problem", got.describe())
            sys.exit(3)
        return got.slot, got.match
    players = [Player("A", "human"), Player("B", "bot", "easy"), Player("C", "bot", "easy")]
    match = Match(preset("standard", players=3), players, seed)
    return Slot(path, path.stem, "kill test", "2025-01-01T00:00:00Z"), match


def main() -> None:
    """Save a growing match until stopped at the chosen step (then killed)."""
    path, seed = Path(sys.argv[1]), int(sys.argv[2])
    stopper = Stopper(int(sys.argv[3]), sys.argv[4])
    slot, match = start(path, seed)
    instrument(stopper)
    say("ready", len(match.actions))
    while not match.over:
        rng = random.Random(seed * 100_003 + len(match.actions))
        match.apply(rng.choice(match.legal()))
        order = {0: sorted(match.round.hands[0], reverse=True)}
        say("w", len(match.actions), make_check(match)["hash"])
        stopper.begin()
        write_save(slot, match, order)
        say("d", len(match.actions))
    say("over")


if __name__ == "__main__":
    main()

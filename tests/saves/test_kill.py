"""Killing the process (SIGKILL) at random moments of many saves never leaves an unreadable
save: after every kill the save (or, if it is missing or damaged, its backup) opens and
is one of the states the killed process wrote or was writing."""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from saves.atomic import backup_of
from saves.check import make_check
from saves.jsonfile import FileProblem
from saves.store import Loaded, load_file

ROOT = Path(__file__).resolve().parents[2]
KILLS = 40


def run_and_kill(base: Path, seed: int, delay: float) -> list[str]:
    """Start the saving process, kill it ``delay`` s after it is ready; its output lines."""
    child = subprocess.Popen(
        [sys.executable, "-m", "tests.saves.kill_child", str(base), str(seed)],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        text=True,
        env={**os.environ, "PYTHONDONTWRITEBYTECODE": "1"},
    )
    assert child.stdout is not None
    first = child.stdout.readline()
    assert first.startswith("ready"), first
    time.sleep(delay)
    child.send_signal(signal.SIGKILL)
    rest = child.stdout.read().splitlines()
    child.wait(timeout=10)
    return [first.strip(), *rest]


def written(lines: list[str]) -> tuple[int, dict[int, str]]:
    """The last state known to be on disk, and the hash of every state begun."""
    done = int(lines[0].split()[1])
    begun: dict[int, str] = {}
    for line in lines[1:]:
        parts = line.split()
        if parts[0] == "w" and len(parts) == 3:
            begun[int(parts[1])] = parts[2]
        elif parts[0] == "d" and len(parts) == 2:
            done = int(parts[1])
    return done, begun


def found(path: Path) -> tuple[Loaded, bool]:
    """The save on disk (or its backup when the save cannot be read); whether it was the backup."""
    try:
        return load_file(path), False
    except FileProblem:
        return load_file(backup_of(path)), True


@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs SIGKILL")
def test_killing_a_saving_process_never_leaves_an_unreadable_save(tmp_path: Path) -> None:
    seed = int(os.environ.get("SAVES_KILL_SEED", random.randrange(1_000_000)))
    rng = random.Random(seed)
    path = tmp_path / "data" / "saves" / "kill.json"
    previous: list[str] = []
    used_backup = 0
    started = time.perf_counter()
    for kill in range(KILLS):
        where = f"(seed {seed}, kill {kill}; rerun with SAVES_KILL_SEED={seed})"
        lines = run_and_kill(tmp_path, seed, rng.uniform(0.0, 0.12))
        assert not any(line.startswith("problem") for line in lines), (where, lines)
        if lines[-1] == "over":
            break
        done, begun = written(lines)
        loaded, from_backup = found(path)
        used_backup += from_backup
        count = len(loaded.match.actions)
        assert loaded.check_ok and loaded.notes == (), (where, loaded.notes)
        assert count in (done, done + 1) or from_backup, (where, count, done)
        if count in begun:
            assert make_check(loaded.match)["hash"] == begun[count], where
        assert loaded.match.actions[: len(previous)] == previous, where
        previous = list(loaded.match.actions)
    assert used_backup == 0, f"the save itself was unreadable {used_backup} times (seed {seed})"
    assert time.perf_counter() - started < 60

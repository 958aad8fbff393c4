"""Killing the process (SIGKILL) in the middle of a save never leaves an unreadable save.

The saving process (kill_child.py) stops itself at a seeded moment of a seeded save (every
step of saves.atomic.write_atomic, half of the new file written included) and is killed
there with SIGKILL: the moment does not depend on timing, so the machine's load cannot
change the outcome. After each kill the files on disk must be exactly what that moment
leaves: the save (or no save at all before the first one was completed) and its backup,
each one of the states the killed processes wrote, both opening cleanly.
"""

from __future__ import annotations

import os
import random
import select
import signal
import subprocess
import sys
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from saves.atomic import backup_of
from saves.check import make_check
from saves.store import load_file
from tests.saves.kill_child import STEPS

ROOT = Path(__file__).resolve().parents[2]
KILLS = 40
SOAK_KILLS = 1000
HANG = 120.0  # seconds without a line from the child: it hangs (protection, not a timing test)
BEFORE_WRITE = ("start", "half", "fsync", "link")  # the save and its backup are unchanged
AFTER_REPLACE = ("replace", "dirsync")  # the new save is in place


class Hung(AssertionError):
    pass


def lines_until_exit_or_stop(child: subprocess.Popen[bytes]) -> list[str]:
    """The child's output lines until it says "at …" (it then waits) or exits."""
    assert child.stdout is not None
    fd = child.stdout.fileno()
    buffer, lines = b"", []
    while True:
        ready, _, _ = select.select([fd], [], [], HANG)
        if not ready:
            raise Hung(f"no output for {HANG} s; lines so far {lines[-5:]}")
        chunk = os.read(fd, 65536)
        buffer += chunk
        *done, buffer = buffer.split(b"\n")
        lines += [line.decode() for line in done]
        if not chunk or (lines and lines[-1].startswith("at ")):
            return lines


def run_and_kill(path: Path, seed: int, save: int, step: str) -> list[str]:
    """Start the saving process, let it stop at ``step`` of its ``save``-th save, kill it."""
    child = subprocess.Popen(
        [sys.executable, "-m", "tests.saves.kill_child", str(path), str(seed), str(save), step],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        bufsize=0,
        env={**os.environ, "PYTHONDONTWRITEBYTECODE": "1"},
    )
    try:
        lines = lines_until_exit_or_stop(child)
    finally:
        child.send_signal(signal.SIGKILL)
        assert child.stdout is not None
        child.stdout.close()
        child.wait(timeout=HANG)
    return lines


@dataclass
class Disk:
    """What the save and its backup must hold: action counts (None: no file)."""

    main: int | None = None
    backup: int | None = None
    hashes: dict[int, str] = field(default_factory=dict)

    def saved(self, full: bool = True) -> None:
        """One save: the backup takes the save (if any), the save the next state."""
        if self.main is not None:
            self.backup = self.main
        if full:
            self.main = (self.main or 0) + 1

    def after(self, save: int, step: str) -> None:
        """The files after ``save - 1`` complete saves and the stop at ``step``."""
        for _ in range(save - 1):
            self.saved()
        if step == "bak":
            self.saved(full=False)
        elif step in AFTER_REPLACE:
            self.saved()


def check_file(path: Path, count: int | None, disk: Disk, where: str) -> None:
    if count is None:
        assert not path.exists(), (where, f"{path.name} should not exist yet")
        return
    loaded = load_file(path)
    assert loaded.check_ok and loaded.notes == (), (where, path.name, loaded.notes)
    assert len(loaded.match.actions) == count, (where, path.name, len(loaded.match.actions))
    assert make_check(loaded.match)["hash"] == disk.hashes[count], (where, path.name)


def kill_many(tmp_path: Path, kills: int, seed: int) -> dict[str, int]:
    """Kill the saving process ``kills`` times at seeded moments; check the disk after each."""
    rng = random.Random(seed)
    game = 0
    path = tmp_path / "data" / "saves" / f"kill{game}.json"
    disk = Disk()
    figures = {"kills": 0, "unreadable": 0, "matches": 1}
    for kill in range(kills):
        save = rng.randint(1, 3)
        steps = STEPS if disk.main is not None or save > 1 else ("start", "half", "fsync")
        step = rng.choice(steps)
        where = f"seed {seed}, kill {kill} at save {save} step {step}"
        where += f"; rerun with SAVES_KILL_SEED={seed}"
        lines = run_and_kill(path, seed + game, save, step)
        assert not any(line.startswith("problem") for line in lines), (where, lines)
        assert lines and lines[0] == f"ready {disk.main or 0}", (where, lines[:3])
        for line in lines:
            parts = line.split()
            if parts[0] == "w":
                assert disk.hashes.setdefault(int(parts[1]), parts[2]) == parts[2], where
        if lines[-1] == "over":  # the match ended before the stop: every save completed
            for _ in (line for line in lines if line.startswith("d ")):
                disk.saved()
        else:
            assert lines[-1] == f"at {save} {step}", (where, lines[-3:])
            disk.after(save, step)
        try:
            check_file(path, disk.main, disk, where)
            check_file(backup_of(path), disk.backup, disk, where)
        except (OSError, ValueError) as e:  # FileProblem is a ValueError
            figures["unreadable"] += 1
            raise AssertionError(f"{where}: {e}") from e
        figures["kills"] += 1
        if lines[-1] == "over":
            game += 1
            figures["matches"] += 1
            path = path.with_name(f"kill{game}.json")
            disk = Disk()
    return figures


def kill_seed() -> int:
    return int(os.environ.get("SAVES_KILL_SEED", random.randrange(1_000_000)))


needs_sigkill = pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs SIGKILL")


@needs_sigkill
def test_killing_a_saving_process_never_leaves_an_unreadable_save(tmp_path: Path) -> None:
    seed = kill_seed()
    print(f"kill test seed {seed} (rerun with SAVES_KILL_SEED={seed})")
    figures = kill_many(tmp_path, KILLS, seed)
    assert figures["kills"] == KILLS and figures["unreadable"] == 0, (seed, figures)


@needs_sigkill
@pytest.mark.soak
def test_a_thousand_kills_never_leave_an_unreadable_save(tmp_path: Path) -> None:
    seed = kill_seed()
    print(f"kill soak seed {seed} (rerun with SAVES_KILL_SEED={seed})")
    figures = kill_many(tmp_path, SOAK_KILLS, seed)
    print(f"kill soak: {figures}")
    assert figures["kills"] == SOAK_KILLS and figures["unreadable"] == 0, (seed, figures)

"""Atomic writes: a crash at any step of a save leaves a readable save (or its backup)."""

from __future__ import annotations

import contextlib
import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from saves import Loaded, new_slot, open_backup, open_save, write_save
from saves.atomic import backup_of, move_aside, temp_of, write_atomic
from tests.saves.support import new_match, play_until

STEPS = ("fsync", "link", "replace", "unlink")


class Crash(BaseException):
    """Stands for the process dying at this point (nothing after it runs)."""


def crash_on_call(monkeypatch: pytest.MonkeyPatch, number: int) -> list[str]:
    """Make the ``number``-th file-system call of write_atomic crash; the calls seen.

    The os functions are patched for the whole process, briefly: write_atomic is all
    that runs while they are.
    """
    calls: list[str] = []
    for name in STEPS:
        real = getattr(os, name)
        monkeypatch.setattr(os, name, counting(real, name, calls, number))
    return calls


def counting(real: Callable[..., Any], name: str, calls: list[str], number: int) -> Any:
    def call(*args: Any, **kw: Any) -> Any:
        calls.append(name)
        if len(calls) == number:
            raise Crash(name)
        return real(*args, **kw)

    return call


@pytest.mark.parametrize("number", range(1, 9))
def test_a_crash_at_any_step_leaves_a_good_save(
    home: Path, monkeypatch: pytest.MonkeyPatch, number: int
) -> None:
    match = play_until(new_match("classic", 2), lambda m: len(m.actions) >= 10)
    slot = new_slot(match, "crash")
    write_save(slot, match)
    match.apply(match.legal()[0])
    write_save(slot, match)
    match.apply(match.legal()[0])
    calls = crash_on_call(monkeypatch, number)
    with contextlib.suppress(Crash):
        write_save(slot, match)
    monkeypatch.undo()
    got = open_save(slot.path)
    assert isinstance(got, Loaded), (calls, got)
    assert len(got.match.actions) in (11, 12) and got.notes == ()
    backup = open_backup(slot.path)
    assert isinstance(backup, Loaded) and len(backup.match.actions) in (10, 11)


def test_without_hard_links_the_backup_is_a_copy(
    home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def no_link(*args: Any) -> None:
        raise OSError(1, "hard links not supported")

    monkeypatch.setattr(os, "link", no_link)
    path = home / "f.json"
    for text in (b"one", b"two", b"three"):
        write_atomic(path, text)
    assert path.read_bytes() == b"three" and backup_of(path).read_bytes() == b"two"


def test_a_refused_write_keeps_the_old_file(home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = home / "f.json"
    write_atomic(path, b"old")
    assert not backup_of(path).exists()

    def disk_full(*args: Any) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "fsync", disk_full)
    with pytest.raises(OSError):
        write_atomic(path, b"new")
    assert path.read_bytes() == b"old" and not backup_of(path).exists()


def test_a_leftover_temporary_file_does_no_harm(home: Path) -> None:
    path = home / "f.json"
    write_atomic(path, b"one")
    temp_of(path).write_bytes(b"half of tw")
    write_atomic(path, b"two")
    assert path.read_bytes() == b"two" and not temp_of(path).exists()


def test_moving_aside_never_overwrites(home: Path) -> None:
    folder = home / "damaged"
    home.mkdir()
    moved = []
    for text in (b"a", b"b", b"c"):
        path = home / "x.json"
        path.write_bytes(text)
        moved.append(move_aside(path, folder))
    assert all(m is not None for m in moved)
    assert sorted(p.read_bytes() for p in folder.iterdir()) == [b"a", b"b", b"c"]

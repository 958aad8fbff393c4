"""Files that are never half written: atomic replace with a backup, and moving files aside.

A write goes to ``NAME.tmp`` (flushed and fsynced), the current file is hard-linked to
``NAME.bak`` (so the file itself never disappears), and ``os.replace`` puts the new file
in place; then the folder is fsynced. Killed at any moment, the folder holds the old file
or the new one under NAME, and the previous good one under NAME.bak.

A file found damaged is never made a backup: it is moved aside (into damaged/, or when
that folder cannot be made, renamed beside itself), and if even that fails it is marked
(``mark_damaged``) so that the next write replaces it without rotating it over the good
backup. Only regular files become backups.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import stat
import threading
import time
from collections.abc import Callable
from pathlib import Path

DAMAGED_SUFFIX = ".damaged"  # NAME.json.TIMESTAMP.damaged: beside the file, never listed


def backup_of(path: Path) -> Path:
    """The backup kept beside a file: the previous good version."""
    return path.with_name(path.name + ".bak")


def temp_of(path: Path) -> Path:
    """The temporary file a new version is written to before it replaces the file."""
    return path.with_name(path.name + ".tmp")


def write_atomic(path: Path, data: bytes, backup: bool = True, sync: bool = True) -> None:
    """Replace ``path`` with ``data`` atomically, keeping the old file as its backup.

    ``sync=False`` skips the fsyncs (benchmarks only: a power cut may then lose data).
    Raises OSError when the disk refuses; the old file and backup are then unchanged.
    """
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = temp_of(path)
    with open(tmp, "wb") as f:
        f.write(data)
        f.flush()
        if sync:
            os.fsync(f.fileno())
    if backup and _worth_keeping(path):
        _keep_backup(path)
    os.replace(tmp, path)
    if sync:
        fsync_dir(path.parent)


def _worth_keeping(path: Path) -> bool:
    """Whether the current file may become the backup: a regular file not known damaged."""
    try:
        info = os.stat(path)
    except (OSError, ValueError):
        return False
    if not stat.S_ISREG(info.st_mode):
        return False
    with _LOCK:
        return _identity(info) not in _DAMAGED


# files found damaged that could not be moved aside, by identity (device, inode, size,
# time): the next write replaces such a file but never makes it the backup
_DAMAGED: set[tuple[int, int, int, int]] = set()
_LOCK = threading.Lock()


def _identity(info: os.stat_result) -> tuple[int, int, int, int]:
    return (info.st_dev, info.st_ino, info.st_size, info.st_mtime_ns)


def mark_damaged(path: Path) -> None:
    """Remember that the file now at ``path`` is damaged (it could not be moved aside)."""
    try:
        info = os.stat(path)
    except (OSError, ValueError):
        return
    with _LOCK:
        _DAMAGED.add(_identity(info))


def _keep_backup(path: Path) -> None:
    """Make the current file the backup, without ever leaving ``path`` missing."""
    bak = backup_of(path)
    link = bak.with_name(bak.name + ".tmp")
    with contextlib.suppress(FileNotFoundError):
        os.unlink(link)
    try:
        os.link(path, link)
    except OSError:
        # no hard links here (FAT, some network drives): a copy serves, more slowly
        shutil.copyfile(path, link)
    os.replace(link, bak)


def fsync_dir(folder: Path) -> None:
    """Make a rename in ``folder`` durable (POSIX; Windows cannot open folders)."""
    if os.name != "posix":
        return
    fd = os.open(folder, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def move_aside(path: Path, folder: Path) -> Path | None:
    """Move a file that cannot be read into ``folder`` as NAME.TIMESTAMP.EXT; never delete it.

    When ``folder`` cannot be made or written, the file is renamed beside itself as
    NAME.EXT.TIMESTAMP.damaged. Returns where it went, or None when it could not be moved
    at all: it then stays where it is, marked so that it never becomes a backup.
    """
    moved = _aside(path, folder, os.replace)
    if moved is None and os.path.lexists(path):
        mark_damaged(path)
    return moved


def copy_aside(path: Path, folder: Path) -> Path | None:
    """Keep a copy of a suspicious file in ``folder`` (the file itself stays in use)."""
    return _aside(path, folder, shutil.copyfile)


def _aside(path: Path, folder: Path, put: Callable[[Path, Path], object]) -> Path | None:
    """Put ``path`` under a free name in ``folder`` with ``put`` (or beside itself when that
    fails); None if both fail."""
    for target_of in (_in_folder, _beside):
        try:
            target = target_of(path, folder)
            put(path, target)
        except (OSError, shutil.Error):
            continue
        return target
    return None


def _in_folder(path: Path, folder: Path) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    stem, dot, ext = path.name.partition(".")
    return _free(folder, lambda tag: f"{stem}.{tag}{dot}{ext}", path.name)


def _beside(path: Path, folder: Path) -> Path:
    return _free(path.parent, lambda tag: f"{path.name}.{tag}{DAMAGED_SUFFIX}", path.name)


def _free(folder: Path, name: Callable[[str], str], what: str) -> Path:
    """A name from ``name(TIMESTAMP)`` not yet taken in ``folder`` (a counter is added)."""
    stamp = time.strftime("%Y%m%d-%H%M%S", time.gmtime())
    for n in range(1000):
        target = folder / name(f"{stamp}{f'-{n}' if n else ''}")
        if not os.path.lexists(target):
            return target
    raise FileExistsError(f"no free name for {what} in {folder}")


def remove_quietly(path: Path) -> None:
    """Delete a file if it is there (a player's explicit delete, or a stale temporary)."""
    with contextlib.suppress(FileNotFoundError):
        os.unlink(path)

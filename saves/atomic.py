"""Files that are never half written: atomic replace with a backup, and moving files aside.

A write goes to ``NAME.tmp`` (flushed and fsynced), the current file is hard-linked to
``NAME.bak`` (so the file itself never disappears), and ``os.replace`` puts the new file
in place; then the folder is fsynced. Killed at any moment, the folder holds the old file
or the new one under NAME, and the previous good one under NAME.bak.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import time
from collections.abc import Callable
from pathlib import Path


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
    if backup and path.exists():
        _keep_backup(path)
    os.replace(tmp, path)
    if sync:
        fsync_dir(path.parent)


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

    Returns where it went, or None when it could not be moved (it then stays where it is).
    """
    return _aside(path, folder, os.replace)


def copy_aside(path: Path, folder: Path) -> Path | None:
    """Keep a copy of a suspicious file in ``folder`` (the file itself stays in use)."""
    return _aside(path, folder, shutil.copyfile)


def _aside(path: Path, folder: Path, put: Callable[[Path, Path], object]) -> Path | None:
    """Put ``path`` under a free name in ``folder`` with ``put``; None if that fails."""
    try:
        target = _free_name(path, folder)
        put(path, target)
    except OSError:
        return None
    return target


def _free_name(path: Path, folder: Path) -> Path:
    """NAME.TIMESTAMP.EXT in ``folder``, with a counter when that name is taken."""
    folder.mkdir(parents=True, exist_ok=True)
    stamp = time.strftime("%Y%m%d-%H%M%S", time.gmtime())
    stem, dot, ext = path.name.partition(".")
    for n in range(1000):
        target = folder / f"{stem}.{stamp}{f'-{n}' if n else ''}{dot}{ext}"
        if not target.exists():
            return target
    raise FileExistsError(f"no free name for {path.name} in {folder}")


def remove_quietly(path: Path) -> None:
    """Delete a file if it is there (a player's explicit delete, or a stale temporary)."""
    with contextlib.suppress(FileNotFoundError):
        os.unlink(path)

"""The one reader of files from outside: regular files only, never blocking, never too much.

Everything the game reads from the player's folders or the command line (saves, their
backups, settings, statistics, the saved-games list, records for ``replay`` and
``--load``) goes through ``read_regular``. A named pipe, a device, a socket or a folder
in place of a file is refused at once, without waiting for a writer: the file is opened
non-blocking (where the system has that), the opened handle is checked, and at most
``max_bytes`` are read. Every failure is a ``FileProblem`` with a stable code.
"""

from __future__ import annotations

import os
import stat
from pathlib import Path

# O_NONBLOCK: opening a FIFO returns at once instead of waiting for a writer;
# O_NOCTTY: a terminal device never becomes the controlling terminal
_FLAGS = (
    os.O_RDONLY
    | getattr(os, "O_NONBLOCK", 0)
    | getattr(os, "O_NOCTTY", 0)
    | getattr(os, "O_CLOEXEC", 0)
    | getattr(os, "O_BINARY", 0)
)
_KINDS = (
    (stat.S_ISDIR, "a folder"),
    (stat.S_ISFIFO, "a named pipe"),
    (stat.S_ISCHR, "a device"),
    (stat.S_ISBLK, "a device"),
    (stat.S_ISSOCK, "a socket"),
)


class FileProblem(ValueError):
    """A file that cannot be used; ``code`` is stable, the message says what is wrong."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code


def kind_of(mode: int) -> str:
    """What a file of this ``st_mode`` is, in words ("a named pipe", …)."""
    return next((name for test, name in _KINDS if test(mode)), "not a regular file")


def read_regular(path: Path | str, max_bytes: int) -> bytes:
    """The bytes of a regular file of at most ``max_bytes``; FileProblem for anything else.

    Codes: ``missing``, ``not_a_file`` (a folder, named pipe, device …), ``too_large``,
    ``unreadable`` (the system refuses). Never blocks on a special file.
    """
    try:
        fd = os.open(path, _FLAGS)
    except FileNotFoundError:
        raise FileProblem("missing", "the file is missing") from None
    except IsADirectoryError:  # Windows cannot open folders
        raise FileProblem("not_a_file", "it is a folder, not a file") from None
    except OSError as e:
        raise FileProblem("unreadable", f"it cannot be read ({e.strerror or e})") from None
    try:
        return _read_fd(fd, max_bytes)
    finally:
        os.close(fd)


def _read_fd(fd: int, max_bytes: int) -> bytes:
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            what = kind_of(info.st_mode)
            raise FileProblem("not_a_file", f"it is {what}, not a file")
        if info.st_size > max_bytes:
            raise FileProblem("too_large", too_large(info.st_size, max_bytes))
        chunks: list[bytes] = []
        size = 0
        while size <= max_bytes:  # the file may have grown since fstat
            chunk = os.read(fd, min(1 << 20, max_bytes + 1 - size))
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
    except OSError as e:
        raise FileProblem("unreadable", f"it cannot be read ({e.strerror or e})") from None
    if size > max_bytes:
        raise FileProblem("too_large", too_large(size, max_bytes))
    return b"".join(chunks)


def too_large(size: int, limit: int) -> str:
    """The message for a file over the limit."""
    return f"it is too large ({size / 1e6:.1f} MB; at most {limit / 1e6:.1f} MB is read)"


def is_regular(path: Path) -> bool:
    """True for a regular file (following links); never opens it."""
    try:
        return stat.S_ISREG(os.stat(path).st_mode)
    except (OSError, ValueError):
        return False

"""Small JSON documents (settings, statistics) that survive damage like saves do.

A damaged file is moved to damaged/ beside it (never deleted); the backup is tried
next; failing that, the defaults are used. Every step is reported, none raises.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

from .atomic import backup_of, move_aside, write_atomic
from .jsonfile import FileProblem, dumps, read_json
from .paths import damaged_dir_for

MAX_DOCUMENT_BYTES = 1024 * 1024
T = TypeVar("T")
Parser = Callable[[Any], tuple[T, list[str]]]


def load_document(
    path: Path, parse: Parser[T], default: Callable[[], T], what: str
) -> tuple[T, list[str]]:
    """The document's value and the problems met (missing files are no problem)."""
    problems: list[str] = []
    for candidate in (path, backup_of(path)):
        if not candidate.exists():
            continue
        try:
            value, notes = parse(read_json(candidate, MAX_DOCUMENT_BYTES))
        except FileProblem as e:
            moved = move_aside(candidate, damaged_dir_for(path))
            where = f"; it was moved to {moved}" if moved else ""
            problems.append(f"The {what} file “{candidate.name}” could not be read: {e}{where}.")
            continue
        if candidate != path:
            problems.append(f"The {what} were restored from the backup.")
        return value, problems + notes
    if problems:
        problems.append(f"The default {what} are used.")
    return default(), problems


def save_document(path: Path, value: Any) -> None:
    """Write a document atomically, keeping the previous one as backup; may raise OSError."""
    write_atomic(path, dumps(value), backup=True)


def check_version(data: Any, known: int, what: str) -> dict[str, Any]:
    """The document's object, refusing a non-object or a newer version with FileProblem."""
    if not isinstance(data, dict):
        raise FileProblem("invalid", f"it is not a {what} file (not a JSON object)")
    version = data.get("version", 1)
    if type(version) is not int or version < 1:
        raise FileProblem("invalid", f"its version is not valid ({version!r})")
    if version > known:
        raise FileProblem(
            "newer_version",
            f"it was written by a newer Rummy Table (version {version}; this one reads {known})",
        )
    return data

"""Small JSON documents (settings, statistics) that survive damage like saves do.

A file that cannot be read is moved to damaged/ beside it (never deleted); the backup is
tried next, and what it holds is written back so that the next start is clean; failing
that, the defaults are used. A file read with some fields reset is copied to damaged/
first and then written back repaired. Every step is reported (``Report``), none raises.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

from game.text import clean_text

from .atomic import backup_of, copy_aside, move_aside, write_atomic
from .jsonfile import FileProblem, dumps, read_json
from .paths import damaged_dir_for

MAX_DOCUMENT_BYTES = 1024 * 1024
T = TypeVar("T")
Parser = Callable[[Any], tuple[T, list[str]]]


class Report(list[str]):
    """The problems met reading a document, one sentence each (a list, as before), and what
    was done about them, for a notice that says what actually happened:

    - ``moved``: files that could not be read, moved aside (where each went);
    - ``left``: files that could not be read nor moved aside (they stay where they are and
      never become the backup);
    - ``copied``: a copy of a partly readable file, kept before its bad fields were reset;
    - ``from_backup``: the values came from the backup;
    - ``defaults``: nothing could be read, the defaults are used;
    - ``rewritten``: the values in use were written back to the file (after a restore or a
      repair); ``write_failed``: writing them back failed (the same notice comes again at
      the next start).
    """

    def __init__(self) -> None:
        super().__init__()
        self.moved: list[Path] = []
        self.left: list[Path] = []
        self.copied: Path | None = None
        self.from_backup = False
        self.defaults = False
        self.rewritten = False
        self.write_failed: str | None = None


def load_document(
    path: Path,
    parse: Parser[T],
    default: Callable[[], T],
    what: str,
    to_json: Callable[[T], Any] | None = None,
) -> tuple[T, Report]:
    """The document's value and a report of what was met and done (missing files are no
    problem). With ``to_json``, a value restored from the backup or repaired is written
    back (the damaged original having been moved or copied aside first)."""
    report = Report()
    for candidate in (path, backup_of(path)):
        if not _present(candidate):
            continue
        try:
            value, notes = parse(read_json(candidate, MAX_DOCUMENT_BYTES))
        except FileProblem as e:
            _put_aside(candidate, path, what, e, report)
            continue
        if candidate != path:
            report.from_backup = True
            report.append(f"The {what} were restored from the backup.")
        report.extend(notes)
        if notes:
            _keep_copy(candidate, path, what, report)
        repaired = report.from_backup or report.copied is not None
        if to_json is not None and repaired and not report.left:
            _write_back(path, to_json(value), what, report)
        return value, report
    if report:
        report.defaults = True
        report.append(f"The default {what} are used.")
    return default(), report


def _present(path: Path) -> bool:
    try:
        path.lstat()
    except (OSError, ValueError):
        return False
    return True


def _put_aside(candidate: Path, path: Path, what: str, e: FileProblem, report: Report) -> None:
    moved = move_aside(candidate, damaged_dir_for(path))
    if moved is not None:
        report.moved.append(moved)
        where = f"; it was moved to {moved}"
    else:
        report.left.append(candidate)
        where = "; it could not be moved aside and stays where it is"
    report.append(f"The {what} file “{candidate.name}” could not be read: {e}{where}.")


def _keep_copy(candidate: Path, path: Path, what: str, report: Report) -> None:
    copied = copy_aside(candidate, damaged_dir_for(path))
    if copied is not None:
        report.copied = copied
        report.append(f"The file as it was is kept in {copied}.")
    else:
        report.append(f"No copy of the {what} file as it was could be kept.")


def _write_back(path: Path, value: Any, what: str, report: Report) -> None:
    """Write the values in use over the file they came from or replace; the backup stays
    (the original was moved or copied aside first)."""
    try:
        write_atomic(path, dumps(value), backup=False)
    except OSError as e:
        report.write_failed = str(e.strerror or e)
        report.append(f"The {what} could not be written back ({report.write_failed}).")
    else:
        report.rewritten = True


def save_document(path: Path, value: Any) -> None:
    """Write a document atomically, keeping the previous one as backup; may raise OSError."""
    write_atomic(path, dumps(value), backup=True)


def check_version(data: Any, known: int, what: str) -> dict[str, Any]:
    """The document's object, refusing a non-object or a newer version with FileProblem."""
    if not isinstance(data, dict):
        raise FileProblem("invalid", f"it is not a {what} file (not a JSON object)")
    version = data.get("version", 1)
    if type(version) is not int or version < 1:
        raise FileProblem("invalid", f"its version is not valid ({clean_text(repr(version), 40)})")
    if version > known:
        raise FileProblem(
            "newer_version",
            f"it was written by a newer Rummy Table (version {version}; this one reads {known})",
        )
    return data

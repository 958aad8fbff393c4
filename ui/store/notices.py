"""Notices: what the screens tell the player about files that could not be read.

A damaged save, settings or statistics file never stops the game: the saves package moves
it aside and says why. A `Notice` puts that into words in the player's language (the
package's own technical sentence kept as the detail line) and may offer the backup.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from ui.store.saves_bridge import SaveProblem
from ui.text.i18n import tr

PROBLEM_CODES = (
    "missing",
    "unreadable",
    "too_large",
    "truncated",
    "not_json",
    "invalid",
    "illegal_action",
    "newer_version",
    "not_a_file",
)


@dataclass(frozen=True)
class Notice:
    """A message panel: a title, sentences, a technical detail, and maybe a backup to open."""

    title: str
    lines: tuple[str, ...]
    detail: str = ""
    backup: Path | None = None  # the save whose backup the player may open


def save_notice(problem: SaveProblem) -> Notice:
    """The panel for a save that cannot be opened: SaveProblem.describe() in the player's
    language (its reason, where the file went, the backup), the package's message as detail."""
    code = problem.code if problem.code in PROBLEM_CODES else "invalid"
    lines = [tr(f"notice.save.{code}")]
    if problem.moved_to is not None:
        lines.append(tr("notice.moved", path=str(problem.moved_to)))
    elif getattr(problem, "left_in_place", False):
        lines.append(tr("notice.left"))
    if problem.backup_available:
        lines.append(tr("notice.backup_offer"))
    backup = problem.path if problem.backup_available else None
    return Notice(tr("notice.save_title"), tuple(lines), problem.message, backup)


def file_notice(what: str, problems: Sequence[str]) -> Notice | None:
    """The panel for problems met reading the settings or the statistics (None if none).

    It says what was actually done (saves.document.Report's facts): a file moved aside,
    one that could not be moved, a copy kept before a repair, the backup used, the defaults.
    """
    if not problems:
        return None
    lines = [tr(f"notice.{what}_kept")]
    lines += [tr("notice.file_moved", path=str(p)) for p in getattr(problems, "moved", [])]
    lines += [tr("notice.file_left", path=str(p)) for p in getattr(problems, "left", [])]
    copied = getattr(problems, "copied", None)
    if copied is not None:
        lines.append(tr("notice.file_copied", path=str(copied)))
    if getattr(problems, "from_backup", False):
        lines.append(tr("notice.from_backup"))
    if getattr(problems, "defaults", False):
        lines.append(tr("notice.defaults"))
    failed = getattr(problems, "write_failed", None)
    if failed:
        lines.append(tr("notice.write_failed", reason=failed))
    return Notice(tr(f"notice.{what}_title"), tuple(lines), " ".join(problems))

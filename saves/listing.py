"""The saved-games list and "Continue": read each save's facts without replaying it.

The facts come from the save's ``check`` (fast: no replay). When the save's own fields do
not give them, the save is replayed as ``open_save`` would, so the list says "cannot be
opened" exactly when the save cannot be opened. A save that cannot be read shows its
backup's facts when the backup is readable; a file with no readable facts at all is
listed last and never chosen by "Continue". Every text is cleaned (``game.text``) and
every date is one that can be shown in local time.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, replace
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from game.rules import PRESET_NAMES
from game.text import NAME_LIMIT, PLAYER_LIMIT, clean_text

from .atomic import backup_of
from .jsonfile import MAX_BYTES, FileProblem, read_json
from .paths import saves_dir
from .reading import is_regular
from .store import SUFFIX, Loaded, load_file

BACKUP_SUFFIX = SUFFIX + ".bak"
# the dates a list shows: any of them converts to local time on every system (Windows
# refuses times before 1970 and after 3000)
EARLIEST = datetime(1970, 1, 2, tzinfo=UTC)
LATEST = datetime(2999, 12, 31, tzinfo=UTC)
MAX_NUMBER = 10**9  # a round number or a total beyond this is not a real match's


@dataclass(frozen=True, slots=True)
class SaveInfo:
    """One line of the saved-games list: name, preset, seats, round, scores, date."""

    path: Path
    name: str
    preset: str
    seats: tuple[str, ...]
    kinds: tuple[str, ...]
    round: int
    scores: tuple[int, ...]
    saved: datetime  # UTC, between EARLIEST and LATEST
    over: bool
    problem: str | None = None
    backup_available: bool = False
    facts_from_backup: bool = False  # the save itself cannot be read; these are its backup's
    has_facts: bool = True  # False: nothing could be read (the date is the file's time)

    @property
    def preset_name(self) -> str:
        """The preset's name shown to players."""
        return PRESET_NAMES.get(self.preset, self.preset)

    @property
    def resumable(self) -> bool:
        """Whether "Continue" may offer it: a match not over whose facts were read (from the
        save, or from its backup when the save is missing or damaged)."""
        return self.has_facts and not self.over and (self.problem is None or self.facts_from_backup)

    def saved_text(self, fmt: str = "%Y-%m-%d %H:%M") -> str:
        """The saved date in local time (UTC, marked so, where the system cannot convert)."""
        try:
            return self.saved.astimezone().strftime(fmt)
        except (OverflowError, OSError, ValueError):
            return self.saved.strftime(fmt) + " UTC"


def list_saves(base: Path | str | None = None) -> list[SaveInfo]:
    """Every saved match, the most recently saved first; unreadable ones carry a problem
    and come last. Anything named like a save is listed, a folder or a pipe included."""
    folder = saves_dir(base)
    if not folder.is_dir():
        return []
    try:
        names = os.listdir(folder)
    except OSError:
        return []
    mains = {folder / n for n in names if n.endswith(SUFFIX)}
    orphans = {  # a backup whose save was moved aside: still offered
        folder / n[: -len(".bak")]
        for n in names
        if n.endswith(BACKUP_SUFFIX) and is_regular(folder / n)
    }
    infos = [save_info(p) for p in sorted(mains | orphans)]
    return sorted(infos, key=lambda i: (i.has_facts, i.saved), reverse=True)


def latest_save(base: Path | str | None = None) -> SaveInfo | None:
    """What "Continue" resumes: the most recently saved match that is not over (a file
    that cannot be read at all is never chosen)."""
    return next((i for i in list_saves(base) if i.resumable), None)


def save_info(path: Path) -> SaveInfo:
    """The list entry of one save (or of its backup when the save is missing or damaged)."""
    backup = backup_of(path)
    has_backup = is_regular(backup)
    if not os.path.lexists(path):
        info = _facts(backup) if has_backup else None
        if isinstance(info, SaveInfo):
            problem = "the save is missing; its backup can be opened"
            return replace(info, path=path, problem=problem, backup_available=True,
                           facts_from_backup=True)  # fmt: skip
        return _broken(path, "the save is missing", has_backup)
    info = _facts(path)
    if isinstance(info, SaveInfo):
        return replace(info, backup_available=has_backup)
    problem = f"it cannot be opened: {info}"
    if has_backup:
        from_backup = _facts(backup)
        if isinstance(from_backup, SaveInfo):
            problem += "; its backup can be opened"
            return replace(from_backup, path=path, problem=problem, backup_available=True,
                           facts_from_backup=True)  # fmt: skip
    return _broken(path, problem, has_backup)


def _facts(file: Path) -> SaveInfo | str:
    """The facts of one file, or why it cannot be opened (the reason open_save gives)."""
    try:
        data = read_json(file, MAX_BYTES)
    except FileProblem as e:
        return str(e)
    when = _mtime(file)
    try:
        return _quick(file, data, when)
    except (TypeError, ValueError, AttributeError, KeyError):
        pass  # the save layer's own fields do not tell: replay it as opening it would
    try:
        return _replayed(file, load_file(file), data, when)
    except FileProblem as e:
        return str(e)


def _mtime(path: Path) -> datetime:
    try:
        return _clamp(datetime.fromtimestamp(os.stat(path).st_mtime, UTC))
    except (OSError, OverflowError, ValueError):
        return EARLIEST


def _broken(path: Path, problem: str, has_backup: bool) -> SaveInfo:
    name = clean_text(path.name.split(".", 1)[0], NAME_LIMIT) or "?"
    return SaveInfo(path, name, "", (), (), 0, (), _mtime(path), False, problem, has_backup,
                    has_facts=False)  # fmt: skip


def _quick(path: Path, data: Any, when: datetime) -> SaveInfo:
    """Facts from the JSON value, checked for type; a damaged part raises ValueError."""
    if not isinstance(data, dict):
        raise ValueError("not an object")
    block = _dict(data.get("save"))
    check = _dict(block.get("check"))
    rules = _dict(data.get("rules"))
    players = [_dict(p) for p in _list(data.get("players"))]
    preset = rules.get("preset", "classic")
    if not isinstance(preset, str) or not all(isinstance(p.get("name"), str) for p in players):
        raise ValueError("not a preset or a name")
    over = check.get("over", False)
    if not isinstance(over, bool):
        raise ValueError("not a truth value")
    return SaveInfo(
        path=path,
        name=_name(block.get("name"), preset),
        preset=clean_text(preset, 40),
        seats=tuple(clean_text(p["name"], PLAYER_LIMIT) or "?" for p in players),
        kinds=tuple("bot" if p.get("kind") == "bot" else "human" for p in players),
        round=_int(check.get("round", 0)),
        scores=tuple(_int(t) for t in _list(check.get("totals", []))),
        saved=_stamp(block.get("saved"), when),
        over=over,
    )


def _replayed(path: Path, loaded: Loaded, data: Any, when: datetime) -> SaveInfo:
    """Facts from the replayed match (a save whose own fields did not give them)."""
    match = loaded.match
    block = data.get("save") if isinstance(data, dict) else None
    saved = block.get("saved") if isinstance(block, dict) else None
    return SaveInfo(
        path=path,
        name=loaded.slot.name,
        preset=match.rules.preset,
        seats=tuple(p.name for p in match.players),
        kinds=tuple(p.kind for p in match.players),
        round=match.round.number,
        scores=tuple(match.totals),
        saved=_stamp(saved, when),
        over=match.over,
    )


def _name(value: Any, preset: str) -> str:
    name = clean_text(value, NAME_LIMIT) if isinstance(value, str) else ""
    return name or clean_text(str(PRESET_NAMES.get(preset, preset)), NAME_LIMIT) or "?"


def _dict(value: Any) -> dict[str, Any]:
    if value is None:
        return {}
    if not isinstance(value, dict):
        raise ValueError("expected an object")
    return value


def _list(value: Any) -> list[Any]:
    if not isinstance(value, list):
        raise ValueError("expected a list")
    return value


def _int(value: Any) -> int:
    if type(value) is not int or not -MAX_NUMBER <= value <= MAX_NUMBER:
        raise ValueError("expected a whole number")
    return value


def _stamp(text: Any, fallback: datetime) -> datetime:
    if not isinstance(text, str) or not text.isascii():
        return fallback
    try:
        when = datetime.strptime(text, "%Y-%m-%dT%H:%M:%SZ").replace(tzinfo=UTC)
    except ValueError:
        return fallback
    return _clamp(when)


def _clamp(when: datetime) -> datetime:
    return min(max(when, EARLIEST), LATEST)

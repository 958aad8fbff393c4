"""The saved-games list and "Continue": read each save's facts without replaying it."""

from __future__ import annotations

from dataclasses import dataclass, replace
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from game.rules import PRESET_NAMES

from .atomic import backup_of
from .jsonfile import MAX_BYTES, FileProblem, read_json
from .paths import saves_dir
from .store import SUFFIX

BACKUP_SUFFIX = SUFFIX + ".bak"


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
    saved: datetime
    over: bool
    problem: str | None = None
    backup_available: bool = False

    @property
    def preset_name(self) -> str:
        """The preset's name shown to players."""
        return PRESET_NAMES.get(self.preset, self.preset)


def list_saves(base: Path | str | None = None) -> list[SaveInfo]:
    """Every saved match, the most recently saved first; unreadable ones carry a problem."""
    folder = saves_dir(base)
    if not folder.is_dir():
        return []
    mains = {p for p in folder.glob("*" + SUFFIX) if p.is_file()}
    orphans = {  # a backup whose save was moved aside: still offered
        p.with_name(p.name[: -len(".bak")]) for p in folder.glob("*" + BACKUP_SUFFIX) if p.is_file()
    }
    infos = [save_info(p) for p in sorted(mains | orphans)]
    return sorted(infos, key=lambda i: i.saved, reverse=True)


def latest_save(base: Path | str | None = None) -> SaveInfo | None:
    """What "Continue" resumes: the most recently saved match that is not over."""
    return next((i for i in list_saves(base) if not i.over), None)


def save_info(path: Path) -> SaveInfo:
    """The list entry of one save (or of its backup when the save itself is missing)."""
    backup = backup_of(path)
    has_backup = backup.is_file()
    source = path if path.is_file() else backup
    try:
        data = read_json(source, MAX_BYTES)
        info = _info(path, data, _mtime(source))
    except FileProblem as e:
        info = _broken(path, f"it cannot be opened: {e}", _mtime(source))
    except (TypeError, ValueError, AttributeError, KeyError):
        info = _broken(path, "it cannot be opened: it is damaged", _mtime(source))
    problem = info.problem
    if source is backup:
        problem = "the save is missing; its backup can be opened"
    return replace(info, problem=problem, backup_available=has_backup)


def _mtime(path: Path) -> datetime:
    try:
        return datetime.fromtimestamp(path.stat().st_mtime, UTC)
    except OSError:
        return datetime.fromtimestamp(0, UTC)


def _broken(path: Path, problem: str, when: datetime) -> SaveInfo:
    name = path.name.split(".", 1)[0]
    return SaveInfo(path, name, "", (), (), 0, (), when, False, problem)


def _info(path: Path, data: Any, when: datetime) -> SaveInfo:
    """Facts from the JSON value, checked for type; a damaged part raises ValueError."""
    if not isinstance(data, dict):
        raise ValueError("not an object")
    block = _dict(data.get("save"))
    check = _dict(block.get("check"))
    rules = _dict(data.get("rules"))
    players = [_dict(p) for p in _list(data.get("players"))]
    preset = rules.get("preset", "classic")
    name = block.get("name")
    return SaveInfo(
        path=path,
        name=name if isinstance(name, str) and name else str(PRESET_NAMES.get(preset, preset)),
        preset=preset if isinstance(preset, str) else "",
        seats=tuple(str(p.get("name", "?")) for p in players),
        kinds=tuple(str(p.get("kind", "human")) for p in players),
        round=_int(check.get("round", 0)),
        scores=tuple(_int(t) for t in _list(check.get("totals", []))),
        saved=_stamp(block.get("saved"), when),
        over=check.get("over") is True,
    )


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
    if type(value) is not int:
        raise ValueError("expected a whole number")
    return value


def _stamp(text: Any, fallback: datetime) -> datetime:
    if not isinstance(text, str):
        return fallback
    try:
        return datetime.strptime(text, "%Y-%m-%dT%H:%M:%SZ").replace(tzinfo=UTC)
    except ValueError:
        return fallback

"""The save file format: a record (docs/NOTATION.md) plus a ``save`` object of the save layer.

Version 1 (see docs/SAVES.md). Older versions are upgraded step by step by MIGRATIONS;
a newer version is refused with a message naming it. Nothing in a save is executed: it
is checked field by field, and the actions are replayed through the rules model.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from game import __version__
from game.record import FORMAT
from game.text import NAME_LIMIT, clean_text

from .jsonfile import FileProblem

SAVE_VERSION = 1
APP_VERSION = __version__  # the app that wrote a save (game/__init__.py)
_ID = re.compile(r"[A-Za-z0-9_-]{1,64}")
_STAMP = re.compile(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z", re.ASCII)

# version n -> version n + 1, applied in turn until the data is at SAVE_VERSION
Migration = Callable[[dict[str, Any]], dict[str, Any]]
MIGRATIONS: dict[int, Migration] = {}


@dataclass(frozen=True, slots=True)
class Meta:
    """The save layer's own facts about a match: id, name, dates, the app that wrote it."""

    id: str
    name: str
    created: str
    saved: str
    app: str = APP_VERSION


def split(data: Any) -> tuple[dict[str, Any], dict[str, Any]]:
    """The record part and the (upgraded) ``save`` object of a save's JSON value."""
    if not isinstance(data, dict):
        raise FileProblem("invalid", "it is not a Rummy Table save (not a JSON object)")
    if "players" not in data and "save" not in data:
        raise FileProblem("invalid", "it is not a Rummy Table save (no players, no save data)")
    fmt = data.get("format", FORMAT)
    if type(fmt) is int and fmt > FORMAT:
        raise FileProblem("newer_version", _newer("record format", fmt, FORMAT))
    block = data.get("save", {"version": SAVE_VERSION})
    if not isinstance(block, dict):
        raise FileProblem("invalid", "its save data is not an object")
    block = upgrade(block)
    record = {k: v for k, v in data.items() if k != "save"}
    return record, block


def upgrade(block: dict[str, Any]) -> dict[str, Any]:
    """Bring a ``save`` object of any known version up to SAVE_VERSION."""
    version = block.get("version")
    if type(version) is not int or version < 1:
        raise FileProblem("invalid", f"its save version is not valid ({version!r})")
    if version > SAVE_VERSION:
        raise FileProblem("newer_version", _newer("save version", version, SAVE_VERSION))
    while version < SAVE_VERSION:
        block = MIGRATIONS[version](block)
        version += 1
    return block


def _newer(what: str, found: int, known: int) -> str:
    return (
        f"it was written by a newer Rummy Table ({what} {found}); "
        f"this version reads up to {what} {known}"
    )


def parse_meta(block: dict[str, Any], default_id: str, default_name: str) -> tuple[Meta, list[str]]:
    """The Meta of a ``save`` object; unreadable fields fall back, with a note each."""
    notes: list[str] = []

    def text(key: str, ok: Callable[[str], bool], default: str) -> str:
        value = block.get(key)
        if isinstance(value, str) and ok(value):
            return value
        if value is not None:
            notes.append(f"The save's {key} was not readable.")
        return default

    meta = Meta(
        id=text("id", lambda v: _ID.fullmatch(v) is not None, default_id),
        name=clean_text(text("name", lambda v: clean_text(v) != "", default_name), NAME_LIMIT),
        created=text("created", lambda v: _STAMP.fullmatch(v) is not None, ""),
        saved=text("saved", lambda v: _STAMP.fullmatch(v) is not None, ""),
        app=clean_text(text("app", lambda v: 0 < len(v) <= 40, "unknown"), 40) or "unknown",
    )
    return meta, notes


def save_json(
    record: dict[str, Any], meta: Meta, orders: dict[str, list[str]], check: dict[str, Any]
) -> dict[str, Any]:
    """A save's JSON value: the record, then the save layer's fields."""
    block = {
        "version": SAVE_VERSION,
        "app": meta.app,
        "id": meta.id,
        "name": meta.name,
        "created": meta.created,
        "saved": meta.saved,
        "orders": orders,
        "check": check,
    }
    return {**record, "save": block}

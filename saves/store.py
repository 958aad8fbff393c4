"""Saved matches: one file per match in the saves folder, autosaved after every action.

A save is written whole and atomically (saves.atomic); the previous version is kept as
NAME.json.bak. Opening a save replays its actions through the rules model, so a save can
never put the game into an illegal position; a file that cannot be opened is moved to
saves/damaged/ and the answer says why and whether the backup can be opened.
"""

from __future__ import annotations

import os
import secrets
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from game import record as rec
from game.cards import Card
from game.errors import IllegalAction
from game.match import Match
from game.text import NAME_LIMIT, clean_players, clean_text

from . import check as chk
from . import codec
from .atomic import backup_of, copy_aside, move_aside, remove_quietly, temp_of, write_atomic
from .jsonfile import MAX_BYTES, FileProblem, dumps, read_json
from .orders import orders_json, parse_orders, reconcile
from .paths import damaged_dir_for, saves_dir
from .reading import is_regular

SUFFIX = ".json"
MESSAGE_LIMIT = 300  # characters of a message that quotes a file's text
NOTE_LIMIT = 600  # characters of a note on opening (a cross-check note names several fields)
Orders = Mapping[int, Sequence[Card]]


@dataclass(frozen=True, slots=True)
class Slot:
    """Where a match is saved, and its name; keep it beside the match and autosave to it."""

    path: Path
    id: str
    name: str
    created: str

    def renamed(self, name: str) -> Slot:
        """The same slot under a new name (used from the next save on)."""
        return replace(self, name=clean_text(name, NAME_LIMIT) or self.name)


@dataclass(frozen=True, slots=True)
class SaveState:
    """A save captured from a match: immutable, so it can be encoded off the frame loop."""

    slot: Slot
    record: dict[str, Any]
    orders: dict[str, list[str]]
    check: dict[str, Any]
    saved: str

    def encode(self) -> bytes:
        """The file's bytes."""
        s = self.slot
        meta = codec.Meta(s.id, s.name, s.created, self.saved)
        return dumps(codec.save_json(self.record, meta, self.orders, self.check))


@dataclass(frozen=True, slots=True)
class Loaded:
    """A save opened: the match at its last position, its slot, hand orders, and notes."""

    match: Match
    slot: Slot
    orders: dict[int, list[Card]]
    notes: tuple[str, ...] = ()
    from_backup: bool = False
    check_ok: bool = True


@dataclass(frozen=True, slots=True)
class SaveProblem:
    """A save that cannot be opened: a stable ``code`` and a message a player can read."""

    code: str
    message: str
    path: Path
    backup_available: bool
    moved_to: Path | None = None
    left_in_place: bool = False  # it could not be moved aside (it never becomes the backup)

    def describe(self) -> str:
        """The message, where the file went, and whether the backup can be opened."""
        parts = [self.message]
        if self.moved_to is not None:
            parts.append(f"The file was moved to {self.moved_to}.")
        elif self.left_in_place:
            parts.append(
                "The file could not be moved aside and stays where it is "
                "(it is never written over the backup)."
            )
        if self.backup_available:
            parts.append("The backup (the match one action earlier) can be opened instead.")
        return " ".join(parts)


# --- writing -----------------------------------------------------------------------------


def _now() -> str:
    return time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())


def new_slot(match: Match, name: str | None = None, base: Path | str | None = None) -> Slot:
    """A new, unused save slot for a match (nothing is written yet)."""
    stamp = time.strftime("%Y%m%d-%H%M%S", time.gmtime())
    sid = f"{stamp}-{secrets.token_hex(3)}"
    title = clean_text(name or "", NAME_LIMIT) or match.rules.name
    return Slot(saves_dir(base) / f"{sid}{SUFFIX}", sid, title, _now())


def capture(slot: Slot, match: Match, orders: Orders | None = None) -> SaveState:
    """Capture the match as it stands (fast: the frame loop may call it after each action)."""
    return SaveState(
        slot, rec.save(match), orders_json(orders or {}), chk.make_check(match), _now()
    )


def write_state(state: SaveState, sync: bool = True) -> None:
    """Write a captured save atomically, keeping the previous one as backup; may raise OSError."""
    write_atomic(state.slot.path, state.encode(), backup=True, sync=sync)


def write_save(slot: Slot, match: Match, orders: Orders | None = None) -> None:
    """Save a match now, on this thread (see AutosaveWorker for the frame loop)."""
    write_state(capture(slot, match, orders))


def delete_save(path: Path) -> None:
    """Delete a saved match at the player's request: the file, its backup and any leftover.
    Something else under a save's name (a folder) is moved to damaged/, never deleted."""
    for p in (path, backup_of(path), temp_of(path)):
        if os.path.isdir(p) and not os.path.islink(p):
            move_aside(p, damaged_dir_for(path))
        else:
            remove_quietly(p)


# --- opening -----------------------------------------------------------------------------


def open_save(path: Path) -> Loaded | SaveProblem:
    """Open a saved match, or say why not (the file is then moved aside, never deleted)."""
    if not os.path.lexists(path):
        has_backup = is_regular(backup_of(path))
        return SaveProblem("missing", "The save file is missing.", path, has_backup)
    return _open(path, path, from_backup=False)


def open_backup(path: Path) -> Loaded | SaveProblem:
    """Open the backup of a saved match (its state one save earlier); it keeps saving to path."""
    return _open(backup_of(path), path, from_backup=True)


def _open(file: Path, slot_path: Path, from_backup: bool) -> Loaded | SaveProblem:
    try:
        loaded = load_file(file, slot_path)
    except FileProblem as e:
        moved = move_aside(file, damaged_dir_for(slot_path)) if e.code != "missing" else None
        message = f"{'The backup' if from_backup else 'This save'} cannot be opened: {e}."
        has_backup = not from_backup and is_regular(backup_of(slot_path))
        stuck = moved is None and e.code != "missing"
        return SaveProblem(e.code, message, slot_path, has_backup, moved, stuck)
    if not loaded.check_ok:
        copy_aside(file, damaged_dir_for(slot_path))  # keep the evidence; the replay counts
    if from_backup:
        note = "Opened the backup: the last action before the problem may be missing."
        loaded = replace(loaded, notes=(note, *loaded.notes), from_backup=True)
    return loaded


def load_file(file: Path, slot_path: Path | None = None) -> Loaded:
    """Read, check and replay one save file; raise FileProblem naming what is wrong."""
    data = read_json(file, MAX_BYTES)
    record_data, block = codec.split(clean_players(data))
    match = _replay(record_data)
    meta, notes = codec.parse_meta(block, _stem(slot_path or file), match.rules.name)
    raw_orders, order_notes = parse_orders(block.get("orders"), match.rules.players)
    orders = {s: reconcile(o, match.round.hands[s]) for s, o in raw_orders.items()}
    diffs = chk.differences(block["check"], match) if "check" in block else []
    if diffs:
        notes.append(
            "The save's cross-check does not match its moves ("
            + "; ".join(diffs)
            + "); the game goes on from the moves."
        )
    slot = Slot(slot_path or file, meta.id, meta.name, meta.created or meta.saved or _now())
    said = tuple(clean_text(n, NOTE_LIMIT) for n in notes + order_notes)  # they quote the file
    return Loaded(match, slot, orders, said, check_ok=not diffs)


def _stem(path: Path) -> str:
    return path.name.split(".", 1)[0]


def _replay(data: dict[str, Any]) -> Match:
    try:
        record = rec.load(data)
        return rebuild(record)
    except rec.RecordError as e:
        raise FileProblem("invalid", f"it is damaged ({_quoted(e)})") from None
    except FileProblem:
        raise
    except Exception as e:  # a save must never crash the game, whatever it holds
        raise FileProblem("invalid", f"it is damaged ({type(e).__name__}: {_quoted(e)})") from None


def _quoted(error: Exception) -> str:
    """An error's message as a player may read it: it may quote the file's own text."""
    return clean_text(str(error), MESSAGE_LIMIT)


def rebuild(record: rec.Record) -> Match:
    """The match after all of a record's actions; FileProblem names the first illegal one."""
    match = record.start()
    total = len(record.actions)
    for i, action in enumerate(record.actions):
        try:
            match.apply(action)
        except IllegalAction as e:
            text = clean_text(action.notation(), MESSAGE_LIMIT)
            reason = clean_text(e.refusal.reason, MESSAGE_LIMIT)
            raise FileProblem(
                "illegal_action", f"action {i + 1} of {total} (“{text}”) is not allowed: {reason}"
            ) from None
    return match

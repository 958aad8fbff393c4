"""Damaged or foreign saves: a clear SaveProblem, the file moved aside (never deleted), the
backup offered and loadable; never an exception, nothing executed."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from game.view import view_for
from saves import Loaded, SaveProblem, list_saves, new_slot, open_backup, open_save, write_save
from saves.atomic import backup_of
from saves.store import Slot
from tests.saves.support import new_match, play_until

Edit = Callable[[dict[str, Any]], None]


def two_saves(home: Path) -> tuple[Slot, int]:
    """A save whose backup holds the match one action earlier; the backup's action count."""
    match = play_until(new_match("classic", 2, seed=3), lambda m: len(m.actions) >= 20)
    slot = new_slot(match, "damaged one")
    write_save(slot, match)
    match.apply(match.legal()[0])
    write_save(slot, match)
    return slot, 20


def edit_json(path: Path, change: Edit) -> None:
    data = json.loads(path.read_text(encoding="utf-8"))
    change(data)
    path.write_text(json.dumps(data), encoding="utf-8")


def set_key(key: str, value: Any) -> Edit:
    def change(data: dict[str, Any]) -> None:
        data[key] = value

    return change


def set_save_key(key: str, value: Any) -> Edit:
    def change(data: dict[str, Any]) -> None:
        data["save"][key] = value

    return change


def too_many_copies(data: dict[str, Any]) -> None:
    hands = [["AS", "AS", "2S", "3S", "4S", "5S", "6S", "7S", "8S", "9S"],
             ["AH", "2H", "3H", "4H", "5H", "6H", "7H", "8H", "9H", "10H"]]  # fmt: skip
    data["deals"] = [{"dealer": 1, "hands": hands, "stock": [], "upcard": None}]


def doubled_draw(data: dict[str, Any]) -> None:
    actions = data["actions"]
    i = actions.index("draw", 5)
    actions.insert(i + 1, "draw")


BYTES: dict[str, bytes | Callable[[bytes], bytes]] = {
    "truncated": lambda b: b[: len(b) // 2],
    "empty": b"",
    "not JSON": b"PK\x03\x04 this is a zip file, not a save",
    "not UTF-8": b"\xff\xfe{\x00}\x00",
    "too deep": b"[" * 100_000 + b"]" * 100_000,
    "huge number": b'{"players": [], "seed": ' + b"9" * 5000 + b"}",
    "a list": b"[1, 2, 3]",
    "foreign JSON": b'{"hello": "world"}',
}
EDITS: dict[str, Edit] = {
    "seed of wrong type": set_key("seed", "seven"),
    "actions of wrong type": set_key("actions", {"0": "draw"}),
    "player of wrong type": set_key("players", [{"name": "A"}, 5]),
    "unknown rules option": set_key("rules", {"preset": "classic", "fly": True}),
    "save data of wrong type": set_key("save", ["version", 1]),
    "too many copies of a card": too_many_copies,
    "illegal action": doubled_draw,
    "code in an action": set_key("actions", ["__import__('os').system('touch pwned')"]),
    "newer save version": set_save_key("version", 7),
    "newer record format": set_key("format", 3),
}
EXPECT = {
    "truncated": ("truncated", "cut short"),
    "empty": ("truncated", "empty"),
    "not JSON": ("not_json", "not valid JSON"),
    "not UTF-8": ("not_json", "not a text file"),
    "too deep": ("not_json", "malformed"),
    "huge number": ("not_json", "malformed"),
    "a list": ("invalid", "not a Rummy Table save"),
    "foreign JSON": ("invalid", "not a Rummy Table save"),
    "seed of wrong type": ("invalid", "seed: expected a whole number"),
    "actions of wrong type": ("invalid", "actions: expected a list"),
    "player of wrong type": ("invalid", "players[1]"),
    "unknown rules option": ("invalid", "unknown rules option: fly"),
    "save data of wrong type": ("invalid", "save data is not an object"),
    "too many copies of a card": ("invalid", "names AS more often than the deck holds it"),
    "illegal action": ("illegal_action", "of 22 (“draw”) is not allowed: you have already drawn"),
    "code in an action": ("invalid", "actions[0]"),
    "newer save version": ("newer_version", "save version 7"),
    "newer record format": ("newer_version", "record format 3"),
}


def damage(slot: Slot, kind: str) -> bytes:
    """Damage the save in place; the bytes it then holds."""
    if kind in EDITS:
        edit_json(slot.path, EDITS[kind])
    else:
        spoil = BYTES[kind]
        before = slot.path.read_bytes()
        slot.path.write_bytes(spoil(before) if callable(spoil) else spoil)
    return slot.path.read_bytes()


@pytest.mark.parametrize("kind", sorted(EXPECT))
def test_damaged_save_gives_a_clear_problem_and_the_backup(home: Path, kind: str) -> None:
    slot, backup_actions = two_saves(home)
    content = damage(slot, kind)
    problem = open_save(slot.path)
    assert isinstance(problem, SaveProblem), kind
    code, words = EXPECT[kind]
    assert problem.code == code, problem.message
    assert words in problem.message, problem.message
    assert problem.backup_available and "backup" in problem.describe()
    assert_moved_aside(slot, problem, content)
    assert not Path("pwned").exists()
    loaded = open_backup(problem.path)
    assert isinstance(loaded, Loaded), loaded
    assert len(loaded.match.actions) == backup_actions and loaded.from_backup
    assert loaded.notes and "backup" in loaded.notes[0]
    assert loaded.slot.path == slot.path


def assert_moved_aside(slot: Slot, problem: SaveProblem, content: bytes) -> None:
    assert not slot.path.exists()
    assert problem.moved_to is not None and problem.moved_to.parent.name == "damaged"
    assert problem.moved_to.name.startswith(slot.id + ".") and problem.moved_to.suffix == ".json"
    assert problem.moved_to.read_bytes() == content
    assert str(problem.moved_to) in problem.describe()


def test_huge_file_is_refused_before_reading(home: Path) -> None:
    slot, _ = two_saves(home)
    with open(slot.path, "r+b") as f:
        f.truncate(200 * 1024 * 1024)  # sparse: cheap to make, slow to read
    problem = open_save(slot.path)
    assert isinstance(problem, SaveProblem) and problem.code == "too_large"
    assert "too large (209.7 MB" in problem.message
    assert problem.moved_to is not None and problem.moved_to.stat().st_size == 200 * 1024 * 1024


def test_continuing_after_opening_the_backup_saves_again(home: Path) -> None:
    slot, _ = two_saves(home)
    damage(slot, "truncated")
    problem = open_save(slot.path)
    assert isinstance(problem, SaveProblem)
    loaded = open_backup(problem.path)
    assert isinstance(loaded, Loaded)
    loaded.match.apply(loaded.match.legal()[0])
    write_save(loaded.slot, loaded.match)
    again = open_save(slot.path)
    assert isinstance(again, Loaded) and again.notes == ()


def test_damaged_backup_is_moved_aside_too(home: Path) -> None:
    slot, _ = two_saves(home)
    damage(slot, "not JSON")
    backup_of(slot.path).write_bytes(b"\x00\x01")
    problem = open_save(slot.path)
    assert isinstance(problem, SaveProblem) and problem.backup_available
    second = open_backup(problem.path)
    assert isinstance(second, SaveProblem)
    assert not second.backup_available and second.moved_to is not None
    assert len(list((slot.path.parent / "damaged").iterdir())) == 2
    assert list_saves() == []


def test_missing_save_offers_its_backup(home: Path) -> None:
    slot, backup_actions = two_saves(home)
    slot.path.unlink()
    problem = open_save(slot.path)
    assert isinstance(problem, SaveProblem) and problem.code == "missing"
    assert problem.backup_available and problem.moved_to is None
    loaded = open_backup(slot.path)
    assert isinstance(loaded, Loaded) and len(loaded.match.actions) == backup_actions


def test_missing_save_without_backup_says_so(home: Path) -> None:
    problem = open_save(home / "nowhere.json")
    assert isinstance(problem, SaveProblem) and problem.code == "missing"
    assert not problem.backup_available


def test_cross_check_mismatch_is_reported_but_the_moves_count(home: Path) -> None:
    slot, _ = two_saves(home)
    edit_json(slot.path, lambda d: d["save"]["check"].update(hash="0" * 16, round=9))
    loaded = open_save(slot.path)
    assert isinstance(loaded, Loaded) and not loaded.check_ok
    (note,) = loaded.notes
    assert "cross-check" in note and "round: saved 9, replayed 1" in note
    assert len(loaded.match.actions) == 21
    assert slot.path.exists()  # the moves are fine: the file stays in use
    (copy,) = (slot.path.parent / "damaged").iterdir()
    assert json.loads(copy.read_text(encoding="utf-8"))["save"]["check"]["round"] == 9


def test_bad_hand_orders_and_meta_never_break_a_load(home: Path) -> None:
    slot, _ = two_saves(home)

    def spoil(data: dict[str, Any]) -> None:
        data["save"].update(name=42, created="yesterday", orders={"0": ["AS#0", 7], "9": []})

    edit_json(slot.path, spoil)
    loaded = open_save(slot.path)
    assert isinstance(loaded, Loaded)
    assert loaded.slot.name == loaded.match.rules.name
    assert set(loaded.orders) == {0}
    assert sorted(loaded.orders[0]) == sorted(view_for(loaded.match, 0).hand)
    assert len(loaded.notes) == 4

"""The saved-games list: several matches with their facts, newest first, deletable."""

from __future__ import annotations

import os
import re
import time
from datetime import UTC, datetime
from pathlib import Path

from saves import delete_save, latest_save, list_saves, new_slot, write_save
from saves.atomic import backup_of, temp_of
from tests.saves.support import finished, new_match, play_until, saves_files


def age(path: Path, seconds: float) -> None:
    """Make a save look older (its saved stamp is rewritten too)."""
    text = path.read_text(encoding="utf-8")
    stamp = time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(time.time() - seconds))
    path.write_text(re.sub(r'"saved":"[^"]*"', f'"saved":"{stamp}"', text), encoding="utf-8")
    os.utime(path, (time.time() - seconds,) * 2)


def test_several_saves_are_listed_with_their_facts(home: Path) -> None:
    hand = play_until(new_match("hand", 4), lambda m: m.round.number >= 2)
    classic = play_until(new_match("classic", 2), lambda m: len(m.actions) >= 5)
    done = finished("romme", 3)
    slots = []
    for match, name in ((hand, "Evening game"), (classic, "Quick one"), (done, "Finished")):
        slots.append(new_slot(match, name))
        write_save(slots[-1], match)
    age(slots[0].path, 300)
    age(slots[1].path, 200)
    infos = list_saves()
    assert [i.name for i in infos] == ["Finished", "Quick one", "Evening game"]
    first = infos[2]
    assert first.preset == "hand" and first.preset_name.startswith("Hand")
    assert first.seats == ("P0", "P1", "P2", "P3")
    assert first.kinds == ("human", "bot", "bot", "bot")
    assert first.round == hand.round.number and first.scores == tuple(hand.totals)
    assert abs((datetime.now(UTC) - first.saved).total_seconds() - 300) < 30
    assert infos[0].over and not infos[1].over
    assert all(i.problem is None for i in infos)


def test_continue_offers_the_latest_unfinished_match(home: Path) -> None:
    assert latest_save() is None
    old = play_until(new_match("classic", 2), lambda m: len(m.actions) >= 5)
    slot = new_slot(old, "old")
    write_save(slot, old)
    age(slot.path, 100)
    done = finished("romme", 3)
    write_save(new_slot(done, "done"), done)
    info = latest_save()
    assert info is not None and info.name == "old"


def test_delete_removes_the_save_and_its_backup(home: Path) -> None:
    match = play_until(new_match("classic", 2), lambda m: len(m.actions) >= 5)
    keep, gone = new_slot(match, "keep"), new_slot(match, "gone")
    for slot in (keep, gone, gone):
        write_save(slot, match)
    assert backup_of(gone.path).exists()
    temp_of(gone.path).write_bytes(b"left over")
    delete_save(gone.path)
    assert [i.name for i in list_saves()] == ["keep"]
    assert saves_files(home) == [keep.path.name]


def test_a_damaged_save_is_listed_with_its_problem(home: Path) -> None:
    match = play_until(new_match("classic", 2), lambda m: len(m.actions) >= 5)
    slot = new_slot(match, "broken")
    write_save(slot, match)
    write_save(slot, match)
    slot.path.write_text('{"players": [', encoding="utf-8")
    (info,) = list_saves()
    assert info.problem is not None and "cut short" in info.problem
    assert info.backup_available


def test_a_backup_without_its_save_is_still_listed(home: Path) -> None:
    match = play_until(new_match("classic", 2), lambda m: len(m.actions) >= 5)
    slot = new_slot(match, "orphan")
    write_save(slot, match)
    write_save(slot, match)
    slot.path.unlink()
    (info,) = list_saves()
    assert info.path == slot.path and info.name == "orphan"
    assert info.backup_available and info.problem is not None


def test_leftover_temporary_files_are_not_listed(home: Path) -> None:
    match = play_until(new_match("classic", 2), lambda m: len(m.actions) >= 5)
    slot = new_slot(match, "one")
    write_save(slot, match)
    temp_of(slot.path).write_bytes(b"{half")
    assert [i.name for i in list_saves()] == ["one"]

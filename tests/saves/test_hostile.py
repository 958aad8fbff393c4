"""Hostile files (issue 14): the corpus of tests/hostile.py through the start path, each
case in its own process (a blocking read shows as a timeout), and one regression test per
fault found, each through the saves package's public functions."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

from game.match import Match, Player
from game.rules import preset
from saves import (
    Loaded,
    SaveProblem,
    delete_save,
    latest_save,
    list_saves,
    load_settings,
    load_stats,
    new_slot,
    open_backup,
    open_save,
    save_settings,
    write_save,
)
from saves.store import load_file
from tests.hostile import POSIX, Built, cases, run_corpus

ROOT = Path(__file__).resolve().parents[2]
TIMEOUT = 120  # seconds: hang protection only
BUILDERS = dict(cases())


def build(name: str, home: Path) -> Built:
    return BUILDERS[name](home)


def test_every_hostile_file_through_the_start_path() -> None:
    """All cases in one process (tests.hostile_check); a case that blocks is named."""
    results = run_corpus("tests.hostile_check", TIMEOUT)
    bad = [r for r in results if r["failures"] or r["lost"]]
    lost = sum(r["lost"] for r in results)
    print(f"hostile corpus: {len(results)} cases, 0 hangs, 0 tracebacks, {lost} files lost")
    assert len(results) == len(BUILDERS) and not bad, bad


def run_python(code: str, home: Path) -> subprocess.CompletedProcess[str]:
    """Run ``code`` in a fresh process with RUMMYTABLE_HOME=home (a hang is a timeout)."""
    return subprocess.run(
        [sys.executable, "-c", textwrap.dedent(code)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=TIMEOUT,
        env={**os.environ, "RUMMYTABLE_HOME": str(home)},
    )


# --- 3. special files ----------------------------------------------------------------------

needs_fifo = pytest.mark.skipif(not POSIX, reason="named pipes are POSIX")


@needs_fifo
@pytest.mark.parametrize(
    "case", ["settings are a named pipe", "statistics are a named pipe", "save is a named pipe"]
)
def test_a_named_pipe_never_blocks_the_start(home: Path, case: str) -> None:
    build(case, home)
    code = """
        import saves
        saves.load_settings(); saves.load_stats()
        for info in saves.list_saves():
            saves.open_save(info.path)
        print("started")
    """
    try:
        proc = run_python(code, home)
    except subprocess.TimeoutExpired:
        pytest.fail(f"{case}: the game never starts")
    assert proc.stdout.strip() == "started", proc.stderr


# --- 4. text no screen or UTF-8 takes -----------------------------------------------------


def test_names_are_cleaned_when_a_save_is_read(home: Path) -> None:
    built = build("player name with NUL and lone surrogate", home)
    victim = built.home.victim
    data = json.loads(victim.path.read_text(encoding="utf-8"))
    data["save"]["name"] = "Evening\x00game\ud800"
    victim.path.write_text(json.dumps(data), encoding="utf-8")
    loaded = open_save(victim.path)
    assert isinstance(loaded, Loaded), loaded
    assert loaded.match.players[0].name == "A n\ufffdn"
    assert loaded.slot.name == "Evening game\ufffd"
    (info,) = [i for i in list_saves() if i.path == victim.path]
    assert info.name == "Evening game\ufffd" and info.seats[0] == "A n\ufffdn"


def test_saving_never_fails_on_a_lone_surrogate(home: Path) -> None:
    seats = [Player("Ann\ud800", "human"), Player("Ben", "bot", "easy")]
    match = Match(preset("classic", players=2), seats, 1)
    match.apply(match.legal()[0])
    slot = new_slot(match, "Name \udcff")
    write_save(slot, match)
    again = open_save(slot.path)
    assert isinstance(again, Loaded) and again.match.players[0].name == "Ann\ufffd"
    assert again.slot.name == "Name \ufffd"


# --- 5. numbers and dates out of range ------------------------------------------------------


@pytest.mark.skipif(not hasattr(time, "tzset"), reason="needs time.tzset")
@pytest.mark.parametrize(
    ("case", "zone"), [("saved in year 1", "PST8"), ("saved in year 9999", "JST-9")]
)
def test_list_dates_can_be_shown_in_local_time(
    home: Path, monkeypatch: pytest.MonkeyPatch, case: str, zone: str
) -> None:
    build(case, home)
    monkeypatch.setenv("TZ", zone)
    time.tzset()
    try:
        for info in list_saves():
            info.saved.astimezone().strftime("%Y-%m-%d %H:%M")  # what the list screen does
    finally:
        monkeypatch.undo()
        time.tzset()


def test_huge_statistics_are_bounded_when_read(home: Path) -> None:
    build("statistics totals of 300 digits", home)
    stats, problems = load_stats()
    assert problems and all(abs(e.points_total) <= 10**12 for e in stats.presets.values())
    assert all(e.average_points is None or e.average_points < 1e13 for e in stats.presets.values())


# --- 6. Unicode digits -------------------------------------------------------------------------


def test_unicode_digits_in_hand_order_keys_never_break_open_save(home: Path) -> None:
    built = build("hand order keys ① and ²", home)
    loaded = open_save(built.path)
    assert isinstance(loaded, Loaded)
    assert any("seat '①'" in note for note in loaded.notes)


def test_unicode_digit_in_a_meld_number_is_a_clear_problem(home: Path) -> None:
    built = build("meld number m²", home)
    problem = open_save(built.path)
    assert isinstance(problem, SaveProblem) and problem.code == "invalid"
    assert "expected a meld number like m2, not 'm²'" in problem.message


# --- 7. languages ---------------------------------------------------------------------------------


@pytest.mark.parametrize("case", ["settings language fr", "settings language de-AT"])
def test_only_languages_the_game_has_pass_the_settings_check(home: Path, case: str) -> None:
    build(case, home)
    settings, problems = load_settings()
    assert settings.language == "" and any("language" in p for p in problems)


# --- 9. data loss ---------------------------------------------------------------------------


def test_statistics_with_a_bad_field_are_copied_aside_before_the_repair(home: Path) -> None:
    built = build("statistics with one bad field", home)
    original = built.path.read_bytes()
    load_stats()
    copies = list((built.path.parent / "damaged").iterdir())
    assert [c.read_bytes() for c in copies] == [original]


def test_a_damaged_save_never_goes_over_the_good_backup(home: Path) -> None:
    built = build("damaged/ cannot be made and the save is cut short", home)
    path = built.path
    problem = open_save(path)
    assert isinstance(problem, SaveProblem) and problem.backup_available
    loaded = open_backup(path)
    assert isinstance(loaded, Loaded)
    loaded.match.apply(loaded.match.legal()[0])
    write_save(loaded.slot, loaded.match)
    # the backup still opens: the damaged file did not become it
    assert isinstance(open_backup(path), Loaded)
    assert load_file(path).match.actions == loaded.match.actions


def test_a_failed_settings_save_is_reported(home: Path) -> None:
    built = build("settings folder is a file", home)
    result = save_settings(load_settings()[0])
    assert isinstance(result, str) and "could not be saved" in result
    assert built.path.parent.read_bytes() == b"not a folder"


# --- 10. notices that tell the truth ----------------------------------------------------------


@pytest.mark.parametrize(
    ("case", "load"),
    [
        ("settings damaged, backup good", load_settings),
        ("statistics damaged, backup good", load_stats),
    ],
)
def test_a_restored_backup_is_written_back(home: Path, case: str, load: object) -> None:
    build(case, home)
    first = load()  # type: ignore[operator]
    assert any("restored from the backup" in p for p in first[1])
    assert load() == (first[0], [])  # type: ignore[operator]


def test_an_older_save_replaced_by_a_folder_is_listed(home: Path) -> None:
    built = build("save is a folder", home)
    (info,) = [i for i in list_saves() if i.path == built.path]
    assert info.problem is not None and "folder" in info.problem


def test_deleting_a_folder_entry_moves_it_aside(home: Path) -> None:
    built = build("save is a folder", home)
    delete_save(built.path)
    assert not built.path.exists()
    (moved,) = (built.path.parent / "damaged").iterdir()
    assert (moved / "inside.json").read_text(encoding="utf-8") == "{}"
    assert [i.path for i in list_saves()] == [built.home.keep.path]


def test_a_damaged_file_never_takes_over_continue(home: Path) -> None:
    built = build("newest save cut short, no backup", home)
    os.utime(built.path)  # the newest file on disk
    latest = latest_save()
    assert latest is not None and latest.path == built.home.keep.path


def test_the_list_never_says_cannot_be_opened_for_a_save_that_opens(home: Path) -> None:
    built = build("check field of the wrong type", home)
    (info,) = [i for i in list_saves() if i.path == built.path]
    loaded = open_save(built.path)
    assert isinstance(loaded, Loaded)
    assert info.problem is None and info.round == loaded.match.round.number

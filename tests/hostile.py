"""Hostile files: what anyone who can put a file in the player's folders might leave there.

``cases()`` yields ``(name, builder)`` pairs. A builder takes an empty folder standing for
RUMMYTABLE_HOME, writes a normal player's files into it (two saved matches with backups,
settings and statistics with backups: ``Home``), then spoils one thing the way the case
says, and returns a ``Built``: which file is hostile and what the game must do with it.
The saves tests run every case through the start path without a window
(tests/saves/test_hostile.py) and through ``main.py --load`` and ``main.py replay``
(tests/test_hostile_cli.py); a UI test can run the same cases through the screens.

Classes (issue 14): special files in place of files, text no screen or UTF-8 takes,
numbers and dates out of range, Unicode digits, unknown languages, data-loss paths,
notices that must tell the truth; plus sizes and shapes no save has.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import re
import stat
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from game.match import Match, Player
from game.playout import GreedyRandom
from game.rules import preset
from saves import PresetStats, Settings, Statistics, new_slot, save_settings, save_stats
from saves.atomic import backup_of
from saves.paths import settings_path, stats_path
from saves.store import Slot, write_save

POSIX = os.name == "posix"
VICTIM_ACTIONS = 30  # the spoiled save's match; its backup holds one action fewer
KEEP_ACTIONS = 12  # the other save, written an hour earlier: it must stay intact


@dataclass(frozen=True)
class Home:
    """The player's files before a case spoils one of them."""

    folder: Path
    victim: Slot  # the save a case spoils (the newest, a match in progress)
    keep: Slot  # another save (older, in progress): never touched by any case


@dataclass(frozen=True)
class Built:
    """A hostile file in a home, and what the game must make of it.

    ``kind``: "save", "settings" or "statistics". ``path``: the hostile file. ``expect``:
    - for a save: "opens" (open_save gives the match), "refused" (a SaveProblem; the file
      moved aside or, when it cannot be, left in place and said so), "missing";
    - for settings and statistics: "fine" (no problem reported), "repaired" (fields reset,
      the file as it was copied aside), "restored" (the backup used and written back),
      "defaults" (nothing readable).
    "any": either, as long as it is told truthfully. ``backup``: whether the backup must
    open (saves). ``note``: what the case is about.
    """

    home: Home
    kind: str
    path: Path
    expect: str
    backup: bool = True
    note: str = ""


Builder = Callable[[Path], Built]


# --- the normal player's files -------------------------------------------------------------


def _match(name: str, players: int, seed: int, actions: int) -> Match:
    seats = [Player("Ann", "human")] + [
        Player(f"Bot {i}", "bot", "easy") for i in range(1, players)
    ]
    match = Match(preset(name, players=players), seats, seed)
    policy = GreedyRandom(seed)
    while len(match.actions) < actions and not match.over:
        match.apply(policy.choose(match))
    return match


def make_home(folder: Path) -> Home:
    """Two saves with backups (the victim the newest), settings and statistics with backups."""
    base = folder
    keep_match = _match("classic", 2, 3, KEEP_ACTIONS - 1)
    keep = new_slot(keep_match, "Kept game", base)
    keep = Slot(keep.path.with_name("keep.json"), "keep", keep.name, keep.created)
    write_save(keep, keep_match)
    keep_match.apply(GreedyRandom(1).choose(keep_match))
    write_save(keep, keep_match)
    _age(keep.path, 3600)
    _age(backup_of(keep.path), 3700)
    victim_match = _match("hand", 4, 5, VICTIM_ACTIONS - 1)
    victim = new_slot(victim_match, "Evening game", base)
    victim = Slot(victim.path.with_name("victim.json"), "victim", victim.name, victim.created)
    write_save(victim, victim_match)
    victim_match.apply(GreedyRandom(2).choose(victim_match))
    write_save(victim, victim_match)
    save_settings(Settings(sound=False), base)
    save_settings(Settings(sound=False, table_colour="wine", language="de"), base)
    romme = PresetStats(3, 1, 20, 6, 1, -12, 240, 310, 3)
    stats = Statistics({"romme": romme}, ["earlier"])
    save_stats(Statistics(), base)
    save_stats(stats, base)
    return Home(folder, victim, keep)


def _age(path: Path, seconds: float) -> None:
    """Make a save look older: its saved stamp and its file time."""
    stamp = time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(time.time() - seconds))
    text = path.read_text(encoding="utf-8")
    path.write_text(re.sub(r'"saved":"[^"]*"', f'"saved":"{stamp}"', text), encoding="utf-8")
    os.utime(path, (time.time() - seconds,) * 2)


def _edit(path: Path, change: Callable[[dict[str, Any]], None]) -> None:
    data = json.loads(path.read_text(encoding="utf-8"))
    change(data)
    path.write_text(json.dumps(data), encoding="utf-8")  # ASCII: \u0000, \ud800 as escapes


def _replace_with_fifo(path: Path) -> None:
    path.unlink()
    os.mkfifo(path)


# --- the cases -----------------------------------------------------------------------------


def _save_case(
    spoil: Callable[[Home], None], expect: str, backup: bool = True, note: str = ""
) -> Builder:
    def build(folder: Path) -> Built:
        home = make_home(folder)
        spoil(home)
        return Built(home, "save", home.victim.path, expect, backup, note)

    return build


def _doc_case(kind: str, spoil: Callable[[Path], None], expect: str, note: str = "") -> Builder:
    def build(folder: Path) -> Built:
        home = make_home(folder)
        path = settings_path(folder) if kind == "settings" else stats_path(folder)
        spoil(path)
        return Built(home, kind, path, expect, note=note)

    return build


def _no_backup(spoil: Callable[[Home], None]) -> Callable[[Home], None]:
    def both(home: Home) -> None:
        backup_of(home.victim.path).unlink()
        spoil(home)

    return both


def _fifo(home: Home) -> None:
    _replace_with_fifo(home.victim.path)


def _folder(home: Home) -> None:
    home.victim.path.unlink()
    home.victim.path.mkdir()
    (home.victim.path / "inside.json").write_text("{}", encoding="utf-8")


def _dev_zero(home: Home) -> None:
    home.victim.path.unlink()
    home.victim.path.symlink_to("/dev/zero")


def _link_loop(home: Home) -> None:
    home.victim.path.unlink()
    home.victim.path.symlink_to(home.victim.path.name)


def _backup_fifo(home: Home) -> None:
    _replace_with_fifo(backup_of(home.victim.path))


def _set(*keys: str, value: Any) -> Callable[[Home], None]:
    """Set data[k0][k1]… = value in the victim save."""

    def spoil(home: Home) -> None:
        def change(data: dict[str, Any]) -> None:
            target = data
            for key in keys[:-1]:
                target = target[key]
            target[keys[-1]] = value

        _edit(home.victim.path, change)

    return spoil


def _bytes(content: bytes | Callable[[bytes], bytes]) -> Callable[[Home], None]:
    def spoil(home: Home) -> None:
        path = home.victim.path
        path.write_bytes(content(path.read_bytes()) if callable(content) else content)

    return spoil


def _sparse(home: Home) -> None:
    with open(home.victim.path, "r+b") as f:
        f.truncate(200 * 1024 * 1024)


def _file_time(seconds: float) -> Callable[[Home], None]:
    def spoil(home: Home) -> None:
        home.victim.path.write_bytes(b'{"players": [')
        # where this system cannot set such a time, the case is an ordinary damaged save
        with contextlib.suppress(OSError, OverflowError, ValueError):
            os.utime(home.victim.path, (seconds, seconds))

    return spoil


def _action(text: str) -> Callable[[Home], None]:
    def spoil(home: Home) -> None:
        def change(data: dict[str, Any]) -> None:
            data["actions"][VICTIM_ACTIONS // 2] = text

        _edit(home.victim.path, change)

    return spoil


def _damaged_is_a_file(home: Home) -> None:
    """damaged/ cannot be made (a file has its name), and the save is cut short."""
    (home.victim.path.parent / "damaged").write_bytes(b"not a folder")
    path = home.victim.path
    path.write_bytes(path.read_bytes()[:200])


def _player_names(value: str) -> Callable[[Home], None]:
    def spoil(home: Home) -> None:
        def change(data: dict[str, Any]) -> None:
            data["players"][0]["name"] = value

        _edit(home.victim.path, change)

    return spoil


def _doc_json(value: Any) -> Callable[[Path], None]:
    def spoil(path: Path) -> None:
        path.write_text(value if isinstance(value, str) else json.dumps(value), encoding="utf-8")

    return spoil


def _doc_field(key: str, value: Any, preset_key: str | None = None) -> Callable[[Path], None]:
    def spoil(path: Path) -> None:
        data = json.loads(path.read_text(encoding="utf-8"))
        target = data["presets"][preset_key] if preset_key else data
        target[key] = value
        path.write_text(json.dumps(data), encoding="utf-8")

    return spoil


def _doc_fifo(path: Path) -> None:
    _replace_with_fifo(path)


def _doc_folder(path: Path) -> None:
    path.unlink()
    path.mkdir()


def _doc_bytes(content: bytes) -> Callable[[Path], None]:
    def spoil(path: Path) -> None:
        path.write_bytes(content)

    return spoil


def _config_is_a_file(path: Path) -> None:
    """The settings folder cannot be made or read: a file has its name."""
    folder = path.parent
    for p in sorted(folder.iterdir()):
        p.unlink()
    folder.rmdir()
    folder.write_bytes(b"not a folder")


def cases(kind: str | None = None) -> Iterator[tuple[str, Builder]]:
    """The hostile cases, (name, builder): all, or those of one kind ("save" or "document":
    settings and statistics). Cases that need POSIX files are left out elsewhere."""
    if kind in (None, "save"):
        yield from _SAVE_CASES.items()
        if POSIX:
            yield from _POSIX_SAVE_CASES.items()
    if kind in (None, "document"):
        yield from _DOC_CASES.items()
        if POSIX:
            yield from _POSIX_DOC_CASES.items()


_SAVE_CASES: dict[str, Builder] = {
    # 3. special files
    "save is a folder": _save_case(
        _no_backup(_folder), "refused", False, "an older save replaced by a folder"
    ),
    # 4. text no screen or UTF-8 takes
    "save name with NUL and lone surrogate": _save_case(
        _set("save", "name", value="Evening\x00game \ud800 \x1b[31m"), "opens"
    ),
    "save name of 10,000 characters": _save_case(_set("save", "name", value="Ω" * 10_000), "opens"),
    "save name of control characters only": _save_case(
        _set("save", "name", value="\x00\x01\t\n"), "opens"
    ),
    "player name with NUL and lone surrogate": _save_case(
        _player_names("A\x00n\ud800n\x07"), "opens"
    ),
    "player name of control characters only": _save_case(_player_names("\x00\x00"), "opens"),
    "player name with a lone surrogate only": _save_case(_player_names("\udcff"), "opens"),
    "rules key with a lone surrogate": _save_case(
        _set("rules", "\udcff\x00", value=1), "refused", note="the message quotes the key"
    ),
    # 5. numbers and dates out of range
    "saved in year 1": _save_case(_set("save", "saved", value="0001-01-01T00:00:00Z"), "opens"),
    "saved in year 9999": _save_case(_set("save", "saved", value="9999-12-31T23:59:59Z"), "opens"),
    "saved with Unicode digits": _save_case(
        _set("save", "saved", value="２０２５-０１-０１T00:00:00Z"), "opens"
    ),
    "damaged save with file time in year 9999": _save_case(_file_time(253402300799.0), "refused"),
    "damaged save with file time before 1970": _save_case(
        _file_time(-86400.0 * 365 * 30), "refused"
    ),
    "huge round and totals in the check": _save_case(
        _set("save", "check", "totals", value=[10**300] * 4), "opens"
    ),
    "huge seed": _save_case(_set("seed", value=10**300), "any", note="another deal"),
    "huge player count in the rules": _save_case(_set("rules", "players", value=10**30), "refused"),
    "infinite opening minimum": _save_case(
        _bytes(lambda b: b.replace(b'"preset":"hand"', b'"preset":"hand","opening_min":1e400')),
        "refused",
    ),
    # 6. Unicode digits
    "meld number m²": _save_case(_action("layoff 7H m²"), "refused"),
    "meld number m① and m٣": _save_case(_action("swap 7H m٣"), "refused"),
    "hand order key of 100,000 characters": _save_case(
        _set("save", "orders", value={"\x00" * 100_000: ["7H#0"]}), "opens"
    ),
    "cross-check values of 100,000 characters": _save_case(
        _set("save", "check", "phase", value="\ud800" * 100_000), "opens"
    ),
    "hand order keys ① and ²": _save_case(
        _set("save", "orders", value={"①": ["7H#0"], "²": [], "0": ["7H#²", "JK#①", "AS#0"]}),
        "opens",
    ),
    # 9. data loss
    "damaged/ cannot be made and the save is cut short": _save_case(_damaged_is_a_file, "refused"),
    # 10. notices that tell the truth
    "check field of the wrong type": _save_case(_set("save", "check", "round", value="3"), "opens"),
    "check of the wrong type": _save_case(_set("save", "check", value=[1, 2]), "opens"),
    "newest save cut short, no backup": _save_case(
        _no_backup(_bytes(lambda b: b[: len(b) // 3])), "refused", False
    ),
    "save missing, backup kept": _save_case(lambda h: h.victim.path.unlink(), "missing"),
    # sizes and shapes no save has
    "save of 200 MB": _save_case(_sparse, "refused"),
    "nesting 100,000 deep": _save_case(_bytes(b"[" * 100_000 + b"]" * 100_000), "refused"),
    "not UTF-8": _save_case(_bytes(b"\xff\xfe{\x00}\x00"), "refused"),
    "number of 5,000 digits": _save_case(
        _bytes(b'{"players": [], "seed": ' + b"9" * 5000 + b"}"), "refused"
    ),
    "a JSON string": _save_case(_bytes(b'"\\ud800\\u0000"'), "refused"),
    "save data as a list": _save_case(_set("save", value=["version", 1]), "refused"),
    "players of the wrong type": _save_case(_set("players", value=[{"name": ["A"]}, 5]), "refused"),
}

_DOC_CASES: dict[str, Builder] = {
    # 3. special files
    "settings are a folder": _doc_case("settings", _doc_folder, "restored"),
    "statistics are a folder": _doc_case("statistics", _doc_folder, "restored"),
    # 5. numbers out of range
    "statistics totals of 300 digits": _doc_case(
        "statistics", _doc_field("points_total", 10**300, "romme"), "repaired"
    ),
    "statistics counts beyond a float": _doc_case(
        "statistics", _doc_field("matches_played", 10**400, "romme"), "repaired"
    ),
    "statistics best of -10**50": _doc_case(
        "statistics", _doc_field("best_match", -(10**50), "romme"), "repaired"
    ),
    "statistics preset key with NUL": _doc_case(
        "statistics",
        _doc_json({"version": 1, "presets": {"ro\x00mme\ud800": {}}, "counted": []}),
        "repaired",
    ),
    "settings card scale NaN and Infinity": _doc_case(
        "settings", _doc_json('{"version": 1, "card_scale": NaN, "sound": Infinity}'), "repaired"
    ),
    # 7. unknown languages
    "settings language fr": _doc_case("settings", _doc_field("language", "fr"), "repaired"),
    "settings language de-AT": _doc_case("settings", _doc_field("language", "de-AT"), "repaired"),
    "settings language with NUL": _doc_case(
        "settings", _doc_field("language", "d\x00e"), "repaired"
    ),
    # 9. data loss
    "statistics with one bad field": _doc_case(
        "statistics", _doc_field("matches_won", "x", "romme"), "repaired"
    ),
    "settings folder is a file": _doc_case(
        "settings", _config_is_a_file, "fine", "settings cannot be saved"
    ),
    # 10. notices
    "settings damaged, backup good": _doc_case(
        "settings", _doc_bytes(b'{"version": 1, "sou'), "restored"
    ),
    "statistics damaged, backup good": _doc_case("statistics", _doc_bytes(b"\x00\x01"), "restored"),
    "settings of a newer version": _doc_case("settings", _doc_json({"version": 99}), "restored"),
    "settings unknown key with a lone surrogate": _doc_case(
        "settings", _doc_field("\ud800\x00" * 500, True), "repaired"
    ),
}

# 3. special files (named pipes, devices, link loops: POSIX)
_POSIX_SAVE_CASES: dict[str, Builder] = {
    "save is a named pipe": _save_case(_fifo, "refused"),
    "save is a named pipe, no backup": _save_case(_no_backup(_fifo), "refused", False),
    "backup is a named pipe": _save_case(_backup_fifo, "opens", False),
    "save links to /dev/zero": _save_case(_dev_zero, "refused"),
    "save is a link to itself": _save_case(_link_loop, "refused"),
}
_POSIX_DOC_CASES: dict[str, Builder] = {
    "settings are a named pipe": _doc_case("settings", _doc_fifo, "restored"),
    "statistics are a named pipe": _doc_case("statistics", _doc_fifo, "restored"),
}


def snapshot(folder: Path) -> dict[str, str]:
    """Every entry under ``folder``: a regular file's content digest, else its kind."""
    out: dict[str, str] = {}
    for root, dirs, files in os.walk(folder):
        for name in dirs + files:
            path = Path(root) / name
            mode = path.lstat().st_mode
            if stat.S_ISREG(mode):
                out[str(path.relative_to(folder))] = hashlib.sha256(path.read_bytes()).hexdigest()
            elif not stat.S_ISDIR(mode):
                out[str(path.relative_to(folder))] = "special"
    return out


def run_corpus(module: str, timeout: float, env: dict[str, str] | None = None) -> list[Any]:
    """Run a corpus runner (``python -m MODULE``) in a subprocess, its JSON lines as results;
    a run that blocks fails the test naming the case it was on (hang protection only)."""
    root = Path(__file__).resolve().parents[1]
    try:
        proc = subprocess.run(
            [sys.executable, "-m", module],
            cwd=root,
            capture_output=True,
            text=True,
            timeout=timeout,
            env=env,
        )
    except subprocess.TimeoutExpired as e:
        out = e.stdout.decode() if isinstance(e.stdout, bytes) else e.stdout or ""
        started = [line for line in out.splitlines() if line.startswith("start ")]
        pytest.fail(f"{module} hangs at {started[-1] if started else 'the beginning'}")
    assert "Traceback" not in proc.stderr, proc.stderr
    assert proc.returncode == 0, proc.stderr
    return [json.loads(line) for line in proc.stdout.splitlines() if line.startswith("{")]

"""Run hostile cases (tests/hostile.py) through the game's start path without a window.

``check(built)`` does what the game does at start and on the title screen, with the
saves package only: read the settings and the statistics (twice: a notice must not come
back at the next start unless the file really could not be repaired), list the saves,
choose Continue, open every listed save (and its backup when one is offered), then
autosave twice the matches that opened. It returns what went wrong, in words; empty when
nothing did. Checked: every text a screen would draw can be drawn and encoded; dates
convert to local time; statistics give their averages; every notice says what happened
(a file said moved is where it was moved, one said left is still there, a restore is
written back); no file's content is lost; the other save is untouched; the backup left
after autosaving opens.

Run as a module (``python -m tests.hostile_check [NAME …]``) it builds each case in a
temporary folder and prints ``{"case": NAME, "failures": [...], "lost": N}``: the tests
run it in a subprocess, so that a read that blocks shows as a timeout, not a hung run.
"""

from __future__ import annotations

import contextlib
import json
import os
import sys
import tempfile
import time
import unicodedata
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from saves import (
    Loaded,
    SaveProblem,
    latest_save,
    list_saves,
    load_settings,
    load_stats,
    open_backup,
    open_save,
    save_settings,
    write_save,
)
from saves.atomic import backup_of
from saves.document import Report
from saves.listing import SaveInfo
from saves.reading import is_regular
from saves.settings import LANGUAGES
from saves.stats import LIMIT
from saves.store import load_file
from tests.hostile import Built, cases, snapshot

TEXT_LIMIT = 2000
# the list's dates are shown in local time: zones on both sides of UTC (POSIX TZ strings)
ZONES = ("PST8", "JST-9") if hasattr(time, "tzset") else ("",)


@contextlib.contextmanager
def local_zone(zone: str) -> Iterator[None]:
    """Local time is ``zone`` meanwhile (nothing changes without time.tzset)."""
    if not zone:
        yield
        return
    old = os.environ.get("TZ")
    os.environ["TZ"] = zone
    time.tzset()
    try:
        yield
    finally:
        if old is None:
            del os.environ["TZ"]
        else:
            os.environ["TZ"] = old
        time.tzset()


class Failures(list[str]):
    def need(self, ok: object, what: str) -> bool:
        if not ok:
            self.append(what)
        return bool(ok)

    def drawable(self, text: Any, what: str) -> None:
        """A text a screen draws: no control characters, no lone surrogates, bounded."""
        if not isinstance(text, str):
            self.append(f"{what}: not a text ({type(text).__name__})")
            return
        bad = [c for c in text if unicodedata.category(c) in ("Cc", "Cs")]
        self.need(not bad, f"{what}: characters no screen draws {bad[:3]!r} in {text[:60]!r}")
        self.need(len(text) <= TEXT_LIMIT, f"{what}: {len(text)} characters")


def check(built: Built) -> tuple[Failures, int]:
    """Run the start path over a built case; the failures and the number of files lost."""
    f = Failures()
    home = built.home
    base = home.folder
    before = snapshot(base)
    keep_bytes = {p: p.read_bytes() for p in (home.keep.path, backup_of(home.keep.path))}

    _documents(f, built)
    infos = _listing(f, built)
    opened = _open_all(f, built, infos)

    after = snapshot(base)
    kept = set(after.values())
    lost = [name for name, digest in before.items() if digest != "special" and digest not in kept]
    f.need(not lost, f"content lost: {lost}")
    for path, content in keep_bytes.items():
        f.need(path.exists() and path.read_bytes() == content, f"the other save changed: {path}")
    for loaded in opened:
        _autosave(f, loaded)
    _save_settings(f, built)
    return f, len(lost)


# --- settings and statistics ---------------------------------------------------------------


def _documents(f: Failures, built: Built) -> None:
    base = built.home.folder
    settings, srep = load_settings(base)
    stats, trep = load_stats(base)
    f.need(settings.language in ("", *LANGUAGES), f"settings language {settings.language!r}")
    for key, entry in stats.presets.items():
        f.drawable(key, "statistics preset")
        average = entry.average_points
        f.need(average is None or abs(average) < 1e300, f"average {average!r}")
        for name in ("matches_played", "points_total", "best_match", "worst_match"):
            value = getattr(entry, name)
            f.need(value is None or abs(value) <= LIMIT, f"statistic {name} {value!r}")
    for what, report in (("settings", srep), ("statistics", trep)):
        _truthful(f, what, report)
        if built.kind == what:
            _expected(f, built, report)
    again = (load_settings(base)[1], load_stats(base)[1])
    for what, first, second in zip(("settings", "statistics"), (srep, trep), again, strict=True):
        stuck = first.left or first.write_failed or (first.copied is None and list(first))
        if not stuck:
            f.need(second == [], f"{what}: the notice comes again at the next start: {second}")


def _save_settings(f: Failures, built: Built) -> None:
    """Change a setting (after the content checks: a save rotates the backup)."""
    base = built.home.folder
    settings, _ = load_settings(base)
    problem = save_settings(settings, base)
    f.need(problem is None or isinstance(problem, str), f"save_settings gave {problem!r}")
    if problem is not None:
        f.drawable(problem, "settings save problem")
    if built.note == "settings cannot be saved":
        f.need(problem is not None, "a settings save that failed was not reported")


def _truthful(f: Failures, what: str, report: Report) -> None:
    for line in report:
        f.drawable(line, f"{what} problem")
    for p in report.moved:
        f.need(os.path.lexists(p), f"{what}: said moved to {p}, which is not there")
    for p in report.left:
        f.need(os.path.lexists(p), f"{what}: said left in place, but {p} is gone")
    if report.copied is not None:
        f.need(report.copied.exists(), f"{what}: said copied to {report.copied}, not there")
    text = " ".join(report)
    f.need(report.from_backup == ("restored from the backup" in text), f"{what}: backup {text}")
    f.need(bool(report.moved) == ("moved to" in text), f"{what}: moved? {text}")


def _expected(f: Failures, built: Built, report: Report) -> None:
    expect, what = built.expect, built.kind
    if expect == "fine":
        f.need(report == [], f"{what}: problems reported for a good file: {report}")
    elif expect == "repaired":
        f.need(report.copied is not None, f"{what}: repaired but not copied aside: {report}")
        f.need(report.rewritten, f"{what}: repaired but not written back: {report}")
    elif expect == "restored":
        f.need(report.from_backup, f"{what}: the backup was not used: {report}")
        f.need(report.rewritten or report.write_failed, f"{what}: restore not written back")
    elif expect == "defaults":
        f.need(report.defaults, f"{what}: defaults not said: {report}")


# --- the saved-games list and Continue ----------------------------------------------------


def _listing(f: Failures, built: Built) -> list[SaveInfo]:
    base = built.home.folder
    infos = list_saves(base)
    for info in infos:
        for text in (info.name, info.preset_name, *info.seats, info.problem or ""):
            f.drawable(text, f"list entry {info.path.name}")
        for zone in ZONES:
            with local_zone(zone):
                try:
                    info.saved.astimezone().strftime("%Y-%m-%d %H:%M")  # the list screen's way
                    f.drawable(info.saved_text(), "list date")
                except (OverflowError, OSError, ValueError) as e:
                    f.append(f"list date of {info.path.name} cannot be shown in {zone}: {e!r}")
    victim = built.home.victim.path
    if os.path.lexists(victim) or is_regular(backup_of(victim)):
        f.need(any(i.path == victim for i in infos), "the spoiled save is not in the list")
    latest = latest_save(base)
    f.need(latest is not None, "Continue offers nothing, though a good match is saved")
    if latest is not None:
        f.need(latest.resumable, f"Continue chose {latest.path.name}: {latest.problem}")
        newest = max((i.saved for i in infos if i.resumable), default=None)
        f.need(latest.saved == newest, "Continue passed over a newer match")
    return infos


def _open_all(f: Failures, built: Built, infos: list[SaveInfo]) -> list[Loaded]:
    opened: list[Loaded] = []
    victim = built.home.victim.path
    for info in infos:
        result = open_save(info.path)
        if isinstance(result, Loaded):
            f.need(info.problem is None, f"the list said {info.problem!r}, but it opens")
            _loaded_texts(f, result)
            opened.append(result)
        else:
            _problem(f, info.path, result)
            f.need(
                result.backup_available == is_regular(backup_of(info.path)),
                f"backup offered: {result.backup_available}, backup there: the other",
            )
            if result.backup_available:
                backup = open_backup(info.path)
                if isinstance(backup, Loaded):
                    _loaded_texts(f, backup)
                    opened.append(backup)
                else:
                    _problem(f, info.path, backup)
                if info.path == victim and built.backup:
                    f.need(isinstance(backup, Loaded), f"the backup does not open: {backup}")
        if info.path == victim:
            _expected_save(f, built, result)
    if built.kind == "save" and not any(i.path == victim for i in infos):
        _expected_save(f, built, open_save(victim))
    return opened


def _expected_save(f: Failures, built: Built, result: Loaded | SaveProblem) -> None:
    if built.expect == "opens":
        f.need(isinstance(result, Loaded), f"the save does not open: {result}")
    elif built.expect == "refused":
        f.need(isinstance(result, SaveProblem) and result.code != "missing", f"got {result}")
    elif built.expect == "missing":
        f.need(isinstance(result, SaveProblem) and result.code == "missing", f"got {result}")


def _loaded_texts(f: Failures, loaded: Loaded) -> None:
    f.drawable(loaded.slot.name, "slot name")
    for note in loaded.notes:
        f.drawable(note, "note on opening")
    for player in loaded.match.players:
        f.drawable(player.name, "player name")


def _problem(f: Failures, path: Path, problem: SaveProblem) -> None:
    text = problem.describe()
    f.drawable(text, "save problem")
    if problem.moved_to is not None:
        f.need(os.path.lexists(problem.moved_to), f"said moved to {problem.moved_to}: not there")
        f.need(str(problem.moved_to) in text, "where the file went is not said")
    elif problem.code != "missing":
        f.need(problem.left_in_place, f"not moved, not said left in place: {text}")
        f.need("could not be moved" in text, f"not said it could not be moved: {text}")


# --- autosave after opening ------------------------------------------------------------------


def _autosave(f: Failures, loaded: Loaded) -> None:
    """Play on and save twice, as the table does: the save and its backup must open."""
    match, slot = loaded.match, loaded.slot
    for _ in range(2):
        if match.over:
            break
        match.apply(match.legal()[0])
        # a folder where nothing can be written: the worker says so; the files are checked below
        with contextlib.suppress(OSError):
            write_save(slot, match, loaded.orders)
    for path in (slot.path, backup_of(slot.path)):
        if is_regular(path):
            try:
                load_file(path)
            except ValueError as e:
                f.append(f"after autosaving, {path.name} does not open: {e}")


def run(name: str) -> dict[str, Any]:
    """Build the case ``name`` in a temporary folder and check it."""
    builders = dict(cases())
    with tempfile.TemporaryDirectory() as tmp:
        built = builders[name](Path(tmp) / "home")
        failures, lost = check(built)
        return {"failures": list(failures), "lost": lost}


def main(names: list[str]) -> None:
    """Check the named cases (all without names): ``start NAME`` before each, then a JSON
    line with its result (a case that never ends is the one last started)."""
    for name in names or [n for n, _ in cases()]:
        print("start", json.dumps(name), flush=True)
        print(json.dumps({"case": name, **run(name)}, ensure_ascii=True), flush=True)


if __name__ == "__main__":
    main(sys.argv[1:])

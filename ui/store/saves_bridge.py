"""The one place where the UI meets the saves package: settings, statistics, saved matches.

Every call is guarded: if a file cannot be read or written, or the saves package fails in
a way it should not, the game goes on (settings in memory, no Continue, no statistics)
and the reason goes to stderr. The package's own answers (problems, notes) are passed on
for the screens to show. `Saver` is the app's one autosave writer (see saves/__init__).
"""

from __future__ import annotations

import sys
import threading
import traceback
from collections.abc import Callable, Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any, TypeVar

import saves
from game.cards import Card
from game.match import Match
from saves import Loaded, PresetStats, SaveInfo, SaveProblem, Slot
from ui.store.prefs import ANIMATIONS, BACK_DESIGNS, CARD_SIZES, FELTS, SPEEDS, Settings

__all__ = ["Loaded", "PresetStats", "SaveInfo", "SaveProblem", "Saver", "Slot"]

T = TypeVar("T")
Opened = Loaded | SaveProblem


def _guard(work: Callable[[], T], fallback: T) -> T:
    """Run `work`; the fallback when it fails (the trace goes to stderr)."""
    try:
        return work()
    except Exception:  # a broken file must never stop the game
        traceback.print_exc(file=sys.stderr)
        return fallback


def _failed(path: Path, work: Callable[[], Opened]) -> Opened:
    """Open something; an unexpected failure becomes a SaveProblem like any other."""
    try:
        return work()
    except Exception as e:
        traceback.print_exc(file=sys.stderr)
        message = f"This save cannot be opened ({type(e).__name__}: {e})."
        return SaveProblem("invalid", message, path, False)


# --- saved matches -----------------------------------------------------------------------


def continue_available() -> bool:
    """True when saves hold a match that is not over."""
    return _guard(lambda: saves.latest_save() is not None, False)


def list_games() -> list[SaveInfo]:
    """Every saved match, the most recently saved first (damaged ones carry a problem)."""
    return _guard(saves.list_saves, [])


def open_latest() -> Opened | None:
    """The most recent match in progress (None when there is none)."""
    info = _guard(saves.latest_save, None)
    return open_game(info.path) if info is not None else None


def open_game(path: Path) -> Opened:
    """A saved match, or why it cannot be opened (the file is then moved aside)."""
    return _failed(path, lambda: saves.open_save(path))


def open_backup(path: Path) -> Opened:
    """The backup of a saved match (it goes on saving under the match's own file)."""
    return _failed(path, lambda: saves.open_backup(path))


def delete_game(path: Path) -> None:
    """Delete a saved match and its backup (the player asked for it)."""
    _guard(lambda: saves.delete_save(path), None)


def new_slot(match: Match, name: str) -> Slot | None:
    """Where a new match will be saved (None if the saves folder cannot be named)."""
    return _guard(lambda: saves.new_slot(match, name), None)


def rename_game(path: Path, name: str) -> Opened:
    """Give a saved match that is not open a new name: opened, then written again."""
    opened = open_game(path)
    if isinstance(opened, Loaded):
        slot = opened.slot.renamed(name)
        _guard(lambda: saves.write_save(slot, opened.match, opened.orders), None)
    return opened


# --- the autosave writer -----------------------------------------------------------------


class Saver:
    """The app's background writer: matches after every action, statistics at a match's end."""

    def __init__(self) -> None:
        self._worker: saves.AutosaveWorker | None = None
        self._jobs: list[threading.Thread] = []
        self._lock = threading.Lock()
        self.closed = False
        self.stats_problem: str | None = None

    def autosave(self, slot: Slot, match: Match, orders: Mapping[int, Sequence[Card]]) -> None:
        """Capture the match now; it is written off the frame loop (the newest state wins)."""
        if self.closed:
            return
        if self._worker is None:
            self._worker = saves.AutosaveWorker()
        worker = self._worker
        _guard(lambda: worker.autosave(slot, match, orders), None)

    @property
    def problem(self) -> str | None:
        """Why the last autosave or statistics update failed (disk full, …), if it did."""
        worker = self._worker.problem if self._worker is not None else None
        return worker or self.stats_problem

    def record(self, match: Match, humans: Iterable[int], match_id: str) -> None:
        """Count a finished match in the statistics, off the frame loop (never twice)."""
        seats = tuple(humans)
        self._start(lambda stats: saves.record_match(stats, match, seats, match_id))

    def record_rounds(self, match: Match, humans: Iterable[int], match_id: str) -> None:
        """Count the rounds finished so far (from the first), off the frame loop."""
        preset, results, seats = match.rules.preset, tuple(match.results), tuple(humans)

        def count(stats: saves.Statistics) -> bool:
            return saves.record_rounds(stats, preset, results, seats, match_id)

        self._start(count)

    def _start(self, count: Callable[[saves.Statistics], bool]) -> None:
        job = threading.Thread(target=self._count, args=(count,), daemon=True)
        self._jobs = [j for j in self._jobs if j.is_alive()] + [job]
        job.start()

    def _count(self, count: Callable[[saves.Statistics], bool]) -> None:
        with self._lock:
            try:
                stats, _ = saves.load_stats()
                if count(stats):
                    saves.save_stats(stats)
            except OSError as e:
                self.stats_problem = f"The statistics could not be saved: {e.strerror or e}."
            except Exception as e:
                traceback.print_exc(file=sys.stderr)
                self.stats_problem = f"The statistics could not be saved ({e})."

    def flush(self, timeout: float = 10.0) -> bool:
        """Wait until every save and statistics update is on disk; False on a timeout."""
        for job in self._jobs:
            job.join(timeout)
        done = self._worker.flush(timeout) if self._worker is not None else True
        return done and not any(j.is_alive() for j in self._jobs)

    def close(self) -> None:
        """Write what is pending and stop the writer (the app quits)."""
        self.flush()
        if self._worker is not None:
            self._worker.close()
        self.closed = True


# --- statistics and settings -------------------------------------------------------------


def stats_available() -> bool:
    """True: the saves package keeps statistics."""
    return True


def preset_stats(presets: tuple[str, ...]) -> dict[str, PresetStats]:
    """The statistics of each preset (problems reading them were reported at start)."""
    return _guard(lambda: {p: saves.load_stats()[0].of(p) for p in presets}, {})


def stats_problems() -> list[str]:
    """What was wrong with the statistics file, read at start (damage is moved aside)."""
    return _guard(lambda: saves.load_stats()[1], [])


def load_settings() -> tuple[Settings, list[str]]:
    """The saved settings (or the defaults) and the problems met reading them."""

    def load() -> tuple[Settings, list[str]]:
        saved, problems = saves.load_settings()
        return from_saved(saved), problems  # a saves Report: sentences and what was done

    defaults: tuple[Settings, list[str]] = (Settings(), [])
    return _guard(load, defaults)


def save_settings(settings: Settings) -> str | None:
    """Store the settings: None, or why they could not be stored (the player is told)."""
    return _guard(
        lambda: saves.save_settings(saves.Settings(**to_saved(settings))),
        "the settings could not be written",
    )


def to_saved(st: Settings) -> dict[str, Any]:
    """Our settings as the fields of saves.Settings."""
    return {
        "language": st.language,
        "animation_speed": ANIMATIONS[st.animation][0],
        "bot_speed": SPEEDS[st.speed][0],
        "four_colour": st.four_colour,
        "card_back": st.card_back,
        "card_scale": CARD_SIZES[st.card_size][1],
        "table_colour": st.felt,
        "sound": st.sound,
        "confirm_leave": st.confirm_leave,
        "pause_bots": st.pause_bots,
    }


def from_saved(saved: saves.Settings) -> Settings:
    """Our settings from a saves.Settings (values we do not know keep their defaults)."""

    def index(choices: tuple[tuple[str, Any], ...], name: str, default: int) -> int:
        names = [n for n, _ in choices]
        return names.index(name) if name in names else default

    scale = saved.card_scale
    return Settings(
        speed=index(SPEEDS, saved.bot_speed, 1),
        four_colour=saved.four_colour,
        card_back=saved.card_back if saved.card_back in BACK_DESIGNS else BACK_DESIGNS[0],
        language=saved.language,
        animation=index(ANIMATIONS, saved.animation_speed, 1),
        card_size=min(range(len(CARD_SIZES)), key=lambda i: abs(CARD_SIZES[i][1] - scale)),
        felt=saved.table_colour if saved.table_colour in FELTS else "green",
        sound=saved.sound,
        confirm_leave=saved.confirm_leave,
    )

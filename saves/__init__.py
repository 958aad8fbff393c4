"""Saves: matches, settings and statistics on disk; nothing here imports pygame.

What the UI calls, and when:

- Title screen: ``latest_save()`` -> SaveInfo or None ("Continue" shown when not None);
  ``list_saves()`` -> [SaveInfo] (name, preset_name, seats, round, scores, saved date,
  over, problem, backup_available, facts_from_backup, has_facts) for the saved-games
  screen; show the date with ``info.saved_text()`` (local time, never an error). Names
  are already cleaned (``game.text.clean_text``): any screen can draw them.
- Continue / open: ``open_save(info.path)`` -> ``Loaded`` (match, slot, orders per human
  seat, notes to show) or ``SaveProblem`` (code, message, backup_available; show
  ``describe()``; the file is already moved to saves/damaged/). If the player accepts
  the offered backup: ``open_backup(problem.path)`` -> Loaded or SaveProblem.
- Delete: ``delete_save(info.path)`` (the file and its backup; asked by the player).
- New match: ``slot = new_slot(match, name)``; keep the slot beside the match.
- Autosave: one ``worker = AutosaveWorker()`` for the app; after every applied action
  (undo included) and after a hand reorder, ``worker.autosave(slot, match, orders)``
  with ``orders = {seat: [Card, ...]}`` of the human seats; it returns at once. Show
  ``worker.problem`` when it is not None. ``worker.close()`` when the app quits.
  ``write_save(slot, match, orders)`` writes synchronously (tests, --smoke).
- Settings: ``load_settings()`` -> (Settings, Report) at start (the Report is the list of
  problems, with ``moved``, ``left``, ``copied``, ``from_backup``, ``defaults``,
  ``rewritten``, ``write_failed`` saying what was done: see saves.document);
  ``save_settings(s)`` on change -> None, or why the settings could not be saved.
  ``LANGUAGES``: the languages a setting may name.
- Statistics: ``load_stats()`` -> (Statistics, Report); when a match ends,
  ``record_rounds(stats, preset, results, human_seats, slot.id)`` as rounds end and
  ``record_match(stats, match, human_seats, slot.id)`` at the end, then ``save_stats(stats)``;
  the statistics screen reads ``stats.of(preset)`` (PresetStats).

Every function takes an optional ``base`` folder; RUMMYTABLE_HOME does the same for a
whole run. File formats: docs/SAVES.md.
"""

from __future__ import annotations

from .document import Report
from .listing import SaveInfo, latest_save, list_saves, save_info
from .orders import card_text, parse_card
from .paths import config_dir, data_dir, saves_dir, settings_path, stats_path
from .settings import LANGUAGES, Settings, load_settings, save_settings
from .stats import PresetStats, Statistics, load_stats, record_match, record_rounds, save_stats
from .store import (
    Loaded,
    SaveProblem,
    SaveState,
    Slot,
    capture,
    delete_save,
    new_slot,
    open_backup,
    open_save,
    write_save,
    write_state,
)
from .worker import AutosaveWorker

__all__ = [
    "LANGUAGES",
    "AutosaveWorker",
    "Loaded",
    "PresetStats",
    "Report",
    "SaveInfo",
    "SaveProblem",
    "SaveState",
    "Settings",
    "Slot",
    "Statistics",
    "capture",
    "card_text",
    "config_dir",
    "data_dir",
    "delete_save",
    "latest_save",
    "list_saves",
    "load_settings",
    "load_stats",
    "new_slot",
    "open_backup",
    "open_save",
    "parse_card",
    "record_match",
    "record_rounds",
    "save_info",
    "save_settings",
    "save_stats",
    "saves_dir",
    "settings_path",
    "stats_path",
    "write_save",
    "write_state",
]

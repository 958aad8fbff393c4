"""English texts of saved games: the list, damaged files, autosave problems, statistics."""

from __future__ import annotations

SAVES: dict[str, str] = {
    # the title's entry and the saved-games screen
    "title.saves": "Saved games",
    "saves.title": "Saved games",
    "saves.none": "No saved games yet: a match is saved as soon as it starts.",
    "saves.col.name": "Game",
    "saves.col.players": "Players",
    "saves.col.round": "Round",
    "saves.col.scores": "Scores",
    "saves.col.saved": "Saved",
    "saves.round": "Round {number}",
    "saves.over": "Finished",
    "saves.at_table": "open at the table now",
    "saves.damaged": "Problem: {problem}",
    "saves.open": "Open",
    "saves.rename": "Rename",
    "saves.delete": "Delete",
    "saves.back": "Back",
    "saves.confirm_delete": "Delete “{name}”? This cannot be undone.",
    "saves.delete_yes": "Delete",
    "saves.delete_no": "Keep",
    "saves.rename_label": "New name:",
    "saves.rename_ok": "Save name",
    "saves.rename_cancel": "Cancel",
    "saves.keys": "↑ ↓ choose · Enter open · Del delete · F2 rename · Tab buttons · Esc back",
    "saves.default_name": "{game} – {names}",
    # a save, settings or statistics file that could not be read
    "notice.save_title": "This saved game cannot be opened",
    "notice.save.missing": "The save file is missing.",
    "notice.save.unreadable": "The system refuses to read the file.",
    "notice.save.too_large": "The file is too large to be a save.",
    "notice.save.truncated": "The file is empty or ends early.",
    "notice.save.not_json": "The file is not a readable save (not JSON).",
    "notice.save.invalid": "The file is damaged or not a Rummy Table save.",
    "notice.save.illegal_action": "The file holds a move the rules do not allow.",
    "notice.save.newer_version": "The file was written by a newer Rummy Table.",
    "notice.moved": "Nothing was deleted: the file was moved to {path}.",
    "notice.backup_offer": "Its backup (the match one action earlier) can be opened instead.",
    "notice.details": "Details: {detail}",
    "notice.open_backup": "Open backup",
    "notice.ok": "OK",
    "notice.keys": "Tab choose · Enter press · Esc close",
    "notice.settings_title": "Your settings could not be read completely",
    "notice.settings_kept": "The game uses what could be read and the defaults for the rest.",
    "notice.stats_title": "Your statistics could not be read completely",
    "notice.stats_kept": "The statistics go on from what could be read.",
    "notice.file_moved": "Nothing was deleted: the unreadable file was moved to {path}.",
    "notice.file_left": (
        "The unreadable file could not be moved aside; it stays at {path} and is never "
        "used as a backup."
    ),
    "notice.file_copied": (
        "The file as it was is kept at {path}; only the unreadable values were reset."
    ),
    "notice.from_backup": "The values come from the backup, and were written back.",
    "notice.defaults": "Nothing could be read: the defaults are used.",
    "notice.write_failed": (
        "Writing the repaired file failed ({reason}); this notice will come again."
    ),
    "notice.save.not_a_file": "It is a folder, a pipe or a device, not a save file.",
    "notice.left": "The file could not be moved aside; it stays where it is.",
    "settings.save_failed": "Your settings could not be saved: {reason}",
    # the status line at the table
    "status.save_failed": "Not saved: {reason} The game goes on.",
    "status.from_backup": "Opened from the backup: the last action may be missing.",
    "status.save_notes": "Note on opening: {notes}",
    # statistics
    "stats.col.worst": "Worst",
    "stats.note": (
        "Counted for the human players when a match ends. Best, worst and average are final "
        "points: the highest are best where the match is won by reaching a target, the lowest "
        "where points count against you."
    ),
}

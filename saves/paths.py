"""Where Rummy Table keeps its files: platformdirs folders, RUMMYTABLE_HOME, or a given base.

Every function takes an optional ``base`` folder (tests and smoke runs pass a temporary
one). Without it, the environment variable ``RUMMYTABLE_HOME`` puts data and settings
under one folder; without that, the platform's user folders are used. Nothing here
creates a folder: the writers do, when they write.
"""

from __future__ import annotations

import os
from pathlib import Path

import platformdirs

APP_NAME = "RummyTable"
HOME_VARIABLE = "RUMMYTABLE_HOME"


def _home(base: Path | str | None) -> Path | None:
    if base is not None:
        return Path(base)
    home = os.environ.get(HOME_VARIABLE)
    return Path(home) if home else None


def data_dir(base: Path | str | None = None) -> Path:
    """The user data folder: saves and statistics."""
    home = _home(base)
    if home is not None:
        return home / "data"
    return Path(platformdirs.user_data_dir(APP_NAME, appauthor=False))


def config_dir(base: Path | str | None = None) -> Path:
    """The user configuration folder: settings."""
    home = _home(base)
    if home is not None:
        return home / "config"
    return Path(platformdirs.user_config_dir(APP_NAME, appauthor=False))


def saves_dir(base: Path | str | None = None) -> Path:
    """The folder of saved matches (one file per match, plus its backup)."""
    return data_dir(base) / "saves"


def damaged_saves_dir(base: Path | str | None = None) -> Path:
    """Where damaged or foreign save files are moved (never deleted)."""
    return saves_dir(base) / "damaged"


def settings_path(base: Path | str | None = None) -> Path:
    """The settings file."""
    return config_dir(base) / "settings.json"


def stats_path(base: Path | str | None = None) -> Path:
    """The statistics file."""
    return data_dir(base) / "statistics.json"


def damaged_dir_for(path: Path) -> Path:
    """The damaged/ folder beside a file: where it goes when it cannot be read."""
    return path.parent / "damaged"

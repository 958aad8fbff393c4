"""Folders: a base folder, RUMMYTABLE_HOME, or the platform's user folders; never the program's."""

from __future__ import annotations

from pathlib import Path

import platformdirs
import pytest

from saves import config_dir, data_dir, saves_dir, settings_path, stats_path

ROOT = Path(__file__).resolve().parents[2]


def test_the_home_variable_puts_everything_under_one_folder(home: Path) -> None:
    assert data_dir() == home / "data" and config_dir() == home / "config"
    assert saves_dir() == home / "data" / "saves"


def test_a_base_folder_wins_over_the_home_variable(home: Path, tmp_path: Path) -> None:
    assert saves_dir(tmp_path) == tmp_path / "data" / "saves"
    assert settings_path(str(tmp_path)) == tmp_path / "config" / "settings.json"


def test_without_either_the_user_folders_are_used(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("RUMMYTABLE_HOME")
    assert data_dir() == Path(platformdirs.user_data_dir("RummyTable", appauthor=False))
    assert config_dir() == Path(platformdirs.user_config_dir("RummyTable", appauthor=False))
    for path in (data_dir(), config_dir(), stats_path()):
        assert ROOT not in path.parents


def test_asking_for_a_folder_creates_nothing(home: Path) -> None:
    saves_dir()
    settings_path()
    assert not home.exists()

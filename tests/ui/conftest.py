"""UI tests keep the player's real settings and saves out of reach: a fresh home per test."""

from __future__ import annotations

from pathlib import Path

import pytest

from ui.text import i18n


@pytest.fixture(autouse=True)
def private_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Saves and settings go to a temporary folder; the game speaks English."""
    monkeypatch.setenv("RUMMYTABLE_HOME", str(tmp_path / "home"))
    i18n.set_language("en")

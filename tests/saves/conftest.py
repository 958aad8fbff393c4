"""Every save test runs with RUMMYTABLE_HOME in a temporary folder: no real user files."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest


@pytest.fixture(autouse=True)
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """The folder standing in for the user's data and configuration folders."""
    folder = tmp_path / "home"
    monkeypatch.setenv("RUMMYTABLE_HOME", str(folder))
    yield folder

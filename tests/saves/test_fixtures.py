"""Versioned save fixtures (tests/saves/fixtures/vN/): every version ever written still loads.

When the save format changes, bump SAVE_VERSION, add a migration in saves/codec.py and
a folder of fixtures for the new version; never edit the old fixtures.
"""

from __future__ import annotations

import shutil
import tomllib
from pathlib import Path

import pytest

from game import __version__
from saves import Loaded, open_save
from saves.codec import APP_VERSION, SAVE_VERSION, upgrade
from saves.jsonfile import FileProblem

FIXTURES = Path(__file__).resolve().parent / "fixtures"
FILES = sorted(FIXTURES.glob("v*/*.json"))
ROOT = Path(__file__).resolve().parents[2]


def open_copy(fixture: Path, tmp_path: Path) -> Loaded:
    """Open a copy (opening a damaged file would move it aside)."""
    copy = tmp_path / fixture.name
    shutil.copyfile(fixture, copy)
    got = open_save(copy)
    assert isinstance(got, Loaded), got
    return got


@pytest.mark.parametrize("fixture", FILES, ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_every_fixture_loads_and_matches_its_check(fixture: Path, tmp_path: Path) -> None:
    loaded = open_copy(fixture, tmp_path)
    assert loaded.check_ok and loaded.notes == ()
    for seat, order in loaded.orders.items():
        assert sorted(order) == sorted(loaded.match.round.hands[seat])


def test_there_are_fixtures_of_every_version_up_to_the_current_one() -> None:
    versions = {int(p.parent.name[1:]) for p in FILES}
    assert versions == set(range(1, SAVE_VERSION + 1))


def test_hand_fixture_resumes_exactly(tmp_path: Path) -> None:
    loaded = open_copy(FIXTURES / "v1" / "hand_undo_pending.json", tmp_path)
    match = loaded.match
    assert (match.round.number, match.current, match.round.phase) == (3, 0, "play")
    assert match.round.can_undo and loaded.slot.name == "Hand, undo pending"
    assert [f"{c.face}#{c.copy}" for c in loaded.orders[0]][:3] == ["JK#1", "5S#0", "7S#1"]
    hand = len(match.round.hands[0])
    match.apply("undo")
    assert len(match.round.hands[0]) == hand + 3


def test_unknown_versions_are_refused() -> None:
    with pytest.raises(FileProblem, match="save version 2"):
        upgrade({"version": SAVE_VERSION + 1})
    for bad in (0, "1", None, 1.0):
        with pytest.raises(FileProblem, match="not valid"):
            upgrade({"version": bad})


def test_app_version_follows_pyproject() -> None:
    """The version is written once, in game/__init__.py; pyproject.toml keeps in step."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    assert project["project"]["version"] == __version__
    assert APP_VERSION is __version__

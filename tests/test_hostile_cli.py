"""Hostile save files (tests/hostile.py) given to the command line: ``main.py replay FILE``
always prints JSON and exits 0, 1 or 2; ``main.py --load FILE --screenshot PNG`` draws the
table or exits 2 with a one-line reason. Neither hangs, prints a traceback or changes a
file. Other command-line input from outside: ``--size`` with Unicode digits."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.hostile import Built, cases, snapshot

ROOT = Path(__file__).resolve().parent.parent
TIMEOUT = 120  # seconds: hang protection only
SAVE_CASES = dict(cases("save"))


def run(args: list[str], home: Path) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "RUMMYTABLE_HOME": str(home), "SDL_VIDEODRIVER": "dummy"}
    env["SDL_AUDIODRIVER"] = "dummy"
    try:
        return subprocess.run(
            [sys.executable, "main.py", *args],
            cwd=ROOT,
            capture_output=True,
            text=True,
            timeout=TIMEOUT,
            env=env,
        )
    except subprocess.TimeoutExpired:
        pytest.fail(f"main.py {' '.join(args)} hangs")


@pytest.mark.parametrize("name", sorted(SAVE_CASES))
def test_hostile_save_on_the_command_line(tmp_path: Path, name: str) -> None:
    built: Built = SAVE_CASES[name](tmp_path / "home")
    before = snapshot(built.home.folder)
    replay = run(["replay", str(built.path), "--compact"], built.home.folder)
    assert "Traceback" not in replay.stderr, replay.stderr
    assert replay.returncode in (0, 1, 2), (replay.returncode, replay.stderr)
    out = json.loads(replay.stdout)
    assert set(out) >= {"ok", "error"}
    if out["error"] is not None:
        assert out["error"]["code"] != "internal_error", out["error"]
    png = tmp_path / "out.png"
    load = run(["--load", str(built.path), "--screenshot", str(png)], built.home.folder)
    assert "Traceback" not in load.stderr, load.stderr
    assert load.returncode in (0, 2), (load.returncode, load.stderr)
    if load.returncode == 0:
        assert png.stat().st_size > 0
    else:
        assert load.stderr.startswith("main.py: ") and load.stderr.count("\n") == 1
    assert snapshot(built.home.folder) == before  # reading a record changes nothing


@pytest.mark.parametrize("size", ["²x800", "1280x①", "１２８０x800", "99999999999999999999x800"])
def test_a_size_with_odd_digits_is_a_usage_error(tmp_path: Path, size: str) -> None:
    proc = run(["--size", size, "--screenshot", str(tmp_path / "x.png")], tmp_path)
    assert "Traceback" not in proc.stderr, proc.stderr
    assert proc.returncode == 2 and "--size takes WIDTHxHEIGHT" in proc.stderr

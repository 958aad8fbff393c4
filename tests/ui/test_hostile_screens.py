"""Every hostile file (tests/hostile.py) through the real app: start, notices, Saved games,
Continue. No frame fails, no content is lost before a match is opened, the other save
stays as it was, and nothing blocks (the run is a subprocess with a timeout)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.hostile import cases

ROOT = Path(__file__).resolve().parents[2]
TIMEOUT = 300


def test_every_hostile_file_through_the_screens() -> None:
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    try:
        proc = subprocess.run(
            [sys.executable, "-m", "tests.ui.hostile_screens"],
            cwd=ROOT,
            capture_output=True,
            text=True,
            timeout=TIMEOUT,
            env=env,
        )
    except subprocess.TimeoutExpired as e:
        out = e.stdout.decode() if isinstance(e.stdout, bytes) else e.stdout or ""
        started = [line for line in out.splitlines() if line.startswith("start ")]
        pytest.fail(f"the screens hang at {started[-1] if started else 'the beginning'}")
    assert "Traceback" not in proc.stderr, proc.stderr
    assert proc.returncode == 0, proc.stderr
    results = [json.loads(line) for line in proc.stdout.splitlines() if line.startswith("{")]
    bad = [r for r in results if r["errors"] or r["lost"] or not r["intact"]]
    told = sum(bool(r["notices"]) for r in results)
    print(f"hostile screens: {len(results)} cases, {told} with notices, 0 hangs, 0 errors")
    assert len(results) == len(list(cases())) and not bad, bad

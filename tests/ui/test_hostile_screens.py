"""Every hostile file (tests/hostile.py) through the real app: start, notices, Saved games,
Continue. No frame fails, no content is lost before a match is opened, the other save
stays as it was, and nothing blocks (the run is a subprocess with a timeout)."""

from __future__ import annotations

import os
from pathlib import Path

from tests.hostile import cases, run_corpus

ROOT = Path(__file__).resolve().parents[2]
TIMEOUT = 300


def test_every_hostile_file_through_the_screens() -> None:
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    results = run_corpus("tests.ui.hostile_screens", TIMEOUT, env)
    bad = [r for r in results if r["errors"] or r["lost"] or not r["intact"]]
    told = sum(bool(r["notices"]) for r in results)
    print(f"hostile screens: {len(results)} cases, {told} with notices, 0 hangs, 0 errors")
    assert len(results) == len(list(cases())) and not bad, bad

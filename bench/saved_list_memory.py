"""Peak memory of the Saved games list with a save whose name (and player names) are
20,000 characters long, against the same list with normal names.

    .venv/bin/python bench/saved_list_memory.py

Each measure runs in a fresh process on a dummy display: start the app in a temporary
RUMMYTABLE_HOME, open Saved games, draw 30 frames, print the process's peak RSS.
"""

from __future__ import annotations

import json
import os
import resource
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
LONG = 20_000


def measure(long_names: bool) -> int:
    """Peak RSS in kB of one run."""
    with tempfile.TemporaryDirectory() as home:
        env = {
            **os.environ,
            "RUMMYTABLE_HOME": home,
            "SDL_VIDEODRIVER": "dummy",
            "SDL_AUDIODRIVER": "dummy",
            "LONG_NAMES": "1" if long_names else "",
        }
        out = subprocess.run(
            [sys.executable, __file__, "--child"],
            env=env,
            cwd=ROOT,
            capture_output=True,
            text=True,
            check=True,
        )
        return int(out.stdout.split()[-1])


def child() -> None:
    import pygame

    from game.match import Match, Player
    from game.rules import preset
    from saves import new_slot, write_save
    from ui.app import start_app

    match = Match(preset("classic", players=2), [Player("You"), Player("Ben", "bot", "medium")], 3)
    slot = new_slot(match, "Friday")
    write_save(slot, match)
    if os.environ.get("LONG_NAMES"):
        data = json.loads(slot.path.read_text(encoding="utf-8"))
        data["name"] = "N" * LONG
        for p in data.get("players", []):
            p["name"] = "P" * LONG
        slot.path.write_text(json.dumps(data), encoding="utf-8")
    pygame.display.init()
    pygame.font.init()
    app = start_app(pygame.display.set_mode((1280, 800)))
    app.step()
    found = [c for c in app.scene.controls() if c.key == "saves"]
    pos = found[0].rect.centre
    for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        pygame.event.post(pygame.event.Event(kind, pos=pos, button=1, mod=0))
    for _ in range(30):
        app.step()
    print(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss)


if __name__ == "__main__":
    if "--child" in sys.argv:
        child()
    else:
        normal, long = measure(False), measure(True)
        print(
            f"Saved games list, peak RSS: normal names {normal / 1024:.1f} MB, "
            f"{LONG:,}-character names {long / 1024:.1f} MB ({(long - normal) / 1024:+.1f} MB)"
        )

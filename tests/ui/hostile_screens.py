"""Run hostile cases (tests/hostile.py) through the real app: its start, the title with its
notices, the Saved games screen, Continue and the table, on a dummy display.

Run as a module (``python -m tests.ui.hostile_screens [NAME …]``) it builds each case in a
temporary folder standing for RUMMYTABLE_HOME and prints ``start NAME`` and then a JSON
line: the errors the app caught (a frame that failed), the texts of the notices it showed,
and how many files lost their content. The test runs it in a subprocess, so that a read
that blocks shows as a timeout, not a hung run.
"""

from __future__ import annotations

import json
import os
import sys
import tempfile
from pathlib import Path
from typing import Any

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame

from tests.hostile import cases, snapshot
from ui.app import App, start_app

FRAME_MS = 16


class Run:
    """The app from its real start, stepped with posted events; failures collected."""

    def __init__(self) -> None:
        pygame.display.init()
        pygame.font.init()
        pygame.event.clear()
        self.now = 0
        surface = pygame.display.set_mode((1280, 800))
        self.app: App = start_app(surface, inline_bots=True)
        self.app.clock = lambda: self.now
        self.errors: list[str] = []
        self.notices: list[str] = []

    @property
    def scene(self) -> Any:
        return self.app.scene

    def step(self, frames: int = 1) -> None:
        for _ in range(frames):
            self.now += FRAME_MS
            self.app.step()
            status = getattr(self.scene, "status", None)
            error = getattr(self.scene, "error", None) or (
                status.text if status is not None and status.kind == "error" else None
            )
            if error and error not in self.errors:
                self.errors.append(error)

    def key(self, key: int) -> None:
        for kind in (pygame.KEYDOWN, pygame.KEYUP):
            pygame.event.post(pygame.event.Event(kind, key=key, mod=0, unicode="", scancode=0))
        self.step()

    def press(self, control: str) -> bool:
        """Click a control of the screen shown, if it has it."""
        found = [c for c in getattr(self.scene, "controls", list)() if c.key == control]
        if not found:
            return False
        pos = found[0].rect.centre
        for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            pygame.event.post(pygame.event.Event(kind, pos=pos, button=1, mod=0))
        self.step()
        return True

    def read_notices(self) -> None:
        """Note each notice shown and close it (Esc), as a player would."""
        for _ in range(10):
            nav = self.app.nav
            if nav is None or not nav.notices:
                return
            notice = nav.notices[0]
            self.notices.append(" ".join((notice.title, *notice.lines)))
            self.step(2)
            self.key(pygame.K_ESCAPE)

    def tour(self, before_continue: Any = None) -> None:
        """The title and its notices, the Saved games list, then Continue (which opens a
        match and so autosaves it: `before_continue` is called just before)."""
        self.step(3)
        self.read_notices()
        if self.press("saves"):  # the Saved games list: every entry drawn, scrolled through
            self.step(2)
            for _ in range(4):
                self.key(pygame.K_DOWN)
            self.read_notices()
            self.key(pygame.K_ESCAPE)
            self.step(2)
        if before_continue is not None:
            before_continue()
        if self.press("continue"):  # Continue: the table of the latest match, or a notice
            self.step(5)
            self.read_notices()
        self.app.close()
        pygame.quit()


def run(name: str) -> dict[str, Any]:
    """Build the case in a temporary home and take the app through it."""
    builders = dict(cases())
    with tempfile.TemporaryDirectory() as tmp:
        home = Path(tmp) / "home"
        built = builders[name](home)
        os.environ["RUMMYTABLE_HOME"] = str(home)
        before = snapshot(home)
        found: dict[str, Any] = {}

        def measure() -> None:  # what reading did, before a match is opened and autosaved
            after = snapshot(home)
            kept = set(after.values())
            found["lost"] = sum(1 for d in before.values() if d != "special" and d not in kept)
            other = str(built.home.keep.path.relative_to(home))
            found["intact"] = after.get(other) == before.get(other)

        app = Run()
        app.tour(measure)
        return {"errors": app.errors, "notices": app.notices, **found}


def main(names: list[str]) -> None:
    for name in names or [n for n, _ in cases()]:
        print("start", json.dumps(name), flush=True)
        print(json.dumps({"case": name, **run(name)}, ensure_ascii=True), flush=True)


if __name__ == "__main__":
    main(sys.argv[1:])

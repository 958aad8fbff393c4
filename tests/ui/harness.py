"""A headless table for scene tests: the app's own loop, real posted events, a fake clock."""

from __future__ import annotations

import os
from typing import Any

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame

from game.cards import Card, Face
from game.match import Match
from game.record import load
from tests.helpers import record
from ui.app import App
from ui.kit.rect import Rect
from ui.table.botrunner import BotRunner
from ui.table.handover import GUARD_MS
from ui.table.scene import Settings, TableScene

FRAME_MS = 16


def table_match(
    preset: str,
    hands: list[str],
    stock: str = "",
    upcard: str | None = None,
    actions: list[str] | None = None,
    bot_seats: tuple[int, ...] = (1,),
    **options: Any,
) -> Match:
    """A match with an exact deal (seat 0 starts; it is human, `bot_seats` are medium bots)."""
    deal = {
        "dealer": len(hands) - 1,
        "hands": [h.split() for h in hands],
        "stock": stock.split(),
        "indicator": None,
        "upcard": upcard,
    }
    data = record(preset, [deal], **options)
    for seat in bot_seats:
        data["players"][seat] = {"name": f"Bot{seat}", "kind": "bot", "level": "medium"}
    match = load(data).start()
    for a in actions or []:
        match.apply(a)
    return match


class Gestures:
    """Mouse gestures at a table scene, for an app stepped frame by frame (Table, Screens)."""

    scene: Any
    app: App
    now: int

    def _display(self, size: tuple[int, int]) -> pygame.Surface:
        """A fresh display of ``size`` with no events waiting; the clock at 0."""
        pygame.display.init()
        pygame.font.init()
        pygame.event.clear()
        self.now = 0
        return pygame.display.set_mode(size)

    def step(self, frames: int = 1) -> None:
        """Run frames of the app's loop, the clock moving 16 ms each."""
        for _ in range(frames):
            self.now += FRAME_MS
            self.app.step()
            self.after_frame()

    def after_frame(self) -> None:
        """A check after every frame (none by default)."""

    def click(self, pos: tuple[int, int], button: int = 1, shift: bool = False) -> None:
        """Press and release at a point, then a frame."""
        mod = pygame.KMOD_SHIFT if shift else 0
        self.post(pygame.MOUSEBUTTONDOWN, pos=pos, button=button, mod=mod)
        self.post(pygame.MOUSEBUTTONUP, pos=pos, button=button, mod=mod)
        self.step()

    def key(self, key: int, mod: int = 0) -> None:
        """Press and release a key, then a frame."""
        self.post(pygame.KEYDOWN, key=key, mod=mod, unicode="", scancode=0)
        self.post(pygame.KEYUP, key=key, mod=mod, unicode="", scancode=0)
        self.step()

    def take_over(self) -> None:
        """Pass-and-play: the next player waits out the hand-over's guard and presses Enter."""
        self.step(GUARD_MS // FRAME_MS + 2)
        self.key(pygame.K_RETURN)

    def post(self, kind: int, **attrs: Any) -> None:
        """Post one real pygame event."""
        pygame.event.post(pygame.event.Event(kind, **attrs))

    def settle(self) -> None:
        """Let every animation land."""
        self.step(30)

    def drag(self, start: tuple[int, int], end: tuple[int, int], steps: int = 6) -> None:
        """Press, move in steps (a frame each), release at `end`."""
        self.post(pygame.MOUSEBUTTONDOWN, pos=start, button=1, mod=0)
        self.step()
        for i in range(1, steps + 1):
            x = start[0] + (end[0] - start[0]) * i // steps
            y = start[1] + (end[1] - start[1]) * i // steps
            self.post(pygame.MOUSEMOTION, pos=(x, y), rel=(0, 0), buttons=(1, 0, 0))
            self.step()
        self.post(pygame.MOUSEBUTTONUP, pos=end, button=1, mod=0)
        self.step()

    def card(self, text: str) -> Card:
        """The (first) hand card showing a face."""
        face = Face.parse(text)
        return next(c for c in self.scene.order if c.face == face)

    def rect(self, text: str) -> Rect:
        """Where a hand card is drawn."""
        return self.scene.placement.where[self.card(text)]

    def grab_point(self, text: str) -> tuple[int, int]:
        """A point on the visible part of a hand card (its left strip)."""
        return self.grab_point_of(self.card(text))

    def grab_point_of(self, card: Card) -> tuple[int, int]:
        """A point on the visible part of one physical hand card (its left strip)."""
        r = self.scene.placement.where[card]
        return (r.x + 8, r.y + r.h // 2)

    def select(self, *texts: str) -> None:
        """Click hand cards to select them."""
        for t in texts:
            self.click(self.grab_point(t))
            self.now += 500  # not a double click

    def open_table(self) -> tuple[int, int]:
        """A point of the open table clear of every meld."""
        area = self.scene.layout.melds_area
        return (area.x + area.w - 20, area.y + area.h - 20)


class Table(Gestures):
    """The app around a TableScene, stepped one frame at a time."""

    def __init__(
        self, match: Match, size: tuple[int, int] = (1280, 800), inline_bots: bool = True
    ) -> None:
        surface = self._display(size)
        settings = Settings(speed=3)  # no delay between bot actions
        self.scene = TableScene(match, size, BotRunner(inline=inline_bots), settings, None)
        self.app = App(self.scene, surface, clock=lambda: self.now)

    @property
    def match(self) -> Match:
        """The match at the table."""
        return self.scene.match


class Screens(Gestures):
    """The whole app from its title screen (settings in memory), stepped frame by frame."""

    def __init__(self, size: tuple[int, int] = (1280, 800), **settings: Any) -> None:
        from ui.nav import Nav
        from ui.store.prefs import Settings as Prefs

        surface = self._display(size)
        prefs = Prefs(**{"speed": 3, "sound": False, "language": "en", **settings})
        self.nav = Nav(size, prefs, inline_bots=True)
        self.nav.title()
        scene = self.nav.pending
        self.nav.pending = None
        assert scene is not None
        self.app = App(scene, surface, clock=lambda: self.now, nav=self.nav)

    @property
    def scene(self) -> Any:
        """The scene on screen."""
        return self.app.scene

    def after_frame(self) -> None:
        """A failure the app caught fails the test."""
        status = getattr(self.scene, "status", None)
        error = getattr(self.scene, "error", None) or (
            status.text if status is not None and status.kind == "error" else None
        )
        assert not error, error

    def type(self, text: str) -> None:
        """Type text (as the keyboard's text input events)."""
        self.post(pygame.TEXTINPUT, text=text)
        self.step()

    def control(self, key: str) -> Any:
        """A control of the scene on screen, by key."""
        return next(c for c in self.scene.placed() if c.key == key)

    def press(self, key: str) -> None:
        """Click the middle of a control."""
        self.click(self.control(key).rect.centre)

    def focus(self) -> str | None:
        """The key of the control with the keyboard focus."""
        found = self.scene.form.focused(self.scene.placed())
        return found.key if found is not None else None

"""The one loop: events -> scene (intents -> controller -> model) -> animations -> draw.

`App.step()` runs one frame and is what tests drive: they post real pygame events and
step with a fake clock. `run()` steps at 60 frames a second until the player quits.
Nothing raised while handling a frame escapes: the scene reports it and the game goes on.
"""

from __future__ import annotations

import contextlib
import os
import sys
import time
import traceback
import warnings
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

import pygame

from game.match import Match, Player
from game.rules import preset
from ui.kit.scene import Scene
from ui.kit.seed import new_seed
from ui.look import sound
from ui.look.assets import asset_path
from ui.nav import Nav
from ui.store import saves_bridge
from ui.store.notices import file_notice
from ui.store.prefs import Settings
from ui.table.botrunner import BotRunner
from ui.table.layout import MIN_SIZE
from ui.table.scene import TableScene
from ui.text import i18n

DEFAULT_SIZE = (1280, 800)
FPS = 60
TITLE = "Rummy Table"

Clock = Callable[[], int]


def default_match(seed: int | None = None) -> Match:
    """Classic rummy, the human in seat 0 against one medium bot."""
    players = [Player("You", "human"), Player("Ben", "bot", "medium")]
    return Match(preset("classic", players=2), players, seed if seed is not None else new_seed())


class App:
    """The window (or an off-screen surface) and the scene shown in it."""

    def __init__(
        self,
        scene: Scene,
        surface: pygame.Surface,
        clock: Clock | None = None,
        nav: Nav | None = None,
    ) -> None:
        self.scene = scene
        self.nav = nav
        self.surface = surface
        self.clock = clock or pygame.time.get_ticks
        self.running = True
        self.fullscreen = False
        self.windowed_size = surface.get_size()
        self.frames = 0

    def step(self) -> bool:
        """One frame: every pending event, one update, one draw. False once quitting."""
        now = self.clock()
        for event in pygame.event.get():
            self._event(event, now)
            self._switch()
        self._guard(lambda: self.scene.update(now))
        self._switch()
        self._guard(lambda: self.scene.draw(self.surface, now))
        if pygame.display.get_surface() is self.surface:
            pygame.display.flip()
            if self.frames == 0:
                mark_first_frame()
        self.frames += 1
        if self.scene.wants_quit or (self.nav is not None and self.nav.quit):
            self.running = False
        return self.running

    def _switch(self) -> None:
        """Show the scene the Nav was asked for, laid out for the window as it is now."""
        if self.nav is None or self.nav.pending is None:
            return
        self.scene, self.nav.pending = self.nav.pending, None
        self.nav.size = self.surface.get_size()
        self._guard(lambda: self.scene.resize(self.nav.size if self.nav else (0, 0)))
        self._guard(self.scene.enter)

    def _event(self, event: pygame.event.Event, now: int) -> None:
        if event.type == pygame.QUIT:
            self.running = False
        elif event.type == pygame.VIDEORESIZE and not self.fullscreen:
            self._resize((event.w, event.h))
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_F11:
            self.toggle_fullscreen()
        else:
            self._guard(lambda: self.scene.handle(event, now))

    def _guard(self, work: Callable[[], None]) -> None:
        """Run a piece of the frame; an exception is reported, never raised."""
        try:
            work()
        except Exception as error:  # the player keeps the game, the log keeps the trace
            traceback.print_exc(file=sys.stderr)
            try:
                self.scene.report(error)
            except Exception:
                traceback.print_exc(file=sys.stderr)

    def _resize(self, size: tuple[int, int]) -> None:
        """The window was resized: SDL has resized the surface already (set_mode again only
        below the minimum size, or where the platform did not), then lay the table out."""
        size = (max(MIN_SIZE[0], size[0]), max(MIN_SIZE[1], size[1]))
        surface = pygame.display.get_surface()
        if surface is not None and surface.get_size() != size:
            _window_size(size)  # keeps the same window where the platform allows it
            surface = pygame.display.get_surface()
        if surface is None or surface.get_size() != size:
            surface = pygame.display.set_mode(size, pygame.RESIZABLE)
        self.surface = surface
        self.windowed_size = size
        if self.nav is not None:
            self.nav.size = size
        self._guard(lambda: self.scene.resize(size))

    def toggle_fullscreen(self) -> None:
        """F11: fullscreen at the desktop's size, or back to the window."""
        self.fullscreen = not self.fullscreen
        if self.fullscreen:
            self.surface = pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
        else:
            self.surface = pygame.display.set_mode(self.windowed_size, pygame.RESIZABLE)
        size = self.surface.get_size()
        if self.nav is not None:
            self.nav.size = size
        self._guard(lambda: self.scene.resize(size))

    def run(self) -> None:
        """Step at 60 frames a second until the window closes or the player quits."""
        ticker = pygame.time.Clock()
        while self.step():
            ticker.tick(FPS)

    def close(self) -> None:
        """The app ends (Quit, or the window closed): the table stops, pending saves are written."""
        if self.nav is not None:
            self.nav.close()


def mark_first_frame() -> None:
    """bench/startup.py: write the time the first frame was shown to $RUMMYTABLE_FIRST_FRAME."""
    path = os.environ.get("RUMMYTABLE_FIRST_FRAME")
    if path:
        with contextlib.suppress(OSError):
            Path(path).write_text(f"{time.time():.6f}\n", encoding="utf-8")


def _display_window() -> pygame.Window | None:
    """pygame-ce's object for the display module's window (None where there is none)."""
    with warnings.catch_warnings():  # the call is deprecated but is the way to reach it
        warnings.simplefilter("ignore")
        try:
            return pygame.Window.from_display_module()
        except (AttributeError, pygame.error):
            return None


def _window_size(size: tuple[int, int]) -> None:
    """Resize the window in place (the display surface follows)."""
    window = _display_window()
    if window is not None:
        with contextlib.suppress(pygame.error):
            window.size = size


def open_window(size: tuple[int, int] = DEFAULT_SIZE) -> pygame.Surface:
    """The game window: resizable, with a minimum size where the platform allows one."""
    pygame.display.init()
    pygame.font.init()
    pygame.display.set_caption(TITLE)
    with contextlib.suppress(pygame.error, OSError):  # the window's icon, in taskbars and docks
        pygame.display.set_icon(pygame.image.load(asset_path("icon", "icon-128.png")))
    surface = pygame.display.set_mode(size, pygame.RESIZABLE)
    window = _display_window()
    if window is not None:
        with contextlib.suppress(pygame.error):
            window.minimum_size = MIN_SIZE
    return surface


def table_scene(match: Match, size: tuple[int, int], inline_bots: bool = False) -> TableScene:
    """The table scene for a match (bots think in a worker thread unless inline)."""
    return TableScene(match, size, BotRunner(inline=inline_bots), new_match=default_match)


def start_app(
    surface: pygame.Surface,
    match: Match | None = None,
    settings: Settings | None = None,
    inline_bots: bool = False,
) -> App:
    """The app on the title screen, or straight at the table of a given match."""
    problems: list[str] = []
    if settings is None:
        settings, problems = saves_bridge.load_settings()
    nav = Nav(surface.get_size(), settings, inline_bots)
    sound.available()  # the mixer tried once, now, quietly: no sound device means silence
    for what, found in (("settings", problems), ("stats", saves_bridge.stats_problems())):
        notice = file_notice(what, found)
        if notice is not None:
            nav.notices.append(notice)
    if match is not None:
        nav.start_match(match)
    else:
        nav.title()
    scene, nav.pending = nav.pending, None
    assert scene is not None
    scene.enter()
    return App(scene, surface, nav=nav)


def run_window(
    match: Match | None = None, size: tuple[int, int] = DEFAULT_SIZE, language: str | None = None
) -> int:
    """Open the window on the title screen (or on a loaded match) and play until quitting.

    `language` (--lang) is spoken in this run instead of the saved setting's.
    """
    try:
        surface = open_window(size)
    except pygame.error as e:
        print(f"main.py: cannot open the game window: {e}", file=sys.stderr)
        return 2
    settings = None
    if language:
        saved, _ = saves_bridge.load_settings()
        settings = replace(saved, language=language)
    app = start_app(surface, match, settings)
    try:
        app.run()
    finally:
        app.close()
        pygame.quit()
    return 0


def screenshot(match: Match, path: Path, size: tuple[int, int], language: str | None = None) -> int:
    """Render one frame of the table to a PNG, with no window on screen, in English or in
    `language`; the saved settings are neither read nor changed."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    i18n.set_language(language or "en")
    pygame.display.init()
    pygame.font.init()
    surface = pygame.display.set_mode(size)
    scene = table_scene(match, size, inline_bots=True)
    scene.draw(surface, 0)
    pygame.image.save(surface, str(path))
    pygame.quit()
    return 0

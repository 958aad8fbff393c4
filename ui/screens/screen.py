"""The common frame of the screens around the table: felt, a title, controls, a key line."""

from __future__ import annotations

from pathlib import Path
from typing import Protocol

import pygame

from game.match import Match
from game.rules import Rules
from ui.kit.rect import ui_scale
from ui.kit.scene import Scene
from ui.look import theme
from ui.screens.setup import Setup
from ui.screens.widgets import (
    Control,
    Form,
    draw_controls,
    heading,
    keys_hint,
    label,
    mirrored,
)
from ui.store.notices import Notice
from ui.store.prefs import Settings
from ui.text.i18n import tr


class Navigator(Protocol):
    """What a screen may ask of the shell, which builds the screens (ui.nav.Nav is one).

    The shared state of the screens, and the way to every other screen and to the table.
    """

    size: tuple[int, int]
    settings: Settings
    setup: Setup
    notices: list[Notice]  # shown one by one on the title and saved-games screens

    @property
    def table(self) -> Scene | None:
        """The table of the match in progress, if one is open."""

    def go(self, scene: Scene) -> None:
        """Show another scene from the next frame on."""

    def title(self) -> None:
        """The title screen."""

    def new_game(self) -> None:
        """The new-game screen."""

    def house_rules(self) -> None:
        """The house rules of the game being set up."""

    def settings_screen(self, back: Scene) -> None:
        """The settings; `back` is shown again when they are left."""

    def rules_help(self, back: Scene, preset: str = "classic", rules: Rules | None = None) -> None:
        """The rules help page of a preset."""

    def statistics(self, back: Scene) -> None:
        """The statistics."""

    def saved_games(self, back: Scene) -> None:
        """The saved matches."""

    def start_match(self, match: Match) -> None:
        """Sit down at a new match."""

    def open_saved(self, path: Path) -> bool:
        """Open a saved match; False (and a notice) when it cannot be opened."""
        ...

    def open_backup(self, path: Path) -> bool:
        """Open the backup of a save that could not be opened."""
        ...

    def delete_saved(self, path: Path) -> None:
        """Delete a saved match."""

    def rename_saved(self, path: Path, name: str) -> None:
        """Give a saved match a new name."""

    def table_path(self) -> Path | None:
        """Where the match at the table is saved."""

    def continue_match(self) -> None:
        """Back to the game in progress."""

    def can_continue(self) -> bool:
        """Whether there is a game in progress to go back to."""
        ...


class Screen:
    """A screen of controls on the felt; subclasses lay out `controls` and `paint` the rest."""

    title_key = ""
    keys_key = ""

    def __init__(self, nav: Navigator, focus: str | None = None) -> None:
        self.nav = nav
        self.size = nav.size
        self.form = Form(focus)
        self.error: str | None = None

    @property
    def scale(self) -> float:
        """Sizes against a 1280×800 window (at least 0.8)."""
        return ui_scale(self.size)

    def px(self, value: float) -> int:
        """A length at 1280×800, scaled to the window."""
        return round(value * self.scale)

    def controls(self) -> list[Control]:
        """The screen's controls for the window as it is now, laid out left to right."""
        return []

    def placed(self) -> list[Control]:
        """The controls where they stand: mirrored in a right-to-left language."""
        return mirrored(self.controls(), self.size[0])

    def back(self) -> None:
        """Esc: leave the screen."""

    def handle(self, event: pygame.event.Event, now: int) -> None:
        """Esc goes back; everything else goes to the controls."""
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.back()
        else:
            self.form.handle(event, self.placed())

    def update(self, now: int) -> None:
        """Nothing moves on these screens."""

    def draw(self, surface: pygame.Surface, now: int) -> None:
        """Felt, title, the screen's own painting, the controls, the key line."""
        surface.blit(theme.felt(self.size, self.nav.settings.felt_colours), (0, 0))
        if self.title_key:
            heading(surface, tr(self.title_key), (self.px(60), self.px(36)), self.scale)
        self.paint(surface)
        draw_controls(surface, self.form, self.placed(), self.scale)
        if self.keys_line():
            keys_hint(surface, tr(self.keys_line()), self.scale)
        if self.error:
            label(surface, self.error, (20, 8), self.px(15), theme.REFUSED, self.size[0] - 40)

    def keys_line(self) -> str:
        """The text key of the keyboard line along the bottom ("" for none)."""
        return self.keys_key

    def paint(self, surface: pygame.Surface) -> None:
        """What the screen shows besides its controls."""

    def resize(self, size: tuple[int, int]) -> None:
        """The window changed: the next frame lays out again."""
        self.size = size

    def enter(self) -> None:
        """Shown (again)."""

    def report(self, error: BaseException) -> None:
        """Something failed: say so at the top, keep going."""
        self.error = f"{type(error).__name__}: {error}"

    @property
    def wants_quit(self) -> bool:
        """Only the Nav quits from these screens."""
        return False

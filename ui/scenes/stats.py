"""Statistics per preset, as the saves package keeps them (offered once it is there)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.rules import PRESETS
from ui import saves_bridge, theme
from ui.geometry import Rect
from ui.i18n import tr
from ui.rules_text import preset_name
from ui.scenes.screen import Screen
from ui.widgets import Control, label

if TYPE_CHECKING:
    from ui.nav import Nav
    from ui.scenes import Scene


COLUMNS = (
    ("stats.col.played", "matches_played"),
    ("stats.col.won", "matches_won"),
    ("stats.col.rounds", "rounds_won"),
    ("stats.col.in_one", "out_in_one"),
    ("stats.col.best", "best_match"),
    ("stats.col.average", "average_points"),
)


class StatsScene(Screen):
    """A row per preset: matches played and won, rounds won, out in one, best, average."""

    title_key = "stats.title"

    def __init__(self, nav: Nav, back: Scene) -> None:
        super().__init__(nav, focus="back")
        self.previous = back
        self.stats = saves_bridge.preset_stats(PRESETS)

    def controls(self) -> list[Control]:
        """Back."""
        y = self.size[1] - self.px(96)
        rect = Rect(self.px(60), y, self.px(200), self.px(54))
        return [Control("back", rect, tr("stats.back"), on_press=self.back)]

    def back(self) -> None:
        """Back to the title."""
        self.nav.go(self.previous)

    def paint(self, surface: pygame.Surface) -> None:
        """The table, or a note that nothing has been played yet."""
        x, y = self.px(60), self.px(130)
        if not any(getattr(v, "matches_played", 0) for v in self.stats.values()):
            label(surface, tr("stats.none"), (x, y), self.px(20), theme.TEXT_DIM)
            return
        first = self.px(420)
        col = (self.size[0] - x - first - self.px(60)) // len(COLUMNS)
        for k, (key, _) in enumerate(COLUMNS):
            label(
                surface,
                tr(key),
                (x + first + k * col, y),
                self.px(16),
                theme.TEXT_DIM,
                col - 8,
                True,
            )
        for preset in PRESETS:
            y += self.px(48)
            entry = self.stats.get(preset)
            label(surface, preset_name(preset), (x, y), self.px(19), theme.TEXT, first - 20, True)
            for k, (_, field) in enumerate(COLUMNS):
                value = getattr(entry, field, None)
                shown = (
                    "–"
                    if value is None
                    else (f"{value:.0f}" if isinstance(value, float) else str(value))
                )
                label(surface, shown, (x + first + k * col, y), self.px(19), theme.GOLD)

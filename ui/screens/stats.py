"""Statistics per preset, as the saves package keeps them in the user data folder."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.rules import PRESETS
from ui.kit.rect import Rect
from ui.look import theme
from ui.screens.screen import Screen
from ui.screens.widgets import Control, label, paragraph
from ui.store import saves_bridge
from ui.text.i18n import tr
from ui.text.rules_text import preset_short

if TYPE_CHECKING:
    from ui.kit.scene import Scene
    from ui.screens.screen import Navigator


COLUMNS = (
    ("stats.col.played", "matches_played"),
    ("stats.col.won", "matches_won"),
    ("stats.col.rounds", "rounds_won"),
    ("stats.col.in_one", "out_in_one"),
    ("stats.col.best", "best_match"),
    ("stats.col.worst", "worst_match"),
    ("stats.col.average", "average_points"),
)


class StatsScene(Screen):
    """A row per preset: matches played and won, rounds won, out in one, best, worst, average."""

    title_key = "stats.title"

    def __init__(self, nav: Navigator, back: Scene) -> None:
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
        """The table and what its points mean, or a note that nothing has been played yet."""
        x, y = self.px(60), self.px(130)
        if not any(v.matches_played for v in self.stats.values()):
            label(surface, tr("stats.none"), (x, y), self.px(20), theme.TEXT_DIM)
            return
        first = self.px(260)
        col = (self.size[0] - x - first - self.px(60)) // len(COLUMNS)
        for k, (key, _) in enumerate(COLUMNS):
            at = (x + first + k * col, y - self.px(10))  # a long heading takes two lines
            paragraph(surface, tr(key), at, self.px(16), theme.TEXT_DIM, col - self.px(10), True)
        for preset in PRESETS:
            y += self.px(48)
            label(surface, preset_short(preset), (x, y), self.px(19), theme.TEXT, first - 20, True)
            for k, shown in enumerate(self.values(preset)):
                label(surface, shown, (x + first + k * col, y), self.px(19), theme.GOLD)
        width = self.size[0] - 2 * x
        paragraph(
            surface, tr("stats.note"), (x, y + self.px(70)), self.px(16), theme.TEXT_DIM, width
        )

    def values(self, preset: str) -> list[str]:
        """A preset's counters as shown: whole numbers, a dash where there is none yet."""
        entry = self.stats.get(preset)
        out = []
        for _, field in COLUMNS:
            value = getattr(entry, field, None)
            out.append(
                "–" if value is None else f"{value:.0f}" if isinstance(value, float) else str(value)
            )
        return out

"""The rules in force, over the table (key I): every option, house rules in gold.

In a language written right to left the panel is mirrored: the first column on the right,
each option's name right of its value.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from ui.kit.rect import Rect, ui_scale
from ui.look import theme
from ui.table.paint import mirror_in
from ui.text.i18n import tr
from ui.text.rules_text import RuleLine, preset_name, rule_lines

if TYPE_CHECKING:
    from ui.table.scene import TableScene

COLUMNS = 2
Groups = list[tuple[str, list[RuleLine]]]


def _rows(groups: Groups) -> int:
    """Lines a column of groups takes: a heading and a line per option."""
    return sum(len(items) + 1 for _, items in groups)


def _split(groups: Groups) -> int:
    """Where the second column starts, so that the longer column is as short as can be."""
    return min(range(1, len(groups)), key=lambda k: max(_rows(groups[:k]), _rows(groups[k:])))


class RulesPanel:
    """A sheet with the options of the match by group, in two columns; any key or click closes."""

    hover = None

    def handle(self, event: pygame.event.Event, now: int, scene: TableScene) -> None:
        """Close on a click or a key."""
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.KEYDOWN):
            scene.resume()

    def draw(self, surface: pygame.Surface, scene: TableScene, now: int) -> None:
        """The panel: title, the groups, the footer."""
        surface.blit(theme.panel(surface.get_size(), theme.SCRIM, 0), (0, 0))
        s = ui_scale(scene.size)
        rules = scene.match.rules
        w, h = scene.size
        margin = round(30 * s)
        panel = Rect(margin, margin, w - 2 * margin, h - 2 * margin)
        surface.blit(
            theme.panel((panel.w, panel.h), (20, 40, 30, 250), round(14 * s)), (panel.x, panel.y)
        )
        pad = round(22 * s)
        title = tr("panel.title", preset=preset_name(rules.preset))
        title += " · " + tr("panel.players", count=rules.players)
        img = theme.fit(title, round(24 * s), theme.GOLD, panel.w - 2 * pad, True)
        surface.blit(
            img, (theme.start_x(panel.x + pad, panel.w - 2 * pad, img.get_width()), panel.y + pad)
        )
        top = panel.y + pad + img.get_height() + round(12 * s)
        foot = theme.fit(tr("panel.footer"), round(15 * s), theme.TEXT_DIM, panel.w - 2 * pad)
        bottom = panel.bottom - pad - foot.get_height()
        x = theme.start_x(panel.x + pad, panel.w - 2 * pad, foot.get_width())
        surface.blit(foot, (x, bottom + round(6 * s)))
        self._columns(surface, scene, Rect(panel.x + pad, top, panel.w - 2 * pad, bottom - top), s)

    def _columns(self, surface: pygame.Surface, scene: TableScene, area: Rect, s: float) -> None:
        """The groups flowed into columns, a heading over each group (every piece placed as
        left to right, then mirrored in the area right to left)."""
        groups = rule_lines(scene.match.rules)
        split = _split(groups)
        rows = max(_rows(groups[:split]), _rows(groups[split:]))
        line_h = max(16, min(round(26 * s), area.h // max(1, rows)))
        size = max(12, round(line_h * 0.66))
        gap = round(24 * s)
        col_w = (area.w - gap * (COLUMNS - 1)) // COLUMNS
        col, row = 0, 0
        for k, (heading, items) in enumerate(groups):
            if k == split:
                col, row = 1, 0
            x = area.x + col * (col_w + gap)
            img = theme.fit(heading, size, theme.TEXT, col_w, True)
            surface.blit(img, (mirror_in(area, x, img.get_width()), area.y + row * line_h))
            row += 1
            for item in items:
                y = area.y + row * line_h
                colour = theme.GOLD if item.changed else theme.TEXT_DIM
                label = theme.fit(item.label, size, colour, col_w // 2 - 8, item.changed)
                value = theme.fit(
                    item.value,
                    size,
                    theme.GOLD if item.changed else theme.TEXT,
                    col_w // 2,
                    item.changed,
                )
                surface.blit(label, (mirror_in(area, x + round(10 * s), label.get_width()), y))
                at = mirror_in(area, x + col_w // 2 + round(6 * s), value.get_width())
                surface.blit(value, (at, y))
                row += 1

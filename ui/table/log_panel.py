"""The turn log (key G or its button): every turn of the round in words, over the table.

Built from the round's public story (game.story), so it shows what the seat at the table
may see and nothing more, and it is the same after saving and Continue. The latest turn is
at the bottom; the wheel, the arrow keys and Page Up/Down scroll back. In a language written
right to left it opens on the left of the window, its lines from the right edge.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from ui.kit.rect import Rect, ui_scale
from ui.look import theme
from ui.table.paint import mirror_in
from ui.text import i18n
from ui.text.i18n import tr
from ui.text.words import turn_text, view_header

if TYPE_CHECKING:
    from ui.table.scene import TableScene

CLOSE_KEYS = (pygame.K_g, pygame.K_ESCAPE)


class LogPanel:
    """The round's turns, a line (or a few) each, the latest at the bottom."""

    def __init__(self) -> None:
        self.hover = None
        self.scroll = 0  # lines scrolled back from the latest
        self._lines: tuple[tuple[object, ...], list[tuple[str, int]]] | None = None

    def rect(self, scene: TableScene) -> Rect:
        """The panel: the right part of the window (the left, right to left), above the hand."""
        w = scene.size[0]
        s = ui_scale(scene.size)
        pad = round(16 * s)
        width = min(w - 2 * pad, max(round(520 * s), w * 45 // 100))
        bottom = scene.layout.status.y - pad // 2
        x = theme.mirror_x(w - width - pad, width, w)
        return Rect(x, pad, width, max(round(200 * s), bottom - pad))

    def lines(self, scene: TableScene, size: int, width: int) -> list[tuple[str, int]]:
        """Every turn wrapped to the panel, with the seat that played it (kept until the
        story, the size or the language changes)."""
        key = (id(scene.story), len(scene.story), size, width, i18n.language())
        if self._lines is None or self._lines[0] != key:
            out: list[tuple[str, int]] = []
            for turn in scene.story:
                words = turn_text(turn, scene.match.players)
                out += [(line, turn.seat) for line in theme.wrap(words, size, width)]
            self._lines = (key, out)
        return self._lines[1]

    def handle(self, event: pygame.event.Event, now: int, scene: TableScene) -> None:
        """Scroll with the wheel or the keys; G, Esc or a click outside close it."""
        step = 0
        if event.type == pygame.KEYDOWN:
            if event.key in CLOSE_KEYS:
                scene.resume()
                return
            moves = {pygame.K_UP: 1, pygame.K_DOWN: -1, pygame.K_PAGEUP: 8, pygame.K_PAGEDOWN: -8}
            step = moves.get(event.key, 0)
            if event.key == pygame.K_HOME:
                step = 10_000
            elif event.key == pygame.K_END:
                step = -10_000
        elif event.type == pygame.MOUSEWHEEL:
            step = 3 * event.y
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if not self.rect(scene).contains(event.pos):
                scene.resume()
            return
        self.scroll = max(0, self.scroll + step)

    def draw(self, surface: pygame.Surface, scene: TableScene, now: int) -> None:
        """The panel, its title, the turns, the keys."""
        s = ui_scale(scene.size)
        r = self.rect(scene)
        surface.blit(theme.panel((r.w, r.h), (12, 30, 22, 250), round(12 * s)), (r.x, r.y))
        pad, size = round(16 * s), max(12, round(16 * s))
        title = theme.fit(
            tr("log.title", round=view_header(scene.view)[0]),  # as the header names it
            round(20 * s),
            theme.GOLD,
            r.w - 2 * pad,
            True,
        )
        surface.blit(title, (theme.start_x(r.x + pad, r.w - 2 * pad, title.get_width()), r.y + pad))
        keys = theme.fit(tr("log.keys"), max(11, round(13 * s)), theme.TEXT_DIM, r.w - 2 * pad)
        x = theme.start_x(r.x + pad, r.w - 2 * pad, keys.get_width())
        surface.blit(keys, (x, r.bottom - pad - keys.get_height()))
        top = r.y + pad + title.get_height() + pad // 2
        bottom = r.bottom - pad - keys.get_height() - pad // 2
        line_h = theme.font(size).get_linesize()
        rows = max(1, (bottom - top) // line_h)
        lines = self.lines(scene, size, r.w - 2 * pad - round(10 * s))
        if not lines:
            empty = theme.fit(tr("log.empty"), size, theme.TEXT_DIM, r.w - 2 * pad)
            surface.blit(empty, (theme.start_x(r.x + pad, r.w - 2 * pad, empty.get_width()), top))
            return
        self.scroll = min(self.scroll, max(0, len(lines) - rows))
        shown = lines[max(0, len(lines) - rows - self.scroll) : len(lines) - self.scroll]
        for i, (line, seat) in enumerate(shown):
            y = top + i * line_h
            bar_w = max(3, round(4 * s))
            bar = pygame.Rect(mirror_in(r, r.x + pad, bar_w), y + 2, bar_w, line_h - 4)
            pygame.draw.rect(surface, theme.seat_colour(seat), bar, border_radius=2)
            img = theme.text(line, size, theme.TEXT)
            surface.blit(img, (mirror_in(r, r.x + pad + round(10 * s), img.get_width()), y))

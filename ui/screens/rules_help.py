"""The rules help: a scrollable page per preset, in the player's language.

Tabs pick the preset (left/right); up/down, page up/down, home/end and the mouse wheel
scroll; Esc or Back returns. Opened from a game, it shows that game's rules in force.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.rules import PRESETS, Rules
from ui.kit.rect import Rect
from ui.look import bidi, theme
from ui.screens.screen import Screen
from ui.screens.widgets import Control, blit_at
from ui.text import i18n
from ui.text.i18n import tr
from ui.text.rules_text import preset_short
from ui.text.rulesdoc import Block, page, spans

if TYPE_CHECKING:
    from ui.kit.scene import Scene
    from ui.screens.screen import Navigator

SIZES = {"h1": 30, "h2": 24, "h3": 20, "p": 18, "li": 18}
Line = tuple[int, int, list[tuple[str, bool]], int, theme.RGB]  # x, y, words, size, colour


class RulesHelpScene(Screen):
    """How to play a preset."""

    keys_key = "help.keys"

    def __init__(
        self, nav: Navigator, back: Scene, preset: str, rules: Rules | None = None
    ) -> None:
        super().__init__(nav, focus=f"tab.{preset}")
        self.previous = back
        self.preset = preset
        self.rules = rules
        self.offset = 0
        self._lines: tuple[tuple[object, ...], list[Line], int] | None = None

    def controls(self) -> list[Control]:
        """A tab per preset, and Back."""
        x, gap = self.px(60), self.px(8)
        width = (self.size[0] - 2 * x - gap * 3) // 4
        out = [
            Control(
                f"tab.{p}",
                Rect(x + i * (width + gap), self.px(24), width, self.px(44)),
                preset_short(p),
                "tab",
                selected=p == self.preset,
                on_press=lambda p=p: self.show(p),
                on_step=self.step,
            )
            for i, p in enumerate(PRESETS)
        ]
        y = self.size[1] - self.px(84)
        out.append(
            Control(
                "back", Rect(x, y, self.px(200), self.px(50)), tr("help.back"), on_press=self.back
            )
        )
        return out

    def area(self) -> Rect:
        """Where the text scrolls."""
        top = self.px(88)
        return Rect(
            self.px(60), top, self.size[0] - self.px(120), self.size[1] - self.px(100) - top
        )

    def show(self, preset: str) -> None:
        """Another preset's page, from the top."""
        self.preset, self.offset = preset, 0
        self.form.focus = f"tab.{preset}"

    def step(self, step: int) -> None:
        """The neighbouring preset."""
        self.show(PRESETS[(PRESETS.index(self.preset) + step) % len(PRESETS)])

    def back(self) -> None:
        """Back to where the help was opened."""
        self.nav.go(self.previous)

    def handle(self, event: pygame.event.Event, now: int) -> None:
        """Scrolling keys and the wheel; the rest as on any screen."""
        line = self.px(28)
        moves = {
            pygame.K_UP: -line,
            pygame.K_DOWN: line,
            pygame.K_PAGEUP: -self.area().h + line,
            pygame.K_PAGEDOWN: self.area().h - line,
            pygame.K_HOME: -(10**9),
            pygame.K_END: 10**9,
        }
        if event.type == pygame.KEYDOWN and event.key in moves:
            self.scroll(moves[event.key])
        elif event.type == pygame.KEYDOWN and event.key in (pygame.K_LEFT, pygame.K_RIGHT):
            self.step(-1 if event.key == pygame.K_LEFT else 1)
        elif event.type == pygame.MOUSEWHEEL:
            self.scroll(-event.y * 3 * line)
        else:
            super().handle(event, now)

    def scroll(self, by: int) -> None:
        """Move the page, never past its ends."""
        _, height = self.lines()
        self.offset = max(0, min(max(0, height - self.area().h), self.offset + by))

    # --- the page -------------------------------------------------------------------

    def lines(self) -> tuple[list[Line], int]:
        """The page laid out in lines for the width (cached), and its height."""
        area = self.area()
        key = (self.preset, i18n.language(), area.w, self.scale, self.rules)
        if self._lines is None or self._lines[0] != key:
            out: list[Line] = []
            y = 0
            for block in page(self.preset, self.rules):
                y = self._block(block, y, area.w, out)
            self._lines = (key, out, y)
        return self._lines[1], self._lines[2]

    def _block(self, block: Block, y: int, width: int, out: list[Line]) -> int:
        size = self.px(SIZES[block.kind])
        heading = block.kind.startswith("h")
        colour = theme.GOLD if (heading or block.marked) else theme.TEXT
        y += self.px({"h1": 0, "h2": 22, "h3": 12}.get(block.kind, 0))
        indent = self.px(28) if block.kind == "li" else 0
        words = [(w, heading or b) for w, b in spans(block.text)]
        first = True
        for line in _wrap(words, size, width - indent):
            if block.kind == "li" and first:
                out.append((0, y, [(block.bullet, False)], size, colour))
            out.append((indent, y, line, size, colour))
            first = False
            y += round(size * 1.4)
        return y + self.px(8)

    def paint(self, surface: pygame.Surface) -> None:
        """The visible part of the page, and a scroll bar when it is longer than the window."""
        area = self.area()
        lines, height = self.lines()
        surface.set_clip(pygame.Rect(area.x, area.y, area.w, area.h))
        for x, y, words, size, colour in lines:
            top = area.y + y - self.offset
            if top + size * 2 < area.y or top > area.bottom:
                continue
            _draw_words(surface, words, (area.x + x, top), area.right - x, size, colour)
        surface.set_clip(None)
        if height > area.h:
            bar_h = max(self.px(30), area.h * area.h // height)
            bar_y = area.y + (area.h - bar_h) * self.offset // max(1, height - area.h)
            bar = theme.panel((self.px(6), bar_h), (*theme.TEXT_DIM, 160), 3)
            blit_at(surface, bar, (area.right + self.px(20), bar_y))


def _wrap(words: list[tuple[str, bool]], size: int, width: int) -> list[list[tuple[str, bool]]]:
    """Words (with their weight) in lines no wider than `width`."""
    space = theme.width_of(" ", size)
    lines: list[list[tuple[str, bool]]] = []
    line: list[tuple[str, bool]] = []
    used = 0
    for word, bold in words:
        w = theme.width_of(word, size, bold)
        if line and used + space + w > width:
            lines.append(line)
            line, used = [], 0
        used += (space if line else 0) + w
        line.append((word, bold))
    if line:
        lines.append(line)
    return lines


def _draw_words(
    surface: pygame.Surface,
    words: list[tuple[str, bool]],
    at: tuple[int, int],
    right: int,
    size: int,
    colour: theme.RGB,
) -> None:
    """A line of words from `at` on; right to left from `right` in a right-to-left language,
    where each stretch of one weight is drawn as one line (numbers and Latin names in it
    keep their own direction)."""
    space = theme.width_of(" ", size)
    x, y = at
    if bidi.rtl():
        x = right
        for stretch, bold in _stretches(words):
            img = theme.text(stretch, size, colour, bold)
            x -= img.get_width()
            surface.blit(img, (x, y))
            x -= space
        return
    for word, bold in words:
        img = theme.text(word, size, colour, bold)
        surface.blit(img, (x, y))
        x += img.get_width() + space


def _stretches(words: list[tuple[str, bool]]) -> list[tuple[str, bool]]:
    """Neighbouring words of the same weight joined into one text."""
    out: list[tuple[str, bool]] = []
    for word, bold in words:
        if out and out[-1][1] == bold:
            out[-1] = (f"{out[-1][0]} {word}", bold)
        else:
            out.append((word, bold))
    return out

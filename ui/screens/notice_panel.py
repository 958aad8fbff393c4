"""A notice drawn over a screen: the problem in words, where the file went, and its buttons.

While a notice is up it is the screen's only control group: "Open backup" (when the
backup can be opened) and "OK". Enter presses the focused button, Esc is OK.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache

import pygame

from ui.kit.rect import Rect
from ui.look import theme
from ui.look.theme import wrap
from ui.screens.screen import Screen
from ui.screens.widgets import Control, blit_at
from ui.store.notices import Notice
from ui.text.i18n import tr

SHADE: theme.RGBA = (0, 0, 0, 170)
PANEL: theme.RGBA = (18, 30, 24, 245)
DETAIL_LINES = 5


@dataclass(frozen=True)
class Block:
    """Lines of text in one size and colour."""

    lines: tuple[str, ...]
    size: int
    colour: theme.RGB
    bold: bool = False


def lines(words: str, size: int, width: int, bold: bool = False) -> tuple[str, ...]:
    """Words wrapped into lines; a word too long for a line (a file path) is cut in pieces.

    Each piece is found by a binary search (theme.fitting), and the text is first bounded
    by theme.clean: no text from a file can make this slow. Kept for later frames.
    """
    return _lines(theme.clean(words, 10 * theme.MAX_TEXT), size, width, bold)


@lru_cache(maxsize=256)
def _lines(words: str, size: int, width: int, bold: bool) -> tuple[str, ...]:
    out: list[str] = []
    for line in wrap(words, size, width, bold):
        while len(line) > 1 and theme.width_of(line, size, bold) > width:
            cut = theme.fitting(line, size, width, bold)
            out.append(line[:cut])
            line = line[cut:]
        out.append(line)
    return tuple(out)


class NoticePanel:
    """Lays out and draws one notice for a screen of a given scale."""

    def __init__(self, notice: Notice, size: tuple[int, int], scale: float) -> None:
        self.notice = notice
        self.size = size
        self.s = scale
        self.width = min(self.px(820), size[0] - self.px(80))
        self.blocks = self._blocks()
        self.rect = self._rect()

    def px(self, value: float) -> int:
        """A length at 1280×800, scaled."""
        return round(value * self.s)

    def _blocks(self) -> list[Block]:
        inner = self.width - 2 * self.px(32)
        n = self.notice
        sizes = (self.px(26), self.px(19), self.px(15))
        out = [Block(lines(n.title, sizes[0], inner, True), sizes[0], theme.GOLD, True)]
        out += [Block(lines(line, sizes[1], inner), sizes[1], theme.TEXT) for line in n.lines]
        if n.detail:
            detail = lines(tr("notice.details", detail=n.detail), sizes[2], inner)
            out.append(Block(detail[:DETAIL_LINES], sizes[2], theme.TEXT_DIM))
        return out

    def _rect(self) -> Rect:
        gap = self.px(12)
        text_h = sum(len(b.lines) * theme.font(b.size, b.bold).get_linesize() for b in self.blocks)
        height = 2 * self.px(32) + text_h + gap * len(self.blocks) + self.px(56)
        w, h = self.size
        return Rect((w - self.width) // 2, max(self.px(20), (h - height) // 2), self.width, height)

    def controls(self, on_backup: Callable[[], None], on_ok: Callable[[], None]) -> list[Control]:
        """Open backup (when offered) and OK, along the panel's bottom edge."""
        r, bw, bh = self.rect, self.px(230), self.px(50)
        y = r.bottom - self.px(24) - bh
        out = []
        if self.notice.backup is not None:
            at = Rect(r.right - self.px(32) - 2 * bw - self.px(14), y, bw, bh)
            words = tr("notice.open_backup")
            out.append(Control("notice.backup", at, words, "primary", on_press=on_backup))
        at = Rect(r.right - self.px(32) - bw, y, bw, bh)
        out.append(Control("notice.ok", at, tr("notice.ok"), on_press=on_ok))
        return out

    def draw(self, surface: pygame.Surface) -> None:
        """Shade the screen, then the panel and its text (the buttons are drawn as controls)."""
        shade = pygame.Surface(self.size, pygame.SRCALPHA)
        shade.fill(SHADE)
        surface.blit(shade, (0, 0))
        r = self.rect
        surface.blit(theme.panel((r.w, r.h), PANEL, self.px(16)), (r.x, r.y))
        edge = theme.frame((r.w, r.h), theme.REFUSED, max(2, self.px(2)), self.px(16), False)
        surface.blit(edge, (r.x, r.y))
        x, y = r.x + self.px(32), r.y + self.px(32)
        for block in self.blocks:
            for line in block.lines:
                img = theme.text(line, block.size, block.colour, block.bold)
                blit_at(surface, img, (x, y))
                y += theme.font(block.size, block.bold).get_linesize()
            y += self.px(12)


class NoticeScreen(Screen):
    """A screen that shows the Nav's notices, the first one over everything else."""

    def notice_panel(self) -> NoticePanel | None:
        """The panel of the first notice waiting, if any."""
        if not self.nav.notices:
            return None
        return NoticePanel(self.nav.notices[0], self.size, self.scale)

    def keys_line(self) -> str:
        """The notice's keys while one is up."""
        return "notice.keys" if self.nav.notices else self.keys_key

    def notice_controls(self, panel: NoticePanel) -> list[Control]:
        """The notice's buttons."""
        return panel.controls(self.open_backup, self.dismiss)

    def dismiss(self) -> None:
        """OK: the notice has been read."""
        if self.nav.notices:
            self.nav.notices.pop(0)
        self.form.focus = None
        self.refresh()

    def open_backup(self) -> None:
        """Open the backup the notice offers (a new notice if that fails too)."""
        notice = self.nav.notices.pop(0) if self.nav.notices else None
        self.form.focus = None
        if notice is not None and notice.backup is not None:
            self.nav.open_backup(notice.backup)
        self.refresh()

    def refresh(self) -> None:
        """Read again what the screen shows from the disk (after a change)."""

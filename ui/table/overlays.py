"""What opens over the table: the menu, the wild-card chooser, the score sheet, the pile viewer.

Each overlay takes every event while it is open (the table waits, bots too) and draws
itself over a dimmed table. In a language written right to left their lines start at the
right edge; the cards in them still read left to right.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Protocol

import pygame

from game import actions as A
from game.cards import Card
from game.melds import Meld
from ui.kit.rect import Rect
from ui.look import theme
from ui.table.geometry import MeldLayout, card_height, meld_positions
from ui.table.placement import centred
from ui.table.scoresheet import Sheet
from ui.table.sheet_draw import draw_sheet, end_buttons
from ui.text.i18n import tr
from ui.text.words import cards_text

if TYPE_CHECKING:
    from ui.table.scene import TableScene


class Overlay(Protocol):
    """Something open over the table."""

    def handle(self, event: pygame.event.Event, now: int, scene: TableScene) -> None:
        """Take one event."""

    def draw(self, surface: pygame.Surface, scene: TableScene, now: int) -> None:
        """Draw over the table."""


def scale(scene: TableScene) -> float:
    """Sizes grow with the window: 1.0 at the smallest table."""
    return scene.layout.card_w / 70


def _activated(event: pygame.event.Event) -> bool:
    return (event.type == pygame.MOUSEBUTTONDOWN and event.button == 1) or (
        event.type == pygame.KEYDOWN
        and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)
    )


def _scrim(surface: pygame.Surface) -> None:
    surface.blit(theme.panel(surface.get_size(), theme.SCRIM, 0), (0, 0))


class ListOverlay:
    """A small centred panel with a title and rows to pick with mouse or keys."""

    title = ""
    note = ""  # a line under the title, wrapped (what leaving does, say)

    def __init__(self) -> None:
        self.hover = 0

    def note_lines(self, scene: TableScene) -> tuple[str, ...]:
        """The note wrapped to the panel."""
        s = scale(scene)
        width = round(min(scene.size[0] - 40, 440 * s)) - 28
        return theme.wrap(self.note, round(14 * s), width) if self.note else ()

    def entries(self, scene: TableScene) -> list[tuple[str, str]]:
        """(command, label) per row."""
        return []

    def pick(self, command: str, now: int, scene: TableScene) -> None:
        """A row was chosen."""

    def cancel(self, now: int, scene: TableScene) -> None:
        """Esc or a click outside."""
        scene.resume()

    def rows(self, scene: TableScene) -> tuple[Rect, list[Rect]]:
        """The panel and one rect per row."""
        s, count = scale(scene), len(self.entries(scene))
        row_h, width = round(38 * s), round(min(scene.size[0] - 40, 440 * s))
        note_h = len(self.note_lines(scene)) * theme.font(round(14 * s)).get_linesize()
        height = row_h * (count + 1) + round(16 * s) + note_h
        panel = Rect((scene.size[0] - width) // 2, (scene.size[1] - height) // 2, width, height)
        top = panel.y + row_h + round(8 * s) + note_h
        rows = [Rect(panel.x + 8, top + i * row_h, width - 16, row_h - 4) for i in range(count)]
        return panel, rows

    def handle(self, event: pygame.event.Event, now: int, scene: TableScene) -> None:
        """Mouse hover and click, arrows, enter, digits and Esc."""
        entries = self.entries(scene)
        panel, rows = self.rows(scene)
        if event.type in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN):
            hit = next((i for i, r in enumerate(rows) if r.contains(event.pos)), None)
            if hit is not None:
                self.hover = hit
            if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
                if hit is not None:
                    self.pick(entries[hit][0], now, scene)
                elif not panel.contains(event.pos):
                    self.cancel(now, scene)
        elif event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self.cancel(now, scene)
            elif event.key in (pygame.K_UP, pygame.K_DOWN):
                self.hover = (self.hover + (1 if event.key == pygame.K_DOWN else -1)) % len(entries)
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
                self.pick(entries[self.hover][0], now, scene)
            elif pygame.K_1 <= event.key <= pygame.K_9 and event.key - pygame.K_1 < len(entries):
                self.pick(entries[event.key - pygame.K_1][0], now, scene)

    def draw(self, surface: pygame.Surface, scene: TableScene, now: int) -> None:
        """Panel, title and rows; the hovered row lit."""
        _scrim(surface)
        s = scale(scene)
        panel, rows = self.rows(scene)
        surface.blit(
            theme.panel((panel.w, panel.h), theme.SHEET, round(10 * s)), (panel.x, panel.y)
        )
        size = round(17 * s)
        head = theme.fit(self.title, size, theme.INK, panel.w - 24, True)
        notes = self.note_lines(scene)
        line_h = theme.font(round(14 * s)).get_linesize()
        title_h = (rows[0].y if rows else panel.bottom) - panel.y - len(notes) * line_h
        x = theme.start_x(panel.x + 14, panel.w - 28, head.get_width())
        surface.blit(head, (x, panel.y + (title_h - head.get_height()) // 2))
        for i, line in enumerate(notes):
            img = theme.text(line, round(14 * s), (60, 70, 65))
            x = theme.start_x(panel.x + 14, panel.w - 28, img.get_width())
            surface.blit(img, (x, panel.y + title_h - round(6 * s) + i * line_h))
        for i, ((_, label), rect) in enumerate(zip(self.entries(scene), rows, strict=True)):
            if i == self.hover:
                surface.blit(
                    theme.panel((rect.w, rect.h), (30, 96, 64, 60), round(6 * s)), (rect.x, rect.y)
                )
            words = theme.fit(label, round(15 * s), theme.INK, rect.w - 20)
            x = theme.start_x(rect.x + 10, rect.w - 20, words.get_width())
            surface.blit(words, (x, rect.y + (rect.h - words.get_height()) // 2))


class Menu(ListOverlay):
    """Esc: resume, the rules, help, settings, a new game, announce / redeal, leave, quit."""

    def __init__(self) -> None:
        super().__init__()
        self.title = tr("menu.title")

    def entries(self, scene: TableScene) -> list[tuple[str, str]]:
        """The menu rows for the position."""
        out = [("resume", tr("menu.resume")), ("rules_panel", tr("menu.rules_panel"))]
        if scene.nav is not None:
            out += [("help", tr("menu.help")), ("settings", tr("menu.settings"))]
        if scene.curtain is None and A.Announce() in scene.view.legal:
            out.append(("announce", tr("menu.announce")))
        if scene.curtain is None and A.Redeal() in scene.view.legal:
            out.append(("redeal", tr("menu.redeal")))
        if scene.nav is not None or scene.new_match is not None:
            out.append(("new", tr("menu.new")))
        if scene.nav is not None:
            out.append(("leave", tr("menu.leave")))
        return [*out, ("quit", tr("menu.quit"))]

    def pick(self, command: str, now: int, scene: TableScene) -> None:
        """Carry out the entry."""
        if command == "resume":
            scene.resume()
        else:
            scene.menu_command(command, now)

    def cancel(self, now: int, scene: TableScene) -> None:
        """Esc resumes: the table, or the score sheet waiting under the menu (at the match's
        end with nothing under it, there is nothing to resume: stay)."""
        if not scene.match.over or scene.held is not None:
            scene.resume()


class Chooser(ListOverlay):
    """Ambiguous wilds: which end of a run, which suit in a set. Esc puts the cards back."""

    def __init__(self, choices: Sequence[A.Action], origins: dict[Card, Rect]) -> None:
        super().__init__()
        self.title = tr("chooser.title")
        self.choices = sorted(choices, key=_reading_order)  # by the ranks the wilds play
        self.origins = origins

    def entries(self, scene: TableScene) -> list[tuple[str, str]]:
        """One row per reading, then cancel."""
        out = []
        for i, action in enumerate(self.choices):
            if isinstance(action, A.Meld | A.LayOff):
                out.append((str(i), f"{i + 1}.  {cards_text(action.cards, action.decls)}"))
        return [*out, ("cancel", tr("chooser.cancel"))]

    def pick(self, command: str, now: int, scene: TableScene) -> None:
        """Play the chosen reading, or put the cards back."""
        if command == "cancel":
            self.cancel(now, scene)
        else:
            scene.choose(self.choices[int(command)], now)

    def cancel(self, now: int, scene: TableScene) -> None:
        """The cards glide back to the hand."""
        scene.overlay = None
        scene.snap_back(self.origins, now)
        scene.prompt()


class PileViewer:
    """The discard pile spread out, oldest first; any click or key closes it."""

    def handle(self, event: pygame.event.Event, now: int, scene: TableScene) -> None:
        """Close on a click or a key."""
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.KEYDOWN):
            scene.overlay = None

    def draw(self, surface: pygame.Surface, scene: TableScene, now: int) -> None:
        """The cards in rows inside a panel."""
        _scrim(surface)
        s, cards = scale(scene), scene.view.discard
        card_w = scene.layout.metrics.table_w
        card_h, step = card_height(card_w), round(card_w * 0.55)
        width = min(scene.size[0] - 40, round(900 * s))
        per_row = max(1, (width - 40 - card_w) // step + 1)
        lines = (len(cards) + per_row - 1) // per_row
        height = round(50 * s) + lines * (card_h + 10) + 20
        panel = Rect(
            (scene.size[0] - width) // 2, max(10, (scene.size[1] - height) // 2), width, height
        )
        surface.blit(
            theme.panel((panel.w, panel.h), theme.SHEET, round(10 * s)), (panel.x, panel.y)
        )
        head = theme.fit(tr("pile.viewer"), round(15 * s), theme.INK, panel.w - 30, True)
        x = theme.start_x(panel.x + 16, panel.w - 32, head.get_width())
        surface.blit(head, (x, panel.y + round(14 * s)))
        for i, card in enumerate(cards):
            x = panel.x + 20 + (i % per_row) * step
            y = panel.y + round(50 * s) + (i // per_row) * (card_h + 10)
            surface.blit(scene.deck.face(card.face, card_w), (x, y))


class SheetOverlay:
    """A finished round: the final table, every hand, the points and why; then play on."""

    def __init__(self, sheet: Sheet, table: tuple[Meld, ...]) -> None:
        self.sheet = sheet
        self.table = table
        self._melds: tuple[tuple[int, int], MeldLayout] | None = None

    def meld_layout(self, scene: TableScene) -> MeldLayout:
        """The final table's melds in the table area (kept until the window changes)."""
        area = scene.layout.melds_area
        key = (area.w, area.h)
        if self._melds is None or self._melds[0] != key:
            lengths = [len(m.pieces) for m in self.table]
            found = meld_positions(area, lengths, scene.layout.metrics.meld_w)
            self._melds = (key, centred(found, area))
        return self._melds[1]

    def handle(self, event: pygame.event.Event, now: int, scene: TableScene) -> None:
        """Menu (its button or Esc) opens the menu over the sheet; any other click or Enter
        goes on to the next round (or the menu at the match's end)."""
        menu = scene.layout.buttons.get("menu")
        on_menu = (
            event.type == pygame.MOUSEBUTTONDOWN and menu is not None and menu.contains(event.pos)
        )
        if on_menu or (event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE):
            scene.open_menu()
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_w:
            scene.watch_round()  # the round of this sheet, again
        elif scene.match.over:
            self._match_end(event, scene)
        elif _activated(event):
            scene.close_sheet()

    def _match_end(self, event: pygame.event.Event, scene: TableScene) -> None:
        """The match is over: Enter or its button plays again, N or its button a new game."""
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            scene.play_again()
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_n:
            scene.new_game()
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            below = max((b.bottom for b in self.meld_layout(scene).boxes), default=0)
            for name, rect in end_buttons(scene, self.sheet, below).items():
                if rect.contains(event.pos):
                    scene.play_again() if name == "play_again" else scene.new_game()

    def draw(self, surface: pygame.Surface, scene: TableScene, now: int) -> None:
        """The sheet panel."""
        _scrim(surface)
        boxes = self.meld_layout(scene).boxes
        below = max((b.bottom for b in boxes), default=scene.layout.melds_area.y)
        draw_sheet(surface, scene, self.sheet, below)


def _reading_order(action: A.Action) -> tuple[int, ...]:
    """A reading of wilds by what they stand for: the lowest rank first, then by suit."""
    decls = getattr(action, "decls", ())
    return tuple(
        (d.rank if d.rank != 1 else 14) * 8 + (int(d.suit) if d.suit is not None else 7)
        for d in decls
        if d is not None
    )

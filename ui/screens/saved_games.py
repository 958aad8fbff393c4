"""Saved games: every kept match with its game, players, round, scores and date.

Mouse: click a match to choose it, click it again (or Open) to sit down at it; the wheel
scrolls. Keys: up/down (page up/down, home/end) choose, Enter opens, Delete asks before
deleting, F2 renames, Tab reaches the buttons, Esc goes back. A save that does not open
is told in a notice, which offers its backup when there is one.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING

import pygame

from game.rules import PRESETS
from ui.kit.rect import Rect
from ui.look import theme
from ui.screens.notice_panel import NoticeScreen
from ui.screens.widgets import Control, label
from ui.store import saves_bridge
from ui.store.saves_bridge import SaveInfo
from ui.text.i18n import joined, tr
from ui.text.rules_text import preset_name

if TYPE_CHECKING:
    from ui.kit.scene import Scene
    from ui.screens.screen import Navigator

COLUMNS = (  # heading, left edge as a share of the list's width
    ("saves.col.name", 0.0),
    ("saves.col.players", 0.32),
    ("saves.col.round", 0.58),
    ("saves.col.scores", 0.69),
    ("saves.col.saved", 0.83),
)
ROW: theme.RGBA = (0, 0, 0, 70)
ROW_ON: theme.RGBA = (255, 240, 200, 60)
LIST_KEYS = {pygame.K_UP: -1, pygame.K_DOWN: 1, pygame.K_PAGEUP: -6, pygame.K_PAGEDOWN: 6}


class SavedGamesScene(NoticeScreen):
    """The list of saved matches: open, rename, delete."""

    title_key = "saves.title"
    keys_key = "saves.keys"

    def __init__(self, nav: Navigator, back: Scene) -> None:
        super().__init__(nav)
        self.previous = back
        self.infos: list[SaveInfo] = []
        self.chosen = 0
        self.first = 0
        self.mode = "list"  # list, confirm (delete?), rename
        self.name = ""
        self.refresh()

    # --- the list ---------------------------------------------------------------------

    def refresh(self) -> None:
        """Read the saves folder again (after opening, deleting or renaming); the chosen
        match stays chosen when the list order changes."""
        before = self.current()
        self.infos = saves_bridge.list_games()
        self.at_table = self.nav.table_path()
        paths = [i.path for i in self.infos]
        kept = before is not None and before.path in paths
        self.select(paths.index(before.path) if before is not None and kept else self.chosen)

    def rows(self) -> int:
        """How many matches fit in the list."""
        return max(1, (self.size[1] - self.px(300)) // self.px(72))

    def select(self, index: int) -> None:
        """Choose a match, scrolling it into view."""
        self.chosen = max(0, min(index, len(self.infos) - 1))
        self.first = min(self.first, self.chosen)
        self.first = max(self.first, self.chosen - self.rows() + 1, 0)
        if self.infos and self.mode == "list":
            self.form.focus = f"save.{self.chosen}"

    def current(self) -> SaveInfo | None:
        """The match chosen, if there is one."""
        return self.infos[self.chosen] if self.infos else None

    def row_rect(self, index: int) -> Rect:
        """Where a match's line is drawn (index into the whole list)."""
        y = self.px(142) + (index - self.first) * self.px(72)
        return Rect(self.px(60), y, self.size[0] - self.px(120), self.px(64))

    # --- controls ---------------------------------------------------------------------

    def controls(self) -> list[Control]:
        """The visible lines and the buttons (or the notice's, the question's, the name's)."""
        panel = self.notice_panel()
        if panel is not None:
            return self.notice_controls(panel)
        if self.mode == "confirm":
            return self._buttons([("delete_yes", self.delete), ("delete_no", self.cancel)])
        if self.mode == "rename":
            return [
                self._name_field(),
                *self._buttons([("rename_ok", self.rename), ("rename_cancel", self.cancel)]),
            ]
        last = min(len(self.infos), self.first + self.rows())
        out = [
            Control(f"save.{i}", self.row_rect(i), "", "row", on_press=partial(self.press, i))
            for i in range(self.first, last)
        ]
        actions = [("open", self.open), ("rename", self.ask_name), ("delete", self.ask_delete)]
        return out + self._buttons(actions if self.infos else [])

    def _buttons(self, actions: list[tuple[str, Callable[[], None]]]) -> list[Control]:
        """Back on the left, the actions from the right; each button's key is its name."""
        y, bh, bw = self.size[1] - self.px(96), self.px(54), self.px(200)
        back = Control("back", Rect(self.px(60), y, bw, bh), tr("saves.back"), on_press=self.back)
        out = []
        for k, (key, act) in enumerate(reversed(actions)):
            x = self.size[0] - self.px(60) - (k + 1) * bw - k * self.px(14)
            kind = "primary" if key in ("open", "delete_yes", "rename_ok") else "button"
            out.append(Control(key, Rect(x, y, bw, bh), tr(f"saves.{key}"), kind, on_press=act))
        return [*reversed(out), back]

    def _name_field(self) -> Control:
        y = self.size[1] - self.px(96)
        x = self.px(60) + self.px(200) + self.px(180)
        rect = Rect(x, y + self.px(5), self.size[0] - x - self.px(520), self.px(44))
        return Control("name", rect, self.name, "text", on_text=self._type)

    def _type(self, text: str) -> None:
        self.name = text[:80]

    # --- what the player does -----------------------------------------------------------

    def press(self, index: int) -> None:
        """A click or Enter on a line: the chosen one opens, another is chosen."""
        if index == self.chosen:
            self.open()
        else:
            self.select(index)

    def open(self) -> None:
        """Sit down at the chosen match (a notice says why not, if it cannot be opened)."""
        info = self.current()
        if info is not None and not self.nav.open_saved(info.path):
            self.refresh()

    def ask_delete(self) -> None:
        """Delete: ask first."""
        if self.current() is not None:
            self.mode, self.form.focus = "confirm", "delete_no"

    def delete(self) -> None:
        """Delete the chosen match and its backup."""
        info = self.current()
        self.mode = "list"
        if info is not None:
            self.nav.delete_saved(info.path)
        self.refresh()

    def ask_name(self) -> None:
        """Rename: type the new name."""
        info = self.current()
        if info is not None:
            self.mode, self.name, self.form.focus = "rename", info.name, "name"

    def rename(self) -> None:
        """Keep the typed name (an empty one changes nothing)."""
        info = self.current()
        self.mode = "list"
        if info is not None and self.name.strip():
            self.nav.rename_saved(info.path, self.name.strip())
        self.refresh()

    def cancel(self) -> None:
        """Back to the list, nothing changed."""
        self.mode = "list"
        self.select(self.chosen)

    def back(self) -> None:
        """Esc: the notice, the question or the name goes; else back where we came from."""
        if self.nav.notices:
            self.dismiss()
        elif self.mode != "list":
            self.cancel()
        else:
            self.nav.go(self.previous)

    def handle(self, event: pygame.event.Event, now: int) -> None:
        """List keys and the wheel; the rest as on every screen."""
        if self.nav.notices or self.mode == "confirm":
            super().handle(event, now)
        elif self.mode == "rename":
            if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.rename()
            else:
                super().handle(event, now)
        elif event.type == pygame.MOUSEWHEEL:
            self.first = max(0, min(self.first - event.y, len(self.infos) - self.rows()))
        elif event.type == pygame.KEYDOWN and self._list_key(event.key):
            return
        else:
            super().handle(event, now)

    def _list_key(self, key: int) -> bool:
        """Up/down/page/home/end choose, Delete and F2 ask; True when the key was used."""
        if key in LIST_KEYS:
            self.select(self.chosen + LIST_KEYS[key])
        elif key in (pygame.K_HOME, pygame.K_END):
            self.select(0 if key == pygame.K_HOME else len(self.infos) - 1)
        elif key in (pygame.K_DELETE, pygame.K_F2):
            (self.ask_delete if key == pygame.K_DELETE else self.ask_name)()
        else:
            return False
        return True

    # --- painting ---------------------------------------------------------------------

    def paint(self, surface: pygame.Surface) -> None:
        """Column headings and the lines; the question or the name field's label below."""
        x0, width = self.px(60), self.size[0] - self.px(120)
        if not self.infos:
            label(surface, tr("saves.none"), (x0, self.px(130)), self.px(20), theme.TEXT_DIM)
        else:
            for key, share in COLUMNS:
                at = (x0 + self.px(16) + round(share * width), self.px(110))
                label(surface, tr(key), at, self.px(16), theme.TEXT_DIM, bold=True)
            for i in range(self.first, min(len(self.infos), self.first + self.rows())):
                self._line(surface, i)
        self._footer(surface)
        panel = self.notice_panel()
        if panel is not None:
            panel.draw(surface)

    def _line(self, surface: pygame.Surface, index: int) -> None:
        """One match: name over game, players, round, scores, date; a problem in red."""
        info, r = self.infos[index], self.row_rect(index)
        on = index == self.chosen
        radius = self.px(10)
        surface.blit(theme.panel((r.w, r.h), ROW_ON if on else ROW, radius), (r.x, r.y))
        if on:
            edge = theme.frame((r.w, r.h), theme.GOLD, max(2, self.px(2)), radius, False)
            surface.blit(edge, (r.x, r.y))
        cols = [r.x + self.px(16) + round(share * r.w) for _, share in COLUMNS] + [r.right]
        top, wide = r.y + self.px(10), cols[1] - cols[0] - self.px(12)
        name = info.name + (f"  · {tr('saves.at_table')}" if info.path == self.at_table else "")
        ink = theme.GOLD if on else theme.TEXT
        label(surface, name, (cols[0], top), self.px(19), ink, wide, True)
        game = preset_name(info.preset) if info.preset in PRESETS else info.preset_name
        label(surface, game, (cols[0], top + self.px(26)), self.px(15), theme.TEXT_DIM, wide)
        self._facts(surface, info, cols, r.y + (r.h - self.px(22)) // 2)

    def _facts(self, surface: pygame.Surface, info: SaveInfo, cols: list[int], y: int) -> None:
        """Players, round, scores and date in their columns, or what is wrong with the file."""
        if info.problem is not None:
            words = tr("saves.damaged", problem=info.problem)
            width = cols[-1] - cols[1] - self.px(16)
            label(surface, words, (cols[1], y), self.px(16), theme.REFUSED, width)
            return
        when = info.saved_text()
        round_ = tr("saves.over") if info.over else tr("saves.round", number=info.round)
        texts = (joined(info.seats), round_, " · ".join(map(str, info.scores)), when)
        for k, words in enumerate(texts, start=1):
            width = cols[k + 1] - cols[k] - self.px(12)
            label(surface, words, (cols[k], y), self.px(17), theme.TEXT, width)

    def _footer(self, surface: pygame.Surface) -> None:
        """The delete question, or the label of the name field."""
        y = self.size[1] - self.px(96)
        info = self.current()
        if self.mode == "confirm" and info is not None:
            words = tr("saves.confirm_delete", name=info.name)
            label(
                surface,
                words,
                (self.px(60), y - self.px(46)),
                self.px(21),
                theme.TEXT,
                self.size[0] - self.px(120),
                True,
            )
        elif self.mode == "rename":
            at = (self.px(60) + self.px(220), y + self.px(15))
            label(surface, tr("saves.rename_label"), at, self.px(19), theme.TEXT, self.px(150))

"""The new-game screen: the preset, the number of players, and each seat (name, human or bot).

Left: the four presets with a line each. Right: the number of seats within the preset's
range, then a row per seat: an editable name, human or bot, the bot's level. Below: the
house rules (changed ones counted), how to play, back and start. Start is greyed out while
the chosen rules make no game, and the reason is shown above it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.rules import PRESETS, Rules, RulesError
from ui.kit.rect import Rect
from ui.look import theme
from ui.screens.screen import Screen
from ui.screens.setup import LEVELS, MAX_NAME, Seat, Setup
from ui.screens.widgets import Control, label, paragraph
from ui.text.i18n import tr
from ui.text.rules_text import preset_description, preset_name, problem_text

if TYPE_CHECKING:
    from ui.screens.screen import Navigator


class NewGameScene(Screen):
    """Choose a game and who plays."""

    title_key = "setup.title"
    keys_key = "setup.keys"

    def __init__(self, nav: Navigator) -> None:
        super().__init__(nav, focus="start")

    @property
    def setup(self) -> Setup:
        """What is being chosen (kept by the Nav between visits)."""
        return self.nav.setup

    # --- layout ---------------------------------------------------------------------

    def controls(self) -> list[Control]:
        """Presets, seat count, seats, then the buttons along the bottom."""
        return self._presets() + self._seats() + self._buttons()

    def _presets(self) -> list[Control]:
        x, y, w = self.px(60), self.px(140), self.px(540)
        h, gap = self.px(100), self.px(12)
        return [
            Control(
                f"preset.{name}",
                Rect(x, y + i * (h + gap), w, h),
                preset_name(name),
                "item",
                selected=name == self.setup.preset,
                caption=preset_description(name),
                on_press=lambda n=name: self.setup.choose_preset(n),
            )
            for i, name in enumerate(PRESETS)
        ]

    def _seats(self) -> list[Control]:
        su = self.setup
        x, w = self.px(640), self.size[0] - self.px(640) - self.px(60)
        count = Rect(x + w - self.px(200), self.px(140), self.px(200), self.px(42))
        players = Control(
            "players",
            count,
            str(su.players),
            "choice",
            on_step=lambda d: su.set_players(su.players + d),
        )
        rows = [self._seat_row(i, seat, x, w) for i, seat in enumerate(su.seats[: su.players])]
        return [players] + [c for row in rows for c in row]

    def _seat_row(self, i: int, seat: Seat, x: int, w: int) -> list[Control]:
        """A seat's name field, human or bot, and the bot's level."""
        y, h = self.px(200) + i * self.px(52), self.px(42)
        name_w, kind_w = round(w * 0.42), round(w * 0.26)
        bot = seat.kind == "bot"
        level_x = x + name_w + kind_w + self.px(20)

        def rename(text: str) -> None:
            seat.name = text[:MAX_NAME]

        def switch(step: int) -> None:
            seat.kind = "human" if bot else "bot"

        def level(step: int) -> None:
            seat.level = LEVELS[(LEVELS.index(seat.level) + step) % len(LEVELS)]

        shown = tr(f"setup.level.{seat.level}") if bot else tr("setup.level.none")
        return [
            Control(
                f"name.{i}",
                Rect(x + self.px(22), y, name_w - self.px(22), h),
                seat.name,
                "text",
                on_text=rename,
            ),
            Control(
                f"kind.{i}",
                Rect(x + name_w + self.px(10), y, kind_w, h),
                tr(f"setup.kind.{seat.kind}"),
                "choice",
                on_step=switch,
            ),
            Control(
                f"level.{i}",
                Rect(level_x, y, x + w - level_x, h),
                shown,
                "choice",
                enabled=bot,
                on_step=level,
            ),
        ]

    def _buttons(self) -> list[Control]:
        w, h = self.size
        bh, y = self.px(54), h - self.px(96)
        x = self.px(640)
        house = Rect(x, self._below_seats() + self.px(34), self.px(260), self.px(46))
        ok = self.setup.problem() is None
        return [
            Control("house", house, tr("setup.house_rules"), on_press=self.nav.house_rules),
            Control(
                "back", Rect(self.px(60), y, self.px(200), bh), tr("setup.back"), on_press=self.back
            ),
            Control(
                "help",
                Rect(self.px(280), y, self.px(240), bh),
                tr("setup.help"),
                on_press=lambda: self.nav.rules_help(self, self.setup.preset, self._rules()),
            ),
            Control(
                "start",
                Rect(w - self.px(60) - self.px(260), y, self.px(260), bh),
                tr("setup.start"),
                "primary",
                enabled=ok,
                on_press=self.start,
            ),
        ]

    def _below_seats(self) -> int:
        rows = self.setup.players
        return self.px(200) + rows * self.px(52) - self.px(10)

    # --- actions --------------------------------------------------------------------

    def _rules(self) -> Rules | None:
        try:
            return self.setup.rules()
        except RulesError:
            return None

    def start(self) -> None:
        """Start the match with these seats and rules."""
        try:
            match = self.setup.start()
        except RulesError as error:
            self.error = problem_text(str(error))
            return
        self.nav.start_match(match)

    def back(self) -> None:
        """Esc: back to the title."""
        self.nav.title()

    def handle(self, event: pygame.event.Event, now: int) -> None:
        """Esc goes back, unless a name is being typed: then it only leaves the field."""
        focused = self.form.focused(self.placed())
        typing = focused is not None and focused.kind == "text"
        if typing and event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.form.move(self.placed(), 1)
            return
        super().handle(event, now)

    # --- painting -------------------------------------------------------------------

    def paint(self, surface: pygame.Surface) -> None:
        """Column headings, seat colours, the house-rule summary and any problem."""
        su, s = self.setup, self.scale
        size = self.px(20)
        label(surface, tr("setup.game"), (self.px(60), self.px(104)), size, theme.TEXT, bold=True)
        x = self.px(640)
        label(surface, tr("setup.players"), (x, self.px(104)), size, theme.TEXT, bold=True)
        label(surface, tr("setup.seat_count"), (x, self.px(150)), self.px(18), theme.TEXT_DIM)
        for i in range(su.players):
            y = self.px(200) + i * self.px(52) + self.px(21)
            pygame.draw.circle(
                surface,
                theme.seat_colour(i),
                (theme.mirror_x(x + self.px(7), 0, self.size[0]), y),
                max(4, round(6 * s)),
            )
        changes = su.changes()
        words = (
            tr("setup.changes.n", count=changes) if changes > 1 else tr(f"setup.changes.{changes}")
        )
        house_y = self._below_seats() + self.px(34)
        colour = theme.GOLD if changes else theme.TEXT_DIM
        label(
            surface,
            words,
            (x + self.px(280), house_y + self.px(12)),
            self.px(17),
            colour,
            self.size[0] - x - self.px(340),
        )
        if su.humans() >= 2:
            width = self.size[0] - x - self.px(60)
            note = tr("setup.pass_and_play")
            paragraph(surface, note, (x, house_y + self.px(62)), self.px(16), theme.TEXT_DIM, width)
        problem = su.problem()
        if problem is not None:  # below the presets: why Start is greyed out
            text = tr("house.problem", reason=problem_text(problem))
            at = (self.px(60), self.px(140) + 4 * self.px(112))
            paragraph(surface, text, at, self.px(17), theme.REFUSED, self.px(520), True)

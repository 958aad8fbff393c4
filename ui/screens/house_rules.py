"""House rules: every option of the chosen preset, by group, explained, defaults marked.

A row of tabs picks the group; each option shows its name, a line of explanation, its
value (in gold when it differs from the preset) and whether that is the default. Only the
values an option may take are offered. A combination that makes no game is allowed while
choosing, but the reason is shown and Start is greyed out until it is mended.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from ui.kit.rect import Rect
from ui.look import theme
from ui.look.theme import wrap
from ui.screens.new_game import NewGameScene
from ui.screens.screen import Screen
from ui.screens.setup import Setup
from ui.screens.widgets import Control, blit_at, label, paragraph
from ui.text import options
from ui.text.i18n import tr
from ui.text.rules_text import preset_name, problem_text

if TYPE_CHECKING:
    from ui.screens.screen import Navigator

GROUPS = tuple(options.GROUPS)


class HouseRulesScene(Screen):
    """Change the options of the game being set up."""

    keys_key = "house.keys"

    def __init__(self, nav: Navigator, group: str = "deal") -> None:
        super().__init__(nav, focus=f"tab.{group}")
        self.group = group

    @property
    def setup(self) -> Setup:
        """What is being chosen."""
        return self.nav.setup

    # --- layout ---------------------------------------------------------------------

    def controls(self) -> list[Control]:
        """Tabs, the group's options, then reset / done / start."""
        return self._tabs() + self._options() + self._buttons()

    def _tabs(self) -> list[Control]:
        x, y, gap = self.px(60), self.px(104), self.px(8)
        width = (self.size[0] - 2 * x - gap * (len(GROUPS) - 1)) // len(GROUPS)
        return [
            Control(
                f"tab.{g}",
                Rect(x + i * (width + gap), y, width, self.px(44)),
                tr(f"group.{g}"),
                "tab",
                selected=g == self.group,
                on_press=lambda g=g: self.show(g),
                on_step=self.step_group,
            )
            for i, g in enumerate(GROUPS)
        ]

    def _options(self) -> list[Control]:
        rules = self.setup.current()
        out = []
        for i, name in enumerate(options.GROUPS[self.group]):
            allowed = options.values(name, rules)
            value = options.get(rules, name)
            out.append(
                Control(
                    f"opt.{name}",
                    self._value_rect(i),
                    options.value_text(name, value),
                    "choice",
                    enabled=len(allowed) > 1,
                    on_step=lambda d, n=name, a=allowed, v=value: self.change(n, a, v, d),
                    extra={"changed": self.setup.changed(name)},
                )
            )
        return out

    def _row_y(self, index: int) -> int:
        return self.px(176) + index * self.px(56)

    def _value_rect(self, index: int) -> Rect:
        w = self.size[0]
        x = max(self.px(660), w - self.px(60) - self.px(150) - self.px(420))
        return Rect(x, self._row_y(index) + self.px(6), self.px(420), self.px(40))

    def _buttons(self) -> list[Control]:
        w, h = self.size
        y, bh = h - self.px(96), self.px(54)
        return [
            Control(
                "reset",
                Rect(self.px(60), y, self.px(280), bh),
                tr("house.reset"),
                on_press=self.setup.reset,
            ),
            Control(
                "done",
                Rect(self.px(360), y, self.px(200), bh),
                tr("house.done"),
                on_press=self.back,
            ),
            Control(
                "start",
                Rect(w - self.px(320), y, self.px(260), bh),
                tr("setup.start"),
                "primary",
                enabled=self.setup.problem() is None,
                on_press=self.start,
            ),
        ]

    # --- actions --------------------------------------------------------------------

    def show(self, group: str) -> None:
        """Open a group's page."""
        self.group = group
        self.form.focus = f"tab.{group}"

    def step_group(self, step: int) -> None:
        """Left/right on the tabs: the neighbouring group."""
        self.show(GROUPS[(GROUPS.index(self.group) + step) % len(GROUPS)])

    def change(self, name: str, allowed: tuple[Any, ...], value: Any, step: int) -> None:
        """The next (or previous) allowed value of an option."""
        at = allowed.index(value) if value in allowed else 0
        self.setup.set_option(name, allowed[(at + step) % len(allowed)])

    def start(self) -> None:
        """Start the match with these rules (via the new-game screen's seats)."""
        NewGameScene(self.nav).start()

    def back(self) -> None:
        """Back to the new-game screen."""
        self.nav.new_game()

    def handle(self, event: pygame.event.Event, now: int) -> None:
        """Page up / page down switch groups too."""
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_PAGEUP, pygame.K_PAGEDOWN):
            self.step_group(-1 if event.key == pygame.K_PAGEUP else 1)
            return
        super().handle(event, now)

    # --- painting -------------------------------------------------------------------

    def paint(self, surface: pygame.Surface) -> None:
        """Title, each option's name and explanation, default marks, the verdict."""
        x = self.px(60)
        title = tr("house.title", preset=preset_name(self.setup.preset))
        label(surface, title, (x, self.px(36)), self.px(34), theme.GOLD, self.size[0] - 2 * x, True)
        for i, name in enumerate(options.GROUPS[self.group]):
            self._paint_option(surface, i, name)
        problem = self.setup.problem()
        if problem is None:
            words, colour = tr("house.ok"), theme.VALID
        else:
            words, colour = tr("house.problem", reason=problem_text(problem)), theme.REFUSED
        size, width, bold = self.px(17), self.size[0] - 2 * x, problem is not None
        lines = len(wrap(words, size, width, bold))
        y = self.size[1] - self.px(110) - lines * theme.font(size, bold).get_linesize()
        paragraph(surface, words, (x, y), size, colour, width, bold)

    def _paint_option(self, surface: pygame.Surface, index: int, name: str) -> None:
        option = options.BY_NAME[name]
        y, value = self._row_y(index), self._value_rect(index)
        room = value.x - self.px(84) + self.px(40)
        changed = self.setup.changed(name)
        colour = theme.GOLD if changed else theme.TEXT
        label(surface, option.label(), (self.px(60), y), self.px(19), colour, room, True)
        label(
            surface,
            option.help(),
            (self.px(60), y + self.px(26)),
            self.px(15),
            theme.TEXT_DIM,
            room,
        )
        mark = tr("house.changed") if changed else tr("house.default")
        tag = theme.fit(
            mark, self.px(15), theme.GOLD if changed else theme.TEXT_DIM, self.px(140), changed
        )
        blit_at(
            surface, tag, (value.right + self.px(14), value.y + (value.h - tag.get_height()) // 2)
        )

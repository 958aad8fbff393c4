"""Moving between screens: the app shows one scene; a scene asks the Nav for the next one.

The Nav holds what every screen shares (the settings, the window size, the match at the
table) and builds each screen when it is asked for. The app swaps to `pending` at the
end of a frame's events, so a scene never changes under its own feet.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.match import Match
from game.rules import Rules
from ui import i18n, saves_bridge
from ui.botrunner import BotRunner
from ui.prefs import Settings
from ui.setup import Setup

if TYPE_CHECKING:
    from ui.scenes import Scene
    from ui.scenes.table import TableScene


class Nav:
    """The screens' shared state and the way from one screen to another."""

    def __init__(
        self,
        size: tuple[int, int],
        settings: Settings | None = None,
        inline_bots: bool = False,
    ) -> None:
        self.size = size
        self.settings = settings or Settings()
        self.inline_bots = inline_bots
        self.pending: Scene | None = None
        self.quit = False
        self.table: TableScene | None = None
        self.setup = Setup()
        i18n.set_language(self.settings.language)

    def go(self, scene: Scene) -> None:
        """Show another scene from the next frame on."""
        self.pending = scene

    # --- the screens ------------------------------------------------------------------

    def title(self) -> None:
        """The title screen."""
        from ui.scenes.title import TitleScene

        self.go(TitleScene(self))

    def new_game(self) -> None:
        """The new-game screen (it remembers the last choices)."""
        from ui.scenes.new_game import NewGameScene

        self.go(NewGameScene(self))

    def house_rules(self) -> None:
        """The house rules of the game being set up."""
        from ui.scenes.house_rules import HouseRulesScene

        self.go(HouseRulesScene(self))

    def settings_screen(self, back: Scene) -> None:
        """The settings; `back` is shown again when they are left."""
        from ui.scenes.settings import SettingsScene

        self.go(SettingsScene(self, back))

    def rules_help(self, back: Scene, preset: str = "classic", rules: Rules | None = None) -> None:
        """The rules help page of a preset (with the rules in force, when given)."""
        from ui.scenes.rules_help import RulesHelpScene

        self.go(RulesHelpScene(self, back, preset, rules))

    def statistics(self, back: Scene) -> None:
        """The statistics kept by saves."""
        from ui.scenes.stats import StatsScene

        self.go(StatsScene(self, back))

    def start_match(self, match: Match) -> None:
        """Sit down at a match (the table of an earlier one is closed)."""
        from ui.scenes.table import TableScene

        self.close_table()
        self.table = TableScene(
            match, self.size, BotRunner(inline=self.inline_bots), self.settings, nav=self
        )
        self.go(self.table)

    def continue_match(self) -> None:
        """Back to the game in progress: the open table, or the one saves kept."""
        if self.table is not None and not self.table.match.over:
            self.go(self.table)
            return
        match = saves_bridge.continue_match()
        if match is not None:
            self.start_match(match)

    def can_continue(self) -> bool:
        """Whether there is a game in progress to go back to."""
        open_table = self.table is not None and not self.table.match.over
        return open_table or saves_bridge.continue_available()

    def close_table(self) -> None:
        """Leave the table for good: its bots stop thinking."""
        if self.table is not None:
            self.table.bots.close()
            self.table = None

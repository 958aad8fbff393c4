"""Moving between screens: the app shows one scene; a scene asks the Nav for the next one.

The Nav is the only code that knows every screen and the table: it builds each of them
when it is asked for, and hands itself over as what they may ask of the shell
(ui.screens.screen.Navigator for the screens, ui.table.scene.TableHost for the table).
It holds what every screen shares: the settings, the window size, the match at the
table, the autosave writer, notices about damaged files. The app swaps to `pending` at
the end of a frame's events, so a scene never changes under its own feet.
"""

from __future__ import annotations

from pathlib import Path

from game.match import Match
from game.rules import Rules
from ui.kit.scene import Scene
from ui.screens.house_rules import HouseRulesScene
from ui.screens.new_game import NewGameScene
from ui.screens.rules_help import RulesHelpScene
from ui.screens.saved_games import SavedGamesScene
from ui.screens.settings import SettingsScene
from ui.screens.setup import Setup
from ui.screens.stats import StatsScene
from ui.screens.title import TitleScene
from ui.store import saves_bridge
from ui.store.notices import Notice, save_notice
from ui.store.prefs import Settings
from ui.store.saves_bridge import Loaded, SaveProblem, Saver
from ui.table.botrunner import BotRunner
from ui.table.keeper import Keeper, restore
from ui.table.scene import TableScene
from ui.text import i18n
from ui.text.i18n import tr
from ui.text.rules_text import preset_short


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
        i18n.set_language(self.settings.language)  # before the setup names the seats
        self.setup = Setup()
        self.saver = Saver()
        self.notices: list[Notice] = []  # shown one by one on the title and saved-games screens

    def go(self, scene: Scene) -> None:
        """Show another scene from the next frame on."""
        self.pending = scene

    # --- the screens ------------------------------------------------------------------

    def title(self) -> None:
        """The title screen."""
        self.go(TitleScene(self))

    def new_game(self) -> None:
        """The new-game screen (it remembers the last choices)."""
        self.go(NewGameScene(self))

    def house_rules(self) -> None:
        """The house rules of the game being set up."""
        self.go(HouseRulesScene(self))

    def settings_screen(self, back: Scene) -> None:
        """The settings; `back` is shown again when they are left."""
        self.go(SettingsScene(self, back))

    def rules_help(self, back: Scene, preset: str = "classic", rules: Rules | None = None) -> None:
        """The rules help page of a preset (with the rules in force, when given)."""
        self.go(RulesHelpScene(self, back, preset, rules))

    def statistics(self, back: Scene) -> None:
        """The statistics kept by saves."""
        self.go(StatsScene(self, back))

    def saved_games(self, back: Scene) -> None:
        """The saved matches: open, rename, delete."""
        self.go(SavedGamesScene(self, back))

    # --- matches ----------------------------------------------------------------------

    def start_match(self, match: Match, loaded: Loaded | None = None) -> None:
        """Sit down at a match (the table of an earlier one is closed); it is saved as it goes."""
        self.close_table()
        table = TableScene(
            match, self.size, BotRunner(inline=self.inline_bots), self.settings, nav=self
        )
        slot = loaded.slot if loaded is not None else saves_bridge.new_slot(match, _name(match))
        if slot is not None:
            table.keeper = Keeper(self.saver, slot, table)
        if loaded is not None:
            restore(table, loaded)
        if table.keeper is not None:
            table.keeper.save(table)  # on disk from the start, even if the app quits now
        self.table = table
        self.go(table)

    def open_result(self, opened: Loaded | SaveProblem | None) -> bool:
        """Sit down at an opened save, or keep a notice of why it did not open."""
        if isinstance(opened, Loaded):
            self.start_match(opened.match, opened)
            return True
        if opened is not None:
            self.notices.insert(0, save_notice(opened))
        return False

    def open_saved(self, path: Path) -> bool:
        """Open a saved match (the one at the table is simply shown again)."""
        if self.table is not None and self.table_path() == path:
            self.go(self.table)
            return True
        return self.open_result(saves_bridge.open_game(path))

    def open_backup(self, path: Path) -> bool:
        """Open the backup of a save that could not be opened."""
        return self.open_result(saves_bridge.open_backup(path))

    def delete_saved(self, path: Path) -> None:
        """Delete a saved match (leaving its table first when it is the one open)."""
        if self.table is not None and self.table_path() == path:
            self.close_table()
        self.saver.flush(5.0)  # nothing of it may still be on its way to the disk
        saves_bridge.delete_game(path)

    def rename_saved(self, path: Path, name: str) -> None:
        """Give a saved match a new name."""
        table = self.table
        if table is not None and table.keeper is not None and table.keeper.slot.path == path:
            table.keeper.rename(name, table)
            self.saver.flush(5.0)
            return
        opened = saves_bridge.rename_game(path, name)
        if isinstance(opened, SaveProblem):
            self.notices.insert(0, save_notice(opened))

    def table_path(self) -> Path | None:
        """Where the match at the table is saved."""
        keeper = self.table.keeper if self.table is not None else None
        return keeper.slot.path if keeper is not None else None

    def continue_match(self) -> None:
        """Back to the game in progress: the open table, or the latest one saves kept."""
        if self.table is not None and not self.table.match.over:
            self.go(self.table)
            return
        self.open_result(saves_bridge.open_latest())

    def can_continue(self) -> bool:
        """Whether there is a game in progress to go back to."""
        open_table = self.table is not None and not self.table.match.over
        return open_table or saves_bridge.continue_available()

    def close_table(self) -> None:
        """Leave the table for good: its bots stop thinking."""
        if self.table is not None:
            self.table.bots.close()
            self.table = None

    def close(self) -> None:
        """The app quits: the table closes and everything pending is written."""
        self.close_table()
        self.saver.close()


def _name(match: Match) -> str:
    """A new match's name in the saved-games list: the game and the human players."""
    humans = [p.name for p in match.players if p.kind == "human"]
    game = preset_short(match.rules.preset)
    return tr("saves.default_name", game=game, names=i18n.joined(humans)) if humans else game

"""The table's menu commands: rules, help, settings, new game, leaving, quitting.

Leaving a match in progress (a new game, quitting) asks first when the player wants that
(settings: confirm before leaving a game). Leaving to the title screen keeps the match:
the title offers to continue it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from game import actions as A
from ui.table.overlays import ListOverlay
from ui.text.i18n import tr

if TYPE_CHECKING:
    from ui.table.scene import TableScene


class Confirm(ListOverlay):
    """Leave this game? Leave / Stay."""

    def __init__(self, then: Callable[[], None]) -> None:
        super().__init__()
        self.title = tr("confirm.leave")
        self.note = tr("confirm.saved")
        self.then = then
        self.hover = 1  # Stay is the safe choice under Enter

    def entries(self, scene: TableScene) -> list[tuple[str, str]]:
        """Leave, then stay."""
        return [("yes", tr("confirm.yes")), ("no", tr("confirm.no"))]

    def pick(self, command: str, now: int, scene: TableScene) -> None:
        """Leave, or go back to the game."""
        if command == "yes":
            scene.overlay = None
            self.then()
        else:
            scene.resume()

    def cancel(self, now: int, scene: TableScene) -> None:
        """Esc stays."""
        scene.resume()


def menu_command(scene: TableScene, command: str, now: int) -> None:
    """Carry out a menu entry."""
    scene.resume()
    nav = scene.nav
    if command == "rules_panel":
        scene.toggle_rules()
    elif command == "help" and nav is not None:
        nav.rules_help(scene, scene.match.rules.preset, scene.match.rules)
    elif command == "settings" and nav is not None:
        nav.settings_screen(scene)
    elif command == "leave" and nav is not None:
        _leave(scene, nav.title)
    elif command == "new":
        _leave(scene, lambda: _new_game(scene))
    elif command in ("announce", "redeal") and scene.my_turn():
        scene.play(A.Announce() if command == "announce" else A.Redeal(), now)
    elif command == "quit":
        _leave(scene, lambda: _quit(scene))


def _leave(scene: TableScene, then: Callable[[], None]) -> None:
    """Ask first when a match is in progress and the player wants to be asked."""
    if scene.settings.confirm_leave and not scene.match.over:
        scene.overlay = Confirm(then)
    else:
        then()


def _new_game(scene: TableScene) -> None:
    scene.new_game()


def _quit(scene: TableScene) -> None:
    if scene.nav is not None:
        scene.nav.quit = True
    scene.quit_now()

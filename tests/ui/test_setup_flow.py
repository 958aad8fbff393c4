"""From the title screen to a started match, with real posted mouse and keyboard events."""

from __future__ import annotations

import pygame
import pytest

from game import actions as A
from game.bots import choose
from game.rules import PRESETS, player_range
from game.view import PlayerView
from tests.ui.harness import Screens
from ui import nav
from ui.screens.house_rules import HouseRulesScene
from ui.screens.new_game import NewGameScene
from ui.screens.rules_help import RulesHelpScene
from ui.screens.settings import SettingsScene
from ui.screens.title import TitleScene
from ui.table.botrunner import BotRunner
from ui.table.scene import TableScene
from ui.text import i18n


def test_the_app_starts_on_the_title_screen_without_continue() -> None:
    app = Screens()
    app.step()
    assert isinstance(app.scene, TitleScene)
    keys = [c.key for c in app.scene.controls()]
    assert keys[0] == "new" and "continue" not in keys and keys[-1] == "quit"


@pytest.mark.parametrize("preset", PRESETS)
def test_the_mouse_sets_up_and_starts_a_match_of_each_preset(preset: str) -> None:
    app = Screens()
    app.press("new")
    assert isinstance(app.scene, NewGameScene)
    app.press(f"preset.{preset}")
    high = player_range(preset)[1]
    while app.scene.setup.players < high:  # a click on the right half adds a seat
        app.press("players")
    app.press("name.0")
    for _ in range(10):
        app.key(pygame.K_BACKSPACE)
    app.type("Anna")
    app.press("level.1")  # medium -> hard
    app.press("start")
    assert isinstance(app.scene, TableScene)
    match = app.scene.match
    assert match.rules.preset == preset and match.rules.players == high
    assert [p.kind for p in match.players] == ["human"] + ["bot"] * (high - 1)
    assert match.players[0].name == "Anna"
    assert match.players[1].level == "hard" and match.players[2].level == "medium"
    app.step(3)
    assert not i18n.missing


def test_a_seat_cycles_through_every_level_to_expert_and_plays_as_expert(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    asked: list[str] = []

    def stub(view: PlayerView, level: str) -> A.Action:  # no real expert search here
        asked.append(level)
        return choose(view, "easy")

    monkeypatch.setattr(nav, "BotRunner", lambda inline: BotRunner(inline, chooser=stub))
    app = Screens()
    app.press("new")
    app.press("preset.classic")
    shown = [app.control("level.1").label]
    for _ in range(4):  # a click on the right half steps on, round the end back to medium
        app.press("level.1")
        shown.append(app.control("level.1").label)
    assert shown == ["medium", "hard", "expert", "easy", "medium"]
    level = app.control("level.1")
    app.click((level.rect.x + 4, level.rect.centre[1]))  # the left end steps back
    app.click((level.rect.x + 4, level.rect.centre[1]))
    assert app.control("level.1").label == "expert"
    app.press("start")
    assert isinstance(app.scene, TableScene)
    assert [p.level for p in app.scene.match.players] == [None, "expert"]
    app.key(pygame.K_d)  # classic: the human starts; draw, then discard the focused card
    app.key(pygame.K_RIGHT)
    app.key(pygame.K_RETURN)
    app.step(3)
    assert asked and set(asked) == {"expert"}


def test_the_keyboard_alone_starts_a_game_of_hand() -> None:
    app = Screens()
    app.key(pygame.K_RETURN)  # New game has the focus
    assert isinstance(app.scene, NewGameScene) and app.focus() == "start"
    for _ in range(4):
        app.key(pygame.K_DOWN)  # round the end to the presets: classic, standard, romme, hand
    assert app.focus() == "preset.hand"
    app.key(pygame.K_RETURN)
    app.key(pygame.K_DOWN)
    assert app.focus() == "players"
    app.key(pygame.K_LEFT)  # four players down to three
    while app.focus() != "start":
        app.key(pygame.K_DOWN)
    app.key(pygame.K_RETURN)
    assert isinstance(app.scene, TableScene)
    assert app.scene.match.rules.preset == "hand" and len(app.scene.match.players) == 3


def test_a_second_human_seat_and_its_name_typed_in() -> None:
    app = Screens()
    app.press("new")
    app.press("preset.standard")
    app.press("kind.1")  # bot -> human
    assert app.control("level.1").enabled is False
    app.press("name.1")
    app.key(pygame.K_BACKSPACE)
    app.key(pygame.K_BACKSPACE)
    app.key(pygame.K_BACKSPACE)
    app.type("Bea")
    app.press("start")
    players = app.scene.match.players
    assert [(p.name, p.kind) for p in players[:2]] == [("Player 1", "human"), ("Bea", "human")]


def test_escape_walks_back_to_the_title_and_quit_leaves() -> None:
    app = Screens()
    app.press("new")
    app.press("house")
    assert isinstance(app.scene, HouseRulesScene)
    app.key(pygame.K_ESCAPE)
    assert isinstance(app.scene, NewGameScene)
    app.key(pygame.K_ESCAPE)
    assert isinstance(app.scene, TitleScene)
    app.key(pygame.K_ESCAPE)  # Esc on the title asks first: a stray Esc never quits
    assert app.app.running and app.focus() == "stay"
    app.key(pygame.K_ESCAPE)  # Esc again: stay
    assert app.app.running and app.focus() == "quit"
    app.key(pygame.K_ESCAPE)
    app.press("leave")  # Quit, on purpose
    assert not app.app.running


def test_the_title_offers_continue_once_a_game_was_left_for_it() -> None:
    app = Screens()
    app.press("new")
    app.press("start")
    app.key(pygame.K_ESCAPE)  # the table's menu
    labels = [c for c, _ in app.scene.overlay.entries(app.scene)]
    app.key(pygame.K_1 + labels.index("leave"))
    confirm = app.scene.overlay  # leaving asks, and says the game is saved
    assert confirm.note.startswith("The game is saved")
    app.key(pygame.K_1)  # Leave
    assert isinstance(app.scene, TitleScene)
    app.press("continue")
    assert isinstance(app.scene, TableScene) and app.scene.match is app.nav.table.match


def test_rules_and_settings_open_from_the_title_and_come_back() -> None:
    app = Screens()
    app.press("rules")
    assert isinstance(app.scene, RulesHelpScene)
    app.key(pygame.K_RIGHT)
    assert app.scene.preset == "standard"
    app.key(pygame.K_PAGEDOWN)
    assert app.scene.offset > 0
    app.key(pygame.K_ESCAPE)
    assert isinstance(app.scene, TitleScene)
    app.press("settings")
    assert isinstance(app.scene, SettingsScene)
    app.press("back")
    assert isinstance(app.scene, TitleScene)


def test_every_screen_draws_at_the_smallest_window() -> None:
    app = Screens(size=(1024, 640))
    for step in ("new", "house", "done"):
        app.step()
        app.press(step)
    app.press("help")
    app.step()
    assert isinstance(app.scene, RulesHelpScene) and not app.scene.error


def test_start_app_opens_the_title_or_straight_at_a_loaded_match() -> None:
    from tests.ui.harness import table_match
    from ui.app import start_app
    from ui.store.prefs import Settings

    pygame.display.init()
    surface = pygame.display.set_mode((1280, 800))
    assert isinstance(start_app(surface, settings=Settings(sound=False)).scene, TitleScene)
    match = table_match(
        "classic", ["7H 8H 9H 5S 5D 5C KS QD 2C 3D", "AS 2S 3S 4H 6C 8C 10D JD JS 9C"]
    )
    app = start_app(surface, match, Settings(sound=False))
    assert isinstance(app.scene, TableScene) and app.scene.match is match
    assert app.nav is not None and app.nav.table is app.scene
    app.nav.close_table()

"""Settings: changed with mouse or keys, shown at once, kept by saves, used at the table."""

from __future__ import annotations

import pygame
import pytest

from tests.ui.harness import Screens
from ui.look.cardart import BACK_DESIGNS
from ui.screens.settings import SettingsScene
from ui.screens.title import TitleScene
from ui.store import saves_bridge
from ui.store.prefs import Settings
from ui.table.scene import TableScene
from ui.text import i18n
from ui.text.i18n import tr
from ui.text.rulesdoc import page


def open_settings() -> Screens:
    app = Screens()
    app.press("settings")
    assert isinstance(app.scene, SettingsScene)
    return app


def test_switching_to_german_speaks_german_at_once_and_on_the_title() -> None:
    app = open_settings()
    app.press("settings.language")  # English -> Deutsch
    assert i18n.language() == "de" and app.nav.settings.language == "de"
    assert app.control("back").label == "Zurück"
    app.key(pygame.K_ESCAPE)
    assert isinstance(app.scene, TitleScene)
    assert app.control("new").label == "Neues Spiel"


def test_the_keyboard_changes_every_setting() -> None:
    app = open_settings()
    before = Settings(**vars(app.nav.settings))
    for _ in range(len(app.scene.rows())):
        app.key(pygame.K_RIGHT)
        app.key(pygame.K_DOWN)
    after = app.nav.settings
    changed = [k for k in vars(before) if getattr(before, k) != getattr(after, k)]
    assert sorted(changed) == sorted(vars(before))


def test_settings_are_kept_by_saves_and_read_back() -> None:
    app = open_settings()
    app.press("settings.felt")
    app.press("settings.four_colour")
    app.press("settings.card_size")
    app.press("back")
    saved, problems = saves_bridge.load_settings()
    assert problems == []
    assert (saved.felt, saved.four_colour, saved.card_size) == ("blue", True, 2)


def test_the_table_uses_the_settings() -> None:
    app = Screens(felt="wine", four_colour=True, card_size=2, animation=3)
    app.press("new")
    app.press("start")
    table = app.scene
    assert isinstance(table, TableScene)
    assert table.deck.four_colour and table.anim.factor == 0
    large = table.layout.card_w
    app.key(pygame.K_ESCAPE)
    labels = [c for c, _ in table.overlay.entries(table)]
    app.key(pygame.K_1 + labels.index("settings"))
    app.press("settings.card_size")  # large -> small
    app.key(pygame.K_ESCAPE)
    assert app.scene is table and table.layout.card_w < large


def test_the_rules_help_shows_the_house_rules_in_force_in_each_language() -> None:
    from game.rules import preset

    rules = preset("romme", opening_min=51)
    for language, word in (("en", "house rule"), ("de", "Hausregel")):
        i18n.set_language(language)
        blocks = page("romme", rules)
        marked = [b for b in blocks if b.marked]
        assert len(marked) == 1 and "51" in marked[0].text and word in marked[0].text
        assert blocks[0].kind == "h1" and len(blocks) > 30


def test_the_card_back_is_chosen_and_kept() -> None:
    app = open_settings()
    app.press("settings.card_back")
    assert app.nav.settings.card_back == BACK_DESIGNS[1]
    assert app.control("settings.card_back").label == tr(f"back.{BACK_DESIGNS[1]}")
    app.press("back")
    saved, problems = saves_bridge.load_settings()
    assert problems == [] and saved.card_back == BACK_DESIGNS[1]


def test_without_a_sound_device_the_game_is_silent_and_settings_says_so(
    monkeypatch: pytest.MonkeyPatch, capfd: pytest.CaptureFixture[str]
) -> None:
    import os

    from ui.look import sound

    def no_device() -> None:
        os.write(2, b"ALSA lib confmisc.c: cannot find card '0'\n")  # what SDL's ALSA says
        raise pygame.error("No available audio device")

    monkeypatch.setattr(sound, "_state", {"tried": False})
    monkeypatch.setattr(sound, "_sounds", {})
    monkeypatch.setattr(pygame.mixer, "get_init", lambda: False)
    monkeypatch.setattr(pygame.mixer, "init", no_device)
    assert not sound.available()
    sound.play("draw")  # nothing happens, nothing fails
    assert "ALSA" not in capfd.readouterr().err  # nothing printed in the terminal
    app = Screens()
    app.press("settings")
    rows = {key: text() for key, text, _ in app.scene.rows()}
    assert rows["settings.sound"].endswith("no sound device found")

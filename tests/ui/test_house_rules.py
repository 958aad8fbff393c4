"""House rules: every option offered with valid values only, defaults marked, and a
combination that makes no game greys Start out and says why."""

from __future__ import annotations

import dataclasses

import pygame
import pytest

from game.rules import PRESETS, Rules, RulesError, preset, validate
from tests.ui.harness import Screens
from ui.look import theme
from ui.screens.house_rules import HouseRulesScene
from ui.screens.new_game import NewGameScene
from ui.screens.setup import Setup
from ui.table.rules_panel import RulesPanel
from ui.table.scene import TableScene
from ui.text import options
from ui.text.i18n import tr
from ui.text.rules_text import problem_text, rule_lines

IGNORED = {"preset", "players"}  # chosen with the seats, not on the house-rules page


def test_every_option_of_the_rules_is_on_the_house_rules_page() -> None:
    fields = {f.name for f in dataclasses.fields(Rules)} - IGNORED - {"penalty_values"}
    shown = {o.name.partition(".")[0] for o in options.OPTIONS}
    assert fields | {"penalty_values"} == shown


@pytest.mark.parametrize("name", PRESETS)
def test_each_option_offers_its_preset_value_among_values_the_model_accepts(name: str) -> None:
    rules = preset(name)
    for option in options.OPTIONS:
        allowed = options.values(option.name, rules)
        assert options.get(rules, option.name) in allowed
        assert not any(options.value_text(option.name, v).startswith("val.") for v in allowed)


def open_house_rules(preset_name: str = "romme") -> Screens:
    app = Screens()
    app.press("new")
    app.press(f"preset.{preset_name}")
    app.press("house")
    assert isinstance(app.scene, HouseRulesScene)
    return app


def test_an_impossible_combination_greys_start_out_and_says_why() -> None:
    app = open_house_rules()
    app.press("tab.scoring")
    app.press("opt.match_end")  # penalty limit -> rounds: a target of 500 rounds is no game
    assert app.scene.setup.current().match_end == "rounds"
    assert app.control("start").enabled is False
    reason = app.scene.setup.problem()
    assert reason is not None and "target" in reason
    assert problem_text(reason) == "The target must be from 1 to 50 for this end of the match."
    app.press("start")
    assert isinstance(app.scene, HouseRulesScene)  # nothing started
    app.press("done")
    assert isinstance(app.scene, NewGameScene) and app.control("start").enabled is False
    app.press("house")
    app.press("tab.scoring")
    app.press("opt.target")  # the target goes to a number of rounds that is allowed
    assert app.scene.setup.problem() is None and app.control("start").enabled
    app.press("start")
    assert isinstance(app.scene, TableScene)
    assert app.scene.match.rules.match_end == "rounds"


def test_changed_options_are_marked_and_the_default_clears_them() -> None:
    app = open_house_rules()
    app.press("tab.opening")
    app.press("opt.opening_min")  # 40 -> 51
    assert app.scene.setup.overrides == {"opening_min": 51}
    assert app.control("opt.opening_min").extra["changed"]
    rect = app.control("opt.opening_min").rect
    app.click((rect.x + 8, rect.y + rect.h // 2))  # the left arrow: back to 40
    assert app.scene.setup.overrides == {}
    assert not app.control("opt.opening_min").extra["changed"]


def test_the_keyboard_changes_options_and_switches_groups() -> None:
    app = open_house_rules("classic")
    assert app.focus() == "tab.deal"
    app.key(pygame.K_RIGHT)
    assert app.scene.group == "melds" and app.focus() == "tab.melds"
    app.key(pygame.K_PAGEDOWN)
    assert app.scene.group == "opening"
    app.key(pygame.K_DOWN)
    assert app.focus() == "tab.turns"
    while app.focus() != "opt.opening_min":
        app.key(pygame.K_DOWN)
    app.key(pygame.K_RIGHT)
    assert app.scene.setup.current().opening_min == 30


def test_the_chosen_rules_reach_the_match_and_the_rules_panel() -> None:
    app = open_house_rules("standard")
    app.press("tab.deal")
    app.press("opt.jokers")  # 0 -> 2 jokers: the wild cards follow as jokers
    assert app.scene.setup.current().wilds == "jokers"
    app.press("start")
    rules = app.scene.match.rules
    assert rules.jokers == 2 and rules.wilds == "jokers"
    app.key(pygame.K_i)
    assert isinstance(app.scene.overlay, RulesPanel)
    changed = [line.name for _, lines in rule_lines(rules) for line in lines if line.changed]
    assert changed == ["jokers"]


@pytest.mark.parametrize(
    "changes",
    [
        {"preset": "standard", "players": 6, "decks": 1, "hand_size": 10},
        {"preset": "classic", "hand_size": 2},
        {"preset": "classic", "jokers": 2},
        {"preset": "romme", "jokers": 0},
        {"preset": "classic", "scoring": "penalty"},
        {"preset": "romme", "scoring": "winner_collects"},
        {"preset": "romme", "teams": True},
        {"preset": "hand", "set_suits": "any"},
        {"preset": "romme", "match_end": "rounds"},
        {"preset": "classic", "turn_limit": 20000},
        {"preset": "hand", "lay_off_before_opening": True},
        {"preset": "standard", "egyptian_bonuses": True},
        {"preset": "hand", "out_in_one_double": False, "egyptian_bonuses": True},
    ],
)
def test_every_reason_of_the_model_is_said_in_the_players_words(changes: dict) -> None:
    base = {"preset": "classic", **changes}
    name, players = base.pop("preset"), base.pop("players", None)
    rules = dataclasses.replace(preset(name, players), **base)
    with pytest.raises(RulesError) as error:
        validate(rules)
    message = str(error.value)
    assert problem_text(message) != message


def test_setup_counts_the_changes_and_keeps_the_preset_when_unchanged() -> None:
    setup = Setup()
    setup.choose_preset("hand")
    assert setup.players == 4 and setup.changes() == 0 and setup.rules() == preset("hand", 4)
    setup.set_option("penalty_values.ace", 15)
    assert setup.changes() == 1 and setup.rules().penalty_values.ace == 15
    setup.set_option("penalty_values.ace", 11)
    assert setup.overrides == {}


def test_egyptian_bonuses_are_a_hand_house_rule_that_other_scorings_refuse() -> None:
    app = open_house_rules("hand")
    app.press("tab.scoring")
    assert app.control("opt.egyptian_bonuses").label == "no"
    app.press("opt.egyptian_bonuses")
    assert app.scene.setup.overrides == {"egyptian_bonuses": True}
    assert app.scene.setup.problem() is None and app.control("start").enabled
    app.press("opt.scoring")  # Hand scoring -> another: the bonuses have nothing to double
    reason = app.scene.setup.problem()
    assert reason is not None and app.control("start").enabled is False
    assert problem_text(reason) == (
        "Egyptian bonuses need Hand scoring, with going out in one doubled."
    )


def test_the_verdict_is_drawn_in_every_frame(monkeypatch: pytest.MonkeyPatch) -> None:
    """A paragraph is drawn every frame, not only the first (it once came from a cache)."""
    app = open_house_rules()
    app.step(3)
    drawn: list[str] = []
    real = theme.text
    monkeypatch.setattr(
        theme, "text", lambda words, *a, **k: drawn.append(words) or real(words, *a, **k)
    )
    app.step()
    assert any(line in tr("house.ok") for line in drawn if len(line) > 3), drawn

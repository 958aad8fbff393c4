"""Rules as players read them: preset names, the options in force, and why a combination fails.

Shared by the setup screens, the rules panel at the table and the rules help page, so all
of them use the same texts.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from game.rules import Rules, preset_rules
from ui.text import options
from ui.text.i18n import tr

# The model's reasons for rules that make no game (game/rules.py), read back into their
# parameters and said in the player's words, in the player's language.
_PROBLEMS: tuple[tuple[str, str], ...] = (
    (r"option (?P<name>\w+) cannot be .*", "problem.bad_value"),
    (r".* is played by (?P<low>\d+) to (?P<high>\d+) players, not \d+", "problem.players"),
    (r"a hand of (?P<size>\d+) cards is too small to play", "problem.hand_small"),
    (
        r"(?P<decks>\d+) deck\(s\) with (?P<jokers>\d+) jokers cannot deal (?P<size>\d+) cards "
        r"to (?P<players>\d+) players and keep a stock",
        "problem.no_stock",
    ),
    (r"jokers need wild cards: .*", "problem.jokers_not_wild"),
    (r"wilds = jokers needs jokers in the deck", "problem.wild_jokers_missing"),
    (r"match_end = target needs scoring = winner_collects.*", "problem.target_needs_collects"),
    (r"match_end = (?P<end>\w+) needs penalty points.*", "problem.limit_needs_penalty"),
    (r"teams need four players and Hand scoring", "problem.teams"),
    (r"egyptian_bonuses need Hand scoring with going out in one doubled", "problem.egyptian"),
    (r"wilds standing for the missing suits need sets of distinct suits", "problem.missing_suits"),
    (r"target must be from (?P<low>\d+) to (?P<high>\d+) for match_end \w+", "problem.target"),
    (r"turn_limit must be .*", "problem.turn_limit"),
    (r"discard_pickup = must_meld_new needs lay_off_before_opening off", "problem.meld_new"),
)


def problem_text(message: str) -> str:
    """A RulesError's reason in the player's words (the model's text if it is not known)."""
    for pattern, key in _PROBLEMS:
        found = re.fullmatch(pattern, message)
        if found is not None:
            params = dict(found.groupdict())
            if "name" in params:
                params["name"] = options.BY_NAME[params["name"]].label()
            if "end" in params:
                params["end"] = options.value_text("match_end", params["end"])
            return tr(key, **params)
    return message


def preset_name(preset: str) -> str:
    """A preset's name in the player's language."""
    return tr(f"preset.{preset}")


def preset_short(preset: str) -> str:
    """A preset's short name (for tabs)."""
    return tr(f"preset.{preset}.short")


def preset_description(preset: str) -> str:
    """A preset in one line."""
    return tr(f"preset.{preset}.desc")


@dataclass(frozen=True)
class RuleLine:
    """One option in force: label, value, whether it is a house rule, its explanation."""

    name: str
    label: str
    value: str
    changed: bool
    help: str


def rule_lines(rules: Rules) -> list[tuple[str, list[RuleLine]]]:
    """Every option in force, by group; house rules (differing from the preset) marked."""
    out = []
    for group, names in options.GROUPS.items():
        lines = []
        for name in names:
            option = options.BY_NAME[name]
            value = options.get(rules, name)
            changed = value != default(rules, name)
            text = options.value_text(name, value)
            lines.append(RuleLine(name, option.label(), text, changed, option.help()))
        out.append((tr(f"group.{group}"), lines))
    return out


def default(rules: Rules, name: str) -> object:
    """The preset's value of an option, given the changes other defaults depend on
    (Standard's wild cards follow its jokers, its decks the players, its match end the scoring)."""
    head = name.partition(".")[0]
    data = rules.to_dict()
    derived = {k: data[k] for k in ("decks", "jokers", "scoring") if k in data and k != head}
    return options.get(preset_rules(rules.preset, rules.players, **derived), name)

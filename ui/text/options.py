"""The house-rule options as the setup screens show them: grouped, with their allowed values.

Pure (no pygame): every field of game.rules.Rules except the preset and the number of
players (chosen with the seats), and the five card values of `penalty_values`, each
written `penalty_values.ace` and so on. Labels, explanations and value names are texts
in ui/text/strings (`opt.<name>`, `opt.<name>.help`, `val.<name>.<value>`).
"""

from __future__ import annotations

import dataclasses
import typing
from dataclasses import dataclass
from typing import Any, Literal

from game.rules import CardValues, Rules
from ui.text.i18n import has, tr

GROUPS: dict[str, tuple[str, ...]] = {
    "deal": (
        "decks",
        "jokers",
        "hand_size",
        "starter_extra_card",
        "upcard",
        "direction",
        "first_dealer",
        "next_dealer",
        "redeal_pairs",
    ),
    "melds": (
        "wilds",
        "wild_limit",
        "wild_swap",
        "ace",
        "set_suits",
        "set_wild",
        "tame_taken_wilds",
    ),
    "opening": (
        "opening_min",
        "opening_ace",
        "opening_raise",
        "lay_off_before_opening",
        "out_in_one_layoff",
    ),
    "turns": (
        "discard_pickup",
        "no_return",
        "out_requires_discard",
        "no_out_first_turn",
        "announce",
        "stock_empty",
        "turn_limit",
    ),
    "scoring": (
        "scoring",
        "out_in_one_double",
        "egyptian_bonuses",
        "match_end",
        "target",
        "teams",
    ),
    "values": (
        "penalty_values.ace",
        "penalty_values.ten",
        "penalty_values.face",
        "penalty_values.joker",
        "penalty_values.wild",
    ),
}

NUMBERS: dict[str, tuple[int, ...]] = {
    "decks": (1, 2),
    "jokers": (0, 2, 3, 4, 6),
    "hand_size": tuple(range(3, 16)),
    "opening_min": (0, 30, 40, 51, 61, 71, 91),
    "turn_limit": (0, 60, 80, 100, 120, 150, 200, 300),
    "penalty_values.ace": (1, 10, 11, 15),
    "penalty_values.ten": (10,),
    "penalty_values.face": (10,),
    "penalty_values.joker": (0, 15, 20, 25, 30, 50),
    "penalty_values.wild": (0, 15, 20, 25, 30, 50),
}
TARGET_POINTS = (50, 100, 150, 200, 250, 300, 400, 500, 750, 1000)
TARGET_ROUNDS = (1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 12, 15, 20)


@dataclass(frozen=True)
class Option:
    """One house rule: its name, its group and the values it may take."""

    name: str
    group: str

    def label(self) -> str:
        """Its name as players read it."""
        return tr(f"opt.{self.name}")

    def help(self) -> str:
        """A one-line explanation."""
        return tr(f"opt.{self.name}.help")


OPTIONS: tuple[Option, ...] = tuple(
    Option(name, group) for group, names in GROUPS.items() for name in names
)
BY_NAME = {o.name: o for o in OPTIONS}


def _literals() -> dict[str, tuple[Any, ...]]:
    hints = typing.get_type_hints(Rules)
    out: dict[str, tuple[Any, ...]] = {}
    for name, hint in hints.items():
        if typing.get_origin(hint) is Literal:
            out[name] = typing.get_args(hint)
        elif hint is bool:
            out[name] = (True, False)
    return out


_LITERALS = _literals()


def get(rules: Rules, name: str) -> Any:
    """An option's value in a set of rules (`penalty_values.ace` reaches into the values)."""
    head, _, part = name.partition(".")
    value = getattr(rules, head)
    return getattr(value, part) if part else value


def values(name: str, rules: Rules) -> tuple[Any, ...]:
    """The values an option may take (the target's depend on how the match ends)."""
    allowed: tuple[Any, ...]
    if name == "target":
        allowed = TARGET_ROUNDS if rules.match_end == "rounds" else TARGET_POINTS
    else:
        allowed = _LITERALS.get(name) or NUMBERS[name]
    current = get(rules, name)
    if current not in allowed:  # a value from a record or a preset stays choosable
        allowed = tuple(sorted((*allowed, current))) if isinstance(current, int) else allowed
    return allowed


def value_text(name: str, value: Any) -> str:
    """A value as players read it."""
    if isinstance(value, bool):
        return tr("val.yes" if value else "val.no")
    key = f"val.{name}.{value}"
    return tr(key) if has(key) else str(value)


def with_value(overrides: dict[str, Any], name: str, value: Any, base: Rules) -> dict[str, Any]:
    """House-rule overrides with one option set (the card values kept as one CardValues)."""
    out = dict(overrides)
    head, _, part = name.partition(".")
    if part:
        current = out.get(head, base.penalty_values)
        assert isinstance(current, CardValues)
        out[head] = dataclasses.replace(current, **{part: value})
    else:
        out[head] = value
    return out

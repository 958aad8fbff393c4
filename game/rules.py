"""Rules: one frozen value with every option of docs/RULES.md, and the four presets."""

from __future__ import annotations

import dataclasses
import typing
from dataclasses import dataclass, field
from typing import Any, Literal

from .cards import ACE, JOKER_RANK

Wilds = Literal["none", "jokers", "jokers_and_twos", "indicator"]
WildLimit = Literal["none", "one_per_meld", "not_majority"]
WildSwap = Literal["never", "after_opening", "always"]
AceRule = Literal["low", "low_or_high", "around"]
SetSuits = Literal["distinct", "any"]
OpeningAce = Literal["by_position", "always_11", "low_run_1"]
DiscardPickup = Literal["free", "must_use", "must_meld_new"]
Announce = Literal["off", "auto", "manual"]
StockEmpty = Literal["flip_once", "reshuffle", "void_round"]
Scoring = Literal["winner_collects", "penalty", "hand"]
MatchEnd = Literal["target", "elimination", "penalty_limit", "rounds"]
Direction = Literal["clockwise", "counterclockwise"]
FirstDealer = Literal["first_seat", "lot_high", "lot_low"]
NextDealer = Literal["rotate", "most_points"]
SetWild = Literal["declared", "missing"]

PRESET_NAMES = {
    "classic": "Rummy (classic, one deck)",
    "standard": "Standard Rummy (house-rule table)",
    "romme": "Rommé (German family rules)",
    "hand": "Hand (Arabic rummy, 51)",
}


class RulesError(ValueError):
    """An impossible rules value or combination, with a reason a player can read."""


@dataclass(frozen=True, slots=True)
class CardValues:
    """Penalty values of cards left in hand."""

    ace: int = 1
    ten: int = 10
    face: int = 10
    joker: int = 15
    wild: int = 15

    def of_rank(self, rank: int) -> int:
        """Value of a natural card of this rank (a joker rank gives the joker value)."""
        if rank == ACE:
            return self.ace
        if rank == JOKER_RANK:
            return self.joker
        if rank == 10:
            return self.ten
        return self.face if rank > 10 else rank


@dataclass(frozen=True, slots=True)
class Rules:
    """Every option of a game; a preset is just a set of these values."""

    preset: str = "classic"
    players: int = 2
    decks: int = 1
    jokers: int = 0
    hand_size: int = 10
    starter_extra_card: bool = False
    upcard: bool = True
    direction: Direction = "clockwise"
    wilds: Wilds = "none"
    wild_limit: WildLimit = "none"
    wild_swap: WildSwap = "never"
    ace: AceRule = "low"
    set_suits: SetSuits = "distinct"
    set_wild: SetWild = "declared"
    opening_min: int = 0
    opening_ace: OpeningAce = "by_position"
    opening_raise: bool = False
    lay_off_before_opening: bool = True
    out_in_one_layoff: bool = True
    discard_pickup: DiscardPickup = "free"
    tame_taken_wilds: bool = False
    no_return: bool = True
    out_requires_discard: bool = False
    no_out_first_turn: bool = False
    announce: Announce = "off"
    stock_empty: StockEmpty = "flip_once"
    turn_limit: int = 120
    scoring: Scoring = "winner_collects"
    out_in_one_double: bool = True
    penalty_values: CardValues = field(default_factory=CardValues)
    match_end: MatchEnd = "target"
    target: int = 100
    teams: bool = False
    egyptian_bonuses: bool = False
    redeal_pairs: bool = False
    first_dealer: FirstDealer = "first_seat"
    next_dealer: NextDealer = "rotate"

    # --- derived facts -------------------------------------------------------

    @property
    def deck_size(self) -> int:
        """Number of physical cards."""
        return 52 * self.decks + self.jokers

    @property
    def name(self) -> str:
        """The preset's name shown to players."""
        return PRESET_NAMES.get(self.preset, self.preset)

    def to_dict(self) -> dict[str, Any]:
        """The preset key plus every option that differs from the preset (record form)."""
        base = preset_rules(self.preset, self.players)
        out: dict[str, Any] = {"preset": self.preset}
        for f in dataclasses.fields(self):
            mine, theirs = getattr(self, f.name), getattr(base, f.name)
            if f.name != "preset" and mine != theirs:
                out[f.name] = dataclasses.asdict(mine) if isinstance(mine, CardValues) else mine
        if "players" not in out:
            out["players"] = self.players
        return out

    def replace(self, **changes: Any) -> Rules:
        """A validated copy with some options changed."""
        return from_dict({**self.to_dict(), **changes})


# --- presets -----------------------------------------------------------------

_PLAYER_RANGE = {"classic": (2, 4), "standard": (2, 6), "romme": (2, 6), "hand": (2, 4)}
_TARGET_RANGE = {"classic": (50, 500)}  # RULES §3: classic's target 100 (50–500)
_DEFAULT_PLAYERS = {"classic": 2, "standard": 2, "romme": 3, "hand": 4}


def player_range(preset: str) -> tuple[int, int]:
    """Allowed seats for a preset."""
    return _PLAYER_RANGE[preset]


def _classic(players: int, o: dict[str, Any]) -> dict[str, Any]:
    return dict(
        hand_size=10 if players == 2 else 7,
        turn_limit=120,
        penalty_values=CardValues(ace=1, joker=0, wild=0),
    )


def _standard(players: int, o: dict[str, Any]) -> dict[str, Any]:
    decks = o.get("decks", 2 if players >= 5 else 1)
    hand_size = (6 if decks == 1 else 10) if players >= 5 else (10 if players == 2 else 7)
    jokers = o.get("jokers", 0)
    scoring = o.get("scoring", "penalty")
    collects = scoring == "winner_collects"
    return dict(
        decks=decks,
        hand_size=hand_size,
        jokers=jokers,
        wilds="jokers" if jokers else "none",
        wild_swap="always",
        set_suits="any",
        stock_empty="reshuffle",
        turn_limit=0,
        scoring=scoring,
        out_in_one_double=collects,
        penalty_values=CardValues(ace=1, joker=15, wild=15),
        match_end="target" if collects else "elimination",
        target=100,
        first_dealer="lot_high",
    )


def _romme(players: int, o: dict[str, Any]) -> dict[str, Any]:
    return dict(
        decks=2,
        jokers=6,
        hand_size=13,
        wilds="jokers",
        wild_limit="not_majority",
        wild_swap="after_opening",
        ace="low_or_high",
        opening_min=40,
        lay_off_before_opening=False,
        out_in_one_layoff=True,
        out_requires_discard=True,
        stock_empty="reshuffle",
        turn_limit=0,
        scoring="penalty",
        penalty_values=CardValues(ace=11, joker=20, wild=20),
        match_end="penalty_limit",
        target=500,
        first_dealer="lot_high",
    )


def _hand(players: int, o: dict[str, Any]) -> dict[str, Any]:
    return dict(
        decks=2,
        jokers=2,
        hand_size=14,
        starter_extra_card=True,
        upcard=False,
        direction="counterclockwise",
        wilds="indicator",
        wild_limit="one_per_meld",
        wild_swap="after_opening",
        ace="low_or_high",
        set_wild="missing",
        opening_min=51,
        opening_ace="always_11",
        lay_off_before_opening=False,
        out_in_one_layoff=False,
        discard_pickup="must_meld_new",
        tame_taken_wilds=True,
        out_requires_discard=True,
        no_out_first_turn=True,
        announce="auto",
        redeal_pairs=True,
        stock_empty="void_round",
        turn_limit=0,
        scoring="hand",
        penalty_values=CardValues(ace=11, joker=15, wild=15),
        match_end="rounds",
        target=7,
        first_dealer="lot_low",
        next_dealer="most_points",
    )


_PRESETS = {"classic": _classic, "standard": _standard, "romme": _romme, "hand": _hand}
PRESETS = tuple(_PRESETS)


def preset_rules(preset: str, players: int | None = None, **overrides: Any) -> Rules:
    """The rules of a preset for a number of players, before validation of overrides."""
    if preset not in _PRESETS:
        raise RulesError(f"unknown preset {preset!r} (known: {', '.join(PRESETS)})")
    n = players if players is not None else _DEFAULT_PLAYERS[preset]
    values: dict[str, Any] = dict(preset=preset, players=n)
    values.update(_PRESETS[preset](n, overrides))
    return Rules(**values)


_FIELDS = {f.name: f for f in dataclasses.fields(Rules)}


def from_dict(data: dict[str, Any]) -> Rules:
    """Rules from a record's ``rules`` object: a preset key plus changed options."""
    if not isinstance(data, dict):
        raise RulesError("rules must be an object with a 'preset' key")
    preset = data.get("preset", "classic")
    if not isinstance(preset, str):
        raise RulesError("preset must be a text")
    unknown = sorted(set(data) - set(_FIELDS))
    if unknown:
        raise RulesError(f"unknown rules option: {', '.join(unknown)}")
    players = data.get("players")
    if players is not None and (type(players) is not int):
        raise RulesError("players must be a whole number")
    overrides = {k: v for k, v in data.items() if k not in ("preset", "players")}
    base = preset_rules(preset, players, **overrides)
    values = {k: _coerce(k, v, getattr(base, k)) for k, v in overrides.items()}
    rules = dataclasses.replace(base, **values)
    validate(rules)
    return rules


def _coerce(name: str, value: Any, default: Any) -> Any:
    if isinstance(default, CardValues):
        if not isinstance(value, dict | CardValues):
            raise RulesError('penalty_values must be an object like {"ace": 11}')
        if isinstance(value, CardValues):
            return value
        bad = sorted(set(value) - {"ace", "ten", "face", "joker", "wild"})
        if bad or not all(type(v) is int for v in value.values()):
            raise RulesError("penalty_values takes whole numbers for ace, ten, face, joker, wild")
        return dataclasses.replace(default, **value)
    if type(value) is not type(default):
        kind = {bool: "true or false", int: "a whole number", str: "a text"}[type(default)]
        raise RulesError(f"option {name} must be {kind}, not {value!r}")
    return value


def preset(name: str, players: int | None = None, **overrides: Any) -> Rules:
    """A validated preset, optionally with house-rule overrides."""
    data: dict[str, Any] = {"preset": name, **overrides}
    if players is not None:
        data["players"] = players
    return from_dict(data)


# --- validation --------------------------------------------------------------

_CHOICES: dict[str, tuple[Any, ...]] = {
    "decks": (1, 2),
    "jokers": (0, 2, 3, 4, 6),
    "opening_min": (0, 30, 40, 51, 61, 71, 91),
}


def _literal_choices() -> dict[str, tuple[Any, ...]]:
    hints = typing.get_type_hints(Rules)
    return {
        name: typing.get_args(hint)
        for name, hint in hints.items()
        if typing.get_origin(hint) is Literal
    }


def validate(rules: Rules) -> None:
    """Raise RulesError with a readable reason when the options cannot make a game."""
    for name, allowed in {**_literal_choices(), **_CHOICES}.items():
        value = getattr(rules, name)
        if value not in allowed:
            shown = ", ".join(str(a) for a in allowed)
            raise RulesError(f"option {name} cannot be {value!r} (choose {shown})")
    low, high = player_range(rules.preset)
    if not low <= rules.players <= high:
        raise RulesError(f"{rules.name} is played by {low} to {high} players, not {rules.players}")
    for problem in _combination_problems(rules):
        raise RulesError(problem)


def stock_after_deal(rules: Rules) -> int:
    """Cards left in the stock right after dealing."""
    dealt = rules.players * rules.hand_size + (1 if rules.starter_extra_card else 0)
    turned = 1 if (rules.upcard or rules.wilds == "indicator") else 0
    return rules.deck_size - dealt - turned


def _combination_problems(r: Rules) -> list[str]:
    problems = []
    if r.hand_size < 3:
        problems.append(f"a hand of {r.hand_size} cards is too small to play")
    left = stock_after_deal(r)
    needed = 3 * r.players if r.stock_empty == "void_round" else 1
    if left < needed:
        problems.append(
            f"{r.decks} deck(s) with {r.jokers} jokers cannot deal {r.hand_size} "
            f"cards to {r.players} players and keep a stock"
        )
    if r.jokers and r.wilds == "none":
        problems.append(
            "jokers need wild cards: choose wilds = jokers, jokers_and_twos or indicator"
        )
    if r.wilds in ("jokers",) and not r.jokers:
        problems.append("wilds = jokers needs jokers in the deck")
    if r.match_end == "target" and r.scoring != "winner_collects":
        problems.append("match_end = target needs scoring = winner_collects (points are good)")
    if r.match_end in ("elimination", "penalty_limit") and r.scoring == "winner_collects":
        problems.append(
            f"match_end = {r.match_end} needs penalty points: choose scoring penalty or hand"
        )
    if r.teams and (r.players != 4 or r.scoring != "hand"):
        problems.append("teams need four players and Hand scoring")
    if r.egyptian_bonuses and (r.scoring != "hand" or not r.out_in_one_double):
        problems.append("egyptian_bonuses need Hand scoring with going out in one doubled")
    if r.set_wild == "missing" and r.set_suits != "distinct":
        problems.append("wilds standing for the missing suits need sets of distinct suits")
    low, high = (1, 50) if r.match_end == "rounds" else (10, 10_000)
    if r.match_end == "target":
        low, high = _TARGET_RANGE.get(r.preset, (low, high))
    if not low <= r.target <= high:
        problems.append(f"target must be from {low} to {high} for match_end {r.match_end}")
    if r.turn_limit < 0 or r.turn_limit > 10_000:
        problems.append("turn_limit must be 0 (off) or up to 10000 turns")
    if r.discard_pickup == "must_meld_new" and r.lay_off_before_opening:
        problems.append("discard_pickup = must_meld_new needs lay_off_before_opening off")
    return problems

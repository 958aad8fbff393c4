"""What the new-game and house-rules screens edit: preset, seats and house rules (pure).

The rules are always the preset's for the chosen number of players plus the options the
player changed (`overrides`); game.rules decides whether they make a game and says why not.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from game.match import Match, Player
from game.rules import PRESETS, Rules, RulesError, from_dict, player_range, preset_rules, validate
from ui.kit.seed import new_seed
from ui.text import options, rules_text
from ui.text.i18n import tr

LEVELS = ("easy", "medium", "hard", "expert")  # "random" is for tests, never offered
MAX_NAME = 16
DEFAULT_PLAYERS = {"classic": 2, "standard": 3, "romme": 3, "hand": 4}


@dataclass
class Seat:
    """One seat as chosen: a name, human or bot, and the bot's level."""

    name: str
    kind: str = "bot"
    level: str = "medium"

    def player(self, fallback: str) -> Player:
        """The seat for the match (an empty name takes the fallback)."""
        name = self.name.strip()[:MAX_NAME] or fallback
        return Player(name, "human") if self.kind == "human" else Player(name, "bot", self.level)


def _seats() -> list[Seat]:
    first = Seat(tr("setup.default_name"), "human")
    names = tr("setup.bot_names").split()  # names players of the language would give
    return [first] + [Seat(name) for name in (names + [""] * 5)[:5]]


@dataclass
class Setup:
    """A new game being set up."""

    preset: str = "classic"
    players: int = 2
    seats: list[Seat] = field(default_factory=_seats)
    overrides: dict[str, Any] = field(default_factory=dict)
    _memo: dict[str, Any] = field(default_factory=dict, init=False, repr=False, compare=False)

    # --- choices -------------------------------------------------------------------

    def choose_preset(self, name: str) -> None:
        """Another preset: its usual number of players and no house rules."""
        if name not in PRESETS:
            raise ValueError(f"unknown preset {name!r}")
        if name != self.preset:
            self.preset = name
            self.overrides = {}
            self.players = DEFAULT_PLAYERS[name]

    def player_range(self) -> tuple[int, int]:
        """How many may play the chosen preset."""
        return player_range(self.preset)

    def set_players(self, count: int) -> None:
        """The number of seats, kept within the preset's range."""
        low, high = self.player_range()
        self.players = max(low, min(high, count))

    def set_option(self, name: str, value: Any) -> None:
        """Change a house rule; an option set back to its default is no change any more."""
        self.overrides = options.with_value(self.overrides, name, value, self.base())
        for key in list(self.overrides):
            rest = {k: v for k, v in self.overrides.items() if k != key}
            if getattr(preset_rules(self.preset, self.players, **rest), key) == self.overrides[key]:
                del self.overrides[key]

    def reset(self) -> None:
        """Back to the preset's rules."""
        self.overrides = {}

    # --- reading -------------------------------------------------------------------

    def base(self) -> Rules:
        """The preset's rules with the changes that other defaults depend on."""
        return preset_rules(self.preset, self.players, **self.overrides)

    def current(self) -> Rules:
        """The rules as chosen, whether or not they make a game."""
        return self._remember("current", lambda: dataclasses.replace(self.base(), **self.overrides))

    def default(self, name: str) -> Any:
        """The preset's value of an option, given the other changes."""
        return rules_text.default(self.current(), name)

    def changed(self, name: str) -> bool:
        """Whether an option differs from the preset's value."""
        return bool(options.get(self.current(), name) != self.default(name))

    def changes(self) -> int:
        """How many options differ from the preset."""
        return self._remember("changes", lambda: sum(self.changed(o.name) for o in options.OPTIONS))

    def problem(self) -> str | None:
        """Why the chosen rules cannot make a game (the model's reason), or None."""

        def check() -> str | None:
            try:
                validate(self.current())
            except RulesError as error:
                return str(error)
            return None

        return self._remember("problem", check)

    def _remember(self, name: str, make: Callable[[], Any]) -> Any:
        """A value worked out once per state of the choices (the screens ask every frame)."""
        state = (self.preset, self.players, tuple(sorted(self.overrides.items())))
        if self._memo.get("state") != state:
            self._memo = {"state": state}
        if name not in self._memo:
            self._memo[name] = make()
        return self._memo[name]

    def rules(self) -> Rules:
        """The validated rules (raises RulesError)."""
        return from_dict({"preset": self.preset, "players": self.players, **self.overrides})

    def humans(self) -> int:
        """How many seats in play are human."""
        return sum(s.kind == "human" for s in self.seats[: self.players])

    def player_list(self) -> list[Player]:
        """The seats in play as match players.

        With several humans nobody may be called "You": the hand-over screen would say
        "Pass to You". Such a seat is called "Player 2" and so on instead.
        """
        out = []
        for i, seat in enumerate(self.seats[: self.players]):
            fallback = tr("setup.player_n", number=i + 1)
            if self.humans() < 2 and i == 0:
                fallback = tr("setup.default_name")
            player = seat.player(fallback)
            if self.humans() >= 2 and player.name == tr("setup.default_name"):
                player = Player(fallback, player.kind, player.level)
            out.append(player)
        return out

    def start(self, seed: int | None = None) -> Match:
        """A new match with these seats and rules (raises RulesError if they make no game)."""
        return Match(self.rules(), self.player_list(), new_seed() if seed is None else seed)

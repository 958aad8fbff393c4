"""The player's settings as the screens use them, and their choices.

`Settings` lives in memory while the game runs; ui.saves_bridge loads and stores it through
the saves package when that exists (until then the settings last one session).
"""

from __future__ import annotations

from dataclasses import dataclass

from ui.look.cardart import BACK_DESIGNS

SPEEDS: tuple[tuple[str, int], ...] = (  # bot speed: pause between two bot actions (ms)
    ("slow", 1300),
    ("normal", 700),
    ("fast", 300),
    ("instant", 0),
)
ANIMATIONS: tuple[tuple[str, float], ...] = (  # card glides: a factor on their duration
    ("slow", 1.6),
    ("normal", 1.0),
    ("fast", 0.6),
    ("off", 0.0),
)
CARD_SIZES: tuple[tuple[str, float], ...] = (("small", 0.85), ("normal", 1.0), ("large", 1.2))
FELTS: dict[str, tuple[tuple[int, int, int], tuple[int, int, int]]] = {  # centre, edge
    "green": ((30, 96, 64), (16, 58, 38)),
    "blue": ((28, 74, 112), (14, 40, 66)),
    "wine": ((106, 36, 48), (60, 18, 26)),
    "slate": ((62, 72, 78), (34, 40, 44)),
}


@dataclass
class Settings:
    """Everything the player can set: language, speeds, deck, card backs, card size, table,
    sound."""

    speed: int = 1  # index into SPEEDS (bot speed)
    four_colour: bool = False
    card_back: str = BACK_DESIGNS[0]  # one of BACK_DESIGNS
    language: str = ""  # "" follows the system's language
    animation: int = 1  # index into ANIMATIONS
    card_size: int = 1  # index into CARD_SIZES
    felt: str = "green"
    sound: bool = True
    confirm_leave: bool = True
    pause_bots: bool = False  # wait after each bot's turn (when another bot plays next)

    @property
    def bot_delay(self) -> int:
        """Milliseconds between two bot actions."""
        return SPEEDS[self.speed][1]

    @property
    def animation_factor(self) -> float:
        """How long card glides take against the normal pace (0: no glides)."""
        return ANIMATIONS[self.animation][1]

    @property
    def card_scale(self) -> float:
        """Hand cards against their normal size for the window."""
        return CARD_SIZES[self.card_size][1]

    @property
    def felt_colours(self) -> tuple[tuple[int, int, int], tuple[int, int, int]]:
        """The table cloth: centre and edge colour."""
        return FELTS.get(self.felt, FELTS["green"])

"""Player settings, kept in the user configuration folder; bad values fall back to defaults."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from game.text import clean_text

from .atomic import write_atomic
from .document import Report, check_version, load_document
from .jsonfile import dumps
from .paths import settings_path

SETTINGS_VERSION = 1
ANIMATION_SPEEDS = ("off", "slow", "normal", "fast")
BOT_SPEEDS = ("slow", "normal", "fast", "instant")  # the names of ui's SPEEDS
TABLE_COLOURS = ("green", "blue", "wine", "slate")  # the felts of ui.prefs.FELTS
CARD_BACKS = ("blue", "red", "green")  # the designs of ui.look.cardart.BACK_DESIGNS
CARD_SCALE_RANGE = (0.8, 1.25)  # ui.layout.CARD_SCALES
# the languages the game speaks: the one list (the UI's i18n takes it from here); a
# language added to the game is added here, with its translation in assets/i18n/
LANGUAGES = ("en", "de", "ar")


@dataclass(frozen=True, slots=True)
class Settings:
    """What the player can set; every field has a default."""

    language: str = ""  # "" follows the system's language
    animation_speed: str = "normal"
    bot_speed: str = "normal"
    four_colour: bool = False
    card_back: str = "blue"
    pause_bots: bool = False  # the table waits after each bot's turn for a click or Space
    card_scale: float = 1.0
    table_colour: str = "green"
    sound: bool = True
    confirm_leave: bool = True


def _choice(options: tuple[str, ...]) -> Callable[[Any], Any]:
    return lambda v: v if v in options else None


def _bool(v: Any) -> Any:
    return v if isinstance(v, bool) else None


def _scale(v: Any) -> Any:
    low, high = CARD_SCALE_RANGE
    ok = isinstance(v, int | float) and not isinstance(v, bool) and low <= v <= high
    return float(v) if ok else None


def _language(v: Any) -> Any:
    return v if isinstance(v, str) and (v == "" or v in LANGUAGES) else None


# each checker returns the value to use, or None when it is not valid
CHECKS: dict[str, Callable[[Any], Any]] = {
    "language": _language,
    "animation_speed": _choice(ANIMATION_SPEEDS),
    "bot_speed": _choice(BOT_SPEEDS),
    "four_colour": _bool,
    "card_back": _choice(CARD_BACKS),
    "pause_bots": _bool,
    "card_scale": _scale,
    "table_colour": _choice(TABLE_COLOURS),
    "sound": _bool,
    "confirm_leave": _bool,
}


def parse_settings(data: Any) -> tuple[Settings, list[str]]:
    """Settings from their JSON value; each unknown or invalid field is reported and ignored."""
    obj = check_version(data, SETTINGS_VERSION, "settings")
    values: dict[str, Any] = {}
    problems: list[str] = []
    for key, raw in obj.items():
        if key == "version":
            continue
        check = CHECKS.get(key)
        value = check(raw) if check else None
        if check is None:
            problems.append(f"The setting “{clean_text(key, 40)}” is unknown and was ignored.")
        elif value is None:
            shown = clean_text(repr(raw), 40)
            problems.append(
                f"The setting “{key}” had an invalid value ({shown}); the default is used."
            )
        else:
            values[key] = value
    return Settings(**values), problems


def settings_json(settings: Settings) -> dict[str, Any]:
    """The settings file's JSON value."""
    return {"version": SETTINGS_VERSION, **dataclasses.asdict(settings)}


def load_settings(base: Path | str | None = None) -> tuple[Settings, Report]:
    """The player's settings and a report of the problems met and what was done about them
    (a list of sentences to show, with the facts as attributes; never raises)."""
    path = settings_path(base)
    return load_document(path, parse_settings, Settings, "settings", settings_json)


def save_settings(settings: Settings, base: Path | str | None = None) -> str | None:
    """Write the settings atomically (small: call it on change). None when they were
    saved, else why not, in a sentence to show (never raises)."""
    try:
        write_atomic(settings_path(base), dumps(settings_json(settings)), backup=True)
    except OSError as e:
        return f"The settings could not be saved: {e.strerror or e}."
    return None

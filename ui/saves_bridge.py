"""The one place where the UI meets the saves package: settings, statistics, continue.

Every call is guarded: if the saves package is missing or a file cannot be read or
written, the game goes on (settings in memory, no Continue, no statistics) and the
reason goes to stderr. Autosaving during play is wired separately (see saves/__init__).
"""

from __future__ import annotations

import importlib
import sys
import traceback
from collections.abc import Callable
from types import ModuleType
from typing import Any, TypeVar

from game.match import Match
from ui.prefs import ANIMATIONS, CARD_SIZES, FELTS, SPEEDS, Settings

T = TypeVar("T")


def _saves() -> ModuleType | None:
    try:
        return importlib.import_module("saves")
    except ImportError:
        return None


def _guard(work: Callable[[ModuleType], T], fallback: T) -> T:
    """Run `work` with the saves package; the fallback when it is missing or fails."""
    saves = _saves()
    if saves is None:
        return fallback
    try:
        return work(saves)
    except Exception:  # a broken save must never stop the game
        traceback.print_exc(file=sys.stderr)
        return fallback


def continue_available() -> bool:
    """True when saves hold a match that is not over."""
    return _guard(lambda s: s.latest_save() is not None, False)


def continue_match() -> Match | None:
    """The most recent match in progress, if it opens."""

    def load(saves: ModuleType) -> Match | None:
        info = saves.latest_save()
        loaded = saves.open_save(info.path) if info is not None else None
        return loaded.match if isinstance(loaded, saves.Loaded) else None

    return _guard(load, None)


def stats_available() -> bool:
    """True when the saves package keeps statistics."""
    return _saves() is not None


def preset_stats(presets: tuple[str, ...]) -> dict[str, Any]:
    """The statistics of each preset (objects with matches_played, matches_won, …)."""
    return _guard(lambda s: {p: s.load_stats()[0].of(p) for p in presets}, {})


def load_settings() -> Settings:
    """The saved settings, or the defaults."""
    return _guard(lambda s: from_saved(s.load_settings()[0]), Settings())


def save_settings(settings: Settings) -> None:
    """Store the settings (nothing happens without the saves package)."""
    _guard(lambda s: s.save_settings(s.Settings(**to_saved(settings))), None)


def to_saved(st: Settings) -> dict[str, Any]:
    """Our settings as the fields of saves.Settings."""
    return {
        "language": st.language,
        "animation_speed": ANIMATIONS[st.animation][0],
        "bot_speed": SPEEDS[st.speed][0],
        "four_colour": st.four_colour,
        "card_scale": CARD_SIZES[st.card_size][1],
        "table_colour": st.felt,
        "sound": st.sound,
        "confirm_leave": st.confirm_leave,
    }


def from_saved(saved: Any) -> Settings:
    """Our settings from a saves.Settings (values we do not know keep their defaults)."""

    def index(choices: tuple[tuple[str, Any], ...], name: Any, default: int) -> int:
        names = [n for n, _ in choices]
        return names.index(name) if name in names else default

    scale = saved.card_scale if isinstance(saved.card_scale, int | float) else 1.0
    return Settings(
        speed=index(SPEEDS, saved.bot_speed, 1),
        four_colour=bool(saved.four_colour),
        language=saved.language if isinstance(saved.language, str) else "",
        animation=index(ANIMATIONS, saved.animation_speed, 1),
        card_size=min(range(len(CARD_SIZES)), key=lambda i: abs(CARD_SIZES[i][1] - scale)),
        felt=saved.table_colour if saved.table_colour in FELTS else "green",
        sound=bool(saved.sound),
        confirm_leave=bool(saved.confirm_leave),
    )

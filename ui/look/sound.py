"""The table's sounds (draw, meld, discard, round end), played only where a mixer works.

The mixer is opened on the first sound; if it cannot be (no sound card, a headless run)
the game stays silent and says nothing.
"""

from __future__ import annotations

import contextlib

import pygame

from game import actions as A
from ui.look.assets import asset_path

NAMES = ("draw", "meld", "discard", "round_end")

_state: dict[str, object] = {"tried": False}
_sounds: dict[str, pygame.mixer.Sound] = {}


def _ready() -> bool:
    """Open the mixer and load the sounds once; False when there is no sound."""
    if not _state["tried"]:
        _state["tried"] = True
        try:
            if not pygame.mixer.get_init():
                pygame.mixer.init()
            for name in NAMES:
                _sounds[name] = pygame.mixer.Sound(str(asset_path("sounds", f"{name}.wav")))
                _sounds[name].set_volume(0.6)
        except (pygame.error, FileNotFoundError, OSError):
            _sounds.clear()
    return bool(_sounds)


def play(name: str) -> None:
    """Play a sound if there is sound."""
    if _ready() and name in _sounds:
        with contextlib.suppress(pygame.error):  # no free channel: the sound is skipped
            _sounds[name].play()


def for_action(action: A.Action) -> str | None:
    """The sound of an action, if it has one."""
    if isinstance(action, A.Draw | A.Take):
        return "draw"
    if isinstance(action, A.Meld | A.LayOff | A.Swap):
        return "meld"
    if isinstance(action, A.Discard):
        return "discard"
    return None

"""The table's sounds (draw, meld, discard, round end), played only where a mixer works.

The mixer is opened once, at start (`available`); if it cannot be (no sound device, a
headless run) the game stays silent, Settings says that no sound device was found, and
nothing is printed: what the sound system says while it fails goes nowhere.
"""

from __future__ import annotations

import contextlib
import os
import sys
from collections.abc import Iterator

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
                with _quiet_stderr():  # ALSA and the like write their complaints there
                    pygame.mixer.init()
            for name in NAMES:
                _sounds[name] = pygame.mixer.Sound(str(asset_path("sounds", f"{name}.wav")))
                _sounds[name].set_volume(0.6)
        except (pygame.error, FileNotFoundError, OSError):
            _sounds.clear()
    return bool(_sounds)


def available() -> bool:
    """Whether the game can make sound (the mixer is tried once, quietly)."""
    return _ready()


@contextlib.contextmanager
def _quiet_stderr() -> Iterator[None]:
    """The process's standard error (the file descriptor C libraries write to) sent
    nowhere for a moment."""
    fd = 2  # what C libraries write to, whatever Python's sys.stderr is now
    try:
        os.fstat(fd)
    except OSError:  # no stderr at all (a windowed build)
        yield
        return
    saved, null = os.dup(fd), os.open(os.devnull, os.O_WRONLY)
    try:
        with contextlib.suppress(AttributeError, OSError, ValueError):
            sys.stderr.flush()
        os.dup2(null, fd)
        yield
    finally:
        os.dup2(saved, fd)
        os.close(saved)
        os.close(null)


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

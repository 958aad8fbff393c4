"""Bots: each level looks at a PlayerView and returns one of its legal actions.

A bot is a pure function of the view (its own randomness is seeded from the view), so
it cannot see hidden cards and the same view always gives the same decision. That also
lets the UI run it off the frame loop and throw the answer away if the game moved on.
"""

from __future__ import annotations

from collections.abc import Callable

from ..actions import Action
from ..view import PlayerView
from .expert import choose_expert
from .hard import choose_hard
from .medium import choose_medium
from .simple import choose_easy, choose_random

LEVELS = ("random", "easy", "medium", "hard", "expert")

Chooser = Callable[[PlayerView], Action]


def chooser(level: str) -> Chooser:
    """The decision function of a bot level."""
    if level == "random":
        return choose_random
    if level == "easy":
        return choose_easy
    if level in ("medium", "hard"):
        return choose_medium if level == "medium" else choose_hard
    if level == "expert":
        return choose_expert
    raise ValueError(f"unknown bot level {level!r} (known: {', '.join(LEVELS)})")


def choose(view: PlayerView, level: str) -> Action:
    """The action a bot of ``level`` takes in ``view`` (which must be its turn)."""
    return chooser(level)(view)

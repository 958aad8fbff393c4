"""Scenes: one screen of the game each (the table now; title, new game and others later).

The app's loop hands every scene the same calls, in this order, once per frame:
`handle` for each pending event, `update` once, then `draw`.
"""

from __future__ import annotations

from typing import Protocol

import pygame


class Scene(Protocol):
    """What the app's loop needs from a screen."""

    def handle(self, event: pygame.event.Event, now: int) -> None:
        """React to one input event; `now` is the app clock in milliseconds."""

    def update(self, now: int) -> None:
        """Advance animations, bots and timers to `now`."""

    def draw(self, surface: pygame.Surface, now: int) -> None:
        """Draw the whole screen."""

    def resize(self, size: tuple[int, int]) -> None:
        """The window has a new size."""

    def report(self, error: BaseException) -> None:
        """Something failed while handling input or updating: say so, keep going."""

    @property
    def wants_quit(self) -> bool:
        """True once the player has asked to leave the game."""
        ...

"""The Scene protocol: what the app's loop needs from a screen (title, table, settings, …).

The app's loop hands every scene the same calls, in this order, once per frame:
`handle` for each pending event, `update` once, then `draw`. `enter` is called when the
scene is shown (again) after another one, `resize` whenever the window changes.
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

    def enter(self) -> None:
        """The scene is shown (again): pick up changed settings."""

    def report(self, error: BaseException) -> None:
        """Something failed while handling input or updating: say so, keep going."""

    @property
    def wants_quit(self) -> bool:
        """True once the player has asked to leave the game."""
        ...

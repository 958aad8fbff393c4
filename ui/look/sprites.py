"""Card images at every width the table uses, converted for fast blits and cached."""

from __future__ import annotations

from collections import OrderedDict

import pygame

from game.cards import Face
from ui.look.cardart import BACK_DESIGNS, CardArt

MAX_WIDTHS = 10  # hand, piles, melds, opponents, sheet, and a few sizes left from a resize


class Deck:
    """Card faces, backs, shadows and outlines by width; the optional four-colour deck and
    the chosen design of the backs."""

    def __init__(
        self,
        four_colour: bool = False,
        rank_names: dict[int, str] | None = None,
        back: str = BACK_DESIGNS[0],
    ) -> None:
        self.four_colour = four_colour
        self.rank_names = dict(rank_names or {})
        self.back_design = back
        self._arts: OrderedDict[int, CardArt] = OrderedDict()
        self._ready: dict[tuple[object, ...], pygame.Surface] = {}

    def set_four_colour(self, on: bool) -> None:
        """Switch the deck's colours; every image is drawn again on demand."""
        if on != self.four_colour:
            self.four_colour = on
            self._arts.clear()
            self._ready.clear()

    def set_rank_names(self, names: dict[int, str]) -> None:
        """Print the picture cards and aces with another language's letters (German B D K)."""
        if names != self.rank_names:
            self.rank_names = dict(names)
            self._arts.clear()
            self._ready.clear()

    def set_back(self, design: str) -> None:
        """Show the backs in another design (one of BACK_DESIGNS; the others draw the first)."""
        self.back_design = design

    def art(self, width: int) -> CardArt:
        """The card artist for a width (the least recently used width is dropped)."""
        art = self._arts.get(width)
        if art is None:
            art = self._arts[width] = CardArt(width, self.four_colour, self.rank_names)
            if len(self._arts) > MAX_WIDTHS:
                old, _ = self._arts.popitem(last=False)
                self._ready = {k: v for k, v in self._ready.items() if k[1] != old}
        self._arts.move_to_end(width)
        return art

    def _get(self, key: tuple[object, ...], width: int, make: object) -> pygame.Surface:
        surf = self._ready.get(key)
        if surf is None:
            raw: pygame.Surface = make(self.art(width))  # type: ignore[operator]
            surf = raw.convert_alpha() if pygame.display.get_surface() is not None else raw
            self._ready[key] = surf
        return surf

    def face(self, face: Face, width: int) -> pygame.Surface:
        """The front of a card."""
        return self._get(("face", width, face), width, lambda a: a.face(face))

    def back(self, width: int) -> pygame.Surface:
        """The back of a card, in the chosen design."""
        design = self.back_design
        return self._get(("back", width, design), width, lambda a: a.back(design))

    def shadow(self, width: int) -> tuple[pygame.Surface, tuple[int, int]]:
        """A soft shadow and where to put it relative to the card's corner."""
        art = self.art(width)
        return self._get(("shadow", width), width, lambda a: a.shadow()), art.shadow_offset()

    def outline(
        self, width: int, colour: tuple[int, int, int], px: int, dashed: bool = False
    ) -> pygame.Surface:
        """A rounded frame the size of a card."""
        key = ("outline", width, colour, px, dashed)
        return self._get(key, width, lambda a: a.outline(colour, px, dashed))

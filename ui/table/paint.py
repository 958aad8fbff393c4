"""Small drawing helpers shared by the table's painters: cards, outlines, frames, tags."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.cards import Card
from ui.kit.rect import Rect
from ui.look import theme

if TYPE_CHECKING:
    from ui.table.scene import TableScene


def blit_card(
    surface: pygame.Surface, scene: TableScene, card: Card | None, rect: Rect, shadow: bool = True
) -> None:
    """A card (or a back, for None) with its soft shadow."""
    deck = scene.deck
    if shadow:
        shade, (dx, dy) = deck.shadow(rect.w)
        surface.blit(shade, (rect.x + dx, rect.y + dy))
    image = deck.face(card.face, rect.w) if card is not None else deck.back(rect.w)
    surface.blit(image, (rect.x, rect.y))


def outline(
    surface: pygame.Surface,
    scene: TableScene,
    rect: Rect,
    colour: theme.RGB,
    dashed: bool = False,
    px: int = 0,
) -> None:
    """A rounded frame on a card (`px` thick; by default a little under 1/28 of its width)."""
    px = px or max(2, rect.w // 28)
    surface.blit(scene.deck.outline(rect.w, colour, px, dashed), (rect.x, rect.y))


def frame_box(surface: pygame.Surface, box: Rect, colour: theme.RGB, dashed: bool) -> None:
    """A rounded frame just around a box (a meld, the open table)."""
    pad = max(3, box.h // 30)
    r = box.inflate(pad, pad)
    image = theme.frame((r.w, r.h), colour, max(3, pad // 2 + 2), max(4, box.h // 14), dashed)
    surface.blit(image, (r.x, r.y))


def chip(surface: pygame.Surface, words: str, at: tuple[int, int], h: int, fill: theme.RGB) -> None:
    """A pill with dark text: counts, the dealer, announcements."""
    img = theme.text(words, round(h * 0.72), theme.INK, True)
    w = chip_width(words, h)
    surface.blit(theme.panel((w, h), (*fill, 230), h // 2), at)
    surface.blit(img, img.get_rect(center=(at[0] + w // 2, at[1] + h // 2)))


def mirror_in(box: Rect, x: int, w: int) -> int:
    """Where a piece `w` wide drawn at `x` in a box goes: there, or at the mirrored place in
    the box in a language written right to left."""
    return box.x + theme.mirror_x(x - box.x, w, box.w)


def chip_width(words: str, h: int) -> int:
    """How wide `chip` draws a pill of words `h` high."""
    return max(h, theme.text(words, round(h * 0.72), theme.INK, True).get_width() + 10)


def lighter(colour: theme.RGB, by: int = 70) -> theme.RGB:
    """A colour lifted towards white, to read on the dark felt."""
    r, g, b = (min(255, c + by) for c in colour)
    return (r, g, b)

"""Card faces, backs, outlines and shadows, drawn by code with pygame at one card width."""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable, Mapping

import pygame
from pygame.typing import ColorLike

from game.cards import RANK_NAMES, Face, Suit
from ui.look import cardart_parts as parts
from ui.look.cardart_parts import RGB

PAPER: RGB = (253, 253, 250)
EDGE: RGB = (140, 140, 135)
RED: RGB = (205, 20, 35)
BLACK: RGB = (20, 20, 25)
BLUE: RGB = (20, 70, 200)
GREEN: RGB = (10, 130, 45)
GREY: RGB = (90, 90, 95)  # a suitless face (what a wild stands for in a set)
JOKER_INK: RGB = (120, 30, 150)
GOLD: RGB = (240, 175, 20)
COURT_FILL: RGB = (250, 238, 200)  # the warm panel of court cards, whatever the suit
BACK_FILL: RGB = (22, 44, 98)
BACK_LINE: RGB = (70, 105, 170)

TWO_COLOUR: dict[Suit, RGB] = {Suit.S: BLACK, Suit.H: RED, Suit.D: RED, Suit.C: BLACK}
FOUR_COLOUR: dict[Suit, RGB] = {Suit.S: BLACK, Suit.H: RED, Suit.D: BLUE, Suit.C: GREEN}

_MIN_PIP = 11  # smaller pips are specks: a narrow card shows one big symbol instead

# Pip centres in the pip box (0..1 both ways), the classic layouts of a French deck.
_SIDE2 = ((0.0, 0.0), (1.0, 0.0), (0.0, 1.0), (1.0, 1.0))
_SIDE3 = (*_SIDE2, (0.0, 0.5), (1.0, 0.5))
_SIDE4 = (*_SIDE2, (0.0, 1 / 3), (1.0, 1 / 3), (0.0, 2 / 3), (1.0, 2 / 3))
PIPS: dict[int, tuple[tuple[float, float], ...]] = {
    2: ((0.5, 0.0), (0.5, 1.0)),
    3: ((0.5, 0.0), (0.5, 0.5), (0.5, 1.0)),
    4: _SIDE2,
    5: (*_SIDE2, (0.5, 0.5)),
    6: _SIDE3,
    7: (*_SIDE3, (0.5, 0.25)),
    8: (*_SIDE3, (0.5, 0.25), (0.5, 0.75)),
    9: (*_SIDE4, (0.5, 0.5)),
    10: (*_SIDE4, (0.5, 1 / 6), (0.5, 5 / 6)),
}


def _index_cap(width: int) -> int:
    """Rank height in the corner index: a larger share of a small card, so it stays readable."""
    t = min(1.0, max(0.0, (width - 56) / (110 - 56)))
    return round(width * (0.31 - 0.11 * t))


class CardArt:
    """Renders card faces and backs at one card width, cached."""

    def __init__(
        self, width: int, four_colour: bool = False, rank_names: Mapping[int, str] | None = None
    ) -> None:
        self.width = width
        self.height = round(width * 88 / 63)
        self.size = (self.width, self.height)
        self.radius = max(2.0, width * 0.06)
        self.colours = FOUR_COLOUR if four_colour else TWO_COLOUR
        self.rank_names = {**RANK_NAMES, **(rank_names or {})}
        self.pad = max(2, round(width * 0.05))
        self.cap = _index_cap(width)
        self.col_w = round(self.cap * 1.05)
        self.suit_h = round(self.cap * 0.85)
        self.index_h = self.cap + max(1, round(self.cap * 0.2)) + self.suit_h
        # The body lives in the strip between the two index columns.
        self.left = self.pad + self.col_w + max(2, round(width * 0.04))
        self.right = width - self.left
        self._faces: dict[Face, pygame.Surface] = {}
        self._misc: dict[tuple[object, ...], pygame.Surface] = {}

    def face(self, face: Face) -> pygame.Surface:
        """The front of a card, per-pixel alpha, rounded; cached: the same object each time."""
        surf = self._faces.get(face)
        if surf is None:
            surf = self._faces[face] = self._draw_face(face)
        return surf

    def back(self) -> pygame.Surface:
        """The back of a card: a calm blue lattice inside a white border."""
        return self._cached(("back",), self._draw_back)

    def outline(self, colour: ColorLike, width_px: int, dashed: bool = False) -> pygame.Surface:
        """A rounded frame the size of a card, its outer edge on the card's edge."""
        rgba = tuple(pygame.Color(colour))
        return self._cached(
            ("outline", rgba, width_px, dashed),
            lambda: self._draw_outline(pygame.Color(colour), width_px, dashed),
        )

    def shadow(self) -> pygame.Surface:
        """A soft shadow; blit it at the card's position plus shadow_offset()."""
        return self._cached(("shadow",), self._draw_shadow)

    def shadow_offset(self) -> tuple[int, int]:
        """Where to blit shadow() relative to the card's top-left: a little down and right."""
        blur = self._blur()
        return (round(self.width * 0.02) - 2 * blur, round(self.width * 0.04) - 2 * blur)

    def colour_of(self, suit: Suit) -> RGB:
        """The ink colour of a suit in this deck."""
        return self.colours[suit]

    def _cached(
        self, key: tuple[object, ...], draw: Callable[[], pygame.Surface]
    ) -> pygame.Surface:
        """Draw something once per key."""
        surf = self._misc.get(key)
        if surf is None:
            surf = self._misc[key] = draw()
        return surf

    def _blank(self) -> pygame.Surface:
        """White card with a thin grey edge and rounded corners."""
        edge = max(1.0, self.width / 100)
        return self._cached(
            ("blank",),
            lambda: parts.rounded(self.size, [(EDGE, 0), (PAPER, edge)], self.radius),
        )

    def _draw_face(self, face: Face) -> pygame.Surface:
        """Compose one face: corner indices and body."""
        surf = self._blank().copy()
        if face.is_joker:
            self._draw_joker(surf)
            return surf
        colour = GREY if face.suit is None else self.colours[face.suit]
        symbol = "" if face.suit is None else face.suit.symbol
        self._draw_indices(surf, self._index(self.rank_names[face.rank], symbol, colour))
        if not symbol:
            return surf
        if face.rank in PIPS and self._pip_size() >= _MIN_PIP:
            self._draw_pips(surf, PIPS[face.rank], symbol, colour)
        elif face.rank > 10:
            self._draw_court(surf, self.rank_names[face.rank], symbol, colour)
        else:
            self._draw_centre_symbol(surf, symbol, colour)
        return surf

    def _index(self, rank: str, symbol: str, colour: RGB) -> pygame.Surface:
        """The corner index: rank over suit symbol, centred in one column."""
        block = pygame.Surface((self.col_w, self.index_h), pygame.SRCALPHA)
        text = parts.text(rank, self.cap, (self.col_w, round(self.cap * 1.15)), colour)
        block.blit(text, text.get_rect(midtop=(self.col_w // 2, 0)))
        if symbol:
            pip = parts.symbol(symbol, min(self.suit_h, round(self.col_w * 0.9)), colour)
            block.blit(pip, pip.get_rect(midbottom=(self.col_w // 2, self.index_h)))
        return block

    def _draw_indices(self, surf: pygame.Surface, block: pygame.Surface) -> None:
        """Put an index block top-left and, turned over, bottom-right."""
        surf.blit(block, (self.pad, self.pad))
        turned = pygame.transform.rotate(block, 180)
        surf.blit(
            turned, turned.get_rect(bottomright=(self.width - self.pad, self.height - self.pad))
        )

    def _pip_size(self) -> int:
        """Pip height: three columns share the body strip, the middle one staggered."""
        return max(4, min(round((self.right - self.left) / 2.4), round(self.width * 0.19)))

    def _draw_pips(
        self,
        surf: pygame.Surface,
        layout: tuple[tuple[float, float], ...],
        symbol: str,
        colour: RGB,
    ) -> None:
        """The classic pip layout; pips in the lower half stand upside down, as on real cards."""
        p = self._pip_size()
        pip = parts.symbol(symbol, p, colour)
        turned = pygame.transform.rotate(pip, 180)
        x0, x1 = self.left + p / 2, self.right - p / 2
        # The top row starts level with the index's middle, so pips don't read as part of it.
        y0 = self.pad + self.cap * 0.45 + p / 2
        y1 = self.height - y0
        for fx, fy in layout:
            centre = (x0 + (x1 - x0) * fx, y0 + (y1 - y0) * fy)
            parts.blit_centred(surf, turned if fy > 0.5 else pip, centre)

    def _draw_centre_symbol(self, surf: pygame.Surface, symbol: str, colour: RGB) -> None:
        """One big suit symbol in the middle (aces, and number cards too narrow for pips)."""
        # Clear of the indices either beside them (the strip) or between them (above and below).
        between = self.height - 2 * (self.pad + self.index_h + 2)
        side = min(max(self.right - self.left, between), round(self.width * 0.5))
        if side < _MIN_PIP:  # a speck is noise; the indices say it all
            return
        parts.blit_centred(
            surf, parts.symbol(symbol, side, colour), (self.width / 2, self.height / 2)
        )

    def _draw_court(self, surf: pygame.Surface, letter: str, symbol: str, colour: RGB) -> None:
        """A framed panel, double-ended like a court card: letter and suit, and turned over."""
        line = max(1, round(self.width / 70))
        if self.right - self.left < 4 * _MIN_PIP:  # no room for a letter between the indices
            self._draw_court_corners(surf, letter, symbol, colour, line)
            return
        panel = pygame.Rect(self.left, self.pad, self.right - self.left, self.height - 2 * self.pad)
        pygame.draw.rect(surf, COURT_FILL, panel, border_radius=line * 2)
        pygame.draw.rect(surf, colour, panel, line, border_radius=line * 2)
        half = self._court_half(panel.size, letter, symbol, colour, line)
        surf.blit(half, panel.topleft)
        surf.blit(pygame.transform.rotate(half, 180), half.get_rect(bottomleft=panel.bottomleft))
        y = panel.centery
        pygame.draw.line(
            surf, colour, (panel.left + 3 * line, y), (panel.right - 3 * line, y), line
        )

    def _draw_court_corners(
        self, surf: pygame.Surface, letter: str, symbol: str, colour: RGB, line: int
    ) -> None:
        """A small card's court: a panel beside each index, letter over suit, one turned over."""
        gap = max(1, round(self.width * 0.02))
        size = (self.width - self.pad - self.left, round(self.height / 2 - gap) - self.pad)
        radius = max(2.0, self.width * 0.05)
        panel = parts.rounded(size, [(colour, 0), (COURT_FILL, line)], radius)
        inner_w, inner_h = size[0] - 4 * line, size[1] - 4 * line
        side = min(round(inner_h * 0.3), inner_w)
        pip = parts.symbol(symbol, side, colour) if side >= 8 else None  # else a speck
        cap = min(round(inner_h * (0.75 if pip is None else 0.56)), round(inner_w * 0.8))
        text = parts.text(letter, cap, (inner_w, round(cap * 1.15)), colour)
        space = line if pip is None else max(line, round(cap * 0.12))
        block_h = text.get_height() + (0 if pip is None else space + pip.get_height())
        top = (size[1] - block_h) // 2
        panel.blit(text, text.get_rect(midtop=(size[0] // 2, top)))
        if pip is not None:
            panel.blit(pip, pip.get_rect(midtop=(size[0] // 2, top + text.get_height() + space)))
        surf.blit(panel, (self.left, self.pad))
        turned = pygame.transform.rotate(panel, 180)
        surf.blit(turned, turned.get_rect(bottomright=(self.right, self.height - self.pad)))

    def _court_half(
        self, size: tuple[int, int], letter: str, symbol: str, colour: RGB, line: int
    ) -> pygame.Surface:
        """The upper half of a court panel: a big letter over the suit symbol."""
        w, h = size[0], size[1] // 2
        half = pygame.Surface((w, h), pygame.SRCALPHA)
        inner = w - 4 * line
        cap = min(round(inner * 0.8), round(h * 0.42))
        text = parts.text(letter, cap, (round(inner * 0.9), round(cap * 1.15)), colour)
        pip = parts.symbol(symbol, min(round(inner * 0.6), round(h * 0.3)), colour)
        y = round(h * 0.12)
        half.blit(text, text.get_rect(midtop=(w // 2, y)))
        half.blit(pip, pip.get_rect(midtop=(w // 2, y + round(cap * 1.15) + 2 * line)))
        return half

    def _draw_joker(self, surf: pygame.Surface) -> None:
        """JOKER spelled down both index columns in purple, and a gold star in the middle."""
        letter_h = round(self.cap * 0.62)
        step = letter_h + max(1, round(letter_h * 0.3))
        block = pygame.Surface((self.col_w, step * 5), pygame.SRCALPHA)
        for i, ch in enumerate("JOKER"):
            glyph = parts.text(ch, letter_h, (self.col_w, round(letter_h * 1.15)), JOKER_INK)
            block.blit(glyph, glyph.get_rect(midtop=(self.col_w // 2, i * step)))
        self._draw_indices(surf, block)
        side = self.right - self.left
        if side < _MIN_PIP:  # specks of colour would be noise; the purple JOKER is enough
            return
        x, y = self.width / 2, self.height / 2
        parts.blit_centred(surf, parts.symbol("★", side, GOLD), (x, y))
        parts.blit_centred(surf, parts.symbol("★", side // 2, JOKER_INK), (x, y))
        small = side // 2
        reach = (self.height - 2 * self.pad - small) / 2
        for fy, colour in zip((-1.0, -0.62, 0.62, 1.0), (RED, BLUE, GREEN, RED), strict=True):
            parts.blit_centred(surf, parts.symbol("★", small, colour), (x, y + fy * reach))

    def _draw_back(self) -> pygame.Surface:
        """White border, dark blue field with a lighter diagonal lattice and an inner frame."""
        w, h = self.width * parts.SS, self.height * parts.SS
        field = pygame.Surface((w, h), pygame.SRCALPHA)
        field.fill(BACK_FILL)
        spacing, line = w / 7, max(1, round(self.width * 0.012 * parts.SS))
        for i in range(-8, 8 + round(h / spacing)):
            x = i * spacing
            pygame.draw.line(field, BACK_LINE, (x, 0), (x + h, h), line)
            pygame.draw.line(field, BACK_LINE, (x, h), (x + h, 0), line)
        margin = max(2.0, self.width * 0.06)
        mask = parts.rounded_mask((w, h), margin * parts.SS, (self.radius - margin / 2) * parts.SS)
        field.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
        frame = margin + self.width * 0.04
        rect = pygame.Rect(0, 0, w, h).inflate(-2 * frame * parts.SS, -2 * frame * parts.SS)
        pygame.draw.rect(
            field, BACK_LINE, rect, line, border_radius=round(self.radius * parts.SS / 2)
        )
        card = self._blank().copy()
        card.blit(pygame.transform.smoothscale(field, self.size), (0, 0))
        return card

    def _draw_outline(self, colour: pygame.Color, width_px: int, dashed: bool) -> pygame.Surface:
        """A solid or dashed rounded frame, drawn large for smooth edges."""
        big = pygame.Surface((self.width * parts.SS, self.height * parts.SS), pygame.SRCALPHA)
        big.fill((colour.r, colour.g, colour.b, 0))
        if not dashed:
            r = round(self.radius * parts.SS)
            pygame.draw.rect(big, colour, big.get_rect(), width_px * parts.SS, border_radius=r)
            return pygame.transform.smoothscale(big, self.size)
        half = width_px * parts.SS / 2
        points = parts.frame_polyline(big.get_size(), half, self.radius * parts.SS)
        perimeter = sum(math.dist(a, b) for a, b in itertools.pairwise(points))
        dash = max(3.0 * width_px, self.width * 0.09) * parts.SS
        period = perimeter / max(4, round(perimeter / (dash * 1.8)))
        for x, y, travelled in parts.walk(points, max(1.0, half / 2)):
            if travelled % period < period / 1.8:
                pygame.draw.circle(big, colour, (x, y), half)
        return pygame.transform.smoothscale(big, self.size)

    def _blur(self) -> int:
        """Shadow softness in pixels."""
        return max(2, round(self.width * 0.04))

    def _draw_shadow(self) -> pygame.Surface:
        """A dark, blurred rounded rectangle a little larger than the card."""
        blur = self._blur()
        surf = pygame.Surface((self.width + 4 * blur, self.height + 4 * blur), pygame.SRCALPHA)
        rect = pygame.Rect(2 * blur, 2 * blur, self.width, self.height)
        pygame.draw.rect(surf, (0, 0, 0, 110), rect, border_radius=round(self.radius))
        return pygame.transform.gaussian_blur(surf, blur, repeat_edge_pixels=False)

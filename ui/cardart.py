"""Card faces, backs, outlines and shadows, drawn by code with pygame at one card width."""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable, Iterator, Mapping
from functools import lru_cache

import pygame
from pygame.typing import ColorLike

from game.cards import RANK_NAMES, Face, Suit
from ui.assets import font_path

RGB = tuple[int, int, int]

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

# pygame.draw has no anti-aliased rounded shapes: draw them this many times larger, then scale.
_SS = 4
_CAP = 0.73  # DejaVu Sans cap height (and suit glyph height) per em
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

_fonts: dict[tuple[bool, int], pygame.font.Font] = {}


def _font(size: int, bold: bool) -> pygame.font.Font:
    """The bundled font at a size, cached: opening a font file is slow."""
    font = _fonts.get((bold, size))
    if font is None:
        if not pygame.font.get_init():
            pygame.font.init()
        font = _fonts[(bold, size)] = pygame.font.Font(font_path(bold), size)
    return font


@lru_cache(maxsize=2048)
def _glyphs(text: str, size: int, colour: RGB, bold: bool) -> pygame.Surface:
    """Text rendered anti-aliased and cropped to its ink; letters set tight (a narrow "10")."""
    parts = [_font(size, bold).render(ch, True, colour) for ch in text]
    crops = [p.subsurface(p.get_bounding_rect()) for p in parts]
    gap = max(1, size // 25)
    top = min(p.get_bounding_rect().top for p in parts)
    bottom = max(p.get_bounding_rect().bottom for p in parts)
    out = pygame.Surface(
        (sum(c.get_width() for c in crops) + gap * (len(crops) - 1), max(1, bottom - top)),
        pygame.SRCALPHA,
    )
    x = 0
    for part, crop in zip(parts, crops, strict=True):
        out.blit(crop, (x, part.get_bounding_rect().top - top))
        x += crop.get_width() + gap
    return out


@lru_cache(maxsize=2048)
def _text(text: str, cap: int, box: tuple[int, int], colour: RGB) -> pygame.Surface:
    """Bold text with capitals cap pixels high; squeezed, not shrunk, when it overflows the box.

    Squeezing keeps a "10" or a descending J as tall as the other indices, as printed decks do.
    """
    ink = _glyphs(text, max(4, round(cap / _CAP)), colour, True)
    w, h = min(ink.get_width(), max(1, box[0])), min(ink.get_height(), max(1, box[1]))
    if (w, h) != ink.get_size():
        ink = pygame.transform.smoothscale(ink, (w, h))
    return ink


@lru_cache(maxsize=2048)
def _symbol(symbol: str, side: int, colour: RGB) -> pygame.Surface:
    """A symbol (suit, star) as large as fits a square, keeping its shape."""
    side = max(1, side)
    size = max(4, round(side / _CAP))
    ink = _glyphs(symbol, size, colour, False)
    if max(ink.get_size()) > side:
        ink = _glyphs(symbol, max(4, int(size * side / max(ink.get_size()))), colour, False)
    return ink


def _blit_centred(dest: pygame.Surface, src: pygame.Surface, centre: tuple[float, float]) -> None:
    """Blit src with its centre at a point."""
    dest.blit(src, src.get_rect(center=(round(centre[0]), round(centre[1]))))


def _rounded(
    size: tuple[int, int], layers: list[tuple[RGB, float]], radius: float
) -> pygame.Surface:
    """Nested opaque rounded rectangles (colour, inset), drawn large and scaled down smooth."""
    big = pygame.Surface((size[0] * _SS, size[1] * _SS), pygame.SRCALPHA)
    # Transparent pixels carry the first colour so smoothscale leaves no dark fringe.
    big.fill((*layers[0][0], 0))
    for colour, inset in layers:
        rect = big.get_rect().inflate(-2 * inset * _SS, -2 * inset * _SS)
        pygame.draw.rect(big, colour, rect, border_radius=max(0, round((radius - inset) * _SS)))
    return pygame.transform.smoothscale(big, size)


def _frame_polyline(
    size: tuple[int, int], inset: float, radius: float
) -> list[tuple[float, float]]:
    """The centre line of a rounded frame as a closed polyline, clockwise from the top edge."""
    x0, y0, x1, y1 = inset, inset, size[0] - inset, size[1] - inset
    r = max(0.5, radius - inset)
    centres = ((x1 - r, y0 + r), (x1 - r, y1 - r), (x0 + r, y1 - r), (x0 + r, y0 + r))
    points: list[tuple[float, float]] = []
    for k, (cx, cy) in enumerate(centres):
        for i in range(9):
            a = math.pi / 2 * (k - 1 + i / 8)
            points.append((cx + r * math.cos(a), cy + r * math.sin(a)))
    points.append(points[0])
    return points


def _walk(points: list[tuple[float, float]], step: float) -> Iterator[tuple[float, float, float]]:
    """Points every step along a polyline, with the distance travelled to each."""
    done, at = 0.0, 0.0
    for a, b in itertools.pairwise(points):
        length = math.dist(a, b)
        while at < done + length:
            t = (at - done) / length
            yield a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t, at
            at += step
        done += length


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
            lambda: _rounded(self.size, [(EDGE, 0), (PAPER, edge)], self.radius),
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
        text = _text(rank, self.cap, (self.col_w, round(self.cap * 1.15)), colour)
        block.blit(text, text.get_rect(midtop=(self.col_w // 2, 0)))
        if symbol:
            pip = _symbol(symbol, min(self.suit_h, round(self.col_w * 0.9)), colour)
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
        pip = _symbol(symbol, p, colour)
        turned = pygame.transform.rotate(pip, 180)
        x0, x1 = self.left + p / 2, self.right - p / 2
        # The top row starts level with the index's middle, so pips don't read as part of it.
        y0 = self.pad + self.cap * 0.45 + p / 2
        y1 = self.height - y0
        for fx, fy in layout:
            centre = (x0 + (x1 - x0) * fx, y0 + (y1 - y0) * fy)
            _blit_centred(surf, turned if fy > 0.5 else pip, centre)

    def _draw_centre_symbol(self, surf: pygame.Surface, symbol: str, colour: RGB) -> None:
        """One big suit symbol in the middle (aces, and number cards too narrow for pips)."""
        # Clear of the indices either beside them (the strip) or between them (above and below).
        between = self.height - 2 * (self.pad + self.index_h + 2)
        side = min(max(self.right - self.left, between), round(self.width * 0.5))
        if side < _MIN_PIP:  # a speck is noise; the indices say it all
            return
        _blit_centred(surf, _symbol(symbol, side, colour), (self.width / 2, self.height / 2))

    def _draw_court(self, surf: pygame.Surface, letter: str, symbol: str, colour: RGB) -> None:
        """A framed panel, double-ended like a court card: letter and suit, and turned over."""
        panel = pygame.Rect(self.left, self.pad, self.right - self.left, self.height - 2 * self.pad)
        line = max(1, round(self.width / 70))
        pygame.draw.rect(surf, COURT_FILL, panel, border_radius=line * 2)
        pygame.draw.rect(surf, colour, panel, line, border_radius=line * 2)
        side = panel.width - 4 * line
        if side < _MIN_PIP:  # too narrow for anything but the panel itself
            return
        if panel.width < 4 * _MIN_PIP:  # too narrow for a letter: the index already has it
            _blit_centred(surf, _symbol(symbol, side, colour), panel.center)
            return
        half = self._court_half(panel.size, letter, symbol, colour, line)
        surf.blit(half, panel.topleft)
        surf.blit(pygame.transform.rotate(half, 180), half.get_rect(bottomleft=panel.bottomleft))
        y = panel.centery
        pygame.draw.line(
            surf, colour, (panel.left + 3 * line, y), (panel.right - 3 * line, y), line
        )

    def _court_half(
        self, size: tuple[int, int], letter: str, symbol: str, colour: RGB, line: int
    ) -> pygame.Surface:
        """The upper half of a court panel: a big letter over the suit symbol."""
        w, h = size[0], size[1] // 2
        half = pygame.Surface((w, h), pygame.SRCALPHA)
        inner = w - 4 * line
        cap = min(round(inner * 0.8), round(h * 0.42))
        text = _text(letter, cap, (round(inner * 0.9), round(cap * 1.15)), colour)
        pip = _symbol(symbol, min(round(inner * 0.6), round(h * 0.3)), colour)
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
            glyph = _text(ch, letter_h, (self.col_w, round(letter_h * 1.15)), JOKER_INK)
            block.blit(glyph, glyph.get_rect(midtop=(self.col_w // 2, i * step)))
        self._draw_indices(surf, block)
        side = self.right - self.left
        if side < _MIN_PIP:  # specks of colour would be noise; the purple JOKER is enough
            return
        x, y = self.width / 2, self.height / 2
        _blit_centred(surf, _symbol("★", side, GOLD), (x, y))
        _blit_centred(surf, _symbol("★", side // 2, JOKER_INK), (x, y))
        small = side // 2
        reach = (self.height - 2 * self.pad - small) / 2
        for fy, colour in zip((-1.0, -0.62, 0.62, 1.0), (RED, BLUE, GREEN, RED), strict=True):
            _blit_centred(surf, _symbol("★", small, colour), (x, y + fy * reach))

    def _draw_back(self) -> pygame.Surface:
        """White border, dark blue field with a lighter diagonal lattice and an inner frame."""
        w, h = self.width * _SS, self.height * _SS
        field = pygame.Surface((w, h), pygame.SRCALPHA)
        field.fill(BACK_FILL)
        spacing, line = w / 7, max(1, round(self.width * 0.012 * _SS))
        for i in range(-8, 8 + round(h / spacing)):
            x = i * spacing
            pygame.draw.line(field, BACK_LINE, (x, 0), (x + h, h), line)
            pygame.draw.line(field, BACK_LINE, (x, h), (x + h, 0), line)
        margin = max(2.0, self.width * 0.06)
        mask = _rounded_mask((w, h), margin * _SS, (self.radius - margin / 2) * _SS)
        field.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
        frame = margin + self.width * 0.04
        rect = pygame.Rect(0, 0, w, h).inflate(-2 * frame * _SS, -2 * frame * _SS)
        pygame.draw.rect(field, BACK_LINE, rect, line, border_radius=round(self.radius * _SS / 2))
        card = self._blank().copy()
        card.blit(pygame.transform.smoothscale(field, self.size), (0, 0))
        return card

    def _draw_outline(self, colour: pygame.Color, width_px: int, dashed: bool) -> pygame.Surface:
        """A solid or dashed rounded frame, drawn large for smooth edges."""
        big = pygame.Surface((self.width * _SS, self.height * _SS), pygame.SRCALPHA)
        big.fill((colour.r, colour.g, colour.b, 0))
        if not dashed:
            r = round(self.radius * _SS)
            pygame.draw.rect(big, colour, big.get_rect(), width_px * _SS, border_radius=r)
            return pygame.transform.smoothscale(big, self.size)
        half = width_px * _SS / 2
        points = _frame_polyline(big.get_size(), half, self.radius * _SS)
        perimeter = sum(math.dist(a, b) for a, b in itertools.pairwise(points))
        dash = max(3.0 * width_px, self.width * 0.09) * _SS
        period = perimeter / max(4, round(perimeter / (dash * 1.8)))
        for x, y, travelled in _walk(points, max(1.0, half / 2)):
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


def _rounded_mask(size: tuple[int, int], inset: float, radius: float) -> pygame.Surface:
    """White inside a rounded rectangle, transparent outside: cuts a pattern to shape."""
    mask = pygame.Surface(size, pygame.SRCALPHA)
    rect = pygame.Rect(0, 0, *size).inflate(-2 * inset, -2 * inset)
    pygame.draw.rect(mask, (255, 255, 255, 255), rect, border_radius=max(0, round(radius)))
    return mask

"""Card faces, backs, outlines and shadows at one card width, drawn by code with pygame;
the court figures and the joker's jester are pictures shipped in assets/cards, loaded at
their first use and scaled."""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable, Mapping

import pygame
from pygame.typing import ColorLike

from game.cards import RANK_NAMES, RANK_TEXT, Face, Suit
from ui.look import cardart_parts as parts
from ui.look.assets import asset_path
from ui.look.cardart_parts import RGB

PAPER: RGB = (253, 253, 250)
EDGE: RGB = (140, 140, 135)
RED: RGB = (205, 20, 35)
BLACK: RGB = (20, 20, 25)
BLUE: RGB = (20, 70, 200)
GREEN: RGB = (10, 130, 45)
GREY: RGB = (90, 90, 95)  # a suitless face (what a wild stands for in a set)
JOKER_INK: RGB = (120, 30, 150)
COURT_FILL: RGB = (250, 238, 200)  # the warm panel of court cards, whatever the suit
# The card backs: field and line colours; the first is the default.
BACKS: dict[str, tuple[RGB, RGB]] = {
    "blue": ((22, 44, 98), (70, 105, 170)),  # a diagonal lattice
    "red": ((120, 18, 32), (200, 80, 88)),  # rows of small diamonds
    "green": ((16, 74, 50), (214, 174, 74)),  # a gold rosette
}
BACK_DESIGNS = tuple(BACKS)

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


_art: dict[str, pygame.Surface | None] = {}


def _load(name: str) -> pygame.Surface | None:
    """A picture from assets/cards (tools/make_cards.py), read at its first use; None if it
    is missing (the court panel then stays plain)."""
    if name not in _art:
        try:
            _art[name] = pygame.image.load(asset_path("cards", f"{name}.png"))
        except (OSError, pygame.error):
            _art[name] = None
    return _art[name]


def figure(face: Face, four_colour: bool) -> pygame.Surface | None:
    """The upper half of a court card's figure (the four-colour deck's pips in its figures
    are blue on diamonds and green on clubs); None for other faces."""
    if face.suit is None or face.rank not in (11, 12, 13):
        return None
    four = "_four" if four_colour and face.suit in (Suit.D, Suit.C) else ""
    return _load(f"court_{RANK_TEXT[face.rank]}{face.suit.letter}{four}")


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
        self.four_colour = four_colour
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

    def back(self, design: str = BACK_DESIGNS[0]) -> pygame.Surface:
        """The back of a card in one of BACK_DESIGNS (an unknown name gets the first):
        a patterned field inside a white border."""
        design = design if design in BACKS else BACK_DESIGNS[0]
        return self._cached(("back", design), lambda: self._draw_back(design))

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
            self._draw_court(surf, face, colour)
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

    def _draw_court(self, surf: pygame.Surface, face: Face, colour: RGB) -> None:
        """The figure, double-ended: its upper half beside the top index, turned over beside
        the bottom one, each in a frame of the suit's colour; the indices stay clear."""
        line = max(1, round(self.width / 70))
        gap = max(1, round(self.width * 0.02))
        size = (self.width - self.pad - self.left, round(self.height / 2 - gap) - self.pad)
        if min(size) < 4 * line + 2:
            return
        radius = max(2.0, self.width * 0.05)
        panel = parts.rounded(size, [(colour, 0), (COURT_FILL, line)], radius)
        art = figure(face, self.four_colour)
        if art is not None:
            inner = (size[0] - 2 * line, size[1] - 2 * line)
            picture = parts.cover(art, inner)
            mask = parts.rounded_mask(inner, 0, radius - line)
            picture.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
            panel.blit(picture, (line, line))
        surf.blit(panel, (self.left, self.pad))
        turned = pygame.transform.rotate(panel, 180)
        surf.blit(turned, turned.get_rect(bottomright=(self.right, self.height - self.pad)))

    def index_rect(self, face: Face) -> pygame.Rect:
        """Where the top-left index of a face is printed: what must stay in sight in a fan."""
        if face.is_joker:
            return pygame.Rect(self.pad, self.pad, self.col_w, self._joker_step() * 5)
        return pygame.Rect(self.pad, self.pad, self.col_w, self.index_h)

    def _joker_step(self) -> int:
        """Height of one letter of the joker's JOKER, with the space under it."""
        letter_h = round(self.cap * 0.62)
        return letter_h + max(1, round(letter_h * 0.3))

    def _draw_joker(self, surf: pygame.Surface) -> None:
        """JOKER spelled down both index columns in purple, the jester between them."""
        letter_h, step = round(self.cap * 0.62), self._joker_step()
        block = pygame.Surface((self.col_w, step * 5), pygame.SRCALPHA)
        for i, ch in enumerate("JOKER"):
            glyph = parts.text(ch, letter_h, (self.col_w, round(letter_h * 1.15)), JOKER_INK)
            block.blit(glyph, glyph.get_rect(midtop=(self.col_w // 2, i * step)))
        self._draw_indices(surf, block)
        side = self.right - self.left
        if side < _MIN_PIP:  # specks of colour would be noise; the purple JOKER is enough
            return
        x, y = self.width / 2, self.height / 2
        jester = _load("joker")
        if jester is not None:
            w, h = jester.get_size()
            fit = min(side / w, (self.height - 2 * self.pad) * 0.45 / h)
            size = (max(1, round(w * fit)), max(1, round(h * fit)))
            parts.blit_centred(surf, pygame.transform.smoothscale(jester, size), (x, y))
        small = side // 2
        reach = (self.height - 2 * self.pad - small) / 2
        for fy, colour in zip((-1.0, -0.62, 0.62, 1.0), (RED, BLUE, GREEN, RED), strict=True):
            parts.blit_centred(surf, parts.symbol("★", small, colour), (x, y + fy * reach))

    def _draw_back(self, design: str) -> pygame.Surface:
        """White border, then a field with the design's pattern and an inner frame."""
        fill, line_colour = BACKS[design]
        w, h = self.width * parts.SS, self.height * parts.SS
        field = pygame.Surface((w, h), pygame.SRCALPHA)
        field.fill(fill)
        line = max(1, round(self.width * 0.012 * parts.SS))
        pattern = {"blue": _lattice, "red": _diamonds, "green": _rosette}[design]
        pattern(field, fill, line_colour, line)
        margin = max(2.0, self.width * 0.06)
        mask = parts.rounded_mask((w, h), margin * parts.SS, (self.radius - margin / 2) * parts.SS)
        field.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
        frame = margin + self.width * 0.04
        rect = pygame.Rect(0, 0, w, h).inflate(-2 * frame * parts.SS, -2 * frame * parts.SS)
        pygame.draw.rect(
            field, line_colour, rect, line, border_radius=round(self.radius * parts.SS / 2)
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


def _lattice(field: pygame.Surface, fill: RGB, colour: RGB, line: int) -> None:
    """Blue back: a diagonal lattice of thin lines."""
    w, h = field.get_size()
    spacing = w / 7
    for i in range(-8, 8 + round(h / spacing)):
        x = i * spacing
        pygame.draw.line(field, colour, (x, 0), (x + h, h), line)
        pygame.draw.line(field, colour, (x, h), (x + h, 0), line)


def _diamonds(field: pygame.Surface, fill: RGB, colour: RGB, line: int) -> None:
    """Red back: rows of small diamonds, every other row shifted, and an oval in the middle."""
    w, h = field.get_size()
    step = w / 8
    rx, ry = step * 0.3, step * 0.42
    for row in range(-1, round(h / (step / 2)) + 2):
        y = row * step / 2
        shift = step / 2 if row % 2 else 0.0
        for col in range(-1, 10):
            x = col * step + shift
            pygame.draw.polygon(field, colour, [(x, y - ry), (x + rx, y), (x, y + ry), (x - rx, y)])
    oval = pygame.Rect(0, 0, round(w * 0.46), round(h * 0.3))
    oval.center = (w // 2, h // 2)
    pygame.draw.ellipse(field, colour, oval)
    pygame.draw.ellipse(field, fill, oval.inflate(-4 * line, -4 * line))
    pygame.draw.ellipse(field, colour, oval.inflate(-8 * line, -8 * line), line)


def _rosette(field: pygame.Surface, fill: RGB, colour: RGB, line: int) -> None:
    """Green back: a gold rosette of circles round the middle, rings of dots at the edge."""
    w, h = field.get_size()
    centre = (w / 2, h / 2)
    ring, radius = w * 0.17, w * 0.2
    for k in range(16):
        a = 2 * math.pi * k / 16
        at = (centre[0] + ring * math.cos(a), centre[1] + ring * math.sin(a))
        pygame.draw.circle(field, colour, at, radius, line)
    pygame.draw.circle(field, colour, centre, ring + radius + 2 * line, line)
    step = w / 9
    dot = max(1, line)
    for y in range(round(h / step) + 1):
        for x in range(10):
            at = (x * step + (step / 2 if y % 2 else 0), y * step)
            if math.dist(at, centre) > ring + radius + 5 * line:
                pygame.draw.circle(field, colour, at, dot)

"""Drawing helpers for the card art: cached glyphs, smooth rounded shapes, dashed frames."""

from __future__ import annotations

import itertools
import math
from collections.abc import Iterator
from functools import lru_cache

import pygame

from ui.look.assets import font_path

RGB = tuple[int, int, int]

# pygame.draw has no anti-aliased rounded shapes: draw them this many times larger, then scale.
SS = 4
CAP = 0.73  # DejaVu Sans cap height (and suit glyph height) per em

_fonts: dict[tuple[bool, int], pygame.font.Font] = {}


def forget_fonts() -> None:
    """Drop the cached fonts (they die with ``pygame.quit``)."""
    _fonts.clear()


def font(size: int, bold: bool) -> pygame.font.Font:
    """The bundled font at a size, cached: opening a font file is slow."""
    found = _fonts.get((bold, size))
    if found is None:
        if not pygame.font.get_init():
            pygame.font.init()
        found = _fonts[(bold, size)] = pygame.font.Font(font_path(bold), size)
    return found


@lru_cache(maxsize=2048)
def glyphs(text: str, size: int, colour: RGB, bold: bool) -> pygame.Surface:
    """Text rendered anti-aliased and cropped to its ink; letters set tight (a narrow "10")."""
    parts = [font(size, bold).render(ch, True, colour) for ch in text]
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
def text(chars: str, cap: int, box: tuple[int, int], colour: RGB) -> pygame.Surface:
    """Bold text with capitals cap pixels high; squeezed, not shrunk, when it overflows the box.

    Squeezing keeps a "10" or a descending J as tall as the other indices, as printed decks do.
    """
    ink = glyphs(chars, max(4, round(cap / CAP)), colour, True)
    w, h = min(ink.get_width(), max(1, box[0])), min(ink.get_height(), max(1, box[1]))
    if (w, h) != ink.get_size():
        ink = pygame.transform.smoothscale(ink, (w, h))
    return ink


@lru_cache(maxsize=2048)
def symbol(chars: str, side: int, colour: RGB) -> pygame.Surface:
    """A symbol (suit, star) as large as fits a square, keeping its shape."""
    side = max(1, side)
    size = max(4, round(side / CAP))
    ink = glyphs(chars, size, colour, False)
    if max(ink.get_size()) > side:
        ink = glyphs(chars, max(4, int(size * side / max(ink.get_size()))), colour, False)
    return ink


def blit_centred(dest: pygame.Surface, src: pygame.Surface, centre: tuple[float, float]) -> None:
    """Blit src with its centre at a point."""
    dest.blit(src, src.get_rect(center=(round(centre[0]), round(centre[1]))))


def cover(image: pygame.Surface, size: tuple[int, int]) -> pygame.Surface:
    """An image scaled smooth to fill a box, keeping its shape; what overflows is cut off
    evenly at the sides, or at the bottom (a figure keeps its head)."""
    w, h = max(1, size[0]), max(1, size[1])
    scale = max(w / image.get_width(), h / image.get_height())
    sw, sh = max(w, round(image.get_width() * scale)), max(h, round(image.get_height() * scale))
    scaled = pygame.transform.smoothscale(image, (sw, sh))
    return scaled.subsurface(((sw - w) // 2, 0, w, h)).copy()


def rounded(
    size: tuple[int, int], layers: list[tuple[RGB, float]], radius: float
) -> pygame.Surface:
    """Nested opaque rounded rectangles (colour, inset), drawn large and scaled down smooth."""
    big = pygame.Surface((size[0] * SS, size[1] * SS), pygame.SRCALPHA)
    # Transparent pixels carry the first colour so smoothscale leaves no dark fringe.
    big.fill((*layers[0][0], 0))
    for colour, inset in layers:
        rect = big.get_rect().inflate(-2 * inset * SS, -2 * inset * SS)
        pygame.draw.rect(big, colour, rect, border_radius=max(0, round((radius - inset) * SS)))
    return pygame.transform.smoothscale(big, size)


def rounded_mask(size: tuple[int, int], inset: float, radius: float) -> pygame.Surface:
    """White inside a rounded rectangle, transparent outside: cuts a pattern to shape."""
    mask = pygame.Surface(size, pygame.SRCALPHA)
    rect = pygame.Rect(0, 0, *size).inflate(-2 * inset, -2 * inset)
    pygame.draw.rect(mask, (255, 255, 255, 255), rect, border_radius=max(0, round(radius)))
    return mask


def frame_polyline(size: tuple[int, int], inset: float, radius: float) -> list[tuple[float, float]]:
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


def walk(points: list[tuple[float, float]], step: float) -> Iterator[tuple[float, float, float]]:
    """Points every step along a polyline, with the distance travelled to each."""
    done, at = 0.0, 0.0
    for a, b in itertools.pairwise(points):
        length = math.dist(a, b)
        while at < done + length:
            t = (at - done) / length
            yield a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t, at
            at += step
        done += length

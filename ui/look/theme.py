"""Colours, fonts and cached drawing pieces of the table: text, panels, the felt.

Everything drawn every frame comes out of a cache here, so a frame is mostly blits.
"""

from __future__ import annotations

from collections import OrderedDict
from functools import lru_cache

import pygame

from game.text import printable
from ui.look import bidi, cardart_parts
from ui.look.assets import font_path

RGB = tuple[int, int, int]
RGBA = tuple[int, int, int, int]

FELT: RGB = (30, 96, 64)
FELT_EDGE: RGB = (16, 58, 38)
TEXT: RGB = (242, 242, 232)
TEXT_DIM: RGB = (186, 208, 192)
INK: RGB = (28, 32, 30)
GOLD: RGB = (248, 200, 70)
SELECT: RGB = (255, 214, 80)
VALID: RGB = (150, 240, 170)
HINT: RGB = (120, 205, 255)
REFUSED: RGB = (255, 170, 150)
FOCUS: RGB = (255, 255, 255)
PANEL: RGBA = (0, 0, 0, 70)
PANEL_TURN: RGBA = (255, 220, 120, 60)
BUTTON: RGBA = (250, 250, 240, 215)
BUTTON_OFF: RGBA = (250, 250, 240, 90)
SHEET: RGBA = (248, 246, 236, 252)
SCRIM: RGBA = (0, 0, 0, 120)
SEAT_COLOURS: tuple[RGB, ...] = (
    (70, 150, 255),
    (255, 140, 50),
    (200, 100, 230),
    (40, 200, 180),
    (240, 80, 120),
    (190, 190, 60),
)

_fonts: dict[tuple[int, bool, bool, bool], pygame.font.Font] = {}
_quit_hooked = False
ARABIC_SCALE = 1.1  # Arabic letters look small beside Latin ones of the same pixel size


def font(
    size: int, bold: bool = False, arabic: bool = False, rtl: bool = False
) -> pygame.font.Font:
    """A bundled font at a pixel size, opened once (until pygame.quit() closes it).

    DejaVu Sans, or Noto Sans Arabic for Arabic script; `rtl` opens it to set text right to
    left (HarfBuzz then joins Arabic letters and mirrors brackets).
    """
    if not pygame.font.get_init():  # quit since the cached fonts were opened: they are dead
        forget_fonts()
        pygame.font.init()
    key = (max(6, size), bold, arabic, rtl)
    got = _fonts.get(key)
    if got is None:
        px = round(key[0] * ARABIC_SCALE) if arabic else key[0]
        got = _fonts[key] = pygame.font.Font(font_path(bold, arabic), px)
        if arabic:
            got.set_script("Arab")
        if rtl:
            got.set_direction(pygame.DIRECTION_RTL)
    return got


def forget_fonts() -> None:
    """Close the cached fonts, here and in the card art; they open again when next asked for.

    pygame.quit() ends the font module and with it every Font object: a font opened before
    is "invalid" afterwards. pygame.quit() calls this, so that a process can quit pygame and
    start it again (ui.app.screenshot twice, the screenshot tool). Rendered text stays valid.
    """
    _fonts.clear()
    cardart_parts.forget_fonts()  # the card art's own cache of the same font files


def _on_quit() -> None:
    """pygame.quit(): forget the fonts, and hook the next quit (pygame runs a hook once)."""
    global _quit_hooked
    _quit_hooked = False
    forget_fonts()
    _hook_quit()


def _hook_quit() -> None:
    """Have the next pygame.quit() call _on_quit."""
    global _quit_hooked
    if not _quit_hooked:
        pygame.register_quit(_on_quit)
        _quit_hooked = True


_hook_quit()


MAX_TEXT = 1000  # characters of one piece of text the screens draw or wrap; more is cut
TEXT_CACHE_BYTES = 48 * 1024 * 1024  # rendered text kept for later frames, at the most


def clean(words: str, limit: int = MAX_TEXT) -> str:
    """Text that pygame and UTF-8 can take, at most `limit` characters (a "…" marks a cut).

    No NUL (dropped) or other control characters (a space each), no lone surrogates (each a
    replacement character). Every text drawn passes here, whatever file it came from.
    """
    if len(words) > limit:
        words = words[: max(0, limit - 1)] + "…"
    return printable(words.replace("\x00", ""))


class _Rendered:
    """Rendered text by (text, size, colour, weight), least recently used dropped first once
    the surfaces together pass a byte budget: a frame is mostly blits, memory stays bounded."""

    def __init__(self, budget: int) -> None:
        self.budget = budget
        self.bytes = 0
        self.kept: OrderedDict[tuple[str, int, RGB, bool, bool], pygame.Surface] = OrderedDict()

    def get(self, words: str, size: int, colour: RGB, bold: bool) -> pygame.Surface:
        rtl = bidi.rtl()
        key = (words, size, colour, bold, rtl)
        got = self.kept.get(key)
        if got is not None:
            self.kept.move_to_end(key)
            return got
        got = _render(words, size, colour, bold, rtl)
        cost = _bytes(got)
        if cost <= self.budget // 8:  # a huge one is drawn, not kept
            self.kept[key] = got
            self.bytes += cost
            while self.bytes > self.budget:
                _, old = self.kept.popitem(last=False)
                self.bytes -= _bytes(old)
        return got

    def clear(self) -> None:
        self.kept.clear()
        self.bytes = 0


def _piece_font(piece: bidi.Piece, size: int, bold: bool) -> pygame.font.Font:
    return font(size, bold, piece.arabic, piece.rtl)


def _render(words: str, size: int, colour: RGB, bold: bool, rtl: bool) -> pygame.Surface:
    """One line drawn piece by piece in the order `bidi.pieces` gives, on one baseline.

    The line is as tall as the Latin font's line, or taller where Arabic letters reach
    further (the Arabic font's own ascent and descent are far larger than its letters).
    """
    pieces = bidi.pieces(words, rtl)
    if len(pieces) <= 1 and not (pieces and (pieces[0].arabic or pieces[0].rtl)):
        return font(size, bold).render(words, True, colour)
    base = font(size, bold)
    top, bottom = -base.get_ascent(), base.get_height() - base.get_ascent()
    drawn = []
    for piece in pieces:
        f = _piece_font(piece, size, bold)
        surf = f.render(piece.text, True, colour)
        drawn.append((surf, f.get_ascent()))
        if piece.arabic:
            ink = surf.get_bounding_rect()
            if ink.h:
                top = min(top, ink.top - f.get_ascent())
                bottom = max(bottom, ink.bottom - f.get_ascent())
    out = pygame.Surface(
        (max(1, sum(s.get_width() for s, _ in drawn)), bottom - top), pygame.SRCALPHA
    )
    x = 0
    for surf, ascent in drawn:  # pieces do not overlap: copy, do not blend
        out.blit(surf, (x, -top - ascent), special_flags=pygame.BLEND_RGBA_MAX)
        x += surf.get_width()
    return out


def _measure(words: str, size: int, bold: bool) -> int:
    """How wide a line is drawn, in pixels."""
    return _measured(words, size, bold, bidi.rtl())


@lru_cache(maxsize=8192)
def _measured(words: str, size: int, bold: bool, rtl: bool) -> int:
    """`_measure`, kept: shaping Arabic costs, and the table measures its texts every redraw."""
    return sum(int(_piece_font(p, size, bold).size(p.text)[0]) for p in bidi.pieces(words, rtl))


def _bytes(surf: pygame.Surface) -> int:
    return surf.get_width() * surf.get_height() * surf.get_bytesize() + 64


_rendered = _Rendered(TEXT_CACHE_BYTES)


def text(words: str, size: int, colour: RGB, bold: bool = False) -> pygame.Surface:
    """Anti-aliased text (cleaned, see `clean`), rendered once and kept while it is used."""
    return _rendered.get(clean(words), size, colour, bold)


def width_of(words: str, size: int, bold: bool = False) -> int:
    """How wide text would be drawn, in pixels, without drawing it."""
    return _measure(clean(words), size, bold)


def fitting(words: str, size: int, width: int, bold: bool = False) -> int:
    """How many leading characters of `words` fit in `width` pixels (at least one if any).

    A binary search over the prefix length, capped by the width itself (no glyph is
    narrower than a pixel): O(log n) measures of at most `width` characters each.
    """
    lo, hi = 1, min(len(words), max(1, width))
    if not words:
        return 0
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if _measure(words[:mid], size, bold) <= width:
            lo = mid
        else:
            hi = mid - 1
    return lo


def fit(words: str, size: int, colour: RGB, width: int, bold: bool = False) -> pygame.Surface:
    """Text no wider than `width`: a smaller size first, then cut with an ellipsis."""
    return _fit(clean(words), size, colour, width, bold, bidi.rtl())


@lru_cache(maxsize=2048)
def _fit(words: str, size: int, colour: RGB, width: int, bold: bool, rtl: bool) -> pygame.Surface:
    for s in range(size, max(6, size * 3 // 4) - 1, -1):
        if _measure(words, s, bold) <= width:
            return text(words, s, colour, bold)
    small = max(6, size * 3 // 4)
    room = max(1, width - _measure("…", small, bold))
    return text(words[: fitting(words, small, room, bold)].rstrip() + "…", small, colour, bold)


def start_x(left: int, width: int, img_w: int) -> int:
    """Where a line starts in a box `width` wide: at its left edge, or at its right edge when
    the language is written right to left (the line then ends at the box's left edge)."""
    return left + width - img_w if bidi.rtl() else left


def mirror_x(x: int, img_w: int, width: int) -> int:
    """Where a piece drawn at `x` in a left-to-right layout `width` wide goes in this one:
    the same place, or mirrored when the language is written right to left."""
    return width - x - img_w if bidi.rtl() else x


def wrap(words: str, size: int, width: int, bold: bool = False) -> tuple[str, ...]:
    """Lines of at most `width` pixels in the bundled font."""
    return _wrap(clean(words, 10 * MAX_TEXT), size, width, bold, bidi.rtl())


@lru_cache(maxsize=512)
def _wrap(words: str, size: int, width: int, bold: bool, rtl: bool) -> tuple[str, ...]:
    lines, line = [], ""
    for word in words.split():
        trial = f"{line} {word}" if line else word
        if line and _measure(trial, size, bold) > width:
            lines.append(line)
            line = word
        else:
            line = trial
    if line:
        lines.append(line)
    return tuple(lines)


@lru_cache(maxsize=512)
def panel(size: tuple[int, int], colour: RGBA, radius: int) -> pygame.Surface:
    """A translucent rounded rectangle."""
    surf = pygame.Surface((max(1, size[0]), max(1, size[1])), pygame.SRCALPHA)
    pygame.draw.rect(surf, colour, surf.get_rect(), border_radius=radius)
    return surf


@lru_cache(maxsize=256)
def frame(
    size: tuple[int, int], colour: RGB, width: int, radius: int, dashed: bool
) -> pygame.Surface:
    """A rounded frame for drop targets and focus; a dashed one over a faint wash."""
    surf = pygame.Surface((max(1, size[0]), max(1, size[1])), pygame.SRCALPHA)
    rect = surf.get_rect()
    if not dashed:
        pygame.draw.rect(surf, colour, rect, width, border_radius=radius)
        return surf
    pygame.draw.rect(surf, (*colour, 40), rect, border_radius=radius)
    dash = max(6, width * 3)
    top, bottom = width // 2, rect.bottom - 1 - width // 2
    left, right = width // 2, rect.right - 1 - width // 2
    for a, b in _dashes(rect.x + radius, rect.right - radius, dash):
        pygame.draw.line(surf, colour, (a, top), (b, top), width)
        pygame.draw.line(surf, colour, (a, bottom), (b, bottom), width)
    for a, b in _dashes(rect.y + radius, rect.bottom - radius, dash):
        pygame.draw.line(surf, colour, (left, a), (left, b), width)
        pygame.draw.line(surf, colour, (right, a), (right, b), width)
    return surf


def _dashes(start: int, stop: int, dash: int) -> list[tuple[int, int]]:
    """Dash segments from start to stop, a dash's length apart."""
    return [(a, min(a + dash, stop)) for a in range(start, stop, 2 * dash)]


_felt: dict[tuple[object, ...], pygame.Surface] = {}


def felt(size: tuple[int, int], colours: tuple[RGB, RGB] = (FELT, FELT_EDGE)) -> pygame.Surface:
    """The table cloth for a window size: felt of a colour, darker towards the edges."""
    key = (size, colours)
    got = _felt.get(key)
    if got is None:
        if len(_felt) >= 4:  # the window's felt and a preview or two are worth keeping
            _felt.clear()
        centre, edge = colours
        small = pygame.Surface((64, 40))
        for y in range(40):
            for x in range(64):
                d = min(1.0, (((x - 31.5) / 32) ** 2 + ((y - 19.5) / 20) ** 2) ** 0.5)
                t = d**2 * 0.85
                small.set_at(
                    (x, y),
                    tuple(round(a + (b - a) * t) for a, b in zip(centre, edge, strict=True)),
                )
        got = pygame.transform.smoothscale(small, size)
        if pygame.display.get_surface() is not None:
            got = got.convert()
        _felt[key] = got
    return got


def seat_colour(seat: int) -> RGB:
    """The colour that marks a seat's melds and laid-off cards."""
    return SEAT_COLOURS[seat % len(SEAT_COLOURS)]

"""Drawing table melds: grouped by owner with a label, wilds and laid-off cards marked,
and, while cards are dragged, the frames of every place that would take them."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

import pygame

from game.cards import Card, Face
from game.melds import Meld, Piece
from ui.kit.rect import Rect
from ui.look import theme
from ui.table.geometry import MeldLayout
from ui.table.paint import blit_card, frame_box, lighter, mirror_in, outline
from ui.text.i18n import rank_name, tr
from ui.text.words import card_text

if TYPE_CHECKING:
    from ui.table.scene import TableScene


def draw_melds(
    surface: pygame.Surface,
    scene: TableScene,
    melds: tuple[Meld, ...],
    layout: MeldLayout,
    firsts: frozenset[int],
    marked: Mapping[Card, int] | None = None,
) -> None:
    """Every meld: its label strip, its cards (those in flight left out), their marks; a card
    in `marked` (new since the human's last turn) framed in the colour of who put it there."""
    marked = marked or {}
    hidden = scene.anim.hidden()
    for i, meld in enumerate(melds):
        rects = layout.cards[i]
        _label(surface, scene, meld, layout.labels[i], i in firsts)
        for piece, rect in zip(meld.pieces, rects, strict=True):  # halos under the cards
            seat = marked.get(piece.card)
            if seat is not None and piece.card not in hidden:
                _halo(surface, rect, theme.seat_colour(seat))
        for k, (piece, rect) in enumerate(zip(meld.pieces, rects, strict=True)):
            if piece.card not in hidden:
                blit_card(surface, scene, piece.card, rect, shadow=k in (0, len(rects) - 1))
        _marks(surface, scene, meld, rects, layout.foot_h, hidden)


def _halo(surface: pygame.Surface, rect: Rect, colour: theme.RGB) -> None:
    """A glow in a seat's colour round a card, drawn under it: it hides nothing printed."""
    px = max(3, rect.w // 16)
    glow = theme.panel((rect.w + 2 * px, rect.h + 2 * px), (*colour, 235), px + rect.w // 12)
    surface.blit(glow, (rect.x - px, rect.y - px))


def draw_meld_focus(surface: pygame.Surface, scene: TableScene) -> None:
    """The keyboard focus on a meld."""
    i = scene.input
    stop = i.focused() if i.focus_visible and i.focus_row == "table" else None
    for meld, box in zip(scene.placement.melds, scene.placement.meld_layout.boxes, strict=True):
        if stop == ("meld", meld.id):
            frame_box(surface, box, theme.FOCUS, dashed=False)


def draw_targets(surface: pygame.Surface, scene: TableScene) -> None:
    """While hand cards are dragged: a dashed frame on every meld (and the discard pile) that
    would take them, solid under the pointer; the open table when they would make a meld."""
    drag = scene.input.drag
    if drag is None or drag.kind != "hand":
        return
    place = scene.placement
    for meld, box in zip(place.melds, place.meld_layout.boxes, strict=True):
        if meld.id in drag.targets:
            frame_box(surface, box, theme.VALID, dashed=not box.contains(drag.pos))
    area = scene.layout.melds_area
    if drag.table_ok and area.contains(drag.pos) and place.meld_at(drag.pos) is None:
        frame_box(surface, area, theme.VALID, dashed=True)
    if drag.discard_ok:
        m = scene.layout.metrics.margin
        over = scene.layout.discard.inflate(m, m).contains(drag.pos)
        outline(surface, scene, scene.layout.discard, theme.VALID, dashed=not over)


def _label(surface: pygame.Surface, scene: TableScene, meld: Meld, rect: Rect, first: bool) -> None:
    """Every meld: a bar in its owner's colour, then the owner's name and the meld's number
    ("Ben · 3"), or the number alone where the name does not fit. Right to left, the bar
    is at the strip's right end and the words end left of it; the cards keep their order."""
    colour = theme.seat_colour(meld.owner)
    bar = max(3, rect.h // 5)
    pygame.draw.rect(
        surface,
        colour,
        (mirror_in(rect, rect.x, bar), rect.y + 2, bar, max(2, rect.h - 4)),
        border_radius=2,
    )
    size, room = max(9, round(rect.h * 0.8)), rect.w - bar - 3
    name = scene.match.players[meld.owner].name
    words = tr("meld.label", name=name, number=meld.id)
    if theme.width_of(words, size, True) > room:
        words = tr("meld.number", number=meld.id)
    img = theme.fit(words, size, lighter(colour), room, True)
    x = mirror_in(rect, rect.x + bar + 3, img.get_width())
    surface.blit(img, (x, rect.y + max(0, rect.h - img.get_height()) // 2))


def _marks(
    surface: pygame.Surface,
    scene: TableScene,
    meld: Meld,
    rects: tuple[Rect, ...],
    foot_h: int,
    hidden: frozenset[Card],
) -> None:
    """Under each card that has them, in the meld's foot (so no index, no JOKER letters are
    hidden): a dot in the seat colour of whoever laid the card off, their initial inside;
    then a gold tag with what a wild stands for. Marks start under the card's visible strip;
    a tag may reach on under the next cards, leaving room for the next card's own marks."""
    size = foot_h - 2
    if size < 6:
        return
    pieces = meld.pieces
    marked = [
        k
        for k, piece in enumerate(pieces)
        if piece.card not in hidden and (piece.by != meld.owner or _stands_in(piece))
    ]

    def strip_end(k: int) -> int:
        return rects[k + 1].x if k + 1 < len(rects) else rects[k].right

    def needs(k: int) -> int:  # the least room the marks of a card take
        return (size + 2 if pieces[k].by != meld.owner else 0) + (
            size if _stands_in(pieces[k]) else 0
        )

    cursor = rects[0].x
    for n, k in enumerate(marked):
        piece, rect = pieces[k], rects[k]
        after = marked[n + 1] if n + 1 < len(marked) else None
        limit = rects[-1].right if after is None else strip_end(after) - needs(after) - 2
        x, y = max(rect.x + 1, min(cursor, strip_end(k) - needs(k))), rect.bottom + 2
        if piece.by != meld.owner:
            initial = scene.match.players[piece.by].name[:1].upper()
            _dot(surface, initial, (x, y), size, theme.seat_colour(piece.by))
            x += size + 2
        if _stands_in(piece):
            x += badge(surface, _rep_text(piece.rep), (x, y), max(size, limit - x), size)
        cursor = x + 2


def _stands_in(piece: Piece) -> bool:
    """Whether the card stands for another: a wild, or a card played as something else."""
    return piece.wild or piece.rep != piece.card.face


def _dot(
    surface: pygame.Surface, initial: str, at: tuple[int, int], size: int, colour: theme.RGB
) -> None:
    """A round token in a seat's colour with a white rim and the player's initial in ink."""
    rim = max(1, size // 10)
    surface.blit(theme.panel((size, size), (255, 255, 255, 235), size // 2), at)
    inner = size - 2 * rim
    surface.blit(
        theme.panel((inner, inner), (*colour, 255), inner // 2), (at[0] + rim, at[1] + rim)
    )
    img = theme.fit(initial, round(inner * 0.8), theme.INK, inner, True)
    surface.blit(img, img.get_rect(center=(at[0] + size // 2, at[1] + size // 2)))


def badge(surface: pygame.Surface, words: str, at: tuple[int, int], room: int, size: int) -> int:
    """A gold pill with dark text, `size` high, at most `room` wide; returns its width."""
    img = theme.fit(words, round(size * 0.8), theme.INK, max(1, room - 6), True)
    w = min(room, max(size, img.get_width() + 8))
    surface.blit(theme.panel((w, size), (*theme.GOLD, 240), size // 2), at)
    surface.blit(img, img.get_rect(center=(at[0] + w // 2, at[1] + size // 2)))
    return w


def _rep_text(rep: Face) -> str:
    """What a wild stands for: `8♥`, or only the rank in a set whose suit is not declared."""
    return card_text(rep) if rep.suit is not None else rank_name(rep.rank)

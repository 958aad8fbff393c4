"""Drawing table melds: grouped by owner with a label, wilds and laid-off cards marked,
and, while cards are dragged, the frames of every place that would take them."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.cards import Face
from game.melds import Meld, Piece
from ui import theme
from ui.geometry import MeldLayout, Rect
from ui.i18n import rank_name
from ui.scenes.paint import blit_card, frame_box, lighter, outline, tag
from ui.text import card_text, tr

if TYPE_CHECKING:
    from ui.scenes.table import TableScene


def draw_melds(
    surface: pygame.Surface,
    scene: TableScene,
    melds: tuple[Meld, ...],
    layout: MeldLayout,
    firsts: frozenset[int],
) -> None:
    """Every meld: its label strip, its cards (those in flight left out), their marks."""
    hidden = scene.anim.hidden()
    for i, meld in enumerate(melds):
        rects = layout.cards[i]
        _label(surface, scene, meld, layout.labels[i], i in firsts)
        for k, (piece, rect) in enumerate(zip(meld.pieces, rects, strict=True)):
            if piece.card in hidden:
                continue
            blit_card(surface, scene, piece.card, rect, shadow=k in (0, len(rects) - 1))
            strip = rects[k + 1].x - rect.x if k + 1 < len(rects) else rect.w
            _marks(surface, scene, meld, piece, rect, strip)


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
    """The owner's name (in their colour) over the first meld of a group; numbers over all."""
    if first:
        name = scene.match.players[meld.owner].name
        words = tr("meld.label", name=name, number=meld.id)
        colour = lighter(theme.seat_colour(meld.owner))
    else:
        words, colour = tr("meld.number", number=meld.id), theme.TEXT_DIM
    img = theme.fit(words, max(9, round(rect.h * 0.8)), colour, rect.w + rect.w // 2, first)
    surface.blit(img, (rect.x + 1, rect.y + max(0, rect.h - img.get_height()) // 2))


def _marks(
    surface: pygame.Surface, scene: TableScene, meld: Meld, piece: Piece, rect: Rect, strip: int
) -> None:
    """A wild's meaning in a gold tag; a tag in the layer's colour with their initial."""
    size = max(11, round(rect.w * 0.24))
    y = rect.bottom - size - max(2, rect.h // 20)
    if piece.wild or piece.rep != piece.card.face:
        words = _rep_text(piece.rep)
        tag(surface, words, (rect.x + 2, y - size - 2), strip - 4, (theme.GOLD, theme.INK), size)
    if piece.by != meld.owner:
        initial = scene.match.players[piece.by].name[:1].upper()
        colours = (theme.seat_colour(piece.by), (255, 255, 255))
        tag(surface, initial, (rect.x + 2, y), strip - 4, colours, size)


def _rep_text(rep: Face) -> str:
    """What a wild stands for: `8♥`, or only the rank in a set whose suit is not declared."""
    return card_text(rep) if rep.suit is not None else rank_name(rep.rank)

"""The players around the table: name, score, card backs with a count, announcements.

The seats stay where the play direction puts them in every language; in one written right
to left what is inside a panel is mirrored (the name from its right edge, the score on its
left), the fans of cards still run left to right.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.cards import Card
from ui.kit.rect import Rect
from ui.look import theme
from ui.table.overlays import SheetOverlay
from ui.table.paint import chip, chip_width, mirror_in
from ui.text.i18n import tr

if TYPE_CHECKING:
    from ui.table.scene import TableScene


def draw_seats(surface: pygame.Surface, scene: TableScene) -> None:
    """Every opponent's panel, and the human's own name and score beside the hand."""
    revealed: dict[int, tuple[Card, ...]] = {}
    if isinstance(scene.overlay, SheetOverlay):
        revealed = {row.seat: row.hand for row in scene.overlay.sheet.rows}
    for seat, rect in scene.layout.seats.items():
        _seat(surface, scene, seat, rect, revealed.get(seat))
    _own(surface, scene)


def _seat(
    surface: pygame.Surface,
    scene: TableScene,
    seat: int,
    rect: Rect,
    shown: tuple[Card, ...] | None,
) -> None:
    """One opponent: panel, name and score, dealer chip, cards, announcement."""
    v, m = scene.view, scene.layout.metrics
    turn = v.current == seat and not v.match_over
    _panel(surface, rect, seat, turn, max(4, m.margin))
    pad = m.margin // 2 + 2
    _header(surface, scene, seat, rect, pad)
    top = rect.y + pad + m.label_h
    left = rect.x + 2 * pad + 2
    if seat == v.dealer:
        x = mirror_in(rect, rect.right - pad - m.label_h, chip_width("D", m.label_h))
        chip(surface, "D", (x, top), m.label_h, theme.TEXT)
    if seat not in v.active:
        out = tr("seat.out")
        x = mirror_in(rect, left, chip_width(out, m.label_h))
        chip(surface, out, (x, top), m.label_h, theme.TEXT_DIM)
        return
    count = len(shown) if shown is not None else v.hand_counts[seat]
    fan = Rect(left, top, rect.w - 4 * pad - m.label_h * 2, m.small_h)
    end = _fan(surface, scene, fan, count, shown, rect)
    words = tr("seat.cards", count=count)
    counted = chip_width(words, m.label_h)
    x = mirror_in(rect, end + pad, counted)
    chip(surface, words, (x, top + (m.small_h - m.label_h) // 2), m.label_h, theme.TEXT)
    _badge(surface, scene, seat, rect, pad, (end, end + pad + counted))


def _badge(
    surface: pygame.Surface,
    scene: TableScene,
    seat: int,
    rect: Rect,
    pad: int,
    fan: tuple[int, int],
) -> None:
    """Bottom right: "one card!" style announcements, or "thinking…" while a bot decides.

    `fan` is where the card backs and where their count end (left to right); a badge that
    would cover the count sits over the last backs instead.
    """
    v, h = scene.view, scene.layout.metrics.label_h
    said = v.announced[seat]
    words = tr(f"seat.announce.{said}") if said else ""
    bot = scene.match.players[seat].kind == "bot"
    if v.current == seat and bot and scene.bot_turns.thinking:
        words = tr("seat.thinking")
    if words:
        w = chip_width(words, h)
        x = rect.right - w - pad
        if x < fan[1]:
            x = max(rect.x + pad, fan[0] - w)
        chip(surface, words, (mirror_in(rect, x, w), rect.bottom - h - pad), h, theme.GOLD)


def _panel(surface: pygame.Surface, rect: Rect, seat: int, turn: bool, radius: int) -> None:
    """The panel, lit while it is the seat's turn, with the seat's colour down its left edge
    (its right edge, right to left)."""
    fill = theme.PANEL_TURN if turn else theme.PANEL
    surface.blit(theme.panel((rect.w, rect.h), fill, radius), (rect.x, rect.y))
    strip = (max(3, radius // 2), rect.h - 2 * radius)
    x = mirror_in(rect, rect.x + 2, strip[0])
    surface.blit(theme.panel(strip, (*theme.seat_colour(seat), 255), 2), (x, rect.y + radius))


def _header(surface: pygame.Surface, scene: TableScene, seat: int, rect: Rect, pad: int) -> None:
    """The name on the left, the match score on the right (the other way, right to left)."""
    v, m = scene.view, scene.layout.metrics
    size = round(m.label_h * 0.78)
    score = theme.text(tr("seat.score", points=v.totals[seat]), size, theme.TEXT_DIM)
    colour = theme.TEXT if seat in v.active else theme.TEXT_DIM
    room = rect.w - score.get_width() - 3 * pad - 6
    name = theme.fit(scene.match.players[seat].name, size, colour, room, True)
    surface.blit(name, (mirror_in(rect, rect.x + 2 * pad + 2, name.get_width()), rect.y + pad))
    x = mirror_in(rect, rect.right - score.get_width() - pad, score.get_width())
    surface.blit(score, (x, rect.y + pad))


def _fan(
    surface: pygame.Surface,
    scene: TableScene,
    area: Rect,
    count: int,
    shown: tuple[Card, ...] | None,
    panel: Rect,
) -> int:
    """Small card backs (or faces, once revealed) overlapping in a row; returns the right edge.

    Right to left, the row sits at the mirrored place in the panel, its cards still left to
    right; the edge returned is where it would end left to right (mirror it in the panel).
    """
    m = scene.layout.metrics
    if count <= 0:
        return area.x
    w = m.small_w
    step = min(round(w * 0.45), max(2, (area.w - w) // max(1, count - 1)))
    end = area.x + (count - 1) * step + w
    x = mirror_in(panel, area.x, end - area.x)
    for i in range(count):
        image = scene.deck.face(shown[i].face, w) if shown is not None else scene.deck.back(w)
        surface.blit(image, (x + i * step, area.y))
    return end


def _own(surface: pygame.Surface, scene: TableScene) -> None:
    """The human's name and score in the free slot above the sort buttons."""
    lay, v = scene.layout, scene.view
    top = lay.buttons["sort_suit"]
    rect = Rect(top.x, top.y - (lay.buttons["sort_rank"].y - top.y), top.w, top.h)
    if rect.h < lay.metrics.label_h:
        return
    fill = theme.PANEL_TURN if v.my_turn else theme.PANEL
    surface.blit(theme.panel((rect.w, rect.h), fill, rect.h // 4), (rect.x, rect.y))
    size = round(lay.metrics.label_h * 0.78)
    said = v.announced[v.seat]
    h = lay.metrics.label_h
    # the human's own announcement sits inside the panel, right of the score: outside it,
    # it would lie over the melds' corner and cover their badges
    words = tr(f"seat.announce.{said}") if said else ""
    badge_w = theme.text(words, round(h * 0.72), theme.INK, True).get_width() + 10 if said else 0
    name = theme.fit(scene.match.players[v.seat].name, size, theme.TEXT, rect.w - 10, True)
    score = theme.fit(
        tr("seat.score", points=v.totals[v.seat]), size, theme.TEXT_DIM, rect.w - 14 - badge_w
    )
    y = rect.y + (rect.h - name.get_height() - score.get_height()) // 2
    surface.blit(name, (mirror_in(rect, rect.x + 6, name.get_width()), y))
    surface.blit(score, (mirror_in(rect, rect.x + 6, score.get_width()), y + name.get_height()))
    if said:
        w = min(rect.w - 8, max(h, badge_w))
        x = mirror_in(rect, rect.right - w - 4, w)
        chip(surface, words, (x, rect.bottom - h - 4), h, theme.GOLD)

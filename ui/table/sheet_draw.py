"""Drawing the score sheet: a title, one row per player (cards left, why, points, total).

In a language written right to left the sheet is mirrored: the player column on the right,
the others leftwards, names and reasons from their cells' right edges, the two buttons at
the match's end swapped. Numbers stay right-aligned (their digits line up); the cards left in
a hand still read left to right.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from ui.kit.rect import Rect
from ui.look import theme
from ui.table.geometry import card_height
from ui.table.paint import mirror_in
from ui.table.scoresheet import Sheet, SheetRow
from ui.text.i18n import tr

if TYPE_CHECKING:
    from ui.table.scene import TableScene

END_BUTTON_H = 44  # at 70 px cards

COLUMNS = (
    ("end.col.player", 0.17),
    ("end.col.hand", 0.40),
    ("end.col.why", 0.25),
    ("end.col.points", 0.09),
    ("end.col.total", 0.09),
)


def sheet_rect(scene: TableScene, sheet: Sheet, below: int = 0) -> tuple[Rect, int, int]:
    """The panel, the row height and the height of the part above the rows.

    The panel sits below `below` (the final table's last row of melds) when it fits there,
    so the melds stay in view; otherwise in the middle of the window.
    """
    s = scene.layout.card_w / 70
    card_h = card_height(round(28 * s))
    row_h = card_h + round(12 * s)
    head = round((78 if sheet.match_title else 50) * s)
    height = head + round(26 * s) + row_h * len(sheet.rows) + round(44 * s)
    if sheet.match_title:  # the match is over: room for its two buttons
        height += round(END_BUTTON_H * s) + round(12 * s)
    width = min(scene.size[0] - 2 * scene.layout.metrics.margin, round(980 * s))
    margin = scene.layout.metrics.margin
    height = min(height, scene.size[1] - 2 * margin)
    top = (scene.size[1] - height) // 2
    if below + margin + height <= scene.size[1] - margin:
        top = max(top, below + margin)
    return Rect((scene.size[0] - width) // 2, top, width, height), row_h, head


def end_buttons(scene: TableScene, sheet: Sheet, below: int = 0) -> dict[str, Rect]:
    """At the match's end: "Play again" and "New game", side by side above the footer (in
    reading order: "Play again" on the right in a language written right to left)."""
    if not sheet.match_title:
        return {}
    s = scene.layout.card_w / 70
    panel, _, _ = sheet_rect(scene, sheet, below)
    w, h, gap = round(200 * s), round(END_BUTTON_H * s), round(16 * s)
    y = panel.bottom - round(40 * s) - h
    x = panel.x + (panel.w - 2 * w - gap) // 2
    return {
        "play_again": Rect(mirror_in(panel, x, w), y, w, h),
        "new_game": Rect(mirror_in(panel, x + w + gap, w), y, w, h),
    }


def draw_sheet(surface: pygame.Surface, scene: TableScene, sheet: Sheet, below: int = 0) -> None:
    """The whole sheet, below the final table where there is room."""
    s = scene.layout.card_w / 70
    panel, row_h, head = sheet_rect(scene, sheet, below)
    surface.blit(theme.panel((panel.w, panel.h), theme.SHEET, round(12 * s)), (panel.x, panel.y))
    pad = round(18 * s)
    _titles(surface, sheet, panel, pad, s)
    y = panel.y + head
    xs = _columns(panel, pad)
    for (key, _), (x, w) in zip(COLUMNS, xs, strict=True):
        img = theme.fit(tr(key), round(13 * s), (90, 95, 90), w - 6, True)
        surface.blit(img, (_at((x, w), x, img.get_width()), y))
    y += round(26 * s)
    for i, row in enumerate(sheet.rows):
        if i % 2 == 0:
            surface.blit(
                theme.panel((panel.w - 2 * pad + 12, row_h), (30, 96, 64, 28), 6),
                (panel.x + pad - 6, y),
            )
        _row(surface, scene, row, xs, y, row_h, s)
        y += row_h
    for name, rect in end_buttons(scene, sheet, below).items():
        fill = (*theme.GOLD, 255) if name == "play_again" else (200, 205, 195, 255)
        surface.blit(theme.panel((rect.w, rect.h), fill, rect.h // 4), (rect.x, rect.y))
        words = theme.fit(tr(f"end.{name}"), round(17 * s), theme.INK, rect.w - 10, True)
        surface.blit(words, words.get_rect(center=rect.centre))
    img = theme.fit(sheet.footer, round(14 * s), (60, 70, 65), panel.w - 2 * pad)
    surface.blit(
        img, img.get_rect(midbottom=(panel.x + panel.w // 2, panel.bottom - round(12 * s)))
    )


def _titles(surface: pygame.Surface, sheet: Sheet, panel: Rect, pad: int, s: float) -> None:
    """The match's winner (at the end), then what ended the round."""
    y = panel.y + round(12 * s)
    if sheet.match_title:
        img = theme.fit(sheet.match_title, round(24 * s), (150, 95, 0), panel.w - 2 * pad, True)
        surface.blit(img, (theme.start_x(panel.x + pad, panel.w - 2 * pad, img.get_width()), y))
        y += img.get_height() + round(6 * s)
    img = theme.fit(sheet.title, round(19 * s), theme.INK, panel.w - 2 * pad, True)
    surface.blit(img, (theme.start_x(panel.x + pad, panel.w - 2 * pad, img.get_width()), y))


def _columns(panel: Rect, pad: int) -> list[tuple[int, int]]:
    """Each column's (x, width) in the order of COLUMNS: from the left, or mirrored."""
    inner = panel.w - 2 * pad
    out, x = [], panel.x + pad
    for _, share in COLUMNS:
        w = round(inner * share)
        out.append((mirror_in(panel, x, w), w))
        x += w
    return out


def _at(cell: tuple[int, int], x: int, w: int) -> int:
    """Where a piece `w` wide placed at `x` in a cell goes: there, or mirrored in the cell."""
    cx, cw = cell
    return cx + theme.mirror_x(x - cx, w, cw)


def _row(
    surface: pygame.Surface,
    scene: TableScene,
    row: SheetRow,
    xs: list[tuple[int, int]],
    y: int,
    row_h: int,
    s: float,
) -> None:
    size = round(15 * s)
    mid = y + row_h // 2
    colour = theme.seat_colour(row.seat)
    name = theme.fit(row.name, size, theme.INK, xs[0][1] - 14, True)
    dot = _at(xs[0], xs[0][0] + round(5 * s), 0)
    pygame.draw.circle(surface, colour, (dot, mid), max(3, round(5 * s)))
    at = _at(xs[0], xs[0][0] + round(14 * s), name.get_width())
    surface.blit(name, (at, mid - name.get_height() // 2))
    card_w = round(28 * s)
    x, w = xs[1]
    n = len(row.hand)
    step = min(round(card_w * 0.62), max(2, (w - card_w - 8) // max(1, n - 1)))
    top = y + (row_h - card_height(card_w)) // 2
    x = _at(xs[1], x, (n - 1) * step + card_w if n else 0)  # the cards still left to right
    for k, card in enumerate(row.hand):
        surface.blit(scene.deck.face(card.face, card_w), (x + k * step, top))
    why = theme.fit(row.why, round(13 * s), (60, 70, 65), xs[2][1] - 8)
    surface.blit(why, (_at(xs[2], xs[2][0], why.get_width()), mid - why.get_height() // 2))
    points = f"{row.points:+d}" if row.points else "0"
    for (cx, cw), words, bold in ((xs[3], points, False), (xs[4], str(row.total), True)):
        img = theme.text(words, size, theme.INK, bold)
        surface.blit(img, (cx + cw - img.get_width() - 6, mid - img.get_height() // 2))

"""Watch a finished round again (W at the score sheet, or at the table for the last round
that ended): action by action, forwards and backwards, with every hand shown.

The round is over, so its hands have been revealed on the score sheet anyway: the viewer
shows them all. The frames come from game.rewind, which replays the match's own record,
so the round of a saved match can be watched back just the same.

In a language written right to left the page is mirrored (names on the right, the pile on
the right, each hand's cards still left to right) and the arrow keys follow the reading:
← steps on, → back.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game import actions as A
from game.rewind import Frame, round_frames
from game.story import Step
from ui.kit.rect import Rect, ui_scale
from ui.look import theme
from ui.table.geometry import card_height, meld_positions
from ui.table.paint import mirror_in
from ui.text import i18n
from ui.text.i18n import tr
from ui.text.words import step_text

if TYPE_CHECKING:
    from ui.table.scene import TableScene

CLOSE_KEYS = (pygame.K_ESCAPE, pygame.K_w)
STEPS = {pygame.K_RIGHT: 1, pygame.K_LEFT: -1, pygame.K_PAGEDOWN: 10, pygame.K_PAGEUP: -10}


class RewindView:
    """The frames of one finished round, one shown at a time."""

    def __init__(self, scene: TableScene, index: int) -> None:
        self.index = index
        self.number = scene.match.results[index].number
        self.frames: list[Frame] = round_frames(scene.match, index)
        self.at = len(self.frames) - 1  # it opens on the round's end: step back from there
        self.hover = None

    @property
    def scroll(self) -> int:
        """The frame shown (the renderer redraws when it changes)."""
        return self.at

    def handle(self, event: pygame.event.Event, now: int, scene: TableScene) -> None:
        """← → step (→ on, or ← on right to left), Page Up/Down ten, Home/End the deal and
        the end; W or Esc close."""
        if event.type == pygame.KEYDOWN:
            if event.key in CLOSE_KEYS:
                scene.resume()
            elif event.key == pygame.K_HOME:
                self.at = 0
            elif event.key == pygame.K_END:
                self.at = len(self.frames) - 1
            else:
                step = STEPS.get(event.key, 0)
                arrow = event.key in (pygame.K_LEFT, pygame.K_RIGHT)
                self.go(-step if arrow and i18n.rtl() else step)
        elif event.type == pygame.MOUSEWHEEL:
            self.go(-event.y)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button in (1, 3):
            self.go(1 if event.button == 1 else -1)

    def go(self, step: int) -> None:
        """Step through the frames (never past either end)."""
        self.at = max(0, min(len(self.frames) - 1, self.at + step))

    def caption(self, scene: TableScene) -> str:
        """What the frame shows: "Step 12 of 48 · Ben: melded 7♥ 8♥ 9♥"."""
        frame = self.frames[self.at]
        where = tr("rewind.step", at=self.at, total=len(self.frames) - 1)
        if frame.seat is None:
            return f"{where} · {tr('rewind.dealt')}"
        name = scene.match.players[frame.seat].name
        top = self.frames[self.at - 1].discard  # what a take took: the pile's top before it
        what = step_text(Step(0, A.parse(frame.action), top.face if top is not None else None))
        return f"{where} · {tr('log.turn', name=name, steps=what)}"

    def draw(self, surface: pygame.Surface, scene: TableScene, now: int) -> None:
        """An opaque page: the title and the step, every hand, the table, the keys."""
        s = ui_scale(scene.size)
        w, h = scene.size
        pad = round(18 * s)
        surface.fill((12, 34, 24))  # opaque: nothing of the table shows through
        title = theme.fit(
            tr("rewind.title", number=self.number), round(22 * s), theme.GOLD, w - 2 * pad, True
        )
        surface.blit(title, (theme.start_x(pad, w - 2 * pad, title.get_width()), pad))
        y = pad + title.get_height() + round(4 * s)
        caption = theme.fit(self.caption(scene), round(17 * s), theme.TEXT, w - 2 * pad, True)
        surface.blit(caption, (theme.start_x(pad, w - 2 * pad, caption.get_width()), y))
        y += caption.get_height() + round(10 * s)
        frame = self.frames[self.at]
        y = self._hands(surface, scene, frame, Rect(pad, y, w - 2 * pad, h), s)
        keys = theme.fit(tr("rewind.keys"), round(14 * s), theme.TEXT_DIM, w - 2 * pad)
        area = Rect(pad, y + pad // 2, w - 2 * pad, h - y - keys.get_height() - 2 * pad)
        self._table(surface, scene, frame, area, s)
        x = theme.start_x(pad, w - 2 * pad, keys.get_width())
        surface.blit(keys, (x, h - pad - keys.get_height()))

    def _hands(
        self, surface: pygame.Surface, scene: TableScene, frame: Frame, box: Rect, s: float
    ) -> int:
        """A row per seat: the name (the one to move marked), its cards face up."""
        card_w = round(44 * s)
        row_h = card_height(card_w) + round(6 * s)
        name_w = round(150 * s)
        y = box.y
        bar_w = max(3, round(4 * s))
        for seat, hand in enumerate(frame.hands):
            colour = theme.seat_colour(seat)
            pygame.draw.rect(
                surface, colour, (mirror_in(box, box.x, bar_w), y + 4, bar_w, row_h - 10)
            )
            mark = (" ▶" if i18n.rtl() else " ◀") if seat == frame.current else ""  # at the name
            name = theme.fit(
                scene.match.players[seat].name + mark,
                round(16 * s),
                theme.TEXT,
                name_w - 14,
                seat == frame.current,
            )
            at = mirror_in(box, box.x + round(10 * s), name.get_width())
            surface.blit(name, (at, y + (row_h - name.get_height()) // 2))
            step = min(round(card_w * 0.7), (box.w - name_w - card_w) // max(1, len(hand)))
            span = (len(hand) - 1) * step + card_w if hand else 0
            x = mirror_in(box, box.x + name_w, span)  # the cards still left to right
            for k, card in enumerate(hand):
                surface.blit(scene.deck.face(card.face, card_w), (x + k * step, y))
            y += row_h
        return y

    def _table(
        self, surface: pygame.Surface, scene: TableScene, frame: Frame, area: Rect, s: float
    ) -> None:
        """The discard pile's top card, then the melds flowing over the rest."""
        card_w = round(60 * s)
        if frame.discard is not None:
            at = mirror_in(area, area.x, card_w)
            surface.blit(scene.deck.face(frame.discard.face, card_w), (at, area.y))
        label = theme.fit(
            tr("rewind.pile", stock=frame.stock), round(13 * s), theme.TEXT_DIM, card_w * 2
        )
        at = mirror_in(area, area.x, label.get_width())
        surface.blit(label, (at, area.y + card_height(card_w) + 4))
        room_w = area.w - card_w * 2 - 8
        room = Rect(mirror_in(area, area.x + card_w * 2 + 8, room_w), area.y, room_w, area.h)
        if not frame.table or room.w < 40 or room.h < 40:
            return
        try:
            layout = meld_positions(room, [len(m.pieces) for m in frame.table], card_w)
        except ValueError:
            return
        for meld, rects in zip(frame.table, layout.cards, strict=True):
            for piece, rect in zip(meld.pieces, rects, strict=True):
                surface.blit(scene.deck.face(piece.card.face, rect.w), (rect.x, rect.y))

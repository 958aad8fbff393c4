"""Drawing the table: felt, opponents, piles, melds, info and status, buttons, the hand.

The still table (everything but what moves) is drawn into a cached surface and redrawn
only when something it shows has changed; each frame blits it, then draws the cards in
flight, the rubber band and the dragged cards over it. Every card image, text and panel
comes from a cache (ui.look.sprites, ui.look.theme).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game import actions as A
from game.cards import Card
from ui.kit.rect import Rect
from ui.look import theme
from ui.table.melds_draw import badge, draw_meld_focus, draw_melds, draw_targets
from ui.table.overlays import SheetOverlay
from ui.table.paint import blit_card, mirror_in, outline
from ui.table.seats_draw import draw_seats
from ui.text import i18n
from ui.text.i18n import tr
from ui.text.words import card_text, indicator_text, view_header

if TYPE_CHECKING:
    from ui.table.scene import TableScene

STEPS = ("draw", "play", "discard", "over")
STATUS_COLOURS = {
    "refused": theme.REFUSED,
    "hint": theme.HINT,
    "error": theme.REFUSED,
    "warning": theme.GOLD,
}


class TableRenderer:
    """Draws a TableScene; knows nothing the scene does not hold."""

    def __init__(self, scene: TableScene) -> None:
        self.scene = scene
        self.base: pygame.Surface | None = None
        self.drawn: tuple[object, ...] | None = None

    def draw(self, surface: pygame.Surface, now: int) -> None:
        """One frame: the still table (from its cache), then whatever moves over it."""
        size = surface.get_size()
        if self.base is None or self.base.get_size() != size:
            self.base = pygame.Surface(size)
            if pygame.display.get_surface() is not None:
                self.base = self.base.convert()
            self.drawn = None
        state = self.state()
        if state != self.drawn:
            self.still(self.base)
            self.drawn = state
        surface.blit(self.base, (0, 0))
        if self.scene.overlay is None:  # nothing moves over a menu, a sheet or a hand-over
            self.gestures(surface, now)

    def state(self) -> tuple[object, ...]:
        """Everything the still table depends on; equal states draw the same picture."""
        s, i = self.scene, self.scene.input
        return (
            s.version,
            i18n.language(),  # a language chosen at the table shows in the next frame
            s.status,
            s.anim.hidden(),
            s.hinted,
            s.hint_pile,
            (i.focus_row, i.focus_index, i.focus_visible),
            getattr(s.overlay, "hover", None),
            getattr(s.overlay, "armed", None),
            getattr(s.overlay, "scroll", None),
            s.bot_turns.thinking,  # the badge comes and goes without anything else moving
            s.deck.four_colour,
            s.curtain,
        )

    def still(self, surface: pygame.Surface) -> None:
        """The table without what moves: felt, seats, piles, melds, hand, texts, overlay."""
        s = self.scene
        surface.blit(theme.felt(s.size, s.settings.felt_colours), (0, 0))
        if s.curtain is not None:  # pass-and-play: nothing of the table behind the hand-over
            if s.overlay is not None:
                s.overlay.draw(surface, s, 0)
            return
        draw_seats(surface, s)
        sheet = s.overlay if isinstance(s.overlay, SheetOverlay) else s.held
        if sheet is not None:  # the finished round's table; no hand of the new deal
            everyone = frozenset(range(len(sheet.table)))
            draw_melds(surface, s, sheet.table, sheet.meld_layout(s), everyone)
        else:
            self.piles(surface)
            place = s.placement
            draw_melds(surface, s, place.melds, place.meld_layout, place.group_first, s.marked)
            draw_meld_focus(surface, s)
            self.hand(surface)
            self.header(surface)
            self.news(surface)
        self.info(surface)
        self.status(surface)
        self.buttons(surface)
        if s.held is not None:
            s.held.draw(surface, s, 0)
        if s.overlay is not None:
            s.overlay.draw(surface, s, 0)

    # --- piles -----------------------------------------------------------------------

    def piles(self, surface: pygame.Surface) -> None:
        """Stock, discard pile, indicator (with the wild cards named), their labels."""
        s = self.scene
        lay, v = s.layout, s.view
        self.stock(surface)
        self.discard(surface)
        if lay.indicator is not None and v.indicator is not None:
            blit_card(surface, s, v.indicator, lay.indicator)
            wilds = " ".join(dict.fromkeys(card_text(f) for f in v.wild_faces))
            text = tr("pile.indicator", wilds=wilds) if wilds else tr("pile.indicator_none")
            self._label(surface, "indicator", text, theme.GOLD)
        stop = s.input.focused() if s.input.focus_visible and s.input.focus_row == "table" else None
        for name, rect in (("stock", lay.stock), ("discard", lay.discard)):
            if s.hint_pile == name:  # a hint before drawing: this pile
                outline(surface, s, rect, theme.HINT, px=max(3, rect.w // 14))
            if stop == (name, 0):
                outline(surface, s, rect, theme.FOCUS, px=max(3, rect.w // 14))

    def stock(self, surface: pygame.Surface) -> None:
        """A little stack of backs, higher while the stock is fuller."""
        s = self.scene
        rect, count = s.layout.stock, s.view.stock_count
        if not count:
            self._empty(surface, rect)
        depth = min(3, 1 + count // 15) if count else 0
        for k in range(depth - 1, -1, -1):
            card = Rect(rect.x - 2 * k, rect.y - 2 * k, rect.w, rect.h)
            blit_card(surface, s, None, card, shadow=k == depth - 1)
        self._label(surface, "stock", tr("pile.stock", count=count))

    def discard(self, surface: pygame.Surface) -> None:
        """The top card with the one below peeking out (unless in flight or being dragged)."""
        s = self.scene
        rect, pile, hidden = s.layout.discard, s.view.discard, s.anim.hidden()
        drag = s.input.drag
        lifted = pile[-1] if drag is not None and drag.kind == "discard" and pile else None
        shown = [c for c in pile if c not in hidden and c != lifted]
        if len(shown) >= 2:
            blit_card(surface, s, shown[-2], Rect(rect.x - 3, rect.y + 2, rect.w, rect.h))
        if shown:
            blit_card(surface, s, shown[-1], rect)
        else:
            self._empty(surface, rect)
        label = tr("pile.discard", count=len(pile)) if pile else tr("pile.discard_empty")
        self._label(surface, "discard", label)

    def _empty(self, surface: pygame.Surface, rect: Rect) -> None:
        r = max(4, rect.w // 12)
        surface.blit(theme.frame((rect.w, rect.h), theme.TEXT_DIM, 2, r, True), (rect.x, rect.y))

    def _label(
        self, surface: pygame.Surface, name: str, words: str, colour: theme.RGB = theme.TEXT_DIM
    ) -> None:
        rect = self.scene.layout.pile_labels[name]
        img = theme.fit(words, round(rect.h * 0.72), colour, rect.w)
        surface.blit(img, img.get_rect(midtop=(rect.x + rect.w // 2, rect.y + 2)))

    # --- the hand --------------------------------------------------------------------

    def hand(self, surface: pygame.Surface) -> None:
        """The human's cards; selected ones lifted and framed, hinted and focused ones marked."""
        s = self.scene
        hidden = s.anim.hidden()
        focus = s.input.focused() if s.input.focus_visible and s.input.focus_row == "hand" else None
        hand = s.placement.hand
        for k, (card, rect) in enumerate(hand):
            if card in hidden:
                continue
            if card == focus and card not in s.selected:  # the focus lifts its card a little
                rect = Rect(rect.x, rect.y - s.layout.metrics.lift // 2, rect.w, rect.h)
            blit_card(surface, s, card, rect)
            strip = (hand[k + 1][1].x if k + 1 < len(hand) else rect.right) - rect.x
            self.badge(surface, card, rect, strip)
            if card in s.selected:
                outline(surface, s, rect, theme.SELECT)
            if card in s.hinted:
                outline(surface, s, rect, theme.HINT, px=max(3, rect.w // 16))
            if card == focus:  # and frames it boldly: plain to see which card the keys act on
                outline(surface, s, rect, theme.FOCUS, px=max(4, rect.w // 12))

    def badge(self, surface: pygame.Surface, card: Card, rect: Rect, strip: int) -> None:
        """A wild card in the hand carries the gold badge it has on the table; a joker that is
        not wild says what it plays as (an ace): low on the card's visible strip."""
        v = self.scene.view
        if v.is_wild(card):
            words = tr("badge.wild")
        elif card.face.is_joker and v.wilds.joker_as is not None:
            words = card_text(v.wilds.natural(card))
        else:
            return
        size = max(12, rect.w // 5)
        room = max(size, strip - 6)
        badge(
            surface,
            words,
            (rect.x + 3, rect.bottom - size - 4 - self.scene.layout.metrics.lift // 3),
            room,
            size,
        )

    # --- info, status, buttons ---------------------------------------------------------

    def header(self, surface: pygame.Surface) -> None:
        """Beside the piles (left, or right in a language written right to left): the round
        and how the match ends, a line each, from the edge lines start at."""
        s = self.scene
        rect, v = s.layout.header, s.view
        size = max(11, round(s.layout.metrics.label_h * 0.8))
        y = rect.y
        lines = view_header(v)
        meaning = indicator_text(v.indicator.face if v.indicator else None, v.wild_faces)
        for i, line in enumerate(lines):
            img = theme.fit(line, size, theme.GOLD if i == 0 else theme.TEXT_DIM, rect.w, i == 0)
            surface.blit(img, (theme.start_x(rect.x, rect.w, img.get_width()), y))
            y += img.get_height()
        for line in theme.wrap(meaning, size, rect.w)[:2]:  # the indicator, in words
            img = theme.fit(line, size, theme.GOLD, rect.w)
            if y + img.get_height() > rect.bottom:
                break
            surface.blit(img, (theme.start_x(rect.x, rect.w, img.get_width()), y))
            y += img.get_height()

    def news(self, surface: pygame.Surface) -> None:
        """Beside the piles (right, or left right to left): what the others did since the
        human's last turn."""
        s = self.scene
        rect = s.layout.news
        size = max(11, round(s.layout.metrics.label_h * 0.72))
        title = theme.fit(tr("news.title"), size, theme.GOLD, rect.w, True)
        surface.blit(title, (theme.start_x(rect.x, rect.w, title.get_width()), rect.y))
        y, line_h = rect.y + title.get_height(), theme.font(size).get_linesize()
        lines = theme.wrap(s.news or tr("news.none"), size, rect.w)
        room = max(1, (rect.bottom - y) // line_h)
        if len(lines) > room:  # the rest is in the log
            lines = (*lines[: room - 1], tr("news.more"))
        for line in lines:
            img = theme.fit(line, size, theme.TEXT, rect.w)
            surface.blit(img, (theme.start_x(rect.x, rect.w, img.get_width()), y))
            y += line_h

    def info(self, surface: pygame.Surface) -> None:
        """Whose turn and which step, and the running opening total ("39 / 51")."""
        s = self.scene
        v, rect = s.view, s.layout.info
        surface.blit(theme.panel((rect.w, rect.h), theme.PANEL, rect.h // 3), (rect.x, rect.y))
        size = round(rect.h * 0.62)
        right = None
        if v.opening_needed and not v.opened[v.seat]:
            reached = v.opening_value >= v.opening_needed
            words = tr("info.opening", value=v.opening_value, needed=v.opening_needed)
            right = theme.text(words, size, theme.VALID if reached else theme.GOLD, True)
            x = mirror_in(rect, rect.right - right.get_width() - 6, right.get_width())
            surface.blit(right, (x, rect.y + (rect.h - right.get_height()) // 2))
        room = rect.w - 12 - (right.get_width() + 8 if right else 0)
        img = theme.fit(self.turn_text(), size, theme.TEXT, room, v.my_turn)
        x = theme.start_x(rect.x + 6, rect.w - 12, img.get_width())
        surface.blit(img, (x, rect.y + (rect.h - img.get_height()) // 2))

    def turn_text(self) -> str:
        """ "Your turn: draw", "Ben: meld or discard", "Round over"."""
        s = self.scene
        v = s.view
        if v.match_over:
            return tr("info.match_over")
        if isinstance(s.overlay, SheetOverlay):
            return tr("info.round_over")
        step = tr(f"step.{v.phase}") if v.phase in STEPS else v.phase
        if v.my_turn:
            return tr("info.turn_mine", step=step)
        return tr("info.turn_other", name=s.match.players[v.current].name, step=step)

    def status(self, surface: pygame.Surface) -> None:
        """The status line: advice, the reason for a refused move, a hint, an error."""
        s = self.scene
        rect, status = s.layout.status, s.status
        colour = STATUS_COLOURS.get(status.kind, theme.TEXT)
        size = round(s.layout.info.h * 0.62)
        bold = status.kind != "info"
        if theme.width_of(status.text, size, bold) <= rect.w - 8:
            img = theme.text(status.text, size, colour, bold)
            x = theme.start_x(rect.x + 4, rect.w - 8, img.get_width())
            surface.blit(img, (x, rect.y + (rect.h - img.get_height()) // 2))
            return
        # too long for the line: it opens upwards over the table, whole, never cut
        lines = theme.wrap(status.text, size, rect.w - 16, bold)
        line_h = theme.font(size, bold).get_linesize()
        height = len(lines) * line_h + 8
        top = rect.bottom - height
        surface.blit(theme.panel((rect.w, height), (10, 28, 20, 235), 8), (rect.x, top))
        for i, line in enumerate(lines):
            img = theme.text(line, size, colour, bold)
            x = theme.start_x(rect.x + 8, rect.w - 16, img.get_width())
            surface.blit(img, (x, top + 4 + i * line_h))

    def buttons(self, surface: pygame.Surface) -> None:
        """Sort by suit / rank on the left; undo, hint, menu on the right (greyed when idle);
        the other way round in a language written right to left (the layout mirrors them)."""
        s = self.scene
        enabled = {"undo": A.Undo() in s.view.legal, "hint": s.view.my_turn}
        for name, rect in s.layout.buttons.items():
            on = enabled.get(name, True)
            fill = theme.BUTTON if on else theme.BUTTON_OFF
            surface.blit(theme.panel((rect.w, rect.h), fill, rect.h // 4), (rect.x, rect.y))
            ink = theme.INK if on else (90, 100, 95)
            size = round(min(rect.h * 0.42, rect.w * 0.2))
            img = theme.fit(tr(f"button.{name}"), size, ink, rect.w - 10, True)
            surface.blit(img, img.get_rect(center=(rect.x + rect.w // 2, rect.y + rect.h // 2)))

    # --- what moves --------------------------------------------------------------------

    def gestures(self, surface: pygame.Surface, now: int) -> None:
        """Cards in flight, the rubber band, drop targets and the cards being dragged."""
        s = self.scene
        for flight in s.anim.flights:
            rect = flight.at(now)
            # the nearer of the two widths drawn unscaled: no image is made mid-flight
            width = min((flight.src.w, flight.dst.w), key=lambda w: abs(w - rect.w))
            rect = Rect(rect.x + (rect.w - width) // 2, rect.y, width, rect.h)
            blit_card(surface, s, flight.card if flight.face_up else None, rect)
        band = s.input.band
        if band is not None:
            r = band.rect
            surface.blit(theme.panel((r.w, r.h), (*theme.SELECT, 50), 4), (r.x, r.y))
            surface.blit(theme.frame((r.w, r.h), theme.SELECT, 2, 4, False), (r.x, r.y))
        draw_targets(surface, s)
        drag = s.input.drag
        if drag is not None:
            cards = list(drag.cards) if drag.cards else [None]
            for card, rect in zip(cards, drag.rects(), strict=False):
                blit_card(surface, s, card, rect)

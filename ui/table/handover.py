"""Pass-and-play: the hand-over screen between two human players.

With two or more human seats the table never shows a hand to the wrong person. When a
human's turn ends (and when a new round is dealt, and when a match starts) the whole table
is hidden behind this screen, which names the next human to play; it draws no card face
at all. The table shows that player's hand only after a deliberate act: their button
("I'm Ben: show my cards") or Enter. For the first GUARD_MS after it appears it takes
nothing, and a press that began before it appeared never counts: the outgoing player's
last clicks (a double-click and one more) land on nothing.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.match import Match
from game.story import since_last_turn
from ui.kit.rect import Rect, ui_scale
from ui.look import theme
from ui.text.i18n import tr
from ui.text.words import news_text

if TYPE_CHECKING:
    from ui.table.scene import TableScene

GUARD_MS = 1000  # how long a new hand-over ignores every input
ENTER_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER)


def next_human(match: Match) -> int | None:
    """The human seat that plays next from the seat to move on (None if no human plays)."""
    seat, players = match.current, match.players
    active = set(match.active)
    for _ in range(len(players)):
        if players[seat].kind == "human" and seat in active:
            return seat
        seat = match.round.next_seat(seat)
    return None


def hand_over(scene: TableScene) -> None:
    """Hide the table until the next human to play says they have the screen."""
    seat = next_human(scene.match)
    if seat is None:
        return
    scene.anim.finish()
    scene.input.reset()
    scene.selected.clear()
    scene.hinted, scene.hint_key, scene.hint_pile = frozenset(), None, None
    scene.curtain = seat
    scene.overlay = HandOver(seat)


def take_over(scene: TableScene) -> None:
    """The player behind the hand-over is ready: show the table from their seat."""
    seat, scene.curtain = scene.curtain, None
    scene.overlay = None
    if seat is not None and seat != scene.me:
        scene.orders[scene.me] = scene.order  # each human keeps the order of their hand
        scene.me = seat
        scene.order, scene.selected = scene.orders.get(seat, []), set()
    scene.refresh()
    scene.prompt()


class HandOver:
    """ "Pass to Ben": the only thing on screen until Ben says he is there."""

    def __init__(self, seat: int) -> None:
        self.seat = seat
        self.hover = False
        self.shown: int | None = None  # the app time of the first frame that showed it
        self.armed = False  # the guard is over: the button and Enter work
        self.pressed = False  # the button was pressed while armed (and not yet let go)

    def update(self, now: int) -> None:
        """Once per frame, before drawing: start the guard, then arm when it is over."""
        if self.shown is None:
            self.shown = now
        self.armed = now - self.shown >= GUARD_MS

    def handle(self, event: pygame.event.Event, now: int, scene: TableScene) -> None:
        """After the guard: the button (pressed and let go on it) or Enter. Esc: the menu."""
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            scene.open_menu()
            return
        on_button = self.button(scene).contains(event.pos) if hasattr(event, "pos") else False
        if event.type == pygame.MOUSEMOTION:
            self.hover = on_button
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.pressed = self.armed and on_button
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            pressed, self.pressed = self.pressed, False
            if pressed and self.armed and on_button:
                take_over(scene)
        elif event.type == pygame.KEYDOWN and event.key in ENTER_KEYS and self.armed:
            take_over(scene)

    def _panel(self, scene: TableScene) -> Rect:
        s = ui_scale(scene.size)
        w, h = scene.size
        pw, ph = round(640 * s), round(440 * s)
        return Rect((w - pw) // 2, (h - ph) // 2, pw, ph)

    def button(self, scene: TableScene) -> Rect:
        """The button that shows the cards: "I'm Ben: show my cards"."""
        s, panel = ui_scale(scene.size), self._panel(scene)
        bw, bh = min(panel.w - round(60 * s), round(420 * s)), round(54 * s)
        return Rect(panel.x + (panel.w - bw) // 2, panel.bottom - bh - round(44 * s), bw, bh)

    def button_text(self, scene: TableScene) -> str:
        """The button's words, naming the player who takes over."""
        return tr("handover.button", name=scene.match.players[self.seat].name)

    def draw(self, surface: pygame.Surface, scene: TableScene, now: int) -> None:
        """The felt, three card backs, the name of the player to take over, their button."""
        s = ui_scale(scene.size)
        name = scene.match.players[self.seat].name
        panel = self._panel(scene)
        surface.blit(
            theme.panel((panel.w, panel.h), (0, 0, 0, 110), round(18 * s)), (panel.x, panel.y)
        )
        self._backs(surface, scene, panel, s)
        y = panel.y + round(180 * s)
        colour = theme.seat_colour(self.seat)
        title = theme.fit(
            tr("handover.title", name=name), round(40 * s), theme.GOLD, panel.w - 40, True
        )
        surface.blit(title, title.get_rect(midtop=(panel.x + panel.w // 2, y)))
        y += title.get_height() + round(12 * s)
        pygame.draw.rect(
            surface,
            colour,
            (panel.x + panel.w // 2 - round(40 * s), y, round(80 * s), max(3, round(4 * s))),
            border_radius=2,
        )
        y += round(18 * s)
        line = tr("handover.round", number=scene.match.round.number) + " · " + tr("handover.hidden")
        img = theme.fit(line, round(16 * s), theme.TEXT_DIM, panel.w - 40)
        surface.blit(img, img.get_rect(midtop=(panel.x + panel.w // 2, y)))
        self._recap(surface, scene, panel, y + img.get_height() + round(12 * s), s)
        self._button(surface, scene, s)

    def recap(self, scene: TableScene) -> str:
        """What the others did since this player's last turn (public: the round's story)."""
        news = since_last_turn(scene.story, self.seat)
        return news_text(news, scene.match.players)

    def _recap(
        self, surface: pygame.Surface, scene: TableScene, panel: Rect, y: int, s: float
    ) -> None:
        words = self.recap(scene)
        if not words:
            return
        size, width = round(15 * s), panel.w - round(60 * s)
        lines = theme.wrap(tr("handover.recap", news=words), size, width)
        room = max(1, (self.button(scene).y - round(8 * s) - y) // theme.font(size).get_linesize())
        for text in lines[:room]:
            img = theme.fit(text, size, theme.TEXT, width)
            surface.blit(img, img.get_rect(midtop=(panel.x + panel.w // 2, y)))
            y += theme.font(size).get_linesize()

    def _button(self, surface: pygame.Surface, scene: TableScene, s: float) -> None:
        """The button, greyed while the guard lasts, and Enter's reminder under it."""
        rect = self.button(scene)
        if self.armed:
            fill = theme.GOLD if self.hover else (235, 190, 70)
            ink = (30, 24, 10)
        else:
            fill, ink = (90, 90, 90), (170, 170, 170)
        pygame.draw.rect(surface, fill, rect.as_tuple(), border_radius=round(10 * s))
        words = theme.fit(self.button_text(scene), round(22 * s), ink, rect.w - 20, True)
        surface.blit(words, words.get_rect(center=rect.centre))
        hint = tr("handover.sub") if self.armed else tr("handover.wait")
        img = theme.fit(hint, round(15 * s), theme.TEXT_DIM, rect.w + 100)
        surface.blit(img, img.get_rect(midtop=(rect.centre[0], rect.bottom + round(6 * s))))

    def _backs(self, surface: pygame.Surface, scene: TableScene, panel: Rect, s: float) -> None:
        """A small fan of face-down cards: the hand waiting for its player."""
        card_w = round(70 * s)
        back = scene.deck.back(card_w)
        shade, (dx, dy) = scene.deck.shadow(card_w)
        cx, top = panel.x + panel.w // 2, panel.y + round(36 * s)
        for k, angle in enumerate((12, 0, -12)):
            x = cx - card_w // 2 + (k - 1) * round(card_w * 0.55)
            y = top + (4 if k != 1 else 0)
            turned = pygame.transform.rotozoom(back, angle, 1)
            surface.blit(shade, (x + dx, y + dy))
            surface.blit(
                turned, turned.get_rect(center=(x + card_w // 2, y + back.get_height() // 2))
            )

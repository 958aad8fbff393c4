"""Pass-and-play: the hand-over screen between two human players.

With two or more human seats the table never shows a hand to the wrong person. When a
human's turn ends (and when a new round is dealt, and when a match starts) the whole table
is hidden behind this screen, which names the next human to play; it draws no card face
at all. The table shows that player's hand only after they click or press Enter.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.match import Match
from ui.kit.rect import Rect, ui_scale
from ui.look import theme
from ui.text.i18n import tr

if TYPE_CHECKING:
    from ui.table.scene import TableScene


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
    scene.hinted, scene.hint_key = frozenset(), None
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
    """ "Pass to Ben – click when ready": the only thing on screen until Ben is there."""

    def __init__(self, seat: int) -> None:
        self.seat = seat
        self.hover = None

    def handle(self, event: pygame.event.Event, now: int, scene: TableScene) -> None:
        """A click, Enter or Space: the next player has the screen. Esc: the menu."""
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            scene.open_menu()
        elif (event.type == pygame.MOUSEBUTTONDOWN and event.button == 1) or (
            event.type == pygame.KEYDOWN
            and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)
        ):
            take_over(scene)

    def draw(self, surface: pygame.Surface, scene: TableScene, now: int) -> None:
        """The felt, three card backs and the name of the player to take over."""
        s = ui_scale(scene.size)
        w, h = scene.size
        name = scene.match.players[self.seat].name
        panel = Rect(
            (w - round(640 * s)) // 2, (h - round(400 * s)) // 2, round(640 * s), round(400 * s)
        )
        surface.blit(
            theme.panel((panel.w, panel.h), (0, 0, 0, 110), round(18 * s)), (panel.x, panel.y)
        )
        self._backs(surface, scene, panel, s)
        y = panel.y + round(190 * s)
        colour = theme.seat_colour(self.seat)
        title = theme.fit(
            tr("handover.title", name=name), round(40 * s), theme.GOLD, panel.w - 40, True
        )
        surface.blit(title, title.get_rect(midtop=(panel.x + panel.w // 2, y)))
        y += title.get_height() + round(14 * s)
        pygame.draw.rect(
            surface,
            colour,
            (panel.x + panel.w // 2 - round(40 * s), y, round(80 * s), max(3, round(4 * s))),
            border_radius=2,
        )
        y += round(22 * s)
        for words, size, ink in (
            (tr("handover.sub", name=name), 20, theme.TEXT),
            (
                tr("handover.round", number=scene.match.round.number)
                + " · "
                + tr("handover.hidden"),
                16,
                theme.TEXT_DIM,
            ),
        ):
            img = theme.fit(words, round(size * s), ink, panel.w - 40)
            surface.blit(img, img.get_rect(midtop=(panel.x + panel.w // 2, y)))
            y += img.get_height() + round(10 * s)

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

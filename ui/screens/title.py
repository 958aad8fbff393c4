"""The title screen: continue, new game, saved games, rules, settings, statistics, quit.

Continue is offered while a game is in progress (the table left for the title, or a game
that saves kept). Up/down choose, Enter opens, Esc quits (asking first when a game is in
progress and the player wants that). A save that would not open, or settings and
statistics that could not be read, are told in a notice over the menu (ui.notices).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.cards import JOKER, Face, Suit, face_of
from ui.kit.rect import Rect
from ui.look import theme
from ui.look.sprites import Deck
from ui.screens.notice_panel import NoticeScreen
from ui.screens.widgets import Control, blit_at, label
from ui.store import saves_bridge
from ui.text import i18n
from ui.text.i18n import tr

if TYPE_CHECKING:
    from ui.screens.screen import Navigator

FAN: tuple[Face, ...] = (
    face_of(1, Suit.S),
    face_of(13, Suit.H),
    face_of(12, Suit.D),
    face_of(11, Suit.C),
    JOKER,
)


class TitleScene(NoticeScreen):
    """The first screen."""

    keys_key = "title.keys"

    def __init__(self, nav: Navigator) -> None:
        super().__init__(nav)
        self.confirming = False
        self.deck = Deck(nav.settings.four_colour, i18n.rank_names())
        self._fan: tuple[tuple[object, ...], pygame.Surface] | None = None
        self._quit = False
        self.continuable = nav.can_continue()  # asked once: saves may read the disk
        self.with_stats = saves_bridge.stats_available()

    def entries(self) -> list[tuple[str, str]]:
        """(command, label) of the menu as it is now."""
        if self.confirming:
            return [("leave", tr("confirm.quit_yes")), ("stay", tr("confirm.no"))]
        out = []
        if self.continuable:
            out.append(("continue", tr("title.continue")))
        out += [
            ("new", tr("title.new")),
            ("saves", tr("title.saves")),
            ("rules", tr("title.rules")),
            ("settings", tr("title.settings")),
        ]
        if self.with_stats:
            out.append(("stats", tr("title.stats")))
        return [*out, ("quit", tr("title.quit"))]

    def controls(self) -> list[Control]:
        """The menu buttons in a column on the right (only the notice's while one is up)."""
        panel = self.notice_panel()
        if panel is not None:
            return self.notice_controls(panel)
        entries = self.entries()
        w, h = self.size
        bw, bh, gap = self.px(380), self.px(58), self.px(14)
        x = w // 2 + (w // 2 - bw) // 2
        top = (h - len(entries) * (bh + gap)) // 2 + self.px(20)
        first = entries[0][0]
        return [
            Control(
                cmd,
                Rect(x, top + i * (bh + gap), bw, bh),
                words,
                "primary" if cmd == first else "button",
                on_press=lambda c=cmd: self.choose(c),
            )
            for i, (cmd, words) in enumerate(entries)
        ]

    def choose(self, command: str) -> None:
        """Carry out a menu entry."""
        nav = self.nav
        if command == "continue":
            nav.continue_match()
            self.refresh()
        elif command == "new":
            nav.new_game()
        elif command == "rules":
            nav.rules_help(self, nav.setup.preset)
        elif command == "settings":
            nav.settings_screen(self)
        elif command == "stats":
            nav.statistics(self)
        elif command == "saves":
            nav.saved_games(self)
        elif command == "quit":
            self.back()
        elif command == "leave":
            self._quit = True
        elif command == "stay":
            self.confirming = False
            self.form.focus = "quit"

    def back(self) -> None:
        """Esc: close the notice, or quit, asking first while a game is in progress."""
        if self.nav.notices:
            self.dismiss()
        elif self.confirming:
            self.choose("stay")
        else:  # Esc never quits at once: a stray Esc would end the game
            self.confirming = True
            self.form.focus = "stay"

    def enter(self) -> None:
        """Back on the title: the language or the deck may have changed."""
        self.deck.set_four_colour(self.nav.settings.four_colour)
        self.deck.set_rank_names(i18n.rank_names())
        self._fan = None
        self.form.focus = None
        self.refresh()

    def refresh(self) -> None:
        """Whether Continue is offered (a save may have been opened, moved aside or deleted)."""
        self.continuable = self.nav.can_continue()

    @property
    def wants_quit(self) -> bool:
        """True once Quit was chosen."""
        return self._quit

    def paint(self, surface: pygame.Surface) -> None:
        """The name, the tagline and a fan of cards on the left; the question or the notice."""
        w, h = self.size
        cx = w // 4 + self.px(20)
        name = theme.text(tr("app.name"), self.px(64), theme.GOLD, True)
        top = h // 2 - self.px(210)
        blit_at(surface, name, name.get_rect(midtop=(cx, top)).topleft)
        tag = theme.fit(tr("title.tagline"), self.px(21), theme.TEXT, w // 2 - self.px(40))
        blit_at(
            surface, tag, tag.get_rect(midtop=(cx, top + name.get_height() + self.px(8))).topleft
        )
        fan = self.fan()
        blit_at(surface, fan, fan.get_rect(midtop=(cx, top + self.px(140))).topleft)
        if self.confirming:
            rects = [c.rect for c in self.controls()]
            playing = self.nav.table is not None or self.continuable
            question = tr("confirm.quit")
            note = tr("confirm.saved") if playing else ""
            lines = theme.wrap(note, self.px(16), rects[0].w) if note else ()
            y = rects[0].y - self.px(44) - len(lines) * self.px(20)
            label(surface, question, (rects[0].x, y), self.px(24), theme.TEXT, rects[0].w, True)
            for i, line in enumerate(lines):
                img = theme.text(line, self.px(16), theme.TEXT_DIM)
                blit_at(surface, img, (rects[0].x, y + self.px(34) + i * self.px(20)))
        panel = self.notice_panel()
        if panel is not None:
            panel.draw(surface)

    def fan(self) -> pygame.Surface:
        """Five cards fanned out like a hand held up, drawn once per size and language."""
        card_w = self.px(124)
        key = (card_w, i18n.language(), self.deck.four_colour)
        if self._fan is not None and self._fan[0] == key:
            return self._fan[1]
        card_h = self.deck.back(card_w).get_height()
        reach = round(card_h * 1.9)  # the pivot lies this far below the cards' tops
        out = pygame.Surface((card_w * 4, round(card_h * 1.45)), pygame.SRCALPHA)
        pivot = (out.get_width() // 2, reach + self.px(10))
        shade, (dx, dy) = self.deck.shadow(card_w)
        for k, face in enumerate(FAN):
            holder = pygame.Surface(
                (card_w + 2 * dx + shade.get_width(), 2 * reach), pygame.SRCALPHA
            )
            x = (holder.get_width() - card_w) // 2
            holder.blit(shade, (x + dx, dy))
            holder.blit(self.deck.face(face, card_w), (x, 0))
            turned = pygame.transform.rotozoom(holder, (2 - k) * 9, 1)
            out.blit(turned, turned.get_rect(center=pivot))
        self._fan = (key, out)
        return out

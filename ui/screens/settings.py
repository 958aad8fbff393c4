"""Settings: language, animation and bot speed, deck colours, card backs, card size, table
colour, sound, and whether to ask before leaving a game. Changes show at once (a preview of
cards on the chosen felt beside them) and are stored when the screen is left."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from game.cards import Suit, face_of
from ui.kit.rect import Rect
from ui.look import sound, theme
from ui.look.cardart import BACK_DESIGNS
from ui.look.sprites import Deck
from ui.screens.screen import Screen
from ui.screens.widgets import Control, label
from ui.store import saves_bridge
from ui.store.prefs import ANIMATIONS, CARD_SIZES, FELTS, SPEEDS, Settings
from ui.text import i18n
from ui.text.i18n import LANGUAGE_NAMES, LANGUAGES, tr

if TYPE_CHECKING:
    from ui.kit.scene import Scene
    from ui.screens.screen import Navigator

Row = tuple[str, Callable[[], str], Callable[[int], None]]


def _cycle(options: list[object], current: object, step: int) -> object:
    at = options.index(current) if current in options else 0
    return options[(at + step) % len(options)]


class SettingsScene(Screen):
    """The player's settings."""

    title_key = "settings.title"
    keys_key = "settings.keys"

    def __init__(self, nav: Navigator, back: Scene) -> None:
        super().__init__(nav)
        self.previous = back
        self.told = False  # the player was told that the settings could not be saved
        self.deck = Deck(nav.settings.four_colour, i18n.rank_names())

    @property
    def st(self) -> Settings:
        """The settings being changed."""
        return self.nav.settings

    def rows(self) -> list[Row]:
        """(label key, value text, change) per setting."""
        st = self.st
        return [
            ("settings.language", self._language_text, self._language),
            self._pick("settings.animation", "animation", ANIMATIONS, "anim."),
            self._pick("settings.bot_speed", "speed", SPEEDS, "speed."),
            self._flag("settings.pause_bots", "pause_bots"),
            self._flag("settings.four_colour", "four_colour"),
            (
                "settings.card_back",
                lambda: tr(f"back.{st.card_back}"),
                lambda d: setattr(st, "card_back", _cycle(list(BACK_DESIGNS), st.card_back, d)),
            ),
            self._pick("settings.card_size", "card_size", CARD_SIZES, "size."),
            (
                "settings.felt",
                lambda: tr(f"felt.{st.felt}"),
                lambda d: setattr(st, "felt", _cycle(list(FELTS), st.felt, d)),
            ),
            self._sound(),
            self._flag("settings.confirm_leave", "confirm_leave"),
        ]

    def _pick(
        self, key: str, field: str, choices: tuple[tuple[str, object], ...], prefix: str
    ) -> Row:
        """A setting kept as an index into named choices."""
        st = self.st

        def change(step: int) -> None:
            setattr(st, field, (getattr(st, field) + step) % len(choices))

        return (key, lambda: tr(prefix + choices[getattr(st, field)][0]), change)

    def _flag(self, key: str, field: str) -> Row:
        """An on/off setting."""
        st = self.st

        def text() -> str:
            return tr("val.on" if getattr(st, field) else "val.off")

        return (key, text, lambda step: setattr(st, field, not getattr(st, field)))

    def _sound(self) -> Row:
        """Sound on or off, and whether there is any: a missing device is said here."""
        key, text, change = self._flag("settings.sound", "sound")
        if sound.available():
            return key, text, change
        return key, lambda: f"{text()} · {tr('settings.no_sound')}", change

    def _language_text(self) -> str:
        if not self.st.language:
            return tr("settings.language.system", name=LANGUAGE_NAMES[i18n.system_language()])
        return LANGUAGE_NAMES[self.st.language]

    def _language(self, step: int) -> None:
        """System, English, Deutsch: spoken from the next frame on."""
        self.st.language = str(_cycle(["", *LANGUAGES], self.st.language, step))
        i18n.set_language(self.st.language)
        self.deck.set_rank_names(i18n.rank_names())

    def controls(self) -> list[Control]:
        """A value per setting, then Back."""
        out = [
            Control(key, self._rect(i), text(), "choice", on_step=change)
            for i, (key, text, change) in enumerate(self.rows())
        ]
        y = self.size[1] - self.px(96)
        x = self.size[0] - self.px(60) - self.px(220)  # under the preview, clear of the rows
        out.append(
            Control(
                "back",
                Rect(x, y, self.px(220), self.px(54)),
                tr("settings.back"),
                on_press=self.back,
            )
        )
        return out

    def _rect(self, index: int) -> Rect:
        return Rect(self.px(470), self.px(120) + index * self.px(62), self.px(340), self.px(44))

    def back(self) -> None:
        """Store the settings and go back where the player came from."""
        failed = saves_bridge.save_settings(self.st)
        if failed and not self.told:  # say so once; the next Esc leaves (they still apply)
            self.told = True
            self.error = tr("settings.save_failed", reason=failed)
            return
        self.nav.go(self.previous)

    def paint(self, surface: pygame.Surface) -> None:
        """The names of the settings and a preview of the cards."""
        for i, (key, _, _) in enumerate(self.rows()):
            rect = self._rect(i)
            y = rect.y + (rect.h - self.px(22)) // 2
            label(surface, tr(key), (self.px(60), y), self.px(19), theme.TEXT, self.px(390))
        self._preview(surface)

    def _preview(self, surface: pygame.Surface) -> None:
        """A card back and four faces on a piece of the chosen felt, at the chosen size, colours
        and back."""
        x, y = self.px(870), self.px(120)
        w = self.size[0] - x - self.px(60)
        box = Rect(theme.mirror_x(x, w, self.size[0]), y, w, self.px(300))
        felt = theme.felt((box.w, box.h), self.st.felt_colours)
        surface.blit(felt, (box.x, box.y))
        frame = theme.frame((box.w, box.h), theme.TEXT_DIM, 2, self.px(12), False)
        surface.blit(frame, (box.x, box.y))
        self.deck.set_four_colour(self.st.four_colour)
        self.deck.set_back(self.st.card_back)
        card_w = round(self.px(84) * self.st.card_scale)
        faces = (face_of(12, Suit.S), face_of(11, Suit.H), face_of(13, Suit.D), face_of(1, Suit.C))
        images = [self.deck.back(card_w), *(self.deck.face(f, card_w) for f in faces)]
        step = min(round(card_w * 0.62), (box.w - self.px(24) - card_w) // (len(images) - 1))
        left = box.x + (box.w - step * (len(images) - 1) - card_w) // 2
        top = box.y + (box.h - images[0].get_height()) // 2
        shade, (dx, dy) = self.deck.shadow(card_w)
        for k, image in enumerate(images):
            surface.blit(shade, (left + k * step + dx, top + dy))
            surface.blit(image, (left + k * step, top))

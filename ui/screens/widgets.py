"""Controls of the screens around the table: buttons, choices, text fields, list items, tabs.

A screen lays its controls out afresh for every frame (they depend on the window size and
on what is chosen) and hands them to its `Form`, which remembers focus and hover by each
control's key. Mouse: click; a choice steps back when clicked on its left arrow, else on.
Keys: up/down (and tab) move the focus, left/right change a choice or tab, enter or space
press, typing edits a focused text field.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace

import pygame

from ui.kit.rect import Rect
from ui.look import bidi, theme
from ui.look.theme import wrap

GOLD_FILL: theme.RGBA = (248, 200, 70, 240)
FIELD: theme.RGBA = (0, 0, 0, 90)
FIELD_ON: theme.RGBA = (0, 0, 0, 130)
ITEM: theme.RGBA = (0, 0, 0, 70)
ITEM_ON: theme.RGBA = (255, 240, 200, 60)
TEXT_KINDS = ("text",)


@dataclass
class Control:
    """One focusable element of a screen."""

    key: str
    rect: Rect
    label: str
    kind: str = "button"  # button, primary, choice, text, item, tab
    enabled: bool = True
    selected: bool = False
    caption: str = ""
    on_press: Callable[[], None] | None = None
    on_step: Callable[[int], None] | None = None
    on_text: Callable[[str], None] | None = None
    extra: dict[str, object] = field(default_factory=dict)


class Form:
    """Focus, hover and input for a screen's controls."""

    def __init__(self, focus: str | None = None) -> None:
        self.focus = focus
        self.hover: str | None = None

    def focused(self, controls: Sequence[Control]) -> Control | None:
        """The control with the keyboard focus (the first enabled one if none has it)."""
        live = [c for c in controls if c.enabled]
        found = next((c for c in live if c.key == self.focus), None)
        if found is None and live:
            found = live[0]
            self.focus = found.key
        return found

    def handle(self, event: pygame.event.Event, controls: Sequence[Control]) -> bool:
        """Take one event; True when a control used it."""
        if event.type in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN):
            hit = next((c for c in controls if c.rect.contains(event.pos)), None)
            self.hover = hit.key if hit is not None else None
            if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and hit is not None:
                return self._click(hit, event.pos)
            return False
        if event.type == pygame.TEXTINPUT:
            return self._type(event.text, controls)
        if event.type == pygame.KEYDOWN:
            return self._key(event, controls)
        return False

    def _click(self, control: Control, pos: tuple[int, int]) -> bool:
        if not control.enabled:
            return True
        self.focus = control.key
        if control.kind == "choice" and control.on_step is not None:
            left = pos[0] < control.rect.x + max(control.rect.h, control.rect.w // 5)
            control.on_step(-1 if left else 1)
        elif control.on_press is not None:
            control.on_press()
        return True

    def _type(self, text: str, controls: Sequence[Control]) -> bool:
        control = self.focused(controls)
        if control is None or control.kind not in TEXT_KINDS or control.on_text is None:
            return False
        printable = "".join(ch for ch in text if ch.isprintable())
        control.on_text(control.label + printable)
        return True

    def _key(self, event: pygame.event.Event, controls: Sequence[Control]) -> bool:
        control = self.focused(controls)
        key = event.key
        back = bool(getattr(event, "mod", 0) & pygame.KMOD_SHIFT)
        if key in (pygame.K_UP, pygame.K_DOWN) or key == pygame.K_TAB:
            self.move(controls, -1 if key == pygame.K_UP or (key == pygame.K_TAB and back) else 1)
            return True
        if control is None:
            return False
        if control.kind in TEXT_KINDS:
            return self._edit(control, key, controls)
        if key in (pygame.K_LEFT, pygame.K_RIGHT) and control.on_step is not None:
            control.on_step(-1 if key == pygame.K_LEFT else 1)
            return True
        if key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            if control.on_press is not None:
                control.on_press()
            elif control.on_step is not None:
                control.on_step(1)
            return True
        return False

    def _edit(self, control: Control, key: int, controls: Sequence[Control]) -> bool:
        """Keys in a text field: backspace deletes, enter moves on; typed text comes apart."""
        if key == pygame.K_BACKSPACE and control.on_text is not None:
            control.on_text(control.label[:-1])
            return True
        if key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.move(controls, 1)
            return True
        return key == pygame.K_SPACE  # the space comes as typed text

    def move(self, controls: Sequence[Control], step: int) -> None:
        """Move the focus to the next (or previous) enabled control, round the end."""
        live = [c for c in controls if c.enabled]
        if not live:
            return
        keys = [c.key for c in live]
        at = keys.index(self.focus) if self.focus in keys else (-1 if step > 0 else 0)
        self.focus = keys[(at + step) % len(keys)]


# --- drawing ------------------------------------------------------------------------


def draw_controls(
    surface: pygame.Surface, form: Form, controls: Sequence[Control], scale: float
) -> None:
    """Every control, the focused one ringed."""
    focus = form.focused(controls)
    for control in controls:
        _draw(surface, control, scale, control is focus, control.key == form.hover)


def _draw(surface: pygame.Surface, c: Control, s: float, focus: bool, hover: bool) -> None:
    r = c.rect
    radius = max(6, round(r.h * 0.22))
    if c.kind in ("button", "primary"):
        fill = GOLD_FILL if c.kind == "primary" else theme.BUTTON
        fill = fill if c.enabled else theme.BUTTON_OFF
        if hover and c.enabled:
            fill = (*(min(255, v + 12) for v in fill[:3]), fill[3])  # type: ignore[assignment]
        surface.blit(theme.panel((r.w, r.h), fill, radius), (r.x, r.y))
        ink = theme.INK if c.enabled else (95, 105, 100)
        img = theme.fit(c.label, round(19 * s), ink, r.w - 16, True)
        surface.blit(img, img.get_rect(center=_centre(r)))
    elif c.kind == "choice":
        _choice(surface, c, s, radius, hover)
    elif c.kind in TEXT_KINDS:
        _text_field(surface, c, s, radius, focus)
    elif c.kind == "item":
        _item(surface, c, s, radius, hover)
    elif c.kind == "tab":
        fill = theme.BUTTON if c.selected else (ITEM_ON if hover else ITEM)
        surface.blit(theme.panel((r.w, r.h), fill, radius), (r.x, r.y))
        ink = theme.INK if c.selected else theme.TEXT
        img = theme.fit(c.label, round(17 * s), ink, r.w - 12, c.selected)
        surface.blit(img, img.get_rect(center=_centre(r)))
    if focus and c.enabled:
        pad = max(2, round(3 * s))
        ring = r.inflate(2 * pad, 2 * pad)
        frame = theme.frame(
            (ring.w, ring.h), theme.FOCUS, max(2, round(2 * s)), radius + pad, False
        )
        surface.blit(frame, (ring.x, ring.y))


def _centre(r: Rect) -> tuple[int, int]:
    return (r.x + r.w // 2, r.y + r.h // 2)


def _choice(surface: pygame.Surface, c: Control, s: float, radius: int, hover: bool) -> None:
    """‹ value ›, the value in gold when it is not the default (extra["changed"])."""
    r = c.rect
    surface.blit(theme.panel((r.w, r.h), FIELD_ON if hover else FIELD, radius), (r.x, r.y))
    size = round(18 * s)
    dim = theme.TEXT if c.enabled else theme.TEXT_DIM
    arrow_w = max(round(r.h * 0.75), round(r.w * 0.1))
    # pointing outwards: a right-to-left line mirrors ‹ and › (HarfBuzz), so they are swapped
    left, right = ("›", "‹") if bidi.rtl() else ("‹", "›")
    for glyph, x in ((left, r.x + arrow_w // 2), (right, r.right - arrow_w // 2)):
        if c.enabled:  # a choice that cannot change shows no arrows
            img = theme.text(glyph, round(size * 1.3), theme.GOLD, True)
            surface.blit(img, img.get_rect(center=(x, r.y + r.h // 2 - 1)))
    colour = theme.GOLD if c.extra.get("changed") else dim
    img = theme.fit(c.label, size, colour, r.w - 2 * arrow_w, bool(c.extra.get("changed")))
    surface.blit(img, img.get_rect(center=_centre(r)))


def _text_field(surface: pygame.Surface, c: Control, s: float, radius: int, focus: bool) -> None:
    r = c.rect
    surface.blit(theme.panel((r.w, r.h), FIELD_ON if focus else FIELD, radius), (r.x, r.y))
    size = round(18 * s)
    words = c.label + ("|" if focus else "")
    img = theme.fit(words or " ", size, theme.TEXT, r.w - 16)
    surface.blit(
        img,
        (theme.start_x(r.x + 10, r.w - 20, img.get_width()), r.y + (r.h - img.get_height()) // 2),
    )


def _item(surface: pygame.Surface, c: Control, s: float, radius: int, hover: bool) -> None:
    """A list entry with a caption line: the chosen one lit and edged in gold."""
    r = c.rect
    fill = ITEM_ON if (c.selected or hover) else ITEM
    surface.blit(theme.panel((r.w, r.h), fill, radius), (r.x, r.y))
    if c.selected:
        edge = theme.frame((r.w, r.h), theme.GOLD, max(2, round(2 * s)), radius, False)
        surface.blit(edge, (r.x, r.y))
    pad = round(14 * s)
    ink = theme.GOLD if c.selected else theme.TEXT
    title = theme.fit(c.label, round(19 * s), ink, r.w - 2 * pad, True)
    size = round(16 * s)
    lines = [
        theme.fit(line, size, theme.TEXT_DIM, r.w - 2 * pad)
        for line in wrap(c.caption, size, r.w - 2 * pad)[:2]
    ]
    gap = round(4 * s)
    height = title.get_height() + gap + sum(img.get_height() for img in lines)
    y = r.y + (r.h - height) // 2
    surface.blit(title, (theme.start_x(r.x + pad, r.w - 2 * pad, title.get_width()), y))
    y += title.get_height() + gap
    for img in lines:
        surface.blit(img, (theme.start_x(r.x + pad, r.w - 2 * pad, img.get_width()), y))
        y += img.get_height()


def heading(
    surface: pygame.Surface, words: str, at: tuple[int, int], scale: float, size: int = 34
) -> int:
    """A screen title in gold; returns its bottom. `at` is its top-left in a left-to-right
    layout: mirrored in a right-to-left language, like every position on the screens."""
    img = theme.text(words, round(size * scale), theme.GOLD, True)
    blit_at(surface, img, at)
    return at[1] + img.get_height()


def label(
    surface: pygame.Surface,
    words: str,
    at: tuple[int, int],
    size: int,
    colour: theme.RGB = theme.TEXT,
    width: int = 0,
    bold: bool = False,
) -> int:
    """A line of text (fitted into `width` if given); returns its bottom."""
    img = (
        theme.fit(words, size, colour, width, bold)
        if width
        else theme.text(words, size, colour, bold)
    )
    blit_at(surface, img, at)
    return at[1] + img.get_height()


def paragraph(
    surface: pygame.Surface,
    words: str,
    at: tuple[int, int],
    size: int,
    colour: theme.RGB,
    width: int,
    bold: bool = False,
) -> int:
    """Text wrapped into lines no wider than `width`; returns the bottom."""
    x, y = at
    for line in wrap(words, size, width, bold):
        img = theme.text(line, size, colour, bold)
        blit_at(surface, img, (x, y))
        y += img.get_height()
    return y


def blit_at(surface: pygame.Surface, img: pygame.Surface, at: tuple[int, int]) -> None:
    """Draw `img` with its top-left at `at` in a left-to-right layout: in a right-to-left
    language at the mirrored place, so that it ends where it would have started."""
    surface.blit(img, (theme.mirror_x(at[0], img.get_width(), surface.get_width()), at[1]))


def mirrored(controls: Sequence[Control], width: int) -> list[Control]:
    """Controls laid out left to right, as they stand in the language spoken: mirrored in
    a right-to-left one (a window `width` wide)."""
    if not bidi.rtl():
        return list(controls)
    return [replace(c, rect=c.rect.mirrored(width)) for c in controls]


def keys_hint(surface: pygame.Surface, words: str, scale: float) -> None:
    """The keyboard line along the bottom of a screen."""
    w, h = surface.get_size()
    img = theme.fit(words, round(15 * scale), theme.TEXT_DIM, w - 40)
    surface.blit(img, img.get_rect(midbottom=(w // 2, h - round(10 * scale))))

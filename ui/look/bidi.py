"""Right-to-left text: which way a line runs, and its pieces in the order they are drawn.

No pygame here. HarfBuzz (through SDL_ttf) joins and orders the letters of one piece; it does
not split a line that mixes Arabic with Latin words, numbers and card names. That is done
here, by a reduced form of the Unicode bidirectional algorithm (UAX #9) for one paragraph
without explicit embeddings:

- every character gets its bidi class (unicodedata);
- numbers: a European number after Arabic letters is an Arabic number (W2), after Latin
  letters it is Latin (W7); a sign right before a digit and a separator between digits
  belong to the number; a suit symbol right after a rank belongs to it, so "7♥" and "-120"
  stay whole;
- a bracket pair takes the line's direction when it holds a piece of it (N0);
- other neutrals (spaces, punctuation) between two pieces of the same direction take it,
  otherwise the line's direction (N1, N2);
- levels, then pieces reversed from the highest level down (L2).

`pieces(text, rtl)` gives the pieces left to right, each with its direction and whether it
is Arabic script (drawn in the Arabic font). Text is drawn in the order it is read: an Arabic
reader reads the pieces right to left, each number and Latin name left to right.
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass
from functools import lru_cache

SUITS = frozenset("♠♥♦♣")
SIGNS = frozenset("+-−±")
_STRONG_R = frozenset(("R", "AL"))
_NUMBERS = frozenset(("EN", "AN"))
_line = {"rtl": False}  # the direction of the language spoken: set by ui.text.i18n


def set_rtl(flag: bool) -> None:
    """Lines run right to left from now on (Arabic), or left to right."""
    _line["rtl"] = flag


def rtl() -> bool:
    """Whether lines run right to left."""
    return _line["rtl"]


@dataclass(frozen=True, slots=True)
class Piece:
    """A stretch of a line drawn in one go: its text in reading order, its direction, its font."""

    text: str
    rtl: bool
    arabic: bool  # drawn in the Arabic font (Arabic letters, marks, digits and punctuation)


def is_arabic(ch: str) -> bool:
    """Whether a character is of the Arabic script (drawn with the Arabic font)."""
    code = ord(ch)
    return (
        0x0600 <= code <= 0x06FF
        or 0x0750 <= code <= 0x077F
        or 0x08A0 <= code <= 0x08FF
        or 0xFB50 <= code <= 0xFDFF
        or 0xFE70 <= code <= 0xFEFF
    )


def has_rtl(text: str) -> bool:
    """Whether a text holds any right-to-left letter."""
    return any(unicodedata.bidirectional(ch) in _STRONG_R for ch in text)


def _classes(text: str, rtl: bool) -> list[str]:
    """Each character's bidi class, numbers and card names resolved (rules W1–W7, reduced)."""
    kinds = [unicodedata.bidirectional(ch) or "ON" for ch in text]
    last_strong = "" if rtl else "L"  # W7: a number at the start of a left-to-right line
    for i, kind in enumerate(kinds):  # W1: a mark takes its base's class
        if kind == "NSM":
            kinds[i] = kinds[i - 1] if i else "ON"
    n = len(text)
    for i in range(n):
        if kinds[i] in _NUMBERS or kinds[i] == "L":
            continue
        before = kinds[i - 1] if i else ""
        after = kinds[i + 1] if i + 1 < n else ""
        ch = text[i]
        if ch in SIGNS and after in _NUMBERS and (not i or text[i - 1] in " (\u00a0"):
            kinds[i] = after  # a sign before a number: "-120", "+30"
        elif ch in SUITS and before in (*_NUMBERS, "L") and text[i - 1] != " ":
            kinds[i] = before  # a card: rank and suit together, "7♥", "K♠"
        elif kinds[i] in ("CS", "ES", "ET") and before in _NUMBERS and after == before:
            kinds[i] = before  # "1,000", "3.5", "2-3" between digits
        elif kinds[i] == "ET" and (before in _NUMBERS or after in _NUMBERS):
            kinds[i] = before if before in _NUMBERS else after  # "%" and currency signs
    for i, kind in enumerate(kinds):  # W2/W7: numbers after Arabic / Latin letters
        if kind in ("L", "R", "AL"):
            last_strong = kind
        elif kind == "EN" and last_strong:
            kinds[i] = "AN" if last_strong == "AL" else ("L" if last_strong == "L" else "EN")
    return kinds


_BRACKETS = {"(": ")", "[": "]", "{": "}"}


def _pairs(text: str) -> list[tuple[int, int]]:
    """Matching bracket pairs (opening, closing index), innermost first."""
    found, stack = [], []
    for i, ch in enumerate(text):
        if ch in _BRACKETS:
            stack.append(i)
        elif ch in _BRACKETS.values():
            while stack and _BRACKETS[text[stack[-1]]] != ch:
                stack.pop()
            if stack:
                found.append((stack.pop(), i))
    return found


def _levels(text: str, kinds: list[str], rtl: bool) -> list[int]:
    """Embedding levels: brackets (N0), other neutrals (N1, N2), then levels (I1, I2)."""
    base = 1 if rtl else 0
    strong = ["R" if k in ("R", "AL", "EN", "AN") else ("L" if k == "L" else "") for k in kinds]
    edge = "R" if rtl else "L"
    for opening, closing in sorted(_pairs(text)):  # a bracket pair goes with what it holds
        inside = set(strong[opening + 1 : closing]) - {""}
        if not inside:
            continue
        side = edge
        if edge not in inside:  # only the other direction inside: so it is outside too?
            side = next((strong[k] for k in range(opening - 1, -1, -1) if strong[k]), edge)
        strong[opening] = strong[closing] = side
    n = len(kinds)
    i = 0
    while i < n:  # each run of neutrals takes its neighbours' direction when they agree
        if strong[i]:
            i += 1
            continue
        j = i
        while j < n and not strong[j]:
            j += 1
        before = strong[i - 1] if i else edge
        after = strong[j] if j < n else edge
        fill = before if before == after else edge
        for k in range(i, j):
            strong[k] = fill
        i = j
    levels = []
    for kind, direction in zip(kinds, strong, strict=True):
        if kind in _NUMBERS:
            levels.append(base + 1 if base % 2 else base + 2)
        elif direction == "L":
            levels.append(base + 1 if base % 2 else base)
        else:
            levels.append(base if base % 2 else base + 1)
    return levels


@lru_cache(maxsize=4096)
def pieces(text: str, rtl: bool) -> tuple[Piece, ...]:
    """The pieces of one line, left to right as drawn, for a line of base direction `rtl`."""
    if not text:
        return ()
    if not rtl and not has_rtl(text):
        return (Piece(text, False, False),)
    levels = _levels(text, _classes(text, rtl), rtl)
    runs: list[tuple[int, str, bool]] = []  # (level, text, arabic) in logical order
    start = 0
    for i in range(1, len(text) + 1):
        if i == len(text) or levels[i] != levels[start] or _font_break(text, start, i):
            runs.append((levels[start], text[start:i], _arabic_run(text[start:i])))
            start = i
    top = max(level for level, _, _ in runs)
    lowest_odd = min((level for level, _, _ in runs if level % 2), default=top + 1)
    order = list(range(len(runs)))
    for level in range(top, lowest_odd - 1, -1):  # L2: reverse every stretch at >= level
        i = 0
        while i < len(order):
            if runs[order[i]][0] >= level:
                j = i
                while j < len(order) and runs[order[j]][0] >= level:
                    j += 1
                order[i:j] = reversed(order[i:j])
                i = j
            else:
                i += 1
    return tuple(Piece(runs[k][1], runs[k][0] % 2 == 1, runs[k][2]) for k in order)


def _font_break(text: str, start: int, i: int) -> bool:
    """Whether character i starts a new piece because it needs the other font.

    Spaces go with the piece they are in; Arabic letters, marks, digits and punctuation
    are drawn in the Arabic font, everything else in the Latin one.
    """
    ch = text[i]
    if ch == " ":
        return False
    previous = next((c for c in reversed(text[start:i]) if c != " "), "")
    return bool(previous) and is_arabic(ch) != is_arabic(previous)


def _arabic_run(run: str) -> bool:
    """Whether a piece is drawn in the Arabic font."""
    return any(is_arabic(ch) for ch in run)

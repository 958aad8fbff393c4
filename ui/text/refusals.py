"""Refused moves in the player's language, from the refusal's stable code and parameters.

The rules model writes its reasons in English (`Refusal.reason`) and keeps the code and
the parameters beside them. In English the model's reason is shown as it is; in another
language the translated template of the code is filled with translated parameters: cards
written with the language's rank letters, and the English pieces the model puts into a
parameter (`lay off`, `on the table`, a nested reason) translated in turn. Whatever cannot
be translated falls back to the model's English.
"""

from __future__ import annotations

import re
from functools import cache

from game.errors import Refusal
from ui.text import i18n
from ui.text.strings.refusals import REFUSALS

_PIECES = ("what", "how")
_CARDS = re.compile(r"(?<![A-Za-z])([AJQK])(?![a-z])")
_LETTERS = {"A": 1, "J": 11, "Q": 12, "K": 13}


def refusal_text(refusal: Refusal) -> str:
    """The reason for a refused move, as a sentence in the current language."""
    text = translate(refusal.code, refusal.reason, refusal.params)
    return text[:1].upper() + text[1:] + "."


def translate(code: str, reason: str, params: dict[str, str]) -> str:
    """A refusal's reason (without the capital and the full stop) in the current language."""
    if i18n.language() == "en":
        return reason
    key = _key_for(code, reason, params)
    if key is None:
        return reason
    shown = {name: _param(name, value) for name, value in params.items()}
    try:
        return i18n.tr(key).format(**shown)
    except (KeyError, IndexError, ValueError):
        return reason


def _key_for(code: str, reason: str, params: dict[str, str]) -> str | None:
    """The key of the English wording that gave this reason (the first one as a guess)."""
    keys = [k for k in (f"refusal.{code}", f"refusal.{code}.2") if k in REFUSALS]
    for key in keys:
        try:
            if REFUSALS[key].format(**params) == reason:
                return key
        except (KeyError, IndexError):
            continue
    return keys[0] if keys else None


def localise_cards(text: str) -> str:
    """Card texts written by the model (`Q♥ K♥`, `Q-K-A-2`) with the language's rank letters."""
    text = _CARDS.sub(lambda m: i18n.rank_name(_LETTERS[m.group(1)]), text)
    return text.replace("Joker", i18n.tr("card.joker"))


def _param(name: str, value: str) -> str:
    """One parameter of a reason, translated."""
    if name in _PIECES:
        key = next(
            (k for k, v in REFUSALS.items() if k.startswith(f"refusal.{name}.") and v == value),
            None,
        )
        return i18n.tr(key) if key else value
    if name == "why":
        return _nested(value)
    if name == "choices":
        word = f" {i18n.tr('refusal.word.or')} "
        return word.join(localise_cards(c) for c in value.split(" or "))
    if name == "holes":
        return ", ".join(_hole(h) for h in value.split(", "))
    return localise_cards(value)


def _hole(text: str) -> str:
    """`8♥ between 7♥ and 9♥` in the current language."""
    found = re.fullmatch(r"(.+) between (.+) and (.+)", text)
    if found is None:
        return localise_cards(text)
    cards, low, high = (localise_cards(g) for g in found.groups())
    return i18n.tr("refusal.hole", cards=cards, low=low, high=high)


def _nested(reason: str) -> str:
    """A reason quoted inside another one (`does not fit meld 2: needs 8♥ …`), translated."""
    for key, pattern in _patterns():
        found = pattern.fullmatch(reason)
        if found is not None:
            code = key.split(".")[1]
            return translate(code, reason, found.groupdict())
    return reason


@cache
def _patterns() -> tuple[tuple[str, re.Pattern[str]], ...]:
    """Every refusal wording as a pattern that reads its parameters back out of a reason."""
    out = []
    for key, template in REFUSALS.items():
        if key.startswith(("refusal.what.", "refusal.how.", "refusal.word.", "refusal.hole")):
            continue
        parts = re.split(r"\{(\w+)\}", template)
        regex = "".join(
            re.escape(part) if i % 2 == 0 else f"(?P<{part}>.+?)" for i, part in enumerate(parts)
        )
        out.append((key, re.compile(regex)))
    return tuple(out)

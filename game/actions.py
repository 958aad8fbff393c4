"""Actions: one small immutable type each, with parse and format (docs/NOTATION.md).

Actions are named tuples (cheap to build and hash: the legal-move list makes many); the
last field ``tag`` names the verb, so two different kinds of action never compare equal.
"""

from __future__ import annotations

from functools import lru_cache
from typing import NamedTuple

from .cards import CardError, Face
from .text import ascii_digits


class ActionError(ValueError):
    """A text that is not an action in notation."""


class Draw(NamedTuple):
    """Take the top card of the stock."""

    tag: str = "draw"

    def notation(self) -> str:
        """``draw``."""
        return "draw"


class Take(NamedTuple):
    """Take the top card of the discard pile."""

    tag: str = "take"

    def notation(self) -> str:
        """``take``."""
        return "take"


class Meld(NamedTuple):
    """Put a new meld on the table; ``decls[i]`` is what wild ``cards[i]`` stands for."""

    cards: tuple[Face, ...]
    decls: tuple[Face | None, ...]
    tag: str = "meld"

    def notation(self) -> str:
        """``meld 7H AC=8H 9H``."""
        return "meld " + _cards_text(self.cards, self.decls)


class LayOff(NamedTuple):
    """Add cards from hand to table meld ``meld``."""

    cards: tuple[Face, ...]
    decls: tuple[Face | None, ...]
    meld: int
    tag: str = "layoff"

    def notation(self) -> str:
        """``layoff 10H m2``."""
        return f"layoff {_cards_text(self.cards, self.decls)} m{self.meld}"


class Swap(NamedTuple):
    """Put natural cards into meld ``meld`` in place of the wild they stand for."""

    cards: tuple[Face, ...]
    meld: int
    tag: str = "swap"

    def notation(self) -> str:
        """``swap 8H m3``."""
        return f"swap {' '.join(c.notation() for c in self.cards)} m{self.meld}"


class Discard(NamedTuple):
    """Discard a card, ending the turn."""

    card: Face
    tag: str = "discard"

    def notation(self) -> str:
        """``discard KS``."""
        return f"discard {self.card.notation()}"


_DISCARDS: dict[Face, Discard] = {}


def discard_of(face: Face) -> Discard:
    """The (shared) discard action for a face."""
    action = _DISCARDS.get(face)
    if action is None:
        action = _DISCARDS[face] = Discard(face)
    return action


class Announce(NamedTuple):
    """Announce the cards left (manual announcements)."""

    tag: str = "announce"

    def notation(self) -> str:
        """``announce``."""
        return "announce"


class Redeal(NamedTuple):
    """Ask for a redeal of a weak hand (Hand)."""

    tag: str = "redeal"

    def notation(self) -> str:
        """``redeal``."""
        return "redeal"


class Undo(NamedTuple):
    """Take back the last meld, lay-off or swap (or taking the discard) of this turn."""

    tag: str = "undo"

    def notation(self) -> str:
        """``undo``."""
        return "undo"


Action = Draw | Take | Meld | LayOff | Swap | Discard | Announce | Redeal | Undo

_SIMPLE: dict[str, Action] = {
    "draw": Draw(),
    "take": Take(),
    "announce": Announce(),
    "redeal": Redeal(),
    "undo": Undo(),
}


def _cards_text(cards: tuple[Face, ...], decls: tuple[Face | None, ...]) -> str:
    return " ".join(
        c.notation() + (f"={d.notation()}" if d else "") for c, d in zip(cards, decls, strict=True)
    )


def _parse_cards(
    words: list[str], allow_decl: bool
) -> tuple[tuple[Face, ...], tuple[Face | None, ...]]:
    if not words:
        raise ActionError("names no cards")
    cards, decls = [], []
    for w in words:
        card, eq, decl = w.partition("=")
        if eq and not allow_decl:
            raise ActionError(f"{w}: a swap takes natural cards only")
        cards.append(Face.parse(card))
        decls.append(Face.parse(decl) if eq else None)
    return tuple(cards), tuple(decls)


def _meld_ref(word: str) -> int:
    if len(word) < 2 or word[0] not in "mM" or not ascii_digits(word[1:]) or len(word) > 6:
        raise ActionError(f"expected a meld number like m2, not {word!r}")
    return int(word[1:])


@lru_cache(maxsize=4096)  # actions are immutable; histories are read again and again
def parse(text: str) -> Action:
    """Parse one action in notation, e.g. ``meld 7H AC=8H 9H`` or ``layoff 10H m2``."""
    words = text.split()
    if not words:
        raise ActionError("empty action")
    verb, rest = words[0].lower(), words[1:]
    try:
        if verb in _SIMPLE and not rest:
            return _SIMPLE[verb]
        if verb == "meld":
            return Meld(*_parse_cards(rest, True))
        if verb == "discard" and len(rest) == 1:
            return Discard(Face.parse(rest[0]))
        if verb in ("layoff", "swap") and len(rest) >= 2:
            cards, decls = _parse_cards(rest[:-1], verb == "layoff")
            meld = _meld_ref(rest[-1])
            return LayOff(cards, decls, meld) if verb == "layoff" else Swap(cards, meld)
    except CardError as e:
        raise ActionError(f"{text!r}: {e}") from None
    except ActionError as e:
        raise ActionError(f"{text!r}: {e}") from None
    raise ActionError(f"not an action: {text!r}")

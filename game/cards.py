"""Cards, faces, decks and the card notation (``AS``, ``10H``, ``JK``)."""

from __future__ import annotations

from enum import IntEnum
from typing import NamedTuple

ACE, JACK, QUEEN, KING = 1, 11, 12, 13
JOKER_RANK = 0

RANK_TEXT = {1: "A", 11: "J", 12: "Q", 13: "K"}
RANK_NAMES = {**{r: str(r) for r in range(2, 11)}, **RANK_TEXT}
_RANK_PARSE = {**{str(r): r for r in range(2, 11)}, "A": 1, "J": 11, "Q": 12, "K": 13, "T": 10}


class Suit(IntEnum):
    """The four suits, in notation order."""

    S = 0
    H = 1
    D = 2
    C = 3

    __hash__ = int.__hash__  # Enum hashes by name in Python code; cards are hashed a lot

    @property
    def letter(self) -> str:
        """One-letter notation: S H D C."""
        return self.name

    @property
    def symbol(self) -> str:
        """The suit symbol ♠♥♦♣."""
        return "♠♥♦♣"[self]


_SUIT_PARSE = {
    "S": Suit.S,
    "H": Suit.H,
    "D": Suit.D,
    "C": Suit.C,
    "♠": Suit.S,
    "♥": Suit.H,
    "♦": Suit.D,
    "♣": Suit.C,
    "♤": Suit.S,
    "♡": Suit.H,
    "♢": Suit.D,
    "♧": Suit.C,
}


class CardError(ValueError):
    """A card text that is not valid notation."""


class Face(NamedTuple):
    """What a card shows: a rank and a suit, or a joker (rank 0, no suit).

    A face with a rank and no suit is used only for what a wild represents in a
    set where the suit is not declared ("a five").
    """

    rank: int
    suit: Suit | None

    @property
    def is_joker(self) -> bool:
        """True for the joker face."""
        return self.rank == JOKER_RANK

    @staticmethod
    def parse(text: str) -> Face:
        """Parse card notation, case-insensitive: ``AS``, ``10h``, ``Tc``, ``7♥``, ``JK``."""
        t = text.strip().upper()
        if t in ("JK", "JOKER", "*"):
            return JOKER
        if len(t) < 2 or t[-1] not in _SUIT_PARSE or t[:-1] not in _RANK_PARSE:
            raise CardError(f"not a card: {text!r}")
        return face_of(_RANK_PARSE[t[:-1]], _SUIT_PARSE[t[-1]])

    def notation(self) -> str:
        """Card notation: ``AS``, ``10H``, ``JK``; a suitless rank is written ``5*``."""
        text = _NOTATION.get(self)
        if text is None:  # written once per face: histories and bot seeds write it a lot
            if self.is_joker:
                text = "JK"
            else:
                text = RANK_NAMES[self.rank] + (self.suit.letter if self.suit is not None else "*")
            _NOTATION[self] = text
        return text

    def pretty(self) -> str:
        """Display text with suit symbols: ``7♥``, ``Joker``."""
        if self.is_joker:
            return "Joker"
        return RANK_NAMES[self.rank] + (self.suit.symbol if self.suit is not None else "")

    def __str__(self) -> str:
        return self.notation()


_FACES: dict[tuple[int, Suit | None], Face] = {}
_NOTATION: dict[Face, str] = {}


def face_of(rank: int, suit: Suit | None) -> Face:
    """The interned face for a rank and suit."""
    key = (rank, suit)
    face = _FACES.get(key)
    if face is None:
        face = _FACES[key] = Face(rank, suit)
    return face


JOKER = face_of(JOKER_RANK, None)


class Card(NamedTuple):
    """One physical card: a face and which copy it is. Two copies are distinct cards."""

    face: Face
    copy: int

    @property
    def rank(self) -> int:
        """The printed rank (0 for a joker)."""
        return self.face.rank

    @property
    def suit(self) -> Suit | None:
        """The printed suit (None for a joker)."""
        return self.face.suit

    def __str__(self) -> str:
        return self.face.notation()


_DECKS: dict[tuple[int, int], tuple[Card, ...]] = {}


def make_deck(decks: int, jokers: int) -> tuple[Card, ...]:
    """All physical cards of ``decks`` standard decks plus ``jokers`` jokers, in a fixed order."""
    deck = _DECKS.get((decks, jokers))
    if deck is None:
        cards = [Card(face_of(r, s), c) for c in range(decks) for s in Suit for r in range(1, 14)]
        cards += [Card(JOKER, copy) for copy in range(jokers)]
        deck = _DECKS[(decks, jokers)] = tuple(cards)
    return deck


def parse_faces(text: str | list[str]) -> tuple[Face, ...]:
    """Parse several cards separated by spaces or commas (or a list of card texts)."""
    parts = text.replace(",", " ").split() if isinstance(text, str) else text
    return tuple(Face.parse(p) for p in parts)


def format_faces(faces: object) -> str:
    """Notation of several faces or cards, space separated."""
    return " ".join(str(f) for f in faces)  # type: ignore[attr-defined]

"""Melds on the table: wild cards, pieces, lay-offs, swaps and values.

How cards read as a meld (with reasons) is in reading.py; its names are re-exported here.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .cards import ACE, Card, Face, Suit, face_of
from .errors import Refusal, refuse
from .reading import ANY_ACE, Item, Shape, fmt_cards, rank_at, resolve, shapes, window_ok
from .rules import Rules

__all__ = [
    "ANY_ACE",
    "Item",
    "Meld",
    "Piece",
    "Shape",
    "WildInfo",
    "card_penalty",
    "card_value",
    "items_for",
    "items_of",
    "lay_off",
    "meld_value",
    "new_meld",
    "rank_at",
    "resolve",
    "shapes",
    "swap",
    "to_meld",
]


@dataclass(frozen=True, slots=True)
class WildInfo:
    """Which cards are wild in a round, and what non-wild jokers and tamed wilds play as."""

    wild_faces: frozenset[Face] = frozenset()
    joker_as: Face | None = None
    tamed: frozenset[Card] = frozenset()

    def is_wild(self, card: Card) -> bool:
        """True when the card is wild for whoever holds it now."""
        return card.face in self.wild_faces and card not in self.tamed

    def natural(self, card: Card) -> Face:
        """The face a non-wild card plays as (a non-wild joker is an ace)."""
        if card.face.rank == 0:
            return self.joker_as if card not in self.tamed and self.joker_as else ANY_ACE
        return card.face


@dataclass(frozen=True, slots=True)
class Piece:
    """A card in a table meld: the face it plays as, whether it is wild, who put it there."""

    card: Card
    rep: Face
    wild: bool
    by: int

    def notation(self) -> str:
        """``9H``, or ``AC=8H`` for a wild (or a joker that plays as another card)."""
        if self.rep == self.card.face:
            return self.card.face.notation()
        return f"{self.card.face.notation()}={self.rep.notation()}"


@dataclass(frozen=True, slots=True)
class Meld:
    """A meld on the table; runs keep their pieces low to high from position ``start``."""

    id: int
    kind: str
    pieces: tuple[Piece, ...]
    owner: int
    start: int = 0

    @property
    def cards(self) -> tuple[Card, ...]:
        """The physical cards of the meld, in table order."""
        return tuple(p.card for p in self.pieces)

    @property
    def wild_count(self) -> int:
        """How many wilds the meld holds."""
        return sum(p.wild for p in self.pieces)

    @property
    def rank(self) -> int:
        """The rank of a set (0 for a run)."""
        return self.pieces[0].rep.rank if self.kind == "set" else 0

    @property
    def suit(self) -> Suit | None:
        """The suit of a run (None for a set)."""
        return self.pieces[0].rep.suit if self.kind == "run" else None

    def notation(self) -> str:
        """The meld's cards in notation, wilds written ``W=X``."""
        return " ".join(p.notation() for p in self.pieces)


def items_for(
    cards: Sequence[Card], decls: Sequence[Face | None], wilds: WildInfo, seat: int
) -> list[Item]:
    """Items for cards from a hand, with the player's declarations ``W=X``."""
    out = []
    for card, decl in zip(cards, decls, strict=True):
        nat = None if wilds.is_wild(card) else wilds.natural(card)
        out.append(Item(card, nat, decl, seat))
    return out


def items_of(meld: Meld) -> list[Item]:
    """Items for the pieces already in a meld: their reps are fixed."""
    return [Item(p.card, None if p.wild else p.rep, p.rep, p.by, True) for p in meld.pieces]


# --- putting melds on the table -------------------------------------------------


def to_meld(shape: Shape, items: Sequence[Item], meld_id: int, owner: int) -> Meld:
    """The table meld for a resolved shape."""
    pieces = tuple(
        Piece(items[i].card, rep, items[i].wild, items[i].by)
        for i, rep in zip(shape.order, shape.reps, strict=True)
    )
    return Meld(meld_id, shape.kind, pieces, owner, shape.start)


def new_meld(items: Sequence[Item], rules: Rules, meld_id: int, owner: int) -> Meld | Refusal:
    """A new meld from cards of a hand, or the reason it is not one."""
    shape = resolve(items, rules)
    return shape if isinstance(shape, Refusal) else to_meld(shape, items, meld_id, owner)


def _extend(meld: Meld, item: Item, rules: Rules) -> Meld | None:
    """One natural card at an end of a run or into a set, when it plainly fits (fast path)."""
    face = item.natural
    if face is None or face.suit is None or item.rep is not None:
        return None
    size = len(meld.pieces)
    if meld.kind == "set":
        if size >= 4 or face.rank != meld.rank:
            return None
        if rules.set_suits == "distinct" and any(p.rep.suit == face.suit for p in meld.pieces):
            return None
        piece = Piece(item.card, face, False, item.by)
        return Meld(meld.id, "set", (*meld.pieces, piece), meld.owner)
    if face.suit != meld.suit:
        return None
    piece = Piece(item.card, face, False, item.by)
    end = meld.start + size
    if rank_at(end) == face.rank and window_ok(meld.start, size + 1, rules.ace):
        return Meld(meld.id, "run", (*meld.pieces, piece), meld.owner, meld.start)
    if rank_at(meld.start - 1) == face.rank and window_ok(meld.start - 1, size + 1, rules.ace):
        start = (meld.start - 2) % 13 + 1 if rules.ace == "around" else meld.start - 1
        return Meld(meld.id, "run", (piece, *meld.pieces), meld.owner, start)
    return None


def lay_off(meld: Meld, new: Sequence[Item], rules: Rules) -> Meld | Refusal:
    """The meld with cards added, or why they do not fit."""
    if len(new) == 1:
        quick = _extend(meld, new[0], rules)
        if quick is not None:
            return quick
    items = items_of(meld) + list(new)
    contains = (meld.start, meld.start + len(meld.pieces) - 1) if meld.kind == "run" else None
    shape = resolve(items, rules, meld.kind, contains)
    if isinstance(shape, Refusal):
        if shape.code in (
            "run_gap",
            "not_a_run",
            "run_rank_twice",
            "set_suit_twice",
            "set_too_big",
            "run_too_long",
            "run_suits",
            "set_ranks",
        ):
            return refuse(
                "no_fit",
                "{cards} does not fit meld {meld}: {why}",
                cards=fmt_cards([it.card for it in new]),
                meld=str(meld.id),
                why=shape.reason,
            )
        return shape
    start = shape.start
    if meld.kind == "run" and rules.ace == "around":
        start = (start - 1) % 13 + 1
    return to_meld(Shape(shape.kind, start, shape.order, shape.reps), items, meld.id, meld.owner)


def swap(meld: Meld, new: Sequence[Item], rules: Rules) -> tuple[Meld, list[Card]] | Refusal:
    """Put natural cards in place of the wilds they stand for; the wilds come back."""
    if any(it.wild for it in new):
        return refuse("swap_needs_natural", "only a natural card can take a wild's place")
    wild_at = [k for k, p in enumerate(meld.pieces) if p.wild]
    if not wild_at:
        return refuse("no_wild", "meld {meld} holds no wild card", meld=str(meld.id))
    if meld.kind == "set" and rules.set_wild == "missing":
        return _swap_missing_set(meld, new, rules)
    pieces = list(meld.pieces)
    back = []
    for it in new:
        face = it.natural
        k = next(
            (k for k in wild_at if face is not None and _stands_for(pieces[k].rep, face)), None
        )
        if k is None:
            return refuse(
                "swap_no_match",
                "no wild in meld {meld} stands for {card}",
                meld=str(meld.id),
                card=it.card.face.pretty(),
            )
        back.append(pieces[k].card)
        rep = face if face is not None and face.suit is not None else pieces[k].rep
        pieces[k] = Piece(it.card, rep, False, it.by)
        wild_at.remove(k)
    return Meld(meld.id, meld.kind, tuple(pieces), meld.owner, meld.start), back


def _stands_for(rep: Face, face: Face) -> bool:
    if rep.suit is None or face.suit is None:
        return rep.rank == face.rank
    return rep == face


def _swap_missing_set(
    meld: Meld, new: Sequence[Item], rules: Rules
) -> tuple[Meld, list[Card]] | Refusal:
    nats = [p for p in meld.pieces if not p.wild]
    rank = nats[0].rep.rank
    have = {p.rep.suit for p in nats}
    missing = [face_of(rank, s) for s in Suit if s not in have]
    given = sorted((it.natural for it in new if it.natural is not None), key=lambda f: f.notation())
    if given != sorted(missing, key=lambda f: f.notation()):
        return refuse(
            "swap_set_missing",
            "to take the wild from meld {meld}, put {cards}",
            meld=str(meld.id),
            cards=fmt_cards(missing),
        )
    pieces = tuple(nats) + tuple(
        Piece(it.card, it.natural or it.card.face, False, it.by) for it in new
    )
    back = [p.card for p in meld.pieces if p.wild]
    return Meld(meld.id, "set", pieces, meld.owner), back


# --- values ------------------------------------------------------------------


def card_value(rank: int) -> int:
    """Value of a rank when counting an opening (ace handled by the caller)."""
    return 10 if rank >= 10 else rank


def card_penalty(card: Card, wilds: WildInfo, rules: Rules) -> int:
    """Penalty value of a card left in hand (jokers and other wilds per ``penalty_values``)."""
    values = rules.penalty_values
    if wilds.is_wild(card):
        return values.joker if card.face.rank == 0 else values.wild
    return values.of_rank(wilds.natural(card).rank)


def meld_value(meld: Meld, rules: Rules) -> int:
    """Opening value of a meld per ``opening_ace``."""
    total = 0
    for k, piece in enumerate(meld.pieces):
        rank = piece.rep.rank
        if rank != ACE:
            total += card_value(rank)
            continue
        low = meld.kind == "run" and meld.start + k == 1
        if rules.opening_ace == "always_11":
            total += 11
        else:
            total += 1 if low else 11
    return total

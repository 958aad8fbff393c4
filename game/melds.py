"""Melds: checking sets and runs with wilds, lay-offs, swaps and opening values."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from itertools import pairwise

from .cards import ACE, Card, Face, Suit, face_of
from .errors import Refusal, refuse
from .rules import Rules

ANY_ACE = face_of(ACE, None)


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


@dataclass(frozen=True, slots=True)
class Item:
    """A card offered to a meld: its natural face (None when wild) and a declared or fixed rep."""

    card: Card
    natural: Face | None
    rep: Face | None = None
    by: int = -1
    fixed: bool = False

    @property
    def wild(self) -> bool:
        """True for a wild card."""
        return self.natural is None


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


# --- positions ---------------------------------------------------------------


def rank_at(pos: int) -> int:
    """The rank at a run position (14 is the high ace; positions wrap around for ``around``)."""
    return (pos - 1) % 13 + 1


def _window_ok(start: int, length: int, ace: str) -> bool:
    end = start + length - 1
    if length > 13:
        return False
    if ace == "around":
        return True
    if ace == "low_or_high" and start >= 2 and end <= 14:
        return True
    return start >= 1 and end <= 13


def _starts(
    length: int, ace: str, contains: tuple[int, int] | None, ranks: Sequence[int] = ()
) -> list[int]:
    """Low positions of the windows worth trying: they must cover ``contains`` and the ranks."""
    if contains is not None:
        lo, hi = contains
        return list(range(hi - length + 1, lo + 1))
    if not ranks or ace == "around":
        return list(range(1, 14 if ace == "low" else 15))
    out: list[int] = []
    readings = (
        [ranks]
        if ACE not in ranks or ace == "low"
        else [ranks, [14 if r == ACE else r for r in ranks]]
    )
    for pos in readings:
        lo, hi = min(pos), max(pos)
        out += [s for s in range(max(1, hi - length + 1), lo + 1) if s not in out]
    return out


# --- building a meld ---------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Shape:
    """One way to read items as a meld: kind, low position, item order and reps."""

    kind: str
    start: int
    order: tuple[int, ...]
    reps: tuple[Face, ...]


def _fmt(faces: Sequence[Face | Card]) -> str:
    return " ".join((f.face if isinstance(f, Card) else f).pretty() for f in faces)


def _limit_problem(items: Sequence[Item], rules: Rules) -> Refusal | None:
    wild = sum(it.wild for it in items)
    if wild and wild == len(items):
        return refuse("wilds_only", "a meld needs at least one natural card")
    if rules.wild_limit == "one_per_meld" and wild > 1:
        return refuse("too_many_wilds", "two wild cards in one meld")
    if rules.wild_limit == "not_majority" and wild > len(items) - wild:
        return refuse("wilds_majority", "wild cards may not outnumber natural cards in a meld")
    return None


def _set_shapes(items: Sequence[Item], rules: Rules) -> list[Shape] | Refusal:
    nats = [it for it in items if not it.wild]
    rank = nats[0].natural.rank if nats and nats[0].natural else 0
    if len(items) > 4:
        return refuse("set_too_big", "a set holds at most 4 cards")
    reps: list[Face | None] = [it.natural if not it.wild else it.rep for it in items]
    if any(r is not None and r.rank != rank for r in reps):
        bad = next(it for it, r in zip(items, reps, strict=True) if r and r.rank != rank)
        return refuse(
            "bad_declaration",
            "{card} cannot stand for another rank in a set of {rank}s",
            card=bad.card.face.pretty(),
            rank=face_of(rank, None).pretty(),
        )
    if rules.set_suits == "any" or rules.set_wild == "missing":
        nat_reps = [it.natural for it in items]
        suits_problem = _distinct_suits(nat_reps, rules) if rules.set_suits == "distinct" else None
        if suits_problem:
            return suits_problem
        full = tuple(n if n is not None else face_of(rank, None) for n in nat_reps)
        return [Shape("set", 0, tuple(range(len(items))), full)]
    return _declared_set(items, reps, rank, rules)


def _distinct_suits(reps: Sequence[Face | None], rules: Rules) -> Refusal | None:
    seen: set[Suit] = set()
    for r in reps:
        if r is not None and r.suit is not None:
            if r.suit in seen:
                return refuse("set_suit_twice", "a set cannot hold {card} twice", card=r.pretty())
            seen.add(r.suit)
    return None


def _declared_set(
    items: Sequence[Item], reps: list[Face | None], rank: int, rules: Rules
) -> list[Shape] | Refusal:
    problem = _distinct_suits(reps, rules)
    if problem:
        return problem
    used = {r.suit for r in reps if r is not None and r.suit is not None}
    open_items = [i for i, r in enumerate(reps) if r is None or r.suit is None]
    free = [s for s in Suit if s not in used]
    wild_open = [i for i in open_items if items[i].wild]
    flexible = len(open_items) - len(wild_open)
    if wild_open and len(free) - flexible > len(wild_open):
        choices = " or ".join(face_of(rank, s).pretty() for s in free)
        return refuse(
            "wild_ambiguous",
            "say which card {card} stands for: {choices}",
            card=items[wild_open[0]].card.face.pretty(),
            choices=choices,
        )
    full = list(reps)
    for i, suit in zip(open_items, free, strict=False):
        full[i] = face_of(rank, suit)
    return [Shape("set", 0, tuple(range(len(items))), tuple(f for f in full if f is not None))]


def _run_suit(items: Sequence[Item]) -> Suit | Refusal | None:
    suits = {
        r.suit for it in items for r in (it.natural, it.rep) if r is not None and r.suit is not None
    }
    if len(suits) > 1:
        return refuse(
            "run_suits", "{cards}: a run needs one suit", cards=_fmt([it.card for it in items])
        )
    return next(iter(suits), None)


def _place(items: Sequence[Item], start: int, suit: Suit) -> Shape | None:
    length = len(items)
    slots: list[int | None] = [None] * length
    free_wilds = []
    for i, it in enumerate(items):
        face = it.rep if it.wild or (it.natural == ANY_ACE and it.rep) else it.natural
        if face is None:
            free_wilds.append(i)
            continue
        if face.suit is not None and face.suit != suit:
            return None
        off = (face.rank - start) % 13
        if off >= length or slots[off] is not None:
            return None
        slots[off] = i
    empty = [k for k, s in enumerate(slots) if s is None]
    if len(empty) != len(free_wilds):
        return None
    for k, i in zip(empty, free_wilds, strict=True):
        slots[k] = i
    order = tuple(s for s in slots if s is not None)
    reps = tuple(face_of(rank_at(start + k), suit) for k in range(length))
    return Shape("run", start, order, reps)


def _run_shapes(
    items: Sequence[Item], rules: Rules, contains: tuple[int, int] | None = None
) -> list[Shape] | Refusal:
    suit = _run_suit(items)
    if isinstance(suit, Refusal):
        return suit
    if len(items) > 13:
        return refuse("run_too_long", "a run holds at most 13 cards")
    nat_ranks = [it.natural.rank for it in items if it.natural is not None]
    twice = next((r for r in nat_ranks if nat_ranks.count(r) > 1), None)
    if twice is not None and suit is not None:
        return refuse(
            "run_rank_twice", "a run cannot hold {card} twice", card=face_of(twice, suit).pretty()
        )
    suits = [suit] if suit is not None else list(Suit)
    shapes = []
    fixed = [f.rank for it in items for f in (it.rep if it.wild else it.natural,) if f is not None]
    for s in suits:
        for start in _starts(len(items), rules.ace, contains, fixed):
            if _window_ok(start, len(items), rules.ace):
                shape = _place(items, start, s)
                if shape is not None:
                    shapes.append(shape)
    if shapes:
        return shapes
    return _run_reason(items, suit, rules)


def _run_reason(items: Sequence[Item], suit: Suit | None, rules: Rules) -> Refusal:
    ranks = sorted(
        {
            (it.natural or it.rep or ANY_ACE).rank
            for it in items
            if it.natural is not None or it.rep is not None
        }
    )
    s = suit if suit is not None else Suit.S
    wilds = sum(it.wild and it.rep is None for it in items)
    allowed = [ranks]
    if ACE in ranks and rules.ace != "low":
        allowed.append(sorted(14 if r == ACE else r for r in ranks))
    if rules.ace == "around":
        allowed.append(_cyclic_span(ranks))
    best = min(allowed, key=lambda ps: ps[-1] - ps[0])
    if _gaps(best) > wilds and rules.ace != "around":
        wrap = _cyclic_span(ranks)
        if wrap[-1] > 14 and _gaps(wrap) <= wilds:
            names = "-".join(face_of(rank_at(p), None).pretty() for p in wrap)
            return refuse("around_corner", "{names} is not a run", names=names)
        high = sorted(14 if r == ACE else r for r in ranks)
        if rules.ace == "low" and ACE in ranks and _gaps(high) <= wilds:
            names = "-".join(face_of(rank_at(p), None).pretty() for p in high)
            return refuse(
                "ace_low", "{names} is not a run: the ace only goes below the 2", names=names
            )
    if _gaps(best) > wilds:
        holes = [
            f"{_fmt([face_of(rank_at(p), s) for p in range(lo + 1, hi)])} between "
            f"{face_of(rank_at(lo), s).pretty()} and {face_of(rank_at(hi), s).pretty()}"
            for lo, hi in pairwise(best)
            if hi - lo > 1
        ]
        return refuse("run_gap", "needs {holes}", holes=", ".join(holes))
    return refuse("not_a_run", "{cards} is not a run", cards=_fmt([it.card for it in items]))


def _gaps(positions: list[int]) -> int:
    """Positions missing inside a sorted span."""
    return positions[-1] - positions[0] + 1 - len(positions)


def _cyclic_span(ranks: list[int]) -> list[int]:
    """The shortest reading of the ranks going round the corner (positions may pass 13)."""
    best = ranks
    for k in range(1, len(ranks)):
        turned = ranks[k:] + [r + 13 for r in ranks[:k]]
        if turned[-1] - turned[0] < best[-1] - best[0]:
            best = turned
    return best


def shapes(
    items: Sequence[Item],
    rules: Rules,
    kind: str | None = None,
    contains: tuple[int, int] | None = None,
) -> list[Shape] | Refusal:
    """Every way the items form a meld (of ``kind`` if given), or why they cannot."""
    if len(items) < 3:
        return refuse("too_few", "a meld needs at least 3 cards")
    problem = _limit_problem(items, rules)
    if problem:
        return problem
    nats = [it.natural for it in items if it.natural is not None]
    one_rank = len({f.rank for f in nats}) <= 1
    one_suit = len({f.suit for f in nats if f.suit is not None}) <= 1
    if kind is None and not one_rank and not one_suit:
        if len({f.rank for f in nats}) == len(nats):
            return refuse(
                "run_suits", "{cards}: a run needs one suit", cards=_fmt([it.card for it in items])
            )
        return refuse(
            "set_ranks",
            "{cards}: a set needs cards of one rank",
            cards=_fmt([it.card for it in items]),
        )
    found: list[Shape] = []
    first_problem: Refusal | None = None
    if kind in (None, "set") and (one_rank or kind == "set"):
        if not one_rank:
            return refuse(
                "set_ranks",
                "{cards}: a set needs cards of one rank",
                cards=_fmt([it.card for it in items]),
            )
        got = _set_shapes(items, rules)
        found += got if isinstance(got, list) else []
        first_problem = got if isinstance(got, Refusal) else None
    if kind in (None, "run") and (one_suit or kind == "run"):
        got = _run_shapes(items, rules, contains)
        found += got if isinstance(got, list) else []
        first_problem = first_problem or (got if isinstance(got, Refusal) else None)
    if found:
        return found
    assert first_problem is not None
    return first_problem


def _distinct_reps(found: Sequence[Shape], items: Sequence[Item]) -> list[Shape]:
    seen: dict[tuple[object, ...], Shape] = {}
    for sh in found:
        key = (
            sh.kind,
            tuple(
                sorted(
                    (items[i].card.face.notation(), r.notation())
                    for i, r in zip(sh.order, sh.reps, strict=True)
                    if items[i].wild
                )
            ),
        )
        seen.setdefault(key, sh)
    return list(seen.values())


def resolve(
    items: Sequence[Item],
    rules: Rules,
    kind: str | None = None,
    contains: tuple[int, int] | None = None,
) -> Shape | Refusal:
    """The one reading of the items as a meld; ambiguous wilds must be declared."""
    found = shapes(items, rules, kind, contains)
    if isinstance(found, Refusal):
        return found
    unique = _distinct_reps(found, items) if len(found) > 1 else found
    if len(unique) > 1:
        wild = next(it for it in items if it.wild and it.rep is None)
        options = []
        for sh in unique:
            for i, rep in zip(sh.order, sh.reps, strict=True):
                if items[i] is wild and rep.pretty() not in options:
                    options.append(rep.pretty())
        return refuse(
            "wild_ambiguous",
            "say which card {card} stands for: {choices}",
            card=wild.card.face.pretty(),
            choices=" or ".join(options),
        )
    return unique[0]


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
    if rank_at(end) == face.rank and _window_ok(meld.start, size + 1, rules.ace):
        return Meld(meld.id, "run", (*meld.pieces, piece), meld.owner, meld.start)
    if rank_at(meld.start - 1) == face.rank and _window_ok(meld.start - 1, size + 1, rules.ace):
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
                cards=_fmt([it.card for it in new]),
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
            cards=_fmt(missing),
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

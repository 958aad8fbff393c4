"""Reading cards as a meld: every way they can form a set or run, or the exact reason not."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from itertools import pairwise

from .cards import ACE, Card, Face, Suit, face_of
from .errors import Refusal, refuse
from .rules import Rules

ANY_ACE = face_of(ACE, None)


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


def rank_at(pos: int) -> int:
    """The rank at a run position (14 is the high ace; positions wrap around for ``around``)."""
    return (pos - 1) % 13 + 1


def window_ok(start: int, length: int, ace: str) -> bool:
    """Whether a run may cover positions ``start`` .. ``start + length - 1`` under ``ace``."""
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


def fmt_cards(faces: Sequence[Face | Card]) -> str:
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
            "run_suits", "{cards}: a run needs one suit", cards=fmt_cards([it.card for it in items])
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
            if window_ok(start, len(items), rules.ace):
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
            f"{fmt_cards([face_of(rank_at(p), s) for p in range(lo + 1, hi)])} between "
            f"{face_of(rank_at(lo), s).pretty()} and {face_of(rank_at(hi), s).pretty()}"
            for lo, hi in pairwise(best)
            if hi - lo > 1
        ]
        return refuse("run_gap", "needs {holes}", holes=", ".join(holes))
    return refuse("not_a_run", "{cards} is not a run", cards=fmt_cards([it.card for it in items]))


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
                "run_suits",
                "{cards}: a run needs one suit",
                cards=fmt_cards([it.card for it in items]),
            )
        return refuse(
            "set_ranks",
            "{cards}: a set needs cards of one rank",
            cards=fmt_cards([it.card for it in items]),
        )
    found: list[Shape] = []
    first_problem: Refusal | None = None
    if kind in (None, "set") and (one_rank or kind == "set"):
        if not one_rank:
            return refuse(
                "set_ranks",
                "{cards}: a set needs cards of one rank",
                cards=fmt_cards([it.card for it in items]),
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

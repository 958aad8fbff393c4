"""Candidate moves: the melds a hand can make, and the legal actions of a round."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from itertools import combinations

from . import actions as A
from .cards import ACE, Card, Face, Suit, face_of
from .errors import Refusal
from .melds import ANY_ACE, Meld, WildInfo, rank_at
from .round_state import RoundState
from .rules import Rules

Option = tuple[tuple[Card, ...], tuple[Face | None, ...]]

SUITS = tuple(Suit)
MAX_WILDS = 2  # more wilds in one meld are legal where allowed, but never listed


def _max_wilds(size: int, rules: Rules) -> int:
    if rules.wild_limit == "one_per_meld":
        return 1
    if rules.wild_limit == "not_majority":
        return min(size // 2, MAX_WILDS)
    return MAX_WILDS


def _split(hand: Sequence[Card], wilds: WildInfo) -> tuple[dict[Face, Card], list[Card]]:
    """First copy of every natural face, and one card of every wild face (twice if held twice)."""
    if not wilds.wild_faces and wilds.joker_as is None:
        return {c.face: c for c in reversed(hand)}, []
    naturals: dict[Face, Card] = {}
    wild_cards: list[Card] = []
    seen_wild: dict[Face, int] = {}
    for card in hand:
        if wilds.is_wild(card):
            if seen_wild.get(card.face, 0) < MAX_WILDS:
                seen_wild[card.face] = seen_wild.get(card.face, 0) + 1
                wild_cards.append(card)
        else:
            naturals.setdefault(wilds.natural(card), card)
    return naturals, wild_cards


def _wild_groups(wild_cards: list[Card], count: int) -> list[tuple[Card, ...]]:
    if count == 0:
        return [()]
    seen: set[tuple[str, ...]] = set()
    out = []
    for group in combinations(wild_cards, count):
        key = tuple(sorted(c.face.notation() for c in group))
        if key not in seen:
            seen.add(key)
            out.append(group)
    return out


def _sets(
    naturals: dict[Face, Card],
    hand: Sequence[Card],
    wild_cards: list[Card],
    wilds: WildInfo,
    rules: Rules,
) -> Iterator[Option]:
    spare = min(len(wild_cards), MAX_WILDS)
    if rules.set_suits == "any":
        cards = [c for c in hand if not wilds.is_wild(c)]
        ranks = [wilds.natural(c).rank for c in cards]
    else:
        cards = list(naturals.values())
        ranks = [f.rank for f in naturals]
    if spare == 0 and len(ranks) - len(set(ranks)) < 2:
        return  # no rank is held three times
    counts = Counter(ranks)
    for rank, count in counts.items():
        if count + spare < 3:
            continue
        pool = [c for c in cards if wilds.natural(c).rank == rank]
        seen: set[tuple[Face, ...]] = set()
        for k in range(1, min(4, len(pool)) + 1):
            for group in combinations(pool, k):
                if rules.set_suits == "any":
                    key = tuple(sorted((c.face for c in group), key=hash))
                    if key in seen:
                        continue
                    seen.add(key)
                yield from _fill_set(group, rank, wild_cards, wilds, rules)


def _fill_set(
    group: tuple[Card, ...], rank: int, wild_cards: list[Card], wilds: WildInfo, rules: Rules
) -> Iterator[Option]:
    k = len(group)
    for w in range(0, min(_max_wilds(k + 3, rules), 4 - k) + 1):
        if k + w < 3 or (w and w > _max_wilds(k + w, rules)):
            continue
        for wgroup in _wild_groups(wild_cards, w):
            if not w or rules.set_suits == "any" or rules.set_wild == "missing":
                yield group + wgroup, (None,) * (k + w)
                continue
            used = {wilds.natural(c).suit for c in group}
            free = [s for s in Suit if s not in used]
            for suits in combinations(free, w):
                decls = tuple(face_of(rank, s) for s in suits)
                yield group + wgroup, (None,) * k + decls


def _runs(naturals: dict[Face, Card], wild_cards: list[Card], rules: Rules) -> Iterator[Option]:
    spare = min(len(wild_cards), MAX_WILDS)
    any_ace = naturals.get(ANY_ACE)
    masks = [0, 0, 0, 0]
    for f in naturals:
        if f.suit is not None:
            masks[f.suit] |= 1 << f.rank
    for suit in SUITS:
        mask = masks[suit] | (2 if any_ace is not None else 0)
        if spare == 0 and not _three_in_a_row(mask, rules):
            continue
        if mask.bit_count() + spare < 3:
            continue
        have = {f.rank: c for f, c in naturals.items() if f.suit == suit}
        if any_ace is not None and ACE not in have:
            have[ACE] = any_ace
        yield from _suit_runs(have, suit, wild_cards, rules)


def _suit_runs(
    have: dict[int, Card], suit: Suit, wild_cards: list[Card], rules: Rules
) -> Iterator[Option]:
    spare = min(len(wild_cards), MAX_WILDS)
    top = 13 if rules.ace == "low" else 14
    for start in range(1, 14):
        if spare == 0 and rank_at(start) not in have:
            continue
        missing: list[int] = []
        cards: list[Card | None] = []
        for length in range(1, 14):
            pos = start + length - 1
            if rules.ace != "around" and (pos > top or (start == 1 and pos > 13)):
                break
            card = have.get(rank_at(pos))
            if card is None:
                missing.append(pos)
                if len(missing) > spare:
                    break
            cards.append(card)
            if length < 3 or len(missing) == length or len(missing) > _max_wilds(length, rules):
                continue
            yield from _fill_run(cards, missing, start, suit, wild_cards)


def _three_in_a_row(mask: int, rules: Rules) -> bool:
    """Quick test on a bit mask of ranks held: are three consecutive positions there?"""
    if rules.ace != "low" and mask & 2:
        mask |= 1 << 14  # the ace above the king
    if rules.ace == "around":
        mask |= (mask >> 1 & 0b11) << 14  # ace and two again above the king
    return bool(mask & (mask >> 1) & (mask >> 2))


def _fill_run(
    cards: list[Card | None], missing: list[int], start: int, suit: Suit, wild_cards: list[Card]
) -> Iterator[Option]:
    for wgroup in _wild_groups(wild_cards, len(missing)):
        it = iter(wgroup)
        out: list[Card] = []
        decls: list[Face | None] = []
        for k, card in enumerate(cards):
            if card is None:
                out.append(next(it))
                decls.append(face_of(rank_at(start + k), suit))
            else:
                out.append(card)
                decls.append(None)
        yield tuple(out), tuple(decls)


def meld_options(
    hand: Sequence[Card],
    wilds: WildInfo,
    rules: Rules,
    must_include: Card | None = None,
    limit: int = 0,
    split: tuple[dict[Face, Card], list[Card]] | None = None,
) -> list[Option]:
    """Melds that the cards of a hand can form (a useful subset: at most two wilds each)."""
    naturals, wild_cards = split or _split(hand, wilds)
    if (
        must_include is not None
        and must_include not in naturals.values()
        and must_include not in wild_cards
    ):
        naturals = dict(naturals)
        if wilds.is_wild(must_include):
            wild_cards = [must_include, *wild_cards]
        else:
            naturals[wilds.natural(must_include)] = must_include
    out: list[Option] = []
    seen: set[Option] = set()
    for option in _all(naturals, hand, wild_cards, wilds, rules):
        if must_include is not None and must_include not in option[0]:
            continue
        if option not in seen:
            seen.add(option)
            out.append(option)
            if limit and len(out) >= limit:
                break
    return out


def _all(
    naturals: dict[Face, Card],
    hand: Sequence[Card],
    wild_cards: list[Card],
    wilds: WildInfo,
    rules: Rules,
) -> Iterator[Option]:
    yield from _sets(naturals, hand, wild_cards, wilds, rules)
    yield from _runs(naturals, wild_cards, rules)


# --- legal actions ----------------------------------------------------------------


def _faces(cards: Sequence[Card]) -> tuple[Face, ...]:
    return tuple(c.face for c in cards)


def layoff_candidates(meld: Meld, singles: list[tuple[Card, bool, Face]]) -> Iterator[A.LayOff]:
    """Single-card lay-offs that may fit ``meld`` (``check`` has the last word); ``singles``
    are (card, is wild, face) of the hand's cards to try."""
    size = len(meld.pieces)
    if meld.kind == "set":
        if size < 4:
            rank = meld.rank
            for card, wild, face in singles:
                if wild or face.rank == rank:
                    yield A.LayOff((card.face,), (None,), meld.id)
        return
    suit = meld.suit
    low, high = rank_at(meld.start - 1), rank_at(meld.start + size)
    for card, wild, face in singles:
        if wild:
            for rank in (low, high):
                yield A.LayOff((card.face,), (face_of(rank, suit),), meld.id)
        elif face.rank in (low, high) and face.suit in (suit, None):
            yield A.LayOff((card.face,), (None,), meld.id)


def _play_candidates(rnd: RoundState) -> list[A.Action]:
    if rnd.phase != "play":
        return []
    hand, wilds = rnd.hand, rnd.wilds
    split = _split(hand, wilds)
    out: list[A.Action] = [
        A.Meld(_faces(cards), decls)
        for cards, decls in meld_options(hand, wilds, rnd.rules, split=split)
    ]
    if not rnd.table:
        return out
    naturals, wild_cards = split
    singles = [(c, False, f) for f, c in naturals.items()]
    singles += [(c, True, c.face) for c in dict.fromkeys(wild_cards)]
    for meld in rnd.table:
        out += layoff_candidates(meld, singles)
        out += _swap_candidates(rnd, meld)
    return out


def _swap_candidates(rnd: RoundState, meld: Meld) -> Iterator[A.Action]:
    if rnd.rules.wild_swap == "never" or not meld.wild_count:
        return
    faces = {rnd.wilds.natural(c) for c in rnd.hand if not rnd.wilds.is_wild(c)}
    if meld.kind == "set" and rnd.rules.set_wild == "missing":
        have = {p.rep.suit for p in meld.pieces if not p.wild}
        missing = tuple(face_of(meld.rank, s) for s in Suit if s not in have)
        if all(f in faces for f in missing):
            yield A.Swap(missing, meld.id)
        return
    for piece in meld.pieces:
        if piece.wild:
            for face in faces:
                if face.rank == piece.rep.rank and piece.rep.suit in (face.suit, None):
                    yield A.Swap((face,), meld.id)


_DRAW, _TAKE, _UNDO, _ANNOUNCE, _REDEAL = A.Draw(), A.Take(), A.Undo(), A.Announce(), A.Redeal()


def legal_actions(
    rnd: RoundState,
    check: Callable[[A.Action], Refusal | None],
    discards: Callable[[], list[A.Discard]],
) -> list[A.Action]:
    """Every action the player to move may take now: the candidates that pass `check` (the
    turn machine's own), and the machine's `discards`."""
    if rnd.end is not None:
        return []
    if rnd.phase == "draw":
        out: list[A.Action] = [a for a in (_DRAW, _TAKE) if check(a) is None]
    else:
        out = [a for a in dict.fromkeys(_play_candidates(rnd)) if check(a) is None]
        out += discards()
        if rnd.rules.announce == "manual" and check(_ANNOUNCE) is None:
            out.append(_ANNOUNCE)
    if rnd.rules.redeal_pairs and rnd.turns_taken[rnd.current] == 0 and check(_REDEAL) is None:
        out.append(_REDEAL)
    if rnd.can_undo:
        out.append(_UNDO)
    return out

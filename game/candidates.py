"""Candidate moves: the melds a hand can make, and the legal actions of a round."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from itertools import combinations
from typing import TYPE_CHECKING

from . import actions as A
from .cards import ACE, Card, Face, Suit, face_of
from .melds import ANY_ACE, Meld, WildInfo, rank_at
from .rules import Rules

if TYPE_CHECKING:
    from .state import Round

Option = tuple[tuple[Card, ...], tuple[Face | None, ...]]

MAX_WILDS = 2  # more wilds in one meld are legal where allowed, but never listed


def _max_wilds(size: int, rules: Rules) -> int:
    if rules.wild_limit == "one_per_meld":
        return 1
    if rules.wild_limit == "not_majority":
        return min(size // 2, MAX_WILDS)
    return MAX_WILDS


def _split(hand: Sequence[Card], wilds: WildInfo) -> tuple[dict[Face, Card], list[Card]]:
    """First copy of every natural face, and one card of every wild face (twice if held twice)."""
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
    by_rank: dict[int, list[Card]] = {}
    if rules.set_suits == "any":
        for c in hand:
            if not wilds.is_wild(c):
                by_rank.setdefault(wilds.natural(c).rank, []).append(c)
    else:
        for f, c in naturals.items():
            by_rank.setdefault(f.rank, []).append(c)
    spare = min(len(wild_cards), MAX_WILDS)
    for rank, pool in by_rank.items():
        if len(pool) + spare < 3:
            continue
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


def _run_positions(rules: Rules) -> range:
    return range(1, 14 if rules.ace == "low" else 15)


def _runs(naturals: dict[Face, Card], wild_cards: list[Card], rules: Rules) -> Iterator[Option]:
    any_ace = naturals.get(ANY_ACE)
    for suit in Suit:
        have = {f.rank: c for f, c in naturals.items() if f.suit == suit}
        if any_ace is not None and ACE not in have:
            have[ACE] = any_ace
        if not have:
            continue
        yield from _suit_runs(have, suit, wild_cards, rules)


def _suit_runs(
    have: dict[int, Card], suit: Suit, wild_cards: list[Card], rules: Rules
) -> Iterator[Option]:
    spare = min(len(wild_cards), MAX_WILDS)
    if len(have) + spare < 3 or (spare == 0 and not _has_three_in_a_row(have, rules)):
        return
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


def _has_three_in_a_row(have: dict[int, Card], rules: Rules) -> bool:
    """Quick test: do the ranks held contain three consecutive positions at all?"""
    mask = 0
    for rank in have:
        mask |= 1 << rank
        if rank == ACE and rules.ace != "low":
            mask |= 1 << 14
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
) -> list[Option]:
    """Melds that the cards of a hand can form (a useful subset: at most two wilds each)."""
    naturals, wild_cards = _split(hand, wilds)
    if (
        must_include is not None
        and must_include not in naturals.values()
        and must_include not in wild_cards
    ):
        if wilds.is_wild(must_include):
            wild_cards = [must_include, *wild_cards]
        else:
            naturals[wilds.natural(must_include)] = must_include
    out: list[Option] = []
    seen: set[tuple[tuple[Card, ...], tuple[Face | None, ...]]] = set()
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


def _layoff_targets(card: Card, meld: Meld, wilds: WildInfo) -> list[Face | None]:
    """Declarations to try when laying ``card`` off on ``meld`` (empty: it cannot fit)."""
    size = len(meld.pieces)
    if wilds.is_wild(card):
        if meld.kind == "set":
            return [None]
        suit = meld.suit
        return [face_of(rank_at(meld.start - 1), suit), face_of(rank_at(meld.start + size), suit)]
    face = wilds.natural(card)
    if meld.kind == "set":
        return [None] if size < 4 and face.rank == meld.rank else []
    if face.suit is not None and face.suit != meld.suit:
        return []
    return [None] if face.rank in (rank_at(meld.start - 1), rank_at(meld.start + size)) else []


def _play_candidates(rnd: Round) -> list[A.Action]:
    return list(_play_iter(rnd))


def _play_iter(rnd: Round) -> Iterator[A.Action]:
    hand, wilds, rules = rnd.hand, rnd.wilds, rnd.rules
    for cards, decls in meld_options(hand, wilds, rules):
        yield A.Meld(_faces(cards), decls)
    singles = {(c.face, wilds.is_wild(c)): c for c in hand}
    for meld in rnd.table:
        for card in singles.values():
            for decl in _layoff_targets(card, meld, wilds):
                yield A.LayOff((card.face,), (decl,), meld.id)
        yield from _swap_candidates(rnd, meld)


def _swap_candidates(rnd: Round, meld: Meld) -> Iterator[A.Action]:
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


def legal_actions(rnd: Round) -> list[A.Action]:
    """Every action the player to move may take now (each one passes ``rnd.check``)."""
    if rnd.end is not None:
        return []
    candidates: list[A.Action] = []
    if rnd.phase == "draw":
        candidates += [A.Draw(), A.Take()]
    elif rnd.phase == "play":
        candidates += _play_candidates(rnd)
    if rnd.phase != "draw" and rnd.rules.announce == "manual":
        candidates.append(A.Announce())
    if rnd.rules.redeal_pairs and rnd.turns_taken[rnd.current] == 0:
        candidates.append(A.Redeal())
    seen: set[A.Action] = set()
    out: list[A.Action] = []
    for action in candidates:
        if action not in seen and rnd.check(action) is None:
            seen.add(action)
            out.append(action)
    out += rnd.legal_discards()
    if rnd.can_undo:
        out.append(A.Undo())
    return out

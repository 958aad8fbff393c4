"""Best melds from a hand: an exact search over disjoint melds (bots and the hint button).

The hand is read as a multiset of tokens: one per natural face (both copies of a face share
a token; a non-wild joker joins the ace it plays as) and a pool of wilds. Any wild fills any
wild slot, so only their number matters; the most valuable wilds are the ones melded.
Candidate melds are generated once per hand as token patterns. A depth-first search takes
the first token left and either leaves one copy as deadwood or covers it with a pattern
that fits, memoised on the multiset left. Like ``candidates.meld_options``, a meld holds at
most ``MAX_WILDS`` (two) wilds, even where ``wild_limit = none`` would allow more.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from itertools import product

from . import actions as A
from .candidates import MAX_WILDS
from .cards import ACE, Card, Face, Suit, face_of
from .melds import WildInfo, card_penalty, card_value, rank_at
from .rules import Rules

Option = tuple[tuple[Card, ...], tuple[Face | None, ...]]
Slot = tuple[int, Face | None]  # (token, None) for a natural card, (WILD, declaration) for a wild
WILD = -1
BITS = 5  # bits per token count in a packed multiset; the top bit of each field is a guard
GOALS = ("deadwood", "opening")
_LAST_START = {"low": 11, "low_or_high": 12, "around": 13}


@dataclass(frozen=True, slots=True)
class Solution:
    """Disjoint melds (physical cards and declarations), the deadwood, and their values."""

    melds: tuple[Option, ...]
    deadwood: tuple[Card, ...]
    deadwood_value: int
    opening_value: int

    def actions(self) -> list[A.Meld]:
        """The melds as ``meld`` actions, in order."""
        return [A.Meld(tuple(c.face for c in cards), decls) for cards, decls in self.melds]


@dataclass(frozen=True, slots=True)
class Pattern:
    """A meld over tokens: slots in table order, opening value, packed need (tokens, wilds)."""

    slots: tuple[Slot, ...]
    value: int
    need: int


@dataclass(slots=True)
class Tokens:
    """A hand as tokens: natural faces, their cards, and the wilds (most valuable first)."""

    faces: list[Face]
    cards: list[list[Card]]
    values: list[int]
    wilds: list[Card]
    wild_values: list[int]

    @property
    def wild_shift(self) -> int:
        """Bit position of the wild count in a packed multiset."""
        return BITS * len(self.faces)

    def packed(self) -> int:
        """The whole hand as a packed multiset."""
        state = len(self.wilds) << self.wild_shift
        for t, cards in enumerate(self.cards):
            state |= len(cards) << (BITS * t)
        return state


def tokens_of(hand: Sequence[Card], wilds: WildInfo, rules: Rules) -> Tokens:
    """Group a hand into tokens (naturals by suit, then rank; suitless aces last)."""
    by_face: dict[Face, list[Card]] = {}
    wild_cards: list[Card] = []
    for card in hand:
        if wilds.is_wild(card):
            wild_cards.append(card)
        else:
            by_face.setdefault(wilds.natural(card), []).append(card)
    faces = sorted(by_face, key=lambda f: (f.suit is None, f.suit or 0, f.rank))
    wild_cards.sort(key=lambda c: -card_penalty(c, wilds, rules))
    return Tokens(
        faces,
        [by_face[f] for f in faces],
        [card_penalty(by_face[f][0], wilds, rules) for f in faces],
        wild_cards,
        [card_penalty(c, wilds, rules) for c in wild_cards],
    )


# --- candidate patterns ------------------------------------------------------------------


def _wilds_ok(w: int, size: int, rules: Rules) -> bool:
    if w == 0:
        return True
    if w >= size:
        return False
    if rules.wild_limit == "one_per_meld":
        return w == 1
    return rules.wild_limit != "not_majority" or 2 * w <= size


def _wild_cap(tokens: Tokens, rules: Rules) -> int:
    cap = 1 if rules.wild_limit == "one_per_meld" else MAX_WILDS
    return min(cap, len(tokens.wilds))


def _ace_value(pos: int, rules: Rules) -> int:
    return 1 if pos == 1 and rules.opening_ace != "always_11" else 11


def _run_value(start: int, length: int, rules: Rules) -> int:
    total = 0
    for pos in range(start, start + length):
        rank = rank_at(pos)
        total += _ace_value(pos, rules) if rank == ACE else card_value(rank)
    return total


def _top(start: int, rules: Rules) -> int:
    """The highest position a run from ``start`` may reach."""
    if rules.ace == "around":
        return start + 12
    return 14 if rules.ace == "low_or_high" and start > 1 else 13


def _fillers(tokens: Tokens) -> dict[tuple[int, Suit], list[int]]:
    """Tokens that can take each (rank, suit) place in a run."""
    out: dict[tuple[int, Suit], list[int]] = {}
    for t, face in enumerate(tokens.faces):
        suits = list(Suit) if face.suit is None else [face.suit]
        for suit in suits:
            out.setdefault((face.rank, suit), []).append(t)
    return out


def _runs_from(
    start: int, suit: Suit, fill: dict[tuple[int, Suit], list[int]], cap: int, rules: Rules
) -> Iterator[tuple[Slot, ...]]:
    top = _top(start, rules)
    stack: list[tuple[tuple[Slot, ...], int]] = [((), 0)]
    while stack:
        slots, w = stack.pop()
        size = len(slots)
        if size >= 3 and _wilds_ok(w, size, rules) and (size < 13 or start == 1):
            yield slots
        pos = start + size
        if pos > top:
            continue
        rank = rank_at(pos)
        for t in fill.get((rank, suit), ()):
            stack.append(((*slots, (t, None)), w))
        if w < cap:
            stack.append(((*slots, (WILD, face_of(rank, suit))), w + 1))


def _run_patterns(tokens: Tokens, cap: int, rules: Rules) -> Iterator[tuple[tuple[Slot, ...], int]]:
    fill = _fillers(tokens)
    for suit in Suit:
        for start in range(1, _LAST_START[rules.ace] + 1):
            if (rank_at(start), suit) in fill or cap:
                for slots in _runs_from(start, suit, fill, cap, rules):
                    yield slots, _run_value(start, len(slots), rules)


def _set_decls(rank: int, naturals: list[Face], w: int, rules: Rules) -> Sequence[Face | None]:
    """Wilds in a set name free suits where the engine needs it: declared sets, and a lone
    natural with wilds (which could read as a run too); otherwise they stay undeclared."""
    declared = rules.set_suits == "distinct" and rules.set_wild == "declared"
    if not w or (not declared and len(naturals) > 1):
        return [None] * w
    used = {f.suit for f in naturals}
    return [face_of(rank, s) for s in Suit if s not in used][:w]


def _set_limits(tokens: Tokens, toks: list[int], rules: Rules) -> list[int]:
    """How often each token may appear in one set (once per suit under distinct suits)."""
    one = rules.set_suits == "distinct"
    return [
        min(1 if one and tokens.faces[t].suit is not None else len(tokens.cards[t]), 4)
        for t in toks
    ]


def _set_patterns(tokens: Tokens, cap: int, rules: Rules) -> Iterator[tuple[tuple[Slot, ...], int]]:
    by_rank: dict[int, list[int]] = {}
    for t, face in enumerate(tokens.faces):
        by_rank.setdefault(face.rank, []).append(t)
    for rank, toks in by_rank.items():
        worth = 11 if rank == ACE else card_value(rank)
        for picks in product(*(range(m + 1) for m in _set_limits(tokens, toks, rules))):
            naturals = [t for t, n in zip(toks, picks, strict=True) for _ in range(n)]
            k = len(naturals)
            for w in range(max(0, 3 - k), min(cap, 4 - k) + 1):
                if k and _wilds_ok(w, k + w, rules):
                    decls = _set_decls(rank, [tokens.faces[t] for t in naturals], w, rules)
                    slots = [(t, None) for t in naturals] + [(WILD, d) for d in decls]
                    yield tuple(slots), worth * (k + w)


def patterns(tokens: Tokens, rules: Rules) -> list[Pattern]:
    """Every meld the tokens can form, one per multiset of cards (the best opening value)."""
    cap = _wild_cap(tokens, rules)
    best: dict[int, Pattern] = {}
    for slots, value in [*_set_patterns(tokens, cap, rules), *_run_patterns(tokens, cap, rules)]:
        need = 0
        for t, _ in slots:
            need += 1 << (tokens.wild_shift if t == WILD else BITS * t)
        old = best.get(need)
        if old is None or value > old.value:
            best[need] = Pattern(slots, value, need)
    return list(best.values())


# --- search ------------------------------------------------------------------------------


class _Search:
    """Memoised depth-first search over packed multisets; scores are one int, lower is better."""

    def __init__(self, tokens: Tokens, found: list[Pattern], goal: str) -> None:
        n = len(tokens.faces)
        counts = [len(cards) for cards in tokens.cards]
        size = sum(counts) + len(tokens.wilds)
        tie = size + 1  # cards melded: the least weight
        dead = sum(abs(v) * k for v, k in zip(tokens.values, counts, strict=True))
        dead_span = 2 * (dead + sum(map(abs, tokens.wild_values))) + 1
        if goal == "deadwood":
            self.w_open, self.w_dead = tie, tie * (11 * size + 1)
        else:
            self.w_dead, self.w_open = tie, tie * dead_span
        self.dead = [v * self.w_dead for v in tokens.values]
        low_first = sorted(tokens.wild_values)
        self.wild_end = [sum(low_first[:k]) * self.w_dead for k in range(len(low_first) + 1)]
        self.by_token: list[list[tuple[int, int, int]]] = [[] for _ in range(n)]
        for i, p in enumerate(found):
            score = -p.value * self.w_open - len(p.slots)
            for t in {t for t, _ in p.slots if t != WILD}:
                self.by_token[t].append((p.need, score, i))
        self.guard = sum(1 << (BITS * t + BITS - 1) for t in range(n + 1))
        self.naturals = (1 << (BITS * n)) - 1
        self.shift, self.key_shift = BITS * n, BITS * (n + 1)
        self.memo: dict[int, int] = {}
        self.choice: dict[int, int] = {}

    def best(self, state: int, need: int) -> int:
        """Best score for the multiset ``state`` when ``need`` more cards must stay unmelded."""
        key = state | need << self.key_shift
        got = self.memo.get(key)
        if got is not None:
            return got
        nat = state & self.naturals
        if not nat:
            wilds_left = state >> self.shift
            score = self.wild_end[wilds_left] if wilds_left >= need else 1 << 62
        else:
            t = ((nat & -nat).bit_length() - 1) // BITS
            score = self.dead[t] + self.best(state - (1 << BITS * t), max(need - 1, 0))
            choice, guard = WILD, self.guard
            for p_need, p_score, i in self.by_token[t]:
                if (state + guard - p_need) & guard == guard:
                    s = p_score + self.best(state - p_need, need)
                    if s < score:
                        score, choice = s, i
            self.choice[key] = choice
        self.memo[key] = score
        return score


def _rebuild(
    search: _Search, tokens: Tokens, found: list[Pattern], state: int, need: int
) -> tuple[list[Pattern], list[int]]:
    """Follow the search's choices: the patterns used and the tokens left as deadwood."""
    used: list[Pattern] = []
    dead: list[int] = []
    while state & search.naturals:
        choice = search.choice[state | need << search.key_shift]
        if choice == WILD:
            nat = state & search.naturals
            t = ((nat & -nat).bit_length() - 1) // BITS
            dead.append(t)
            state, need = state - (1 << BITS * t), max(need - 1, 0)
        else:
            used.append(found[choice])
            state -= found[choice].need
    return used, dead


def _to_cards(pattern: Pattern, pools: list[list[Card]], wild_pool: list[Card]) -> Option:
    cards = [wild_pool.pop(0) if t == WILD else pools[t].pop(0) for t, _ in pattern.slots]
    return tuple(cards), tuple(d for _, d in pattern.slots)


def best_melds(
    hand: Sequence[Card], wilds: WildInfo, rules: Rules, *, goal: str = "deadwood", keep: int = 0
) -> Solution:
    """The best disjoint melds of a hand for ``goal``, keeping at least ``keep`` cards."""
    if goal not in GOALS:
        raise ValueError(f"goal must be one of {', '.join(GOALS)}, not {goal!r}")
    tokens = tokens_of(hand, wilds, rules)
    found = patterns(tokens, rules) if len(hand) > keep else []
    search = _Search(tokens, found, goal)
    state = tokens.packed()
    search.best(state, keep)
    used, dead = _rebuild(search, tokens, found, state, keep)
    pools, wild_pool = [list(c) for c in tokens.cards], list(tokens.wilds)
    melds = tuple(_to_cards(p, pools, wild_pool) for p in used)
    left = set(wild_pool) | {pools[t].pop(0) for t in dead}
    deadwood = tuple(c for c in hand if c in left)
    value = sum(card_penalty(c, wilds, rules) for c in deadwood)
    return Solution(melds, deadwood, value, sum(p.value for p in used))


def meld_candidates(hand: Sequence[Card], wilds: WildInfo, rules: Rules) -> list[Option]:
    """Every meld the hand can form, once per multiset of faces (at most two wilds each)."""
    tokens = tokens_of(hand, wilds, rules)
    out = []
    for pattern in patterns(tokens, rules):
        out.append(_to_cards(pattern, [list(c) for c in tokens.cards], list(tokens.wilds)))
    return out


def deadwood_after(hand: Sequence[Card], wilds: WildInfo, rules: Rules) -> int:
    """The least deadwood value the hand can reach by melding."""
    return best_melds(hand, wilds, rules).deadwood_value

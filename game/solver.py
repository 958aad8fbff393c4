"""Best melds from a hand: an exact search over disjoint melds (bots and the hint button).

The hand is read as a multiset of tokens: one per natural face (both copies of a face share
a token; a non-wild joker joins the ace it plays as) and a pool of wilds. Any wild fills any
wild slot, so only their number matters; the most valuable wilds are the ones melded.
Candidate melds are generated once per hand as token patterns, from the naturals: every
core of naturals that can meld, with every number of wilds ``wild_limit`` allows (no cap
of its own: a Rommé run takes as many jokers as it has naturals), leaving out runs that
cut into two runs. A depth-first search takes the lowest token left and either leaves one
copy as deadwood or covers it with a pattern whose lowest token it is, memoised on the
multiset left (wilds included). Unlike the listing of legal moves
(``candidates.meld_options``, two wilds at most), the result is exact for every rule set.
"""

from __future__ import annotations

import functools
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from itertools import combinations, product

from . import actions as A
from .cards import ACE, Card, Face, Suit, face_of
from .melds import WildInfo, card_penalty, card_value, rank_at
from .reading import window_ok
from .rules import Rules

Option = tuple[tuple[Card, ...], tuple[Face | None, ...]]
Slot = tuple[int, Face | None]  # (token, None) for a natural card, (WILD, declaration) for a wild
WILD = -1
BITS = 5  # bits per token count in a packed multiset; the top bit of each field is a guard
FIELD = (1 << BITS) - 1
GOALS = ("deadwood", "opening")


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

    def values_of_all(self) -> list[int]:
        """The penalty of every card of the hand (naturals, then wilds)."""
        out = [v for v, cards in zip(self.values, self.cards, strict=True) for _ in cards]
        return out + self.wild_values

    def packed(self) -> int:
        """The whole hand as a packed multiset."""
        state = len(self.wilds) << self.wild_shift
        for t, cards in enumerate(self.cards):
            state |= len(cards) << (BITS * t)
        return state


def _face_order(face: Face) -> int:
    return face.rank + 16 * (4 if face.suit is None else face.suit)


def tokens_of(hand: Sequence[Card], wilds: WildInfo, rules: Rules) -> Tokens:
    """Group a hand into tokens (naturals by suit, then rank; suitless aces last)."""
    by_face: dict[Face, list[Card]] = {}
    wild_cards: list[tuple[int, Card]] = []
    for card in hand:
        if wilds.is_wild(card):
            wild_cards.append((card_penalty(card, wilds, rules), card))
        else:
            by_face.setdefault(wilds.natural(card), []).append(card)
    faces = sorted(by_face, key=_face_order)
    wild_cards.sort(key=lambda vc: -vc[0])
    of_rank = rules.penalty_values.of_rank  # a natural card counts as the face it plays as
    return Tokens(
        faces,
        [by_face[f] for f in faces],
        [of_rank(f.rank) for f in faces],
        [c for _, c in wild_cards],
        [v for v, _ in wild_cards],
    )


# --- candidate patterns ------------------------------------------------------------------
#
# A pattern is a core of natural tokens plus a number of wilds. Cores come from the
# naturals (a run core is positions of one suit whose gaps the wilds can fill; a set core
# is naturals of one rank), and every wild count the rules allow is tried for each core.
# Nothing is generated from wilds alone, so few wilds or many cost the same to list.

Core = tuple[tuple[int, int], ...]  # a run's naturals: (position, token), low to high
RunRecipe = tuple[Suit, int, int, Core]  # suit, low position, length, core
SetRecipe = tuple[int, tuple[int, ...]]  # rank, natural tokens
Recipe = RunRecipe | SetRecipe  # how to lay a pattern out in table order (``_slots``)
Raw = dict[int, tuple[int, int, int, Recipe]]  # need -> (value, lowest token, size, recipe)


@functools.cache
def _rooms(wild_limit: str) -> tuple[int, ...]:
    """The most wilds ``wild_limit`` lets a meld hold, by its number of naturals (0..13)."""
    if wild_limit == "one_per_meld":
        return (1,) * 14
    if wild_limit == "not_majority":
        return tuple(range(14))
    return (12,) * 14  # no limit: the size of a run (13) or a set (4) is what bounds it


def _ace_value(pos: int, opening_ace: str) -> int:
    return 1 if pos == 1 and opening_ace != "always_11" else 11


def _run_value(start: int, length: int, opening_ace: str) -> int:
    total = 0
    for pos in range(start, start + length):
        rank = rank_at(pos)
        total += _ace_value(pos, opening_ace) if rank == ACE else card_value(rank)
    return total


@functools.cache
def _run_values(opening_ace: str) -> tuple[tuple[int, ...], ...]:
    """Opening value of a run by low position (1..13) and length (0..13)."""
    return tuple(
        tuple(_run_value(start, length, opening_ace) for length in range(14)) for start in range(14)
    )


@functools.cache
def _best_window(
    lo: int, hi: int, length: int, ace: str, opening_ace: str
) -> tuple[int, int] | None:
    """(value, low position) of the most valuable run window of ``length`` over lo..hi."""
    values = _run_values(opening_ace)
    best: tuple[int, int] | None = None
    for start in range(hi - length + 1, lo + 1):
        if window_ok(start, length, ace):
            # positions are unrolled for ``around``; a 13-card run reads from the ace (1),
            # as the engine reads it whatever the first card
            low = 1 if length == 13 else (start - 1) % 13 + 1
            value = values[low][length]
            if best is None or value > best[0]:
                best = (value, start)
    return best


def _cells(tokens: Tokens, rules: Rules) -> dict[Suit, list[tuple[int, list[int]]]]:
    """Per suit, the run positions held and the tokens that can take each of them.

    Positions run 1..13, plus 14 for the ace above the king where the ace may go high;
    with ``around`` every rank is also at its position + 13, so runs over the corner are
    plain ranges (a run starts at a position 1..13).
    """
    around, high = rules.ace == "around", rules.ace == "low_or_high"
    out: dict[Suit, dict[int, list[int]]] = {}
    for t, face in enumerate(tokens.faces):
        rank = face.rank
        for suit in Suit if face.suit is None else (face.suit,):
            cells = out.setdefault(suit, {})
            cells.setdefault(rank, []).append(t)
            if around:
                cells.setdefault(rank + 13, []).append(t)
            elif high and rank == ACE:
                cells.setdefault(14, []).append(t)
    return {s: sorted(cells.items()) for s, cells in out.items()}


def _no_run(cells: list[tuple[int, list[int]]], wilds: int) -> bool:
    """Quick test without wilds: no three positions in a row, so no run in this suit."""
    if wilds:
        return len(cells) + wilds < 3
    pos = [p for p, _ in cells]
    return all(pos[i + 2] - pos[i] != 2 for i in range(len(pos) - 2))


def _cuts(core: Core, lo: int, hi: int, slack: int, rooms: tuple[int, ...]) -> bool:
    """Whether the run over positions lo..hi (naturals at ``core``, wilds elsewhere) cuts
    into two runs of three cards or more that the wild limit allows, each with ``slack``
    wilds to spare."""
    n, k = len(core), 0
    for cut in range(lo + 3, hi - 1):
        while k < n and core[k][0] < cut:
            k += 1
        if k and k < n:
            wild_left, wild_right = cut - lo - k, hi - cut + 1 - (n - k)
            if wild_left + slack <= rooms[k] and wild_right + slack <= rooms[n - k]:
                return True
    return False


def _run_patterns(tokens: Tokens, rules: Rules, found: Raw) -> None:
    """Every run that matters: each core of naturals (positions of one suit, gaps the
    wilds can fill) with each number of wilds its size, the window and the wild limit allow.

    A run that cuts into two runs is left out: the two hold the same cards at the same
    positions, so they leave the same deadwood and are worth as much (a 13-card run, read
    from the ace, is worth at most as much as its parts). A core is not grown further once
    one of its cuts stays good whatever is added (the wilds still to come fit either side).
    """
    wilds = len(tokens.wilds)
    rooms = _rooms(rules.wild_limit)
    most = [min(wilds, room, 13 - n) for n, room in enumerate(rooms)]
    max_gap = most[1] if rules.wild_limit == "one_per_meld" else wilds
    shift = tokens.wild_shift
    ace, opening_ace = rules.ace, rules.opening_ace
    around = ace == "around"
    for suit, cells in _cells(tokens, rules).items():
        if _no_run(cells, wilds):
            continue
        for i0, (p0, firsts) in enumerate(cells):
            if p0 > 13 and around:
                break  # the same runs were found from their low position
            for t0 in firsts:
                stack: list[tuple[int, int, Core, int, int, int]] = [
                    (i0, p0, ((p0, t0),), 0, 1 << BITS * t0, t0)
                ]
                while stack:
                    i, last, core, gap, need, low = stack.pop()
                    n = len(core)
                    if last - p0 >= 5:
                        spare = min(wilds - gap, 12 - (last - p0))
                        if _cuts(core, p0, last, spare, rooms):
                            continue  # this run and every longer one cut in two
                    for w in range(max(gap, 3 - n), most[n] + 1):
                        window = _best_window(p0, last, n + w, ace, opening_ace)
                        if window is None:
                            break  # a longer run fits nowhere either
                        start, size = window[1], n + w
                        if size >= 6 and _cuts(core, start, start + size - 1, 0, rooms):
                            continue
                        key = need + (w << shift)
                        old = found.get(key)
                        if old is None or window[0] > old[0]:
                            found[key] = (window[0], low, size, (suit, start, size, core))
                    for j in range(i + 1, len(cells)):
                        pos, fillers = cells[j]
                        g = gap + pos - last - 1
                        if pos - p0 > 12 or g > max_gap:
                            break
                        for t in fillers:
                            stack.append(
                                (j, pos, (*core, (pos, t)), g, need + (1 << BITS * t), min(low, t))
                            )


def _add(found: Raw, need: int, value: int, low: int, size: int, recipe: Recipe) -> None:
    old = found.get(need)
    if old is None or value > old[0]:
        found[need] = (value, low, size, recipe)


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


def _set_patterns(tokens: Tokens, rules: Rules, found: Raw) -> None:
    wilds = len(tokens.wilds)
    rooms = _rooms(rules.wild_limit)
    # the fewest naturals a set can have here (three, or fewer with wilds to fill it)
    fewest = next((k for k in (1, 2, 3) if k + min(wilds, 4 - k, rooms[k]) >= 3), 3)
    shift = tokens.wild_shift
    one = rules.set_suits == "distinct"
    by_rank: dict[int, list[int]] = {}
    held: dict[int, int] = {}  # cards of each rank one set may take
    for t, face in enumerate(tokens.faces):
        by_rank.setdefault(face.rank, []).append(t)
        more = 1 if one and face.suit is not None else len(tokens.cards[t])
        held[face.rank] = held.get(face.rank, 0) + more
    for rank, toks in by_rank.items():
        if held[rank] < fewest:
            continue  # not enough cards of this rank, even with the wilds
        worth = 11 if rank == ACE else card_value(rank)
        for naturals in _set_naturals(toks, _set_limits(tokens, toks, rules), fewest):
            k = len(naturals)
            need = sum(1 << BITS * t for t in naturals)
            for w in range(max(0, 3 - k), min(wilds, 4 - k, rooms[k]) + 1):
                value, size = worth * (k + w), k + w
                _add(found, need + (w << shift), value, naturals[0], size, (rank, naturals))


def _set_naturals(toks: list[int], limits: list[int], fewest: int) -> Iterator[tuple[int, ...]]:
    """The natural cards of a set: ``fewest`` to four tokens, each at most its limit."""
    if all(m == 1 for m in limits):
        for k in range(fewest, min(4, len(toks)) + 1):
            yield from combinations(toks, k)
        return
    for picks in product(*(range(m + 1) for m in limits)):
        if fewest <= sum(picks) <= 4:
            yield tuple(t for t, n in zip(toks, picks, strict=True) for _ in range(n))


def _raw_patterns(tokens: Tokens, rules: Rules) -> Raw:
    """The melds the search needs, once per multiset of cards (the best opening value):
    every meld the tokens can form but runs that cut into two runs."""
    found: Raw = {}
    _set_patterns(tokens, rules, found)
    _run_patterns(tokens, rules, found)
    return found


def _slots(tokens: Tokens, need: int, recipe: Recipe, rules: Rules) -> tuple[Slot, ...]:
    """A pattern's slots in table order: tokens, and wilds with what they stand for."""
    if len(recipe) == 2:  # a set
        rank, naturals = recipe
        w = need >> tokens.wild_shift
        decls = _set_decls(rank, [tokens.faces[t] for t in naturals], w, rules)
        return tuple((t, None) for t in naturals) + tuple((WILD, d) for d in decls)
    suit, start, length, core = recipe
    at = dict(core)
    return tuple(
        (at[pos], None) if pos in at else (WILD, face_of(rank_at(pos), suit))
        for pos in range(start, start + length)
    )


def patterns(tokens: Tokens, rules: Rules) -> list[Pattern]:
    """The melds the search chooses from, one per multiset of cards (``_raw_patterns``)."""
    return [
        Pattern(_slots(tokens, need, recipe, rules), value, need)
        for need, (value, _, _, recipe) in _raw_patterns(tokens, rules).items()
    ]


# --- search ------------------------------------------------------------------------------


class _Search:
    """Memoised depth-first search over packed multisets; scores are one int, lower is better.

    Patterns are grouped by their natural core: a core is tested against the multiset once,
    then its wild counts are tried from the fewest up to the wilds left.
    """

    def __init__(self, tokens: Tokens, found: Raw, goal: str) -> None:
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
        self.shift, self.key_shift = BITS * n, BITS * (n + 1)
        self.naturals = (1 << self.shift) - 1
        # a core is tried only when its lowest token is the lowest one left: every token
        # below it is gone by then, so any meld with that token has it lowest
        cores: dict[int, list[tuple[int, int, int]]] = {}
        self.by_token: list[list[tuple[int, list[tuple[int, int, int]]]]] = [[] for _ in range(n)]
        w_open, naturals, shift = self.w_open, self.naturals, self.shift
        for need, (value, low, cards, _) in found.items():
            core = need & naturals
            options = cores.get(core)
            if options is None:
                options = cores[core] = []
                self.by_token[low].append((core, options))
            options.append((need >> shift, -value * w_open - cards, need))
        for options in cores.values():
            options.sort()  # fewest wilds first
        self.unit = [1 << BITS * t for t in range(n)]
        self.guard = _guard(n)
        self.memo: dict[int, int] = {}
        self.choice: dict[int, int] = {}

    def run(self, state: int, need: int) -> int:
        """Best score for the multiset ``state`` when ``need`` more cards must stay unmelded
        (fills ``memo`` and ``choice``)."""
        memo, choice_of, by_token, dead = self.memo, self.choice, self.by_token, self.dead
        naturals, shift, key_shift = self.naturals, self.shift, self.key_shift
        guard, wild_end, unit = self.guard, self.wild_end, self.unit

        def best(state: int, need: int) -> int:
            key = state | need << key_shift
            got = memo.get(key)
            if got is not None:
                return got
            nat = state & naturals
            wilds_left = state >> shift
            if not nat:
                score = wild_end[wilds_left] if wilds_left >= need else 1 << 62
            else:
                t = ((nat & -nat).bit_length() - 1) // BITS
                score = dead[t] + best(state - unit[t], need - 1 if need else 0)
                choice, high = WILD, need << key_shift
                for core, options in by_token[t]:
                    if (state + guard - core) & guard == guard:
                        for w, p_score, p_need in options:
                            if w > wilds_left:
                                break
                            rest = memo.get(state - p_need | high)  # most are known: no call
                            if rest is None:
                                rest = best(state - p_need, need)
                            if p_score + rest < score:
                                score, choice = p_score + rest, p_need
                choice_of[key] = choice
            memo[key] = score
            return score

        return best(state, need)


@functools.cache
def _guard(n: int) -> int:
    """The top bit of each of ``n + 1`` fields (the tokens and the wilds)."""
    return sum(1 << (BITS * t + BITS - 1) for t in range(n + 1))


def _rebuild(search: _Search, state: int, need: int) -> tuple[list[int], list[int]]:
    """Follow the search's choices: the patterns used (by need) and the tokens left dead."""
    used: list[int] = []
    dead: list[int] = []
    while state & search.naturals:
        choice = search.choice[state | need << search.key_shift]
        if choice == WILD:
            nat = state & search.naturals
            t = ((nat & -nat).bit_length() - 1) // BITS
            dead.append(t)
            state, need = state - (1 << BITS * t), max(need - 1, 0)
        else:
            used.append(choice)
            state -= choice
    return used, dead


def _to_cards(slots: tuple[Slot, ...], pools: list[list[Card]], wild_pool: list[Card]) -> Option:
    cards = [wild_pool.pop(0) if t == WILD else pools[t].pop(0) for t, _ in slots]
    return tuple(cards), tuple(d for _, d in slots)


def best_melds(
    hand: Sequence[Card], wilds: WildInfo, rules: Rules, *, goal: str = "deadwood", keep: int = 0
) -> Solution:
    """The best disjoint melds of a hand for ``goal``, keeping at least ``keep`` cards."""
    if goal not in GOALS:
        raise ValueError(f"goal must be one of {', '.join(GOALS)}, not {goal!r}")
    tokens = tokens_of(hand, wilds, rules)
    found = _raw_patterns(tokens, rules) if len(hand) > keep else {}
    if not found:
        return Solution((), tuple(hand), sum(tokens.values_of_all()), 0)
    search = _Search(tokens, found, goal)
    # a token in no pattern is deadwood whatever the rest does: it leaves the search
    state, need, alone, used_tokens = tokens.packed(), keep, [], 0
    for need_ in found:
        used_tokens |= need_
    for t in range(len(tokens.faces)):
        if not used_tokens >> BITS * t & FIELD:
            count = len(tokens.cards[t])
            alone += [t] * count
            state -= count << BITS * t
            need = max(need - count, 0)
    search.run(state, need)
    used, dead = _rebuild(search, state, need)
    dead += alone
    pools, wild_pool = [list(c) for c in tokens.cards], list(tokens.wilds)
    melds = tuple(
        _to_cards(_slots(tokens, need, found[need][3], rules), pools, wild_pool) for need in used
    )
    left = set(wild_pool) | {pools[t].pop(0) for t in dead}
    deadwood = tuple(c for c in hand if c in left)
    # the wilds melded are the first ones (most valuable); the rest are deadwood
    unmelded = tokens.wild_values[len(tokens.wilds) - len(wild_pool) :]
    value = sum(tokens.values[t] for t in dead) + sum(unmelded)
    return Solution(melds, deadwood, value, sum(found[need][0] for need in used))


def meld_candidates(hand: Sequence[Card], wilds: WildInfo, rules: Rules) -> list[Option]:
    """The melds the solver chooses from, once per multiset of faces: every meld the hand
    can form, any number of wilds, except runs that cut into two runs."""
    tokens = tokens_of(hand, wilds, rules)
    out = []
    for pattern in patterns(tokens, rules):
        out.append(_to_cards(pattern.slots, [list(c) for c in tokens.cards], list(tokens.wilds)))
    return out


def deadwood_after(hand: Sequence[Card], wilds: WildInfo, rules: Rules) -> int:
    """The least deadwood value the hand can reach by melding."""
    return best_melds(hand, wilds, rules).deadwood_value

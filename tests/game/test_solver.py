"""The meld solver (game/solver.py): known optima, engine acceptance, a brute-force check.

Hands are written in card notation; the n-th occurrence of a face is copy n. Where a test
says "the engine accepts", a match is dealt with that hand (plus filler cards the test
names nowhere), seat 0 draws, and every meld of the solution is applied as an action.
"""

from __future__ import annotations

import dataclasses
import functools
from collections import Counter
from collections.abc import Sequence

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.cards import Card, Face, Suit, face_of, make_deck
from game.errors import Refusal
from game.match import Match, wild_info
from game.melds import (
    Shape,
    WildInfo,
    card_penalty,
    items_for,
    meld_value,
    resolve,
    shapes,
    to_meld,
)
from game.rules import CardValues, Rules
from game.rules import preset as make_rules
from game.solver import (
    Solution,
    best_melds,
    deadwood_after,
    meld_candidates,
    patterns,
    tokens_of,
)
from tests.helpers import deal, match

# --- helpers -------------------------------------------------------------------------------


def cards(text: str) -> list[Card]:
    """Physical cards from notation: the n-th time a face is named it is copy n."""
    out: list[Card] = []
    for word in text.split():
        face = Face.parse(word)
        out.append(Card(face, sum(c.face == face for c in out)))
    return out


@functools.lru_cache
def _rules(preset: str, options: tuple[tuple[str, object], ...]) -> Rules:
    return make_rules(preset, players=2, **dict(options))


def rules_for(preset: str, **options: object) -> Rules:
    """Validated two-player rules (cached)."""
    return _rules(preset, tuple(sorted(options.items())))


def wilds_for(rules: Rules, indicator: str | None = None) -> WildInfo:
    """The round's wilds, as ``game.match.wild_info`` computes them."""
    return wild_info(rules, Card(Face.parse(indicator), 0) if indicator else None)


def solve(
    preset: str,
    text: str,
    indicator: str | None = None,
    goal: str = "deadwood",
    keep: int = 0,
    **options: object,
) -> Solution:
    rules = rules_for(preset, **options)
    return best_melds(cards(text), wilds_for(rules, indicator), rules, goal=goal, keep=keep)


def melds_of(solution: Solution) -> list[list[str]]:
    """The melds' cards in notation, each sorted (declarations left out), sorted."""
    return sorted(sorted(str(c) for c in cs) for cs, _ in solution.melds)


def melds(text: str) -> list[list[str]]:
    """Melds written ``7H 8H 9H | 9S 9D 9C``, in the form of ``melds_of``."""
    return sorted(sorted(part.split()) for part in text.split("|"))


def dead_text(solution: Solution) -> list[str]:
    return sorted(str(c) for c in solution.deadwood)


FILLER = [
    f"{r}{s}" for r in ("K", "J", "9", "7", "5", "3", "Q", "10", "8", "6", "4") for s in "CDSH"
]


def dealt(preset: str, text: str, indicator: str | None, **options: object) -> Match:
    """Seat 0 to play, holding ``text`` (its last card just drawn) plus filler cards."""
    rules = rules_for(preset, **options)
    named = text.split()
    taken = {Face.parse(w) for w in [*named, indicator or ""] if w}
    spare = [f for f in FILLER if Face.parse(f) not in taken] * rules.decks
    mine = named[:-1] + spare[: rules.hand_size - len(named) + 1]
    spare = spare[rules.hand_size - len(named) + 1 :]
    size = rules.hand_size + (1 if rules.starter_extra_card else 0)
    other, spare = spare[:size], spare[size:]
    upcard = spare.pop() if rules.upcard else None
    dealer = 0 if preset == "hand" else 1
    the_deal = deal([" ".join(mine), " ".join(other)], named[-1], dealer, indicator, upcard)
    m = match(preset, [the_deal], **options)
    if preset == "hand":
        m.apply(f"discard {m.round.hands[1][-1]}")
    m.apply("draw")
    assert m.current == 0 and m.round.phase == "play"
    return m


def on_table(
    preset: str, text: str, indicator: str | None = None, goal: str = "deadwood", **options: object
) -> Solution:
    """Solve the hand as dealt in a match and apply every meld: the engine must accept them."""
    m = dealt(preset, text, indicator, **options)
    want = Counter(Face.parse(w) for w in text.split())
    hand = []
    for card in m.round.hand:
        if want[card.face]:
            want[card.face] -= 1
            hand.append(card)
    solution = best_melds(hand, m.round.wilds, m.rules, goal=goal)
    for action in solution.actions():
        m.apply(action)
    assert len(m.round.table) == len(solution.melds)
    assert m.round.opening_value() == solution.opening_value
    assert sum(m.round.card_value(c) for c in solution.deadwood) == solution.deadwood_value
    return solution


# --- known optima --------------------------------------------------------------------------


def test_set_or_run_over_a_shared_card_unique_optimum() -> None:
    got = on_table("classic", "7H 8H 9H 9S 9D 9C")
    assert melds_of(got) == melds("7H 8H 9H | 9S 9D 9C") and got.deadwood == ()
    got = on_table("classic", "7H 8H 9H 9S 9D")
    assert melds_of(got) == melds("9H 9S 9D")
    assert dead_text(got) == ["7H", "8H"] and got.deadwood_value == 15


def test_run_or_set_for_the_end_card() -> None:
    got = on_table("classic", "5H 6H 7H 8H 8S KC")
    assert melds_of(got) == melds("5H 6H 7H 8H") and dead_text(got) == ["8S", "KC"]
    got = on_table("classic", "5H 6H 7H 8H 8S 8D KC")
    assert melds_of(got) == melds("5H 6H 7H | 8H 8S 8D") and dead_text(got) == ["KC"]


@pytest.mark.parametrize(
    ("ace", "text", "melded"),
    [
        ("low", "QH KH AH", False),
        ("low_or_high", "QH KH AH", True),
        ("around", "QH KH AH", True),
        ("low", "KH AH 2H", False),
        ("low_or_high", "KH AH 2H", False),
        ("around", "KH AH 2H", True),
        ("low", "AH 2H 3H", True),
    ],
)
def test_ace_rules(ace: str, text: str, melded: bool) -> None:
    got = on_table("classic", text, ace=ace)
    assert bool(got.melds) == melded
    assert got.deadwood_value == (0 if melded else sum(min(c.rank, 10) for c in cards(text)))


def test_high_ace_counts_11_and_low_ace_1_in_the_opening() -> None:
    assert on_table("romme", "QH KH AH").opening_value == 31
    assert on_table("romme", "AH 2H 3H").opening_value == 6
    assert on_table("romme", "KH AH 2H", ace="around").opening_value == 23


def test_two_sets_need_both_copies_of_two_faces() -> None:
    got = on_table("romme", "5H 5S 5D 5H 5C 5D")
    assert got.deadwood == () and len(got.melds) == 2
    assert sorted(len(cs) for cs, _ in got.melds) == [3, 3]
    assert len({c for cs, _ in got.melds for c in cs}) == 6


def test_two_equal_runs_from_two_decks() -> None:
    got = on_table("romme", "3H 4H 5H 3H 4H 5H KS")
    assert melds_of(got) == melds("3H 4H 5H | 3H 4H 5H") and dead_text(got) == ["KS"]
    assert len({c for cs, _ in got.melds for c in cs}) == 6


def test_duplicate_face_in_one_set_only_with_any_suits() -> None:
    got = on_table("standard", "5H 5H 5S", decks=2)
    assert got.deadwood == () and got.opening_value == 15
    got = on_table("romme", "5H 5H 5S")
    assert got.melds == () and got.deadwood_value == 15


def test_hand_one_wild_per_meld() -> None:
    got = on_table("hand", "4H AC AC", indicator="8C")
    assert got.melds == () and got.deadwood_value == 4 + 15 + 15
    got = on_table("hand", "4H 5H AC 9S 9D AC", indicator="8C")
    assert got.deadwood == () and len(got.melds) == 2
    assert all(sum(c.face == Face.parse("AC") for c in cs) == 1 for cs, _ in got.melds)


def test_hand_wild_used_where_it_saves_most() -> None:
    got = on_table("hand", "2H 3H QS QD AC", indicator="8C")
    assert melds_of(got) == melds("QS QD AC") and dead_text(got) == ["2H", "3H"]


def test_wild_stands_in_for_a_card_held_for_another_meld() -> None:
    # 6H is needed in the set 6H 6S AC; the run takes the other wild in its place
    got = on_table("hand", "5H 6H 7H 6S AC AC", indicator="8C")
    assert got.deadwood == () and melds_of(got) == melds("6H 6S AC | 5H AC 7H")


def test_the_most_valuable_wild_is_melded() -> None:
    values = CardValues(ace=1, joker=50, wild=15)
    options = dict(decks=2, jokers=2, wilds="jokers_and_twos", wild_limit="one_per_meld")
    got = on_table("standard", "5H 6H JK 2S 9C", penalty_values=values, **options)
    assert melds_of(got) == melds("5H 6H JK") and got.deadwood_value == 15 + 9


def test_thirteen_hearts_split_for_the_high_ace() -> None:
    # A..K in one meld reads with the ace low (85); 2-3-4 plus 5..A with the ace high is 95
    text = "AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH"
    got = on_table("romme", text, goal="opening")
    assert got.deadwood == () and got.opening_value == 95
    rules = rules_for("romme")
    found = patterns(tokens_of(cards(text), WildInfo(), rules), rules)
    # a run that cuts into two runs is no pattern of its own (its parts are worth as much):
    # without wilds, runs of three to five cards are all the search needs
    assert max(len(p.slots) for p in found) == 5


def test_romme_wilds_may_not_outnumber_naturals() -> None:
    got = on_table("romme", "JK JK 5H")
    assert got.melds == () and got.deadwood_value == 45
    got = on_table("romme", "JK 5H 6H JK")
    assert got.deadwood == () and len(got.melds) == 1 and len(got.melds[0][0]) == 4


def test_no_wild_limit_melds_every_wild() -> None:
    got = on_table("standard", "5H JK JK 2S 2C", decks=2, jokers=4, wilds="jokers_and_twos")
    # wild_limit = none: 5H with all four wilds is a run (5-6-7-8-9, the most points)
    assert sum(len(cs) for cs, _ in got.melds) == 5
    assert got.deadwood_value == 0 and got.opening_value == 35


def test_lone_natural_with_two_wilds_in_a_set_is_declared() -> None:
    # AH JK JK also reads as a run (A-2-3), so the set's jokers must name suits.
    got = on_table("standard", "AH JK JK", decks=2, jokers=2)
    assert got.deadwood == () and got.opening_value == 33
    assert all(d is not None and d.rank == 1 for d in got.melds[0][1][1:])


def test_hand_jokers_are_natural_aces() -> None:
    got = on_table("hand", "JK 2C 3C", indicator="8C")
    assert melds_of(got) == melds("JK 2C 3C") and got.opening_value == 16
    got = on_table("hand", "JK AS AD 7H", indicator="8C")
    assert melds_of(got) == melds("JK AS AD") and got.opening_value == 33
    assert got.deadwood_value == 7


def test_hand_ace_indicator_makes_jokers_wild() -> None:
    got = on_table("hand", "JK 2C 3C AC", indicator="AS")
    assert got.deadwood == () and got.opening_value == 11 + 2 + 3 + 4


def test_tamed_cards_play_as_aces() -> None:
    rules = rules_for("hand")
    hand = cards("JK AC 2S 3S KD QD")
    tamed = dataclasses.replace(wilds_for(rules, "8C"), tamed=frozenset(hand[:2]))
    got = best_melds(hand, tamed, rules)
    # the tamed joker is an ace of any suit (Q-K-A of diamonds); the tamed AC is a plain AC
    assert melds_of(got) == melds("QD KD JK") and dead_text(got) == ["2S", "3S", "AC"]
    assert_valid(hand, tamed, rules, got)


def test_goal_opening_reaches_51_with_the_seed_hand() -> None:
    got = on_table("hand", "9H 10H JH QH 4S 4D AC", indicator="8C", goal="opening")
    assert got.opening_value == 51 and got.deadwood == ()
    assert melds_of(got) == melds("4S 4D AC | 9H 10H JH QH")


def test_goal_opening_differs_from_goal_deadwood() -> None:
    low = on_table("classic", "AS AH AD 2S 3S")
    assert melds_of(low) == melds("AS 2S 3S") and low.deadwood_value == 2 and low.opening_value == 6
    high = on_table("classic", "AS AH AD 2S 3S", goal="opening")
    assert high.opening_value == 33 and high.deadwood_value == 5


def test_keep_leaves_the_cheapest_card() -> None:
    assert on_table("classic", "4H 5H 6H 7H").deadwood == ()
    got = solve("classic", "4H 5H 6H 7H", keep=1)
    assert melds_of(got) == melds("5H 6H 7H") and dead_text(got) == ["4H"]
    assert solve("classic", "4H 5H 6H 7H", keep=2).melds == ()
    got = solve("classic", "4H 5H 6H 7H 8H", keep=2)
    assert melds_of(got) == melds("6H 7H 8H") and got.deadwood_value == 9
    got = solve("classic", "4H 5H", keep=5)
    assert got.melds == () and got.deadwood_value == 9


def test_helpers_and_unknown_goal() -> None:
    rules = rules_for("classic")
    hand = cards("7H 8H 9H 9S 9D 9C KS")
    assert deadwood_after(hand, WildInfo(), rules) == 10
    options = [sorted(str(c) for c in cs) for cs, _ in meld_candidates(hand, WildInfo(), rules)]
    assert all(m in options for m in melds("7H 8H 9H | 9S 9H 9D 9C | 9S 9D 9C"))
    assert melds("7H 8H 9H 9S") not in options
    with pytest.raises(ValueError, match="goal"):
        best_melds(hand, WildInfo(), rules, goal="points")


# --- every meld valid: a check shared with the properties ----------------------------------


def assert_valid(hand: Sequence[Card], wilds: WildInfo, rules: Rules, got: Solution) -> None:
    """Disjoint melds the engine reads at the stated values; deadwood is the rest."""
    used = [c for cs, _ in got.melds for c in cs]
    assert Counter(used + list(got.deadwood)) == Counter(hand)
    total = 0
    for cs, decls in got.melds:
        items = items_for(cs, decls, wilds, 0)
        shape = resolve(items, rules)
        assert isinstance(shape, Shape), (cs, decls, shape)
        total += meld_value(to_meld(shape, items, 1, 0), rules)
    assert total == got.opening_value
    assert got.deadwood_value == sum(card_penalty(c, wilds, rules) for c in got.deadwood)


# --- brute force on small hands --------------------------------------------------------------


Decls = tuple[Face | None, ...]


def _decl_choices(sub: Sequence[Card], wilds: WildInfo, rules: Rules) -> set[Decls]:
    """Declarations worth trying: none, every reading the checker finds, every set suit."""
    base = items_for(sub, [None] * len(sub), wilds, 0)
    out: set[Decls] = {(None,) * len(sub)}
    found = shapes(base, rules)
    for sh in found if isinstance(found, list) else []:
        decls: list[Face | None] = [None] * len(sub)
        for i, rep in zip(sh.order, sh.reps, strict=True):
            decls[i] = rep if base[i].wild else None
        out.add(tuple(decls))
    ranks = {it.natural.rank for it in base if it.natural is not None}
    if len(ranks) == 1 and len(sub) <= 4:  # a set holds four cards at most
        rank = ranks.pop()
        wild_at = [i for i, it in enumerate(base) if it.wild]
        for suits in product_of(len(wild_at)):
            decls = [None] * len(sub)
            for i, s in zip(wild_at, suits, strict=True):
                decls[i] = face_of(rank, s)
            out.add(tuple(decls))
    return out


def product_of(n: int) -> list[tuple[Suit, ...]]:
    out: list[tuple[Suit, ...]] = [()]
    for _ in range(n):
        out = [(*p, s) for p in out for s in Suit]
    return out


def engine_melds(hand: Sequence[Card], wilds: WildInfo, rules: Rules) -> dict[int, int]:
    """Every subset (bit mask) the engine accepts as one meld, with its best opening value."""
    out: dict[int, int] = {}
    for mask in range(1, 1 << len(hand)):
        sub = [c for i, c in enumerate(hand) if mask >> i & 1]
        if len(sub) < 3:
            continue
        for decls in _decl_choices(sub, wilds, rules):
            items = items_for(sub, decls, wilds, 0)
            shape = resolve(items, rules)
            if not isinstance(shape, Refusal):
                value = meld_value(to_meld(shape, items, 1, 0), rules)
                out[mask] = max(out.get(mask, -1), value)
    return out


def brute(hand: Sequence[Card], wilds: WildInfo, rules: Rules, goal: str, keep: int) -> tuple:
    """The best (primary, secondary, tertiary) score over all sets of disjoint engine melds."""
    valid = engine_melds(hand, wilds, rules)
    values = [card_penalty(c, wilds, rules) for c in hand]

    @functools.cache
    def best(mask: int, need: int) -> tuple[int, int, int] | None:
        if not mask:
            return (0, 0, 0) if need == 0 else None
        low = mask & -mask
        i = low.bit_length() - 1
        options = []
        rest = best(mask ^ low, max(need - 1, 0))
        if rest is not None:
            options.append((rest[0] + values[i], rest[1], rest[2]))
        for sub, value in valid.items():
            if sub & low and sub & mask == sub:
                rest = best(mask ^ sub, need)
                if rest is not None:
                    options.append((rest[0], rest[1] + value, rest[2] + sub.bit_count()))
        return min(options, key=lambda o: score(o, goal)) if options else None

    got = best((1 << len(hand)) - 1, keep)
    assert got is not None
    return score(got, goal)


def score(result: tuple[int, int, int], goal: str) -> tuple[int, int, int]:
    dead, opening, melded = result
    return (dead, -opening, -melded) if goal == "deadwood" else (-opening, dead, -melded)


def config(
    name: str, preset: str, indicator: str | None = None, *tamed: str, **options: object
) -> tuple[str, Rules, WildInfo]:
    """A named rules setting for the properties; ``tamed`` cards are copy 0 of those faces."""
    rules = rules_for(preset, **options)
    wilds = wilds_for(rules, indicator)
    taken = frozenset(Card(Face.parse(t), 0) for t in tamed)
    return name, rules, dataclasses.replace(wilds, tamed=taken)


CONFIGS = [
    config("classic", "classic"),
    config("classic high", "classic", ace="low_or_high"),
    config("classic around", "classic", ace="around", opening_ace="always_11"),
    config("romme", "romme"),
    config("romme around", "romme", ace="around"),
    config("hand 8C", "hand", "8C"),
    config("hand AS", "hand", "AS"),
    config("hand no limit", "hand", "8C", wild_limit="none"),
    config("hand tamed", "hand", "8C", "AC", "JK"),
    config("standard twos", "standard", decks=2, jokers=2, wilds="jokers_and_twos", ace="around"),
    config("standard distinct", "standard", decks=2, jokers=2, set_suits="distinct"),
]


def _pool(rules: Rules) -> list[Card]:
    """Cards near each other (Q K A 2 3 in three suits, both decks, jokers): melds abound."""
    ranks = (12, 13, 1, 2, 3)
    return [
        c
        for c in make_deck(rules.decks, rules.jokers)
        if c.face.is_joker or (c.rank in ranks and c.suit in (Suit.H, Suit.D, Suit.C))
    ]


@st.composite
def small_hands(draw: st.DrawFn) -> tuple[str, Rules, WildInfo, list[Card], str, int]:
    name, rules, wilds = draw(st.sampled_from(CONFIGS))
    hand = draw(st.lists(st.sampled_from(_pool(rules)), min_size=5, max_size=8, unique=True))
    goal = draw(st.sampled_from(("deadwood", "opening")))
    return name, rules, wilds, hand, goal, draw(st.sampled_from((0, 0, 1)))


@settings(max_examples=200, deadline=None, derandomize=True)
@given(small_hands())
def test_matches_brute_force_on_small_hands(
    case: tuple[str, Rules, WildInfo, list[Card], str, int],
) -> None:
    name, rules, wilds, hand, goal, keep = case
    got = best_melds(hand, wilds, rules, goal=goal, keep=keep)
    assert_valid(hand, wilds, rules, got)
    assert len(got.deadwood) >= keep
    melded = sum(len(cs) for cs, _ in got.melds)
    mine = score((got.deadwood_value, got.opening_value, melded), goal)
    assert mine == brute(hand, wilds, rules, goal, keep), (name, [str(c) for c in hand])


@st.composite
def big_hands(draw: st.DrawFn) -> tuple[Rules, WildInfo, list[Card]]:
    _, rules, wilds = draw(st.sampled_from(CONFIGS))
    deck = make_deck(rules.decks, rules.jokers)
    return (
        rules,
        wilds,
        draw(st.lists(st.sampled_from(deck), min_size=10, max_size=15, unique=True)),
    )


@settings(max_examples=60, deadline=None, derandomize=True)
@given(big_hands())
def test_full_hands_give_valid_melds(case: tuple[Rules, WildInfo, list[Card]]) -> None:
    rules, wilds, hand = case
    for goal in ("deadwood", "opening"):
        got = best_melds(hand, wilds, rules, goal=goal)
        assert_valid(hand, wilds, rules, got)
    assert got.opening_value >= best_melds(hand, wilds, rules).opening_value

"""Melds (docs/RULES.md §2 values, §4 melds, §5 opening, Hand specifics; DECISIONS 4-5, 8, 11-13).

Most cases go through the public turn API: a match with an exact deal, and
``Match.check`` on an action in notation. A few go to ``game.melds`` directly where that
is clearer (opening values, lay-offs around the corner).

Hands in these tests list only the cards that matter; ``start`` fills each hand up to the
size the rules deal with FILLER cards (no aces, twos or jokers) that the test names nowhere,
and puts filler cards under the listed stock, so every draw is known.
"""

from __future__ import annotations

import pytest

from game import actions as A
from game.cards import Card, Face
from game.errors import IllegalAction, Refusal
from game.match import Match, wild_info
from game.melds import Meld, items_for, lay_off, meld_value, new_meld
from game.rules import Rules
from game.rules import preset as make_rules
from tests.helpers import deal, match

# --- helpers -------------------------------------------------------------------------------

FILLER = [
    f"{r}{s}" for r in ("K", "J", "9", "7", "5", "3", "Q", "10", "8", "6", "4") for s in "CDSH"
]


def _faces(text: str) -> set[Face]:
    return {Face.parse(word.partition("=")[0]) for word in text.split()}


def start(
    preset: str,
    hands: list[str],
    stock: str = "",
    indicator: str | None = None,
    actions: tuple[str, ...] | list[str] = (),
    dealer: int = 1,
    **options: object,
) -> Match:
    """A match from an exact deal; hands are padded with filler up to the rules' sizes."""
    rules = make_rules(preset, players=len(hands), **options)
    named = _faces(" ".join([*hands, stock, indicator or ""]))
    spare = [c for c in FILLER if Face.parse(c) not in named] * rules.decks
    starter = (dealer + 1) % len(hands)
    full = []
    for seat, cards in enumerate(hands):
        size = rules.hand_size + (1 if rules.starter_extra_card and seat == starter else 0)
        words = cards.split()
        missing = size - len(words)
        assert missing >= 0, f"hand {seat} names more than {size} cards"
        full.append(" ".join(words + spare[:missing]))
        spare = spare[missing:]
    upcard = spare.pop(0) if rules.upcard else None
    stock_cards = " ".join([stock, *spare[:4]])
    the_deal = deal(full, stock=stock_cards, dealer=dealer, indicator=indicator, upcard=upcard)
    return match(preset, [the_deal], actions=list(actions), **options)


def ready(
    preset: str, hand: str, draw: str = "", indicator: str | None = None, **options: object
) -> Match:
    """Seat 0 to play, having drawn ``draw`` (Hand: after the starter's discard-only turn)."""
    if preset == "hand":
        m = start(preset, [hand, ""], stock=draw, indicator=indicator, dealer=0, **options)
        m.apply(f"discard {m.round.hands[1][-1]}")
    else:
        m = start(preset, [hand, ""], stock=draw, **options)
    m.apply("draw")
    assert m.current == 0 and m.round.phase == "play"
    return m


def check(m: Match, text: str) -> Refusal | None:
    """Why the action is refused now, or None."""
    return m.check(A.parse(text))


def ready_for(preset: str, text: str, indicator: str | None = None, **options) -> Match:
    """A match where seat 0 holds exactly the cards named in ``text`` (plus filler)."""
    cards = " ".join(w.partition("=")[0] for w in text.split()[1:])
    return ready(preset, cards, indicator=indicator, **options)


def assert_refused(refusal: Refusal | None, code: str, reason: str | None = None) -> None:
    assert refusal is not None, f"expected {code}, but the action is legal"
    assert refusal.code == code, refusal
    if reason is not None:
        assert reason in refusal.reason, refusal.reason


def table(m: Match) -> list[str]:
    """The table melds in notation (wilds written W=X)."""
    return [meld.notation() for meld in m.round.table]


def hand_of(m: Match, seat: int) -> list[str]:
    return [c.face.notation() for c in m.round.hands[seat]]


def direct(rules: Rules, text: str, indicator: str | None = None) -> Meld | Refusal:
    """game.melds.new_meld on cards in notation (``W=X`` declares a wild)."""
    wilds = wild_info(rules, Card(Face.parse(indicator), 0) if indicator else None)
    cards, decls = [], []
    for word in text.split():
        card, _, decl = word.partition("=")
        face = Face.parse(card)
        cards.append(Card(face, sum(c.face == face for c in cards)))
        decls.append(Face.parse(decl) if decl else None)
    return new_meld(items_for(cards, decls, wilds, 0), rules, 1, 0)


def direct_meld(rules: Rules, text: str, indicator: str | None = None) -> Meld:
    got = direct(rules, text, indicator)
    assert isinstance(got, Meld), got
    return got


THIRTEEN = "AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH"

# --- valid melds and how they land on the table ----------------------------------------------


@pytest.mark.parametrize(
    ("preset", "action", "indicator", "options", "on_table"),
    [
        ("classic", "meld 7H 8H 9H", None, {}, "7H 8H 9H"),
        ("classic", "meld 9H 7H 8H", None, {}, "7H 8H 9H"),
        ("classic", "meld 9S 9D 9C", None, {}, "9S 9D 9C"),
        ("classic", "meld 9S 9D 9C 9H", None, {}, "9S 9D 9C 9H"),
        ("classic", "meld AS 2S 3S", None, {}, "AS 2S 3S"),
        ("classic", "meld 10H JH QH KH", None, {}, "10H JH QH KH"),
        ("romme", f"meld {THIRTEEN}", None, {}, THIRTEEN),
        ("standard", "meld 7H 8H 9H", None, {}, "7H 8H 9H"),
        ("standard", "meld 9S 9S 9H", None, {"decks": 2}, "9S 9S 9H"),
        ("standard", "meld 9S 9S 9H 9H", None, {"decks": 2}, "9S 9S 9H 9H"),
        # ace low only: J is the one card the joker can stand for
        ("standard", "meld QH KH JK", None, {"jokers": 2}, "JK=JH QH KH"),
        # wild_limit none: wilds may outnumber the naturals (Rommé refuses this one)
        ("standard", "meld 7H JK=8H JK=9H", None, {"jokers": 2}, "7H JK=8H JK=9H"),
        ("romme", "meld QH KH AH", None, {}, "QH KH AH"),
        ("romme", "meld 7H JK 9H", None, {}, "7H JK=8H 9H"),
        ("romme", "meld JK 7H 9H", None, {}, "7H JK=8H 9H"),
        ("romme", "meld JK=10H 8H 9H", None, {}, "8H 9H JK=10H"),
        ("romme", "meld JK=7H 8H 9H", None, {}, "JK=7H 8H 9H"),
        ("romme", "meld 7H JK JK 10H", None, {}, "7H JK=8H JK=9H 10H"),
        ("romme", "meld 5S 5D JK=5H", None, {}, "5S 5D JK=5H"),
        ("romme", "meld 5S 5D 5H JK", None, {}, "5S 5D 5H JK=5C"),
        ("hand", "meld QH KH AH", "8C", {}, "QH KH AH"),
        ("hand", "meld 7H AC 9H", "8C", {}, "7H AC=8H 9H"),
        ("hand", "meld 5S 5D AC", "8C", {}, "5S 5D AC=5*"),
        ("hand", "meld 5S 5D 5H AC", "8C", {}, "5S 5D 5H AC=5*"),
        ("hand", "meld 5S 5D JK", "AS", {}, "5S 5D JK=5*"),
        ("hand", "meld 7H JK 9H", "AS", {}, "7H JK=8H 9H"),
    ],
)
def test_valid_meld_is_accepted_and_shows_what_each_wild_represents(
    preset, action, indicator, options, on_table
):
    m = ready_for(preset, action, indicator, **options)
    assert check(m, action) is None
    m.apply(action)
    assert table(m) == [on_table]


def test_undeclared_wilds_fill_the_gaps_in_the_order_written():
    """DECISIONS #12, with two different wild faces (a joker and a two)."""
    options = {"jokers": 2, "wilds": "jokers_and_twos"}
    for action, on_table in [
        ("meld 7H JK 2S 10H", "7H JK=8H 2S=9H 10H"),
        ("meld 7H 2S JK 10H", "7H 2S=8H JK=9H 10H"),
    ]:
        m = ready_for("standard", action, **options)
        m.apply(action)
        assert table(m) == [on_table]


# --- refused melds ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("preset", "action", "indicator", "options", "code", "reason"),
    [
        # too few, mixed suits, gaps
        ("classic", "meld 7H 8H", None, {}, "too_few", "a meld needs at least 3 cards"),
        *[
            (p, "meld 7H 9H AS", ind, {}, "run_suits", "7♥ 9♥ A♠: a run needs one suit")
            for p, ind in [("classic", None), ("standard", None), ("romme", None), ("hand", "8D")]
        ],
        *[
            (p, "meld 7H 9H 10H", ind, {}, "run_gap", "needs 8♥ between 7♥ and 9♥")
            for p, ind in [("classic", None), ("standard", None), ("romme", None), ("hand", "8D")]
        ],
        ("romme", "meld 5H 6H 9H", None, {}, "run_gap", "needs 7♥ 8♥ between 6♥ and 9♥"),
        ("romme", "meld 7H 8H 8H", None, {}, "run_rank_twice", "a run cannot hold 8♥ twice"),
        (
            "classic",
            "meld 9S 9D 8D",
            None,
            {},
            "set_ranks",
            "9♠ 9♦ 8♦: a set needs cards of one rank",
        ),
        # set_suits distinct: the same suit twice
        *[
            (p, "meld 9S 9S 9H", ind, opt, "set_suit_twice", "a set cannot hold 9♠ twice")
            for p, ind, opt in [
                ("classic", None, {"decks": 2}),
                ("romme", None, {}),
                ("hand", "8D", {}),
            ]
        ],
        # a set never holds more than four
        *[
            (p, "meld 9S 9D 9C 9H 9S", ind, opt, "set_too_big", "a set holds at most 4 cards")
            for p, ind, opt in [
                ("standard", None, {"decks": 2}),
                ("romme", None, {}),
                ("hand", "8D", {}),
            ]
        ],
        # wild limits
        ("hand", "meld 4H AC AC", "8C", {}, "too_many_wilds", "two wild cards in one meld"),
        ("hand", "meld JK JK 9H 10H", "AS", {}, "too_many_wilds", "two wild cards in one meld"),
        ("hand", "meld 5S AC AC", "8C", {}, "too_many_wilds", "two wild cards in one meld"),
        (
            "romme",
            "meld JK JK 9H",
            None,
            {},
            "wilds_majority",
            "wild cards may not outnumber natural cards in a meld",
        ),
        ("romme", "meld JK JK JK", None, {}, "wilds_only", "a meld needs at least one natural"),
        (
            "romme",
            "meld 7H JK=8H JK=9H",
            None,
            {},
            "wilds_majority",
            "wild cards may not outnumber natural cards in a meld",
        ),
        # a wild whose card is ambiguous needs a declaration
        (
            "romme",
            "meld JK 8H 9H",
            None,
            {},
            "wild_ambiguous",
            "say which card Joker stands for: 7♥ or 10♥",
        ),
        (
            "romme",
            "meld QH KH JK",
            None,
            {},
            "wild_ambiguous",
            "say which card Joker stands for: J♥ or A♥",
        ),
        (
            "romme",
            "meld 5S 5D JK",
            None,
            {},
            "wild_ambiguous",
            "say which card Joker stands for: 5♥ or 5♣",
        ),
        (
            "hand",
            "meld JK 8H 9H",
            "AS",
            {},
            "wild_ambiguous",
            "say which card Joker stands for: 7♥ or 10♥",
        ),
        # declarations that cannot hold
        ("romme", "meld JK=6H 8H 9H", None, {}, "run_gap", "needs 7♥ between 6♥ and 8♥"),
        ("romme", "meld 5S 5D JK=5S", None, {}, "set_suit_twice", "a set cannot hold 5♠ twice"),
        (
            "romme",
            "meld 5S 5D JK=6H",
            None,
            {},
            "bad_declaration",
            "Joker cannot stand for another rank in a set of 5s",
        ),
    ],
)
def test_invalid_meld_is_refused_with_its_reason(preset, action, indicator, options, code, reason):
    m = ready_for(preset, action, indicator, **options)
    assert_refused(check(m, action), code, reason)


def test_refused_meld_changes_nothing():
    m = ready_for("romme", "meld JK 8H 9H")
    before = (hand_of(m, 0), table(m))
    with pytest.raises(IllegalAction, match="say which card Joker stands for"):
        m.apply("meld JK 8H 9H")
    assert (hand_of(m, 0), table(m)) == before


# --- the ace ------------------------------------------------------------------------------------

ACE_CASES = {
    "AS 2S 3S": {"low": None, "low_or_high": None, "around": None},
    "QS KS AS": {"low": "ace_low", "low_or_high": None, "around": None},
    "KS AS 2S": {"low": "around_corner", "low_or_high": "around_corner", "around": None},
    "QS KS AS 2S": {"low": "around_corner", "low_or_high": "around_corner", "around": None},
    "JS QS KS AS 2S 3S": {"low": "around_corner", "low_or_high": "around_corner", "around": None},
}


@pytest.mark.parametrize(
    ("cards", "ace", "code"),
    [(cards, ace, code) for cards, by_ace in ACE_CASES.items() for ace, code in by_ace.items()],
)
def test_ace_rule_decides_which_runs_hold_an_ace(cards, ace, code):
    m = ready_for("classic", f"meld {cards}", ace=ace)
    refusal = check(m, f"meld {cards}")
    if code is None:
        assert refusal is None
    else:
        assert_refused(refusal, code)


@pytest.mark.parametrize(
    ("ace", "cards", "reason"),
    [
        ("low", "QS KS AS", "Q-K-A is not a run: the ace only goes below the 2"),
        ("low", "KS AS 2S", "K-A-2 is not a run"),
        ("low_or_high", "KS AS 2S", "K-A-2 is not a run"),
        ("low_or_high", "QS KS AS 2S", "Q-K-A-2 is not a run"),
    ],
)
def test_ace_refusal_names_the_ranks(ace, cards, reason):
    m = ready_for("classic", f"meld {cards}", ace=ace)
    assert check(m, f"meld {cards}").reason == reason


def test_presets_use_their_own_ace_rule():
    assert_refused(check(ready_for("classic", "meld QH KH AH"), "meld QH KH AH"), "ace_low")
    assert_refused(check(ready_for("standard", "meld QH KH AH"), "meld QH KH AH"), "ace_low")
    assert check(ready_for("romme", "meld QH KH AH"), "meld QH KH AH") is None
    assert check(ready_for("hand", "meld QH KH AH", "8D"), "meld QH KH AH") is None


def test_around_runs_never_hold_an_ace_at_both_ends():
    rules = make_rules("romme", players=2, ace="around")
    got = direct(rules, f"{THIRTEEN} AH")
    assert isinstance(got, Refusal) and got.code == "run_too_long"
    assert isinstance(direct(rules, "QH KH AH 2H 3H"), Meld)


# --- Hand: the indicator ----------------------------------------------------------------------


def test_hand_indicator_makes_its_aces_wild_and_the_jokers_aces_of_its_suit():
    m = ready_for("hand", "meld JC QC KC JK", "8C")
    m.apply("meld JC QC KC JK")
    assert table(m) == ["JC QC KC JK=AC"]
    assert m.round.table[0].wild_count == 0, "the joker is a natural ace of clubs"
    assert sorted(f.notation() for f in m.round.wilds.wild_faces) == ["AC"]


@pytest.mark.parametrize(
    ("action", "code", "reason"),
    [
        # the two jokers are both the natural ace of clubs
        ("meld JK JK 2C", "run_rank_twice", "a run cannot hold A♣ twice"),
        ("meld AH AD JK JK", "set_suit_twice", "a set cannot hold A♣ twice"),
        # a natural joker is not a wild for hearts
        ("meld JK 2H 3H", "run_suits", "a run needs one suit"),
    ],
)
def test_hand_natural_jokers_play_as_aces_of_the_indicator_suit(action, code, reason):
    m = ready_for("hand", action, "8C")
    assert_refused(check(m, action), code, reason)


@pytest.mark.parametrize(
    ("action", "on_table"),
    [("meld AC 2C 3C", "AC 2C 3C"), ("meld AH AD AS AC", "AH AD AS AC")],
)
def test_hand_ace_indicator_leaves_every_ace_natural(action, on_table):
    m = ready_for("hand", action, "AS")
    m.apply(action)
    assert table(m) == [on_table]
    assert m.round.table[0].wild_count == 0


@pytest.mark.parametrize(
    ("action", "code"),
    [("meld 7H AC 9H", "run_suits"), ("meld 5S 5D AC", "set_ranks")],
)
def test_hand_ace_indicator_makes_no_ace_wild(action, code):
    m = ready_for("hand", action, "AS")
    assert_refused(check(m, action), code)


def test_hand_ace_indicator_makes_the_jokers_wild():
    m = ready_for("hand", "meld 7H JK 9H", "AS")
    m.apply("meld 7H JK 9H")
    assert table(m) == ["7H JK=8H 9H"]
    assert m.round.table[0].wild_count == 1


@pytest.mark.parametrize(
    ("action", "code"),
    [("meld 7H AC 9H", None), ("meld 5S 5D AC", None), ("meld 4H AC AC", "too_many_wilds")],
)
def test_hand_seed_examples_with_indicator_8c(action, code):
    m = ready("hand", "7H 9H 5S 5D 4H AC AC", indicator="8C")
    refusal = check(m, action)
    if code is None:
        assert refusal is None
    else:
        assert_refused(refusal, code, "two wild cards in one meld")


def test_hand_set_wild_needs_no_declared_suit_but_romme_does():
    hand = ready_for("hand", "meld 5S 5D AC", "8C")
    assert check(hand, "meld 5S 5D AC") is None
    romme = ready_for("romme", "meld 5S 5D JK")
    assert_refused(check(romme, "meld 5S 5D JK"), "wild_ambiguous")
    assert check(romme, "meld 5S 5D JK=5C") is None


def test_hand_starter_may_not_meld_on_the_first_turn():
    """DECISIONS #7: the starter's first turn (15 cards) is a discard only."""
    m = start("hand", ["9H 10H JH QH KH", ""], indicator="8C")
    assert len(m.round.hand) == 15
    assert_refused(check(m, "meld 9H 10H JH QH KH"), "discard_only")


def test_hand_wild_taken_from_the_discard_pile_is_natural_for_the_taker():
    """RULES §4: a wild ace taken from the discard pile counts as an ordinary ace."""
    m = start(
        "hand",
        ["AC", "QC KC 9H 10H JH QH 4H"],
        indicator="8C",
        actions=["discard AC", "take"],
    )
    assert check(m, "meld QC KC AC") is None
    m.apply("meld QC KC AC")
    m.apply("meld 9H 10H JH QH")
    assert table(m) == ["QC KC AC", "9H 10H JH QH"]
    assert m.round.table[0].wild_count == 0
    assert check(m, "discard 4H") is None, "31 + 39 = 70 opens"


# --- opening values (RULES §2) ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("preset", "options", "indicator", "cards", "value"),
    [
        # by_position: 1 at the low end, 11 at the high end, in a set, around the corner
        ("romme", {}, None, "AS 2S 3S", 6),
        ("romme", {}, None, "QS KS AS", 31),
        ("romme", {}, None, "AS AH AD", 33),
        ("romme", {"ace": "around"}, None, "KS AS 2S", 23),
        ("romme", {}, None, "JK=AS 2S 3S", 6),
        ("romme", {}, None, "AH AD JK=AS", 33),
        ("romme", {}, None, "7H JK 9H", 24),
        ("romme", {}, None, "5S 5D JK=5H", 15),
        ("romme", {}, None, "10H JH QH KH", 40),
        ("romme", {}, None, "2S 3S 4S", 9),
        # always_11
        ("romme", {"opening_ace": "always_11"}, None, "AS 2S 3S", 16),
        ("hand", {}, "8C", "AS 2S 3S", 16),
        ("hand", {}, "8C", "QS KS AS", 31),
        ("hand", {}, "8C", "AS AH AD", 33),
        ("hand", {}, "8C", "7H AC 9H", 24),
        ("hand", {}, "8C", "5S 5D AC", 15),
        ("hand", {}, "8C", "JC QC KC JK", 41),
        ("hand", {}, "8C", "JK 2C 3C", 16),
        ("hand", {}, "8C", "9H 10H JH QH", 39),
        ("hand", {}, "8C", "4S 4D AC", 12),
        # low_run_1: 11 except in A-2-3
        ("romme", {"opening_ace": "low_run_1"}, None, "AS 2S 3S", 6),
        ("romme", {"opening_ace": "low_run_1"}, None, "QS KS AS", 31),
        ("romme", {"opening_ace": "low_run_1"}, None, "AS AH AD", 33),
        ("romme", {"opening_ace": "low_run_1", "ace": "around"}, None, "KS AS 2S", 23),
    ],
)
def test_meld_value_follows_opening_ace(preset, options, indicator, cards, value):
    rules = make_rules(preset, players=2, **options)
    assert meld_value(direct_meld(rules, cards, indicator), rules) == value


@pytest.mark.parametrize(
    ("ace", "run", "added", "value"),
    [
        ("low_or_high", "AS 2S 3S", "4S", 10),
        ("low_or_high", "QS KS AS", "JS", 41),
        ("around", "AS 2S 3S", "KS", 26),  # the ace now turns the corner: 11
        ("around", "QS KS AS", "2S", 33),
    ],
)
def test_meld_value_after_a_lay_off_counts_the_ace_where_it_now_stands(ace, run, added, value):
    rules = make_rules("romme", players=2, ace=ace)
    meld = direct_meld(rules, run)
    wilds = wild_info(rules, None)
    grown = lay_off(meld, items_for([Card(Face.parse(added), 0)], [None], wilds, 1), rules)
    assert isinstance(grown, Meld), grown
    assert meld_value(grown, rules) == value


def test_hand_opening_example_of_51_points_opens():
    m = ready("hand", "9H 10H JH QH 4S 4D AC", draw="2S", indicator="8C")
    m.apply("meld 9H 10H JH QH")
    m.apply("meld 4S 4D AC")
    assert check(m, "discard 2S") is None
    m.apply("discard 2S")
    assert m.round.opened[0]


def test_hand_opening_of_43_points_is_refused_at_the_discard():
    m = ready("hand", "6H 7H 8H 4S 5S 6S 7S KS KD KH", draw="2S", indicator="8C")
    assert check(m, "meld 6H 7H 8H") is None, "melds stay provisional until the discard"
    m.apply("meld 6H 7H 8H")
    m.apply("meld 4S 5S 6S 7S")
    refusal = check(m, "discard 2S")
    assert_refused(refusal, "opening_short")
    assert refusal.reason == "opening needs 51 points, these melds make 43"
    m.apply("meld KS KD KH")  # 43 + 30: the player may add melds
    assert check(m, "discard 2S") is None


@pytest.mark.parametrize(
    ("options", "melds", "refused_reason"),
    [
        ({}, ["QH KH AH", "AS 2S 3S"], "opening needs 40 points, these melds make 37"),
        ({"opening_ace": "always_11"}, ["QH KH AH", "AS 2S 3S"], None),  # 31 + 16
        ({}, ["AH AD AC", "2S 3S 4S"], None),  # 33 + 9
        ({}, ["7H JK 9H", "5S 6S 7S"], None),  # the joker counts as 8H: 24 + 18
    ],
)
def test_romme_opening_minimum_counts_cards_and_aces_by_position(options, melds, refused_reason):
    cards = " ".join(melds)
    m = ready("romme", cards, draw="KS", **options)
    for meld in melds:
        m.apply(f"meld {meld}")
    refusal = check(m, "discard KS")
    if refused_reason is None:
        assert refusal is None
    else:
        assert_refused(refusal, "opening_short", refused_reason)


# --- lay-offs -------------------------------------------------------------------------------------


def classic_table(**options) -> Match:
    """Classic: seat 0 melded 5H 6H 7H (m1) and 9S 9D 9C (m2); seat 1 has drawn."""
    return start(
        "classic",
        ["5H 6H 7H 9S 9D 9C KS", "3H 4H 8H 9H 10S"],
        actions=["draw", "meld 5H 6H 7H", "meld 9S 9D 9C", "discard KS", "draw"],
        **options,
    )


@pytest.mark.parametrize(
    ("action", "code", "reason", "on_table"),
    [
        ("layoff 4H m1", None, None, "4H 5H 6H 7H"),
        ("layoff 8H m1", None, None, "5H 6H 7H 8H"),
        ("layoff 4H 8H m1", None, None, "4H 5H 6H 7H 8H"),
        ("layoff 3H 4H m1", None, None, "3H 4H 5H 6H 7H"),
        ("layoff 9H m2", None, None, "9S 9D 9C 9H"),
        ("layoff 3H m1", "no_fit", "3♥ does not fit meld 1: needs 4♥ between 3♥ and 5♥", None),
        ("layoff 9H m1", "no_fit", "9♥ does not fit meld 1: needs 8♥ between 7♥ and 9♥", None),
        ("layoff 10S m2", "no_fit", "10♠ does not fit meld 2", None),
        ("layoff 8H m3", "no_such_meld", "there is no meld m3 on the table", None),
    ],
)
def test_classic_lay_off_extends_a_meld_at_either_end_only(action, code, reason, on_table):
    m = classic_table()
    refusal = check(m, action)
    if code is not None:
        assert_refused(refusal, code, reason)
        return
    assert refusal is None
    m.apply(action)
    meld = next(x for x in m.round.table if x.notation() == on_table)
    assert [p.by for p in meld.pieces].count(1) == len(A.parse(action).cards), "who laid off"


def test_classic_allows_lay_off_before_the_opening():
    m = classic_table()
    assert not m.round.opened[1]
    m.apply("layoff 8H m1")
    assert check(m, "discard 10S") is None


def romme_opened(*extra: str) -> Match:
    """Romme: seat 0 has just opened with 9S 9D 9C (m1) and 5H 6H 7H (m2): 45 points."""
    m = ready("romme", "9S 9D 9C 5H 6H 7H 6H 9S 9H 4H 8H JK", draw="KS")
    for action in ("meld 9S 9D 9C", "meld 5H 6H 7H", *extra):
        m.apply(action)
    return m


@pytest.mark.parametrize(
    ("action", "code", "reason"),
    [
        ("layoff 4H m2", None, None),
        ("layoff 8H m2", None, None),
        ("layoff 9H m1", None, None),
        ("layoff JK=8H m2", None, None),
        ("layoff JK=4H m2", None, None),
        ("layoff JK m2", "wild_ambiguous", "say which card Joker stands for: 4♥ or 8♥"),
        ("layoff 6H m2", "no_fit", "6♥ does not fit meld 2: a run cannot hold 6♥ twice"),
        ("layoff 9S m1", "no_fit", "9♠ does not fit meld 1: a set cannot hold 9♠ twice"),
        ("layoff 8H m1", "no_fit", "8♥ does not fit meld 1"),
    ],
)
def test_romme_lay_off_after_opening_in_the_same_turn(action, code, reason):
    m = romme_opened()
    refusal = check(m, action)
    if code is None:
        assert refusal is None
    else:
        assert_refused(refusal, code, reason)


def test_romme_set_takes_no_fifth_card():
    m = romme_opened("layoff 9H m1")
    assert table(m)[0] == "9S 9D 9C 9H"
    assert_refused(
        check(m, "layoff 9S m1"), "no_fit", "9♠ does not fit meld 1: a set holds at most 4 cards"
    )


def test_romme_lay_off_wilds_keep_to_the_wild_limit():
    m = romme_opened()
    m.apply("layoff JK=8H m2")
    assert table(m)[1] == "5H 6H 7H JK=8H"
    m2 = start(
        "romme",
        ["7H JK 9H JK JK 10S JS QS KS", ""],
        actions=["draw", "meld 10S JS QS KS", "meld 7H JK 9H", "layoff JK=10H m2"],
    )
    assert table(m2)[1] == "7H JK=8H 9H JK=10H"
    assert_refused(check(m2, "layoff JK=6H m2"), "wilds_majority")


def test_hand_one_wild_per_meld_applies_to_lay_offs():
    m = ready("hand", "9H 10H JH QH KH 7S AC 9S AC", draw="2S", indicator="8C")
    m.apply("meld 9H 10H JH QH KH")
    m.apply("meld 7S AC 9S")
    assert table(m)[1] == "7S AC=8S 9S"
    assert_refused(check(m, "layoff AC m2"), "too_many_wilds", "two wild cards in one meld")


def test_romme_lay_off_before_the_opening_only_when_going_out_in_one():
    """DECISIONS #5: accepted for now, refused at the discard (layoff_before_opening)."""
    m = start(
        "romme",
        ["10H JH QH KH KS", "9H 5S"],
        actions=["draw", "meld 10H JH QH KH", "discard KS", "draw"],
    )
    assert not m.round.opened[1]
    assert check(m, "layoff 9H m1") is None
    m.apply("layoff 9H m1")
    assert_refused(check(m, "discard 5S"), "layoff_before_opening", "go out in one")


def test_hand_lay_off_before_the_opening_is_refused():
    m = start(
        "hand",
        ["KC", "9H 10H JH QH KH 4S 4D AC 2S"],
        stock="3D 8H",
        indicator="8C",
        actions=[
            "discard KC",
            "draw",
            "meld 9H 10H JH QH KH",
            "meld 4S 4D AC",
            "discard 2S",
            "draw",
        ],
    )
    assert m.current == 0 and not m.round.opened[0]
    assert_refused(
        check(m, "layoff 8H m1"), "not_opened", "you may lay off only after your opening (51"
    )


def test_hand_lay_off_while_this_turns_melds_are_short_names_the_points():
    m = ready("hand", "9H 10H JH 5S 6S 7S 8S", draw="QH", indicator="8C")
    m.apply("meld 5S 6S 7S")
    assert_refused(
        check(m, "layoff 8S m1"),
        "opening_short",
        "to lay off, your opening needs 51 points first; these melds make 18",
    )
    m.apply("meld 9H 10H JH QH")  # 18 + 39 = 57: opened now
    assert check(m, "layoff 8S m1") is None


@pytest.mark.parametrize(
    ("ace", "run", "added", "result"),
    [
        ("around", "AS 2S 3S", "KS", "KS AS 2S 3S"),
        ("around", "QS KS AS", "2S", "QS KS AS 2S"),
        ("around", "KS AS 2S", "QS", "QS KS AS 2S"),
        ("low_or_high", "AS 2S 3S", "KS", None),
        ("low_or_high", "QS KS AS", "2S", None),
        ("low_or_high", "JS QS KS", "AS", "JS QS KS AS"),
        ("low", "JS QS KS", "AS", None),
        ("low", "2S 3S 4S", "AS", "AS 2S 3S 4S"),
    ],
)
def test_lay_off_around_the_corner_follows_the_ace_rule(ace, run, added, result):
    rules = make_rules("romme", players=2, ace=ace)
    grown = lay_off(
        direct_meld(rules, run),
        items_for([Card(Face.parse(added), 0)], [None], wild_info(rules, None), 1),
        rules,
    )
    if result is None:
        assert isinstance(grown, Refusal)
    else:
        assert isinstance(grown, Meld) and grown.notation() == result


# --- swaps -------------------------------------------------------------------------------------


def test_classic_never_allows_a_swap():
    m = classic_table()
    assert_refused(
        check(m, "swap 9H m2"), "swap_not_allowed", "wild cards may not be taken from the table"
    )


def romme_joker_run(seat_0_again: bool) -> Match:
    """Romme: seat 0 opened with 10S JS QS KS (m1) and 7H JK 9H (m2); seat 1 has drawn."""
    actions = ["draw", "meld 10S JS QS KS", "meld 7H JK 9H", "discard 2C", "draw"]
    if seat_0_again:
        actions += ["discard 3D", "draw"]  # seat 1 passes; seat 0 draws 8H
    return start(
        "romme",
        ["10S JS QS KS 7H JK 9H 2C", "8H 3D 9C"],
        stock="4D 5C 8H",
        actions=actions,
    )


def test_romme_swap_puts_the_represented_card_in_and_the_joker_goes_to_the_hand():
    m = romme_joker_run(seat_0_again=True)
    assert m.current == 0 and "8H" in hand_of(m, 0)
    assert check(m, "swap 8H m2") is None
    m.apply("swap 8H m2")
    assert table(m) == ["10S JS QS KS", "7H 8H 9H"]
    assert "JK" in hand_of(m, 0) and "8H" not in hand_of(m, 0)


@pytest.mark.parametrize(
    ("action", "code", "reason"),
    [
        ("swap 9C m2", "swap_no_match", "no wild in meld 2 stands for 9♣"),
        ("swap 8H m1", "no_wild", "meld 1 holds no wild card"),
        ("swap 8H m3", "no_such_meld", None),
    ],
)
def test_romme_swap_with_the_wrong_card_or_meld_is_refused(action, code, reason):
    m = ready("romme", "10S JS QS KS 7H JK 9H 8H 9C", draw="KD")
    m.apply("meld 10S JS QS KS")
    m.apply("meld 7H JK 9H")
    assert_refused(check(m, action), code, reason)


def test_romme_swap_before_the_opening_is_refused():
    m = romme_joker_run(seat_0_again=False)
    assert m.current == 1 and not m.round.opened[1]
    assert_refused(
        check(m, "swap 8H m2"), "not_opened", "you may take a wild only after your opening (40"
    )


def test_romme_swap_in_the_opening_turn_once_the_minimum_is_reached():
    m = ready("romme", "7H JK 9H 10S JS QS KS", draw="8H")
    m.apply("meld 7H JK 9H")
    assert_refused(
        check(m, "swap 8H m1"),
        "opening_short",
        "to take a wild, your opening needs 40 points first; these melds make 24",
    )
    m.apply("meld 10S JS QS KS")
    assert check(m, "swap 8H m1") is None


def test_romme_set_wild_is_swapped_only_by_its_declared_card():
    """DECISIONS #11: with distinct suits a set wild stands for one declared suit."""
    m = ready("romme", "5S 5D JK 10S JS QS KS 5H 5C", draw="KD")
    m.apply("meld 10S JS QS KS")
    m.apply("meld 5S 5D JK=5H")
    assert_refused(check(m, "swap 5C m2"), "swap_no_match", "no wild in meld 2 stands for 5♣")
    assert check(m, "swap 5H m2") is None


@pytest.mark.parametrize("card", ["5H", "5C", "5S"])
def test_standard_set_wild_is_swapped_by_any_card_of_its_rank(card):
    """DECISIONS #11: with set_suits = any a set wild stands for its rank only."""
    m = ready("standard", f"5S 5D JK {card}", draw="KD", jokers=2, decks=2)
    m.apply("meld 5S 5D JK")
    assert table(m) == ["5S 5D JK=5*"]
    assert check(m, f"swap {card} m1") is None
    m.apply(f"swap {card} m1")
    assert table(m) == [f"5S 5D {card}"]
    assert "JK" in hand_of(m, 0)


def hand_set(set_cards: str, extra: str) -> Match:
    """Hand, indicator 8C: seat 0 has just opened with 9H..KH (m1) and a set (m2)."""
    m = ready("hand", f"9H 10H JH QH KH {set_cards} {extra}", draw="2S", indicator="8C")
    m.apply("meld 9H 10H JH QH KH")
    m.apply(f"meld {set_cards}")
    return m


@pytest.mark.parametrize(
    ("set_cards", "extra", "action", "code", "reason", "after"),
    [
        ("5S 5D AC", "5H 5C", "swap 5H 5C m2", None, None, "5S 5D 5H 5C"),
        ("5S 5D AC", "5H 5C", "swap 5C 5H m2", None, None, "5S 5D 5C 5H"),
        (
            "5S 5D AC",
            "5H 5C",
            "swap 5H m2",
            "swap_set_missing",
            "to take the wild from meld 2, put 5♥ 5♣",
            None,
        ),
        (
            "5S 5D AC",
            "5H 5C",
            "swap 5C m2",
            "swap_set_missing",
            "to take the wild from meld 2, put 5♥ 5♣",
            None,
        ),
        ("5S 5D 5H AC", "5C 5H", "swap 5C m2", None, None, "5S 5D 5H 5C"),
        (
            "5S 5D 5H AC",
            "5C 5H",
            "swap 5H m2",
            "swap_set_missing",
            "to take the wild from meld 2, put 5♣",
            None,
        ),
        (
            "5S 5D 5H AC",
            "5C 5H",
            "swap 5H 5C m2",
            "swap_set_missing",
            "to take the wild from meld 2, put 5♣",
            None,
        ),
    ],
)
def test_hand_set_swap_needs_every_missing_card(set_cards, extra, action, code, reason, after):
    m = hand_set(set_cards, extra)
    refusal = check(m, action)
    if code is not None:
        assert_refused(refusal, code, reason)
        return
    assert refusal is None
    m.apply(action)
    assert table(m)[1] == after
    assert "AC" in hand_of(m, 0), "the wild goes back to the hand"


def test_hand_run_swap_takes_the_exact_card():
    m = ready("hand", "9H 10H JH QH KH 7S AC 9S 8S 8D", draw="2S", indicator="8C")
    m.apply("meld 9H 10H JH QH KH")
    m.apply("meld 7S AC 9S")
    assert_refused(check(m, "swap 8D m2"), "swap_no_match", "no wild in meld 2 stands for 8♦")
    m.apply("swap 8S m2")
    assert table(m)[1] == "7S 8S 9S"
    assert "AC" in hand_of(m, 0)


def test_swap_with_a_wild_card_is_refused():
    m = ready("romme", "7H JK 9H 10S JS QS KS JK", draw="8H")
    m.apply("meld 10S JS QS KS")
    m.apply("meld 7H JK 9H")
    assert_refused(check(m, "swap JK m2"), "swap_needs_natural")


# --- Hand: one missing card on a set of two naturals and a wild (DECISIONS #8) ---------------


def test_hand_partial_set_lay_off_is_refused_when_more_than_one_card_is_left():
    m = hand_set("5S 5D AC", "2C 3C 4C 5C 5H 7S")
    assert check(m, "layoff 5H m2") is None, "checked only when the turn ends"
    m.apply("layoff 5H m2")
    assert table(m)[1] == "5S 5D AC=5* 5H"
    assert_refused(check(m, "discard 2S"), "partial_set", 'after "one card" was announced')


def test_hand_partial_set_lay_off_is_allowed_when_one_card_is_left_after_the_discard():
    m = hand_set("5S 5D AC", "2C 3C 4C 5C 5H 7S")
    m.apply("meld 2C 3C 4C 5C")
    m.apply("layoff 5H m2")
    assert hand_of(m, 0) == ["7S", "2S"]
    assert check(m, "discard 2S") is None
    m.apply("discard 2S")
    assert hand_of(m, 0) == ["7S"]


@pytest.mark.parametrize(
    ("set_cards", "extra", "action", "cards"),
    [
        ("5S 5D AC", "5H 5C", "layoff 5H 5C m2", "5♥ 5♣"),
        ("5S 5D 5H AC", "5C", "layoff 5C m2", "5♣"),
    ],
)
def test_hand_set_with_a_wild_takes_no_card_beyond_four(set_cards, extra, action, cards):
    m = hand_set(set_cards, extra)
    assert_refused(
        check(m, action), "no_fit", f"{cards} does not fit meld 2: a set holds at most 4 cards"
    )


# --- reasons: the same in every suit (spades are suit 0), and around the corner -----------


@pytest.mark.parametrize(
    "suit",
    [
        "S",
        "H",
        "D",
        "C",
    ],
)
def test_run_with_a_rank_twice_is_refused_alike_in_every_suit(suit):
    action = f"meld 7{suit} 8{suit} 8{suit}"
    m = ready_for("romme", action)
    symbol = Face.parse(f"8{suit}").pretty()
    assert_refused(check(m, action), "run_rank_twice", f"a run cannot hold {symbol} twice")


@pytest.mark.parametrize(
    "suit",
    [
        "S",
        "D",
        "C",
    ],
)
def test_lay_off_of_another_suit_on_a_run_says_a_run_needs_one_suit(suit):
    m = start(
        "classic",
        ["5H 6H 7H KS", "8S 8D 8C"],
        actions=["draw", "meld 5H 6H 7H", "discard KS", "draw"],
    )
    assert_refused(check(m, f"layoff 8{suit} m1"), "no_fit", "a run needs one suit")


@pytest.mark.parametrize(
    "suit",
    [
        "S",
        "D",
        "C",
    ],
)
def test_wild_declared_in_another_suit_than_the_run_is_refused_as_mixed_suits(suit):
    action = f"meld JK=7{suit} 8H 9H"
    m = ready_for("romme", action)
    assert_refused(check(m, action), "run_suits", "a run needs one suit")


@pytest.mark.parametrize(
    ("cards", "missing"),
    [("QH KH 2H 3H", "A♥"), ("KH AH 3H", "2♥")],
)
def test_gap_around_the_corner_names_the_missing_card(cards, missing):
    m = ready_for("romme", f"meld {cards}", ace="around")
    refusal = check(m, f"meld {cards}")
    assert_refused(refusal, "run_gap")
    assert refusal.reason.startswith(f"needs {missing} between"), refusal.reason


def test_gap_in_a_run_up_to_the_high_ace_names_the_missing_card():
    m = ready_for("romme", "meld 7H 9H 10H JH QH KH AH")
    assert_refused(check(m, "meld 7H 9H 10H JH QH KH AH"), "run_gap", "needs 8♥ between 7♥ and 9♥")

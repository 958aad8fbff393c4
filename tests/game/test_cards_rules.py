"""Cards and notation (docs/NOTATION.md), rules presets and options (docs/RULES.md §2-§3)."""

from __future__ import annotations

import dataclasses
from collections import Counter

import pytest

from game.cards import JOKER, Card, CardError, Face, Suit, face_of, format_faces, make_deck
from game.cards import parse_faces as faces
from game.rules import RulesError, from_dict, preset

# --- cards: notation ---------------------------------------------------------------------

ALL_FACES = [face_of(r, s) for s in Suit for r in range(1, 14)] + [JOKER]


@pytest.mark.parametrize(
    ("text", "rank", "suit", "canonical"),
    [
        ("AS", 1, Suit.S, "AS"),
        ("as", 1, Suit.S, "AS"),
        ("10H", 10, Suit.H, "10H"),
        ("10h", 10, Suit.H, "10H"),
        ("TH", 10, Suit.H, "10H"),
        ("tc", 10, Suit.C, "10C"),
        ("7♥", 7, Suit.H, "7H"),
        ("10♥", 10, Suit.H, "10H"),
        ("q♦", 12, Suit.D, "QD"),
        ("K♣", 13, Suit.C, "KC"),
        ("J♠", 11, Suit.S, "JS"),
        ("2d", 2, Suit.D, "2D"),
        (" 9s ", 9, Suit.S, "9S"),
    ],
)
def test_card_text_is_read_case_insensitively_with_t_and_suit_symbols(text, rank, suit, canonical):
    face = Face.parse(text)
    assert (face.rank, face.suit) == (rank, suit)
    assert face.notation() == canonical


@pytest.mark.parametrize("text", ["JK", "jk", "Jk"])
def test_joker_is_written_jk_in_any_case(text):
    face = Face.parse(text)
    assert face == JOKER
    assert face.is_joker
    assert face.notation() == "JK"


@pytest.mark.parametrize("face", ALL_FACES, ids=lambda f: f.notation())
def test_every_face_survives_a_notation_round_trip(face):
    assert Face.parse(face.notation()) == face
    assert Face.parse(face.notation().lower()) == face


@pytest.mark.parametrize("face", ALL_FACES[:-1], ids=lambda f: f.notation())
def test_pretty_text_with_suit_symbols_reads_back(face):
    assert Face.parse(face.pretty()) == face


def test_ten_is_written_10_never_t():
    assert Face.parse("TS").notation() == "10S"
    assert Face.parse("TS").pretty() == "10♠"


@pytest.mark.parametrize(
    "text",
    ["", "  ", "1H", "11S", "0H", "AX", "A", "S", "10", "HA", "♥7", "7 H", "1OH", "JKK", "ZZ"],
)
def test_bad_card_text_raises_card_error_which_is_a_value_error(text):
    with pytest.raises(CardError, match="not a card") as info:
        Face.parse(text)
    assert isinstance(info.value, ValueError)


def test_several_cards_are_read_from_spaces_commas_or_a_list():
    expected = (face_of(7, Suit.H), face_of(8, Suit.H), face_of(10, Suit.H), JOKER)
    assert faces("7H, 8h 10♥ JK") == expected
    assert faces(["7H", "8h", "T♥", "jk"]) == expected
    assert format_faces(expected) == "7H 8H 10H JK"


# --- cards: decks and copies -------------------------------------------------------------


@pytest.mark.parametrize(
    ("decks", "jokers", "size"),
    [(1, 0, 52), (1, 2, 54), (2, 0, 104), (2, 2, 106), (2, 6, 110)],
)
def test_deck_holds_every_face_once_per_deck_plus_the_jokers(decks, jokers, size):
    deck = make_deck(decks, jokers)
    assert len(deck) == size
    assert len(set(deck)) == size, "every physical card is distinct"
    counts = Counter(card.face for card in deck)
    assert counts[JOKER] == jokers
    assert all(counts[f] == decks for f in ALL_FACES[:-1])


def test_two_copies_of_a_face_are_different_cards_with_equal_faces():
    face = Face.parse("QD")
    first, second = Card(face, 0), Card(face, 1)
    assert first != second
    assert first.face == second.face
    assert len({first, second}) == 2
    assert str(first) == str(second) == "QD"


# --- rules: preset tables (docs/RULES.md §3) ----------------------------------------------

# Options that do not depend on the number of players, column by column of §3.
PRESET_TABLE: dict[str, dict[str, object]] = {
    "classic": dict(
        decks=1,
        jokers=0,
        starter_extra_card=False,
        upcard=True,
        direction="clockwise",
        wilds="none",
        ace="low",
        set_suits="distinct",
        opening_min=0,
        opening_raise=False,
        lay_off_before_opening=True,
        discard_pickup="free",
        no_return=True,
        out_requires_discard=False,
        no_out_first_turn=False,
        announce="off",
        stock_empty="flip_once",
        turn_limit=120,
        scoring="winner_collects",
        match_end="target",
        target=100,
    ),
    "standard": dict(
        decks=1,
        jokers=0,
        starter_extra_card=False,
        upcard=True,
        direction="clockwise",
        wilds="none",
        wild_limit="none",
        wild_swap="always",
        ace="low",
        set_suits="any",
        opening_min=0,
        opening_raise=False,
        lay_off_before_opening=True,
        discard_pickup="free",
        no_return=True,
        out_requires_discard=False,
        no_out_first_turn=False,
        announce="off",
        stock_empty="reshuffle",
        turn_limit=0,
        scoring="penalty",
        match_end="elimination",
        target=100,
    ),
    "romme": dict(
        decks=2,
        jokers=6,
        hand_size=13,
        starter_extra_card=False,
        upcard=True,
        direction="clockwise",
        wilds="jokers",
        wild_limit="not_majority",
        wild_swap="after_opening",
        ace="low_or_high",
        set_suits="distinct",
        opening_min=40,
        opening_ace="by_position",
        opening_raise=False,
        lay_off_before_opening=False,
        discard_pickup="free",
        no_return=True,
        out_requires_discard=True,
        no_out_first_turn=False,
        announce="off",
        stock_empty="reshuffle",
        turn_limit=0,
        scoring="penalty",
        match_end="penalty_limit",
        target=500,
    ),
    "hand": dict(
        decks=2,
        jokers=2,
        hand_size=14,
        starter_extra_card=True,
        upcard=False,
        direction="counterclockwise",
        wilds="indicator",
        wild_limit="one_per_meld",
        wild_swap="after_opening",
        ace="low_or_high",
        set_suits="distinct",
        opening_min=51,
        opening_ace="always_11",
        opening_raise=False,
        lay_off_before_opening=False,
        discard_pickup="must_meld_new",
        no_return=True,
        out_requires_discard=True,
        no_out_first_turn=True,
        announce="auto",
        stock_empty="void_round",
        turn_limit=0,
        scoring="hand",
        match_end="rounds",
        target=7,
    ),
}

PLAYERS = {"classic": (2, 4), "standard": (2, 6), "romme": (2, 6), "hand": (2, 4)}
PRESET_PLAYERS = [(p, n) for p, (lo, hi) in PLAYERS.items() for n in range(lo, hi + 1)]


@pytest.mark.parametrize(
    ("name", "option", "value"),
    [(p, opt, v) for p, table in PRESET_TABLE.items() for opt, v in table.items()],
)
def test_preset_option_matches_rules_table(name, option, value):
    assert getattr(preset(name, players=2), option) == value


@pytest.mark.parametrize(
    ("name", "values"),
    [
        ("classic", dict(ace=1, ten=10, face=10)),
        ("standard", dict(ace=1, ten=10, face=10, joker=15)),
        ("romme", dict(ace=11, ten=10, face=10, joker=20)),
        ("hand", dict(ace=11, ten=10, face=10, joker=15, wild=15)),
    ],
)
def test_preset_penalty_values_match_rules_table(name, values):
    penalty = preset(name, players=2).penalty_values
    for field, value in values.items():
        assert getattr(penalty, field) == value, field
    assert [penalty.of_rank(r) for r in range(2, 10)] == list(range(2, 10))
    assert [penalty.of_rank(r) for r in (10, 11, 12, 13)] == [10, 10, 10, 10]
    assert penalty.of_rank(1) == values["ace"]


@pytest.mark.parametrize(
    ("name", "players", "decks", "hand_size"),
    [
        ("classic", 2, 1, 10),
        ("classic", 3, 1, 7),
        ("classic", 4, 1, 7),
        ("standard", 2, 1, 10),
        ("standard", 3, 1, 7),
        ("standard", 4, 1, 7),
        ("standard", 5, 2, 10),
        ("standard", 6, 2, 10),
        *[("romme", n, 2, 13) for n in range(2, 7)],
        *[("hand", n, 2, 14) for n in range(2, 5)],
    ],
)
def test_hand_size_and_decks_follow_the_player_count(name, players, decks, hand_size):
    rules = preset(name, players=players)
    assert (rules.players, rules.decks, rules.hand_size) == (players, decks, hand_size)


@pytest.mark.parametrize("players", [5, 6])
def test_standard_with_five_or_six_players_and_one_deck_deals_six(players):
    rules = preset("standard", players=players, decks=1)
    assert (rules.decks, rules.hand_size) == (1, 6)


def test_standard_jokers_make_jokers_wild_and_twos_are_an_option():
    assert preset("standard", jokers=2).wilds == "jokers"
    assert preset("standard", jokers=2, wilds="jokers_and_twos").wilds == "jokers_and_twos"


def test_standard_winner_collects_plays_to_a_target():
    rules = preset("standard", scoring="winner_collects")
    assert (rules.scoring, rules.match_end, rules.target) == ("winner_collects", "target", 100)
    assert preset("standard", scoring="winner_collects", target=200).target == 200


def test_hand_starter_gets_fifteen_cards():
    rules = preset("hand", players=2)
    assert rules.hand_size + rules.starter_extra_card == 15


@pytest.mark.parametrize(("name", "players"), PRESET_PLAYERS)
def test_every_player_count_in_the_preset_range_is_accepted(name, players):
    assert preset(name, players=players).players == players


@pytest.mark.parametrize(
    ("name", "players"),
    [(p, n) for p, (lo, hi) in PLAYERS.items() for n in (lo - 1, hi + 1)] + [("romme", 7)],
)
def test_player_count_outside_the_preset_range_is_refused(name, players):
    lo, hi = PLAYERS[name]
    with pytest.raises(RulesError, match=f"played by {lo} to {hi} players, not {players}"):
        preset(name, players=players)


# --- rules: impossible values and combinations -------------------------------------------


@pytest.mark.parametrize(
    ("name", "options", "message"),
    [
        ("standard", dict(players=7), "played by 2 to 6 players, not 7"),
        ("classic", dict(players=1), "played by 2 to 4 players, not 1"),
        (
            "classic",
            dict(players=4, hand_size=13),
            "cannot deal 13 cards to 4 players and keep a stock",
        ),
        (
            "standard",
            dict(players=6, decks=1, hand_size=9),
            "cannot deal 9 cards to 6 players",
        ),
        # void_round ends the round when the stock holds no more cards than players
        ("hand", dict(players=4, hand_size=25), "cannot deal 25 cards to 4 players"),
        ("classic", dict(hand_size=2), "a hand of 2 cards is too small"),
        ("classic", dict(jokers=2), "jokers need wild cards"),
        ("standard", dict(jokers=2, wilds="none"), "jokers need wild cards"),
        ("standard", dict(wilds="jokers"), "wilds = jokers needs jokers in the deck"),
        ("classic", dict(colour="red"), "unknown rules option: colour"),
        ("romme", dict(opening_min="40"), "option opening_min must be a whole number, not '40'"),
        ("classic", dict(turn_limit=True), "option turn_limit must be a whole number"),
        ("classic", dict(upcard="yes"), "option upcard must be true or false"),
        ("classic", dict(ace=1), "option ace must be a text"),
        ("classic", dict(players="3"), "players must be a whole number"),
        ("romme", dict(opening_min=45), "option opening_min cannot be 45"),
        ("classic", dict(decks=3), "option decks cannot be 3"),
        ("classic", dict(jokers=5), "option jokers cannot be 5"),
        ("classic", dict(ace="sideways"), "option ace cannot be 'sideways'"),
        ("hand", dict(players=3, teams=True), "teams need four players and Hand scoring"),
        ("romme", dict(players=4, teams=True), "teams need four players and Hand scoring"),
        ("standard", dict(set_wild="missing"), "need sets of distinct suits"),
        ("classic", dict(target=0), "target must be"),
        ("hand", dict(lay_off_before_opening=True), "must_meld_new needs lay_off_before_opening"),
        ("hand", dict(penalty_values={"queen": 3}), "penalty_values takes whole numbers"),
        ("nope", {}, "unknown preset 'nope'"),
    ],
)
def test_impossible_options_raise_rules_error_with_a_readable_reason(name, options, message):
    with pytest.raises(RulesError, match=message) as info:
        preset(name, **options)
    assert isinstance(info.value, ValueError)


def test_from_dict_refuses_what_is_not_an_object():
    with pytest.raises(RulesError, match="rules must be an object"):
        from_dict(["classic"])  # type: ignore[arg-type]


def test_house_rule_overrides_are_kept():
    rules = preset("romme", players=4, ace="around", opening_min=30, wild_limit="none")
    assert (rules.ace, rules.opening_min, rules.wild_limit, rules.players) == (
        "around",
        30,
        "none",
        4,
    )
    assert rules.decks == 2  # untouched options keep the preset value


def test_hand_teams_with_four_players_is_accepted():
    assert preset("hand", players=4, teams=True).teams


def test_penalty_values_override_changes_only_the_named_values():
    rules = preset("romme", penalty_values={"joker": 50})
    assert (rules.penalty_values.joker, rules.penalty_values.ace) == (50, 11)


# --- rules: record form ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("rules", "expected"),
    [
        (preset("classic"), {"preset": "classic", "players": 2}),
        (preset("romme", players=4), {"preset": "romme", "players": 4}),
        (
            preset("romme", players=4, ace="around"),
            {"preset": "romme", "players": 4, "ace": "around"},
        ),
        (
            preset("standard", players=5, decks=1),
            {"preset": "standard", "players": 5, "decks": 1, "hand_size": 6},
        ),
        (
            preset("standard", jokers=2),
            {"preset": "standard", "players": 2, "jokers": 2, "wilds": "jokers"},
        ),
        (
            preset("hand", players=2, opening_min=71, penalty_values={"wild": 20}),
            {
                "preset": "hand",
                "players": 2,
                "opening_min": 71,
                "penalty_values": dict(ace=11, ten=10, face=10, joker=15, wild=20),
            },
        ),
    ],
)
def test_to_dict_is_the_preset_plus_the_differing_options(rules, expected):
    assert rules.to_dict() == expected


@pytest.mark.parametrize(("name", "players"), PRESET_PLAYERS)
def test_to_dict_round_trips_through_from_dict(name, players):
    rules = preset(name, players=players)
    assert from_dict(rules.to_dict()) == rules


@pytest.mark.parametrize(
    ("name", "options"),
    [
        ("classic", dict(ace="around", decks=2, hand_size=9)),
        ("standard", dict(players=6, decks=1, jokers=2, wilds="jokers_and_twos")),
        ("standard", dict(scoring="winner_collects", target=200)),
        ("romme", dict(players=5, discard_pickup="must_use", opening_ace="low_run_1")),
        ("hand", dict(players=4, teams=True, announce="manual", opening_raise=True)),
        ("hand", dict(players=3, jokers=0, penalty_values={"wild": 25})),
    ],
)
def test_to_dict_round_trips_with_house_rules(name, options):
    rules = preset(name, **options)
    assert from_dict(rules.to_dict()) == rules


def test_replace_changes_one_option_and_validates():
    rules = preset("romme", players=3)
    changed = rules.replace(ace="around")
    assert changed.ace == "around"
    assert dataclasses.replace(changed, ace="low_or_high") == rules
    with pytest.raises(RulesError, match="played by 2 to 6 players, not 9"):
        rules.replace(players=9)

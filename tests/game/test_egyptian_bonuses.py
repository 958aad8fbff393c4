"""Hand's "Egyptian bonuses" (`egyptian_bonuses`, docs/RULES.md §7, DECISIONS 33-35).

A Hand (going out in one) counts double once more when the last card discarded is a wild,
and once more when all its cards are red or all black; a Hand in one suit doubles that
again. The doublings combine. Every round here is played through the engine.
"""

from __future__ import annotations

import json

import pytest

from game.record import load, replay_data, save
from game.rules import PRESETS, RulesError, from_dict, preset
from game.scoring import round_factor, round_scores
from game.state import RoundEnd
from tests.helpers import record

# Three players, Carla (seat 2) deals, so Anna (seat 0) starts with 15 cards and only
# discards. Ben opens with 10♠ J♠ Q♠ K♠ + 5♦ 5♣ 5♠ (55) and keeps 2♣ 3♦ 4♣ 6♦ 7♣ 9♦ Q♣ (41);
# Carla never opens (a flat 100). On her second turn Anna draws and goes out in one.
BEN = "10S JS QS KS 5D 5C 5S 2C 3D 4C 6D 7C 9D QC"
CARLA = "3S 4S 9S 4D 7D 4D 7D 3C 6C 9C 10C JC 10C JC"
ANNA_FIRST = "QS"  # Anna's opening discard
OTHERS_TURNS = ["draw", "meld 10S JS QS KS", "meld 5D 5C 5S", "discard JS", "draw", "discard 10S"]

# Anna's 14 melded cards, by the shape of her Hand (indicator 8♣: the A♣ are wild, the
# jokers are ordinary aces of clubs)
MIXED = ["2H 3H 4H 5H", "6S 7S 8S", "10D JD QD KD", "9C 9H 9S"]
RED = ["AH 2H 3H 4H 5H 6H 7H", "8D 9D 10D JD QD KD AD"]
RED_WILD_IN_MELD = ["AH 2H 3H 4H AC 6H 7H", "8D 9D 10D JD QD KD AD"]  # A♣ stands for 5♥
RED_WITH_JOKER = ["AH AD JK", "2H 3H 4H 5H 6H 7H", "8D 9D 10D JD QD"]
BLACK = ["2S 3S 4S 5S 6S 7S 8S", "2C 3C 4C 5C 6C 7C 8C"]
HEARTS = ["AH 2H 3H 4H 5H 6H 7H", "8H 9H 10H JH QH KH AH"]

PLAIN_HAND = (-60, 82, 200)  # −30, Ben's 41 and Carla's flat 100, all doubled


def hand_round(melds: list[str], last: str, indicator: str = "8C", bonuses: bool = True):
    """Anna melds ``melds`` and discards ``last`` on her second turn: a Hand."""
    cards = " ".join(melds).split()
    drawn, dealt = cards[0], [*cards[1:], last, ANNA_FIRST]
    actions = [f"discard {ANNA_FIRST}", *OTHERS_TURNS, "draw"]
    actions += [f"meld {m}" for m in melds] + [f"discard {last}"]
    deal = {
        "hands": [dealt, BEN.split(), CARLA.split()],
        "stock": ["JS", "10S", drawn],
        "dealer": 2,
        "indicator": indicator,
        "upcard": None,
    }
    rec = record("hand", [deal], actions=actions, egyptian_bonuses=bonuses)
    m = load(rec).start()
    for a in rec["actions"]:
        m.apply(a)
    res = m.results[-1]
    assert (res.end.kind, res.end.winner, res.end.out_in_one) == ("out", 0, True)
    assert res.end.opened[1:] == (True, False)
    assert res.end.values[1] == 41
    return res


# --- scores of real rounds ---------------------------------------------------------------


def test_a_plain_hand_without_the_option_scores_double():
    res = hand_round(MIXED, "KC", bonuses=False)
    assert res.end.bonuses == ()
    assert res.scores == PLAIN_HAND


def test_option_off_a_hand_in_one_suit_ending_on_a_wild_is_still_a_plain_hand():
    res = hand_round(HEARTS, "AC", bonuses=False)
    assert res.end.bonuses == ()
    assert res.scores == PLAIN_HAND


def test_a_hand_of_mixed_colours_ending_on_a_natural_card_earns_no_bonus():
    res = hand_round(MIXED, "KC")
    assert res.end.bonuses == ()
    assert res.scores == PLAIN_HAND


@pytest.mark.parametrize(
    ("melds", "last", "bonuses", "scores"),
    [
        # each doubling alone: −120 for the winner, four times the others' points
        (MIXED, "AC", ("wild_last",), (-120, 164, 400)),
        (RED, "2D", ("one_colour",), (-120, 164, 400)),
        (BLACK, "KS", ("one_colour",), (-120, 164, 400)),
        # one suit doubles the colour's doubling again
        (HEARTS, "2H", ("one_colour", "one_suit"), (-240, 328, 800)),
        # the doublings combine
        (RED, "AC", ("wild_last", "one_colour"), (-240, 328, 800)),
        (BLACK, "AC", ("wild_last", "one_colour"), (-240, 328, 800)),
        (HEARTS, "AC", ("wild_last", "one_colour", "one_suit"), (-480, 656, 1600)),
    ],
)
def test_egyptian_doublings_and_their_combinations(melds, last, bonuses, scores):
    res = hand_round(melds, last)
    assert res.end.bonuses == bonuses
    assert res.scores == scores


def test_a_wild_in_a_meld_does_not_break_the_colour():
    # the black A♣ stands for 5♥ in the hearts run: the natural cards are all red
    res = hand_round(RED_WILD_IN_MELD, "2D")
    assert res.end.bonuses == ("one_colour",)
    assert res.scores == (-120, 164, 400)


def test_a_natural_last_discard_of_the_other_colour_breaks_it():
    res = hand_round(RED, "KC")
    assert res.end.bonuses == ()
    assert res.scores == PLAIN_HAND


def test_a_joker_that_plays_as_the_ace_of_clubs_is_black():
    # indicator 8♣: the joker is an ordinary A♣, so the red Hand holds a black card
    res = hand_round(RED_WITH_JOKER, "2D")
    assert res.end.bonuses == ()
    assert res.scores == PLAIN_HAND


def test_a_wild_joker_decides_no_colour():
    # indicator A♠: the jokers are wild, so the same Hand is all red
    res = hand_round(RED_WITH_JOKER, "2D", indicator="AS")
    assert res.end.bonuses == ("one_colour",)
    assert res.scores == (-120, 164, 400)


def test_going_out_over_several_turns_earns_no_bonus():
    # Anna opens with the diamonds, then goes out with the hearts a round later: all red,
    # but no Hand
    hearts, diamonds = RED
    dealt = [*hearts.split(), *diamonds.split()[1:], "2D", ANNA_FIRST]
    actions = [f"discard {ANNA_FIRST}", *OTHERS_TURNS, "draw", f"meld {diamonds}", "discard 2D"]
    actions += ["draw", "discard 8S", "draw", "discard 7S", "draw", f"meld {hearts}", "discard 3D"]
    deal = {
        "hands": [dealt, BEN.split(), CARLA.split()],
        "stock": ["JS", "10S", "8D", "8S", "7S", "3D"],
        "dealer": 2,
        "indicator": "8C",
        "upcard": None,
    }
    m = load(record("hand", [deal], actions=actions, egyptian_bonuses=True)).start()
    for a in actions:
        m.apply(a)
    res = m.results[-1]
    assert (res.end.winner, res.end.out_in_one, res.end.bonuses) == (0, False, ())
    assert res.scores == (-30, 41, 100)


# --- the factor on every kind of score --------------------------------------------------


def end_with(winner: int, values, opened, bonuses) -> RoundEnd:
    n = len(values)
    return RoundEnd(
        "out", winner, True, tuple(() for _ in range(n)), tuple(values), tuple(opened), bonuses
    )


def test_the_never_opened_flat_100_doubles_with_every_bonus():
    rules = preset("hand", players=3, egyptian_bonuses=True)
    e = end_with(1, [32, 0, 57], [True, True, False], ("wild_last", "one_colour", "one_suit"))
    assert round_factor(rules, e) == 16
    assert round_scores(rules, e, [0, 1, 2]) == [512, -480, 1600]


def test_teams_double_the_same_way():
    rules = preset("hand", players=4, teams=True, egyptian_bonuses=True)
    e = end_with(0, [0, 20, 35, 40], [True, False, False, True], ("wild_last",))
    # the winning side −120; the other side 400 (never opened) and 4 × 40; the partner 0
    assert round_scores(rules, e, [0, 1, 2, 3]) == [-120, 400, 0, 160]


# --- the option ------------------------------------------------------------------------------


@pytest.mark.parametrize("name", PRESETS)
def test_the_option_is_off_in_every_preset(name):
    assert preset(name).egyptian_bonuses is False


def test_the_hand_preset_accepts_the_option():
    assert preset("hand", egyptian_bonuses=True).egyptian_bonuses


@pytest.mark.parametrize(
    ("name", "options"),
    [
        ("classic", {}),
        ("standard", {}),
        ("romme", {}),
        ("hand", {"scoring": "penalty"}),
        ("hand", {"out_in_one_double": False}),
    ],
)
def test_the_option_needs_hand_scoring_with_going_out_in_one_doubled(name, options):
    with pytest.raises(RulesError, match="egyptian_bonuses need Hand scoring"):
        preset(name, egyptian_bonuses=True, **options)


def test_the_option_is_written_in_the_record_header_and_read_back():
    rules = preset("hand", players=3, egyptian_bonuses=True)
    assert rules.to_dict() == {"preset": "hand", "players": 3, "egyptian_bonuses": True}
    assert from_dict(rules.to_dict()) == rules
    assert "egyptian_bonuses" not in preset("hand", players=3).to_dict()


def test_a_saved_record_replays_to_the_same_bonus_scores():
    m = load(
        record(
            "hand",
            [
                {
                    "hands": [
                        [*" ".join(HEARTS).split()[1:], "AC", ANNA_FIRST],
                        BEN.split(),
                        CARLA.split(),
                    ],
                    "stock": ["JS", "10S", "AH"],
                    "dealer": 2,
                    "indicator": "8C",
                    "upcard": None,
                }
            ],
            egyptian_bonuses=True,
        )
    ).start()
    for a in [f"discard {ANNA_FIRST}", *OTHERS_TURNS, "draw", *[f"meld {h}" for h in HEARTS]]:
        m.apply(a)
    m.apply("discard AC")
    data = json.loads(json.dumps(save(m)))
    assert data["rules"] == {"preset": "hand", "players": 3, "egyptian_bonuses": True}
    out, code = replay_data(data)
    assert code == 0 and out["ok"]
    assert out["rounds"][0]["scores"] == [-480, 656, 1600] == list(m.results[-1].scores)

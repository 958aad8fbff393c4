"""Fixed deals of a record (docs/NOTATION.md `deals`) for rounds after the first: refused
up front where the record alone shows the fault, else as a bad record when the deal is
due, never as a crash (issue 13, fault 6)."""

from __future__ import annotations

import pytest

from game.match import DealError
from game.record import RecordError, load, replay, replay_data
from tests.helpers import deal, match, record


def refused(data: dict) -> str:
    """The bad_record reason of the replay (exit 2), which load().start() raises as well or
    (for what only the play decides) the replay does."""
    out, code = replay_data(data)
    assert code == 2, out
    assert out["ok"] is False and out["error"]["code"] == "bad_record"
    return out["error"]["reason"]


# --- elimination: a seat that is out is dealt no cards ----------------------------------------

# RULES §8 elimination (standard, 3 players, limit 40): seat 2 goes out in one, seat 1 pays
# 49 and is out of the match (tests/game/test_scoring_match.py plays the same round).
ELIM_HANDS = ["2H 3H 4H 5C 6D 7C 8D", "KH QH JH 10C 2D 3D 4C", "AS 2S 3S 4S 5S 6S 7S"]
ELIM_ACTIONS = ["draw", "discard KS", "draw", "meld AS 2S 3S 4S 5S 6S 7S 8S"]


def _elimination(second: dict) -> dict:
    return record(
        "standard",
        [deal(ELIM_HANDS, stock="KS 8S", dealer=0, upcard="KD"), second],
        actions=ELIM_ACTIONS,
        target=40,
    )


def test_a_seat_that_is_out_gets_an_empty_hand_in_a_fixed_deal():
    second = deal(["AC 2C 3C 4C 5C 6C 7C", "", "AD 2D 3D 4D 5D 6D 7D"], dealer=2, upcard="KC")
    out, code = replay(load(_elimination(second)))
    assert code == 0, out
    assert out["round"]["hands"] == second["hands"]


def test_a_fixed_deal_that_deals_to_a_seat_that_is_out_is_a_bad_record():
    second = deal(["AC 2C 3C 4C 5C 6C 7C", "AH 9H 9D 9C 9S 10H JD", "AD 2D 3D 4D 5D 6D 7D"])
    assert refused(_elimination(second)) == (
        "deals[1]: hand 1 has 7 cards, but seat 1 is out of the match"
    )
    m = load(_elimination(second)).start()  # the match as the table plays it on
    for action in ELIM_ACTIONS[:-1]:
        m.apply(action)
    with pytest.raises(DealError, match=r"deals\[1\]: hand 1 has 7 cards"):
        m.apply(ELIM_ACTIONS[-1])


# --- Hand: the starter's extra card -------------------------------------------------------------

HAND_14 = "AS 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH AH"
HAND_15 = "AD 2D 3D 4D 5D 6D 7D 8D 9D 10D JD QD KD AC 2C"


@pytest.mark.parametrize(
    ("hands", "words"),
    [
        ([HAND_15, HAND_15.replace("2C", "3C")], "deals[1]: the deal gives 2 hands 15 cards"),
        ([HAND_14, HAND_14.replace("AH", "2S")], "deals[1]: the deal gives 0 hands 15 cards"),
        ([HAND_14, HAND_15 + " 3C"], "deals[1]: hand 1 has 16 cards; the rules deal 14 (15 to"),
        # with the dealer named, the seat after it starts: seat 0 here
        ([HAND_14, HAND_15], "deals[1]: hand 1 has 15 cards; the rules deal them to the seat"),
    ],
    ids=["two-starters", "no-starter", "sixteen", "wrong-starter"],
)
def test_a_hand_deal_for_a_later_round_is_refused_before_any_action(hands, words):
    rec = record(
        "hand",
        [deal([HAND_15, HAND_14], dealer=1, indicator="8C"), deal(hands, dealer=1)],
        actions=[],
    )
    assert refused(rec).startswith(words)
    with pytest.raises(RecordError) as info:
        load(rec).start()
    assert str(info.value).startswith(words)


# --- a deal that fixes the stock but no hands -----------------------------------------------


def test_a_deal_without_hands_still_fixes_the_stock_and_the_upcard():
    first = match("classic", [{"dealer": 1, "stock": ["KS", "QS"], "upcard": "2H"}], players=2)
    rnd = first.round
    assert [c.face.notation() for c in rnd.discard] == ["2H"]
    assert [len(h) for h in rnd.hands] == [10, 10]
    first.apply("draw")
    assert rnd.hands[0][-1].face.notation() == "KS"
    held = {c.face.notation() for h in rnd.hands for c in h}
    assert "QS" not in held and "2H" not in held


def test_a_deal_without_hands_may_not_fix_more_cards_than_leave_the_hands_dealt():
    stock = [f"{r}{s}" for s in "SHDC" for r in ["A", *map(str, range(2, 11)), "J", "Q", "K"]]
    rec = record("classic", [{"stock": stock[:40]}], players=2)
    assert refused(rec).startswith("deals[0]: the deal fixes 40 cards: too many")


# --- Hand: an indicator must be turned from a stock of jokers only ----------------------------


def test_a_deal_that_leaves_only_jokers_to_turn_as_indicator_is_refused():
    naturals = [f"{r}{s}" for s in "SHDC" for r in ["A", *map(str, range(2, 11)), "J", "Q", "K"]]
    cards = [*naturals, *naturals, "JK"]  # 104 naturals and one joker: 105 = 4 x 26 + 1
    hands = [cards[0:27], cards[27:53], cards[53:79], cards[79:105]]
    rec = record(
        "hand",
        [{"dealer": 3, "hands": hands, "stock": []}],
        players=4,
        hand_size=26,
        jokers=6,
        stock_empty="reshuffle",
    )
    assert (
        refused(rec)
        == "deals[0]: the deal leaves only jokers in the stock to turn as the indicator"
    )

"""A turn (docs/RULES.md §5, docs/DECISIONS.md 1-10): draw, meld, discard and their refusals."""

from __future__ import annotations

import pytest

from game.actions import parse
from game.errors import IllegalAction
from tests.helpers import deal, match

# --- helpers -------------------------------------------------------------------------------


def names(cards) -> list[str]:
    """Card notation of physical cards (hand, pile or stock)."""
    return [c.face.notation() for c in cards]


def code_of(m, text: str) -> str | None:
    """The refusal code of an action now, or None when it is legal."""
    refusal = m.check(parse(text))
    return None if refusal is None else refusal.code


def position(rnd) -> tuple:
    """What a refused action must leave exactly as it was."""
    return (
        [names(h) for h in rnd.hands],
        names(rnd.stock),
        names(rnd.discard),
        [m_.notation() for m_ in rnd.table],
        rnd.phase,
        rnd.current,
        list(rnd.opened),
    )


def refused(m, text: str) -> IllegalAction:
    """Apply an action that must be refused and prove that nothing changed."""
    rnd = m.round
    before = position(rnd)
    with pytest.raises(IllegalAction) as info:
        m.apply(text)
    assert position(rnd) == before, "a refused action changed the round"
    assert m.round is rnd
    return info.value


def play(m, *actions: str) -> None:
    for a in actions:
        m.apply(a)


# Classic, two players, dealer 1: seat 0 starts.
CLASSIC_HANDS = [
    "AS 2S 3S 7H 8H 9H KC KD 4D 6C",
    "2H 3H 4H 5C 6D 9S 10S JC QC JD",
]
CLASSIC_STOCK = "KH 5S QD 8C"


def classic(actions=(), hands=CLASSIC_HANDS, stock=CLASSIC_STOCK, upcard="10C", **kw):
    return match(
        "classic", [deal(hands, stock=stock, dealer=1, upcard=upcard)], actions=list(actions), **kw
    )


# Hand, two players, dealer 1: seat 0 starts with 15 cards, seat 1 holds 14.
def hand2(hand0: str, hand1: str, stock: str = "", actions=(), indicator="8C", **kw):
    return match(
        "hand",
        [deal([hand0, hand1], stock=stock, dealer=1, indicator=indicator)],
        actions=list(actions),
        **kw,
    )


# Rommé, two players, dealer 1: seat 0 starts; 13 cards each.
def romme2(hand0: str, hand1: str, stock: str = "", upcard="QD", actions=(), **kw):
    return match(
        "romme",
        [deal([hand0, hand1], stock=stock, dealer=1, upcard=upcard)],
        actions=list(actions),
        **kw,
    )


# --- draw, play, discard --------------------------------------------------------------------


def test_a_turn_is_draw_then_play_then_discard():
    m = classic()
    rnd = m.round
    assert (rnd.current, rnd.phase, len(rnd.hands[0])) == (0, "draw", 10)
    m.apply("draw")
    assert rnd.phase == "play"
    assert names(rnd.hands[0])[-1] == "KH"
    assert len(rnd.hands[0]) == 11
    m.apply("meld AS 2S 3S")
    assert rnd.phase == "play"
    assert [mm.notation() for mm in rnd.table] == ["AS 2S 3S"]
    assert len(rnd.hands[0]) == 8
    m.apply("discard 4D")
    assert (rnd.current, rnd.phase) == (1, "draw")
    assert names(rnd.discard)[-1] == "4D"
    assert rnd.turns_taken == [1, 0]
    assert len(rnd.hands[0]) == 7


@pytest.mark.parametrize(
    ("before", "action", "code"),
    [
        ([], "discard 4D", "must_draw"),
        ([], "meld AS 2S 3S", "must_draw"),
        ([], "layoff 4S m1", "must_draw"),
        (["draw"], "draw", "already_drawn"),
        (["draw"], "take", "already_drawn"),
        (["take"], "draw", "already_drawn"),
        (["take"], "take", "already_drawn"),
        (["draw", "meld AS 2S 3S"], "draw", "already_drawn"),
    ],
)
def test_draw_phase_order_is_enforced(before, action, code):
    m = classic(before)
    assert code_of(m, action) == code
    assert refused(m, action).code == code


def test_discard_ends_the_turn_and_the_next_seat_must_draw():
    m = classic(["draw", "discard KH"])
    assert m.round.current == 1
    assert code_of(m, "discard 2H") == "must_draw"
    assert code_of(m, "draw") is None


def test_discarding_a_card_not_in_hand_is_refused():
    m = classic(["draw"])
    assert refused(m, "discard QS").code == "not_in_hand"


def test_take_the_discard_top_under_free_pickup():
    m = classic(["take"])
    rnd = m.round
    assert "10C" in names(rnd.hands[0])
    assert rnd.discard == []
    assert rnd.phase == "play"
    # the stock was not touched
    assert names(rnd.stock)[-1] == "KH"


def test_no_return_refuses_discarding_the_taken_card():
    m = classic(["take"])
    err = refused(m, "discard 10C")
    assert err.code == "no_return"
    assert "10♣" in err.refusal.reason
    m.apply("discard 4D")
    assert names(m.round.discard) == ["4D"]


def test_no_return_off_allows_returning_the_taken_card():
    m = classic(["take"], no_return=False)
    m.apply("discard 10C")
    assert names(m.round.discard) == ["10C"]


def test_no_return_with_two_decks_discards_the_other_copy():
    # Rommé: two decks; seat 0 holds a KC and takes the other KC.
    m = romme2(
        "KC 2S 4S 6S 8S 10S 3H 5H 7H 9H 2D 4D 6D",
        "3S 5S 7S 9S JS 2H 4H 6H 8H 10H 3D 5D 7D",
        stock="8D",
        upcard="KC",
    )
    m.apply("take")
    assert names(m.round.hand).count("KC") == 2
    taken = m.round.turn.taken
    m.apply("discard KC")
    rnd = m.round
    assert names(rnd.discard) == ["KC"]
    # the copy discarded is the one seat 0 was dealt; the taken copy stays in the hand
    assert rnd.discard[-1] != taken
    assert taken in rnd.hands[0]


def test_no_return_refuses_a_meld_that_leaves_only_the_taken_card():
    hands = ["AS 2S 3S 4S 5S 6S 7S 8S 9S 10S", "2H 3H 4H 5C 6D 9H 10H JC QC JD"]
    m = classic(["take"], hands=hands, stock="KH QD", upcard="KC")
    err = refused(m, "meld AS 2S 3S 4S 5S 6S 7S 8S 9S 10S")
    assert err.code == "no_return_last"
    # keeping one card of its own back is fine
    m.apply("meld AS 2S 3S 4S 5S 6S 7S 8S 9S")
    assert names(m.round.hand) == ["10S", "KC"]


# --- taking the discard under must_use / must_meld_new ---------------------------------------

ROMME_USE_0 = "10H JH 2S 4S 6S 8S 3C 5C 7C 9C 2D 4D 6D"
ROMME_USE_1 = "3S 5S 7S 9S JS 2H 4H 6H 8H 10S 3D 5D 7D"


def test_must_use_refuses_taking_a_card_that_cannot_be_used():
    m = romme2(ROMME_USE_0, ROMME_USE_1, stock="KS", upcard="KD", discard_pickup="must_use")
    err = refused(m, "take")
    assert err.code == "cannot_use_discard"
    assert "K♦" in err.refusal.reason


def test_must_use_accepts_a_usable_card_and_checks_its_use_at_the_discard():
    m = romme2(ROMME_USE_0, ROMME_USE_1, stock="KS KH", upcard="QH", discard_pickup="must_use")
    m.apply("take")
    assert refused(m, "discard 2S").code == "taken_unused"
    m.apply("meld 10H JH QH")
    # 30 points: the opening (40) is still short; the take itself is now fine
    assert refused(m, "discard 2S").code == "opening_short"
    m.apply("undo")
    assert refused(m, "discard 2S").code == "taken_unused"


def test_free_pickup_does_not_require_using_the_taken_card():
    m = romme2(ROMME_USE_0, ROMME_USE_1, stock="KS", upcard="KD")
    m.apply("take")
    m.apply("discard 2S")
    assert m.round.current == 1


HAND_NEW_0 = "KS 3H 5H 7H 9H JH 2C 4C 6C 9C 10C JC QC KC 3S"
HAND_NEW_1 = "4S 4D 9S 10S JS QS 2D 3D 5D 6D 7D 8D 9D 10D"


def test_hand_must_meld_new_refuses_a_take_that_cannot_make_a_new_meld():
    # seat 0 discards 3H; seat 1 holds no hearts and no other three.
    m = hand2(HAND_NEW_0, HAND_NEW_1, stock="2S", actions=["discard 3H"])
    err = refused(m, "take")
    assert err.code == "cannot_use_discard"
    assert "two cards from your hand" in err.refusal.reason


def test_hand_must_meld_new_taken_card_must_end_in_a_meld_of_this_turn():
    # seat 0 discards KS; seat 1 takes it and opens with 84 points without it
    m = hand2(HAND_NEW_0, HAND_NEW_1, stock="2S", actions=["discard KS"])
    m.apply("take")
    m.apply("meld 5D 6D 7D 8D 9D 10D")
    m.apply("meld 9S 10S JS QS")
    assert m.round.opening_value() == 84
    assert refused(m, "discard 2D").code == "taken_unused"
    # DECISIONS 2: the card must end the turn in a meld put down this turn
    m.apply("layoff KS m2")
    assert code_of(m, "discard 2D") is None
    play(m, "undo", "undo")
    m.apply("meld 9S 10S JS QS KS")
    m.apply("discard 2D")
    assert m.round.opened[1] is True


def test_hand_taken_card_in_a_short_opening_is_refused():
    m = hand2(HAND_NEW_0, HAND_NEW_1, stock="2S", actions=["discard KS"])
    m.apply("take")
    m.apply("meld JS QS KS")
    err = refused(m, "discard 2D")
    assert err.code == "opening_short"
    assert err.refusal.reason == "opening needs 51 points, these melds make 30"


# --- undo (DECISIONS 1) ---------------------------------------------------------------------


def test_undo_takes_back_melds_one_at_a_time_then_the_take():
    m = classic(["take"])
    rnd = m.round
    hand_after_take = names(rnd.hands[0])
    m.apply("meld AS 2S 3S")
    m.apply("meld 7H 8H 9H")
    assert len(rnd.table) == 2
    m.apply("undo")
    assert [mm.notation() for mm in rnd.table] == ["AS 2S 3S"]
    assert sorted(names(rnd.hands[0])) == sorted(
        [c for c in hand_after_take if c not in ("AS", "2S", "3S")]
    )
    m.apply("undo")
    assert rnd.table == []
    assert sorted(names(rnd.hands[0])) == sorted(hand_after_take)
    m.apply("undo")  # the take itself
    assert names(rnd.discard) == ["10C"]
    assert rnd.phase == "draw"
    assert sorted(names(rnd.hands[0])) == sorted(CLASSIC_HANDS[0].split())
    assert code_of(m, "undo") == "nothing_to_undo"
    m.apply("draw")  # the player draws again
    assert names(rnd.hands[0])[-1] == "KH"


def test_undo_is_never_available_after_a_draw_alone():
    m = classic()
    assert code_of(m, "undo") == "nothing_to_undo"
    m.apply("draw")
    assert refused(m, "undo").code == "nothing_to_undo"


def test_undo_after_draw_and_meld_stops_at_the_draw():
    m = classic(["draw", "meld AS 2S 3S", "undo"])
    rnd = m.round
    assert rnd.table == []
    assert rnd.phase == "play"
    assert "KH" in names(rnd.hands[0])
    assert len(rnd.stock) == 31 - 1
    assert refused(m, "undo").code == "nothing_to_undo"


def test_undo_takes_back_a_layoff():
    m = classic(["draw", "meld 7H 8H 9H"], stock="6H")
    rnd = m.round
    m.apply("layoff 6H m1")
    assert [mm.notation() for mm in rnd.table] == ["6H 7H 8H 9H"]
    assert "6H" not in names(rnd.hand)
    m.apply("undo")
    assert [mm.notation() for mm in rnd.table] == ["7H 8H 9H"]
    assert "6H" in names(rnd.hand)


# --- going out ------------------------------------------------------------------------------


def test_classic_goes_out_by_a_meld_and_the_winner_collects():
    hands = ["AS 2S 3S 4S 5S 6S 7S 8S 9S 10S", "2H 3H 4H 5H 6H 7H 8H 9H 10H KH"]
    m = classic(["draw"], hands=hands, stock="JS")
    m.apply("meld AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS")
    res = m.results[-1]
    assert res.end.kind == "out"
    assert res.end.winner == 0
    assert res.end.out_in_one is True
    # 2..10 = 54, K = 10; doubled for going out in one
    assert res.scores == (128, 0)
    assert m.totals == [128, 0]


def test_romme_requires_keeping_one_card_to_discard():
    m = romme2(
        "2S 3S 4S 5H 6H 7H 8C 9C 10C JD QD KD AD",
        "3C 6S 7S 9S JS 2H 4H 6H 8H 10S 3D 5D 7D",
        stock="5S",
        upcard="4D",
    )
    play(m, "draw", "meld 2S 3S 4S 5S", "meld 5H 6H 7H", "meld 8C 9C 10C")
    err = refused(m, "meld JD QD KD AD")
    assert err.code == "keep_one"
    # one card kept back: the discard goes out
    play(m, "meld JD QD KD", "discard AD")
    res = m.results[-1]
    assert (res.end.kind, res.end.winner) == ("out", 0)


def test_hand_nobody_goes_out_on_their_first_turn():
    # seat 1 (14 cards) draws 5C and could meld 14 of its 15 cards.
    hand1 = "2H 3H 4H 5H 6H 7H 8H 10D JD QD KD 5S 5D KS"
    hand0 = "2C 4C 6C 9C 10C JC QC 3S 7S 9S JS 3D 6D 9D 2S"
    m = hand2(hand0, hand1, stock="5C", actions=["discard 2C", "draw"])
    play(m, "meld 2H 3H 4H 5H 6H 7H 8H", "meld 10D JD QD KD", "meld 5S 5D 5C")
    assert names(m.round.hand) == ["KS"]
    err = refused(m, "discard KS")
    assert err.code == "no_out_first_turn"


def test_hand_starter_first_turn_is_a_discard_only():
    m = hand2(HAND_NEW_0, HAND_NEW_1, stock="2S")
    rnd = m.round
    assert (rnd.current, rnd.phase, len(rnd.hands[0]), len(rnd.hands[1])) == (0, "discard", 15, 14)
    assert code_of(m, "draw") == "discard_only"
    assert code_of(m, "take") == "discard_only"
    assert code_of(m, "meld 9C 10C JC QC") == "discard_only"
    m.apply("discard 3S")
    assert (rnd.current, rnd.phase) == (1, "draw")
    assert len(rnd.hands[0]) == 14


# --- the opening ----------------------------------------------------------------------------

OPEN_0 = "2C 4C 6C 9C 10C JC QC KC 3S 9S JS 6D 9D 2S 10S"
OPEN_1 = "7S 7H 7D 7C 4H 5H 6H 3H 9H 10H JH QH 4S 4D"


def test_opening_melds_are_provisional_until_the_minimum_is_reached():
    m = hand2(OPEN_0, OPEN_1, stock="3D", actions=["discard 2C", "draw"])
    rnd = m.round
    m.apply("meld 7S 7H 7D 7C")
    m.apply("meld 4H 5H 6H")
    assert len(rnd.table) == 2
    assert rnd.opening_value() == 43
    err = refused(m, "discard 3D")
    assert err.code == "opening_short"
    assert err.refusal.reason == "opening needs 51 points, these melds make 43"
    lay = refused(m, "layoff 3H m2")
    assert lay.code == "opening_short"
    assert rnd.opened[1] is False
    m.apply("meld 9H 10H JH QH")
    assert rnd.opening_value() == 82
    m.apply("layoff 3H m2")
    m.apply("discard 3D")
    assert rnd.opened[1] is True
    assert names(rnd.hands[1]) == ["4S", "4D"]


def test_a_short_opening_can_be_undone_and_the_turn_played_without_it():
    m = hand2(OPEN_0, OPEN_1, stock="3D", actions=["discard 2C", "draw"])
    play(m, "meld 7S 7H 7D 7C", "meld 4H 5H 6H")
    play(m, "undo", "undo")
    assert m.round.table == []
    m.apply("discard 3D")
    assert m.round.opened == [False, False]
    assert m.round.current == 0


SEED_OPEN_1 = "9H 10H JH QH 4S 4D AC 2D 5D 7D 9D 2S 6S 8S"


def test_seed_opening_of_51_with_a_wild_ace():
    # indicator 8C: the aces of clubs are wild; 9H 10H JH QH (39) + 4S 4D AC (12) = 51
    m = hand2(OPEN_0, SEED_OPEN_1, stock="KD", actions=["discard 2C", "draw"])
    rnd = m.round
    m.apply("meld 9H 10H JH QH")
    m.apply("meld 4S 4D AC")
    assert rnd.opening_value() == 51
    assert rnd.table[1].notation() == "4S 4D AC=4*"
    m.apply("discard KD")
    assert rnd.opened == [False, True]


def test_an_opening_of_50_is_refused():
    hand1 = "9H 10H JH QH 3S 3D AC 2D 5D 7D 9D 2S 6S 8S"
    m = hand2(OPEN_0, hand1, stock="KD", actions=["discard 2C", "draw"])
    play(m, "meld 9H 10H JH QH", "meld 3S 3D AC")
    err = refused(m, "discard KD")
    assert err.refusal.reason == "opening needs 51 points, these melds make 48"


RAISE_0 = "10S JS QS 7C 7D 7H 2D 3D 4D KH 6S 9C 5H 8D JD"
RAISE_1 = "9H 10H JH QH 4S 4D AC 2C 5D 7S 9D 2S 6C 8S"


@pytest.mark.parametrize(
    ("raise_", "code", "reason"),
    [
        (False, None, None),
        (True, "opening_short", "opening needs 52 points, these melds make 51"),
    ],
)
def test_opening_raise_requires_beating_the_previous_opening(raise_, code, reason):
    m = hand2(
        RAISE_0,
        RAISE_1,
        stock="KD QC",
        actions=["discard KH", "draw", "meld 9H 10H JH QH", "meld 4S 4D AC", "discard KD", "draw"],
        opening_raise=raise_,
    )
    rnd = m.round
    assert rnd.opened == [False, True]
    play(m, "meld 10S JS QS", "meld 7C 7D 7H")
    assert rnd.opening_value() == 51
    got = m.check(parse("discard QC"))
    assert (got.code if got else None) == code
    assert (got.reason if got else None) == reason
    if raise_:
        m.apply("meld 2D 3D 4D")
        m.apply("discard QC")
        assert rnd.opened == [True, True]


def test_romme_layoff_before_opening_only_when_going_out_in_one():
    hand0 = "10S JS QS KS 2C 4C 6C 8D 10D 3H 5H 7H 9H"
    hand1 = "9S 2H 3H 4H 4D 5D 6D 3C 3D 3S 2C 2D 2S"
    m = romme2(hand0, hand1, stock="KH KC", actions=["draw", "meld 10S JS QS KS", "discard KH"])
    rnd = m.round
    assert rnd.opened == [True, False]
    m.apply("draw")
    assert code_of(m, "layoff 9S m1") is None
    m.apply("layoff 9S m1")
    err = refused(m, "discard KC")
    assert err.code == "layoff_before_opening"
    # going out in one: everything else melded (39 points, below 40), then the discard
    play(m, "meld 2H 3H 4H", "meld 4D 5D 6D", "meld 3C 3D 3S", "meld 2C 2D 2S")
    m.apply("discard KC")
    res = m.results[-1]
    assert (res.end.kind, res.end.winner, res.end.out_in_one) == ("out", 1, True)


def test_standard_lays_off_before_opening():
    hands = ["AS 2S 3S 7H 8H 9H KC KD 4D 6C", "4S 3H 5H 5C 6D 9S 10S JC QC JD"]
    m = match(
        "standard",
        [deal(hands, stock="KH 5S", dealer=1, upcard="10C")],
        actions=["draw", "meld AS 2S 3S", "discard KH", "draw"],
    )
    m.apply("layoff 4S m1")
    m.apply("discard 5S")
    assert m.round.current == 0


# --- announcements --------------------------------------------------------------------------

ANN_0 = "10H JH QH KH 5S 5D 5C 7S 8S 9S 10S 2D 3D 4C 9C"
ANN_1 = "2S 4S 6S 8D 10D QD 3C 5H 7C 9D JC KC 6H 2H"
ANN_OPEN = ["meld 10H JH QH KH", "meld 5S 5D 5C", "meld 7S 8S 9S 10S"]


def test_auto_announces_three_two_one_after_the_discard():
    m = hand2(ANN_0, ANN_1, stock="6D KS 6C JS 9D QS", actions=["discard 9C", "draw", "discard 6D"])
    rnd = m.round
    play(m, "draw", *ANN_OPEN)
    assert rnd.announced == [None, None]
    m.apply("discard KS")
    assert rnd.announced[0] == 3
    play(m, "draw", "discard 6C", "draw", "layoff JS m3", "discard 4C")
    assert rnd.announced[0] == 2
    play(m, "draw", "discard 9D", "draw", "layoff QS m3", "discard 3D")
    assert rnd.announced[0] == 1
    assert names(rnd.hands[0]) == ["2D"]


def test_auto_mode_refuses_a_manual_announcement():
    m = hand2(ANN_0, ANN_1, stock="6D KS", actions=["discard 9C", "draw"])
    assert code_of(m, "announce") == "announce_off"


@pytest.mark.parametrize("announce", [True, False])
def test_manual_announcement_or_forgetting_it(announce):
    m = hand2(
        ANN_0,
        ANN_1,
        stock="6D KS 6C 4D",
        actions=["discard 9C", "draw", "discard 6D", "draw", *ANN_OPEN],
        announce="manual",
    )
    rnd = m.round
    if announce:
        m.apply("announce")
        assert code_of(m, "announce") == "announced"
    m.apply("discard KS")
    assert rnd.announced[0] == (3 if announce else None)
    play(m, "draw", "discard 6C", "draw", "meld 2D 3D 4D")
    if announce:
        m.apply("discard 4C")
        res = m.results[-1]
        assert (res.end.kind, res.end.winner) == ("out", 0)
    else:
        err = refused(m, "discard 4C")
        assert err.code == "forgot_announce"


def test_manual_announcement_needs_four_cards_or_fewer():
    m = hand2(
        ANN_0,
        ANN_1,
        stock="6D KS",
        actions=["discard 9C", "draw", "discard 6D", "draw"],
        announce="manual",
    )
    assert code_of(m, "announce") == "announce_early"
    play(m, *ANN_OPEN)
    assert code_of(m, "announce") is None


# --- redeal ---------------------------------------------------------------------------------

PAIRS = "2S 2S 5H 5H 9D 9D KC KC 3C 6D 7S 10H JS QD 4H"
PLAIN_1 = "2H 4S 6S 8D 10D QH 3D 5C 7C 9H JC KS 6H 3H"


def test_hand_redeal_with_four_pairs_ends_the_round_unscored_with_the_same_dealer():
    m = hand2(PAIRS, PLAIN_1, stock="2D")
    assert m.round.phase == "discard"
    m.apply("redeal")
    res = m.results[-1]
    assert res.end.kind == "redeal"
    assert res.end.scored is False
    assert res.scores == (0, 0)
    assert m.totals == [0, 0]
    assert m.round.number == 2
    assert m.round.dealer == res.dealer == 1


def test_hand_redeal_with_three_pairs_and_a_wild():
    hand0 = "2S 2S 5H 5H 9D 9D AC KC 3C 6D 7S 10H JS QD 4H"
    m = hand2(hand0, PLAIN_1, stock="2D")
    assert code_of(m, "redeal") is None


def test_hand_redeal_asked_by_the_second_player_before_drawing():
    hand1 = "2S 2S 5H 5H 9D 9D KC KC 3C 6D 7S 10H JS QD"
    hand0 = "2H 4S 6S 8D 10D QH 3D 5C 7C 9H JC KS 6H 3H 4C"
    m = hand2(hand0, hand1, stock="2D", actions=["discard 4C"])
    assert code_of(m, "redeal") is None
    m.apply("draw")
    assert code_of(m, "redeal") == "redeal_not_allowed"


def test_hand_redeal_refused_without_the_pairs():
    m = hand2(PLAIN_1 + " 4C", PAIRS.rsplit(" ", 1)[0], stock="2D")
    err = refused(m, "redeal")
    assert err.code == "redeal_not_allowed"


def test_classic_has_no_redeal():
    m = classic()
    assert refused(m, "redeal").code == "redeal_off"


# --- more end-of-turn checks (DECISIONS 3-8) -------------------------------------------------


def test_going_out_by_a_meld_is_checked_like_a_discard():
    # classic with no_out_first_turn switched on: going out by a meld is refused too
    hands = ["AS 2S 3S 4S 5S 6S 7S 8S 9S 10S", "2H 3H 4H 5H 6H 7H 8H 9H 10H KH"]
    m = classic(["draw"], hands=hands, stock="JS", no_out_first_turn=True)
    err = refused(m, "meld AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS")
    assert err.code == "no_out_first_turn"


def test_with_opening_min_0_a_layoff_alone_opens():
    hands = ["AS 2S 3S 7H 8H 9H KC KD 4D 6C", "4S 3H 5H 5C 6D 9S 10S JC QC JD"]
    m = match(
        "standard",
        [deal(hands, stock="KH 5S", dealer=1, upcard="10C")],
        actions=["draw", "meld AS 2S 3S", "discard KH", "draw", "layoff 4S m1", "discard 5S"],
    )
    assert m.round.opened == [True, True]


@pytest.mark.parametrize(("undo", "in_one", "score"), [(True, True, 138), (False, False, 69)])
def test_an_undone_meld_leaves_no_trace_on_going_out_in_one(undo, in_one, score):
    hands = ["AS 2S 3S 4S 5S 6S 7S 8S 9S 10S", "2H 3H 4H 5C 6D 9H 10H JC QC JD"]  # 69
    first = ["draw", "meld AS 2S 3S", *(["undo"] if undo else []), "discard KH"]
    m = classic([*first, "draw", "discard 2D", "draw"], hands=hands, stock="KH 2D JS")
    if undo:
        m.apply("meld AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS")
    else:
        m.apply("meld 4S 5S 6S 7S 8S 9S 10S JS")
    res = m.results[-1]
    assert (res.end.winner, res.end.out_in_one) == (0, in_one)
    assert res.scores == (score, 0)


def test_hand_going_out_in_one_may_stay_below_51_but_not_lay_off_on_others():
    hand0 = "2H 3H 4H 5H 2S 3S 4S 5S 3C 3D 3H 2C 2D 2S KC"
    hand1 = "9H 10H JH QH 4S 4D AC 7D 9D 6S 8S 10C JC QD"  # left after opening: 60
    m = hand2(
        hand0,
        hand1,
        stock="KD KH",
        actions=["discard KC", "draw", "meld 9H 10H JH QH", "meld 4S 4D AC", "discard KD", "draw"],
    )
    assert refused(m, "layoff KH m1").code == "not_opened"
    play(m, "meld 2H 3H 4H 5H", "meld 2S 3S 4S 5S", "meld 3C 3D 3H", "meld 2C 2D 2S")
    assert m.round.opening_value() == 43
    assert refused(m, "layoff KH m1").code == "opening_short"
    m.apply("discard KH")
    res = m.results[-1]
    assert (res.end.kind, res.end.winner, res.end.out_in_one) == ("out", 0, True)
    assert res.scores == (-60, 120)


def test_opening_raise_counts_layoffs_made_in_the_opening_turn():
    m = hand2(
        RAISE_0,
        RAISE_1,
        stock="KH QC",
        actions=[
            "discard KH",
            "draw",
            "meld 9H 10H JH QH",
            "meld 4S 4D AC",
            "layoff KH m1",
            "discard 2C",
            "draw",
        ],
        opening_raise=True,
    )
    play(m, "meld 10S JS QS", "meld 7C 7D 7H", "meld 2D 3D 4D")
    err = refused(m, "discard QC")
    assert err.refusal.reason == "opening needs 62 points, these melds make 60"


def test_hand_one_missing_card_on_two_naturals_and_a_wild_only_when_going_out():
    m = hand2(OPEN_0, SEED_OPEN_1, stock="4H", actions=["discard 2C", "draw"])
    play(m, "meld 9H 10H JH QH", "meld 4S 4D AC")
    assert code_of(m, "layoff 4H m2") is None
    m.apply("layoff 4H m2")
    assert refused(m, "discard 2D").code == "partial_set"
    m.apply("undo")
    m.apply("discard 2D")
    assert m.round.opened[1] is True


def test_hand_taken_card_laid_off_on_an_older_meld_is_unused():
    hand0 = "3C KH 2H 3H 4H 5H 6S 7S 10D JD QD 9C 9H 9S 2C"
    hand1 = "9H 10H JH QH 4S 4D AC KS KD 5D 7D 9D 2S 6S"
    m = hand2(
        hand0,
        hand1,
        stock="8S 7C",
        actions=[
            "discard 3C",
            "draw",
            "meld 9H 10H JH QH",
            "meld 4S 4D AC",
            "discard 8S",
            "draw",
            "discard KH",
        ],
    )
    m.apply("take")
    m.apply("layoff KH m1")
    assert refused(m, "discard 2S").code == "taken_unused"
    m.apply("undo")
    m.apply("meld KH KS KD")
    m.apply("discard 2S")
    assert m.round.current == 0

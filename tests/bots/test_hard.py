"""The hard bot's own judgement: when it keeps melds in hand, what it guesses of other hands."""

from __future__ import annotations

import dataclasses
import random
from collections import Counter

import pytest

from game import actions as A
from game.bots import choose
from game.bots.sampling import HiddenHands, completes, passed_on, pile_moves
from game.bots.tracking import Tracker
from game.cards import Face
from game.holding import BUILT_TURNS
from game.match import Match
from game.rules import preset
from game.view import view_for
from tests.helpers import deal, match

F = Face.parse


def _turn(m: Match, level: str = "hard") -> list[A.Action]:
    """Let the seat to move play its whole turn; the actions it chose."""
    seat, done = m.current, []
    while m.current == seat and not m.over and len(done) < 30:
        action = choose(view_for(m, seat), level)
        done.append(action)
        m.apply(action)
    return done


def _classic(hand0: str, hand1: str, actions: tuple[str, ...] = ()) -> Match:
    stock = "KH 5S QD 8C 4C 3C 2C JH 10H 10D"
    cards = deal([hand0, hand1], stock=stock, dealer=1, upcard="QC")
    return match("classic", [cards], list(actions))


def test_hard_keeps_its_melds_in_hand_while_nobody_is_near_going_out() -> None:
    m = _classic("7H 8H 9H 2D 2S 2H AS 4D 6C JS", "3H 4H 5D 6D 9S 10S JC KC JD 9C")
    played = _turn(m, "hard")
    assert not any(isinstance(a, A.Meld) for a in played), played
    assert not m.round.table


def test_medium_puts_the_same_melds_down_at_once() -> None:
    m = _classic("7H 8H 9H 2D 2S 2H AS 4D 6C JS", "3H 4H 5D 6D 9S 10S JC KC JD 9C")
    played = _turn(m, "medium")
    assert sum(isinstance(a, A.Meld) for a in played) == 2


def test_hard_puts_its_melds_down_when_the_other_is_down_to_one_card() -> None:
    m = _classic(
        "7H 8H 9H 2D 2S 2H AS 4D 6C JS",
        "3S 3H 3D 5C 5H 5D 6S 6H 6D KC",
        ("draw", "discard JS", "draw", "meld 3S 3H 3D", "meld 5C 5H 5D", "meld 6S 6H 6D"),
    )
    m.apply("discard KC")
    assert len(m.round.hands[1]) == 1
    played = _turn(m, "hard")
    assert sum(isinstance(a, A.Meld) for a in played) == 2, played


@pytest.mark.parametrize(("name", "lays_off"), [("classic", False), ("standard", True)])
def test_while_holding_hard_lays_off_only_where_going_out_in_one_pays_nothing_extra(
    name: str, lays_off: bool
) -> None:
    # Seat 1 has put 3S 3H 3D down and still holds seven cards, so hard keeps its melds.
    # Its loose 3C fits that set. In classic going out in one doubles the score, so
    # nothing goes down; in standard it does not, and a lay-off only lowers the penalty.
    stock = "KH 5S QD 8C 4C 10C 2C JH 10H 10D"
    cards = deal(
        ["7H 8H 9H 2D 2S 2H 3C 4D 6C JS", "3S 3H 3D 5C 9S 10S JC KC JD 9C"],
        stock=stock,
        dealer=1,
        upcard="QC",
    )
    m = match(name, [cards], ["draw", "discard JS", "draw", "meld 3S 3H 3D", "discard KC"])
    played = _turn(m, "hard")
    assert not any(isinstance(a, A.Meld) for a in played), played
    assert any(isinstance(a, A.LayOff) for a in played) is lays_off, played
    assert (F("3C") in {c.face for c in m.round.hands[0]}) is not lays_off


def test_hard_finishes_an_opening_it_started_before_holding_the_rest() -> None:
    # Rommé, 40 to open. Seat 1 has opened, so hard opens too; its opening needs two melds.
    hand0 = "5H 6H 7H 8S 8D 8C 2C 4S 10D QS KD AC 3D"
    hand1 = "JS JH JD QH QD QC 2S 4H 6S 9C 9D 3C 5D"
    m = match(
        "romme",
        [deal([hand0, hand1], stock="7C 7D 6D 2H 4C 9S 10C", dealer=1, upcard="KS")],
        ["draw", "discard KD", "draw", "meld JS JH JD", "meld QH QD QC", "discard 9C"],
    )
    assert m.round.opened == [False, True]
    _turn(m, "hard")
    assert m.round.opened[0]
    assert {c.face for meld in m.round.table if meld.owner == 0 for c in meld.cards} >= {
        F("8S"),
        F("7H"),
    }


def test_a_card_completes_a_meld_with_two_cards_of_a_hand() -> None:
    rules = preset("classic")
    assert completes(F("7H"), Counter([F("7S"), F("7D")]), 0, rules)
    assert completes(F("7H"), Counter([F("8H"), F("9H")]), 0, rules)
    assert completes(F("7H"), Counter([F("6H"), F("8H")]), 0, rules)
    assert not completes(F("7H"), Counter([F("8H"), F("10H")]), 0, rules)
    assert not completes(F("7H"), Counter([F("7S"), F("8D")]), 0, rules)
    assert not completes(F("AH"), Counter([F("KH"), F("QH")]), 0, rules)  # ace low only
    assert completes(F("AH"), Counter([F("KH"), F("QH")]), 0, preset("romme"))
    assert not completes(F("AH"), Counter([F("KH"), F("2H")]), 0, preset("romme"))  # K-A-2


def test_sampled_hands_keep_the_card_a_seat_took_and_have_the_right_sizes() -> None:
    m = _classic(
        "7H 8H 9H 2D 2S 2H AS 4D 6C JS",
        "3H 4H 5D 6D 9S 10S JC KC JD 9C",
        ("draw", "discard JS", "take"),
    )
    m.apply("discard 3H")
    view = view_for(m, 0)
    hidden = HiddenHands(view, Tracker(view), random.Random(7))
    for sample in hidden.samples(20):
        assert sum(sample[1].values()) == 10
        assert sample[1][F("JS")] == 1
        assert not set(sample[1]) & {c.face for c in view.hand}


def test_a_card_taken_undone_and_taken_again_is_held_once() -> None:
    m = _classic(
        "7H 8H 9H 2D 2S 2H AS 4D 6C JS",
        "3H 4H 5D 6D 9S 10S JC KC JD 9C",
        ("draw", "discard JS", "take", "undo", "take", "discard 3H"),
    )
    view = view_for(m, 0)
    assert Tracker(view).taken == {1: [F("JS")]}
    assert [move for move in pile_moves(view) if move[0] == 1] == [
        (1, "take", F("JS")),
        (1, "discard", F("3H")),
    ]
    for sample in HiddenHands(view, Tracker(view), random.Random(7)).samples(20):
        assert sample[1][F("JS")] == 1
        assert sum(sample[1].values()) == 10


def test_a_card_taken_and_given_back_before_drawing_from_the_stock_was_passed_on() -> None:
    m = _classic(
        "7H 8H 9H 2D 2S 2H AS 4D 6C JS",
        "3H 4H 5D 6D 9S 10S JC KC JD 9C",
        ("draw", "discard JS", "take", "meld 9S 10S JS", "undo", "undo", "draw", "discard 3H"),
    )
    view = view_for(m, 0)
    assert Tracker(view).taken == {}
    assert [move for move in pile_moves(view) if move[0] == 1] == [
        (1, "pass", F("JS")),
        (1, "discard", F("3H")),
    ]
    assert passed_on(view) == {1: [F("JS")]}


@pytest.mark.parametrize("preset_name", ["classic", "standard"])
def test_hard_goes_out_in_one_with_a_single_loose_card(preset_name: str) -> None:
    """Issue 18's position: where going out needs no final discard, hard held its melds and
    threw the loose card away for as long as the others had five cards or more. Melding
    everything and discarding the loose card goes out in one."""
    from game.bots import choose
    from game.view import view_for
    from tests.helpers import deal, match

    hands = ["2H 3H 4H 5H 7S 7D 7C 9C 10C JC", "AS 3S 5S 8S 10S QS 2D 4D 6D 8D"]
    m = match(preset_name, [deal(hands, stock="KD QC", dealer=1, upcard="6C")])
    assert not m.rules.out_requires_discard
    while not m.over and m.current == 0 and not m.results:
        m.apply(choose(view_for(m, 0), "hard"))
    assert m.results, f"hard kept its melds: {m.actions}"
    end = m.results[-1].end
    assert end.winner == 0 and end.out_in_one, m.actions


def test_hard_in_classic_fears_a_hand_kept_whole_for_many_turns() -> None:
    # Ten cards look safe, but a seat that has put nothing down for BUILT_TURNS turns may
    # be one card from going out in one (doubled): hard then puts its melds down.
    m = _classic("7H 8H 9H 2D 2S 2H AS 4D 6C JS", "3H 4H 5D 6D 9S 10S JC KC JD 9C")
    m.apply("draw")
    view = view_for(m, 0)
    assert isinstance(choose(view, "hard"), A.Discard)  # early on: it keeps its melds
    built = dataclasses.replace(view, turns_taken=(BUILT_TURNS, BUILT_TURNS))
    assert isinstance(choose(built, "hard"), A.Meld)
    shown = dataclasses.replace(built, played_before=(False, True))  # seat 1 put cards down
    assert isinstance(choose(shown, "hard"), A.Discard)

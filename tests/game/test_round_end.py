"""When the stock runs out (docs/RULES.md §6, DECISIONS 17): flip, reshuffle, void, limits."""

from __future__ import annotations

from collections import Counter

import pytest

from game.record import load
from tests.helpers import deal, match, record


def names(cards) -> list[str]:
    return [c.face.notation() for c in cards]


def shuffled(preset: str, players: int = 2, dealer: int = 1, seed: int = 3, **options):
    """A match whose first deal is shuffled with ``seed`` (only the dealer is fixed)."""
    return load(record(preset, [{"dealer": dealer}], seed=seed, players=players, **options)).start()


def draw_and_discard(m) -> str:
    """One turn: draw from the stock and throw the same card away. Returns the card."""
    rnd = m.round
    m.apply("draw")
    card = names(rnd.hand)[-1]
    m.apply(f"discard {card}")
    return card


def take_and_discard(m) -> str:
    """One turn that leaves the stock alone: take the discard and throw another card away."""
    rnd = m.round
    m.apply("take")
    card = next(c for c in rnd.hand if c != rnd.turn.taken).face.notation()
    m.apply(f"discard {card}")
    return card


# --- flip_once (classic) --------------------------------------------------------------------


def _run_to_first_flip(seed: int = 3):
    """Classic, two players: the upcard is taken back, then draw-discard until the flip.

    Returns the match, the round and the cards in the order they were discarded.
    """
    m = shuffled("classic", seed=seed)
    rnd = m.round
    discarded = [take_and_discard(m)]
    while rnd.rebuilds == 0:
        assert rnd.end is None
        discarded.append(draw_and_discard(m))
    return m, rnd, discarded


def test_flip_once_rebuilds_the_stock_from_the_pile_minus_its_top():
    m, rnd, discarded = _run_to_first_flip()
    # 31 cards were in the stock after the deal; each draw-turn used one of them
    assert len(discarded) == 1 + 31
    assert names(rnd.discard) == [discarded[-1]]
    assert Counter(names(rnd.stock)) == Counter(discarded[:-1])
    assert rnd.end is None and m.round is rnd


def test_flip_once_next_draw_takes_the_card_discarded_first():
    m, rnd, discarded = _run_to_first_flip()
    m.apply("draw")
    assert names(rnd.hand)[-1] == discarded[0]


def test_flip_once_keeps_the_order_of_the_pile():
    m, _rnd, discarded = _run_to_first_flip()
    drawn = [draw_and_discard(m) for _ in range(5)]
    assert drawn == discarded[:5]


def test_flip_once_second_time_is_a_stalemate_and_the_deal_passes_on():
    m, rnd, _ = _run_to_first_flip()
    turns = 0
    while m.round is rnd:
        draw_and_discard(m)
        turns += 1
    assert turns == 31  # the flipped stock is used up once more
    res = m.results[-1]
    assert res.end.kind == "stalemate"
    assert res.end.winner is None
    assert res.scores == (0, 0)
    assert m.totals == [0, 0]
    assert m.round.number == 2
    assert m.round.dealer == (res.dealer + 1) % 2


def test_classic_turn_limit_120_ends_the_round_as_a_stalemate():
    m = shuffled("classic")
    rnd = m.round
    turns = 0
    while m.round is rnd:
        take_and_discard(m)  # the stock never runs out
        turns += 1
    assert turns == 120
    res = m.results[-1]
    assert (res.end.kind, res.scores) == ("stalemate", (0, 0))
    assert m.round.dealer == (res.dealer + 1) % 2


@pytest.mark.parametrize("limit", [1, 4])
def test_turn_limit_override_ends_the_round_after_that_many_turns(limit):
    m = shuffled("classic", turn_limit=limit)
    rnd = m.round
    for _ in range(limit - 1):
        draw_and_discard(m)
    assert m.round is rnd and rnd.end is None
    draw_and_discard(m)
    assert rnd.end is not None and rnd.end.kind == "stalemate"
    assert m.results[-1].scores == (0, 0)
    assert m.round is not rnd


# --- reshuffle (standard, romme) --------------------------------------------------------------

# Standard, two players. Each player discards what they draw, so the hands stay as dealt.
LOW = "AS 2S 3H 4C 5D 6S 7H 8C 9D AH"  # 1+2+3+4+5+6+7+8+9+1 = 46
HIGH = "10S JS QS KS 10H JH QH KH 10C JC"  # 100
EVEN_A = "AD 2D 3D 4D 5C 6C 7C 8S 9S 2C"  # 47
EVEN_B = "AC 3C 4S 5S 6D 7D 8D 9C 2H 2S"  # 47


def _play_out(m):
    rnd = m.round
    turns, rebuilds = 0, []
    while rnd.end is None:
        draw_and_discard(m)
        turns += 1
        rebuilds.append(rnd.rebuilds)
    return rnd, turns, rebuilds


def test_reshuffle_rebuilds_twice_then_the_lowest_hand_wins():
    m = match("standard", [deal([HIGH, LOW], dealer=1, upcard="10D")])
    _rnd, turns, rebuilds = _play_out(m)
    # 31 cards after the deal, then twice the pile minus its top (31 cards each)
    assert turns == 93
    assert max(rebuilds) == 2
    res = m.results[-1]
    assert res.end.kind == "lowest"
    assert res.end.winner == 1
    # scored as if seat 1 had gone out: the loser pays its hand, not doubled
    assert res.scores == (100, 0)
    assert m.totals == [100, 0]


def test_reshuffle_rebuilds_with_all_but_the_top_of_the_pile():
    m = match("standard", [deal([HIGH, LOW], dealer=1, upcard="10D")])
    rnd = m.round
    discarded = ["10D"]
    while rnd.rebuilds == 0:
        discarded.append(draw_and_discard(m))
    assert names(rnd.discard) == [discarded[-1]]
    assert Counter(names(rnd.stock)) == Counter(discarded[:-1])


def test_reshuffle_lowest_hand_under_winner_collects():
    m = match("standard", [deal([LOW, HIGH], dealer=1, upcard="10D")], scoring="winner_collects")
    _play_out(m)
    res = m.results[-1]
    assert (res.end.kind, res.end.winner) == ("lowest", 0)
    assert res.scores == (100, 0)


@pytest.mark.parametrize(("dealer", "winner"), [(0, 1), (1, 0)])
def test_reshuffle_tie_for_lowest_goes_to_the_first_after_the_dealer(dealer, winner):
    hands = [EVEN_A, EVEN_B]
    m = match("standard", [deal(hands, dealer=dealer, upcard="10D")])
    _play_out(m)
    res = m.results[-1]
    assert res.end.values == (47, 47)
    assert res.end.winner == winner


def test_reshuffle_tie_among_three_follows_playing_order_after_the_dealer():
    # dealer 1: the order after the dealer is 2, 0, 1; seats 1 and 2 tie for lowest.
    hands = ["KS KH KD QS QH QD JS", "AS 2S 3S 4S 5S 6S 7S", "AH 2H 3H 4H 5H 6H 7H"]
    m = match("standard", [deal(hands, dealer=1, upcard="10D")])
    _play_out(m)
    res = m.results[-1]
    assert res.end.values == (70, 28, 28)
    assert res.end.winner == 2
    assert res.scores == (70, 28, 0)


def test_romme_also_ends_with_the_lowest_hand():
    m = shuffled("romme", players=2, dealer=0, seed=5)
    rnd = m.round
    while m.round is rnd:
        draw_and_discard(m)
    res = m.results[-1]
    assert res.end.kind == "lowest"
    values = res.end.values
    assert values[res.end.winner] == min(values)
    loser = 1 - res.end.winner
    assert res.scores[loser] == values[loser]
    assert res.scores[res.end.winner] == 0


# --- void_round (hand) ----------------------------------------------------------------------


def test_hand_round_is_void_when_the_stock_holds_no_more_cards_than_players():
    m = shuffled("hand", players=2, dealer=1, seed=11)
    rnd = m.round
    assert len(rnd.stock) == 106 - 15 - 14 - 1
    m.apply(f"discard {names(rnd.hand)[0]}")  # the starter's first turn
    while len(rnd.stock) > 3:
        draw_and_discard(m)
    assert len(rnd.stock) == 3
    assert rnd.end is None and m.round is rnd  # three cards for two players: play on
    draw_and_discard(m)
    res = m.results[-1]
    assert res.end.kind == "void"
    assert res.end.scored is False
    assert res.scores == (0, 0)
    assert m.totals == [0, 0]
    assert m.round.number == 2
    assert m.round.dealer == res.dealer == 1  # the same dealer deals again
    assert m.over is False


def test_hand_void_round_threshold_counts_the_players():
    m = shuffled("hand", players=3, dealer=0, seed=4)
    rnd = m.round
    assert len(rnd.stock) == 106 - 15 - 14 - 14 - 1
    m.apply(f"discard {names(rnd.hand)[0]}")
    while len(rnd.stock) > 4:
        draw_and_discard(m)
    assert m.round is rnd and rnd.end is None
    draw_and_discard(m)
    assert m.results[-1].end.kind == "void"
    assert len(rnd.stock) == 3
    assert m.round.dealer == 0

"""The fast playout policy of search (game/rollout.py): it plays any guessed round to its
end through the rules, loses no card, plays the same way for the same seed, and plays a
turn as the hard bot would."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from game import actions as A
from game.bots import chooser
from game.bots.hard import choose_hard
from game.cards import Face
from game.determinize import Determinizer
from game.holding import BUILT_TURNS
from game.match import Match, Player
from game.rollout import Playout
from game.rules import PRESETS, preset
from game.state import Round
from game.view import PlayerView, round_view, view_for
from tests.helpers import all_cards, deal, match

SEATS = {"classic": 2, "standard": 4, "romme": 3, "hand": 4}


def _views(name: str, seed: int) -> list[PlayerView]:
    """Views of the seat to move at a few points of a medium-bot round."""
    players = SEATS[name]
    rules = preset(name, players=players)
    views = []
    for k, steps in enumerate((0, 7, 19)):
        match = Match(rules, [Player(f"P{i}", "bot", "medium") for i in range(players)], seed + k)
        choose = chooser("medium")
        for _ in range(steps):
            if match.results:
                break
            match.apply(choose(view_for(match, match.current)))
        if not match.results:
            views.append(view_for(match, match.current))
    return views


@pytest.mark.parametrize("hold", [0, 5])
@pytest.mark.parametrize("name", PRESETS)
def test_a_playout_ends_the_round_and_loses_no_card(name: str, hold: int) -> None:
    for seed in (1, 2):
        for view in _views(name, 40 * seed):
            rnd = Determinizer(view).sample(random.Random(seed))
            before = Counter(all_cards(rnd))
            playout = Playout(random.Random(seed), hold)
            playout.run(rnd, 10_000)
            assert rnd.end is not None, f"{name} seed {seed}: the round did not end"
            assert Counter(all_cards(rnd)) == before, f"{name} seed {seed}: cards changed"
            assert playout.actions > 0


@pytest.mark.parametrize("name", PRESETS)
def test_the_same_seed_plays_the_same_round(name: str) -> None:
    view = _views(name, 7)[-1]
    world = Determinizer(view).sample(random.Random(3))
    ends = []
    for _ in range(2):
        rnd = world.copy(random.Random(5))
        Playout(random.Random(9), 5).run(rnd, 10_000)
        ends.append((rnd.end, [list(h) for h in rnd.hands], rnd.total_turns))
    assert ends[0] == ends[1]


# --- the playouts play as hard plays -------------------------------------------------------
# Search judges its lines by playouts; a playout policy unlike the real opponents makes it
# prefer lines that only pay against that policy. bench/agreement.py measures how often the
# two agree over whole matches; these are the cases where they used to differ.

STOCK = "KH 5S QD 8C 4C 3C 2C JH 10H 10D"


def _both(m: Match) -> tuple[tuple[bool, bool, Face | None], tuple[bool, bool, Face | None]]:
    """What hard and the playout policy each do with the turn of the seat to move: (took
    the discard, put cards down, the card discarded)."""
    seat = m.current
    like = view_for(m, seat)
    rnd = m.round.copy(random.Random(0))
    hard: list[A.Action] = []
    while rnd.end is None and rnd.current == seat and len(hard) < 30:
        action = choose_hard(round_view(rnd, seat, like, rnd.legal()))
        rnd.apply(action)
        hard.append(action)
    rnd = m.round.copy(random.Random(0))
    Playout(random.Random(1), 5, noise=0.0).turn(rnd)
    return _summary(hard), _summary_of(m.round, rnd, seat)


def _summary(actions: list[A.Action]) -> tuple[bool, bool, Face | None]:
    discard = next((a.card for a in actions if isinstance(a, A.Discard)), None)
    return (
        any(isinstance(a, A.Take) for a in actions),
        any(isinstance(a, A.Meld | A.LayOff | A.Swap) for a in actions),
        discard,
    )


def _summary_of(start: Round, end: Round, seat: int) -> tuple[bool, bool, Face | None]:
    """The same read off the round before and after a playout's turn (a playout keeps no
    history)."""
    took = len(end.stock) == len(start.stock)  # it did not draw from the stock
    down = sum(len(m.pieces) for m in end.table) > sum(len(m.pieces) for m in start.table)
    discard = end.discard[-1].face if end.discard and end.current != seat else None
    return took, down, discard


def test_in_standard_a_playout_keeps_its_melds_in_hand_as_hard_does() -> None:
    cards = deal(
        ["7H 8H 9H 2D 2S 2H AS 4D 6C JS", "3H 4H 5D 6D 9S 10S JC KC JD 9C"], STOCK, 1, upcard="QC"
    )
    hard, playout = _both(match("standard", [cards]))
    assert hard[1] is False  # nobody is near going out: hard keeps 7H-9H and the 2s
    assert playout[:2] == hard[:2]


def test_before_an_opening_a_playout_takes_the_discard_only_to_open_as_hard_does() -> None:
    # Rommé: the 9H makes 7H 8H 9H, 24 points, short of the 40 an opening needs
    hands = ["7H 8H 2D 5S 9C JS 4D 6C KD 3S AH 10D 2C", "3H 4H 5D 6D 9S 10S JC KC JD 9D QS 8S 4S"]
    cards = deal(hands, STOCK, 1, upcard="9H")
    hard, playout = _both(match("romme", [cards], players=2))
    assert hard[0] is False
    assert playout[:2] == hard[:2]


def test_before_an_opening_in_hand_a_playout_keeps_high_cards_that_connect_as_hard_does() -> None:
    # Hand needs 51 to open: KH QH may yet make a run worth much; the lone 4C is the discard
    hands = [
        "KH QH 4C 5S 6S 7S 9D 9C 9H 10C JC QC 2D 3D 8H",
        "3H 4H 5D 8D 9S 10S JH KC JS 10D QD 8S 4S 4D",
    ]
    cards = deal(hands, "KD 5H QH 8C 4D 3C 2C 7C 10H 6C", 1, indicator="7D")
    hard, playout = _both(match("hand", [cards], players=2))
    assert hard[2] == Face.parse("4C")
    assert playout[1:] == hard[1:]


def test_in_classic_a_playout_puts_its_melds_down_once_a_hand_was_kept_whole_long() -> None:
    hands = ["7H 8H 9H 2D 2S 2H AS 4D 6C JS", "3H 4H 5D 6D 9S 10S JC KC JD 9C"]
    m = match("classic", [deal(hands, STOCK, 1, upcard="QC")])
    played = []
    for turns in (1, BUILT_TURNS):
        rnd = m.round.copy(random.Random(0))
        rnd.turns_taken = [turns, turns]  # as after that many turns each
        Playout(random.Random(1), 5, noise=0.0).turn(rnd)
        played.append(bool(rnd.table))
    # early on it keeps its melds for going out in one; once the other seat has kept its
    # whole hand this long (maybe one card from out), it puts them down, as hard does
    assert played == [False, True]

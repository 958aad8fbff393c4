"""What search guesses the other hands hold (game/bots/inference.py): odds read off what
each seat did, which put the cards really held into guessed hands more often than even
chances do."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from game.bots import chooser
from game.bots.inference import MODELS, Model, card_odds, hand_weight, model_for
from game.cards import Card, Face
from game.determinize import Determinizer
from game.match import Match, Player
from game.rules import preset
from game.view import PlayerView, view_for
from tests.helpers import deal, match

F = Face.parse
ROUNDS = {"classic": 12, "standard": 8, "hand": 8}  # a few seconds each


def _positions(name: str, rounds: int) -> list[tuple[PlayerView, set[Card]]]:
    """Seat 0's view at its draws in seeded rounds of hard bots, with seat 1's hand."""
    rules = preset(name, players=2)
    hard = chooser("hard")
    out = []
    for seed in range(rounds):
        m = Match(rules, [Player(f"P{i}", "bot", "hard") for i in range(2)], 300 + seed)
        while not m.results:
            view = view_for(m, m.current)
            if m.current == 0 and view.phase == "draw" and len(view.history) > 4:
                out.append((view, set(m.round.hands[1])))
            m.apply(hard(view))
    return out


def _held(found: list[tuple[PlayerView, set[Card]]], model: Model | None) -> float:
    """The share of seat 1's hidden cards that guesses put in its hand."""
    got = total = 0
    for k, (view, hand) in enumerate(found):
        det = Determinizer(view)
        odds = card_odds(view, det.pool, model) if model else None
        weigh = hand_weight(view, model)
        rng = random.Random(k)
        counts: Counter[Card] = Counter()
        for _ in range(10):
            counts.update(det.sample(rng, weigh, 8, odds).hands[1])
        hidden = [c for c in hand if c in det.pool]
        got += sum(counts[c] for c in hidden)
        total += 10 * len(hidden)
    return got / total


@pytest.mark.parametrize("name", sorted(ROUNDS))
def test_inferred_guesses_hold_the_real_cards_more_often_than_even_chances(name: str) -> None:
    found = _positions(name, ROUNDS[name])
    model = model_for(preset(name, players=2))
    assert model is not None
    even, inferred = _held(found, None), _held(found, model)
    assert inferred > even * 1.1, (name, len(found), even, inferred)


def test_a_seat_is_guessed_to_hold_the_neighbours_of_what_it_threw_away_less_often() -> None:
    hands = ["7H 8C 9D 2D 2S 4H AS 4D 6C JS", "3H 4C 5D 6D 9S 10S JC KC JD 7C"]
    m = match("classic", [deal(hands, stock="KH 5S QD 8H 4S", dealer=1, upcard="QC")])
    for a in ("draw", "discard JS", "draw", "discard 7C"):
        m.apply(a)
    view = view_for(m, 0)
    pool = Determinizer(view).pool
    odds = card_odds(view, pool, MODELS["winner_collects"])[1]
    by_face = {c.face: odds[c] for c in pool}
    # hidden neighbours of the 7C seat 1 threw away (6C and 8C are seat 0's); far from it
    for near in ("7D", "7S", "5C", "9C"):
        for far in ("3S", "KD"):
            assert by_face[F(near)] < by_face[F(far)], (near, far)


def test_a_guessed_hand_that_could_have_melded_a_passed_discard_is_never_kept() -> None:
    hands = ["7H 8C 9D 2D 2S 4H AS 4D 6C JS", "3H 4C 5D 6D 9S 10S JC KC JD 7C"]
    m = match("classic", [deal(hands, stock="KH 5S QD 8H 4S", dealer=1, upcard="QC")])
    for a in ("draw", "discard JS", "draw"):  # seat 1 left the jack of spades lying
        m.apply(a)
    view = view_for(m, 0)
    weigh = hand_weight(view, MODELS["winner_collects"])
    pool = {c.face: c for c in Determinizer(view).pool}
    assert weigh(1, [pool[F("JH")], pool[F("JD")], pool[F("3C")]]) == 0.0
    assert weigh(1, [pool[F("JH")], pool[F("3D")], pool[F("3C")]]) > 0.0

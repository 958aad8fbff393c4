"""The forward model for search: Round.copy, Round.at, the public facts of a view, and
determinizations that agree with everything a seat has seen."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from typing import Any

import pytest

from game import actions as A
from game.cards import Card, Face, make_deck
from game.determinize import Determinizer, determinize
from game.match import Match, Player
from game.playout import GreedyRandom
from game.rules import preset
from game.state import Round
from game.view import PlayerView, round_view, view_for
from tests.helpers import all_cards, deal, match

F = Face.parse

GAMES = [
    ("classic", 2, {}),
    ("classic", 4, {}),
    ("standard", 4, {"jokers": 2}),
    ("romme", 3, {}),
    ("hand", 2, {}),
    ("hand", 4, {"teams": True}),
]


def _new(name: str, players: int, options: dict[str, Any], seed: int) -> Match:
    rules = preset(name, players=players, **options)
    return Match(rules, [Player(f"P{i}", "bot") for i in range(players)], seed)


def _played(name: str, players: int, options: dict[str, Any], seed: int, moves: int) -> Match:
    """A match after ``moves`` seeded greedy-random moves."""
    m = _new(name, players, options, seed)
    policy = GreedyRandom(seed)
    for _ in range(moves):
        m.apply(policy.choose(m))
    return m


def check_guess(real: Round, view: PlayerView, guess: Round) -> None:
    """Everything a determinization must keep from the view (and the real round)."""
    seat = view.seat
    cards = all_cards(guess)
    assert len(cards) == len(set(cards)), "a card twice"
    assert Counter(cards) == Counter(make_deck(view.rules.decks, view.rules.jokers))
    assert guess.hands[seat] == real.hands[seat]
    assert [len(h) for h in guess.hands] == [len(h) for h in real.hands]
    assert len(guess.stock) == len(real.stock)
    assert guess.discard == real.discard and guess.table == real.table
    assert guess.indicator == real.indicator and guess.wilds == real.wilds
    for s in range(view.rules.players):
        known = Counter(real.known_faces(s))
        assert not known - Counter(c.face for c in real.hands[s]), "known but not held"
        assert not known - Counter(c.face for c in guess.hands[s]), f"seat {s} lost a known card"
    if real.stock_public:
        assert [c.face for c in guess.stock] == [c.face for c in real.stock]
    legal = guess.legal() if guess.current == seat else []
    assert round_view(guess, seat, view, legal) == view, "the guess shows the seat another view"


@pytest.mark.parametrize(("name", "players", "options"), GAMES)
def test_determinizations_agree_with_the_view(
    name: str, players: int, options: dict[str, Any]
) -> None:
    m = _new(name, players, options, seed=3)
    policy = GreedyRandom(3)
    rng = random.Random(5)
    for step in range(240):
        if m.over:
            break
        if step % 3 == 0:
            for seat in range(players):
                view = view_for(m, seat)
                try:
                    check_guess(m.round, view, determinize(view, rng))
                except AssertionError as e:
                    raise AssertionError(f"{name} step {step} seat {seat}: {e}") from e
        m.apply(policy.choose(m))


def test_a_card_taken_from_the_pile_stays_in_the_takers_guessed_hand_until_shown() -> None:
    hands = ["7H 8H 9H 2D 2S 2H AS 4D 6C JS", "3H 4H 5D 6D 9S 10S JC KC JD 9C"]
    m = match("classic", [deal(hands, stock="KH 5S QD 8C 4C", dealer=1, upcard="QC")])
    for a in ("draw", "discard JS", "take", "discard 3H"):
        m.apply(a)
    view = view_for(m, 0)
    assert view.known[1] == (F("JS"),)
    sampler = Determinizer(view)
    for k in range(30):
        guess = sampler.sample(random.Random(k))
        assert F("JS") in {c.face for c in guess.hands[1]}
    m.apply("draw")
    m.apply("discard 4D")
    m.apply("draw")
    m.apply("meld JS JC JD")  # shown: no longer known to be in the hand
    assert view_for(m, 0).known[1] == ()


def test_weighted_deals_keep_the_likelier_hands_and_still_agree_with_the_view() -> None:
    m = _played("classic", 2, {}, seed=7, moves=12)
    view = view_for(m, 0)
    sampler = Determinizer(view)
    target = sampler.pool[0]  # a card seat 0 has not seen: in seat 1's hand or the stock

    def without_target(seat: int, cards: Sequence[Card]) -> float:
        return 0.0 if target in cards else 1.0

    def held(guesses: list[Round]) -> int:
        return sum(target in g.hands[1] for g in guesses)

    plain = [sampler.sample(random.Random(k)) for k in range(200)]
    weighed = [sampler.sample(random.Random(k), without_target, deals=8) for k in range(200)]
    # dealt plainly the card is in the hand about as often as the hand's share of the
    # hidden cards; weighed, only when all eight deals put it there
    share = sampler.needs[1] / len(sampler.pool)
    assert abs(held(plain) / 200 - share) < 0.1, (held(plain), share)
    assert held(weighed) <= 2, held(weighed)
    for guess in weighed[:20]:
        check_guess(m.round, view, guess)


@pytest.mark.parametrize(("name", "players", "options"), GAMES)
def test_card_odds_steer_the_hands_and_guesses_still_agree_with_the_view(
    name: str, players: int, options: dict[str, Any]
) -> None:
    m = _played(name, players, options, seed=11, moves=5 * players)
    view = view_for(m, m.current)
    sampler = Determinizer(view)
    seat = sampler.others[0]
    if not sampler.pool or not sampler.needs[seat]:
        pytest.skip("nothing hidden to deal")
    liked, shunned = sampler.pool[0], sampler.pool[-1]
    odds = {seat: {liked: 30.0, shunned: 1 / 30}}
    guesses = [sampler.sample(random.Random(k), odds=odds) for k in range(120)]
    share = sampler.needs[seat] / len(sampler.pool)  # of either card, dealt evenly
    liked_share = sum(liked in g.hands[seat] for g in guesses) / 120
    shunned_share = sum(shunned in g.hands[seat] for g in guesses) / 120
    assert liked_share > min(0.95, 2 * share), (liked_share, share)
    assert shunned_share < share / 2, (shunned_share, share)
    for guess in guesses[:10]:
        check_guess(m.round, view, guess)


def test_known_cards_come_back_with_undo() -> None:
    hands = ["7H 8H 9H 2D 2S 2H AS 4D 6C JS", "3H 4H 5D 6D 9S 10S JC KC JD 9C"]
    m = match("classic", [deal(hands, stock="KH 5S QD 8C 4C", dealer=1, upcard="QC")])
    for a in ("draw", "discard JS", "take", "meld JS JC JD"):
        m.apply(a)
    assert m.round.known_faces(1) == ()
    m.apply("undo")
    assert m.round.known_faces(1) == (F("JS"),)
    m.apply("undo")  # the take itself
    assert m.round.known_faces(1) == ()


def _flipped_classic() -> Match:
    """A classic match just after the pile was turned over into a new stock."""
    for seed in range(40):
        m = _new("classic", 2, {}, seed)
        policy = GreedyRandom(seed)
        while not m.over and m.round.rebuilds == 0 and len(m.results) == 0:
            m.apply(policy.choose(m))
        if m.round.rebuilds and not m.results:
            return m
    raise AssertionError("no classic round turned its pile over")


def test_after_classic_turns_the_pile_over_everybody_knows_the_stock() -> None:
    m = _flipped_classic()
    rnd = m.round
    view = view_for(m, 0)
    assert view.rebuilds == 1
    assert view.stock_known == tuple(c.face for c in reversed(rnd.stock))
    drawer = rnd.current
    top = rnd.stock[-1]
    if rnd.phase == "draw":
        m.apply("draw")
        assert top.face in view_for(m, 1 - drawer).known[drawer]  # everybody saw which card
    check_guess(
        m.round, view_for(m, 1 - drawer), determinize(view_for(m, 1 - drawer), random.Random(1))
    )


def test_a_view_carries_the_public_facts_of_the_round() -> None:
    hands = ["7H 8H 9H 2D 2S 2H AS 4D 6C JS", "3H 4H 5D 6D 9S 10S JC KC JD 9C"]
    m = match("classic", [deal(hands, stock="KH 5S QD 8C 4C", dealer=1, upcard="QC")])
    view = view_for(m, 1)
    assert view.played_before == (False, False) and view.rebuilds == 0
    assert view.stock_known is None and view.turn is not None and view.steps == ()
    m.apply("draw")
    m.apply("meld 7H 8H 9H")
    mine, theirs = view_for(m, 0), view_for(m, 1)
    assert len(mine.steps) == 1 and theirs.steps == ()  # undo steps only on one's own turn
    assert mine.turn is not None and mine.turn.put_cards
    m.apply("discard JS")
    assert view_for(m, 1).played_before == (True, False)
    assert view_for(m, 1).forgot == (False, False) and view_for(m, 1).last_opening == 24


# --- Round.copy and Round.at ----------------------------------------------------------------


@pytest.mark.parametrize(("name", "players", "options"), GAMES)
def test_a_copy_plays_on_without_touching_the_original(
    name: str, players: int, options: dict[str, Any]
) -> None:
    m = _played(name, players, options, seed=11, moves=40)
    rnd = m.round
    before, state = rnd.position(), rnd.rng.getstate()
    twin = rnd.copy()
    other = GreedyRandom(1)
    steps = 0
    while twin.end is None and steps < 400:
        legal = twin.legal()
        assert twin.step(other.rng.choice(legal)) is None
        steps += 1
    assert rnd.position() == before, "the original changed"
    assert rnd.rng.getstate() == state, "the original's generator moved"
    assert vars(twin).keys() == vars(rnd).keys()


@pytest.mark.parametrize(("name", "players", "options"), GAMES)
def test_a_round_built_from_its_position_plays_exactly_like_it(
    name: str, players: int, options: dict[str, Any]
) -> None:
    m = _played(name, players, options, seed=21, moves=25)
    rnd = m.round
    built = Round.at(rnd.position(), random.Random(0))
    assert vars(built).keys() == vars(rnd).keys()
    twin = rnd.copy(random.Random(0))
    chooser = random.Random(4)
    for _ in range(200):
        if twin.end is not None:
            break
        legal = twin.legal()
        assert built.legal() == legal
        action = chooser.choice(legal)
        twin.apply(action)
        built.apply(action)
        assert built.position() == twin.position()
    assert built.end == twin.end


def test_step_refuses_without_changing_anything() -> None:
    m = _new("classic", 2, {}, seed=1)
    rnd = m.round
    before = rnd.position()
    refusal = rnd.step(A.discard_of(F("AS")))
    assert refusal is not None and rnd.position() == before
    assert rnd.step(A.Draw()) is None and rnd.history == []  # no history on the search path

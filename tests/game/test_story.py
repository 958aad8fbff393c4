"""The story of a round (game/story.py): public steps only, undone steps left out, takes named."""

from __future__ import annotations

import pytest

from game import actions as A
from game.cards import Face
from game.playout import GreedyRandom
from game.story import arrived, round_story, since_last_turn
from game.view import view_for
from tests.helpers import match


def test_a_round_reads_as_turns_with_undone_steps_left_out() -> None:
    m = match(
        "classic",
        [
            {
                "hands": [
                    h.split()
                    for h in ("7H 8H 9H 5S 5D KS QD 2C 4D 6D", "AS 2S 3S 4H 6C 8C 10D JD JS 9C")
                ],
                "stock": ["10H", "KH", "2H"],
                "upcard": "KD",
                "dealer": 1,
            }
        ],
        [
            "take",
            "meld 7H 8H 9H",
            "undo",
            "undo",
            "draw",
            "meld 7H 8H 9H 10H",
            "discard KS",
            "take",
            "discard 10D",
        ],
    )
    turns = round_story(m.round.history, m.round.upcard)
    assert [t.seat for t in turns] == [0, 1]
    first, second = turns
    assert [s.action.notation() for s in first.steps] == ["draw", "meld 7H 8H 9H 10H", "discard KS"]
    assert first.opened and first.finished
    assert [(s.action.notation(), s.card) for s in second.steps] == [
        ("take", Face.parse("KS")),
        ("discard 10D", None),
    ]
    assert not second.opened
    assert first.placed() == [(None, tuple(Face.parse(c) for c in ["7H", "8H", "9H", "10H"]))]
    assert since_last_turn(turns, 0) == [second]
    assert since_last_turn(turns, 1) == []


@pytest.mark.parametrize("preset", ["classic", "standard", "romme", "hand"])
@pytest.mark.parametrize("seed", range(4))
def test_every_take_names_the_card_taken_and_no_draw_names_one(preset: str, seed: int) -> None:
    m = match(preset, seed=seed, players=3 if preset != "classic" else 2)
    policy = GreedyRandom(seed)
    taken: dict[tuple[int, int], Face] = {}  # (round, history index) -> the card taken
    while not m.over and len(m.actions) < 1500:
        action = policy.choose(m)
        rnd = m.round
        at = len(rnd.history)
        m.apply(action)
        if isinstance(action, A.Take) and m.round is rnd and rnd.turn.taken is not None:
            taken[(rnd.number, at)] = rnd.turn.taken.face
        if isinstance(action, A.Discard) and m.round is rnd and not m.over:
            story = round_story(view_for(m, 0).history, view_for(m, 0).upcard)
            for turn in story:
                for step in turn.steps:
                    if isinstance(step.action, A.Take):
                        assert step.card == taken[(rnd.number, step.at)], f"seed {seed}"
                    else:
                        assert step.card is None, f"seed {seed}"
    assert m.actions, f"seed {seed}: nothing was played"


def test_the_cards_that_arrived_since_a_seats_turn_are_found_on_the_table() -> None:
    m = match(
        "classic",
        [
            {
                "hands": [
                    ["7H", "8H", "9H", "5S", "5D", "5C", "QD", "2C", "4D", "6D"],
                    ["AS", "2S", "3S", "4H", "6C", "8C", "10D", "JD", "JS", "9C"],
                ],
                "stock": ["10H", "KH", "2H", "5H"],
                "upcard": "KD",
                "dealer": 1,
            }
        ],
        [
            "draw",
            "meld 7H 8H 9H",
            "discard QD",
            "draw",
            "meld AS 2S 3S",
            "discard 10D",
            "draw",
            "meld 5S 5D 5C",
            "layoff 10H m1",
            "discard 2C",
            "draw",
        ],
    )
    turns = round_story(m.round.history, m.round.upcard)
    news = since_last_turn(turns, 1)  # seat 1 last finished the turn with 10D
    got = arrived(turns, news, m.round.table)
    assert sorted(str(c) for c in got) == ["10H", "5C", "5D", "5S"]
    assert set(got.values()) == {0}
    assert since_last_turn(turns, 0)[-1].finished is False  # seat 1 is still playing
    assert arrived(turns, since_last_turn(turns, 0), m.round.table) == {}  # it only drew
    everything = arrived(turns, turns, m.round.table)
    assert {str(c): s for c, s in everything.items()} == {
        "7H": 0,
        "8H": 0,
        "9H": 0,
        "10H": 0,
        "AS": 1,
        "2S": 1,
        "3S": 1,
        "5S": 0,
        "5D": 0,
        "5C": 0,
    }

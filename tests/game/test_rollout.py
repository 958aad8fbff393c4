"""The fast playout policy of search (game/rollout.py): it plays any guessed round to its
end through the rules, loses no card, and plays the same way for the same seed."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from game.bots import chooser
from game.determinize import Determinizer
from game.match import Match, Player
from game.rollout import Playout
from game.rules import PRESETS, preset
from game.view import PlayerView, view_for
from tests.helpers import all_cards

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

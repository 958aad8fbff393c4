"""Watching a finished round again (game/rewind.py): every position, the last one as it ended."""

from __future__ import annotations

import pytest

from game.match import Match, Player
from game.playout import GreedyRandom
from game.rewind import round_frames
from game.rules import preset


def played(name: str, seed: int, rounds: int) -> Match:
    m = Match(preset(name, players=3), [Player(f"P{i}") for i in range(3)], seed)
    policy = GreedyRandom(seed)
    while not m.over and len(m.results) < rounds:
        m.apply(policy.choose(m))
    return m


@pytest.mark.parametrize("name", ["classic", "hand"])
def test_the_frames_of_a_round_run_from_the_deal_to_its_end(name: str) -> None:
    m = played(name, 3, 2)
    for index, result in enumerate(m.results):
        frames = round_frames(m, index)
        first, last = frames[0], frames[-1]
        assert first.action == "" and first.seat is None
        assert all(f.action for f in frames[1:])
        assert [tuple(h) for h in last.hands] == [tuple(h) for h in result.end.hands]
        dealt = sum(len(h) for h in first.hands)
        assert dealt == sum(len(h) for h in frames[1].hands) - 1 or frames[1].action != "draw"
    with pytest.raises(ValueError):
        round_frames(m, len(m.results))

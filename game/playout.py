"""A seeded playout policy for tests and benchmarks: random, but it melds when it can.

Pure random play rarely reaches a 40 or 51 opening, and Hand's void rounds never end
a match without openings, so this policy prefers melding, laying off and swapping, and
gives up a short opening by undoing it.
"""

from __future__ import annotations

import random

from . import actions as A
from .match import Match

PLAYS = (A.Meld, A.LayOff, A.Swap)


class GreedyRandom:
    """Chooses a legal action: plays cards while it can, then discards; undoes dead ends."""

    def __init__(self, seed: int, meld_chance: float = 0.9) -> None:
        self.rng = random.Random(seed)
        self.meld_chance = meld_chance
        self._turn: tuple[int, int, int] = (-1, -1, -1)
        self._giving_up = False

    def choose(self, match: Match, legal: list[A.Action] | None = None) -> A.Action:
        """One legal action for the seat to move (``legal`` saves recomputing it)."""
        legal = match.legal() if legal is None else legal
        rnd = match.round
        key = (rnd.number, rnd.current, rnd.turns_taken[rnd.current])
        if key != self._turn:
            self._turn, self._giving_up = key, False
        plays = [a for a in legal if isinstance(a, PLAYS)]
        discards = [a for a in legal if isinstance(a, A.Discard)]
        undo = [a for a in legal if isinstance(a, A.Undo)]
        if plays and not self._giving_up and self.rng.random() < self.meld_chance:
            return self.rng.choice(plays)
        if discards:
            return self.rng.choice(discards)
        if undo:
            self._giving_up = True
            return undo[0]
        others = [a for a in legal if not isinstance(a, A.Redeal)] or legal
        return self.rng.choice(others)


def play_match(match: Match, seed: int, max_actions: int = 100_000) -> int:
    """Play a match to its end with GreedyRandom; the number of actions applied."""
    policy = GreedyRandom(seed)
    count = 0
    while not match.over and count < max_actions:
        match.apply(policy.choose(match))
        count += 1
    return count

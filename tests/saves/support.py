"""Matches for the save tests: seeded playouts stopped where a test needs them."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from game.match import Match, Player
from game.playout import GreedyRandom
from game.rules import preset

HUMAN_FIRST = ("human", "bot", "bot", "bot", "bot", "bot")


def new_match(name: str = "hand", players: int = 4, seed: int = 5, **options: object) -> Match:
    """A match with a human in seat 0 and bots elsewhere."""
    seats = [Player(f"P{i}", HUMAN_FIRST[i], None if i == 0 else "medium") for i in range(players)]
    return Match(preset(name, players=players, **options), seats, seed)


def play_until(
    match: Match, done: Callable[[Match], bool], seed: int = 1, limit: int = 20_000
) -> Match:
    """Play GreedyRandom actions until ``done(match)`` (or the match ends)."""
    policy = GreedyRandom(seed)
    for _ in range(limit):
        if done(match) or match.over:
            return match
        match.apply(policy.choose(match))
    raise AssertionError("play_until: the condition was never met")


def undo_pending(match: Match) -> bool:
    """True when the seat to move has a meld, lay-off or swap it can still take back."""
    return match.round.can_undo and match.round.phase == "play"


def finished(name: str = "hand", players: int = 4, seed: int = 5, **options: object) -> Match:
    """A match played to its end."""
    return play_until(new_match(name, players, seed, **options), lambda m: False, seed)


def saves_files(base: Path) -> list[str]:
    """Every file under the saves folder, relative, sorted (for before/after checks)."""
    folder = base / "data" / "saves"
    return sorted(str(p.relative_to(folder)) for p in folder.rglob("*") if p.is_file())

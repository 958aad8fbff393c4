"""Seeded positions for screenshots and benchmarks: a match played on by medium bots."""

from __future__ import annotations

from collections.abc import Callable

from game.bots import choose
from game.match import Match, Player
from game.rules import preset
from game.view import view_for

Done = Callable[[Match], bool]


def _players(count: int) -> list[Player]:
    names = ["You", "Ben", "Carla", "Dev", "Emma", "Farid"]
    return [Player("You", "human")] + [Player(names[i], "bot", "medium") for i in range(1, count)]


def play_until(match: Match, done: Done, limit: int = 3000) -> bool:
    """Every seat plays as a medium bot until `done` holds (True) or the limit is hit."""
    for _ in range(limit):
        if done(match):
            return True
        if match.over:
            return False
        match.apply(choose(view_for(match, match.current), "medium"))
    return done(match)


def table_cards(match: Match) -> int:
    """Cards on the table in the current round."""
    return sum(len(m.pieces) for m in match.round.table)


def demo_match(
    preset_name: str = "classic", players: int = 2, seed: int = 7, melds: int = 2
) -> Match:
    """A match a few turns in, with melds down and the human (seat 0) to draw."""
    for s in range(seed, seed + 50):
        match = Match(preset(preset_name, players=players), _players(players), s)
        if play_until(match, lambda m: _ready(m) and len(m.round.table) >= melds, 400):
            return match
    return Match(preset(preset_name, players=players), _players(players), seed)


def crowded_match(
    preset_name: str = "hand", players: int = 4, seed: int = 1, cards: int = 40
) -> Match:
    """A match whose table holds at least `cards` cards, the human (seat 0) to move."""
    for s in range(seed, seed + 200):
        match = Match(preset(preset_name, players=players), _players(players), s)
        if play_until(match, lambda m: _ready(m) and table_cards(m) >= cards):
            return match
    raise RuntimeError(f"no seeded {preset_name} match reached {cards} cards on the table")


def _ready(match: Match) -> bool:
    """The human (seat 0) is about to draw."""
    return not match.over and match.current == 0 and match.round.phase == "draw"

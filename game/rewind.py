"""A finished round again, position by position: for watching it back once it is over.

Every hand is shown in these frames, so they are only for rounds that have ended (their
hands were revealed on the score sheet anyway). The match is replayed from its own record
(the same seed and deals), so a saved match can be watched back as well as the one at the
table.
"""

from __future__ import annotations

from dataclasses import dataclass

from .cards import Card
from .match import Match
from .melds import Meld
from .record import load, save
from .round_state import RoundState


@dataclass(frozen=True, slots=True)
class Frame:
    """The table after one action of the round (the first frame: as dealt)."""

    seat: int | None  # who played the action (None for the deal)
    action: str  # the action in notation ("" for the deal)
    hands: tuple[tuple[Card, ...], ...]
    table: tuple[Meld, ...]
    discard: Card | None
    stock: int
    current: int


def round_frames(match: Match, index: int) -> list[Frame]:
    """The frames of the finished round `index` (0: the first of `match.results`)."""
    if not 0 <= index < len(match.results):
        raise ValueError(f"round {index} has not ended (the match has {len(match.results)})")
    replay = load({**save(match), "actions": []}).start()
    frames: list[Frame] = []
    for text in match.actions:
        done = len(replay.results)
        if done > index:
            break
        rnd, seat = replay.round, replay.current
        if done == index and not frames:
            frames.append(_frame(rnd, None, ""))
        replay.apply(text)
        if done == index:  # the round object keeps its state after the action, even the last
            frames.append(_frame(rnd, seat, text))
    return frames


def _frame(rnd: RoundState, seat: int | None, text: str) -> Frame:
    return Frame(
        seat,
        text,
        tuple(tuple(h) for h in rnd.hands),
        tuple(rnd.table),
        rnd.discard[-1] if rnd.discard else None,
        len(rnd.stock),
        rnd.current,
    )

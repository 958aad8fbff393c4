"""When a seat keeps its melds in hand: one judgement for the hard bot and for search.

Melds kept in hand give the others nothing to lay off on, and where going out in one pays
double they can all go down at once; but a seat caught holding them when another goes out
pays for every card. The hard bot (game/bots/hard.py) and the playouts with which search
judges its lines (game/rollout.py) both decide by these rules: search should judge a line
by how its opponents really play.

Everything here is public: hand sizes, openings, announcements, who has put cards down and
how many turns each seat has taken.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .rules import Rules

# hold melds back while every other hand that could go out has this many cards. Holding is
# worth a lot against hard: hard that never holds won 21.3% ± 2.3 of classic matches against
# hard (500 deals) and 32.2% ± 2.0 of standard's (300 deals, session 19)
HOLD_SAFE = 5
ONE_AWAY = 3  # before an opening, cards short of going out in one at which to hold
NOBODY_OPEN_AWAY = 9  # the same while no other seat has opened (measured in Hand)
# where going out in one pays double and needs no minimum opening, a seat that has kept
# everything in hand for this many turns may be one card from going out in one, whatever its
# card count (measured in classic between hard bots: about 3% go out on their 5th turn, 9%
# on their 8th, 15% on their 10th). With a minimum opening (Rommé, Hand) the same rule lost
# points (Hand: -6.0 ± 2.0 a round against hard without it), so there it is not used.
BUILT_TURNS = 8


@dataclass(frozen=True, slots=True)
class Table:
    """What one seat sees of every seat (indexed by seat)."""

    rules: Rules
    seat: int
    seats: Sequence[int]  # the seats still in the round
    counts: Sequence[int]  # cards in hand
    opened: Sequence[bool]
    announced: Sequence[int | None]  # 1: "one card" announced
    played: Sequence[bool]  # has put cards on the table this round
    turns: Sequence[int]  # turns taken this round

    @property
    def others(self) -> list[int]:
        return [s for s in self.seats if s != self.seat]


def danger(t: Table) -> bool:
    """Another seat is close to going out: two cards or fewer, "one card" announced, or
    (see BUILT_TURNS) a hand kept whole long enough to be all melds but one."""
    others = t.others
    if any(t.counts[s] <= 2 or t.announced[s] == 1 for s in others):
        return True
    rules = t.rules
    if not rules.out_in_one_double or rules.opening_min:
        return False
    return any(not t.played[s] and t.turns[s] >= BUILT_TURNS for s in others)


def safe(t: Table, hold: int = HOLD_SAFE) -> bool:
    """No danger, and every other hand that could go out holds ``hold`` cards or more (a
    seat that has not reached a minimum opening cannot go out before it opens)."""
    if danger(t):
        return False
    opening = t.rules.opening_min
    return all(t.counts[s] >= hold for s in t.others if t.opened[s] or not opening)


def keeps_melds(t: Table, left: int, one_away: int = ONE_AWAY, hold: int = HOLD_SAFE) -> bool:
    """Whether a seat that cannot go out now, with ``left`` cards it cannot meld, keeps its
    melds in hand: when it is safe, and either it is down already or has no minimum to
    reach, or it is close to going out in one (``one_away``; further while nobody else
    has opened, as then nobody can go out before opening)."""
    if not safe(t, hold):
        return False
    if t.played[t.seat] or t.opened[t.seat] or not t.rules.opening_min:
        return True
    if not any(t.opened[s] for s in t.others):
        return left <= NOBODY_OPEN_AWAY
    return left <= one_away

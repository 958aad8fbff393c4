"""The two simple levels: ``random`` and ``easy`` (a beginner who melds what it sees)."""

from __future__ import annotations

from .. import actions as A
from ..candidates import meld_options
from ..view import PlayerView
from .common import (
    discard_by,
    of_kind,
    opening_plan,
    penalty,
    pick_for,
    rng_for,
    undid_this_turn,
)

SLIP = 0.15  # how often the easy bot discards without thinking


def choose_random(view: PlayerView) -> A.Action:
    """A uniformly random legal move (for tests and benchmarks).

    It takes nothing back by choice: ``undo`` only when nothing else is legal, and then
    all the way back to where the turn can end again (a discard or draw is legal).
    Choosing undo like any other action would be a random walk that, in a long turn
    (Rommé's taken card, lay-offs before an opening that must go out in one), can take
    millions of steps to find the way back to a discard.
    """
    undo = of_kind(view, A.Undo)
    backing_out = bool(undo) and view.history[-1:] == ((view.seat, "undo"),)
    if backing_out and not of_kind(view, A.Discard) and not of_kind(view, A.Draw):
        return undo[0]
    moves = [a for a in view.legal if not isinstance(a, A.Undo)] or undo
    return moves[0] if len(moves) == 1 else pick_for(view, "random", moves)


def choose_easy(view: PlayerView) -> A.Action:
    """Melds what it sees when that opens, lays off, discards its highest loose card."""
    rng = rng_for(view, "easy")
    legal = list(view.legal)
    undone = undid_this_turn(view)
    if view.phase == "draw":
        takes = of_kind(view, A.Take)
        wants = takes and not undone and _take_helps(view) and rng.random() > SLIP
        return takes[0] if wants else A.Draw()
    if not undone:
        plan = opening_plan(view)
        if plan:
            return plan[0]
        layoffs = of_kind(view, A.LayOff)
        if layoffs:
            return layoffs[0]
    return _easy_discard(view, rng.random() < SLIP) or _fallback(legal)


def _take_helps(view: PlayerView) -> bool:
    top = view.discard[-1]
    if view.rules.discard_pickup != "free" and not view.opened[view.seat]:
        return False  # it would have to open with it: too much planning for a beginner
    return bool(meld_options([*view.hand, top], view.wilds, view.rules, must_include=top, limit=1))


def _easy_discard(view: PlayerView, slip: bool) -> A.Action | None:
    in_melds = {c for cards, _ in meld_options(view.hand, view.wilds, view.rules) for c in cards}
    rng = rng_for(view, "slip")
    if slip:
        return discard_by(view, lambda c: rng.random())
    return discard_by(view, lambda c: (c not in in_melds, not view.is_wild(c), penalty(view, c)))


def _fallback(legal: list[A.Action]) -> A.Action:
    undo = [a for a in legal if isinstance(a, A.Undo)]
    return undo[0] if undo else legal[0]

"""The ``medium`` and ``hard`` levels: built on the exact meld solver."""

from __future__ import annotations

from .. import actions as A
from ..cards import Card, Face
from ..solver import Solution, best_melds
from ..view import PlayerView
from .common import of_kind, penalty, rng_for, undid_this_turn
from .tracking import Tracker


def choose_medium(view: PlayerView) -> A.Action:
    """Solver play: open as soon as it can, meld and lay off, discard by deadwood and outs."""
    return _choose(view, hard=False)


def choose_hard(view: PlayerView) -> A.Action:
    """Medium plus card tracking: does not feed the next player, dumps points when in danger."""
    return _choose(view, hard=True)


def _choose(view: PlayerView, hard: bool) -> A.Action:
    if view.phase == "draw":
        return _draw(view)
    undone = undid_this_turn(view)
    if view.phase == "play" and not undone and not (hard and _hold_for_one(view)):
        play = _play(view)
        if play is not None:
            return play
    discard = _discard(view, hard)
    if discard is not None:
        return discard
    undo = of_kind(view, A.Undo)
    return undo[0] if undo else rng_for(view).choice(list(view.legal))


# --- drawing -----------------------------------------------------------------------------


def _keep(view: PlayerView) -> int:
    return 1 if view.rules.out_requires_discard else 0


def _needs(view: PlayerView) -> int:
    return 0 if view.opened[view.seat] else view.opening_needed


def _draw(view: PlayerView) -> A.Action:
    takes = of_kind(view, A.Take)
    if not takes or undid_this_turn(view):
        return A.Draw()
    top = view.discard[-1]
    now = best_melds(view.hand, view.wilds, view.rules, keep=_keep(view))
    goal = "opening" if _needs(view) else "deadwood"
    after = best_melds([*view.hand, top], view.wilds, view.rules, goal=goal, keep=1)
    if not any(top in cards for cards, _ in after.melds):
        return A.Draw()
    if goal == "opening" and after.opening_value < _needs(view):
        return A.Draw()
    return takes[0] if after.deadwood_value < now.deadwood_value + penalty(view, top) else A.Draw()


# --- melding -----------------------------------------------------------------------------


def _plan(view: PlayerView) -> Solution:
    keep = _keep(view)
    if _needs(view) and view.opening_value < _needs(view):
        opening = best_melds(view.hand, view.wilds, view.rules, goal="opening", keep=keep)
        out = best_melds(view.hand, view.wilds, view.rules, keep=keep)
        if len(out.deadwood) <= max(keep, 1) and not out.deadwood_value > 10:
            return out  # going out in one may stay under the minimum
        return opening
    return best_melds(view.hand, view.wilds, view.rules, keep=keep)


def _listed(
    view: PlayerView, cards: tuple[Card, ...], decls: tuple[Face | None, ...]
) -> A.Action | None:
    faces = tuple(c.face for c in cards)
    for action in view.legal:
        if isinstance(action, A.Meld) and sorted(
            zip(action.cards, action.decls, strict=True), key=str
        ) == sorted(zip(faces, decls, strict=True), key=str):
            return action
    return None


def _play(view: PlayerView) -> A.Action | None:
    plan = _plan(view)
    enough = plan.opening_value + view.opening_value >= _needs(view) or len(plan.deadwood) <= 1
    if plan.melds and enough:
        for cards, decls in sorted(plan.melds, key=lambda m: -len(m[0])):
            action = _listed(view, cards, decls)
            if action is not None:
                return action
    deadwood = set(plan.deadwood)
    for action in of_kind(view, A.LayOff):
        assert isinstance(action, A.LayOff)
        if any(c.face == action.cards[0] for c in deadwood):
            return action
    swaps = of_kind(view, A.Swap)
    return swaps[0] if swaps else None


def _hold_for_one(view: PlayerView) -> bool:
    """Hard: keep melds in hand while going out in one (doubled) is two or three cards away."""
    if not view.rules.out_in_one_double or not view.rules.opening_min:
        return False  # measured: holding pays where an opening minimum slows everyone down
    if view.opened[view.seat] or view.opening_value:
        return False
    if any(p.by == view.seat for m in view.table for p in m.pieces):
        return False
    plan = best_melds(view.hand, view.wilds, view.rules, keep=_keep(view))
    if len(plan.deadwood) <= max(_keep(view), 0) or len(plan.deadwood) > 3:
        return False  # out now, or too far away
    others = [view.hand_counts[s] for s in view.active if s != view.seat]
    return not Tracker(view).danger() and min(others, default=99) >= 5


# --- discarding --------------------------------------------------------------------------


def _discard(view: PlayerView, hard: bool) -> A.Action | None:
    discards = [a for a in view.legal if isinstance(a, A.Discard)]
    if not discards:
        return None
    plan = best_melds(view.hand, view.wilds, view.rules, keep=1)
    loose = set(plan.deadwood) or set(view.hand)
    tracker = Tracker(view)
    by_face = {c.face: c for c in view.hand if c != view.taken}

    def worth(action: A.Discard) -> tuple[float, ...]:
        card = by_face.get(action.card)
        if card is None:
            return (-1e9,)
        danger = hard and tracker.danger()
        score = penalty(view, card) - (1.0 if danger else 3.0) * tracker.outs(card)
        if view.is_wild(card):
            score -= 100
        if hard:
            score -= 1.0 * tracker.feeds_next(card) + 4.0 * _fits_table(view, card)
        return (card in loose, score)

    return max(discards, key=worth)


def _fits_table(view: PlayerView, card: Card) -> bool:
    """Whether a card would extend a meld on the table (anyone could use it)."""
    face = card.face
    for meld in view.table:
        if meld.kind == "set":
            if len(meld.pieces) < 4 and meld.rank == face.rank:
                return True
        elif meld.suit == face.suit:
            low, high = meld.start - 1, meld.start + len(meld.pieces)
            if face.rank in ((low - 1) % 13 + 1, (high - 1) % 13 + 1):
                return True
    return False

"""The ``medium`` and ``hard`` levels: built on the exact meld solver."""

from __future__ import annotations

from .. import actions as A
from ..candidates import MAX_WILDS
from ..cards import Card, Face
from ..solver import Solution, best_melds
from ..view import PlayerView
from .common import best_discard, keep, meld_of, of_kind, penalty, take_turn, undid_this_turn
from .tracking import Tracker


def choose_medium(view: PlayerView) -> A.Action:
    """Solver play: open as soon as it can, meld and lay off, discard by deadwood and outs."""
    return take_turn(view, draw, play, _discard)


# --- drawing -----------------------------------------------------------------------------


def _needs(view: PlayerView) -> int:
    return 0 if view.opened[view.seat] else view.opening_needed


def draw(view: PlayerView, for_opening: bool = True) -> A.Action:
    """Take the discard when it goes into a meld and lowers the deadwood; else the stock.
    Before its opening a seat takes only a card that completes the opening, unless not
    ``for_opening``."""
    takes = of_kind(view, A.Take)
    if not takes or undid_this_turn(view):
        return A.Draw()
    top = view.discard[-1]
    now = best_melds(view.hand, view.wilds, view.rules, keep=keep(view))
    goal = "opening" if for_opening and _needs(view) else "deadwood"
    after = best_melds([*view.hand, top], view.wilds, view.rules, goal=goal, keep=1)
    if not any(top in cards for cards, _ in after.melds):
        return A.Draw()
    if goal == "opening" and after.opening_value < _needs(view):
        return A.Draw()
    return takes[0] if after.deadwood_value < now.deadwood_value + penalty(view, top) else A.Draw()


# --- melding -----------------------------------------------------------------------------


def _plan(view: PlayerView) -> Solution:
    kept = keep(view)
    if _needs(view) and view.opening_value < _needs(view):
        opening = best_melds(view.hand, view.wilds, view.rules, goal="opening", keep=kept)
        out = best_melds(view.hand, view.wilds, view.rules, keep=kept)
        if len(out.deadwood) <= max(kept, 1) and not out.deadwood_value > 10:
            return out  # going out in one may stay under the minimum
        return opening
    return best_melds(view.hand, view.wilds, view.rules, keep=kept)


def _listed(
    view: PlayerView, cards: tuple[Card, ...], decls: tuple[Face | None, ...]
) -> A.Action | None:
    faces = tuple(c.face for c in cards)
    for action in view.legal:
        if isinstance(action, A.Meld) and sorted(
            zip(action.cards, action.decls, strict=True), key=str
        ) == sorted(zip(faces, decls, strict=True), key=str):
            return action
    return _unlisted(view, cards, A.Meld(faces, decls))


def _unlisted(view: PlayerView, cards: tuple[Card, ...], action: A.Meld) -> A.Meld | None:
    """A meld with more wilds than the legal list holds (DECISIONS #16), when the engine
    takes it: the cards read as a meld, and what is left lets the turn go on (or end)."""
    if sum(view.is_wild(c) for c in cards) <= MAX_WILDS or meld_of(view, action) is None:
        return None  # a meld with fewer wilds is listed whenever it is legal
    rules, taken = view.rules, view.taken
    rest = [c for c in view.hand if c not in cards]
    if rules.no_return and taken is not None and rest == [taken]:
        return None
    if rest:
        return action
    # going out by this meld: only where nothing about going out can be refused
    taken_used = taken is None or rules.discard_pickup == "free" or taken in cards
    first_turn = rules.no_out_first_turn and not view.turns_taken[view.seat]
    if rules.out_requires_discard or rules.announce == "manual" or first_turn:
        return None
    return action if taken_used else None


def play(view: PlayerView, melds: bool = True) -> A.Action | None:
    """The next meld of the plan once it may go down (unless ``melds`` is off), else a
    lay-off of deadwood or a swap."""
    plan = _plan(view)
    enough = plan.opening_value + view.opening_value >= _needs(view) or len(plan.deadwood) <= 1
    if melds and plan.melds and enough:
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


# --- discarding --------------------------------------------------------------------------


def _discard(view: PlayerView) -> A.Action | None:
    tracker = Tracker(view)

    def score(card: Card) -> float:
        wild = 100 if view.is_wild(card) else 0
        return penalty(view, card) - 3.0 * tracker.outs(card) - wild

    return best_discard(view, score)


def fits_table(view: PlayerView, card: Card) -> bool:
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

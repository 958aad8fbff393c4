"""Planning each action: check it against the round and work out the hand and table after it."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from . import actions as A
from .candidates import meld_options
from .cards import Card, Face
from .errors import Refusal, refuse
from .melds import Item, Meld, Shape, WildInfo, items_for, lay_off, resolve, swap, to_meld
from .picking import pick
from .round_state import RoundState
from .turn import Plan
from .turn_checks import finish_problem, may_lay_off, not_opened_refusal, opened_now

PLAY_ACTIONS = (A.Meld, A.LayOff, A.Swap)


def phase_problem(rnd: RoundState, *allowed: str) -> Refusal | None:
    """Why the round's phase does not allow the action, or None when it does."""
    if rnd.phase in allowed:
        return None
    if rnd.phase == "draw":
        return refuse("must_draw", "draw a card first (from the stock or the discard pile)")
    if rnd.phase == "discard":
        return refuse("discard_only", "your first turn is a discard only")
    return refuse("already_drawn", "you have already drawn this turn")


# --- drawing ----------------------------------------------------------------------


def plan_draw(rnd: RoundState, action: A.Action) -> Plan | Refusal:
    """Plan drawing the top card of the stock."""
    problem = phase_problem(rnd, "draw")
    if problem:
        return problem
    if not rnd.stock:
        return refuse("stock_empty", "the stock is empty")
    return Plan(())


def plan_take(rnd: RoundState, action: A.Action) -> Plan | Refusal:
    """Plan taking the top card of the discard pile."""
    problem = phase_problem(rnd, "draw")
    if problem:
        return problem
    if not rnd.discard:
        return refuse("discard_empty", "the discard pile is empty")
    card = rnd.discard[-1]
    if rnd.rules.discard_pickup != "free" and not _usable(rnd, card):
        how = (
            "meld it with two cards from your hand"
            if rnd.rules.discard_pickup == "must_meld_new"
            else "meld it or lay it off"
        )
        return refuse(
            "cannot_use_discard",
            "you may take {card} only if you {how} this turn",
            card=card.face.pretty(),
            how=how,
        )
    return Plan(())


def _usable(rnd: RoundState, card: Card) -> bool:
    wilds = tamed_with(rnd, card) if tames(rnd, card) else rnd.wilds
    hand = [*rnd.hand, card]
    if meld_options(hand, wilds, rnd.rules, must_include=card, limit=1):
        return True
    if rnd.rules.discard_pickup == "must_meld_new" or not may_lay_off(rnd):
        return False
    item = items_for([card], [None], wilds, rnd.current)
    return any(not isinstance(lay_off(m, item, rnd.rules), Refusal) for m in rnd.table)


def tamed_with(rnd: RoundState, card: Card) -> WildInfo:
    """The wild cards once ``card`` is taken from the discard pile and tamed (Hand)."""
    return replace(rnd.wilds, tamed=rnd.wilds.tamed | {card})


def tames(rnd: RoundState, card: Card) -> bool:
    """Taking ``card`` from the discard pile tames it (a wild taken becomes natural, Hand)."""
    return rnd.rules.tame_taken_wilds and rnd.wilds.is_wild(card)


# --- meld, lay off, swap --------------------------------------------------------------


def plan_meld(rnd: RoundState, action: A.Action) -> Plan | Refusal:
    """Plan putting down a new meld from hand."""
    assert isinstance(action, A.Meld)
    problem = phase_problem(rnd, "play")
    if problem:
        return problem
    ways = pick(rnd, action.cards, action.decls)
    if isinstance(ways, Refusal):
        return ways
    first: Refusal | None = None
    for cards in ways:
        items = items_for(cards, action.decls, rnd.wilds, rnd.current)
        shape = _resolve(rnd, tuple(cards), action.decls, items)
        if isinstance(shape, Refusal):
            first = first or shape
            continue
        return _after_play(rnd, cards, to_meld(shape, items, _next_id(rnd), rnd.current), ())
    assert first is not None
    return first


def _resolve(
    rnd: RoundState, cards: tuple[Card, ...], decls: tuple[Face | None, ...], items: list[Item]
) -> Shape | Refusal:
    """How the cards read as a new meld; remembered for the round (hands repeat a lot)."""
    key = (cards, decls, rnd.wilds.tamed)
    shape = rnd._shapes.get(key)
    if shape is None:
        shape = rnd._shapes[key] = resolve(items, rnd.rules)
    return shape


def _next_id(rnd: RoundState) -> int:
    return max((m.id for m in rnd.table), default=0) + 1


def _find_meld(rnd: RoundState, meld_id: int) -> Meld | Refusal:
    for m in rnd.table:
        if m.id == meld_id:
            return m
    return refuse("no_such_meld", "there is no meld m{meld} on the table", meld=str(meld_id))


def plan_layoff(rnd: RoundState, action: A.Action) -> Plan | Refusal:
    """Plan laying off cards from hand on a meld on the table."""
    assert isinstance(action, A.LayOff)
    problem = phase_problem(rnd, "play")
    if problem:
        return problem
    meld = _find_meld(rnd, action.meld)
    if isinstance(meld, Refusal):
        return meld
    early = _early_layoff(rnd)
    if isinstance(early, Refusal):
        return early
    ways = pick(rnd, action.cards, action.decls)
    if isinstance(ways, Refusal):
        return ways
    first: Refusal | None = None
    for cards in ways:
        items = items_for(cards, action.decls, rnd.wilds, rnd.current)
        grown = _grow(rnd, meld, tuple(cards), action.decls, items)
        if isinstance(grown, Refusal):
            first = first or grown
            continue
        flags = {
            "early_layoff": early,
            "partial_set": _partial_set(rnd, meld, items),
            "laid_on_others": meld.id not in rnd.turn.new_melds,
        }
        return _after_play(rnd, cards, grown, (), flags)
    assert first is not None
    return first


def _early_layoff(rnd: RoundState) -> bool | Refusal:
    """False when laying off is open; True when only going out in one allows it (Hand)."""
    if may_lay_off(rnd):
        return False
    if not (rnd.rules.out_in_one_layoff and not rnd.played_before[rnd.current]):
        return not_opened_refusal(rnd, "lay off")
    return True


def _grow(
    rnd: RoundState,
    meld: Meld,
    cards: tuple[Card, ...],
    decls: tuple[Face | None, ...],
    items: list[Item],
) -> Meld | Refusal:
    """The meld with cards laid off; remembered for the round like new melds."""
    key = (id(meld), cards, decls, rnd.wilds.tamed, rnd.current)
    got = rnd._shapes.get(key)
    if got is None or got[0] is not meld:  # the meld itself is kept, so its id stays unique
        got = rnd._shapes[key] = (meld, lay_off(meld, items, rnd.rules))
    return got[1]


def _partial_set(rnd: RoundState, meld: Meld, items: list[Item]) -> bool:
    """Hand: one missing card laid off on a set of two naturals and a wild."""
    return (
        rnd.rules.set_wild == "missing"
        and meld.kind == "set"
        and len(meld.pieces) == 3
        and meld.wild_count == 1
        and len(items) == 1
    )


def plan_swap(rnd: RoundState, action: A.Action) -> Plan | Refusal:
    """Plan taking a wild from a meld on the table for the natural card(s) it stands for."""
    assert isinstance(action, A.Swap)
    problem = phase_problem(rnd, "play")
    if problem:
        return problem
    if rnd.rules.wild_swap == "never":
        return refuse("swap_not_allowed", "wild cards may not be taken from the table")
    meld = _find_meld(rnd, action.meld)
    if isinstance(meld, Refusal):
        return meld
    if not may_lay_off(rnd) or (rnd.rules.wild_swap == "after_opening" and not opened_now(rnd)):
        return not_opened_refusal(rnd, "take a wild")
    ways = pick(rnd, action.cards, tuple(None for _ in action.cards))
    if isinstance(ways, Refusal):
        return ways
    first: Refusal | None = None
    for cards in ways:
        items = items_for(cards, [None] * len(cards), rnd.wilds, rnd.current)
        got = swap(meld, items, rnd.rules)
        if isinstance(got, Refusal):
            first = first or got
            continue
        return _after_play(rnd, cards, got[0], tuple(got[1]))
    assert first is not None
    return first


def _after_play(
    rnd: RoundState,
    cards: list[Card],
    meld: Meld,
    back: tuple[Card, ...],
    flags: dict[str, bool] | None = None,
) -> Plan | Refusal:
    gone = set(cards)
    hand = tuple(c for c in rnd.hand if c not in gone) + back
    taken = rnd.turn.taken
    if rnd.rules.no_return and taken is not None and hand == (taken,):
        return refuse(
            "no_return_last",
            "you may not meld so much that only {card}, taken from the discard pile, is left",
            card=taken.face.pretty(),
        )
    if not hand and rnd.rules.out_requires_discard:
        return refuse("keep_one", "you must keep one card to discard")
    plan = Plan(hand, meld, back, not hand, flags)
    if plan.out:
        problem = finish_problem(rnd, plan, going_out=True)
        if problem:
            return problem
    return plan


# --- discard, announce, redeal, undo ----------------------------------------------------


def plan_discard(rnd: RoundState, action: A.Action) -> Plan | Refusal:
    """Plan discarding a card, which ends the turn (or goes out with the last card)."""
    assert isinstance(action, A.Discard)
    problem = phase_problem(rnd, "play", "discard")
    if problem:
        return problem
    copies = [c for c in rnd.hand if c.face == action.card]
    if not copies:
        return refuse("not_in_hand", "{card} is not in your hand", card=action.card.pretty())
    taken = rnd.turn.taken
    if rnd.rules.no_return:
        copies = [c for c in copies if c != taken]
        if not copies:
            return refuse(
                "no_return",
                "you may not discard {card}: you took it from the discard pile this turn",
                card=action.card.pretty(),
            )
    card = min(copies, key=rnd.wilds.is_wild) if len(copies) > 1 else copies[0]
    hand = tuple(c for c in rnd.hand if c != card)
    plan = Plan(hand, back=(card,), out=not hand)
    if hand and rnd._discard_ok:  # legal_discards() found the end of the turn in order
        return plan
    problem = finish_problem(rnd, plan, going_out=not hand)
    return problem or plan


def plan_announce(rnd: RoundState, action: A.Action) -> Plan | Refusal:
    """Plan announcing the cards left (where announcements are made by hand)."""
    if rnd.rules.announce != "manual":
        return refuse("announce_off", "announcements are not made by hand in these rules")
    problem = phase_problem(rnd, "play", "discard")
    if problem:
        return problem
    if rnd.turn.announced:
        return refuse("announced", "you have already announced this turn")
    if len(rnd.hand) > 4:
        return refuse(
            "announce_early",
            "announce when you will hold three cards or fewer after discarding",
        )
    return Plan(tuple(rnd.hand))


def plan_redeal(rnd: RoundState, action: A.Action) -> Plan | Refusal:
    """Plan asking for a redeal on a hand of pairs (Hand)."""
    if not rnd.rules.redeal_pairs:
        return refuse("redeal_off", "redeals are not part of these rules")
    if not rnd.redeal_allowed():
        return refuse(
            "redeal_not_allowed",
            "a redeal needs four pairs (or three pairs and a "
            "wild, or two pairs and two wilds), asked before your first draw",
        )
    return Plan(tuple(rnd.hand))


def plan_undo(rnd: RoundState, action: A.Action) -> Plan | Refusal:
    """Plan taking back the last step of this turn."""
    if not rnd._undo:
        return refuse("nothing_to_undo", "there is nothing to undo in this turn")
    return Plan(tuple(rnd.hand))


PLANNERS: dict[type[A.Action], Callable[[RoundState, A.Action], Plan | Refusal]] = {
    A.Draw: plan_draw,
    A.Take: plan_take,
    A.Meld: plan_meld,
    A.LayOff: plan_layoff,
    A.Swap: plan_swap,
    A.Discard: plan_discard,
    A.Announce: plan_announce,
    A.Redeal: plan_redeal,
    A.Undo: plan_undo,
}

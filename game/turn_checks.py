"""Checks on the turn as a whole: the opening, the taken discard, and how a turn may end."""

from __future__ import annotations

from .errors import Refusal, refuse
from .melds import Meld, meld_value
from .round_state import RoundState
from .turn import Plan

# --- opening ------------------------------------------------------------------------


def opened_now(rnd: RoundState) -> bool:
    """The player to move has opened, before this turn or by the melds put down in it."""
    if rnd.opened[rnd.current]:
        return True
    return bool(rnd.turn.new_melds) and rnd.opening_value() >= rnd.opening_needed()


def may_lay_off(rnd: RoundState) -> bool:
    """The player to move may lay off (and take wilds) now."""
    return rnd.rules.lay_off_before_opening or opened_now(rnd)


def not_opened_refusal(rnd: RoundState, what: str) -> Refusal:
    """The refusal for doing ``what`` before the opening is complete."""
    if rnd.turn.new_melds:
        return refuse(
            "opening_short",
            "to {what}, your opening needs {need} points first; these melds make {have}",
            what=what,
            need=str(rnd.opening_needed()),
            have=str(rnd.opening_value()),
        )
    return refuse(
        "not_opened",
        "you may {what} only after your opening ({need} points)",
        what=what,
        need=str(rnd.opening_needed()),
    )


# --- the end of a turn --------------------------------------------------------------


def finish_problem(rnd: RoundState, plan: Plan, going_out: bool) -> Refusal | None:
    """Why the turn may not end after ``plan`` (by a discard or by going out), or None."""
    if going_out:
        problem = _out_problem(rnd)
        if problem:
            return problem
    table = table_after(rnd, plan)
    new_ids = rnd.turn.new_melds
    if plan.meld is not None and all(m.id != plan.meld.id for m in rnd.table):
        new_ids += (plan.meld.id,)
    problem = _melds_problem(rnd, table, new_ids, going_out)
    return problem or _layoff_problem(rnd, plan, going_out)


def _out_problem(rnd: RoundState) -> Refusal | None:
    seat = rnd.current
    if rnd.rules.no_out_first_turn and rnd.turns_taken[seat] == 0:
        return refuse("no_out_first_turn", "nobody may go out on their first turn")
    if rnd.forgot[seat]:
        return refuse(
            "forgot_announce",
            "you did not announce your last cards, so you may not go out this turn",
        )
    return None


def _melds_problem(
    rnd: RoundState, table: list[Meld], new_ids: tuple[int, ...], going_out: bool
) -> Refusal | None:
    """The taken discard left unused, or an opening short of its points."""
    rules = rnd.rules
    if rnd.turn.taken is not None and rules.discard_pickup != "free":
        problem = _taken_problem(rnd, table, new_ids)
        if problem:
            return problem
    if not rnd.opened[rnd.current] and new_ids and not going_out:
        have = sum(meld_value(m, rules) for m in table if m.id in new_ids)
        if have < rnd.opening_needed():
            return refuse(
                "opening_short",
                "opening needs {need} points, these melds make {have}",
                need=str(rnd.opening_needed()),
                have=str(have),
            )
    return None


def _layoff_problem(rnd: RoundState, plan: Plan, going_out: bool) -> Refusal | None:
    """Lay-offs allowed only when going out: before the opening, or onto a partial set."""
    turn = rnd.turn
    flags = plan.flags or {}
    early = turn.early_layoff or flags.get("early_layoff", False)
    if early and not going_out:
        return refuse(
            "layoff_before_opening",
            "laying off before your opening is allowed only when you go out in one this turn",
        )
    partial = turn.partial_set or flags.get("partial_set", False)
    if partial and not (going_out or len(plan.hand) == 1 or _one_card_announced(rnd)):
        return refuse(
            "partial_set",
            "one missing card goes on a set of two cards and a wild "
            'only when you go out, or after "one card" was announced',
        )
    return None


def _one_card_announced(rnd: RoundState) -> bool:
    return any(a == 1 for a in rnd.announced)


def table_after(rnd: RoundState, plan: Plan) -> list[Meld]:
    """The table once ``plan`` is committed (the round's own list when it adds no meld)."""
    if plan.meld is None:
        return rnd.table
    table = [plan.meld if m.id == plan.meld.id else m for m in rnd.table]
    if all(m.id != plan.meld.id for m in rnd.table):
        table.append(plan.meld)
    return table


def _taken_problem(rnd: RoundState, table: list[Meld], new_ids: tuple[int, ...]) -> Refusal | None:
    taken = rnd.turn.taken
    assert taken is not None
    new_only = rnd.rules.discard_pickup == "must_meld_new"
    if any(taken in m.cards for m in table if m.id in new_ids or not new_only):
        return None
    how = "in a new meld with two cards from your hand" if new_only else "on the table"
    return refuse(
        "taken_unused",
        "{card}, taken from the discard pile, must go {how} this turn",
        card=taken.face.pretty(),
        how=how,
    )

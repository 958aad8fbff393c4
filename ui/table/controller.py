"""Turning what the player did with the mouse or keys into actions the model accepts.

No pygame here. Every function asks the model (`match.check`) and never changes cards;
the scene applies an action only when an `Outcome` carries one. Where the cards could
be read more than one way (a wild at either end of a run, the suit of a wild in a set),
the outcome lists the legal choices so the scene can ask the player.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from game import actions as A
from game.cards import Card, Face
from game.errors import Refusal, refuse
from game.match import Match
from game.melds import Item, Meld, items_for, items_of, shapes
from game.view import PlayerView

AMBIGUOUS = "wild_ambiguous"


@dataclass(frozen=True)
class Outcome:
    """What a gesture comes to: one action to apply, a refusal to explain, or choices."""

    action: A.Action | None = None
    refusal: Refusal | None = None
    choices: tuple[A.Action, ...] = ()


def faces_of(cards: Sequence[Card]) -> tuple[Face, ...]:
    """The faces of physical cards, as actions name them."""
    return tuple(c.face for c in cards)


def checked(match: Match, action: A.Action) -> Outcome:
    """The action if the model accepts it, else its refusal."""
    refusal = match.check(action)
    return Outcome(refusal=refusal) if refusal is not None else Outcome(action=action)


def draw(match: Match, from_discard: bool) -> Outcome:
    """Draw from the stock or take the discard pile's top card."""
    return checked(match, A.Take() if from_discard else A.Draw())


def discard(match: Match, cards: Sequence[Card]) -> Outcome:
    """Discard one card (several cards are refused with a reason)."""
    if len(cards) != 1:
        return Outcome(refusal=refuse("one_discard", "discard one card at a time"))
    return checked(match, A.discard_of(cards[0].face))


def meld(match: Match, view: PlayerView, cards: Sequence[Card]) -> Outcome:
    """Put the cards down as a new meld; asks for a choice when the wilds are ambiguous."""
    faces = faces_of(cards)
    plain = A.Meld(faces, (None,) * len(faces))
    refusal = match.check(plain)
    if refusal is None:
        return Outcome(action=plain)
    if refusal.code != AMBIGUOUS:
        return Outcome(refusal=refusal)
    items = items_for(cards, [None] * len(cards), view.wilds, view.seat)
    options = _declared(match, items, 0, lambda decls: A.Meld(faces, decls), view, None)
    legal = [a for a in view.legal if isinstance(a, A.Meld) and _same(a.cards, faces)]
    return _choose(options + [a for a in legal if a not in options], refusal)


def onto_meld(
    match: Match, view: PlayerView, cards: Sequence[Card], meld_id: int, on_wild: bool
) -> Outcome:
    """Lay the cards off on a meld, or swap them for its wild; dropped on a wild, swap first."""
    faces = faces_of(cards)
    layoff = _layoff(match, view, cards, meld_id)
    swap = checked(match, A.Swap(faces, meld_id))
    first, second = (swap, layoff) if on_wild else (layoff, swap)
    if first.action is not None or first.choices:
        return first
    if second.action is not None or second.choices:
        return second
    return first


def _layoff(match: Match, view: PlayerView, cards: Sequence[Card], meld_id: int) -> Outcome:
    faces = faces_of(cards)
    plain = A.LayOff(faces, (None,) * len(faces), meld_id)
    refusal = match.check(plain)
    if refusal is None or refusal.code != AMBIGUOUS:
        return Outcome(plain if refusal is None else None, refusal)
    target = next((m for m in view.table if m.id == meld_id), None)
    if target is None:
        return Outcome(refusal=refusal)
    new = items_for(cards, [None] * len(cards), view.wilds, view.seat)
    options = _declared(
        match,
        items_of(target) + new,
        len(target.pieces),
        lambda decls: A.LayOff(faces, decls, meld_id),
        view,
        target,
    )
    legal = [
        a
        for a in view.legal
        if isinstance(a, A.LayOff) and a.meld == meld_id and _same(a.cards, faces)
    ]
    return _choose(options + [a for a in legal if a not in options], refusal)


def _declared(
    match: Match,
    items: list[Item],
    skip: int,
    build: Callable[[tuple[Face | None, ...]], A.Action],
    view: PlayerView,
    target: Meld | None,
) -> list[A.Action]:
    """Legal actions for every reading the model finds; the new cards start at `skip`."""
    kind = target.kind if target is not None else None
    contains = None
    if target is not None and target.kind == "run":
        contains = (target.start, target.start + len(target.pieces) - 1)
    found = shapes(items, view.rules, kind, contains)
    if isinstance(found, Refusal):
        return []
    out: list[A.Action] = []
    for shape in found:
        decls: list[Face | None] = [None] * (len(items) - skip)
        for i, rep in zip(shape.order, shape.reps, strict=True):
            if i >= skip and items[i].wild:
                decls[i - skip] = rep
        action = build(tuple(decls))
        if action not in out and match.check(action) is None:
            out.append(action)
    return out


def _same(a: Sequence[Face], b: Sequence[Face]) -> bool:
    return sorted(a, key=Face.notation) == sorted(b, key=Face.notation)


def _key(action: A.Action) -> tuple[str, ...]:
    """The same cards and declarations in any order are the same choice."""
    if isinstance(action, A.Meld | A.LayOff):
        pairs = zip(action.cards, action.decls, strict=True)
        return tuple(sorted(f.notation() + "=" + (d.notation() if d else "") for f, d in pairs))
    return (action.notation(),)


def _choose(options: list[A.Action], refusal: Refusal) -> Outcome:
    unique: dict[tuple[str, ...], A.Action] = {}
    for action in options:
        unique.setdefault(_key(action), action)
    options = list(unique.values())
    if len(options) == 1:
        return Outcome(action=options[0])
    if not options:
        return Outcome(refusal=refusal)
    return Outcome(choices=tuple(options))


def accepts(match: Match, action: A.Action) -> bool:
    """Legal now, or legal once the player says what a wild stands for."""
    refusal = match.check(action)
    return refusal is None or refusal.code == AMBIGUOUS


def drop_targets(match: Match, view: PlayerView, cards: Sequence[Card]) -> frozenset[int]:
    """Ids of the table melds that would take these cards (lay off or swap)."""
    if not cards or view.phase != "play" or not view.my_turn:
        return frozenset()
    faces = faces_of(cards)
    none = (None,) * len(faces)
    return frozenset(
        m.id
        for m in view.table
        if accepts(match, A.LayOff(faces, none, m.id)) or accepts(match, A.Swap(faces, m.id))
    )


def table_accepts(match: Match, view: PlayerView, cards: Sequence[Card]) -> bool:
    """Whether the cards would make a new meld on the open table."""
    if len(cards) < 3 or not view.my_turn:
        return False
    faces = faces_of(cards)
    return accepts(match, A.Meld(faces, (None,) * len(faces)))


def discard_accepts(match: Match, view: PlayerView, cards: Sequence[Card]) -> bool:
    """Whether dropping the cards on the discard pile would end the turn."""
    return len(cards) == 1 and view.my_turn and match.check(A.discard_of(cards[0].face)) is None

"""What every bot level needs: its seeded generator, card values, meld arithmetic."""

from __future__ import annotations

import hashlib
import random
from collections.abc import Callable, Sequence
from typing import TypeVar

from .. import actions as A
from ..cards import Card
from ..melds import Meld, card_penalty, items_for, meld_value, new_meld
from ..solver import best_melds
from ..view import PlayerView


class _CardTexts(dict[Card, str]):
    """Each card's text in a bot's seed (``AS0``: face and copy), written once per card."""

    def __missing__(self, card: Card) -> str:
        text = self[card] = f"{card.face.notation()}{card.copy}"
        return text


_CARD_TEXT = _CardTexts()
T = TypeVar("T")


def rng_for(view: PlayerView, salt: str = "") -> random.Random:
    """A generator seeded from the view alone (same view, same choices; no hidden input)."""
    return random.Random(_seed_text(view, salt))


def pick_for(view: PlayerView, salt: str, options: Sequence[T]) -> T:
    """One of ``options`` chosen by the view alone, as `rng_for` would seed a choice but
    without building a generator for it (one pick is all the random bot needs per move)."""
    digest = hashlib.blake2b(_seed_text(view, salt).encode(), digest_size=8).digest()
    return options[int.from_bytes(digest) % len(options)]


def _seed_text(view: PlayerView, salt: str) -> str:
    hand = " ".join([_CARD_TEXT[c] for c in view.hand])
    return f"{salt}|{view.seat}|{view.round_number}|{len(view.history)}|{hand}"


def penalty(view: PlayerView, card: Card) -> int:
    """What a card costs if it is still in hand when the round ends."""
    return card_penalty(card, view.wilds, view.rules)


def of_kind(view: PlayerView, kind: type) -> list[A.Action]:
    """The legal actions of one kind."""
    return [a for a in view.legal if isinstance(a, kind)]


def cards_for(view: PlayerView, faces: tuple[object, ...]) -> list[Card] | None:
    """Physical cards of the hand for the faces (distinct copies), or None."""
    return cards_from(view.hand, faces)


def cards_from(cards: Sequence[Card], faces: tuple[object, ...]) -> list[Card] | None:
    """Distinct cards from ``cards`` showing the faces, or None if they are not all there."""
    pool = list(cards)
    out = []
    for face in faces:
        card = next((c for c in pool if c.face == face), None)
        if card is None:
            return None
        pool.remove(card)
        out.append(card)
    return out


def meld_of(view: PlayerView, action: A.Meld) -> Meld | None:
    """The table meld a Meld action would make (None if it is not one)."""
    cards = cards_for(view, action.cards)
    if cards is None:
        return None
    got = new_meld(items_for(cards, action.decls, view.wilds, view.seat), view.rules, 0, view.seat)
    return got if isinstance(got, Meld) else None


def opening_value(view: PlayerView, action: A.Meld) -> int:
    """Opening points of a meld action."""
    meld = meld_of(view, action)
    return meld_value(meld, view.rules) if meld else 0


def discard_by(view: PlayerView, key: object) -> A.Action | None:
    """The legal discard whose card maximises ``key(card)`` (None when none is legal)."""
    discards = [a for a in view.legal if isinstance(a, A.Discard)]
    if not discards:
        return None
    by_face = {c.face: c for c in view.hand}
    return max(discards, key=lambda a: key(by_face[a.card]))  # type: ignore[operator]


def keep(view: PlayerView) -> int:
    """Cards that must stay in hand for the final discard (0 or 1)."""
    return 1 if view.rules.out_requires_discard else 0


def take_turn(
    view: PlayerView,
    draw: Callable[[PlayerView], A.Action],
    play: Callable[[PlayerView], A.Action | None],
    discard: Callable[[PlayerView], A.Action | None],
) -> A.Action:
    """One step of a turn: draw, then plays until there are none, then the discard; a
    turn that cannot end is taken back (once per turn, so a bot never loops)."""
    if view.phase == "draw":
        return draw(view)
    if view.phase == "play" and not undid_this_turn(view):
        action = play(view)
        if action is not None:
            return action
    action = discard(view)
    if action is not None:
        return action
    undo = of_kind(view, A.Undo)
    return undo[0] if undo else rng_for(view).choice(list(view.legal))


def best_discard(view: PlayerView, score: Callable[[Card], float]) -> A.Action | None:
    """The legal discard of a loose card (one outside the best melds) that scores highest;
    None when no discard is legal."""
    ranked = ranked_discards(view, score)
    return ranked[0] if ranked else None


def ranked_discards(view: PlayerView, score: Callable[[Card], float]) -> list[A.Discard]:
    """The legal discards, best first: loose cards (outside the best melds) before the
    others, each group by ``score``, highest first (ties keep the listed order)."""
    discards = [a for a in view.legal if isinstance(a, A.Discard)]
    if not discards:
        return []
    plan = best_melds(view.hand, view.wilds, view.rules, keep=1)
    loose = set(plan.deadwood) or set(view.hand)
    by_face = {c.face: c for c in view.hand if c != view.taken}

    def worth(action: A.Discard) -> tuple[bool, float]:
        card = by_face.get(action.card)
        return (False, -1e9) if card is None else (card in loose, score(card))

    return sorted(discards, key=worth, reverse=True)


def undid_this_turn(view: PlayerView) -> bool:
    """True when this seat already took something back in the current turn (no loops)."""
    for seat, text in reversed(view.history):
        if seat != view.seat or text.startswith("discard"):
            return False
        if text == "undo":
            return True
    return False


def opening_plan(view: PlayerView) -> list[A.Meld]:
    """Legal melds, biggest first, that can go down together now (empty if they cannot open)."""
    melds = sorted(
        (a for a in view.legal if isinstance(a, A.Meld)),
        key=lambda m: (-opening_value(view, m), -len(m.cards)),
    )
    chosen: list[A.Meld] = []
    pool = list(view.hand)
    for meld in melds:
        cards = cards_from(pool, meld.cards)
        if cards is not None:
            chosen.append(meld)
            pool = [c for c in pool if c not in cards]
    total = view.opening_value + sum(opening_value(view, m) for m in chosen)
    if view.opened[view.seat] or total >= view.opening_needed:
        return chosen
    return []

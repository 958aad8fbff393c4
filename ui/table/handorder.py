"""The order of the human's hand on screen: kept between turns, sorted on request.

Pure functions over physical cards (`Card` is face plus copy, so two copies stay apart).
The model's hand is a set for the UI's purposes; the player's arrangement lives here.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence

from game.cards import ACE, Card

IsWild = Callable[[Card], bool]


def reconcile(
    order: Sequence[Card], hand: Sequence[Card], places: Mapping[Card, int] | None = None
) -> list[Card]:
    """The player's order for a new hand: known cards keep their places, new ones go right,
    and a card that comes back (undo) goes back to its place in `places`, if it has one."""
    present = set(hand)
    kept = [c for c in order if c in present]
    known = set(kept)
    places = places or {}
    back = sorted((places[c], c) for c in hand if c not in known and c in places)
    for index, card in back:  # lowest places first: each lands where it was
        kept.insert(min(index, len(kept)), card)
    known |= {c for _, c in back}
    return kept + [c for c in hand if c not in known]


def places_left(order: Sequence[Card], hand: Sequence[Card]) -> dict[Card, int]:
    """Where each card of `order` that is no longer in `hand` stood."""
    present = set(hand)
    return {c: i for i, c in enumerate(order) if c not in present}


def played_as(
    meant: Iterable[Card], before: Sequence[Card], after: Sequence[Card]
) -> dict[Card, Card]:
    """Which physical cards swap names so that the cards the player meant are the ones gone.

    Actions name faces; with two decks the model may take the other copy of a face than the
    one the player dragged, selected or clicked. Each meant card still in the hand is paired
    with a gone, unmeant card of the same face; the two swap names in the player's order,
    selection and animation, so the remaining copy keeps its own place and state.
    """
    meant = [c for c in meant if c in set(before)]
    left, gone = set(after), set(before) - set(after)
    names: dict[Card, Card] = {}
    spare = [c for c in before if c in gone and c not in meant]
    for card in meant:
        if card not in left:
            continue
        other = next((g for g in spare if g.face == card.face), None)
        if other is not None:
            spare.remove(other)
            names[card], names[other] = other, card
    return names


def _rank_key(card: Card, ace_high: bool) -> int:
    rank = card.face.rank
    return 14 if ace_high and rank == ACE else rank


def sort_by_suit(cards: Sequence[Card], is_wild: IsWild, ace_high: bool = False) -> list[Card]:
    """Suits together (♠ ♥ ♣ ♦, alternating colours), ranks rising; wild cards at the right."""
    suit_order = {0: 0, 1: 1, 3: 2, 2: 3}
    return sorted(
        cards,
        key=lambda c: (
            is_wild(c) or c.face.is_joker,
            suit_order.get(int(c.face.suit), 4) if c.face.suit is not None else 4,
            _rank_key(c, ace_high),
            c.copy,
        ),
    )


def sort_by_rank(cards: Sequence[Card], is_wild: IsWild, ace_high: bool = False) -> list[Card]:
    """Ranks rising, suits in a fixed order within a rank; wild cards at the right."""
    return sorted(
        cards,
        key=lambda c: (
            is_wild(c) or c.face.is_joker,
            _rank_key(c, ace_high),
            int(c.face.suit) if c.face.suit is not None else 4,
            c.copy,
        ),
    )


def move(order: Sequence[Card], moving: Sequence[Card], index: int) -> list[Card]:
    """`moving` taken out and inserted, in their order, at `index` of the remaining cards."""
    gone = set(moving)
    rest = [c for c in order if c not in gone]
    index = max(0, min(index, len(rest)))
    return rest[:index] + list(moving) + rest[index:]


def pick_cards(order: Sequence[Card], faces: Sequence[object]) -> list[Card]:
    """Cards of the hand showing the given faces, leftmost copies first (for hints)."""
    out: list[Card] = []
    for face in faces:
        card = next((c for c in order if c.face == face and c not in out), None)
        if card is not None:
            out.append(card)
    return out

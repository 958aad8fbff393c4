"""Hand orders: the arrangement each human chose for their hand, stored card by card.

A physical card is written as its notation and copy number, ``7H#0`` or ``7H#1`` (copies
count from 0 as in ``game.cards.Card``; jokers ``JK#0``, ``JK#1`` …). An order is only a
preference: on load, cards no longer in the hand are dropped and new ones appended, so a
wrong order never breaks a load.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from game.cards import Card, CardError, Face
from game.text import ascii_digits

MAX_COPY = 16


def card_text(card: Card) -> str:
    """``7H#1``: the face's notation and the copy number."""
    return f"{card.face.notation()}#{card.copy}"


def parse_card(text: str) -> Card:
    """The physical card of ``7H#1``; raise ValueError for anything else."""
    face_text, hash_, copy_text = text.partition("#")
    if not hash_ or not ascii_digits(copy_text) or len(copy_text) > 2:
        raise ValueError(f"not a physical card like 7H#0: {text!r}")
    copy = int(copy_text)
    if copy >= MAX_COPY:
        raise ValueError(f"copy number too high in {text!r}")
    try:
        return Card(Face.parse(face_text), copy)
    except CardError as e:
        raise ValueError(str(e)) from None


def orders_json(orders: Mapping[int, Sequence[Card]]) -> dict[str, list[str]]:
    """The ``orders`` field of a save: seat number (as text) to card texts."""
    return {str(seat): [card_text(c) for c in cards] for seat, cards in sorted(orders.items())}


def parse_orders(data: Any, seats: int) -> tuple[dict[int, list[Card]], list[str]]:
    """Orders from a save, and what had to be left out (never an exception)."""
    if data is None:
        return {}, []
    if not isinstance(data, dict):
        return {}, ["The hand orders were not readable; the hands are shown sorted."]
    out: dict[int, list[Card]] = {}
    problems: list[str] = []
    for key, texts in data.items():
        seat = int(key) if isinstance(key, str) and ascii_digits(key) and len(key) < 4 else -1
        if not 0 <= seat < seats or not isinstance(texts, list):
            problems.append(f"The hand order for seat {key!r} was not readable and was left out.")
            continue
        cards = [_card_or_none(t) for t in texts]
        if None in cards:
            problems.append(f"Unreadable cards in seat {seat}'s hand order were left out.")
        out[seat] = [c for c in cards if c is not None]
    return out, problems


def _card_or_none(text: Any) -> Card | None:
    if not isinstance(text, str):
        return None
    try:
        return parse_card(text)
    except ValueError:
        return None


def reconcile(order: Sequence[Card], hand: Sequence[Card]) -> list[Card]:
    """The stored order fitted to the hand: missing cards dropped, new ones appended."""
    present = set(hand)
    kept: list[Card] = []
    seen: set[Card] = set()
    for card in order:
        if card in present and card not in seen:
            kept.append(card)
            seen.add(card)
    return kept + [c for c in hand if c not in seen]

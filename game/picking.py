"""Picking physical cards: which cards in hand an action's faces stand for."""

from __future__ import annotations

from collections.abc import Callable
from itertools import product

from .cards import Card, Face
from .errors import Refusal, refuse
from .round_state import RoundState

Orders = list[list[Card]]  # the orders in which to try one face's copies in hand


def copies(rnd: RoundState) -> dict[Face, list[Card]]:
    """The cards in hand by face (kept until the next change)."""
    if rnd._by_face is None:
        by_face: dict[Face, list[Card]] = {}
        for c in rnd.hands[rnd.current]:
            by_face.setdefault(c.face, []).append(c)
        rnd._by_face = by_face
    return rnd._by_face


def pick(
    rnd: RoundState, faces: tuple[Face, ...], decls: tuple[Face | None, ...]
) -> list[list[Card]] | Refusal:
    """Ways to choose physical cards from hand for the faces (wild copies first if declared).

    Usually there is one way; two appear only when a face is held both as a wild and as
    a tamed (natural) copy, and then each is tried.
    """
    by_face = copies(rnd)
    prefs = _preferences(by_face, faces, decls, rnd.wilds.is_wild)
    if isinstance(prefs, Refusal):
        return prefs
    ways = _ways(prefs, len(faces))
    if not ways:
        face = next(f for f in faces if len(by_face.get(f, ())) < faces.count(f))
        return refuse("not_in_hand", "you do not hold {card} that often", card=face.pretty())
    return ways


def _preferences(
    by_face: dict[Face, list[Card]],
    faces: tuple[Face, ...],
    decls: tuple[Face | None, ...],
    is_wild: Callable[[Card], bool],
) -> list[Orders] | Refusal:
    prefs: list[Orders] = []
    for face, decl in zip(faces, decls, strict=True):
        held = by_face.get(face)
        if not held:
            return refuse("not_in_hand", "{card} is not in your hand", card=face.pretty())
        wild = [c for c in held if is_wild(c)]
        if not wild or len(wild) == len(held):
            prefs.append([held])
            continue
        tame = [c for c in held if not is_wild(c)]
        prefs.append([wild + tame, tame + wild] if decl is not None else [tame + wild, wild + tame])
    return prefs


def _ways(prefs: list[Orders], count: int) -> list[list[Card]]:
    """Distinct picks of ``count`` different cards, taking the first free card of each order."""
    ways = []
    for combo in product(*prefs):
        used: set[Card] = set()
        picked = []
        for order in combo:
            card = next((c for c in order if c not in used), None)
            if card is None:
                break
            used.add(card)
            picked.append(card)
        if len(picked) == count and picked not in ways:
            ways.append(picked)
    return ways

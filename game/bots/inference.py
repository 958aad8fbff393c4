"""What the other hands likely hold, read off what their seats did: each hidden card's odds
of being in each other hand, for search's guesses at the hidden cards (expert).

A seat that throws a card away seldom keeps its neighbours (the same rank, or one or two
away in the suit); a seat that took a card from the pile holds cards that meld with it;
a seat that drew rather than take a card holds little that goes with it; a card whose
neighbours are out of play (in the pile, on the table, in the asking seat's hand) is a
loose card its holder would have thrown away by now; and high cards leave hands first.
`Model` weighs these features of a card in a logistic model fitted to how hands really
are in rounds of hard bots (``bench/infer.py --fit``), one per kind of scoring, like the
judge's shapes. The odds are relative: they say which hidden cards are likelier in a
hand than others, not how many.

The share of a hand's hidden cards that a guess puts there, with even chances and with
these odds and the weight of connected hands (``bench/infer.py``, hard against hard, two
seats, 40 check rounds): classic 32.6% -> 44.0%, standard 32.3% -> 43.5%, Hand 16.9% ->
21.6%, Rommé 13.8% -> 18.5%. Search that knew the hands (but not the stock) would gain
about 16 points a round over expert against hard in classic; these odds gain about 1.6.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from ..cards import Card, Face, Suit, face_of
from ..rules import Rules
from ..view import PlayerView
from .sampling import melds_a_pass, neighbours, passed_on
from .tracking import pile_moves

FEATURES = ("recent", "older", "taken", "passed", "dead", "value", "late_value", "turns")


@dataclass(frozen=True, slots=True)
class Model:
    """Weights of the features (see FEATURES) of a hidden card for its odds of being in a
    hand, and how much likelier a hand is for each of its cards with a neighbour in it."""

    weights: tuple[float, ...]
    connected: float


# Fitted by ``bench/infer.py --fit`` (2 seats, 40 rounds): classic for winner_collects,
# standard for penalty (also Rommé), Hand. The connected weight matters little (tried by
# hand: classic brier 0.1695 at 0, 0.1684 at 0.3, 0.1686 at 0.6; Hand 0.1340 / 0.1334 /
# 0.1332); 0.6 serves all.
MODELS = {
    "winner_collects": Model((-0.74, -0.97, 0.92, -0.5, -0.66, -0.25, -1.11, 1.56), 0.6),
    "penalty": Model((-0.63, -0.86, 0.94, -0.55, -0.57, -0.26, 0.16, 1.26), 0.6),
    "hand": Model((-0.59, -0.61, -0.68, -0.05, -0.28, -0.04, 0.47, 0.65), 0.6),
}


def model_for(rules: Rules) -> Model | None:
    """The fitted model for these rules' kind of scoring, if there is one."""
    return MODELS.get(rules.scoring)


def features(view: PlayerView, cards: Sequence[Card]) -> dict[int, dict[Card, list[float]]]:
    """Per other seat, the features of each of ``cards`` (cards ``view``'s seat cannot see)."""
    rules = view.rules
    discards: dict[int, list[Face]] = {}
    taken: dict[int, list[Face]] = {}
    for seat, kind, face in pile_moves(view):
        if kind != "pass":
            (discards if kind == "discard" else taken).setdefault(seat, []).append(face)
    passed = passed_on(view)
    dead = Counter(c.face for c in view.discard)
    dead.update(p.card.face for m in view.table for p in m.pieces)
    dead.update(c.face for c in view.hand)
    near = Near(rules)
    out: dict[int, dict[Card, list[float]]] = {}
    for seat in view.active:
        if seat == view.seat:
            continue
        thrown = discards.get(seat, [])
        recent, older = Counter[Face](), Counter[Face]()
        for k, face in enumerate(thrown):
            (recent if k >= len(thrown) - 2 else older).update(near(face))
        took = Counter(f for face in taken.get(seat, []) for f in near(face))
        passes = Counter(f for face in passed.get(seat, []) for f in near(face))
        turns = view.turns_taken[seat] / 10
        feats: dict[Card, list[float]] = {}
        for card in cards:
            face = card.face
            value = min(face.rank, 10) / 10 if face.suit is not None else 0.0
            feats[card] = [
                recent[face],
                older[face],
                took[face],
                passes[face],
                sum(dead[f] for f in near(face)) / 4,
                value,
                value * turns,
                turns,
            ]
        out[seat] = feats
    return out


def card_odds(
    view: PlayerView, cards: Sequence[Card], model: Model
) -> dict[int, dict[Card, float]]:
    """Per other seat, each of ``cards``' odds of being in that hand (relative)."""
    weights = model.weights

    def odds(f: list[float]) -> float:
        return math.exp(sum(w * x for w, x in zip(weights, f, strict=True)))

    return {seat: {c: odds(f) for c, f in fs.items()} for seat, fs in features(view, cards).items()}


def hand_weight(view: PlayerView, model: Model | None) -> Callable[[int, Sequence[Card]], float]:
    """How likely a guessed hand is, from what its seat did: not at all if it could have
    melded a discard its owner passed on; with a fitted model, more for each of its cards
    with a neighbour in it (hands keep what goes together)."""
    passes = passed_on(view)
    near = Near(view.rules)

    def likely(seat: int, cards: Sequence[Card]) -> float:
        faces = passes.get(seat)
        if faces and melds_a_pass(Counter(c.face for c in cards), faces, view):
            return 0.0
        return math.exp(model.connected * connected(cards, near)) if model else 1.0

    return likely


def connected(cards: Sequence[Card], near: Near) -> int:
    """How many distinct faces of a hand have a neighbour in it."""
    faces = {c.face for c in cards}
    return sum(1 for f in faces if not near(f).isdisjoint(faces))


class Near:
    """The neighbours of a face (the same rank in another suit, one or two away in its
    suit, either way round an ace where it may stand high), each worked out once."""

    def __init__(self, rules: Rules) -> None:
        self.rules = rules
        self.known: dict[Face, frozenset[Face]] = {}

    def __call__(self, face: Face) -> frozenset[Face]:
        got = self.known.get(face)
        if got is None:
            got = self.known[face] = self._work_out(face)
        return got

    def _work_out(self, face: Face) -> frozenset[Face]:
        if face.suit is None:
            return frozenset()
        out = {face_of(face.rank, s) for s in Suit if s != face.suit}
        for near in neighbours(face.rank, self.rules):
            out.update(face_of(r, face.suit) for r in near if r is not None)
        out.discard(face)
        return frozenset(out)

"""Sampled hidden hands: what the other seats may hold, consistent with what they showed.

Every sample deals the unseen cards to the other seats at random, except that a card a
seat took from the discard pile and has not shown since is known to be in its hand, and
a hand that could have melded a discard its owner passed on is redrawn (a player who
draws from the stock rather than take a card that completes a meld is unlikely).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable

from ..cards import ACE, Face, face_of
from ..rules import Rules
from ..view import PlayerView
from .tracking import Tracker, pile_moves

RETRIES = 4  # redraws of a sample that contradicts a pass, before it is kept anyway


def completes(face: Face, held: Counter[Face], wild_count: int, rules: Rules) -> bool:
    """Whether ``face`` makes a new three-card meld with two cards of ``held``."""
    if face.suit is None:
        return False
    wild_ok = wild_count > 0 and rules.wilds != "none"
    mates = [f for f in held if f.rank == face.rank and f != face]
    if rules.set_suits == "any":
        same = sum(held[f] for f in mates) + held[face]
    else:
        same = len({f.suit for f in mates if f.suit is not None})
    if same >= 2 or (same >= 1 and wild_ok):
        return True
    for near in neighbours(face.rank, rules):
        have = [r is not None and held[face_of(r, face.suit)] > 0 for r in near]
        if (have[0] and have[1]) or (have[1] and have[2]) or (have[2] and have[3]):
            return True
        if wild_ok and any(have):
            return True
    return False


def melds_a_pass(held: Counter[Face], passed: Iterable[Face], view: PlayerView) -> bool:
    """Whether a hand (its faces) could have melded one of the discards its seat passed on:
    a player who draws from the stock rather than take a card that completes a meld is
    unlikely."""
    wilds = sum(n for f, n in held.items() if f in view.wilds.wild_faces)
    return any(completes(f, held, wilds, view.rules) for f in passed)


def neighbours(rank: int, rules: Rules) -> list[tuple[int | None, ...]]:
    """For each run position a rank can take, the ranks two below .. two above it (None
    off the end); an ace has two positions where it may stand high."""
    positions = [rank] + ([14] if rank == ACE and rules.ace != "low" else [])
    out = []
    for pos in positions:
        near = []
        for d in (-2, -1, 1, 2):
            p = pos + d
            ok = rules.ace == "around" or 1 <= p <= (14 if rules.ace != "low" else 13)
            near.append((p - 1) % 13 + 1 if ok else None)
        out.append(tuple(near))
    return out


class HiddenHands:
    """Seeded samples of the other seats' hands (faces only) from one view."""

    def __init__(self, view: PlayerView, tracker: Tracker, rng: random.Random) -> None:
        self.view = view
        self.rng = rng
        self.known = _still_held(view, tracker)
        self.passes = passed_on(view)
        pool = Counter(tracker.unseen)
        for faces in self.known.values():
            pool.subtract(faces)
        self.pool = sorted(+pool, key=lambda f: (f.rank, f.suit or 0))
        self.pool_list = [f for f in self.pool for _ in range(pool[f])]
        self.others = [s for s in view.active if s != view.seat]

    def sample(self) -> dict[int, Counter[Face]]:
        """One guess at every other seat's hand."""
        for _ in range(RETRIES):
            hands = self._deal()
            if not any(self._contradicts(s, h) for s, h in hands.items()):
                return hands
        return hands

    def samples(self, count: int) -> list[dict[int, Counter[Face]]]:
        """``count`` guesses."""
        return [self.sample() for _ in range(count)]

    def _deal(self) -> dict[int, Counter[Face]]:
        pool = self.pool_list[:]
        self.rng.shuffle(pool)
        hands: dict[int, Counter[Face]] = {}
        for seat in self.others:
            hand = Counter(self.known.get(seat, ()))
            need = max(0, self.view.hand_counts[seat] - sum(hand.values()))
            hand.update(pool[:need])
            del pool[:need]
            hands[seat] = hand
        return hands

    def _contradicts(self, seat: int, hand: Counter[Face]) -> bool:
        return melds_a_pass(hand, self.passes.get(seat, ()), self.view)


def _still_held(view: PlayerView, tracker: Tracker) -> dict[int, list[Face]]:
    """Cards each seat took from the pile that it has not melded or discarded since."""
    shown: dict[int, Counter[Face]] = {}
    for meld in view.table:
        for piece in meld.pieces:
            shown.setdefault(piece.by, Counter())[piece.card.face] += 1
    for seat, kind, face in pile_moves(view):
        if kind == "discard":
            shown.setdefault(seat, Counter())[face] += 1
    known: dict[int, list[Face]] = {}
    for seat, taken in tracker.taken.items():
        if seat != view.seat:
            left = Counter(taken) - shown.get(seat, Counter())
            known[seat] = [f for f in left.elements() if tracker.unseen[f] > 0]
    return known


def passed_on(view: PlayerView, recent: int = 3) -> dict[int, list[Face]]:
    """The last few discards each seat left lying when it drew from the stock."""
    passes: dict[int, list[Face]] = {}
    for seat, kind, face in pile_moves(view):
        if kind == "pass":
            passes.setdefault(seat, []).append(face)
    return {s: faces[-recent:] for s, faces in passes.items()}


def chance(samples: Iterable[bool]) -> float:
    """The share of true values."""
    values = list(samples)
    return sum(values) / len(values) if values else 0.0

"""Determinization: a full, playable round from one seat's view and a guess at what it
cannot see, for search (the ``expert`` bot, bench/forward.py).

The guess deals the cards the seat has not seen to the other hands and the stock at
random, keeping everything the view says: the seat's own hand, the table, the discard
pile, the indicator, every hand's size and the stock's, the faces each seat is known to
hold (taken from the pile, or drawn from a stock everybody saw, and not shown since), the
stock's order once it is public (classic turns the pile over), what the seat to move has
done this turn and, on the seat's own turn, its undo steps. Only the hidden cards vary.

    sampler = Determinizer(view)         # the work that depends on the view alone, once
    rnd = sampler.sample(rng)            # one guess: a `Round` to copy, step and play on

``determinize(view, rng)`` does both for a single guess.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence

from .cards import Card, Face, make_deck
from .round_state import Position
from .state import Round
from .turn import Turn
from .view import PlayerView

# How likely one guessed hand (seat, cards) is, relative to others (0: not at all).
HandWeight = Callable[[int, Sequence[Card]], float]
# Per seat, each hidden card's odds of being in that hand, against an even chance (> 0).
CardOdds = Mapping[int, Mapping[Card, float]]


class DeterminizeError(ValueError):
    """A view whose cards do not add up (it cannot come from a real round)."""


class Determinizer:
    """Guesses at the hidden cards of one view, each a `Round` consistent with it."""

    def __init__(self, view: PlayerView) -> None:
        self.view = view
        rules = view.rules
        seen = [*view.hand, *view.discard, *(p.card for m in view.table for p in m.pieces)]
        if view.indicator is not None:
            seen.append(view.indicator)
        seen_set = set(seen)
        if len(seen_set) != len(seen):
            raise DeterminizeError("a card is seen in two places")
        unseen: dict[Face, list[Card]] = {}
        for card in make_deck(rules.decks, rules.jokers):
            if card not in seen_set:
                unseen.setdefault(card.face, []).append(card)

        def take(face: Face) -> Card:
            copies = unseen.get(face)
            if not copies:
                raise DeterminizeError(f"{face.notation()} is known but not among unseen cards")
            return copies.pop()

        # a stock in an order everybody knows: top first
        self.stock_known: tuple[Card, ...] | None = None
        if view.stock_known is not None:
            self.stock_known = tuple(take(f) for f in view.stock_known)
        n = rules.players
        self.known: list[list[Card]] = [[] for _ in range(n)]
        for seat, faces in enumerate(view.known):
            if seat != view.seat:
                self.known[seat] = [take(f) for f in faces]
        self.pool: list[Card] = [c for copies in unseen.values() for c in copies]
        self.pool.sort(key=lambda c: (c.face.rank, c.face.suit or 0, c.copy))  # view order only
        self.others = [s for s in range(n) if s != view.seat]
        self.needs = [
            max(0, view.hand_counts[s] - len(self.known[s])) if s != view.seat else 0
            for s in range(n)
        ]
        stock_hidden = 0 if self.stock_known is not None else view.stock_count
        if sum(self.needs) + stock_hidden != len(self.pool) or (
            self.stock_known is not None and len(self.stock_known) != view.stock_count
        ):
            raise DeterminizeError(
                f"{len(self.pool)} unseen cards for {sum(self.needs)} in hands "
                f"and {view.stock_count} in the stock"
            )
        self.root = Round.at(_position(view), random.Random(0))

    def sample(
        self,
        rng: random.Random,
        weigh: HandWeight | None = None,
        deals: int = 1,
        odds: CardOdds | None = None,
    ) -> Round:
        """One guess: the hidden cards dealt at random (``rng``); a round to play on, with
        its own generator for rebuilding the stock. With ``odds`` (per seat, a card's odds
        of being in that hand against an even chance), each seat's hidden cards are drawn
        with chances in proportion to them. With ``weigh``, ``deals`` deals are made and one
        is kept with odds in proportion to the product of its hands' weights (the last one
        if every weight is 0)."""
        rnd = self.root.copy(random.Random(rng.getrandbits(32)))
        pool = self._deal(rng, odds)
        if weigh is not None and deals > 1:
            options = [pool] + [self._deal(rng, odds) for _ in range(deals - 1)]
            weights = [self._weight(option, weigh) for option in options]
            pool = rng.choices(options, weights)[0] if sum(weights) > 0 else options[-1]
        start = 0
        hands = rnd.hands
        for seat in self.others:
            need = self.needs[seat]
            hands[seat] = self.known[seat] + pool[start : start + need]
            start += need
        if self.stock_known is not None:
            rnd.stock = list(reversed(self.stock_known))
        else:
            rnd.stock = pool[start:]  # the list's end is the top; shuffled anyway
        return rnd

    def _deal(self, rng: random.Random, odds: CardOdds | None) -> list[Card]:
        """The hidden cards in dealing order: each other seat's in turn, then the stock."""
        pool = self.pool[:]
        if odds is None:
            rng.shuffle(pool)
            return pool
        out: list[Card] = []
        for seat in self.others:
            need, chances = self.needs[seat], odds.get(seat)
            if need and chances:
                # weighted sampling without replacement: the largest u ** (1 / odds) win
                keys = {c: rng.random() ** (1.0 / chances.get(c, 1.0)) for c in pool}
                pool.sort(key=keys.__getitem__, reverse=True)
            else:
                rng.shuffle(pool)
            out += pool[:need]
            del pool[:need]
        rng.shuffle(pool)
        return out + pool

    def _weight(self, pool: list[Card], weigh: HandWeight) -> float:
        """The product of the weights of the hands a shuffled pool deals."""
        weight, start = 1.0, 0
        for seat in self.others:
            need = self.needs[seat]
            weight *= weigh(seat, self.known[seat] + pool[start : start + need])
            if not weight:
                return 0.0
            start += need
        return weight


def determinize(view: PlayerView, rng: random.Random) -> Round:
    """A full, legal round consistent with everything ``view`` shows, the hidden cards
    dealt at random by ``rng`` (see `Determinizer` to draw many)."""
    return Determinizer(view).sample(rng)


def _position(view: PlayerView) -> Position:
    """The view's round with the other hands and the stock left empty."""
    return Position(
        rules=view.rules,
        seats=view.active,
        number=view.round_number,
        dealer=view.dealer,
        current=view.current,
        phase=view.phase,
        hands=tuple(view.hand if s == view.seat else () for s in range(view.rules.players)),
        stock=(),
        discard=view.discard,
        table=view.table,
        wilds=view.wilds,
        indicator=view.indicator,
        upcard=view.upcard,
        turn=view.turn or Turn(view.current, view.taken),
        steps=view.steps if view.current == view.seat else (),
        opened=view.opened,
        played_before=view.played_before,
        turns_taken=view.turns_taken,
        announced=view.announced,
        forgot=view.forgot,
        rebuilds=view.rebuilds,
        last_opening=view.last_opening,
        history=view.history,
        known=view.known,
    )

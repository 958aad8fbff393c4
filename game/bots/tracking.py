"""Card tracking from public information only: what is unseen, what the others collect."""

from __future__ import annotations

from collections import Counter

from .. import actions as A
from ..cards import Card, Face, Suit, face_of, make_deck
from ..story import round_story
from ..view import PlayerView


class Tracker:
    """What one seat can work out from its view: unseen cards and pick-ups."""

    def __init__(self, view: PlayerView) -> None:
        self.view = view
        seen = Counter(c.face for c in view.hand)
        seen.update(c.face for c in view.discard)
        seen.update(p.card.face for m in view.table for p in m.pieces)
        if view.indicator is not None:
            seen[view.indicator.face] += 1
        deck = Counter(c.face for c in make_deck(view.rules.decks, view.rules.jokers))
        self.unseen = deck - seen
        self.taken = self._pick_ups()

    def _pick_ups(self) -> dict[int, list[Face]]:
        """Cards each seat took from the discard pile this round (the pile is public)."""
        taken: dict[int, list[Face]] = {}
        for seat, kind, face in pile_moves(self.view):
            if kind == "take":
                taken.setdefault(seat, []).append(face)
        return taken

    def outs(self, card: Card) -> float:
        """Unseen cards that would make a meld with this card and another one in hand."""
        face = card.face
        if face.suit is None:
            return 0.0
        hand = {c.face for c in self.view.hand}
        count = 0.0
        same_rank = [face_of(face.rank, s) for s in Suit if s != face.suit]
        if any(f in hand for f in same_rank):
            count += sum(self.unseen[f] for f in same_rank if f not in hand)
        for step in (-2, -1, 1, 2):
            rank = face.rank + step
            if 1 <= rank <= 13 and face_of(rank, face.suit) in hand:
                between = face_of(face.rank + step // 2 if abs(step) == 2 else face.rank, face.suit)
                count += self.unseen[between] if abs(step) == 2 else 1.0
        return count

    def next_seat(self) -> int:
        """The seat that plays after this one."""
        n = self.view.rules.players
        return next(
            s % n
            for s in range(self.view.seat + 1, self.view.seat + n + 1)
            if s % n in self.view.active
        )


def pile_moves(view: PlayerView) -> list[tuple[int, str, Face]]:
    """What each seat did with the discard pile this round, in order: (seat, kind, card),
    kind ``discard`` (it threw the card), ``take`` (it took the card on top and kept it) or
    ``pass`` (it drew from the stock and left that card lying, perhaps after taking it
    and giving it back with undo). The upcard's first decision is left out."""
    moves: list[tuple[int, str, Face]] = []
    top: Face | None = None  # the card a draw passes on or a take picks up
    for turn in round_story(view.history):  # steps taken back with undo are left out
        for step in turn.steps:
            action = step.action
            if isinstance(action, A.Discard):
                top = action.card
                moves.append((turn.seat, "discard", top))
            elif isinstance(action, A.Draw | A.Take):
                if top is not None:
                    moves.append((turn.seat, "pass" if isinstance(action, A.Draw) else "take", top))
                top = None
    return moves

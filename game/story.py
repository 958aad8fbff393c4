"""The story of a round as every seat saw it: turn by turn, what each player did in public.

Built from the round's public history (who played which action, in notation) and the
upcard, so it holds nothing a seat may not see: a draw from the stock never names its card,
while a card taken from the discard pile is named (it lay face up). Steps that were taken
back with undo are left out: a turn tells what stuck.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from . import actions as A
from .cards import Card, Face
from .melds import Meld

# Steps that undo takes back, the latest first (DECISIONS #1: melds, lay-offs, swaps, take).
_UNDOABLE = (A.Meld, A.LayOff, A.Swap, A.Take)


@dataclass(frozen=True, slots=True)
class Step:
    """One public step of a turn: its place in the round's history, the action, and for a
    take the card taken from the discard pile."""

    at: int
    action: A.Action
    card: Face | None = None


@dataclass(frozen=True, slots=True)
class Turn:
    """One turn of one seat: its steps that stuck; `opened` when its melds were its first."""

    seat: int
    steps: tuple[Step, ...]
    opened: bool = False
    finished: bool = False  # the turn is over (a discard, going out, a redeal)

    def of(self, kind: type[A.Action]) -> list[A.Action]:
        """The turn's actions of one kind."""
        return [s.action for s in self.steps if isinstance(s.action, kind)]

    def placed(self) -> list[tuple[int | None, tuple[Face, ...]]]:
        """What this turn put on the table: (meld id, faces); None for a new meld's id."""
        out: list[tuple[int | None, tuple[Face, ...]]] = []
        for step in self.steps:
            a = step.action
            if isinstance(a, A.Meld):
                out.append((None, a.cards))
            elif isinstance(a, A.LayOff | A.Swap):
                out.append((a.meld, a.cards))
        return out


def round_story(history: Sequence[tuple[int, str]], upcard: Card | None = None) -> list[Turn]:
    """The turns of a round so far, in order; the last one may still be going on."""
    turns: list[Turn] = []
    seat: int | None = None
    steps: list[Step] = []
    melded: set[int] = set()  # seats that have put melds down this round
    top = upcard.face if upcard is not None else None  # the discard pile's top card

    def close(finished: bool) -> None:
        nonlocal steps, seat
        if seat is None:
            return
        opened = seat not in melded and any(isinstance(s.action, A.Meld) for s in steps)
        if opened and finished:
            melded.add(seat)
        turns.append(Turn(seat, tuple(steps), opened, finished))
        steps, seat = [], None

    for at, (who, text) in enumerate(history):
        action = A.parse(text)
        if seat is not None and who != seat:
            close(True)
        seat = who
        if isinstance(action, A.Undo):
            taken = next((s for s in reversed(steps) if isinstance(s.action, _UNDOABLE)), None)
            if taken is not None:
                steps.remove(taken)
                if isinstance(taken.action, A.Take):
                    top = taken.card  # back on the pile
            continue
        if isinstance(action, A.Take):
            steps.append(Step(at, action, top))
            continue
        steps.append(Step(at, action))
        if isinstance(action, A.Discard):
            top = action.card
            close(True)
        elif isinstance(action, A.Redeal):
            close(True)
    close(False)
    return _settle_openings(turns)


def _settle_openings(turns: list[Turn]) -> list[Turn]:
    """A turn still going on is marked opened only once it ends (its melds may be undone)."""
    if turns and not turns[-1].finished and turns[-1].opened:
        last = turns[-1]
        turns[-1] = Turn(last.seat, last.steps, False, False)
    return turns


def since_last_turn(turns: Sequence[Turn], seat: int) -> list[Turn]:
    """The turns of the others since `seat` last finished a turn (all of them if it never
    did): what changed at the table while this seat waited."""
    last = max((i for i, t in enumerate(turns) if t.seat == seat and t.finished), default=-1)
    return [t for t in turns[last + 1 :] if t.seat != seat]


def arrived(turns: Sequence[Turn], since: Sequence[Turn], table: Sequence[Meld]) -> dict[Card, int]:
    """The table's cards that the turns `since` (a tail of `turns`) put there, with the seat
    that put each one: whole melds they made, and the cards they laid off or swapped in.

    Meld ids count up from 1 in the order melds were made (an undone meld gives its id
    back), so the n-th meld of the story is meld n on the table.
    """
    recent = {id(t) for t in since}
    made: set[int] = set()
    added: dict[int, list[Face]] = {}
    count = 0
    for turn in turns:
        for step in turn.steps:
            a = step.action
            if isinstance(a, A.Meld):
                count += 1
                if id(turn) in recent:
                    made.add(count)
            elif isinstance(a, A.LayOff | A.Swap) and id(turn) in recent:
                added.setdefault(a.meld, []).extend(a.cards)
    out: dict[Card, int] = {}
    for meld in table:
        if meld.id in made:
            out |= {p.card: p.by for p in meld.pieces}
            continue
        wanted = added.get(meld.id, [])
        for piece in reversed(meld.pieces):
            if piece.card.face in wanted:
                wanted.remove(piece.card.face)
                out[piece.card] = piece.by
    return out

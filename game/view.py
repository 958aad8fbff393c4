"""PlayerView: everything one seat may know, and nothing more."""

from __future__ import annotations

from dataclasses import dataclass

from . import actions as A
from .cards import Card, Face
from .match import Match, Player, RoundResult
from .melds import Meld, WildInfo
from .round_state import RoundState, Snapshot, copy_turn
from .rules import Rules
from .turn import Turn


# Not frozen: a frozen dataclass sets each of these 36 fields through object.__setattr__,
# which made building a view 14% of every simulated action (callgrind, random seats in
# classic: 324.5k instructions an action frozen, 279.3k not). What a view holds is
# immutable (tuples, frozen cards, melds and snapshots) or its own copy (the turn), and
# every view is built fresh, so a bot that rebinds a field changes nothing but its copy.
@dataclass(slots=True)
class PlayerView:
    """What ``seat`` sees: its own hand, counts of the others, the table and the public history.

    Bots and the table scene read only this. Hidden cards (other hands, the stock order)
    are not in it, so the same view always gives the same decision.

    The fields after ``upcard`` are public facts that could be worked out from the history
    but are kept by the round, so that bots need not rebuild them: how often the stock was
    rebuilt, who has put cards down this round, who forgot to announce, the highest opening
    so far (``opening_raise``), the stock from the top down while everybody knows it (after
    classic turns the pile over), the faces everybody knows are in each hand, what the seat
    to move has done this turn, and, on this seat's own turn, its undo steps.
    """

    seat: int
    rules: Rules
    players: tuple[Player, ...]
    round_number: int
    dealer: int
    current: int
    phase: str
    hand: tuple[Card, ...]
    hand_counts: tuple[int, ...]
    stock_count: int
    discard: tuple[Card, ...]
    indicator: Card | None
    wilds: WildInfo
    table: tuple[Meld, ...]
    opened: tuple[bool, ...]
    announced: tuple[int | None, ...]
    taken: Card | None
    opening_value: int
    opening_needed: int
    turns_taken: tuple[int, ...]
    history: tuple[tuple[int, str], ...]
    totals: tuple[int, ...]
    results: tuple[RoundResult, ...]
    active: tuple[int, ...]
    legal: tuple[A.Action, ...]
    match_over: bool
    winners: tuple[int, ...]
    upcard: Card | None = None  # the card turned up at the deal (the pile's first card)
    rebuilds: int = 0  # times the stock was rebuilt from the discard pile this round
    played_before: tuple[bool, ...] = ()  # per seat: has put cards on the table this round
    forgot: tuple[bool, ...] = ()  # per seat: did not announce its last cards (manual)
    last_opening: int = 0  # the highest opening of the round (``opening_raise``)
    stock_known: tuple[Face, ...] | None = None  # top first, when everybody knows the order
    known: tuple[tuple[Face, ...], ...] = ()  # per seat: faces all know are in that hand
    turn: Turn | None = None  # the turn so far (a copy)
    steps: tuple[Snapshot, ...] = ()  # own turn's undo steps

    @property
    def scored_rounds(self) -> int:
        """The rounds of the match that were scored (a void round is not)."""
        return sum(r.end.scored for r in self.results)

    @property
    def my_turn(self) -> bool:
        """True when this seat is to move."""
        return self.current == self.seat and not self.match_over

    def is_wild(self, card: Card) -> bool:
        """Whether a card is wild for this seat now."""
        return self.wilds.is_wild(card)

    @property
    def wild_faces(self) -> tuple[Face, ...]:
        """The faces that are wild this round."""
        return tuple(sorted(self.wilds.wild_faces, key=lambda f: f.notation()))


def view_for(match: Match, seat: int) -> PlayerView:
    """The view of ``seat`` on the match as it is now."""
    rnd = match.round
    mine = rnd.current == seat and not match.over
    return _view(
        rnd,
        seat,
        rules=match.rules,
        players=tuple(match.players),
        totals=tuple(match.totals),
        results=tuple(match.results),
        active=tuple(match.active),
        legal=tuple(match.legal()) if rnd.current == seat else (),
        match_over=match.over,
        winners=match.winners,
        mine=mine,
    )


def round_view(rnd: RoundState, seat: int, like: PlayerView, legal: list[A.Action]) -> PlayerView:
    """The view of ``seat`` on a round played on outside a match (search): the match's
    part (players, totals, finished rounds) is taken from ``like``, and ``legal`` is the
    round's legal actions when ``seat`` is to move (the caller has them at hand)."""
    return _view(
        rnd,
        seat,
        rules=like.rules,
        players=like.players,
        totals=like.totals,
        results=like.results,
        active=like.active,
        legal=tuple(legal) if rnd.current == seat else (),
        match_over=False,
        winners=(),
        mine=rnd.current == seat and rnd.end is None,
    )


def _view(
    rnd: RoundState,
    seat: int,
    *,
    rules: Rules,
    players: tuple[Player, ...],
    totals: tuple[int, ...],
    results: tuple[RoundResult, ...],
    active: tuple[int, ...],
    legal: tuple[A.Action, ...],
    match_over: bool,
    winners: tuple[int, ...],
    mine: bool,
) -> PlayerView:
    own = rnd.current == seat
    steps = (
        tuple(
            Snapshot(s.phase, s.hand, s.table, s.discard, s.wilds, copy_turn(s.turn))
            for s in rnd._undo
        )
        if mine
        else ()
    )
    return PlayerView(
        seat=seat,
        rules=rules,
        players=players,
        round_number=rnd.number,
        dealer=rnd.dealer,
        current=rnd.current,
        phase=rnd.phase,
        hand=tuple(rnd.hands[seat]),
        hand_counts=tuple(map(len, rnd.hands)),
        stock_count=len(rnd.stock),
        discard=tuple(rnd.discard),
        indicator=rnd.indicator,
        wilds=rnd.wilds,
        table=tuple(rnd.table),
        opened=tuple(rnd.opened),
        announced=tuple(rnd.announced),
        taken=rnd.turn.taken,
        opening_value=rnd.opening_value() if own else 0,
        opening_needed=rnd.opening_needed(),
        turns_taken=tuple(rnd.turns_taken),
        history=tuple(rnd.history),
        totals=totals,
        results=results,
        active=active,
        legal=legal,
        match_over=match_over,
        winners=winners,
        upcard=rnd.upcard,
        rebuilds=rnd.rebuilds,
        played_before=tuple(rnd.played_before),
        forgot=tuple(rnd.forgot),
        last_opening=rnd.last_opening,
        stock_known=tuple([c.face for c in reversed(rnd.stock)]) if rnd.stock_public else None,
        known=tuple(rnd.known),
        turn=copy_turn(rnd.turn),
        steps=steps,
    )

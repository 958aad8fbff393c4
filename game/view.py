"""PlayerView: everything one seat may know, and nothing more."""

from __future__ import annotations

from dataclasses import dataclass

from . import actions as A
from .cards import Card, Face
from .match import Match, Player, RoundResult
from .melds import Meld, WildInfo
from .rules import Rules


@dataclass(frozen=True, slots=True)
class PlayerView:
    """What ``seat`` sees: its own hand, counts of the others, the table and the public history.

    Bots and the table scene read only this. Hidden cards (other hands, the stock order)
    are not in it, so the same view always gives the same decision.
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
    mine = rnd.current == seat
    return PlayerView(
        seat=seat,
        rules=match.rules,
        players=tuple(match.players),
        round_number=rnd.number,
        dealer=rnd.dealer,
        current=rnd.current,
        phase=rnd.phase,
        hand=tuple(rnd.hands[seat]),
        hand_counts=tuple(len(h) for h in rnd.hands),
        stock_count=len(rnd.stock),
        discard=tuple(rnd.discard),
        indicator=rnd.indicator,
        wilds=rnd.wilds,
        table=tuple(rnd.table),
        opened=tuple(rnd.opened),
        announced=tuple(rnd.announced),
        taken=rnd.turn.taken,
        opening_value=rnd.opening_value() if mine else 0,
        opening_needed=rnd.opening_needed(),
        turns_taken=tuple(rnd.turns_taken),
        history=tuple(rnd.history),
        totals=tuple(match.totals),
        results=tuple(match.results),
        active=tuple(match.active),
        legal=tuple(match.legal()) if mine else (),
        match_over=match.over,
        winners=match.winners,
        upcard=rnd.upcard,
    )

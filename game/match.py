"""A match: players, rounds, dealing, dealer rotation, totals and the match end."""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from . import actions as A
from .cards import ACE, JOKER, Card, Face, Suit, face_of, make_deck
from .errors import IllegalAction, Refusal, refuse
from .melds import WildInfo
from .rules import Rules
from .scoring import match_state, round_scores
from .state import Deal, Round, RoundEnd


class DealError(ValueError):
    """A fixed deal that the deck cannot give (a card named too often, wrong hand sizes)."""


@dataclass(frozen=True, slots=True)
class Player:
    """A seat: a name, ``human`` or ``bot``, and a bot level."""

    name: str
    kind: str = "human"
    level: str | None = None


@dataclass(frozen=True, slots=True)
class DealSpec:
    """A deal fixed by a record: faces per seat, the top of the stock, indicator, upcard."""

    dealer: int | None = None
    hands: tuple[tuple[Face, ...], ...] | None = None
    stock: tuple[Face, ...] = ()
    indicator: Face | None = None
    upcard: Face | None = None


@dataclass(frozen=True, slots=True)
class RoundResult:
    """A finished round: how it ended and what everyone scored."""

    number: int
    dealer: int
    end: RoundEnd
    scores: tuple[int, ...]


@dataclass(slots=True)
class _Table:
    totals: list[int]
    active: list[int]
    results: list[RoundResult] = field(default_factory=list)
    winners: tuple[int, ...] = ()
    over: bool = False


def wild_info(rules: Rules, indicator: Card | None) -> WildInfo:
    """Which cards are wild for a round (and what jokers are when they are not wild)."""
    if rules.wilds == "none":
        return WildInfo()
    if rules.wilds == "jokers":
        return WildInfo(frozenset({JOKER}))
    if rules.wilds == "jokers_and_twos":
        return WildInfo(frozenset({JOKER} | {face_of(2, s) for s in Suit}))
    assert indicator is not None and indicator.suit is not None
    ace = face_of(ACE, indicator.suit)
    if indicator.rank == ACE and rules.jokers:
        return WildInfo(frozenset({JOKER}))
    return WildInfo(frozenset({ace}), joker_as=ace if rules.jokers else None)


class Match:
    """A whole match. Chance enters once: one seeded generator deals every round."""

    def __init__(
        self, rules: Rules, players: list[Player], seed: int, deals: list[DealSpec] | None = None
    ) -> None:
        if len(players) != rules.players:
            raise DealError(
                f"the rules are for {rules.players} players, the record names {len(players)}"
            )
        self.rules = rules
        self.players = players
        self.seed = seed
        self.deals = list(deals or [])
        self.rng = random.Random(seed)
        self.actions: list[str] = []
        self.deal_count = 0
        self._t = _Table([0] * rules.players, list(range(rules.players)))
        self.round = self._new_round(self._first_dealer())

    # --- public face ------------------------------------------------------------------

    @property
    def totals(self) -> list[int]:
        """Match totals per seat."""
        return list(self._t.totals)

    @property
    def results(self) -> list[RoundResult]:
        """Every finished round, void rounds and redeals included."""
        return list(self._t.results)

    @property
    def over(self) -> bool:
        """True once the match end rule is met."""
        return self._t.over

    @property
    def winners(self) -> tuple[int, ...]:
        """The winning seats (two with teams; empty while the match goes on)."""
        return self._t.winners

    @property
    def active(self) -> list[int]:
        """Seats still in the match (elimination removes seats)."""
        return list(self._t.active)

    @property
    def current(self) -> int:
        """The seat to move."""
        return self.round.current

    def legal(self) -> list[A.Action]:
        """Legal actions for the seat to move."""
        return [] if self.over else self.round.legal()

    def check(self, action: A.Action) -> Refusal | None:
        """Why the action is refused, or None. Changes nothing."""
        if self.over:
            return refuse("match_over", "the match is over")
        return self.round.check(action)

    def apply(self, action: A.Action | str) -> None:
        """Play an action (object or notation); a refused one raises IllegalAction."""
        if isinstance(action, str):
            action = A.parse(action)
        if self.over:
            raise IllegalAction(refuse("match_over", "the match is over"), action.notation())
        text = action.notation()
        self.round.apply(action, text)
        self.actions.append(text)
        if self.round.end is not None:
            self._finish_round(self.round.end)

    # --- rounds -----------------------------------------------------------------------

    def _finish_round(self, end: RoundEnd) -> None:
        t, rules = self._t, self.rules
        scores = round_scores(rules, end, t.active)
        t.results.append(RoundResult(self.round.number, self.round.dealer, end, tuple(scores)))
        for s, v in enumerate(scores):
            t.totals[s] += v
        scored = sum(r.end.scored for r in t.results)
        state = match_state(rules, t.totals, scored, t.active) if end.scored else None
        if state is not None:
            t.active = list(state.active)
            if state.over:
                t.over, t.winners = True, state.winners
                return
        self.round = self._new_round(self._next_dealer(end, scores))

    def _next_dealer(self, end: RoundEnd, scores: list[int]) -> int:
        dealer = self.round.dealer
        if not end.scored:
            return dealer if dealer in self._t.active else self._after(dealer)
        if self.rules.next_dealer == "most_points" and end.winner is not None:
            order = self._order_after(dealer)
            return max(order, key=lambda s: scores[s])
        return self._after(dealer)

    def _after(self, seat: int) -> int:
        n = self.rules.players
        return next(s % n for s in range(seat + 1, seat + n + 1) if s % n in self._t.active)

    def _order_after(self, seat: int) -> list[int]:
        order = [self._after(seat)]
        while len(order) < len(self._t.active):
            order.append(self._after(order[-1]))
        return order

    def _first_dealer(self) -> int:
        spec = self.deals[0] if self.deals else None
        if spec is not None and spec.dealer is not None:
            return spec.dealer
        rule = self.rules.first_dealer
        if rule == "first_seat":
            starter = next((i for i, p in enumerate(self.players) if p.kind == "human"), 0)
            return (starter - 1) % self.rules.players
        return self._draw_lots(high=rule == "lot_high")

    def _draw_lots(self, high: bool) -> int:
        """Each seat draws a card (ace low); the highest or lowest deals; ties draw again."""
        deck = [c for c in make_deck(1, 0)]
        self.rng.shuffle(deck)
        contenders = list(range(self.rules.players))
        while len(contenders) > 1 and deck:
            drawn = {s: deck.pop().rank for s in contenders if deck}
            best = (max if high else min)(drawn.values())
            contenders = [s for s in contenders if drawn.get(s) == best]
        return contenders[0]

    def _new_round(self, dealer: int) -> Round:
        spec = self.deals[self.deal_count] if self.deal_count < len(self.deals) else None
        if spec is not None and spec.dealer is not None:
            dealer = spec.dealer
        self.deal_count += 1
        deal = deal_cards(self.rules, self._t.active, dealer, self.rng, spec)
        return Round(self.rules, list(self._t.active), self.deal_count, deal, self.rng)


# --- dealing ----------------------------------------------------------------------------


def _seat_order(rules: Rules, active: list[int], dealer: int) -> list[int]:
    n = rules.players
    return [s % n for s in range(dealer + 1, dealer + n + 1) if s % n in active]


def deal_cards(
    rules: Rules, active: list[int], dealer: int, rng: random.Random, spec: DealSpec | None = None
) -> Deal:
    """Shuffle and deal (or take the fixed cards of ``spec``), then turn indicator or upcard."""
    deck = list(make_deck(rules.decks, rules.jokers))
    order = _seat_order(rules, active, dealer)
    if spec is not None and spec.hands is not None:
        return _fixed_deal(rules, deck, order, dealer, rng, spec)
    rng.shuffle(deck)
    hands: dict[int, list[Card]] = {s: [] for s in order}
    for _ in range(rules.hand_size):
        for s in order:
            hands[s].append(deck.pop())
    if rules.starter_extra_card:
        hands[order[0]].append(deck.pop())
    stock = list(reversed(deck))  # top first
    return _turn_up(rules, dealer, hands, stock, None, None)


def _turn_up(
    rules: Rules,
    dealer: int,
    hands: dict[int, list[Card]],
    stock: list[Card],
    indicator: Card | None,
    upcard: Card | None,
) -> Deal:
    if rules.wilds == "indicator" and indicator is None:
        while stock and stock[0].face.is_joker:
            joker = stock.pop(0)
            stock.insert(len(stock) // 2, joker)
        indicator = stock.pop(0)
    if rules.upcard and upcard is None:
        upcard = stock.pop(0)
    all_hands = tuple(tuple(hands.get(s, ())) for s in range(rules.players))
    return Deal(dealer, all_hands, tuple(stock), indicator, upcard, wild_info(rules, indicator))


def _fixed_deal(
    rules: Rules,
    deck: list[Card],
    order: list[int],
    dealer: int,
    rng: random.Random,
    spec: DealSpec,
) -> Deal:
    pool = list(deck)

    def take(face: Face) -> Card:
        for i, card in enumerate(pool):
            if card.face == face:
                return pool.pop(i)
        raise DealError(f"the deal names {face.notation()} more often than the deck holds it")

    assert spec.hands is not None
    if len(spec.hands) != rules.players:
        raise DealError(f"the deal lists {len(spec.hands)} hands for {rules.players} seats")
    hands: dict[int, list[Card]] = {}
    for s in range(rules.players):
        want = (
            0
            if s not in order
            else rules.hand_size + (1 if rules.starter_extra_card and s == order[0] else 0)
        )
        if len(spec.hands[s]) != want:
            raise DealError(f"hand {s} has {len(spec.hands[s])} cards; the rules deal {want}")
        hands[s] = [take(f) for f in spec.hands[s]]
    indicator = take(spec.indicator) if spec.indicator is not None else None
    if indicator is not None and (rules.wilds != "indicator" or indicator.face.is_joker):
        raise DealError("an indicator is turned only with wilds = indicator, and never a joker")
    upcard = take(spec.upcard) if spec.upcard is not None else None
    top = [take(f) for f in spec.stock]
    rng.shuffle(pool)
    return _turn_up(rules, dealer, hands, top + pool, indicator, upcard)

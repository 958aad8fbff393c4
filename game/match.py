"""A match: players, rounds, dealing, dealer rotation, totals and the match end."""

from __future__ import annotations

import random
from collections import Counter
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
        for i, spec in enumerate(self.deals):
            try:
                check_deal(rules, spec)
            except DealError as e:
                raise DealError(f"deals[{i}]: {e}") from None
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
        index = self.deal_count
        spec = self.deals[index] if index < len(self.deals) else None
        if spec is not None and spec.dealer is not None:
            dealer = spec.dealer
        self.deal_count += 1
        try:
            deal = deal_cards(self.rules, self._t.active, dealer, self.rng, spec)
        except DealError as e:
            # what only the play decides (who starts, who is out) is checked here, when the
            # deal is due; everything else was checked when the match was set up
            raise DealError(f"deals[{index}]: {e}") from None
        return Round(self.rules, list(self._t.active), self.deal_count, deal, self.rng)


# --- dealing ----------------------------------------------------------------------------


def _seat_order(rules: Rules, active: list[int], dealer: int) -> list[int]:
    n = rules.players
    return [s % n for s in range(dealer + 1, dealer + n + 1) if s % n in active]


def check_deal(rules: Rules, spec: DealSpec) -> None:
    """Raise DealError when a fixed deal can never be dealt under these rules: a card named
    more often than the deck holds it, a wrong number of hands or a hand of a size the
    rules never deal, an indicator where none is turned or none but jokers to turn. Who
    starts (and gets Hand's extra card) when the deal names no dealer, and who is out of
    the match, are known only when the deal is due: ``deal_cards`` checks those."""
    if spec.hands is not None:
        if len(spec.hands) != rules.players:
            raise DealError(f"the deal lists {len(spec.hands)} hands for {rules.players} seats")
        sizes = _hand_sizes(rules)
        for s, hand in enumerate(spec.hands):
            if len(hand) not in sizes:
                raise DealError(
                    f"hand {s} has {len(hand)} cards; the rules deal {_sizes_text(rules)}"
                )
        if rules.starter_extra_card:
            extra = [s for s, h in enumerate(spec.hands) if len(h) == rules.hand_size + 1]
            if len(extra) != 1:
                raise DealError(
                    f"the deal gives {len(extra)} hands {rules.hand_size + 1} cards; "
                    "the rules deal one, to the starter"
                )
            starter = None if spec.dealer is None else (spec.dealer + 1) % rules.players
            if starter is not None and rules.match_end != "elimination" and extra != [starter]:
                raise DealError(
                    f"hand {extra[0]} has {rules.hand_size + 1} cards; the rules deal them "
                    f"to the seat after the dealer, seat {starter}"
                )
        if sum(1 for h in spec.hands if h) < 2:
            raise DealError("the deal leaves fewer than two hands to play")
    named = [
        *(f for h in spec.hands or () for f in h),
        *([spec.indicator] if spec.indicator is not None else []),
        *([spec.upcard] if spec.upcard is not None else []),
        *spec.stock,
    ]
    deck = Counter(c.face for c in make_deck(rules.decks, rules.jokers))
    seen: Counter[Face] = Counter()
    for face in named:
        seen[face] += 1
        if seen[face] > deck[face]:
            raise DealError(f"the deal names {face.notation()} more often than the deck holds it")
    if spec.indicator is not None and (rules.wilds != "indicator" or spec.indicator.is_joker):
        raise DealError("an indicator is turned only with wilds = indicator, and never a joker")
    if spec.hands is None:
        dealt = rules.players * rules.hand_size + (1 if rules.starter_extra_card else 0)
        if rules.match_end != "elimination" and len(named) + dealt > rules.deck_size:
            raise DealError(f"the deal fixes {len(named)} cards: too many to deal the hands")
    elif rules.wilds == "indicator" and spec.indicator is None:
        # the indicator is turned from the stock, passing over jokers: one must be natural
        held = [f for h in spec.hands for f in h] + ([spec.upcard] if spec.upcard else [])
        naturals = sum(n for f, n in deck.items() if not f.is_joker)
        if sum(1 for f in held if not f.is_joker) >= naturals:
            raise DealError("the deal leaves only jokers in the stock to turn as the indicator")


def _hand_sizes(rules: Rules) -> set[int]:
    sizes = {rules.hand_size}
    if rules.starter_extra_card:
        sizes.add(rules.hand_size + 1)
    if rules.match_end == "elimination" and rules.players > 2:
        sizes.add(0)  # a seat that is out of the match
    return sizes


def _sizes_text(rules: Rules) -> str:
    text = str(rules.hand_size)
    if rules.starter_extra_card:
        text += f" ({rules.hand_size + 1} to the starter)"
    if rules.match_end == "elimination" and rules.players > 2:
        text += " (none to a seat that is out)"
    return text


def deal_cards(
    rules: Rules, active: list[int], dealer: int, rng: random.Random, spec: DealSpec | None = None
) -> Deal:
    """Shuffle and deal (or take the fixed cards of ``spec``), then turn indicator or upcard."""
    deck = list(make_deck(rules.decks, rules.jokers))
    order = _seat_order(rules, active, dealer)
    if spec is not None and spec.hands is not None:
        return _fixed_deal(rules, deck, order, dealer, rng, spec)
    if spec is not None and (spec.stock or spec.indicator or spec.upcard):
        return _fixed_stock(rules, deck, order, dealer, rng, spec)
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
        return _take(pool, face)

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
            told = f"hand {s} has {len(spec.hands[s])} cards"
            if not want:
                raise DealError(f"{told}, but seat {s} is out of the match")
            starts = " to the seat after the dealer" if want > rules.hand_size else ""
            raise DealError(f"{told}; the rules deal {want}{starts}")
        hands[s] = [take(f) for f in spec.hands[s]]
    indicator = take(spec.indicator) if spec.indicator is not None else None
    if indicator is not None and (rules.wilds != "indicator" or indicator.face.is_joker):
        raise DealError("an indicator is turned only with wilds = indicator, and never a joker")
    upcard = take(spec.upcard) if spec.upcard is not None else None
    top = [take(f) for f in spec.stock]
    rng.shuffle(pool)
    return _turn_up(rules, dealer, hands, top + pool, indicator, upcard)


def _take(pool: list[Card], face: Face) -> Card:
    for i, card in enumerate(pool):
        if card.face == face:
            return pool.pop(i)
    raise DealError(f"the deal names {face.notation()} more often than the deck holds it")


def _fixed_stock(
    rules: Rules,
    deck: list[Card],
    order: list[int],
    dealer: int,
    rng: random.Random,
    spec: DealSpec,
) -> Deal:
    """A deal that fixes the top of the stock, the indicator or the upcard, but no hands:
    the hands are dealt from the shuffled rest, which then lies under the listed stock."""
    pool = list(deck)
    indicator = _take(pool, spec.indicator) if spec.indicator is not None else None
    upcard = _take(pool, spec.upcard) if spec.upcard is not None else None
    top = [_take(pool, f) for f in spec.stock]
    dealt = len(order) * rules.hand_size + (1 if rules.starter_extra_card else 0)
    if dealt > len(pool):
        raise DealError(f"the deal fixes {len(deck) - len(pool)} cards: too many to deal the hands")
    rng.shuffle(pool)
    hands: dict[int, list[Card]] = {s: [] for s in order}
    for _ in range(rules.hand_size):
        for s in order:
            hands[s].append(pool.pop())
    if rules.starter_extra_card:
        hands[order[0]].append(pool.pop())
    return _turn_up(rules, dealer, hands, top + pool, indicator, upcard)

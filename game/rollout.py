"""Fast playouts for search: a cheap policy that plays a round on, straight on a `Round`.

Search (the ``expert`` bot) plays thousands of turns per decision, so this policy never
lists the legal moves; but it plays as the hard bot does, so that search judges its lines
by how its opponents really play (bench/agreement.py measures how often the two agree).
Each turn it takes the discard when the card melds with two of its cards (or is a wild;
before an opening only when it opens with it), keeps its melds in hand or puts them down
by hard's judgement (game/holding.py), lays off loose cards that plainly fit, and
discards a loose card by its points and its neighbours in hand, weighed as hard weighs
them. Every action goes through ``Round.step``, which checks it like any action; a turn
the policy cannot end is taken back, and as a last resort finished with the listed legal
moves.
"""

from __future__ import annotations

import random

from . import actions as A
from .candidates import layoff_candidates, meld_options
from .cards import ACE, Card, Face, Suit, face_of
from .holding import Table, danger, keeps_melds
from .melds import Meld, WildInfo
from .reading import rank_at, window_ok
from .rules import Rules
from .solver import Solution, best_melds
from .state import Round

DRAW, TAKE, UNDO, ANNOUNCE = A.Draw(), A.Take(), A.Undo(), A.Announce()
CONNECTED = 6.0  # points a loose card is worth keeping for each neighbour it has in hand
DANGER_SHARE = 1 / 3  # what that is worth while another seat is about to go out (as hard)
OPEN_KEEP = 0.6  # before an opening, more per neighbour for each point of the card
FLAT_COST = 0.3  # Hand charges a flat 100 while unopened: a card's own points matter less
NOISE = 3.0  # random points added to every discard's score
MAX_TURN = 40  # actions in one turn before the policy falls back to the listed moves


def _near(pos: int) -> int:
    """Bits of the run positions one and two away from ``pos`` (positions 1..14)."""
    return sum(1 << q for q in (pos - 2, pos - 1, pos + 1, pos + 2) if 1 <= q <= 14)


_NEAR = [_near(p) for p in range(15)]
# the run positions of each rank: with the ace low only, and with it high as well
_LOW = [1 << r for r in range(14)]
_HIGH = [(1 << r) | (1 << 14 if r == ACE else 0) for r in range(14)]
# pairs of positions that make a run of three with ``pos``
_PAIRS = [
    tuple(
        (1 << a) | (1 << b)
        for a, b in ((p - 2, p - 1), (p - 1, p + 1), (p + 1, p + 2))
        if 1 <= a <= 14 and 1 <= b <= 14
    )
    for p in range(15)
]


class Hand:
    """What the policy reads off a hand: ranks held, suits as bit masks of run positions."""

    __slots__ = ("high", "masks", "ranks", "suits_of", "wild")

    def __init__(self, cards: list[Card], wilds: WildInfo, high: bool) -> None:
        self.high = high  # the ace may also stand above the king
        ranks: dict[int, int] = {}
        suits_of: dict[int, int] = {}  # rank -> bit mask of suits held
        masks: dict[object, int] = {}  # suit -> bit mask of run positions held
        wild = 0
        wild_faces = wilds.wild_faces
        bits = _HIGH if high else _LOW
        for c in cards:
            f = c.face
            if f in wild_faces and wilds.is_wild(c):
                wild += 1
                continue
            if f.rank == 0:
                f = wilds.natural(c)
            r = f.rank
            ranks[r] = ranks.get(r, 0) + 1
            if f.suit is not None:
                suits_of[r] = suits_of.get(r, 0) | (1 << f.suit)
                masks[f.suit] = masks.get(f.suit, 0) | bits[r]
        self.ranks, self.suits_of, self.masks, self.wild = ranks, suits_of, masks, wild

    def add(self, card: Card, wilds: WildInfo) -> None:
        """Count one more card."""
        if wilds.is_wild(card):
            self.wild += 1
            return
        f = wilds.natural(card)
        r = f.rank
        self.ranks[r] = self.ranks.get(r, 0) + 1
        if f.suit is not None:
            self.suits_of[r] = self.suits_of.get(r, 0) | (1 << f.suit)
            self.masks[f.suit] = self.masks.get(f.suit, 0) | (_HIGH if self.high else _LOW)[r]

    def near(self, f: Face) -> int:
        """Cards of the hand next to ``f``: the same rank, or one or two away in its suit."""
        count = self.ranks.get(f.rank, 1) - 1
        if f.suit is not None:
            mask = self.masks.get(f.suit, 0)
            count += (mask & _NEAR[f.rank]).bit_count()
            if f.rank == ACE and self.high:
                count += (mask & _NEAR[14]).bit_count()
        return count

    def completes(self, f: Face, any_suit: bool, wilds_ok: bool) -> bool:
        """Whether ``f`` makes a meld of three with two cards of the hand (a wild counts)."""
        if f.suit is None:
            return False
        wild = wilds_ok and self.wild > 0
        if any_suit:
            same = self.ranks.get(f.rank, 0)
        else:
            same = (self.suits_of.get(f.rank, 0) & ~(1 << f.suit)).bit_count()
        if same >= 2 or (same and wild):
            return True
        mask = self.masks.get(f.suit, 0)
        for pos in (f.rank, 14) if f.rank == ACE and self.high else (f.rank,):
            if any(mask & pair == pair for pair in _PAIRS[pos]):
                return True
            if wild and mask & _NEAR[pos]:
                return True
        return False


class Playout:
    """The playout policy with its own generator; ``actions`` counts every step taken.

    ``solved`` keeps the solver's best melds per hand; playouts of one search may share
    it (the same hands come up again and again). With ``hold`` (where going out in one
    doubles the score), a seat that has put nothing
    down keeps its melds in hand until they all go down at once, as long as every other
    hand that could go out holds ``hold`` cards or more (hard's way of play)."""

    def __init__(
        self,
        rng: random.Random,
        hold: int = 0,
        noise: float = NOISE,
        solved: dict[tuple[object, ...], Solution] | None = None,
    ) -> None:
        self.rng = rng
        self.hold = hold
        self.noise = noise
        self.work = 0  # a measure of time: see `costs`
        self.step_work = self.solve_work = 0
        # best melds by hand: pass the same dict to the playouts of one search (hands recur)
        self.solved = {} if solved is None else solved
        self.actions = 0
        self._seen: set[int] = set()  # seats whose hand this playout has looked at
        # seats keeping melds in hand by choice, and how many cards they could not meld
        self._holding_back: dict[int, int] = {}
        self._seats_now: Table | None = None
        self._table: list[Meld] | None = None
        self._fits: dict[Face, int] = {}
        self._values: dict[Card, int] = {}
        self._wilds: WildInfo | None = None

    def run(self, rnd: Round, turns: int) -> None:
        """Play whole turns until the round ends or ``turns`` turns have been played."""
        self.step_work, self.solve_work = costs(rnd.rules)
        for _ in range(turns):
            if rnd.end is not None:
                return
            self.turn(rnd)

    def turn(self, rnd: Round) -> None:
        """Play the rest of the current seat's turn."""
        seat, start = rnd.current, self.actions
        self._seats_now = None  # what the seat sees of the others: once per turn (below)
        rules = rnd.rules
        high = rules.ace != "low"
        wilds_ok = rules.wilds != "none"
        any_suit = rules.set_suits == "any"
        hand: Hand | None = None
        # a hand is solved again only when it may have changed for the better: its first
        # turn, a drawn card that melds (below), or holding back no longer being safe
        held = self._holding_back.get(seat)
        fresh = seat not in self._seen or (held is not None and not self._holding(rnd, held))
        self._seen.add(seat)
        if rnd.phase == "draw":
            hand = Hand(rnd.hands[seat], rnd.wilds, high)
            took = self._wants(rnd, hand, any_suit, wilds_ok) and self._step(rnd, TAKE)
            if not took and not self._step(rnd, DRAW):
                self._fallback(rnd, seat, start)
                return
            new = rnd.hands[seat][-1]
            wilds = rnd.wilds
            fresh = (
                fresh
                or wilds.is_wild(new)
                or hand.completes(wilds.natural(new), any_suit, wilds_ok)
            )
            hand.add(new, wilds)
        else:
            fresh = True
        if rnd.phase == "play":
            before = self.actions
            self._play(rnd, fresh)
            if self.actions != before:
                hand = None
        if rnd.end is None and rnd.current == seat and not self._discard(rnd, high, hand):
            self._fallback(rnd, seat, start)

    # --- steps ---------------------------------------------------------------------

    def _step(self, rnd: Round, action: A.Action) -> bool:
        if rnd.step(action) is None:
            self.actions += 1
            self.work += self.step_work
            return True
        return False

    def _fallback(self, rnd: Round, seat: int, start: int) -> None:
        """Finish the turn with listed moves: undo what cannot end, then draw and discard."""
        while rnd.end is None and rnd.current == seat and self.actions - start < MAX_TURN * 2:
            legal = rnd.legal()
            if not legal:
                break
            discards = [a for a in legal if isinstance(a, A.Discard)]
            if discards:
                self._step(rnd, self.rng.choice(discards))
            elif rnd.phase == "draw":
                self._step(rnd, DRAW if DRAW in legal else legal[0])
            elif UNDO in legal:
                self._step(rnd, UNDO)
            else:
                plays = [a for a in legal if not isinstance(a, A.Redeal)] or legal
                self._step(rnd, self.rng.choice(plays))
        if rnd.end is None and rnd.current == seat:
            rnd._end("stalemate", None)  # a turn no move ends: call the round off

    # --- drawing -------------------------------------------------------------------

    def _wants(self, rnd: Round, hand: Hand, any_suit: bool, wilds_ok: bool) -> bool:
        if not rnd.discard:
            return False
        top = rnd.discard[-1]
        rules = rnd.rules
        if rnd.wilds.is_wild(top):
            return not rules.tame_taken_wilds and rules.discard_pickup == "free"
        if not hand.completes(rnd.wilds.natural(top), any_suit, wilds_ok):
            return False
        seat = rnd.current
        if rules.opening_min and not rnd.opened[seat]:  # as hard: only if it opens with it
            plan = self._solve([*rnd.hand, top], rnd, "opening", 1)
            if plan.opening_value < rnd.opening_needed() or not any(
                top in cards for cards, _ in plan.melds
            ):
                return False
        if rules.discard_pickup == "free":
            return True
        # the card must go down at once: a seat keeping its melds in hand takes it only to
        # go out with it (as hard)
        keep = 1 if rules.out_requires_discard else 0
        now = len(self._solve(rnd.hand, rnd, "deadwood", keep).deadwood)
        if now <= max(1, keep) or not self._holding(rnd, now):
            return True
        after = self._solve([*rnd.hand, top], rnd, "deadwood", keep).deadwood
        return len(after) <= keep and top not in after

    def _solve(self, cards: list[Card], rnd: Round, goal: str, keep: int) -> Solution:
        """The best melds of ``cards`` (kept for the playouts that share ``solved``)."""
        key = (goal, keep, rnd.wilds, *sorted(cards))
        plan = self.solved.get(key)
        if plan is None:
            plan = self.solved[key] = best_melds(cards, rnd.wilds, rnd.rules, goal=goal, keep=keep)
            self.work += self.solve_work
        return plan

    # --- melding -------------------------------------------------------------------

    def _play(self, rnd: Round, fresh: bool) -> None:
        seat = rnd.current
        rules = rnd.rules
        if fresh:
            self._meld(rnd)
        if seat in self._holding_back and rules.out_in_one_double and not rnd.played_before[seat]:
            return  # keeping it all for going out in one: nothing goes down, not even lay-offs
        if rnd.end is None and (rules.lay_off_before_opening or rnd.opened[seat] or _opened(rnd)):
            self._lay_off(rnd)

    def _meld(self, rnd: Round) -> None:
        """Put down the hand's best melds (the solver's) when they open or go out."""
        seat = rnd.current
        rules = rnd.rules
        keep = 1 if rules.out_requires_discard else 0
        need = 0 if rnd.opened[seat] else rnd.opening_needed()
        goal = "opening" if need else "deadwood"
        key = (goal, keep, rnd.wilds, *sorted(rnd.hand))
        if key not in self.solved and not meld_options(rnd.hand, rnd.wilds, rules, limit=1):
            return  # nothing melds: no need to ask the solver
        plan = self._solve(rnd.hand, rnd, goal, keep)
        if not plan.melds:
            return
        left = len(plan.deadwood)
        out = left <= max(keep, 1)
        self._holding_back.pop(seat, None)
        if not out and plan.opening_value < need:
            return
        if not out and self.hold and self._holding(rnd, left):
            self._holding_back[seat] = left  # looked at again once holding is not safe
            return
        for cards, decls in sorted(plan.melds, key=lambda m: -len(m[0])):
            if rnd.end is not None:
                return
            self._step(rnd, A.Meld(tuple(c.face for c in cards), decls))
        if not out and not rnd.opened[seat] and rnd.turn.new_melds and rnd.opening_value() < need:
            while rnd._undo and rnd.turn.new_melds:  # short after all: take the melds back
                self._step(rnd, UNDO)

    def _holding(self, rnd: Round, left: int) -> bool:
        """Keep the melds in hand, as hard does (game/holding.py)."""
        return keeps_melds(self._table_now(rnd), left, hold=self.hold)

    def _table_now(self, rnd: Round) -> Table:
        """The seats as the seat to move sees them, made once per turn: the other hands do
        not change during it (the seat's own opening is read live)."""
        if self._seats_now is None:
            self._seats_now = _table(rnd)
        return self._seats_now

    def _lay_off(self, rnd: Round) -> None:
        for _ in range(len(rnd.hand)):
            if rnd.end is not None or not rnd.table or len(rnd.hand) <= 1:
                return
            action = self._fitting(rnd)
            if action is None:
                self._wild_out(rnd)
                return
            if not self._step(rnd, action):
                return

    def _wild_out(self, rnd: Round) -> None:
        """A hand of wilds and at most one other card lays its wilds off: a wild may not
        always be the last discard, and kept for ever it would stall the round."""
        wilds = rnd.wilds
        if not wilds.wild_faces:
            return
        while rnd.end is None and len(rnd.hand) > 1:
            wild = [c for c in rnd.hand if wilds.is_wild(c)]
            if not wild or len(rnd.hand) - len(wild) > 1:
                return
            singles = [(wild[0], True, wild[0].face)]
            if not any(
                self._step(rnd, a) for meld in rnd.table for a in layoff_candidates(meld, singles)
            ):
                return

    def _fitting(self, rnd: Round) -> A.LayOff | None:
        """A natural card of the hand that plainly fits a meld on the table."""
        if rnd.table is not self._table:
            self._table = rnd.table
            self._fits = _fits(rnd.table, rnd.rules.ace)
        fits = self._fits
        if not fits:
            return None
        wilds = rnd.wilds
        for card in rnd.hand:
            meld = fits.get(card.face)
            if meld is not None and not wilds.is_wild(card):
                return A.LayOff((card.face,), (None,), meld)
        return None

    # --- discarding ----------------------------------------------------------------

    def _discard(self, rnd: Round, high: bool, hand: Hand | None) -> bool:
        """Discard the best loose card; False when no discard is taken."""
        rules = rnd.rules
        if rules.announce == "manual" and len(rnd.hand) <= 4 and not rnd.turn.announced:
            self._step(rnd, ANNOUNCE)
        tried: set[Face] = set()
        for card in self._order(rnd, high, hand):
            if card.face in tried:
                continue
            tried.add(card.face)
            refusal = rnd.step(A.discard_of(card.face))
            if refusal is None:
                self.actions += 1
                self.work += self.step_work
                return True
            if refusal.code != "no_return":
                break  # the turn itself cannot end: undo it below
        if not rnd._undo:
            return False
        while rnd._undo:
            self._step(rnd, UNDO)
        if rnd.phase == "draw" and not self._step(rnd, DRAW):
            return False
        for card in self._order(rnd, high, None):
            if self._step(rnd, A.discard_of(card.face)):
                return True
        return False

    def _order(self, rnd: Round, high: bool, hand: Hand | None) -> list[Card]:
        """The cards that may be discarded, best discard first, weighed as hard weighs
        them: a card's points against its neighbours in hand (worth less when someone is
        about to go out; before an opening, high cards are worth keeping and, in Hand,
        points in hand cost little)."""
        wilds = rnd.wilds
        if wilds is not self._wilds:
            self._wilds, self._values = wilds, {}
        values = self._values
        cards = rnd.hand
        rules = rnd.rules
        seat = rnd.current
        taken = rnd.turn.taken if rules.no_return else None
        if hand is None:
            hand = Hand(cards, wilds, high)
        opening = bool(rules.opening_min) and not rnd.opened[seat]
        cost = FLAT_COST if opening and rules.scoring == "hand" else 1.0
        keep = CONNECTED * (DANGER_SHARE if danger(self._table_now(rnd)) else 1.0)
        rand = self.rng.random if self.noise else _zero
        noise = self.noise
        wild_faces = wilds.wild_faces
        scored = []
        for c in cards:
            if c == taken:
                continue
            face = c.face
            if face in wild_faces and wilds.is_wild(c):
                scored.append((-1000.0 + rand(), c))
                continue
            value = values.get(c)
            if value is None:
                value = values[c] = rnd.card_value(c)
            if face.rank == 0:
                face = wilds.natural(c)
            worth = keep + OPEN_KEEP * value if opening else keep
            score = cost * value - worth * hand.near(face) + noise * rand()
            scored.append((score, c))
        scored.sort(key=lambda sc: -sc[0])
        return [c for _, c in scored]


def costs(rules: Rules) -> tuple[int, int]:
    """What a playout step and solving a hand's best melds cost, in units of work (about
    20 microseconds each; measured: the solver's work grows with the hand and, most of all,
    with the wilds in it, and Rommé's many jokers make every step dearer). Measured over
    60 expert decisions a preset in rounds of hard bots, two seats: classic 18.8 µs a unit,
    standard 24.0, Hand 17.1; Rommé 16.4 (8.5 at the 4 and 48 it had until session 15:
    half the others' time, and half their deals)."""
    if rules.wilds == "none":
        return 3, 5
    if rules.jokers >= 4:
        return 2, 24
    return 2, 20


def _table(rnd: Round) -> Table:
    """What the seat to move sees of every seat."""
    return Table(
        rules=rnd.rules,
        seat=rnd.current,
        seats=rnd.seats,
        counts=[len(h) for h in rnd.hands],
        opened=rnd.opened,
        announced=rnd.announced,
        played=rnd.played_before,
        turns=rnd.turns_taken,
    )


def _zero() -> float:
    return 0.0


def _opened(rnd: Round) -> bool:
    return bool(rnd.turn.new_melds) and rnd.opening_value() >= rnd.opening_needed()


def _fits(table: list[Meld], ace: str) -> dict[Face, int]:
    """The natural faces that plainly fit a meld on the table, and that meld's number."""
    fits: dict[Face, int] = {}
    for meld in table:
        size = len(meld.pieces)
        if meld.kind == "set":
            if size < 4:
                have = {p.rep.suit for p in meld.pieces}
                for s in Suit:
                    if s not in have:
                        fits.setdefault(face_of(meld.rank, s), meld.id)
            continue
        suit = meld.suit
        if suit is None:
            continue
        if window_ok(meld.start - 1, size + 1, ace):
            fits.setdefault(face_of(rank_at(meld.start - 1), suit), meld.id)
        if window_ok(meld.start, size + 1, ace):
            fits.setdefault(face_of(rank_at(meld.start + size), suit), meld.id)
    return fits

"""The ``hard`` level: medium's solver play, plus card tracking and sampled opponent hands.

Hard discards by what a card is still worth to itself (the unseen cards that would
complete a meld with it, less those known to sit in another hand), by what it would give
the next player (the share of sampled hands of that seat that could meld it at once), and
by risk: when someone is about to go out, points in hand weigh more than chances.
"""

from __future__ import annotations

from collections import Counter

from .. import actions as A
from ..cards import Card, Face, Suit, face_of
from ..holding import ONE_AWAY, Table, danger, keeps_melds
from ..melds import card_value
from ..scoring import higher_is_better, match_total, sides
from ..solver import best_melds
from ..view import PlayerView
from .common import keep, penalty, ranked_discards, rng_for, take_turn
from .medium import draw, fits_table, play
from .sampling import HiddenHands, chance, completes, neighbours
from .tracking import Tracker

# Weights at a local optimum, as far as hard against hard tells (bench/rounds.py --pair
# hard-hard --matches --patch, 300 deals as 600 matches, seed 1000, session 19): in standard
# FEED_WEIGHT 6 won 50.8% ± 1.6 and 20 won 49.8% ± 1.8, OUT_WEIGHT 2 50.0% ± 1.6 (no weight
# tried moved a match in fifty). Hard against hard rewards what exploits hard's own rules as
# well as what plays better: melding everything on the first turn in standard beat hard
# 57.2% ± 1.8 but won 7.5 ± 2.3 points of win share less against medium than hard does (62.3%
# against 69.8%, paired): by going under HOLD_SAFE cards it only made hard stop holding.
# Check a change against medium too.
SAMPLES = 24
LEAD = 40  # points ahead (or behind) that make the last rounds safe (or a chase)
OUT_WEIGHT = 3.0  # points of penalty one unseen completing card is worth keeping
DANGER_OUT_WEIGHT = 1.0
FEED_WEIGHT = 12.0  # points of penalty it is worth not to hand the next player a meld
OPEN_WEIGHT = 3.0  # extra worth of an out per 10 points the card adds to an opening
FLAT_COST = 0.3  # Hand charges a flat 100 while unopened: the card's own points matter less


def choose_hard(view: PlayerView) -> A.Action:
    """Medium plus card tracking: does not feed the next player, dumps points when in danger."""
    return take_turn(view, _draw, _play, _discard)


def _play(view: PlayerView) -> A.Action | None:
    """Medium's play, except that melds stay in hand while that is safe and pays; where
    going out in one doubles the score, nothing goes down before the melds do."""
    must_use = view.rules.discard_pickup != "free" and view.taken in view.hand
    if must_use or not _holding(view) or 0 < view.opening_value < view.opening_needed:
        return play(view)  # a taken card or an opening under way must go down this turn
    if not _down(view) and view.rules.out_in_one_double:
        return None  # nothing on the table yet: keep it all (no lay-off spots, the double)
    # opened, or going out in one pays nothing extra: lay off loose cards (fewer points
    # in hand) but keep the melds from the others
    return play(view, melds=False)


def _holding(view: PlayerView) -> bool:
    """Whether to keep melds in hand (game/holding.py), unless this seat can go out now."""
    plan = best_melds(view.hand, view.wilds, view.rules, keep=keep(view))
    # it can go out now: melding all and discarding the one loose card ends the round, also
    # where going out needs no final discard (holding would only throw the chance away)
    left = len(plan.deadwood)
    return left > max(1, keep(view)) and keeps_melds(_table(view), left, _one_away(view))


def _one_away(view: PlayerView) -> int:
    """How close to going out in one is close enough to hold back an opening: less when
    the last rounds of a match are to be won on points, more when they must be caught up."""
    rules = view.rules
    if rules.match_end != "rounds":
        return ONE_AWAY
    left = rules.target - view.scored_rounds
    if left > 2:
        return ONE_AWAY
    totals = list(view.totals)
    side = next(g for g in sides(rules) if view.seat in g)
    mine = match_total(rules, totals, view.seat)
    theirs = [match_total(rules, totals, s) for s in view.active if s not in side]
    # how far this seat is ahead of the best other side (RULES §8: points collected are good)
    lead = mine - max(theirs) if higher_is_better(rules) else min(theirs) - mine
    if lead > LEAD:
        return 0
    return ONE_AWAY + 2 if -lead > LEAD else ONE_AWAY


def _draw(view: PlayerView) -> A.Action:
    """Medium's draw; but where a taken card must go down at once, hard takes it while
    holding only if it goes out with it."""
    action = draw(view)
    if not isinstance(action, A.Take) or view.rules.discard_pickup == "free":
        return action
    if not _holding(view):
        return action
    after = best_melds([*view.hand, view.discard[-1]], view.wilds, view.rules, keep=keep(view))
    out_now = len(after.deadwood) <= keep(view) and view.discard[-1] not in after.deadwood
    return action if out_now else A.Draw()


def _down(view: PlayerView) -> bool:
    """Whether this seat has put cards on the table this round."""
    return view.opened[view.seat] or any(p.by == view.seat for m in view.table for p in m.pieces)


def _table(view: PlayerView) -> Table:
    """What the seat sees of every seat; cards put down during this turn count as down."""
    played = list(view.played_before)
    played[view.seat] = _down(view)
    return Table(
        rules=view.rules,
        seat=view.seat,
        seats=view.active,
        counts=view.hand_counts,
        opened=view.opened,
        announced=view.announced,
        played=played,
        turns=view.turns_taken,
    )


# --- discarding --------------------------------------------------------------------------


def _discard(view: PlayerView) -> A.Action | None:
    ranked = discard_order(view)
    return ranked[0] if ranked else None


def discard_order(view: PlayerView) -> list[A.Discard]:
    """The legal discards as hard ranks them, its choice first."""
    if not any(isinstance(a, A.Discard) for a in view.legal):
        return []
    tracker = Tracker(view)
    hidden = HiddenHands(view, tracker, rng_for(view, "hands"))
    nxt = tracker.next_seat()
    next_hands = [h[nxt] for h in hidden.samples(SAMPLES) if nxt in h]
    wild_faces = view.wilds.wild_faces
    next_wilds = [sum(n for f, n in h.items() if f in wild_faces) for h in next_hands]
    available = Counter(hidden.pool)
    weight = DANGER_OUT_WEIGHT if danger(_table(view)) else OUT_WEIGHT
    opening = not view.opened[view.seat] and view.opening_needed > 0

    def score(card: Card) -> float:
        if view.is_wild(card):
            return -100.0
        feed = chance(
            completes(card.face, h, w, view.rules)
            for h, w in zip(next_hands, next_wilds, strict=True)
        )
        cost, worth = float(penalty(view, card)), weight
        if opening:  # before an opening, high cards are what reaches the minimum
            worth += OPEN_WEIGHT * card_value(view.wilds.natural(card).rank) / 10
            cost *= FLAT_COST if view.rules.scoring == "hand" else 1.0
        score = cost - worth * outs(view, card, available)
        return score - FEED_WEIGHT * feed - 4.0 * fits_table(view, card)

    return ranked_discards(view, score)


def outs(view: PlayerView, card: Card, available: Counter[Face]) -> float:
    """Cards not yet seen (nor known to be in another hand) that complete a meld with
    ``card`` and one other card of the hand; each counted once however it completes."""
    face = card.face
    if face.suit is None:
        return 0.0
    hand = Counter(c.face for c in view.hand if c != card)
    rules = view.rules
    wanted: set[Face] = set()
    suits_held = {f.suit for f in hand if f.rank == face.rank and f.suit is not None}
    if suits_held - {face.suit} or (rules.set_suits == "any" and hand[face]):
        free = [s for s in Suit if s != face.suit and s not in suits_held]
        wanted.update(face_of(face.rank, s) for s in free)
        if rules.set_suits == "any":
            wanted.update(face_of(face.rank, s) for s in Suit)
    for near in neighbours(face.rank, rules):
        low2, low1, high1, high2 = (None if r is None else face_of(r, face.suit) for r in near)
        if low1 and hand[low1]:
            wanted.update(f for f in (low2, high1) if f)
        if high1 and hand[high1]:
            wanted.update(f for f in (low1, high2) if f)
        if low2 and hand[low2] and low1:
            wanted.add(low1)
        if high2 and hand[high2] and high1:
            wanted.add(high1)
    if wanted:
        wanted.update(view.wilds.wild_faces)  # a wild completes any pair
    return float(sum(available[f] for f in wanted))

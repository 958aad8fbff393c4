"""Random playouts over every preset, player count and the main options.

Matches are played by the seeded ``GreedyRandom`` policy (``Policy`` adds the manual
announcements and redeals it leaves out, and with FULL checks a few uniformly random
choices). While they run, the engine's invariants are checked:

- every physical card of the deck is in exactly one place (hands, stock, discard pile,
  table melds, indicator);
- ``legal()`` is never empty before the match end, lists no action twice, every listed
  action passes ``check``, and the chosen one applies (and reads back from its notation);
- an action that ``check`` refuses raises ``IllegalAction`` in ``apply`` with the same
  code and changes nothing at all; one that ``check`` accepts (though not listed) applies;
- now and then every legal action is applied to its own deep copy of the match as it
  was before ``legal()`` ran (the engine keeps the plans ``legal()`` checked);
- ``undo`` restores the hand, table, discard pile, stock and phase from before the step
  it takes back; after a turn the next seat moves; a new deal gives full hands;
- every match ends within a generous number of actions, the totals add up the rounds
  and the winners are the ones RULES §8 names;
- the saved record replays to the same outcome, with exit code 0.

The normal suite keeps matches short with rule overrides (low targets), runs the first
and every twentieth match of each row with FULL checks and the others with LIGHT ones
(refusal probes on a seeded 5% of the steps, no deep copies, no random choices). The
``soak`` test (``make soak``) plays 10,000 full-length matches per preset with the
cheaper invariants; ``SOAK_MATCHES=200 make soak`` plays fewer.

Every failure message names preset, players, options, seed and action index; reproduce
one with ``play(preset, players, options, seed, FULL or LIGHT)`` as the message says.
"""

from __future__ import annotations

import copy
import dataclasses
import json
import os
import random
from collections import Counter
from dataclasses import dataclass, replace
from itertools import chain
from typing import Any

import pytest

from game import actions as A
from game.cards import Card, Face, make_deck
from game.errors import IllegalAction
from game.match import Match, Player
from game.playout import GreedyRandom
from game.record import load, outcome_json, replay, save
from game.rules import PRESETS, Rules, player_range, preset

# --- what to check, and how often ---------------------------------------------------------


@dataclass(frozen=True)
class Checks:
    """How much checking a playout does (``probe_share``: the seeded share of steps)."""

    probe_share: float = 1.0  # refused actions raise and change nothing
    copy_every: int = 50  # mean steps between "apply every legal action to a deep copy"
    replay: bool = True  # the saved record replays to the same outcome
    cap: int = 50_000  # actions within which the match must end
    explore: float = 0.02  # share of uniformly random choices in the playout policy
    name: str = "FULL"


FULL = Checks()
LIGHT = Checks(probe_share=0.05, copy_every=0, explore=0.0, name="LIGHT")
SOAK = Checks(probe_share=0.0, copy_every=0, replay=False, cap=400_000, explore=0.02, name="SOAK")


@dataclass(frozen=True)
class Run:
    """One playout: its seed and checks (both needed to play the same match again)."""

    seed: int
    checks: Checks


# --- the invariants ------------------------------------------------------------------------


def where(m: Match, run: Run) -> str:
    """The reproduction line every failure message carries."""
    opts = m.rules.to_dict()
    name, players = opts.pop("preset"), opts.pop("players")
    return (
        f"[{name} players={players} options={opts} seed={run.seed} action_index={len(m.actions)} "
        f"round={m.round.number} phase={m.round.phase} seat={m.round.current}; "
        f"reproduce: play({name!r}, {players}, {opts!r}, {run.seed}, {run.checks.name})]"
    )


def all_cards(m: Match) -> list[Card]:
    """Every physical card the round holds: hands, stock, discard, table, indicator."""
    rnd = m.round
    cards = list(chain(chain.from_iterable(rnd.hands), rnd.stock, rnd.discard))
    cards += chain.from_iterable(meld.cards for meld in rnd.table)
    if rnd.indicator is not None:
        cards.append(rnd.indicator)
    return cards


def cards_problem(m: Match, deck: frozenset[Card]) -> str | None:
    """None when the round holds exactly the deck, each physical card once."""
    cards = all_cards(m)
    if len(cards) == len(deck) and set(cards) == deck:
        return None
    counts = Counter(cards)
    twice = sorted(f"{c.face}#{c.copy}" for c, k in counts.items() if k > 1)
    missing = sorted(f"{c.face}#{c.copy}" for c in deck if c not in counts)
    extra = sorted(f"{c.face}#{c.copy}" for c in counts if c not in deck)
    return (
        f"{len(cards)} cards for a deck of {len(deck)}: "
        f"twice {twice}, missing {missing}, not in the deck {extra}"
    )


def fingerprint(m: Match) -> tuple[Any, ...]:
    """The whole observable state of a match (and its random generator)."""
    rnd = m.round
    return (
        tuple(tuple(h) for h in rnd.hands),
        tuple(rnd.stock),
        tuple(rnd.discard),
        tuple((meld.id, meld.kind, meld.pieces, meld.owner, meld.start) for meld in rnd.table),
        rnd.phase,
        rnd.current,
        tuple(rnd.opened),
        tuple(m.totals),
        len(m.results),
        len(m.actions),
        rnd.number,
        rnd.indicator,
        rnd.wilds,
        tuple(rnd.announced),
        replace(rnd.turn),
        rnd.can_undo,
        len(rnd.history),
        rnd.history[-1:],
        tuple(rnd.turns_taken),
        rnd.end,
        m.over,
        m.winners,
        m.rng.getstate(),
    )


PROBES = 3  # refused actions tried per probed step

_FACES: dict[tuple[int, int], tuple[Face, ...]] = {}


def deck_faces(rules: Rules) -> tuple[Face, ...]:
    """The distinct faces of the match's deck."""
    key = (rules.decks, rules.jokers)
    if key not in _FACES:
        _FACES[key] = tuple(dict.fromkeys(c.face for c in make_deck(*key)))
    return _FACES[key]


def probe_actions(m: Match, rng: random.Random) -> list[A.Action]:
    """Actions that are most likely refused now (each is checked before it is used)."""
    rnd = m.round
    hand = rnd.hands[rnd.current]
    held = {c.face for c in hand}
    out: list[A.Action] = []
    absent = [f for f in deck_faces(m.rules) if f not in held]
    if absent:
        out.append(A.Discard(rng.choice(absent)))
    if rnd.phase == "draw":
        out += [A.Discard(rng.choice(hand).face)] if hand else []
    else:
        out += [A.Draw(), A.Take()]
    if len(hand) >= 3:
        k = rng.randint(3, min(5, len(hand)))
        out.append(A.Meld(tuple(c.face for c in rng.sample(hand, k)), (None,) * k))
    if hand and rnd.table:
        meld = rng.choice(rnd.table)
        card = rng.choice(hand).face
        out += [A.LayOff((card,), (None,), meld.id), A.Swap((card,), meld.id)]
    if hand:
        out.append(A.LayOff((rng.choice(hand).face,), (None,), len(rnd.table) + 7))
    if not rnd.can_undo:
        out.append(A.Undo())
    out += [A.Announce(), A.Redeal()]
    if rnd.turn.taken is not None:
        out.append(A.Discard(rnd.turn.taken.face))
    return rng.sample(out, min(PROBES, len(out)))


def deep_copy(m: Match) -> Match:
    """``copy.deepcopy`` of a match, sharing what is immutable (cards, rules, frozen melds).

    Sharing only makes it faster: a copy that changed a shared object would change the
    original too, which ``check_every_action_applies`` would notice.
    """
    rnd = m.round
    shared: list[Any] = [*make_deck(m.rules.decks, m.rules.jokers), m.rules, *m.players]
    shared += [*rnd.history, *rnd.table, *m.results]
    return copy.deepcopy(m, {id(x): x for x in shared})


def check_probes(m: Match, rng: random.Random, run: Run) -> None:
    """A refused action raises with the same code and changes nothing; an accepted one applies."""
    before = fingerprint(m)
    refused = []
    for action in probe_actions(m, rng):
        text = action.notation()
        refusal = m.check(action)
        if refusal is None:
            try:
                deep_copy(m).apply(action)
            except IllegalAction as e:
                pytest.fail(f"check() accepts {text!r}, apply() raises {e} {where(m, run)}")
            continue
        with pytest.raises(IllegalAction) as info:
            m.apply(action)
        code = info.value.code
        assert code == refusal.code, (
            f"{text!r}: check() {refusal.code}, apply() {code} {where(m, run)}"
        )
        refused.append(text)
    assert fingerprint(m) == before, f"refused {refused} changed the state {where(m, run)}"


def check_every_action_applies(m: Match, pristine: Match, legal: list[A.Action], run: Run) -> None:
    """Each legal action applies to its own deep copy of the match as it was before
    ``legal()`` ran (so nothing ``legal()`` worked out is reused), and passes ``check``
    there; the match itself stays as it was."""
    before = fingerprint(m)
    assert fingerprint(pristine) == before, f"a deep copy differs {where(m, run)}"
    for action in legal:
        try:
            deep_copy(pristine).apply(action)
        except IllegalAction as e:
            pytest.fail(f"legal {action.notation()!r} refused on a copy: {e} {where(m, run)}")
    for action in legal:
        refusal = pristine.check(action)
        assert refusal is None, (
            f"{action.notation()!r} refused on a copy: {refusal} {where(m, run)}"
        )
    assert fingerprint(m) == before, f"playing on deep copies changed the match {where(m, run)}"


def check_match_end(m: Match, run: Run) -> None:
    """Totals add up the rounds, and the winners are the ones RULES §8 names."""
    ctx = where(m, run)
    rules, totals = m.rules, m.totals
    n = rules.players
    assert totals == [sum(r.scores[s] for r in m.results) for s in range(n)], ctx
    assert m.winners, f"a match over without winners {ctx}"
    sides = [(0, 2), (1, 3)] if rules.teams else [(s,) for s in range(n)]
    total = {side: sum(totals[s] for s in side) for side in sides}
    won = next(side for side in sides if m.winners[0] in side)
    others = [total[side] for side in sides if side != won]
    limit, end = rules.target, rules.match_end
    if end == "target":
        assert total[won] >= limit and all(t < total[won] for t in others), ctx
    elif end == "penalty_limit":
        assert max(total.values()) >= limit and all(t > total[won] for t in others), ctx
    elif end == "rounds":  # the best total wins: the highest where the winner collects
        assert sum(r.end.scored for r in m.results) >= limit, ctx
        sign = 1 if rules.scoring == "winner_collects" else -1
        assert all(sign * total[won] > sign * t for t in others), ctx
    else:  # elimination
        assert set(m.winners) <= set(m.active), ctx
        if total[won] < limit:
            assert all(t >= limit for t in others), ctx
        else:
            alive = [side for side in sides if set(side) & set(m.active)]
            low = min(total[side] for side in alive)
            lowest = {s for side in alive if total[side] == low for s in side}
            assert set(m.winners) == lowest, ctx
    if end != "elimination":
        assert set(m.winners) == set(won), ctx


def check_replay(m: Match, run: Run) -> None:
    """The saved record (through JSON) replays to the same outcome, exit code 0."""
    data = json.loads(json.dumps(save(m)))
    out, code = replay(load(data))
    ctx = where(m, run)
    assert code == 0, f"replay refused {out['error']} {ctx}"
    assert out["totals"] == m.totals, ctx
    assert out["winners"] == list(m.winners), ctx
    assert len(out["rounds"]) == len(m.results), ctx
    assert out["match_over"] is True, ctx
    assert out == outcome_json(m), ctx


def seats(players: int, seed: int) -> list[Player]:
    """Humans and bots mixed by seed (classic starts with the first human seat)."""
    return [
        Player(f"P{i}", "bot", "easy") if (seed >> i) & 1 else Player(f"P{i}")
        for i in range(players)
    ]


class Policy:
    """``GreedyRandom``, plus the actions it leaves out or rarely takes.

    GreedyRandom never announces by hand, so under ``announce = manual`` everybody forgets
    and rounds end void; here a seat announces most of the time when it may, and asks for
    a redeal now and then. A few choices are uniformly random, so that ``take`` and
    ``undo`` come up in every kind of position.
    """

    def __init__(self, seed: int, explore: float) -> None:
        self.greedy = GreedyRandom(seed)
        self.rng = random.Random(f"policy {seed}")
        self.explore = explore

    def choose(self, m: Match, legal: list[A.Action]) -> A.Action:
        """One of ``legal``."""
        if self.explore and self.rng.random() < self.explore:
            return self.rng.choice(legal)
        extra = [a for a in legal if isinstance(a, A.Announce | A.Redeal)]
        if extra:
            action = self.rng.choice(extra)
            if self.rng.random() < (0.8 if isinstance(action, A.Announce) else 0.3):
                return action
        return self.greedy.choose(m, legal)


def play(name: str, players: int, options: dict[str, Any], seed: int, checks: Checks) -> Match:
    """Play one seeded match to its end, checking the invariants as it goes."""
    rules = preset(name, players=players, **options)
    m = Match(rules, seats(players, seed), seed)
    run = Run(seed, checks)
    try:
        _play(m, run)
    except AssertionError:
        raise
    except Exception as e:  # an engine crash: say where
        raise AssertionError(f"{type(e).__name__}: {e} {where(m, run)}") from e
    return m


UNDOABLE = (A.Take, A.Meld, A.LayOff, A.Swap)


def undo_view(m: Match) -> tuple[Any, ...]:
    """What an undo must restore: the mover's hand, the table, discard pile, stock and phase."""
    rnd = m.round
    hand = tuple(rnd.hands[rnd.current])
    return (rnd.current, rnd.phase, hand, tuple(rnd.table), tuple(rnd.discard), tuple(rnd.stock))


def check_new_round(m: Match, run: Run) -> None:
    """A new deal: full hands for the seats in play, the seat after the dealer to move."""
    rnd, rules = m.round, m.rules
    assert not rnd.table and not rnd.history, where(m, run)
    assert rnd.current == rnd.next_seat(rnd.dealer), where(m, run)
    for seat in range(rules.players):
        want = rules.hand_size + (rules.starter_extra_card and seat == rnd.current)
        assert len(rnd.hands[seat]) == (want if seat in m.active else 0), where(m, run)


def _play(m: Match, run: Run) -> None:
    seed, checks = run.seed, run.checks
    deck = frozenset(make_deck(m.rules.decks, m.rules.jokers))
    policy = Policy(seed, checks.explore)
    rng = random.Random(f"checks {seed}")
    gap = checks.copy_every
    next_copy = rng.randint(1, 2 * gap - 1) if gap else -1
    undo: list[tuple[Any, ...]] = []  # undo_view before each undoable action of this turn
    number = 0
    for step in range(checks.cap):
        problem = cards_problem(m, deck)
        assert problem is None, f"{problem} {where(m, run)}"
        if m.over:
            break
        if m.round.number != number:
            check_new_round(m, run)
            number = m.round.number
        assert m.current in m.active, where(m, run)
        if checks.probe_share and (checks.probe_share >= 1.0 or rng.random() < checks.probe_share):
            check_probes(m, rng, run)
        pristine = deep_copy(m) if step == next_copy else None
        legal = m.legal()
        assert legal, f"no legal action before the match end {where(m, run)}"
        assert len(set(legal)) == len(legal), f"{legal} lists an action twice {where(m, run)}"
        for action in legal:
            refusal = m.check(action)
            assert refusal is None, f"legal {action.notation()!r}: {refusal} {where(m, run)}"
        if pristine is not None:
            check_every_action_applies(m, pristine, legal, run)
            next_copy += rng.randint(1, 2 * gap - 1)
        action = policy.choose(m, legal)
        text = action.notation()
        assert A.parse(text) == action, f"{text!r} does not read back {where(m, run)}"
        seat, before = m.current, undo_view(m)
        try:
            m.apply(action)
        except IllegalAction as e:
            pytest.fail(f"chosen legal {text!r} refused: {e} {where(m, run)}")
        turn_over = m.round.number != number or m.current != seat or m.over
        if isinstance(action, A.Undo):
            assert undo and undo_view(m) == undo.pop(), (
                f"undo restored another state {where(m, run)}"
            )
        elif isinstance(action, UNDOABLE) and not turn_over:
            undo.append(before)
        if turn_over:
            undo.clear()
            if not m.over and m.round.number == number:
                assert m.current == m.round.next_seat(seat), f"wrong seat to move {where(m, run)}"
    assert m.over, f"no match end within {checks.cap} actions {where(m, run)}"
    check_match_end(m, run)
    if checks.replay:
        check_replay(m, run)


# --- the normal suite: short matches over presets, player counts and options ---------------

# Short matches: the lowest targets the rules allow (classic 50; standard and Rommé points;
# Hand one or two scored rounds).
SHORT = {"classic": {"target": 50}, "standard": {"target": 10}, "romme": {"target": 10}}
SHORT["hand"] = {"target": 1}

# (preset, players, options on top of SHORT, matches). Each preset gets at least 200 matches.
MATRIX: list[tuple[str, int, dict[str, Any], int]] = [
    ("classic", 2, {}, 5),
    ("classic", 3, {}, 45),
    ("classic", 4, {}, 60),
    ("classic", 3, {"ace": "low_or_high"}, 15),
    ("classic", 3, {"set_suits": "any"}, 15),
    ("classic", 4, {"ace": "around"}, 15),
    ("classic", 3, {"stock_empty": "reshuffle"}, 10),
    ("classic", 4, {"stock_empty": "void_round"}, 10),
    ("classic", 3, {"turn_limit": 0}, 10),
    ("classic", 4, {"wilds": "jokers", "jokers": 2, "wild_swap": "always"}, 10),
    ("classic", 4, {"opening_min": 30, "lay_off_before_opening": False}, 5),
    ("standard", 2, {}, 25),
    ("standard", 3, {"target": 30}, 10),
    ("standard", 4, {}, 25),
    ("standard", 5, {"target": 30}, 5),
    ("standard", 6, {}, 15),
    ("standard", 5, {"decks": 1}, 15),
    ("standard", 3, {"jokers": 2}, 20),
    ("standard", 4, {"wilds": "jokers_and_twos", "decks": 2, "jokers": 2}, 20),
    ("standard", 2, {"wilds": "jokers_and_twos"}, 15),
    ("standard", 3, {"scoring": "winner_collects", "target": 50}, 15),
    ("standard", 2, {"ace": "low_or_high", "jokers": 4}, 15),
    ("standard", 4, {"stock_empty": "flip_once"}, 10),
    ("standard", 3, {"stock_empty": "void_round"}, 10),
    ("romme", 2, {}, 65),
    ("romme", 3, {}, 35),
    ("romme", 4, {}, 5),
    ("romme", 5, {}, 5),
    ("romme", 6, {}, 5),
    ("romme", 2, {"discard_pickup": "must_use"}, 20),
    ("romme", 2, {"ace": "around"}, 20),
    ("romme", 2, {"jokers": 4, "opening_ace": "always_11"}, 10),
    ("romme", 2, {"stock_empty": "flip_once"}, 5),
    ("romme", 2, {"discard_pickup": "must_meld_new", "set_suits": "any"}, 10),
    ("romme", 3, {"wild_limit": "one_per_meld", "opening_min": 0, "target": 60}, 10),
    ("romme", 2, {"lay_off_before_opening": True, "out_requires_discard": False}, 10),
    ("hand", 2, {}, 95),
    ("hand", 3, {}, 10),
    ("hand", 4, {}, 5),
    ("hand", 4, {"teams": True}, 5),
    ("hand", 2, {"wilds": "jokers"}, 10),
    ("hand", 2, {"jokers": 0}, 10),
    ("hand", 2, {"announce": "manual"}, 10),
    ("hand", 3, {"announce": "manual"}, 5),
    ("hand", 2, {"opening_raise": True}, 15),
    ("hand", 2, {"next_dealer": "rotate", "target": 2}, 5),
    ("hand", 2, {"discard_pickup": "must_use"}, 10),
    ("hand", 4, {"opening_min": 30}, 10),
    ("hand", 2, {"stock_empty": "reshuffle"}, 10),
    # the other accepted combinations of scoring, match end and teams (issue 13)
    ("classic", 3, {"match_end": "rounds", "target": 1}, 5),
    ("classic", 4, {"scoring": "hand", "match_end": "rounds", "target": 1, "teams": True}, 5),
    ("standard", 3, {"match_end": "rounds", "target": 1}, 5),
    ("romme", 3, {"scoring": "hand", "target": 60}, 5),
    ("romme", 3, {"match_end": "elimination", "target": 60}, 5),
    ("hand", 2, {"scoring": "winner_collects", "target": 1}, 5),
    ("hand", 3, {"scoring": "penalty", "match_end": "penalty_limit", "target": 60}, 5),
    ("hand", 3, {"match_end": "elimination", "target": 60}, 5),
    ("hand", 4, {"match_end": "elimination", "target": 60, "teams": True}, 5),
    ("hand", 4, {"match_end": "penalty_limit", "target": 60, "teams": True}, 5),
]

CHUNK = 5  # matches per test case
FULL_EVERY = 20  # seeds 0, 20, 40, ... of every row run with FULL checks, the others LIGHT


def _label(options: dict[str, Any]) -> str:
    return ",".join(f"{k}={v}" for k, v in options.items()) or "default"


def _chunks() -> list[Any]:
    out = []
    for name, players, options, count in MATRIX:
        opts = {**SHORT[name], **options}
        for lo in range(0, count, CHUNK):
            seeds = range(lo, min(lo + CHUNK, count))
            label = f"{name}-{players}p-{_label(options)}-seeds{seeds.start}-{seeds.stop - 1}"
            out.append(pytest.param(name, players, opts, seeds, id=label))
    return out


def test_matrix_covers_every_preset_and_player_count() -> None:
    for name in PRESETS:
        low, high = player_range(name)
        rows = [row for row in MATRIX if row[0] == name]
        assert {players for _, players, _, _ in rows} == set(range(low, high + 1)), name
        assert sum(count for *_, count in rows) >= 200, name


@pytest.mark.parametrize(("name", "players", "options", "seeds"), _chunks())
def test_random_playouts_keep_the_invariants(
    name: str, players: int, options: dict[str, Any], seeds: range
) -> None:
    for seed in seeds:
        play(name, players, options, seed, FULL if seed % FULL_EVERY == 0 else LIGHT)


def test_the_checks_notice_what_they_look_for() -> None:
    """The detectors are not vacuous: a lost, doubled or moved card is seen."""
    m = play("classic", 2, {"target": 50}, 0, LIGHT)
    deck = frozenset(make_deck(1, 0))
    assert cards_problem(m, deck) is None
    lost = deep_copy(m)
    card = lost.round.stock.pop() if lost.round.stock else lost.round.discard.pop()
    assert f"missing ['{card.face}#{card.copy}']" in str(cards_problem(lost, deck))
    twice = deep_copy(m)
    twice.round.stock.append(all_cards(twice)[0])
    assert "twice" in str(cards_problem(twice, deck))
    moved = deep_copy(m)
    assert fingerprint(moved) == fingerprint(m)
    moved.round.hands[0].append(moved.round.discard.pop())
    assert fingerprint(moved) != fingerprint(m)
    assert cards_problem(moved, deck) is None


# --- soak: 10,000 full-length matches per preset (make soak) -------------------------------

SOAK_MATCHES = int(os.environ.get("SOAK_MATCHES", "10000"))  # per preset
SOAK_CHUNK = 100

# Full-length targets: only the options change, cycling with the seed.
SOAK_VARIANTS: dict[str, list[tuple[int, dict[str, Any]]]] = {
    "classic": [
        (2, {}),
        (3, {}),
        (4, {}),
        (2, {"ace": "low_or_high"}),
        (3, {"set_suits": "any"}),
        (4, {"stock_empty": "reshuffle"}),
        (2, {"turn_limit": 0}),
        (3, {"wilds": "jokers", "jokers": 2, "wild_swap": "always"}),
    ],
    "standard": [
        (2, {}),
        (3, {}),
        (4, {}),
        (5, {}),
        (6, {}),
        (3, {"jokers": 2}),
        (4, {"wilds": "jokers_and_twos", "decks": 2, "jokers": 2}),
        (2, {"scoring": "winner_collects"}),
        (5, {"ace": "low_or_high", "decks": 1}),
        (4, {"stock_empty": "flip_once"}),
    ],
    "romme": [
        (2, {}),
        (3, {}),
        (4, {}),
        (5, {}),
        (6, {}),
        (3, {"discard_pickup": "must_use"}),
        (4, {"ace": "around"}),
        (3, {"jokers": 4, "opening_ace": "always_11"}),
    ],
    "hand": [
        (2, {}),
        (3, {}),
        (4, {}),
        (4, {"teams": True}),
        (3, {"wilds": "jokers"}),
        (2, {"jokers": 0}),
        (3, {"announce": "manual"}),
        (4, {"opening_raise": True}),
        (3, {"next_dealer": "rotate"}),
    ],
}


def _soak_chunks() -> list[Any]:
    return [
        pytest.param(name, range(lo, min(lo + SOAK_CHUNK, SOAK_MATCHES)), id=f"{name}-{lo}")
        for name in PRESETS
        for lo in range(0, SOAK_MATCHES, SOAK_CHUNK)
    ]


@pytest.mark.soak
@pytest.mark.parametrize(("name", "seeds"), _soak_chunks())
def test_soak_full_length_playouts(name: str, seeds: range) -> None:
    variants = SOAK_VARIANTS[name]
    for seed in seeds:
        players, options = variants[seed % len(variants)]
        checks = SOAK if seed % 100 else dataclasses.replace(SOAK, replay=True)
        play(name, players, options, seed, checks)

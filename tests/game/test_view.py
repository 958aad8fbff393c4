"""PlayerView: a seat sees its own hand, counts of the others and what is public, no more."""

from __future__ import annotations

import dataclasses
import random
from typing import Any

import pytest

from game.cards import Card, Face
from game.errors import IllegalAction
from game.match import Match, Player
from game.playout import GreedyRandom
from game.rules import preset
from game.view import PlayerView, view_for
from tests.helpers import deal, match

# --- helpers ----------------------------------------------------------------------------


_ATOMS = (Face, str, int, bool, float, type(None))


def cards_in(obj: Any, out: list[Card] | None = None) -> list[Card]:
    """Every physical card reachable from ``obj`` (tuples, lists, sets, dicts, dataclasses)."""
    out = [] if out is None else out
    if type(obj) is Card:
        out.append(obj)
    elif isinstance(obj, _ATOMS):
        pass
    elif isinstance(obj, tuple | list | set | frozenset):
        for x in obj:
            cards_in(x, out)
    elif isinstance(obj, dict):
        for x in obj.values():
            cards_in(x, out)
    elif dataclasses.is_dataclass(obj):
        for f in dataclasses.fields(obj):
            cards_in(getattr(obj, f.name), out)
    return out


def faces_only(obj: Any) -> Any:
    """``obj`` with every physical card replaced by its face (copies of a card look alike)."""
    if isinstance(obj, Card):
        return obj.face
    if isinstance(obj, Face | str | int | bool | float | type(None)):
        return obj
    if isinstance(obj, tuple | list):
        return tuple(faces_only(x) for x in obj)
    if isinstance(obj, set | frozenset):
        return frozenset(faces_only(x) for x in obj)
    if isinstance(obj, dict):
        return {k: faces_only(x) for k, x in obj.items()}
    if dataclasses.is_dataclass(obj):
        return (
            type(obj).__name__,
            tuple(faces_only(getattr(obj, f.name)) for f in dataclasses.fields(obj)),
        )
    return obj


def public_fields(view: PlayerView) -> dict[str, Any]:
    """The fields a seat may see, as in the brief: hand, counts, discard, table, phase, legal."""
    return {
        "hand": view.hand,
        "hand_counts": view.hand_counts,
        "stock_count": view.stock_count,
        "discard": view.discard,
        "table": view.table,
        "indicator": view.indicator,
        "opened": view.opened,
        "phase": view.phase,
        "current": view.current,
        "legal": view.legal,
    }


def hidden_from(m: Match, seat: int) -> set[Card]:
    """Cards ``seat`` may not know: the other hands and the stock (minus public takes)."""
    rnd = m.round
    hidden = {c for s, h in enumerate(rnd.hands) if s != seat for c in h} | set(rnd.stock)
    public = set(rnd.wilds.tamed)  # wilds taken from the discard pile, seen by everybody
    if rnd.turn.taken is not None:
        public.add(rnd.turn.taken)
    return hidden - public


def check_view(m: Match, seat: int) -> PlayerView:
    """Assert everything a view must (and must not) hold; return it."""
    rnd = m.round
    v = view_for(m, seat)
    assert v.seat == seat
    assert v.hand == tuple(rnd.hands[seat])
    assert v.hand_counts == tuple(len(h) for h in rnd.hands)
    assert v.stock_count == len(rnd.stock)
    assert v.discard == tuple(rnd.discard)
    assert v.table == tuple(rnd.table)
    assert v.indicator == rnd.indicator
    assert v.opened == tuple(rnd.opened)
    assert v.phase == rnd.phase and v.current == rnd.current
    assert v.totals == tuple(m.totals) and v.match_over == m.over
    mine = seat == rnd.current and not m.over
    assert v.my_turn == mine
    if mine:
        assert v.legal == tuple(m.legal())
    else:
        assert v.legal == ()
    for who, text in v.history:
        assert 0 <= who < m.rules.players
        if text.split()[0] == "draw":
            assert text == "draw", f"history reveals a drawn card: {text!r}"
    # Nothing of the other hands or the stock, anywhere in the view. Finished rounds
    # (``results``) show the hands as they were scored, and the upcard was turned face up
    # at the deal (whoever took it since), which everybody saw.
    fields = {f.name: getattr(v, f.name) for f in dataclasses.fields(v)}
    for name in ("results", "rules", "players", "upcard"):
        fields.pop(name)
    assert v.upcard == rnd.upcard
    leaked = set(cards_in(fields)) & hidden_from(m, seat)
    assert not leaked, f"seat {seat} sees hidden {sorted(str(c) for c in leaked)}"
    for name in ("stock", "hands", "rng", "seed", "deals"):
        assert not hasattr(v, name), f"a view must not carry {name}"
    return v


# --- what each seat sees, over random play ------------------------------------------------

VIEW_GAMES = [
    ("classic", 2, {}),
    ("classic", 4, {}),
    ("standard", 3, {"jokers": 2}),
    ("romme", 3, {}),
    ("hand", 2, {}),
    ("hand", 4, {"teams": True}),
]


@pytest.mark.parametrize(("name", "players", "options"), VIEW_GAMES)
@pytest.mark.parametrize("seed", [1, 2])
def test_views_hold_own_hand_counts_and_public_cards_only(
    name: str, players: int, options: dict[str, Any], seed: int
) -> None:
    rules = preset(name, players=players, **options)
    m = Match(rules, [Player(f"P{i}") for i in range(players)], seed)
    policy = GreedyRandom(seed)
    for step in range(160):
        for seat in range(players):
            try:
                check_view(m, seat)
            except AssertionError as e:
                raise AssertionError(
                    f"{name} {players}p {options} seed={seed} step={step}: {e}"
                ) from e
        if m.over:
            break
        m.apply(policy.choose(m))


def classic_match(actions: list[str] | None = None):
    """A two-player classic deal; seat 0 starts."""
    hands = ["AS 2S 3S 7H 8D 9C JC QD KH 5D", "6C 6D 6H 10S 10H 2D 3D 4C 9S KD"]
    return match("classic", [deal(hands, stock="QC 5S", dealer=1, upcard="4S")], actions)


def test_legal_only_for_the_seat_to_move() -> None:
    m = classic_match()
    v0, v1 = view_for(m, 0), view_for(m, 1)
    assert v0.my_turn and not v1.my_turn
    assert {a.notation() for a in v0.legal} == {"draw", "take"}
    assert v1.legal == ()
    m.apply("draw")
    assert view_for(m, 1).legal == ()
    assert "discard 5D" in {a.notation() for a in view_for(m, 0).legal}


def test_draw_in_history_hides_the_card_but_take_and_discard_are_public() -> None:
    m = classic_match(["draw", "discard KH", "take", "discard 9S"])
    v = view_for(m, 0)
    assert v.history == ((0, "draw"), (0, "discard KH"), (1, "take"), (1, "discard 9S"))
    assert "QC" not in " ".join(text for _, text in view_for(m, 1).history)
    assert v.hand_counts == (10, 10)
    assert Card(Face.parse("QC"), 0) in v.hand  # the drawer sees the card it drew
    assert Card(Face.parse("QC"), 0) not in view_for(m, 1).hand


# --- hidden stays hidden: deals that differ only in what a seat cannot see ---------------

CLASSIC_SEAT0 = "AS 2S 3S 7H 8D 9C JC QD KH 5D"
CLASSIC_PLAY = [
    "take",  # seat 0 takes the upcard 4S
    "meld AS 2S 3S 4S",
    "discard KH",
    "draw",  # seat 1 draws a card seat 0 never sees
    "meld 6C 6D 6H",
    "discard 10S",
    "draw",  # seat 0 draws the second stock card: the same in both deals
    "layoff 5S m1",
    "discard QD",
    "take",
    "discard 10H",
]


def classic_pair() -> tuple[Match, Match]:
    """Two classic deals equal for seat 0 (its hand, the upcard, the stock card it draws)."""
    a = match(
        "classic",
        [deal([CLASSIC_SEAT0, "6C 6D 6H 10S 10H 2D 3D 4C 9S KD"], "QC 5S", 1, upcard="4S")],
        seed=1,
    )
    b = match(
        "classic",
        [deal([CLASSIC_SEAT0, "6C 6D 6H 10S 10H 7C 8C 2C 3C JH"], "KC 5S 9D", 1, upcard="4S")],
        seed=2,
    )
    return a, b


def test_classic_hidden_cards_do_not_change_what_seat_0_sees() -> None:
    a, b = classic_pair()
    assert a.round.hands[1] != b.round.hands[1] and a.round.stock != b.round.stock
    for k, action in enumerate(["start", *CLASSIC_PLAY]):
        if k:
            a.apply(action)
            b.apply(action)
        va, vb = view_for(a, 0), view_for(b, 0)
        assert public_fields(va) == public_fields(vb), f"after {action!r}"
        assert va == vb, f"after {action!r}: the whole view differs"
    assert view_for(a, 1).hand != view_for(b, 1).hand  # seat 1 does hold other cards
    assert view_for(a, 0).my_turn and view_for(a, 0).legal


HAND_SEAT0 = "9H 10H JH QH KH 4S 4D 4C 7S 7D 2C 3C 5C 6D JS"  # 15: seat 0 starts
HAND_PLAY = [
    "discard JS",  # the starter's first turn is a discard only
    "draw",  # seat 1: hidden
    "discard 6S",
    "draw",  # seat 0 draws the second stock card: KS in both deals
]


def test_hand_hidden_cards_do_not_change_what_seat_0_sees() -> None:
    deals = [
        deal([HAND_SEAT0, "2H 3H 5S 5D 5H 9S 9D 10C 10D QS QC KD 6S 8H"], "3S KS", 1, "8C"),
        deal([HAND_SEAT0, "2H 3H 5S 5D 5H 8S 8D 10S 10C JD JC AH 6S 2D"], "QD KS 7C", 1, "8C"),
    ]
    a, b = match("hand", [deals[0]], seed=3), match("hand", [deals[1]], seed=4)
    assert a.round.hands[1] != b.round.hands[1]
    for k, action in enumerate(["start", *HAND_PLAY]):
        if k:
            a.apply(action)
            b.apply(action)
        va, vb = view_for(a, 0), view_for(b, 0)
        assert public_fields(va) == public_fields(vb), f"after {action!r}"
        assert faces_only(va) == faces_only(vb), f"after {action!r}: the whole view differs"
    assert view_for(a, 0).legal  # seat 0 is to move, with melds to choose from


# Random version: play round 1, note every card the seat ever saw, shuffle all the other
# cards among the places they were dealt to (other hands, stock), replay the same actions
# and compare the seat's views step by step (faces only: which physical copy of a card a
# seat holds depends on the deal order, not on anything it knows).

HIDDEN_GAMES = [
    ("classic", 3, {}),
    ("standard", 4, {"jokers": 2}),
    ("romme", 3, {}),
    ("hand", 3, {}),
    ("hand", 4, {"teams": True}),
]


def deal_of(m: Match) -> dict[str, Any]:
    """The current round's deal (before any action) as a record ``deals`` entry."""
    rnd = m.round
    assert not rnd.history
    return {
        "dealer": rnd.dealer,
        "hands": [[c.face.notation() for c in h] for h in rnd.hands],
        "stock": [c.face.notation() for c in reversed(rnd.stock)],  # top first
        "indicator": rnd.indicator.face.notation() if rnd.indicator else None,
        "upcard": rnd.discard[0].face.notation() if rnd.discard else None,
    }


@pytest.mark.parametrize(("name", "players", "options"), HIDDEN_GAMES)
@pytest.mark.parametrize("seed", [11, 12, 13])
def test_unseen_cards_shuffled_give_the_same_views(
    name: str, players: int, options: dict[str, Any], seed: int
) -> None:
    ctx = f"{name} {players}p {options} seed={seed}"
    rules = preset(name, players=players, **options)
    dealt = deal_of(Match(rules, [Player(f"P{i}") for i in range(players)], seed))
    a = match(name, [dealt], seed=seed, **options)
    seat = seed % players
    rnd = a.round
    hands0 = [list(h) for h in rnd.hands]
    stock0 = list(reversed(rnd.stock))
    seen: set[Card] = set()

    def look() -> None:
        r = a.round
        seen.update(r.hands[seat], r.discard, (c for meld in r.table for c in meld.cards))
        if r.indicator is not None:
            seen.add(r.indicator)

    look()
    policy = GreedyRandom(seed)
    actions: list[str] = []
    deck_size = len(seen) + len(hidden_from(a, seat))

    while len(actions) < 120 and deck_size - len(seen) >= 12:
        action = policy.choose(a)
        a.apply(action)
        if a.round.number != 1 or a.over:
            break  # the round ended and its hands were shown: stop before that action
        actions.append(action.notation())
        look()
    # Shuffle the faces of never-seen cards among their places in the deal.
    places = [(s, i) for s in range(players) if s != seat for i in range(len(hands0[s]))]
    places = [(s, i) for s, i in places if hands0[s][i] not in seen]
    places += [(-1, i) for i, c in enumerate(stock0) if c not in seen]
    faces = [dealt["stock"][i] if s < 0 else dealt["hands"][s][i] for s, i in places]
    shuffled = list(faces)
    random.Random(seed).shuffle(shuffled)
    assert shuffled != faces, ctx
    other: dict[str, Any] = {**dealt, "hands": [list(h) for h in dealt["hands"]]}
    other["stock"] = list(dealt["stock"])
    for (s, i), face in zip(places, shuffled, strict=True):
        if s < 0:
            other["stock"][i] = face
        else:
            other["hands"][s][i] = face
    b = match(name, [other], seed=seed, **options)
    a = match(name, [dealt], seed=seed, **options)
    assert faces_only(view_for(a, seat)) == faces_only(view_for(b, seat)), ctx
    for k, action in enumerate(actions):
        a.apply(action)
        try:
            b.apply(action)
        except IllegalAction as e:
            pytest.fail(f"{ctx}: #{k} {action!r} is legal in one deal, not the other: {e}")
        va, vb = view_for(a, seat), view_for(b, seat)
        assert faces_only(public_fields(va)) == faces_only(public_fields(vb)), f"{ctx} #{k}"
        assert faces_only(va) == faces_only(vb), f"{ctx} after #{k} {action!r}"


@pytest.mark.parametrize(("name", "players"), [("romme", 3), ("hand", 4)])
def test_deal_of_gives_a_record_deal_that_deals_the_same_round(name: str, players: int) -> None:
    m = Match(preset(name, players=players), [Player(f"P{i}") for i in range(players)], 5)
    again = match(name, [deal_of(m)], seed=5)
    assert again.round.dealer == m.round.dealer
    assert faces_only(again.round.hands) == faces_only(m.round.hands)
    assert faces_only(again.round.stock) == faces_only(m.round.stock)
    assert faces_only(again.round.discard) == faces_only(m.round.discard)
    assert faces_only(again.round.indicator) == faces_only(m.round.indicator)

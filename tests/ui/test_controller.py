"""Gestures to actions (ui/table/controller.py): the model decides, nothing changes on a check."""

from __future__ import annotations

from game import actions as A
from game.cards import Card, Face
from game.match import Match
from game.view import view_for
from tests.helpers import deal, match
from ui.table import controller as C

HANDS = ["7H 8H 9H 5S 5D 5C KS QD 2C 3D", "AS 2S 3S 4H 6C 8C 10D JD JS 9C"]


def drawn(preset: str = "classic", hands: list[str] = HANDS, **options: object) -> Match:
    m = match(preset, [deal(hands, "10H KH", dealer=1, upcard="KD")], **options)
    m.apply("draw")
    return m


def cards(m: Match, text: str) -> list[Card]:
    hand = list(m.round.hands[m.current])
    out = []
    for word in text.split():
        face = Face.parse(word)
        card = next(c for c in hand if c.face == face and c not in out)
        out.append(card)
    return out


def test_a_valid_meld_comes_back_as_one_action() -> None:
    m = drawn()
    got = C.meld(m, view_for(m, 0), cards(m, "9H 7H 8H"))
    assert got.action == A.parse("meld 9H 7H 8H") and got.refusal is None


def test_a_refused_meld_carries_the_reason_and_changes_nothing() -> None:
    m = drawn()
    before = (list(m.actions), [list(h) for h in m.round.hands])
    got = C.meld(m, view_for(m, 0), cards(m, "7H 8H KS"))
    assert got.action is None and got.refusal is not None and got.refusal.reason
    assert (m.actions, m.round.hands) == before


def test_ambiguous_wilds_give_each_legal_reading_once() -> None:
    hands = ["7H 8H JK 5S 5D 5C KS QD 2C 3D", HANDS[1]]
    m = drawn("standard", hands, jokers=2)
    got = C.meld(m, view_for(m, 0), cards(m, "7H 8H JK"))
    decls = sorted(str(d) for a in got.choices for d in a.decls if d is not None)  # type: ignore[union-attr]
    assert decls == ["6H", "9H"]
    assert all(m.check(a) is None for a in got.choices)


def test_lay_off_or_swap_onto_a_meld() -> None:
    m = drawn()
    m.apply("meld 7H 8H 9H")
    assert C.onto_meld(m, view_for(m, 0), cards(m, "10H"), 1, False).action == A.parse(
        "layoff 10H m1"
    )
    refused = C.onto_meld(m, view_for(m, 0), cards(m, "KS"), 1, False)
    assert refused.action is None and refused.refusal is not None


def test_drop_targets_are_the_melds_that_accept_the_cards() -> None:
    m = drawn()
    m.apply("meld 7H 8H 9H")
    m.apply("meld 5S 5D 5C")
    v = view_for(m, 0)
    assert C.drop_targets(m, v, cards(m, "10H")) == {1}
    assert C.drop_targets(m, v, cards(m, "KS")) == frozenset()


def test_discarding_takes_exactly_one_card() -> None:
    m = drawn()
    assert C.discard(m, cards(m, "KS QD")).refusal is not None
    assert C.discard(m, cards(m, "KS")).action == A.parse("discard KS")


def test_drawing_before_the_turn_is_refused_with_a_reason() -> None:
    m = drawn()
    got = C.draw(m, from_discard=False)
    assert got.refusal is not None and got.refusal.code == "already_drawn"

"""The player's hand order (ui/table/handorder.py): kept, sorted, moved by insertion."""

from __future__ import annotations

from game.cards import Card, Face
from ui.table import handorder


def hand(text: str) -> list[Card]:
    seen: dict[Face, int] = {}
    out = []
    for word in text.split():
        face = Face.parse(word)
        out.append(Card(face, seen.get(face, 0)))
        seen[face] = seen.get(face, 0) + 1
    return out


def names(cards: list[Card]) -> str:
    return " ".join(str(c) for c in cards)


def never(card: Card) -> bool:
    return False


def test_known_cards_keep_their_places_and_new_ones_join_at_the_right() -> None:
    order = hand("KS 2H 7C")
    new = [order[2], order[0], Card(Face.parse("9D"), 0)]
    assert names(handorder.reconcile(order, new)) == "KS 7C 9D"


def test_sort_by_suit_and_by_rank_with_wilds_at_the_right() -> None:
    cards = hand("KS 2H JK 7C 2S AH")
    assert names(handorder.sort_by_suit(cards, never)) == "2S KS AH 2H 7C JK"
    assert names(handorder.sort_by_rank(cards, never, ace_high=True)) == "2S 2H 7C KS AH JK"


def test_moving_inserts_rather_than_swaps() -> None:
    order = hand("AS 2S 3S 4S 5S")
    assert names(handorder.move(order, [order[0]], 3)) == "2S 3S 4S AS 5S"
    assert names(handorder.move(order, [order[3], order[4]], 0)) == "4S 5S AS 2S 3S"


def test_two_copies_of_a_card_stay_apart() -> None:
    order = hand("7H 7H 8H")
    assert handorder.pick_cards(order, [Face.parse("7H"), Face.parse("7H")]) == order[:2]


def test_the_card_meant_is_the_card_gone_when_the_model_took_its_twin() -> None:
    ten_a, ten_b = Card(Face.parse("10S"), 0), Card(Face.parse("10S"), 1)
    five, king = Card(Face.parse("5H"), 0), Card(Face.parse("KD"), 0)
    before = [ten_a, five, ten_b]
    # the player meant ten_b; the model took ten_a: the two swap names
    assert handorder.played_as([ten_b], before, [five, ten_b]) == {ten_b: ten_a, ten_a: ten_b}
    # the model took the one meant, or the face had one copy: nothing to swap
    assert handorder.played_as([ten_a], before, [five, ten_b]) == {}
    assert handorder.played_as([five], before, [ten_a, ten_b]) == {}
    # both copies meant and both gone; a card meant that was never in the hand is ignored
    assert handorder.played_as([ten_a, ten_b], before, [five]) == {}
    assert handorder.played_as([king], before, [five, ten_b]) == {}

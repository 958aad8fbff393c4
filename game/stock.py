"""An empty stock (§6): rebuild it from the discard pile, or end the round."""

from __future__ import annotations

from .round_state import RoundState


def refill(rnd: RoundState) -> bool:
    """Rebuild the stock from the discard pile, or end the round (§6). True to play on."""
    rules = rnd.rules
    limit = 1 if rules.stock_empty == "flip_once" else 2
    if rnd.rebuilds >= limit or len(rnd.discard) < 2 or rules.stock_empty == "void_round":
        if rules.stock_empty == "reshuffle":
            end_lowest(rnd)
        else:
            rnd._end("void" if rules.stock_empty == "void_round" else "stalemate", None)
        return False
    top = rnd.discard.pop()
    pile, rnd.discard = rnd.discard, [top]
    if rules.stock_empty == "flip_once":
        rnd.stock = pile[::-1]  # turned over: the oldest discard is now on top (list end)
    else:
        rnd.rng.shuffle(pile)
        rnd.stock = pile
    rnd.rebuilds += 1
    return True


def end_lowest(rnd: RoundState) -> None:
    """End the round won by the lowest hand; ties go to the seat that plays first."""
    values = rnd.hand_values()
    order = [rnd.next_seat(rnd.dealer)]
    while len(order) < len(rnd.seats):
        order.append(rnd.next_seat(order[-1]))
    winner = min(order, key=lambda s: values[s])
    rnd._end("lowest", winner)

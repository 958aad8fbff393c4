"""English templates of every refusal the rules model gives, keyed ``refusal.<code>``.

They are the model's own English texts (game/ writes them with ``refuse(code, text)``); a
code with two wordings has a second key ``refusal.<code>.2``. tests/ui/test_i18n.py reads
game/ and fails when a wording is missing here or in a translation. The ``refusal.what.*``,
``refusal.how.*`` and ``refusal.word.*`` keys translate the English pieces that the model
puts into a reason's parameters.
"""

from __future__ import annotations

REFUSALS: dict[str, str] = {
    "refusal.match_over": "the match is over",
    "refusal.round_over": "the round is over",
    "refusal.unknown_action": "unknown action",
    "refusal.not_in_hand": "{card} is not in your hand",
    "refusal.not_in_hand.2": "you do not hold {card} that often",
    "refusal.must_draw": "draw a card first (from the stock or the discard pile)",
    "refusal.discard_only": "your first turn is a discard only",
    "refusal.already_drawn": "you have already drawn this turn",
    "refusal.stock_empty": "the stock is empty",
    "refusal.discard_empty": "the discard pile is empty",
    "refusal.cannot_use_discard": "you may take {card} only if you {how} this turn",
    "refusal.no_such_meld": "there is no meld m{meld} on the table",
    "refusal.swap_not_allowed": "wild cards may not be taken from the table",
    "refusal.no_return_last": (
        "you may not meld so much that only {card}, taken from the discard pile, is left"
    ),
    "refusal.keep_one": "you must keep one card to discard",
    "refusal.no_return": "you may not discard {card}: you took it from the discard pile this turn",
    "refusal.announce_off": "announcements are not made by hand in these rules",
    "refusal.announced": "you have already announced this turn",
    "refusal.announce_early": "announce when you will hold three cards or fewer after discarding",
    "refusal.redeal_off": "redeals are not part of these rules",
    "refusal.redeal_not_allowed": (
        "a redeal needs four pairs (or three pairs and a wild, or two pairs and two wilds), "
        "asked before your first draw"
    ),
    "refusal.nothing_to_undo": "there is nothing to undo in this turn",
    "refusal.swap_needs_natural": "only a natural card can take a wild's place",
    "refusal.no_wild": "meld {meld} holds no wild card",
    "refusal.swap_set_missing": "to take the wild from meld {meld}, put {cards}",
    "refusal.no_fit": "{cards} does not fit meld {meld}: {why}",
    "refusal.swap_no_match": "no wild in meld {meld} stands for {card}",
    "refusal.not_a_run": "{cards} is not a run",
    "refusal.wilds_only": "a meld needs at least one natural card",
    "refusal.too_many_wilds": "two wild cards in one meld",
    "refusal.wilds_majority": "wild cards may not outnumber natural cards in a meld",
    "refusal.set_too_big": "a set holds at most 4 cards",
    "refusal.bad_declaration": "{card} cannot stand for another rank in a set of {rank}s",
    "refusal.wild_ambiguous": "say which card {card} stands for: {choices}",
    "refusal.run_suits": "{cards}: a run needs one suit",
    "refusal.run_too_long": "a run holds at most 13 cards",
    "refusal.run_rank_twice": "a run cannot hold {card} twice",
    "refusal.run_gap": "needs {holes}",
    "refusal.too_few": "a meld needs at least 3 cards",
    "refusal.set_ranks": "{cards}: a set needs cards of one rank",
    "refusal.around_corner": "{names} is not a run",
    "refusal.ace_low": "{names} is not a run: the ace only goes below the 2",
    "refusal.set_suit_twice": "a set cannot hold {card} twice",
    "refusal.not_opened": "you may {what} only after your opening ({need} points)",
    "refusal.opening_short": "opening needs {need} points, these melds make {have}",
    "refusal.opening_short.2": (
        "to {what}, your opening needs {need} points first; these melds make {have}"
    ),
    "refusal.taken_unused": "{card}, taken from the discard pile, must go {how} this turn",
    "refusal.no_out_first_turn": "nobody may go out on their first turn",
    "refusal.forgot_announce": (
        "you did not announce your last cards, so you may not go out this turn"
    ),
    "refusal.layoff_before_opening": (
        "laying off before your opening is allowed only when you go out in one this turn"
    ),
    "refusal.partial_set": (
        "one missing card goes on a set of two cards and a wild "
        'only when you go out, or after "one card" was announced'
    ),
    "refusal.one_discard": "discard one card at a time",
    # the English pieces the model puts into the parameters of a reason
    "refusal.what.lay_off": "lay off",
    "refusal.what.take_wild": "take a wild",
    "refusal.how.new_meld": "in a new meld with two cards from your hand",
    "refusal.how.table": "on the table",
    "refusal.how.meld_two": "meld it with two cards from your hand",
    "refusal.how.meld_or_lay_off": "meld it or lay it off",
    "refusal.word.or": "or",
    "refusal.hole": "{cards} between {low} and {high}",
}

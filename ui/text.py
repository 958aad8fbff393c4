"""Every string the table shows, in one place so it can be translated later.

`tr(key, **params)` formats a string; `action_text` and `card_text` write actions and cards
the way players read them (suit symbols, "lay off 10♥ on meld 2").
"""

from __future__ import annotations

from collections.abc import Iterable

from game import actions as A
from game.cards import Face

STRINGS: dict[str, str] = {
    # buttons and piles
    "button.sort_suit": "By suit",
    "button.sort_rank": "By rank",
    "button.undo": "Undo",
    "button.hint": "Hint",
    "button.menu": "Menu",
    "pile.stock": "Stock {count}",
    "pile.discard": "Discard {count}",
    "pile.discard_empty": "Discard",
    "pile.indicator": "Wild: {wilds}",
    "pile.indicator_none": "Indicator",
    # seats and turns
    "seat.you": "You",
    "seat.cards": "{count}",
    "seat.score": "{points} pts",
    "seat.announce.1": "one card!",
    "seat.announce.2": "two cards",
    "seat.announce.3": "three cards",
    "seat.thinking": "thinking…",
    "seat.out": "out",
    "info.turn_mine": "Your turn: {step}",
    "info.turn_other": "{name}: {step}",
    "info.opening": "{value} / {needed}",
    "info.round": "Round {number}",
    "info.round_over": "Round over",
    "step.draw": "draw",
    "step.play": "meld or discard",
    "step.discard": "discard",
    "step.over": "round over",
    # melds
    "meld.label": "{name} · {number}",
    "meld.number": "{number}",
    # status line
    "status.draw": "Draw: click the stock or the discard pile (D).",
    "status.play": "Drag cards to the table to meld, onto a meld to lay off, or discard one.",
    "status.wait": "{name} is playing…",
    "status.hint": "Hint: {move}",
    "status.hint_thinking": "Looking for a good move…",
    "status.one_discard": "Discard one card at a time.",
    "status.choose": "Choose what the wild card stands for.",
    "status.error": "Something went wrong ({error}); the game goes on.",
    "status.skip": "Skipping ahead to your turn…",
    "status.match_over": "The match is over.",
    "status.bot_fallback": "{name} tried {move}: {reason}",
    "status.speed": "Bot speed: {speed}",
    "status.redeal": "Your hand qualifies for a redeal: open the menu to ask for one.",
    # actions, as players read them
    "act.draw": "draw from the stock",
    "act.take": "take {card} from the discard pile",
    "act.meld": "meld {cards}",
    "act.layoff": "lay off {cards} on meld {meld}",
    "act.swap": "put {cards} in meld {meld} for its wild card",
    "act.discard": "discard {card}",
    "act.announce": "announce your cards",
    "act.redeal": "ask for a redeal",
    "act.undo": "undo",
    # round and match end
    "end.title.out": "{name} went out",
    "end.title.out_in_one": "{name} went out in one!",
    "end.title.lowest": "Stock used up: {name} has the lowest hand",
    "end.title.stalemate": "Stalemate: nobody scores",
    "end.title.void": "Void round: the stock ran low; the same dealer deals again",
    "end.title.redeal": "{name} asked for a redeal",
    "end.why.collects": "collects the others' cards: {value}",
    "end.why.collects_doubled": "collects {value}, doubled: out in one",
    "end.why.went_out": "went out",
    "end.why.lowest": "lowest hand: counts as out",
    "end.why.in_one_doubled": "went out in one: doubled",
    "end.why.hand_left": "cards left: {value}",
    "end.why.hand_doubled": "cards left: {value}, doubled",
    "end.why.flat": "never opened: flat {points}",
    "end.why.partner": "partner went out",
    "end.why.nothing": "no score",
    "end.col.player": "Player",
    "end.col.hand": "Cards left",
    "end.col.why": "Why",
    "end.col.points": "Round",
    "end.col.total": "Total",
    "end.next": "Click or press Enter for the next round",
    "end.match_next": "Click or press Enter to continue",
    "end.match_title": "{names} won the match!",
    "end.match_draw": "The match is over",
    # menu and chooser
    "menu.title": "Menu",
    "menu.resume": "Resume",
    "menu.new": "New match",
    "menu.speed": "Bot speed: {speed}",
    "menu.colours": "Four-colour deck: {state}",
    "menu.announce": "Announce cards left",
    "menu.redeal": "Ask for a redeal",
    "menu.quit": "Quit",
    "menu.on": "on",
    "menu.off": "off",
    "speed.slow": "slow",
    "speed.normal": "normal",
    "speed.fast": "fast",
    "speed.instant": "instant",
    "chooser.title": "Which way should the wild card count?",
    "chooser.cancel": "Cancel (Esc)",
    "pile.viewer": "Discard pile, oldest first (click to close)",
    # command line
    "cli.bad_record": "{path}: not a record: {reason}",
    "cli.bad_size": "--size takes WIDTHxHEIGHT, at least {w}x{h}, e.g. 1280x800; not {text!r}",
}


def tr(key: str, **params: object) -> str:
    """The text for `key`, formatted with `params` (the key itself when it is missing)."""
    text = STRINGS.get(key, key)
    return text.format(**params) if params else text


def card_text(face: Face) -> str:
    """A card as players read it: `7♥`, `Joker`."""
    return face.pretty()


def cards_text(faces: Iterable[Face], decls: Iterable[Face | None] | None = None) -> str:
    """Several cards, a declared wild written `Joker=8♥`."""
    faces = list(faces)
    shown = list(decls) if decls is not None else [None] * len(faces)
    return " ".join(
        card_text(f) + (f"={card_text(d)}" if d is not None else "")
        for f, d in zip(faces, shown, strict=True)
    )


def action_text(action: A.Action, top: Face | None = None) -> str:
    """An action as players read it; `top` is the discard pile's top card for `take`."""
    if isinstance(action, A.Meld):
        return tr("act.meld", cards=cards_text(action.cards, action.decls))
    if isinstance(action, A.LayOff):
        return tr("act.layoff", cards=cards_text(action.cards, action.decls), meld=action.meld)
    if isinstance(action, A.Swap):
        return tr("act.swap", cards=cards_text(action.cards), meld=action.meld)
    if isinstance(action, A.Discard):
        return tr("act.discard", card=card_text(action.card))
    if isinstance(action, A.Take):
        return tr("act.take", card=card_text(top) if top is not None else "")
    return tr(f"act.{action.tag}")

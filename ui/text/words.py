"""Cards and actions in words: `card_text` and `action_text` write them the way players read
them, in their language (suit symbols, German B/D/K, "lay off 10♥ on meld 2").
"""

from __future__ import annotations

from collections.abc import Iterable

from game import actions as A
from game.cards import Face
from ui.text.i18n import rank_name, tr


def card_text(face: Face) -> str:
    """A card as players read it, in their language: `7♥`, `Q♠` (German `D♠`), `Joker`."""
    if face.is_joker:
        return tr("card.joker")
    return rank_name(face.rank) + (face.suit.symbol if face.suit is not None else "")


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

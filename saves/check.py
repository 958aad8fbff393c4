"""The cross-check stored in a save: a few facts and a short hash of the position.

Loading replays the actions; the replayed match is what counts. The check only tells
whether the replay reached the position the save was written from (it differs when the
file was edited, or the rules model changed since): a mismatch is reported, not obeyed.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable
from typing import Any

from game.cards import Card
from game.match import Match
from game.melds import Meld, Piece

FIELDS = ("actions", "round", "dealer", "current", "phase", "hands", "totals", "over", "hash")


_NAMES: dict[object, str] = {}  # card and piece texts, built once each (saves run often)


def _card(card: Card) -> str:
    text = _NAMES.get(card)
    if text is None:
        text = _NAMES[card] = f"{card.face.notation()}#{card.copy}"
    return text


def _piece(piece: Piece) -> str:
    key = (piece.card, piece.rep, piece.by)  # a tuple hashes in C, the dataclass does not
    text = _NAMES.get(key)
    if text is None:
        text = _NAMES[key] = f"{piece.notation()}#{piece.card.copy}@{piece.by}"
    return text


def _cards(cards: Iterable[Card]) -> str:
    return ",".join(map(_card, cards))


def _meld(m: Meld) -> str:
    return f"{m.id}:" + ",".join(map(_piece, m.pieces))


def position_text(match: Match) -> str:
    """Every card's place, the turn and the scores as one line (what the hash covers)."""
    rnd = match.round
    taken: Card | None = rnd.turn.taken
    parts = [
        f"r{rnd.number} d{rnd.dealer} c{rnd.current} {rnd.phase} s{len(rnd.stock)}",
        "|".join(_cards(h) for h in rnd.hands),
        _cards(rnd.discard),
        ";".join(_meld(m) for m in rnd.table),
        "".join("1" if o else "0" for o in rnd.opened),
        ",".join(str(t) for t in match.totals),
        f"t{_cards([taken]) if taken else '-'} u{int(rnd.can_undo)}",
    ]
    return "/".join(parts)


def make_check(match: Match) -> dict[str, Any]:
    """The check of a match as it stands."""
    rnd = match.round
    digest = hashlib.blake2b(position_text(match).encode(), digest_size=8).hexdigest()
    return {
        "actions": len(match.actions),
        "round": rnd.number,
        "dealer": rnd.dealer,
        "current": rnd.current,
        "phase": rnd.phase,
        "hands": [len(h) for h in rnd.hands],
        "totals": match.totals,
        "over": match.over,
        "hash": digest,
    }


def differences(saved: Any, match: Match) -> list[str]:
    """How the saved check differs from the replayed match (empty when they agree)."""
    if not isinstance(saved, dict):
        return ["the save has no readable cross-check"]
    now = make_check(match)
    out = []
    for name in FIELDS:
        if name in saved and saved[name] != now[name]:
            out.append(f"{name}: saved {saved[name]!r}, replayed {now[name]!r}")
    return out

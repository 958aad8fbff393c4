"""Test helpers: matches with exact deals written in card notation."""

from __future__ import annotations

from typing import Any

from game.cards import Card
from game.match import Match
from game.record import load
from game.state import Round


def deal(
    hands: list[str],
    stock: str = "",
    dealer: int | None = None,
    indicator: str | None = None,
    upcard: str | None = None,
) -> dict[str, Any]:
    """A record ``deals`` entry: hands and stock as space-separated card notation."""
    out: dict[str, Any] = {"hands": [h.split() for h in hands], "stock": stock.split()}
    if dealer is not None:
        out["dealer"] = dealer
    out["indicator"] = indicator
    out["upcard"] = upcard
    return out


def record(
    preset: str,
    deals: list[dict[str, Any]] | None = None,
    actions: list[str] | None = None,
    seed: int = 1,
    players: int | None = None,
    **options: Any,
) -> dict[str, Any]:
    """A record's JSON value; the number of players comes from the deal or ``players``."""
    n = players or (len(deals[0]["hands"]) if deals else 2)
    return {
        "format": 1,
        "rules": {"preset": preset, **options},
        "players": [{"name": f"P{i}", "kind": "human"} for i in range(n)],
        "seed": seed,
        "deals": deals or [],
        "actions": actions or [],
    }


def match(
    preset: str,
    deals: list[dict[str, Any]] | None = None,
    actions: list[str] | None = None,
    **kw: Any,
) -> Match:
    """A match started from a record and played up to the end of ``actions``."""
    m = load(record(preset, deals, **kw)).start()
    for a in actions or []:
        m.apply(a)
    return m


def all_cards(rnd: Round) -> list[Card]:
    """Every physical card of a round: hands, stock, discard pile, table and indicator."""
    cards = [c for h in rnd.hands for c in h] + rnd.stock + rnd.discard
    cards += [p.card for m in rnd.table for p in m.pieces]
    return cards + ([rnd.indicator] if rnd.indicator is not None else [])

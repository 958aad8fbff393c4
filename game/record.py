"""Records (docs/NOTATION.md): load and validate, save, and replay through the rules."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from . import actions as A
from .bots import LEVELS
from .cards import CardError, Face
from .errors import IllegalAction
from .match import DealError, DealSpec, Match, Player
from .melds import Meld
from .rules import Rules, RulesError, from_dict
from .state import Round

FORMAT = 1


class RecordError(ValueError):
    """A record that is not valid: the message says where and what."""


@dataclass(frozen=True, slots=True)
class Record:
    """A parsed, validated record: everything needed to reproduce a match."""

    rules: Rules
    players: tuple[Player, ...]
    seed: int
    deals: tuple[DealSpec, ...]
    actions: tuple[A.Action, ...]

    def start(self) -> Match:
        """A new match at the record's first position."""
        try:
            return Match(self.rules, list(self.players), self.seed, list(self.deals))
        except DealError as e:
            raise RecordError(str(e)) from None


def _need(cond: bool, where: str, what: str) -> None:
    if not cond:
        raise RecordError(f"{where}: {what}")


def _face(text: Any, where: str) -> Face:
    _need(isinstance(text, str), where, f'expected a card like "7H", got {text!r}')
    try:
        return Face.parse(text)
    except CardError as e:
        raise RecordError(f"{where}: {e}") from None


def _faces(items: Any, where: str) -> tuple[Face, ...]:
    _need(isinstance(items, list), where, "expected a list of cards")
    return tuple(_face(t, f"{where}[{i}]") for i, t in enumerate(items))


def _player(data: Any, where: str) -> Player:
    _need(isinstance(data, dict), where, 'expected {"name": ..., "kind": ...}')
    name, kind, level = data.get("name", ""), data.get("kind", "human"), data.get("level")
    _need(isinstance(name, str) and 0 < len(name) <= 40, where, "name must be 1 to 40 characters")
    _need(kind in ("human", "bot"), where, f"kind must be human or bot, not {kind!r}")
    _need(level is None or level in LEVELS, where, f"level must be one of {', '.join(LEVELS)}")
    return Player(name, kind, level if kind == "bot" else None)


def _deal(data: Any, where: str, players: int) -> DealSpec:
    _need(isinstance(data, dict), where, "expected an object")
    dealer = data.get("dealer")
    _need(
        dealer is None or (type(dealer) is int and 0 <= dealer < players),
        where,
        f"dealer must be a seat from 0 to {players - 1}",
    )
    hands = data.get("hands")
    parsed = None
    if hands is not None:
        _need(isinstance(hands, list), f"{where}.hands", "expected a list of hands")
        parsed = tuple(_faces(h, f"{where}.hands[{i}]") for i, h in enumerate(hands))
    stock = _faces(data.get("stock", []), f"{where}.stock")
    ind, up = data.get("indicator"), data.get("upcard")
    return DealSpec(
        dealer,
        parsed,
        stock,
        _face(ind, f"{where}.indicator") if ind is not None else None,
        _face(up, f"{where}.upcard") if up is not None else None,
    )


def load(data: Any) -> Record:
    """Validate a record's JSON value; raise RecordError naming the first problem."""
    _need(isinstance(data, dict), "record", "expected a JSON object")
    fmt = data.get("format", FORMAT)
    _need(fmt == FORMAT, "format", f"this game reads record format {FORMAT}, not {fmt!r}")
    players_data = data.get("players")
    _need(
        isinstance(players_data, list) and len(players_data) >= 2,
        "players",
        "expected a list of at least two players",
    )
    players = tuple(_player(p, f"players[{i}]") for i, p in enumerate(players_data))
    rules_data = data.get("rules", {"preset": "classic"})
    _need(isinstance(rules_data, dict), "rules", "expected an object with a preset")
    try:
        rules = from_dict({"players": len(players), **rules_data})
    except RulesError as e:
        raise RecordError(f"rules: {e}") from None
    _need(
        rules.players == len(players),
        "players",
        f"the rules are for {rules.players} players, the record names {len(players)}",
    )
    seed = data.get("seed", 0)
    _need(type(seed) is int, "seed", "expected a whole number")
    deals_data = data.get("deals", [])
    _need(isinstance(deals_data, list), "deals", "expected a list")
    deals = tuple(_deal(d, f"deals[{i}]", len(players)) for i, d in enumerate(deals_data))
    acts = data.get("actions", [])
    _need(isinstance(acts, list), "actions", "expected a list of action texts")
    parsed = []
    for i, text in enumerate(acts):
        _need(isinstance(text, str), f"actions[{i}]", f"expected a text, got {text!r}")
        try:
            parsed.append(A.parse(text))
        except A.ActionError as e:
            raise RecordError(f"actions[{i}]: {e}") from None
    return Record(rules, players, seed, deals, tuple(parsed))


def save(match: Match, deals: list[DealSpec] | None = None) -> dict[str, Any]:
    """The record of a match as it stands (its JSON value)."""
    out: dict[str, Any] = {
        "format": FORMAT,
        "rules": match.rules.to_dict(),
        "players": [_player_dict(p) for p in match.players],
        "seed": match.seed,
    }
    specs = deals if deals is not None else match.deals
    if specs:
        out["deals"] = [_deal_dict(d) for d in specs]
    out["actions"] = list(match.actions)
    return out


def _player_dict(p: Player) -> dict[str, Any]:
    d: dict[str, Any] = {"name": p.name, "kind": p.kind}
    if p.level:
        d["level"] = p.level
    return d


def _deal_dict(d: DealSpec) -> dict[str, Any]:
    out: dict[str, Any] = {}
    if d.dealer is not None:
        out["dealer"] = d.dealer
    if d.hands is not None:
        out["hands"] = [[f.notation() for f in h] for h in d.hands]
    out["stock"] = [f.notation() for f in d.stock]
    out["indicator"] = d.indicator.notation() if d.indicator else None
    out["upcard"] = d.upcard.notation() if d.upcard else None
    return out


# --- replay ----------------------------------------------------------------------------


def meld_json(m: Meld) -> dict[str, Any]:
    """A table meld as in the replay output."""
    return {
        "id": m.id,
        "kind": m.kind,
        "cards": [p.notation() for p in m.pieces],
        "by": [p.by for p in m.pieces],
        "owner": m.owner,
    }


def round_json(rnd: Round) -> dict[str, Any]:
    """The position of a round as in the replay output."""
    return {
        "number": rnd.number,
        "dealer": rnd.dealer,
        "current": rnd.current,
        "phase": rnd.phase,
        "hands": [[c.face.notation() for c in h] for h in rnd.hands],
        "stock_count": len(rnd.stock),
        "discard": [c.face.notation() for c in rnd.discard],
        "indicator": rnd.indicator.face.notation() if rnd.indicator else None,
        "wild": sorted(f.notation() for f in rnd.wilds.wild_faces),
        "table": [meld_json(m) for m in rnd.table],
        "opened": list(rnd.opened),
    }


def outcome_json(match: Match, error: dict[str, Any] | None = None) -> dict[str, Any]:
    """The replay output of NOTATION.md for a match."""
    rounds = [
        {
            "number": r.number,
            "dealer": r.dealer,
            "kind": r.end.kind,
            "winner": r.end.winner,
            "out_in_one": r.end.out_in_one,
            "void": not r.end.scored,
            "scores": list(r.scores),
        }
        for r in match.results
    ]
    return {
        "ok": error is None,
        "error": error,
        "round": round_json(match.round),
        "rounds": rounds,
        "totals": match.totals,
        "match_over": match.over,
        "winner": match.winners[0] if match.winners else None,
        "winners": list(match.winners),
    }


def replay(record: Record) -> tuple[dict[str, Any], int]:
    """Replay every action; the outcome JSON and the exit code (0 legal, 1 illegal).
    A fixed deal that does not fit when its round is due raises RecordError."""
    match = record.start()
    for i, action in enumerate(record.actions):
        try:
            match.apply(action)
        except DealError as e:
            raise RecordError(str(e)) from None
        except IllegalAction as e:
            error = {
                "action_index": i,
                "action": action.notation(),
                "code": e.code,
                "reason": e.refusal.reason,
            }
            return outcome_json(match, error), 1
    return outcome_json(match), 0


def replay_data(data: Any) -> tuple[dict[str, Any], int]:
    """Replay a record's JSON value; a record that is not valid gives exit code 2."""
    try:
        record = load(data)
        return replay(record)
    except RecordError as e:
        return {"ok": False, "error": {"code": "bad_record", "reason": str(e)}}, 2

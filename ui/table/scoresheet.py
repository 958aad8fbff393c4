"""The score sheet of a finished round: every hand revealed, points and the reason for them.

Pure: built from the model's RoundResult and the rules, drawn by ui/table/sheet_draw.py.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from game.cards import Card
from game.match import Player, RoundResult
from game.rules import Rules
from game.scoring import round_factor, sides
from ui.text.i18n import joined, tr, tr_count


@dataclass(frozen=True)
class SheetRow:
    """One player's line: the cards left, their value, the points and why."""

    seat: int
    name: str
    hand: tuple[Card, ...]
    value: int
    points: int
    why: str
    total: int


@dataclass(frozen=True)
class Sheet:
    """A round's score sheet (and the match result once the match is over)."""

    title: str
    rows: tuple[SheetRow, ...]
    match_title: str | None
    footer: str


def title(result: RoundResult, players: Sequence[Player]) -> str:
    """What ended the round, in a line."""
    end = result.end
    name = players[end.winner].name if end.winner is not None else ""
    if end.kind == "out":
        return tr("end.title.out_in_one" if end.out_in_one else "end.title.out", name=name)
    if end.kind == "redeal":
        return tr("end.title.redeal", name=players[result.dealer].name)
    return tr(f"end.title.{end.kind}", name=name)


def why(rules: Rules, result: RoundResult, seat: int) -> str:
    """Why a seat scored what it did this round."""
    end = result.end
    if not end.scored or end.winner is None:
        return tr("end.why.nothing")
    doubled = end.out_in_one and rules.out_in_one_double
    factor = round_factor(rules, end)
    if seat == end.winner:
        if rules.scoring == "winner_collects":
            points = result.scores[seat]
            if doubled:
                return tr("end.why.collects_doubled", value=points // 2)
            return tr("end.why.collects", value=points)
        if end.kind == "lowest":
            return tr("end.why.lowest")
        if end.bonuses:  # Hand's Egyptian doublings, named one by one
            named = joined(tr(f"end.bonus.{b}") for b in end.bonuses)
            return tr("end.why.in_one_bonus", factor=factor, bonuses=named)
        return tr("end.why.in_one_doubled" if doubled else "end.why.went_out")
    if any(seat in side and end.winner in side for side in sides(rules)):
        return tr("end.why.partner")  # the scoring's own partnerships
    value = end.values[seat]
    if rules.scoring == "hand" and not end.opened[seat]:
        return tr("end.why.flat", points=result.scores[seat])
    left = {
        "cards": tr_count("end.cards", len(end.hands[seat])),
        "points": tr_count("end.points", value),
    }
    if rules.scoring == "winner_collects":
        return tr("end.why.hand_left", **left)
    if end.bonuses:
        return tr("end.why.hand_bonus", factor=factor, **left)
    return tr("end.why.hand_doubled" if doubled else "end.why.hand_left", **left)


def round_sheet(
    result: RoundResult,
    rules: Rules,
    players: Sequence[Player],
    totals: Sequence[int],
    winners: Sequence[int] = (),
    match_over: bool = False,
) -> Sheet:
    """The sheet shown when a round ends; with `match_over`, it also names the winner."""
    rows = tuple(
        SheetRow(
            seat=s,
            name=players[s].name,
            hand=tuple(result.end.hands[s]),
            value=result.end.values[s],
            points=result.scores[s],
            why=why(rules, result, s),
            total=totals[s],
        )
        for s in range(len(players))
    )
    match_title = None
    if match_over:
        names = " & ".join(players[s].name for s in winners)
        match_title = tr("end.match_title", names=names) if names else tr("end.match_draw")
    footer = tr("end.match_next" if match_over else "end.next")
    return Sheet(title(result, players), rows, match_title, footer)

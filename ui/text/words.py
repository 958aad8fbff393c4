"""Cards and actions in words: `card_text` and `action_text` write them the way players read
them, in their language (suit symbols, German B/D/K, "lay off 10♥ on meld 2").
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from game import actions as A
from game.cards import Face
from game.match import Player
from game.rules import Rules
from game.scoring import higher_is_better
from game.story import Step
from game.story import Turn as StoryTurn
from game.view import PlayerView
from ui.text.i18n import joined, rank_name, tr, tr_count


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
    return _words("act.", action, top)


def step_text(step: Step) -> str:
    """One public step of a turn, as a report: "laid off 5♦ on meld 3"."""
    return _words("log.", step.action, step.card, "?")


def _words(kind: str, a: A.Action, taken: Face | None, unknown: str = "") -> str:
    """An action in words: keys under `act.` say what to do, under `log.` what was done."""
    if isinstance(a, A.Meld):
        return tr(f"{kind}meld", cards=cards_text(a.cards, a.decls))
    if isinstance(a, A.LayOff):
        return tr(f"{kind}layoff", cards=cards_text(a.cards, a.decls), meld=a.meld)
    if isinstance(a, A.Swap):
        return tr(f"{kind}swap", cards=cards_text(a.cards), meld=a.meld)
    if isinstance(a, A.Discard):
        return tr(f"{kind}discard", card=card_text(a.card))
    if isinstance(a, A.Take):
        return tr(f"{kind}take", card=card_text(taken) if taken is not None else unknown)
    return tr(f"{kind}{a.tag}")


def turn_text(turn: StoryTurn, players: Sequence[Player]) -> str:
    """A whole turn in a line: "Ben: drew from the stock · melded 7♥ 8♥ 9♥ · discarded K♠"."""
    steps = [step_text(s) for s in turn.steps]
    if not turn.finished:
        steps.append(tr("log.playing"))
    return tr("log.turn", name=players[turn.seat].name, steps=" · ".join(steps))


def news_text(turns: Sequence[StoryTurn], players: Sequence[Player]) -> str:
    """What the others did since a seat's last turn, a phrase each: "Ben opened (2 melds);
    Carla took 8♥, laid off 2; Dev discarded J♠". Empty when nothing happened."""
    phrases = []
    for turn in turns:
        parts = []
        took = [s.card for s in turn.steps if isinstance(s.action, A.Take) and s.card]
        parts += [tr("news.took", card=card_text(c)) for c in took]
        melds = turn.of(A.Meld)
        if turn.opened:
            parts.append(tr_count("news.opened", len(melds)))
        elif melds:
            first = melds[0]
            assert isinstance(first, A.Meld)
            cards = cards_text(first.cards, first.decls)
            parts.append(tr_count("news.melds", len(melds), cards=cards))
        laid = sum(len(a.cards) for a in turn.of(A.LayOff) if isinstance(a, A.LayOff))
        if laid:
            parts.append(tr_count("news.laid_off", laid))
        if turn.of(A.Swap):
            parts.append(tr("news.swapped"))
        discards = turn.of(A.Discard)
        if discards and not (melds or laid):
            discard = discards[0]
            assert isinstance(discard, A.Discard)
            parts.append(tr("news.discarded", card=card_text(discard.card)))
        if parts:
            phrases.append(tr("news.seat", name=players[turn.seat].name, parts=joined(parts)))
    return joined(phrases, sentences=True)


def indicator_text(indicator: Face | None, wild_faces: Iterable[Face]) -> str:
    """What the indicator means, for a newcomer: "A♦ wild: the indicator is a diamond"."""
    if indicator is None or indicator.suit is None:
        return ""
    wilds = " ".join(dict.fromkeys(card_text(f) for f in wild_faces))
    return tr("header.indicator", wilds=wilds, suit=tr(f"suit.{indicator.suit.name}"))


def view_header(view: PlayerView) -> tuple[str, str]:
    """The match's header for what a seat sees (`header_lines` of its rules and rounds)."""
    return header_lines(view.rules, view.round_number, view.scored_rounds)


def header_lines(rules: Rules, round_number: int, scored: int) -> tuple[str, str]:
    """The match in two lines: ("Round 3 of 7", "lowest total wins"), ("Round 2", "first to
    100"); `scored` counts the rounds scored so far (void rounds and redeals do not count)."""
    end = rules.match_end
    if end == "rounds":
        number = scored + 1
        key = "header.round_of" if number <= rules.target else "header.tie_break"
        best = "header.rounds_high" if higher_is_better(rules) else "header.rounds_low"
        return tr(key, number=number, total=rules.target), tr(best)
    return tr("header.round", number=round_number), tr(f"header.{end}", target=rules.target)

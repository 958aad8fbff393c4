"""The expert bot: it reads only its view, plays listed moves, answers plain choices at once,
and beats medium."""

from __future__ import annotations

import dataclasses
import typing

import pytest

from game import actions as A
from game.bots import chooser, expert
from game.bots.expert import BUDGET, Budget, decide
from game.bots.hard import choose_hard
from game.match import Match, Player
from game.rollout import Playout
from game.rules import PRESETS, Scoring, preset
from game.state import Round
from game.view import view_for
from tests.bots.test_bots import SEATS, _hidden_shuffled, new_match
from tests.helpers import deal, match

# the test-only budget of the strength check: a fifteenth of the real one (the same search)
SMALL = dataclasses.replace(BUDGET, work=BUDGET.work // 15, min_worlds=2)


def test_the_budgets_by_kind_of_scoring_name_kinds_that_presets_play() -> None:
    kinds = set(typing.get_args(Scoring))
    assert set(expert.BUDGETS) <= kinds, "a misspelt kind would silently search with BUDGET"
    played = {preset(name).scoring for name in PRESETS}
    assert set(expert.BUDGETS) <= played


def test_classic_alone_searches_more_deals_on_less_evidence() -> None:
    # classic's deals are cheap (expert.py, BUDGETS); every other preset's are not
    budgets = {name: expert.budget_for(preset(name)) for name in PRESETS}
    classic = budgets.pop("classic")
    assert classic.max_worlds > BUDGET.max_worlds and classic.z < BUDGET.z
    assert budgets == dict.fromkeys(budgets, BUDGET)
    assert expert.budget_for(preset("standard", scoring="winner_collects")) == classic


@pytest.mark.parametrize("name", PRESETS)
def test_expert_decides_the_same_whatever_the_hidden_cards_are(name: str) -> None:
    levels = ["expert"] * SEATS[name]
    match = new_match(name, levels, 5)
    choose = chooser("expert")
    searched = 0
    for step in range(16):
        if match.over:
            match = new_match(name, levels, 6 + step)
        seat = match.current
        view = view_for(match, seat)
        decision = choose(view)
        searched += len(view.legal) > 1
        twin = _hidden_shuffled(match, seat, seed=step * 7)
        assert choose(view_for(twin, seat)) == decision, f"{name} step {step}: it peeked"
        match.apply(decision)
    assert searched >= 5


def test_expert_answers_at_once_when_only_one_action_is_legal(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    match = new_match("classic", ["expert", "easy"], 1)
    view = view_for(match, match.current)
    one = dataclasses.replace(view, legal=(A.Draw(),))

    def no_search(*args: object) -> int:
        raise AssertionError("searched a choice of one")

    monkeypatch.setattr(expert, "_search", no_search)
    assert decide(one, BUDGET) == A.Draw()


def test_a_decision_stops_once_its_work_is_spent(monkeypatch: pytest.MonkeyPatch) -> None:
    """However many deals the budget asks for at least, a decision plays no more than CAP
    budgets of work (and the playout under way when it ran out)."""
    works: list[int] = []
    run = Playout.run

    def counted(self: Playout, rnd: Round, turns: int) -> None:
        run(self, rnd, turns)
        works.append(self.work)

    monkeypatch.setattr(Playout, "run", counted)
    budget = dataclasses.replace(BUDGET, work=300, min_worlds=40, max_worlds=40)
    match = new_match("romme", ["medium"] * 3, 8)
    searches = 0
    while searches < 4 and not match.over:
        view = view_for(match, match.current)
        works.clear()
        decide(view, budget)
        if works:
            searches += 1
            assert sum(works) - max(works) <= expert.CAP * budget.work, works
        match.apply(chooser("medium")(view))
    assert searches == 4


def _duel(name: str, seeds: range, budget: Budget) -> float:
    """Expert's share of wins against medium, every deal played from both seats."""
    wins = 0.0
    for k in range(2 * len(seeds)):
        seed = seeds[k // 2]
        levels = ["expert", "medium"] if k % 2 == 0 else ["medium", "expert"]
        rules = preset(name, players=2, target=50)
        match = Match(rules, [Player(lv, "bot", lv) for lv in levels], seed)
        me = levels.index("expert")
        for _ in range(20_000):
            if match.over:
                break
            seat = match.current
            view = view_for(match, seat)
            if seat == me:
                match.apply(decide(view, budget))
            else:
                match.apply(chooser("medium")(view))
        wins += (me in match.winners) / max(1, len(match.winners))
    return wins / (2 * len(seeds))


@pytest.mark.parametrize("seeds", [range(300, 306), range(306, 312)])
def test_expert_beats_medium(seeds: range) -> None:
    share = _duel("classic", seeds, SMALL)
    assert share >= 0.6, f"expert won {share:.0%} against medium in classic"


def test_expert_takes_a_card_that_melds_before_its_opening_is_complete() -> None:
    # Rommé, 40 to open: 7H makes a run with 5H 6H (18 points). Hard draws, as the card does
    # not complete its opening; expert takes it (the pile is free in Rommé), by its own
    # rule even where it does not search the draw.
    hand0 = "5H 6H 9S 2C 4D JC KS 3S 8D 10C QD AH 7C"
    hand1 = "7H JS JD QH 2D 4H 6S 9C 9D 3C 5D KH 10S"
    m = match(
        "romme",
        [deal([hand0, hand1], stock="7D 6D 2H 4C 9H 10H", dealer=1, upcard="KD")],
        ["draw", "discard KS", "draw", "discard 7H"],
    )
    view = view_for(m, 0)
    assert choose_hard(view) == A.Draw()
    assert decide(view, BUDGET) == A.Take()
    assert decide(view, dataclasses.replace(BUDGET, draws=False)) == A.Take()
    assert decide(view, dataclasses.replace(BUDGET, draws=False, takes=False)) == A.Draw()

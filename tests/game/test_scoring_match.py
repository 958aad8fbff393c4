"""Scoring a round (docs/RULES.md §7), the end of a match (§8) and dealing (§9)."""

from __future__ import annotations

import pytest

from game.actions import parse
from game.record import load
from game.rules import preset
from game.scoring import match_state, round_scores
from game.state import RoundEnd
from tests.helpers import deal, match, record


def names(cards) -> list[str]:
    return [c.face.notation() for c in cards]


def end(winner, values, out_in_one=False, opened=None, kind="out") -> RoundEnd:
    n = len(values)
    return RoundEnd(
        kind,
        winner,
        out_in_one,
        tuple(() for _ in range(n)),
        tuple(values),
        tuple(opened if opened is not None else [True] * n),
    )


def start(rec: dict, names_=None):
    if names_:
        rec["players"] = [{"name": n, "kind": "human"} for n in names_]
    m = load(rec).start()
    for a in rec["actions"]:
        m.apply(a)
    return m


def draw_and_discard(m) -> None:
    m.apply("draw")
    m.apply(f"discard {names(m.round.hand)[-1]}")


# --- winner_collects (classic) --------------------------------------------------------------

CLASSIC_OUT = "AS 2S 3S 4S 5S 6S 7S 8S 9S 10S"
CLASSIC_LOSER = "AH KH QC JD 10H 2C 3D 4H 5C 9H"  # 1 + 10+10+10 + 10 + 2+3+4+5+9 = 64


def test_classic_going_out_in_one_doubles_what_the_winner_collects():
    m = match(
        "classic",
        [deal([CLASSIC_OUT, CLASSIC_LOSER], stock="JS", dealer=1, upcard="KD")],
        actions=["draw", "meld AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS"],
    )
    res = m.results[-1]
    assert (res.end.kind, res.end.winner, res.end.out_in_one) == ("out", 0, True)
    assert res.end.values[1] == 64  # ace 1, faces 10
    assert res.scores == (128, 0)
    assert m.over and m.winners == (0,)  # 128 reaches the target of 100


def test_classic_going_out_over_several_turns_collects_single():
    m = match(
        "classic",
        [deal([CLASSIC_OUT, CLASSIC_LOSER], stock="2D KS JS", dealer=1, upcard="KD")],
        actions=["draw", "meld AS 2S 3S 4S 5S 6S 7S 8S 9S", "discard 2D", "draw", "discard KS"],
    )
    m.apply("draw")
    m.apply("layoff 10S m1")
    assert m.results == []
    m.apply("layoff JS m1")  # the last card: out by a lay-off
    res = m.results[-1]
    assert (res.end.kind, res.end.winner, res.end.out_in_one) == ("out", 0, False)
    assert res.scores == (64, 0)
    assert m.totals == [64, 0]
    assert not m.over


def test_winner_collects_from_every_other_player():
    rules = preset("classic", players=3)
    assert round_scores(rules, end(2, [30, 12, 0]), [0, 1, 2]) == [0, 0, 42]
    assert round_scores(rules, end(2, [30, 12, 0], out_in_one=True), [0, 1, 2]) == [0, 0, 84]


# --- penalty (standard, romme) --------------------------------------------------------------


def test_standard_penalty_losers_score_their_hand_and_going_out_in_one_is_not_doubled():
    m = match(
        "standard",
        [deal([CLASSIC_OUT, CLASSIC_LOSER], stock="JS", dealer=1, upcard="KD")],
        actions=["draw", "meld AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS"],
    )
    res = m.results[-1]
    assert (res.end.winner, res.end.out_in_one) == (0, True)
    assert res.scores == (0, 64)


def test_standard_winner_collects_option_doubles_going_out_in_one():
    rules = preset("standard", players=3, scoring="winner_collects")
    assert (rules.match_end, rules.target) == ("target", 100)
    assert round_scores(rules, end(0, [0, 20, 15]), [0, 1, 2]) == [35, 0, 0]
    assert round_scores(rules, end(0, [0, 20, 15], out_in_one=True), [0, 1, 2]) == [70, 0, 0]
    penalty = preset("standard", players=3)
    assert round_scores(penalty, end(0, [0, 20, 15], out_in_one=True), [0, 1, 2]) == [0, 20, 15]


def test_standard_jokers_count_15_in_hand():
    rules = preset("standard", players=3, jokers=2)
    m = match(
        "standard",
        [
            deal(
                ["AS 2S 3S 4S 5S 6S 7S", "JK JK KH 2C 3D 4H AD", "2H 3H 5C 6D 8H 9C 10C"],
                stock="8S",
                dealer=2,
                upcard="KD",
            )
        ],
        actions=["draw", "meld AS 2S 3S 4S 5S 6S 7S 8S"],
        jokers=2,
    )
    assert m.rules == rules
    res = m.results[-1]
    assert res.end.values[1] == 15 + 15 + 10 + 2 + 3 + 4 + 1
    assert res.scores == (0, 50, 43)


ROMME_OUT = "2S 3S 4S 5H 6H 7H 8C 9C 10C JD QD KD AD"
ROMME_LOSER = "AS JK KH QC 2H 3C 4D 5S 6S 7S 8H 9H 10S"  # 11+20+10+10+2+3+4+5+6+7+8+9+10 = 105


def test_romme_going_out_in_one_doubles_everybody_elses_penalty():
    m = match(
        "romme",
        [deal([ROMME_OUT, ROMME_LOSER], stock="5S", dealer=1, upcard="4D")],
        actions=[
            "draw",
            "meld 2S 3S 4S 5S",
            "meld 5H 6H 7H",
            "meld 8C 9C 10C",
            "meld JD QD KD",
            "discard AD",
        ],
    )
    res = m.results[-1]
    assert (res.end.winner, res.end.out_in_one) == (0, True)
    assert res.end.values[1] == 105  # ace 11, joker 20
    assert res.scores == (0, 210)


def test_romme_penalty_without_going_out_in_one_is_single():
    rules = preset("romme", players=3)
    assert round_scores(rules, end(1, [105, 0, 7]), [0, 1, 2]) == [105, 0, 7]
    assert round_scores(rules, end(1, [105, 0, 7], out_in_one=True), [0, 1, 2]) == [210, 0, 14]


# --- hand scoring ---------------------------------------------------------------------------

ANNA = "KS 7D AC 2S 3S 4S 5S 6S 9D 10D JD QD KD 4H 8H"
BEN = "10H JH QH KH 5S 5D 5C 7S 8S 9S 2D 3D 9C QC"
CARLA = "2H 4H 6H 8D 10C QH 3C 5C 7C 9H JC KC 6D 2C"
BEN_OPENS = [
    "draw",
    "meld 10H JH QH KH",
    "meld 5S 5D 5C",
    "meld 7S 8S 9S 10S",
    "discard QC",
]
ANNA_OPENS = ["draw", "meld 2S 3S 4S 5S 6S 7S", "meld 9D 10D JD QD KD", "discard 8H"]
BEN_GOES_OUT = ["draw", "meld 2D 3D 4D", "discard 9C"]


def seed_round(anna_opens: bool = True):
    """The scoring example of RULES §7 played as a real 3-player Hand round.

    Indicator 8♣ (the aces of clubs are wild). Carla deals, Anna starts with 15 cards.
    Ben opens on his first turn and goes out on his second; Anna opens and keeps
    K♠ 7♦ A♣; Carla never opens.
    """
    anna_turn = ANNA_OPENS if anna_opens else ["draw", "discard 7S"]
    actions = ["discard 4H", *BEN_OPENS, "draw", "discard 3H", *anna_turn, *BEN_GOES_OUT]
    rec = record(
        "hand",
        [deal([ANNA, BEN, CARLA], stock="10S 3H 7S 4D", dealer=2, indicator="8C")],
        actions=actions,
    )
    return start(rec, ["Anna", "Ben", "Carla"])


def test_hand_seed_example_scores():
    m = seed_round()
    res = m.results[-1]
    assert (res.end.kind, res.end.winner, res.end.out_in_one) == ("out", 1, False)
    assert res.end.hands[0] and sorted(names(res.end.hands[0])) == ["7D", "AC", "KS"]
    assert res.end.opened == (True, True, False)
    # Ben -30; Anna K♠ 7♦ A♣ = 10 + 7 + 15 (a wild); Carla never opened: a flat 100
    assert res.scores == (32, -30, 100)
    assert m.totals == [32, -30, 100]
    assert res.end.values[2] != 100  # the flat 100 is not Carla's card count


def test_hand_most_points_deals_next():
    m = seed_round()
    assert m.results[-1].dealer == 2
    assert m.round.dealer == 2  # Carla scored the most (100)
    assert m.round.current == 0


def test_hand_tie_for_most_points_goes_to_the_first_after_the_previous_dealer():
    m = seed_round(anna_opens=False)
    res = m.results[-1]
    assert res.scores == (100, -30, 100)
    # Carla (2) dealt; after her in playing order come Anna (0), then Ben, then Carla
    assert m.round.dealer == 0


# Two players, dealer 1: seat 0 starts. Seat 1 opens with the seed's 51 on its first turn.
IN_ONE_0 = "2H 3H 4H 5H 6S 7S 8S 10D JD QD KD 9C 9H 9S 3C"
IN_ONE_1 = "9H 10H JH QH 4S 4D AC 2D 5D 7D 9D 2S 6S 8S"
IN_ONE_START = [
    "discard 3C",
    "draw",
    "meld 9H 10H JH QH",
    "meld 4S 4D AC",
    "discard KS",
    "draw",
    "discard 7C",
    "draw",
    "discard 6C",
    "draw",
]


@pytest.mark.parametrize(
    ("finish", "in_one", "scores"),
    [
        # every card melded in one turn: -60, the opened loser's 39 doubled
        (
            ["meld 2H 3H 4H 5H", "meld 6S 7S 8S", "meld 10D JD QD KD", "meld 9C 9H 9S"],
            True,
            (-60, 78),
        ),
        # a lay-off on the other player's meld spoils going out in one (DECISIONS 6)
        (
            [
                "meld 2H 3H 4H",
                "meld 6S 7S 8S",
                "meld 10D JD QD KD",
                "meld 9C 9H 9S",
                "layoff KH m1",
                "discard 5H",
            ],
            False,
            (-30, 39),
        ),
    ],
)
def test_hand_going_out_in_one_doubles(finish, in_one, scores):
    rec = record(
        "hand",
        [deal([IN_ONE_0, IN_ONE_1], stock="KS 7C 6C KH", dealer=1, indicator="8C")],
        actions=IN_ONE_START + finish + (["discard KH"] if in_one else []),
    )
    m = start(rec)
    res = m.results[-1]
    assert (res.end.kind, res.end.winner, res.end.out_in_one) == ("out", 0, in_one)
    assert res.scores == scores


def test_hand_scores_never_opened_100_or_200_after_going_out_in_one():
    rules = preset("hand", players=3)
    e = end(1, [32, 0, 57], opened=[True, True, False])
    assert round_scores(rules, e, [0, 1, 2]) == [32, -30, 100]
    e1 = end(1, [32, 0, 57], out_in_one=True, opened=[True, True, False])
    assert round_scores(rules, e1, [0, 1, 2]) == [64, -60, 200]


def test_hand_values_wild_15_ace_11():
    # indicator 8C: AC is wild (15); jokers are ordinary aces of clubs (11); AH is 11
    m = match(
        "hand",
        [
            deal(
                [IN_ONE_0, "AC JK AH KS 2C 5D 7D 9D 2S 6S 8S 4S 4D QC"],
                stock="KS",
                dealer=1,
                indicator="8C",
            )
        ],
        actions=["discard 3C"],
    )
    assert [m.round.card_value(c) for c in m.round.hands[1][:3]] == [15, 11, 11]


def test_teams_partner_cards_do_not_count_and_the_other_team_adds_both():
    rules = preset("hand", players=4, teams=True)
    e = end(0, [0, 20, 35, 40], opened=[True, True, False, True])
    assert round_scores(rules, e, [0, 1, 2, 3]) == [-30, 20, 0, 40]
    e = end(3, [25, 20, 35, 0], opened=[True, False, True, True])
    assert round_scores(rules, e, [0, 1, 2, 3]) == [25, 0, 35, -30]
    e = end(0, [0, 20, 35, 40], out_in_one=True, opened=[True, False, False, True])
    assert round_scores(rules, e, [0, 1, 2, 3]) == [-60, 200, 0, 80]


TEAM_HANDS = [
    "6C 7C 9C 10C JC QC KC 6D 7D 9D 10D JD QD KD KS",
    "2H 3H 4H 5H 2S 3S 4S 5S 3C 3D 3H 2C 2D 2S",
    "6H 7H 9H 10H JH QH KH 6S 7S 9S 10S JS QS 4C",
    "6C 7C 9C 10C JC QC KC 6D 7D 9D 10D JD QD 4D",
]


def test_teams_real_round_partner_not_counted():
    # dealer 3: seat 0 starts; seat 1 goes out in one on its second turn (43 points)
    actions = ["discard KS"]
    actions += ["draw", "discard 8H", "draw", "discard 8D", "draw", "discard 8S"]
    actions += ["draw", "discard 5C", "draw"]
    actions += ["meld 2H 3H 4H 5H", "meld 2S 3S 4S 5S", "meld 3C 3D 3H", "meld 2C 2D 2S"]
    actions += ["discard 5D"]
    m = match(
        "hand",
        [deal(TEAM_HANDS, stock="8H 8D 8S 5C 5D", dealer=3, indicator="8C")],
        actions=actions,
        teams=True,
    )
    res = m.results[-1]
    assert (res.end.winner, res.end.out_in_one) == (1, True)
    # the other team never opened: 200 each; the winner's partner (seat 3) is not counted
    assert res.scores == (200, -60, 200, 0)
    # seats 0 and 2 tie for the most points: the first after the dealer (3) deals
    assert m.round.dealer == 0


def test_teams_win_together():
    rules = preset("hand", players=4, teams=True)
    state = match_state(rules, [-30, 50, 10, 50], 7, [0, 1, 2, 3])
    assert state.over and state.winners == (0, 2)


# --- match end ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("totals", "over", "winners"),
    [
        ([90, 50], False, ()),
        ([100, 50], True, (0,)),
        ([120, 130], True, (1,)),  # both reach it: the highest total wins
        ([110, 110], False, ()),  # a tie at the top plays on
        ([100, 100, 50], False, ()),
        ([100, 100, 120], True, (2,)),
    ],
)
def test_target_first_to_reach_wins(totals, over, winners):
    rules = preset("classic", players=len(totals))
    state = match_state(rules, totals, 1, list(range(len(totals))))
    assert (state.over, state.winners) == (over, winners)


@pytest.mark.parametrize(
    ("totals", "active", "over", "winners", "still"),
    [
        ([50, 60, 70], [0, 1, 2], False, (), (0, 1, 2)),
        ([100, 50, 60], [0, 1, 2], False, (), (1, 2)),  # at the limit: out
        ([120, 100, 60], [0, 1, 2], True, (2,), None),  # the last below wins
        ([150, 40, 100], [1, 2], True, (1,), None),
        ([150, 110, 105], [1, 2], True, (2,), None),  # all cross at once: the lowest wins
        ([150, 110, 110], [1, 2], True, (1, 2), None),  # equal lowest share the win
    ],
)
def test_elimination(totals, active, over, winners, still):
    rules = preset("standard", players=3)
    assert rules.match_end == "elimination" and rules.target == 100
    state = match_state(rules, totals, 1, active)
    assert (state.over, state.winners) == (over, winners)
    if still is not None:
        assert state.active == still


def test_elimination_removes_a_seat_from_later_rounds():
    # dealer 0: seat 1 plays first, seat 2 goes out in one; seat 1 pays 49 and crosses 40
    hands = ["2H 3H 4H 5C 6D 7C 8D", "KH QH JH 10C 2D 3D 4C", "AS 2S 3S 4S 5S 6S 7S"]
    m = match(
        "standard",
        [deal(hands, stock="KS 8S", dealer=0, upcard="KD")],
        actions=["draw", "discard KS", "draw", "meld AS 2S 3S 4S 5S 6S 7S 8S"],
        target=40,
    )
    res = m.results[-1]
    assert res.end.winner == 2
    assert res.scores == (35, 49, 0)
    assert m.active == [0, 2]
    assert not m.over
    rnd = m.round
    assert rnd.hands[1] == []
    assert len(rnd.hands[0]) == len(rnd.hands[2]) == 7  # the hand size stays as set
    # the deal passes on past the eliminated seat, and seat 1 is skipped in the play
    assert rnd.dealer == 2
    order = [rnd.current]
    for _ in range(3):
        draw_and_discard(m)
        order.append(m.round.current)
    assert order == [0, 2, 0, 2]


@pytest.mark.parametrize(
    ("totals", "over", "winners"),
    [
        ([499, 200, 300], False, ()),
        ([500, 200, 300], True, (1,)),  # someone reached it: the lowest total wins
        ([520, 650, 300], True, (2,)),
        ([500, 200, 200], False, ()),  # a tie for lowest plays on
    ],
)
def test_penalty_limit(totals, over, winners):
    rules = preset("romme", players=3)
    state = match_state(rules, totals, 1, [0, 1, 2])
    assert (state.over, state.winners) == (over, winners)


@pytest.mark.parametrize(
    ("totals", "rounds", "over", "winners"),
    [
        ([-30, 100, 40], 6, False, ()),
        ([-30, 100, 40], 7, True, (0,)),
        ([40, 100, 40], 7, False, ()),  # a tie for lowest plays on
        ([40, 100, 10], 8, True, (2,)),
    ],
)
def test_rounds_seven_scored_rounds(totals, rounds, over, winners):
    rules = preset("hand", players=3)
    assert rules.match_end == "rounds" and rules.target == 7
    state = match_state(rules, totals, rounds, [0, 1, 2])
    assert (state.over, state.winners) == (over, winners)


def test_rounds_do_not_count_void_rounds_or_redeals():
    pairs = "2S 2S 5H 5H 9D 9D KC KC 3C 6D 7S 10H JS QD 4H"
    plain = "2H 4S 6S 8D 10D QH 3D 5C 7C 9H JC KS 6H 3H"
    rec = record(
        "hand",
        [
            deal([pairs, plain], stock="2D", dealer=1, indicator="8C"),
            {"dealer": 1},  # shuffled: played down to a void round
            deal([IN_ONE_0, IN_ONE_1], stock="KS 7C 6C KH", dealer=1, indicator="8C"),
        ],
        actions=["redeal"],
        target=1,
    )
    m = start(rec)
    assert m.results[-1].end.kind == "redeal" and not m.over
    rnd = m.round
    m.apply(f"discard {names(rnd.hand)[0]}")
    while rnd.end is None:
        draw_and_discard(m)
    assert m.results[-1].end.kind == "void" and not m.over
    assert m.round.number == 3
    for a in IN_ONE_START + ["meld 2H 3H 4H 5H", "meld 6S 7S 8S", "meld 10D JD QD KD"]:
        m.apply(a)
    m.apply("meld 9C 9H 9S")
    m.apply("discard KH")
    assert m.over
    assert m.winners == (0,)
    assert m.totals == [-60, 78]
    assert m.check(parse("draw")).code == "match_over"


# --- dealing and seats (§9) -----------------------------------------------------------------


def _stalemate_rounds(m, count: int) -> list[tuple[int, int]]:
    """Play ``count`` one-turn rounds (turn_limit=1); (dealer, starter) of each round."""
    seen = []
    for _ in range(count):
        seen.append((m.round.dealer, m.round.current))
        draw_and_discard(m)
    return seen


@pytest.mark.parametrize(
    ("kinds", "first_starter"),
    [
        (["human", "human", "human"], 0),
        (["bot", "human", "human"], 1),
        (["bot", "bot", "human"], 2),
    ],
)
def test_classic_first_human_starts_and_the_start_moves_on(kinds, first_starter):
    rec = record("classic", players=3, turn_limit=1, seed=2)
    rec["players"] = [
        {"name": f"P{i}", "kind": k, **({"level": "easy"} if k == "bot" else {})}
        for i, k in enumerate(kinds)
    ]
    m = load(rec).start()
    seen = _stalemate_rounds(m, 4)
    starters = [s for _, s in seen]
    assert starters == [(first_starter + k) % 3 for k in range(4)]
    assert all(s == (d + 1) % 3 for d, s in seen)


@pytest.mark.parametrize("preset_name", ["standard", "romme"])
def test_lot_then_the_deal_passes_on(preset_name):
    dealers = set()
    for seed in range(12):
        m = load(record(preset_name, players=3, seed=seed)).start()
        again = load(record(preset_name, players=3, seed=seed)).start()
        assert again.round.dealer == m.round.dealer  # the lot is seeded
        dealers.add(m.round.dealer)
    assert len(dealers) > 1  # drawn by lot, not a fixed seat
    # the deal passes on: play a round to its end under a turn limit
    m = load(record(preset_name, players=3, seed=1, turn_limit=1)).start()
    first = m.round.dealer
    assert m.round.current == (first + 1) % 3
    draw_and_discard(m)
    assert m.results[-1].end.kind == "stalemate"
    assert m.round.dealer == (first + 1) % 3


def test_hand_first_dealer_by_lot_is_seeded():
    dealers = set()
    for seed in range(12):
        a = load(record("hand", players=3, seed=seed)).start()
        b = load(record("hand", players=3, seed=seed)).start()
        assert a.round.dealer == b.round.dealer
        assert len(a.round.hands[(a.round.dealer + 1) % 3]) == 15
        dealers.add(a.round.dealer)
    assert len(dealers) > 1


def test_a_deal_may_name_its_dealer():
    m = match("classic", [deal([CLASSIC_OUT, CLASSIC_LOSER], dealer=0, upcard="KD")])
    assert (m.round.dealer, m.round.current) == (0, 1)

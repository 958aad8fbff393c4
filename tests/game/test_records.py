"""Records (docs/NOTATION.md): validation, save/load/replay and the fixture records."""

from __future__ import annotations

import copy
import json
import re
from pathlib import Path

import pytest

from game.playout import play_match
from game.record import RecordError, load, outcome_json, replay, replay_data, save
from tests.helpers import deal, match, record

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures"
FIXTURE_FILES = sorted(FIXTURES.glob("*.json"))


def good_record() -> dict:
    """A valid two-player classic record with a fixed deal."""
    return record(
        "classic",
        [
            deal(
                ["AS 2S 3S 7H 8H 9H KC KD 4D 6C", "2H 3H 4H 5C 6D 9S 10S JC QC JD"],
                stock="KH 5S",
                dealer=1,
                upcard="10C",
            )
        ],
        actions=["draw", "meld AS 2S 3S", "discard KH"],
    )


def with_change(path: str, value) -> dict:
    """The good record with one value replaced; ``path`` is like ``deals.0.hands.1.3``."""
    data = good_record()
    *parents, last = [int(p) if p.isdigit() else p for p in path.split(".")]
    target = data
    for key in parents:
        target = target[key]
    if value is DELETE:
        del target[last]
    else:
        target[last] = value
    return data


DELETE = object()


def refused_record(data) -> str:
    """The RecordError message for a record that must be refused (by load or at the start)."""
    with pytest.raises(RecordError) as info:
        load(data).start()
    out, code = replay_data(data)
    assert code == 2
    assert out["ok"] is False and out["error"]["code"] == "bad_record"
    assert out["error"]["reason"] == str(info.value)
    return str(info.value)


# --- validation -----------------------------------------------------------------------------


def test_the_good_record_loads_and_replays():
    rec = load(good_record())
    assert rec.rules.preset == "classic"
    assert [p.name for p in rec.players] == ["P0", "P1"]
    out, code = replay(rec)
    assert code == 0 and out["ok"] is True


@pytest.mark.parametrize(
    ("path", "value", "message"),
    [
        ("deals.0.hands.1.3", "ZZ", "deals[0].hands[1][3]: not a card: 'ZZ'"),
        ("deals.0.hands.0.0", 7, "deals[0].hands[0][0]: expected a card like"),
        ("deals.0.stock.1", "1X", "deals[0].stock[1]: not a card: '1X'"),
        ("deals.0.upcard", "QQ", "deals[0].upcard: not a card: 'QQ'"),
        ("deals.0.hands", "AS 2S", "deals[0].hands: expected a list of hands"),
        ("deals.0.hands.1", "2H 3H", "deals[0].hands[1]: expected a list of cards"),
        ("deals.0.stock", "KH", "deals[0].stock: expected a list of cards"),
        ("deals.0.dealer", 2, "deals[0]: dealer must be a seat from 0 to 1"),
        ("deals.0.dealer", "1", "deals[0]: dealer must be a seat from 0 to 1"),
        ("deals.0", [], "deals[0]: expected an object"),
        ("deals", {}, "deals: expected a list"),
        ("rules", "classic", "rules: expected an object with a preset"),
        ("rules.preset", "poker", "rules: unknown preset 'poker'"),
        ("rules.preset", 3, "rules: preset must be a text"),
        ("rules.speed", 3, "rules: unknown rules option: speed"),
        ("rules.turn_limit", "4", "rules: option turn_limit must be a whole number"),
        ("rules.turn_limit", -1, "rules: turn_limit must be 0 (off) or up to 10000 turns"),
        ("rules.no_return", 1, "rules: option no_return must be true or false"),
        ("rules.stock_empty", "burn", "rules: option stock_empty cannot be 'burn'"),
        ("rules.decks", 3, "rules: option decks cannot be 3"),
        ("rules.penalty_values", [1], "rules: penalty_values must be an object"),
        ("rules.players", 3, "players: the rules are for 3 players, the record names 2"),
        ("players", "Ann, Bob", "players: expected a list of at least two players"),
        ("players", [{"name": "Ann"}], "players: expected a list of at least two players"),
        ("players.1", "Bob", "players[1]: expected {"),
        ("players.0.name", "", "players[0]: name must be 1 to 40 characters"),
        ("players.0.kind", "robot", "players[0]: kind must be human or bot, not 'robot'"),
        ("seed", "7", "seed: expected a whole number"),
        ("seed", True, "seed: expected a whole number"),
        ("seed", 1.5, "seed: expected a whole number"),
        ("format", 2, "format: this game reads record format 1, not 2"),
        ("actions", "draw", "actions: expected a list of action texts"),
        ("actions.1", 5, "actions[1]: expected a text, got 5"),
        ("actions.2", "fly away", "actions[2]: not an action: 'fly away'"),
        ("actions.1", "meld AS ZZ 3S", "actions[1]: 'meld AS ZZ 3S': not a card: 'ZZ'"),
        ("actions.1", "layoff AS mx", "actions[1]: 'layoff AS mx': expected a meld number"),
        ("actions.2", "discard", "actions[2]: not an action: 'discard'"),
        ("actions.0", "", "actions[0]: empty action"),
    ],
)
def test_load_refuses_a_bad_record_naming_the_place(path, value, message):
    got = refused_record(with_change(path, value))
    assert got.startswith(message) or message in got, got


@pytest.mark.parametrize("decks", [3, "two", None])
def test_load_refuses_bad_decks_for_a_big_standard_table(decks):
    data = record("standard", players=5, seed=1, decks=decks)
    with pytest.raises(RecordError, match="decks"):
        load(data)


def test_load_refuses_a_record_that_is_not_an_object():
    for data in ([], "record", 3, None):
        with pytest.raises(RecordError, match="record: expected a JSON object"):
            load(data)


@pytest.mark.parametrize(
    ("change", "message"),
    [
        # a card more often than the deck holds it (one deck: one AS)
        (
            lambda d: d["deals"][0]["hands"][1].__setitem__(0, "AS"),
            "deals[0]: the deal names AS more often than the deck holds it",
        ),
        (
            lambda d: d["deals"][0]["stock"].append("KC"),
            "deals[0]: the deal names KC more often than the deck holds it",
        ),
        (
            lambda d: d["deals"][0]["hands"][0].pop(),
            "deals[0]: hand 0 has 9 cards; the rules deal 10",
        ),
        (
            lambda d: d["deals"][0]["hands"].append([]),
            "deals[0]: the deal lists 3 hands for 2 seats",
        ),
        (
            lambda d: d["deals"][0].__setitem__("indicator", "8C"),
            "deals[0]: an indicator is turned only with wilds = indicator",
        ),
    ],
)
def test_a_deal_the_deck_cannot_give_is_refused(change, message):
    data = good_record()
    change(data)
    assert refused_record(data).startswith(message)


def test_two_decks_hold_every_card_twice():
    hands = [
        "AS AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS",
        "AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH",
    ]
    ok = record("romme", [deal(hands, stock="KS KS", dealer=1, upcard="QD")])
    load(ok).start()
    three = copy.deepcopy(ok)
    three["deals"][0]["upcard"] = "AS"
    assert "names AS more often" in refused_record(three)


def test_records_may_carry_extra_keys():
    data = good_record()
    data["expect"] = {"anything": True}
    data["save"] = {"written_by": "tests"}
    out, code = replay_data(data)
    assert code == 0 and out["ok"] is True


def test_rules_in_a_record_are_the_preset_plus_changes():
    data = good_record()
    data["rules"] = {"preset": "classic", "turn_limit": 7}
    rec = load(data)
    assert rec.rules.turn_limit == 7
    assert rec.rules.to_dict() == {"preset": "classic", "turn_limit": 7, "players": 2}


@pytest.mark.parametrize(
    ("preset_name", "players", "options"),
    [
        ("classic", 2, {"penalty_values": {"ace": 11}, "turn_limit": 30}),
        ("standard", 2, {"jokers": 2, "scoring": "winner_collects"}),
        ("standard", 6, {"decks": 1}),
        ("romme", 3, {"discard_pickup": "must_use", "jokers": 4}),
        ("hand", 4, {"teams": True, "announce": "manual", "opening_raise": True}),
    ],
)
def test_saved_rules_load_as_the_same_rules(preset_name, players, options):
    m = load(record(preset_name, players=players, seed=1, **options)).start()
    saved = json.loads(json.dumps(save(m)))
    assert saved["rules"]["preset"] == preset_name
    assert load(saved).rules == m.rules


# --- save, load, replay ---------------------------------------------------------------------


def test_save_load_replay_of_a_fixed_deal_gives_the_same_outcome():
    data = good_record()
    m = match("classic", data["deals"], actions=data["actions"])
    saved = json.loads(json.dumps(save(m)))
    assert saved["actions"] == ["draw", "meld AS 2S 3S", "discard KH"]
    assert saved["deals"][0]["hands"] == data["deals"][0]["hands"]
    assert saved["deals"][0]["stock"][:2] == ["KH", "5S"]
    out, code = replay(load(saved))
    assert code == 0
    assert out == outcome_json(m)


@pytest.mark.parametrize(
    ("preset_name", "players", "seed", "actions"),
    [
        ("classic", 2, 5, 400),
        ("standard", 3, 6, 400),
        ("romme", 3, 7, 300),
        ("hand", 3, 8, 300),
    ],
)
def test_save_load_replay_of_a_seeded_playout(preset_name, players, seed, actions):
    m = load(record(preset_name, players=players, seed=seed)).start()
    played = play_match(m, seed, max_actions=actions)
    assert played > 0
    saved = json.loads(json.dumps(save(m)))
    assert "deals" not in saved  # the deals come from the seed
    again = load(saved).start()
    for action in load(saved).actions:
        again.apply(action)
    assert outcome_json(again) == outcome_json(m)
    assert save(again) == saved
    out, code = replay(load(saved))
    assert code == 0 and out == outcome_json(m)


def test_the_same_seed_deals_the_same_cards_and_another_seed_does_not():
    def first_hands(seed):
        m = load(record("standard", players=3, seed=seed)).start()
        return [[c.face.notation() for c in h] for h in m.round.hands]

    assert first_hands(21) == first_hands(21)
    assert first_hands(21) != first_hands(22)


# --- fixtures -------------------------------------------------------------------------------


def test_there_are_fixtures_for_every_preset_and_an_illegal_action():
    presets = set()
    exits = set()
    for path in FIXTURE_FILES:
        data = json.loads(path.read_text(encoding="utf-8"))
        presets.add(data["rules"]["preset"])
        exits.add(data["expect"]["exit"])
    assert presets == {"classic", "standard", "romme", "hand"}
    assert exits == {0, 1}


def _compare(got, want, where: str) -> None:
    """Every key in ``want`` must match ``got``; lists of objects compare item by item."""
    if isinstance(want, dict):
        assert isinstance(got, dict), f"{where}: expected an object, got {got!r}"
        for key, value in want.items():
            assert key in got, f"{where}: no key {key!r}"
            _compare(got[key], value, f"{where}.{key}")
    elif isinstance(want, list) and want and all(isinstance(w, dict) for w in want):
        assert isinstance(got, list) and len(got) == len(want), f"{where}: {got!r}"
        for i, (g, w) in enumerate(zip(got, want, strict=True)):
            _compare(g, w, f"{where}[{i}]")
    else:
        assert got == want, f"{where}: got {got!r}, expected {want!r}"


@pytest.mark.parametrize("path", FIXTURE_FILES, ids=[p.stem for p in FIXTURE_FILES])
def test_fixture_replays_to_its_expected_outcome(path):
    data = json.loads(path.read_text(encoding="utf-8"))
    expect = data["expect"]
    out, code = replay_data(data)
    assert code == expect["exit"], out.get("error")
    _compare(out, {k: v for k, v in expect.items() if k != "exit"}, path.stem)
    if code == 1:
        error = out["error"]
        assert set(error) >= {"action_index", "action", "code", "reason"}
        assert error["reason"]
        # replaying only the legal prefix gives the same position and no error
        prefix = {**data, "actions": data["actions"][: error["action_index"]]}
        out2, code2 = replay_data(prefix)
        assert code2 == 0
        assert out2["round"] == out["round"]


@pytest.mark.parametrize("path", FIXTURE_FILES, ids=[p.stem for p in FIXTURE_FILES])
def test_fixture_survives_save_and_reload(path):
    data = json.loads(path.read_text(encoding="utf-8"))
    rec = load(data)
    m = rec.start()
    for action in rec.actions:
        try:
            m.apply(action)
        except Exception:
            break
    saved = json.loads(json.dumps(save(m)))
    out, code = replay_data(saved)
    assert code == 0
    assert out == outcome_json(m)


def test_fixture_notation_is_readable_with_symbols_and_lower_case():
    path = FIXTURES / "hand_seed_opening_51.json"
    data = json.loads(path.read_text(encoding="utf-8"))
    plain, _ = replay_data(data)
    fancy = copy.deepcopy(data)
    fancy["actions"] = [
        re.sub(r"\b10H\b", "T♥", a).replace("JH", "j♥").lower() for a in data["actions"]
    ]
    out, code = replay_data(fancy)
    assert code == 0
    assert out == plain

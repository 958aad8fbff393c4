"""`python main.py replay FILE` (docs/NOTATION.md): output keys and exit status 0, 1 or 2."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
FIXTURES = ROOT / "tests" / "fixtures"
KEYS = {"ok", "error", "round", "rounds", "totals", "match_over", "winner"}
ROUND_KEYS = {
    "number",
    "dealer",
    "current",
    "phase",
    "hands",
    "stock_count",
    "discard",
    "indicator",
    "wild",
    "table",
    "opened",
}


def replay(path: Path | str, *extra: str) -> tuple[int, dict, str]:
    """Run the replay command; its exit status, the JSON it printed, and stderr."""
    proc = subprocess.run(
        [sys.executable, "main.py", "replay", str(path), *extra],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert "Traceback" not in proc.stderr, proc.stderr
    try:
        out = json.loads(proc.stdout)
    except json.JSONDecodeError:  # pragma: no cover - the assertion below explains it
        pytest.fail(f"not JSON on stdout: {proc.stdout!r} (stderr {proc.stderr!r})")
    return proc.returncode, out, proc.stderr


def fixture(name: str) -> dict:
    return json.loads((FIXTURES / name).read_text(encoding="utf-8"))


def write(tmp_path: Path, data, name: str = "record.json") -> Path:
    path = tmp_path / name
    if isinstance(data, bytes):
        path.write_bytes(data)
    elif isinstance(data, str):
        path.write_text(data, encoding="utf-8")
    else:
        path.write_text(json.dumps(data), encoding="utf-8")
    return path


def test_replay_of_a_good_record_exits_0_with_the_outcome():
    code, out, _ = replay(FIXTURES / "hand_seed_scoring.json")
    assert code == 0
    assert set(out) >= KEYS
    assert set(out["round"]) >= ROUND_KEYS
    assert out["ok"] is True
    assert out["error"] is None
    assert out["totals"] == [32, -30, 100]
    assert [r["scores"] for r in out["rounds"]] == [[32, -30, 100]]
    assert out["rounds"][0]["winner"] == 1
    assert out["rounds"][0]["out_in_one"] is False
    assert out["rounds"][0]["void"] is False
    assert out["match_over"] is False
    assert out["winner"] is None


def test_replay_shows_the_position_after_the_last_action():
    code, out, _ = replay(FIXTURES / "hand_seed_opening_51.json")
    assert code == 0
    rnd = out["round"]
    assert rnd["indicator"] == "8C"
    assert rnd["wild"] == ["AC"]
    assert [m["cards"] for m in rnd["table"]] == [["9H", "10H", "JH", "QH"], ["4S", "4D", "AC=4*"]]
    assert [m["by"] for m in rnd["table"]] == [[1, 1, 1, 1], [1, 1, 1]]
    assert rnd["opened"] == [False, True]
    assert rnd["stock_count"] == 106 - 15 - 14 - 1 - 1


def test_replay_compact_prints_one_line():
    proc = subprocess.run(
        [
            sys.executable,
            "main.py",
            "replay",
            str(FIXTURES / "classic_out_by_layoff.json"),
            "--compact",
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert proc.returncode == 0
    assert proc.stdout.strip().count("\n") == 0
    assert json.loads(proc.stdout)["totals"] == [64, 0]


def test_replay_of_a_finished_match_names_the_winner(tmp_path):
    data = fixture("classic_out_by_layoff.json")
    # the same round, but going out in one: 128 reaches the target of 100
    data["deals"][0]["stock"] = ["JS"]
    data["actions"] = ["draw", "meld AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS"]
    code, out, _ = replay(write(tmp_path, data))
    assert code == 0
    assert out["match_over"] is True
    assert out["winner"] == 0
    assert out["totals"] == [128, 0]


@pytest.mark.parametrize(
    ("name", "index", "code_"),
    [
        ("illegal_too_many_wilds.json", 3, "too_many_wilds"),
        ("illegal_no_return.json", 1, "no_return"),
    ],
)
def test_replay_stops_at_the_first_illegal_action_with_exit_1(name, index, code_):
    code, out, _ = replay(FIXTURES / name)
    assert code == 1
    assert set(out) >= KEYS
    assert out["ok"] is False
    assert out["error"]["action_index"] == index
    assert out["error"]["code"] == code_
    assert out["error"]["reason"]
    assert out["error"]["action"] == fixture(name)["actions"][index]


def test_an_action_after_the_match_is_over_is_illegal(tmp_path):
    data = fixture("classic_out_by_layoff.json")
    data["deals"][0]["stock"] = ["JS"]
    data["actions"] = ["draw", "meld AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS", "draw"]
    code, out, _ = replay(write(tmp_path, data))
    assert code == 1
    assert out["error"]["code"] == "match_over"
    assert out["error"]["action_index"] == 2


def _bad_record_error(code: int, out: dict) -> str:
    assert code == 2
    assert out["ok"] is False
    assert out["error"]["code"] == "bad_record"
    assert out["error"]["reason"]
    return out["error"]["reason"]


def test_missing_file_exits_2(tmp_path):
    code, out, _ = replay(tmp_path / "nowhere.json")
    assert "no such file" in _bad_record_error(code, out)


@pytest.mark.parametrize(
    ("content", "words"),
    [
        ("this is not json", "not JSON"),
        ("", "not JSON"),
        ('{"format": 1, "rules": {"preset": "classic"}, "players": [', "not JSON"),
        (b"\xff\xfe\x00\x01 not text", "cannot read"),
    ],
    ids=["text", "empty", "truncated", "binary"],
)
def test_a_file_that_is_not_json_exits_2(tmp_path, content, words):
    code, out, _ = replay(write(tmp_path, content))
    assert words in _bad_record_error(code, out)


def test_a_truncated_fixture_exits_2(tmp_path):
    text = (FIXTURES / "hand_seed_scoring.json").read_text(encoding="utf-8")
    code, out, _ = replay(write(tmp_path, text[: len(text) // 2]))
    assert "not JSON" in _bad_record_error(code, out)


def test_a_directory_exits_2(tmp_path):
    code, out, _ = replay(tmp_path)
    _bad_record_error(code, out)


@pytest.mark.parametrize(
    ("data", "words"),
    [
        ([], "record: expected a JSON object"),
        ([{"format": 1}], "record: expected a JSON object"),
        ('"a record"', "record: expected a JSON object"),
        (42, "record: expected a JSON object"),
        (None, "record: expected a JSON object"),
        ({"players": "Ann"}, "players"),
        ({"players": [{"name": "A"}, {"name": "B"}], "rules": ["classic"]}, "rules"),
        ({"players": [{"name": "A"}, {"name": "B"}], "seed": "1"}, "seed"),
        ({"players": [{"name": "A"}, {"name": "B"}], "actions": "draw"}, "actions"),
        ({"players": [{"name": "A"}, {"name": "B"}], "actions": [["draw"]]}, "actions[0]"),
        ({"players": [{"name": "A"}, {"name": "B"}], "deals": [{"hands": 3}]}, "deals[0].hands"),
        ({"players": [{"name": 1}, {"name": "B"}]}, "players[0]"),
        (
            {
                "players": [{"name": "A"}, {"name": "B"}],
                "rules": {"preset": "classic", "target": "x"},
            },
            "target",
        ),
        (
            {"players": [{"name": "A"}, {"name": "B"}], "rules": {"preset": "hand", "teams": True}},
            "teams",
        ),
    ],
)
def test_a_record_with_wrong_types_exits_2(tmp_path, data, words):
    code, out, _ = replay(write(tmp_path, data))
    assert words in _bad_record_error(code, out)


def test_a_deal_naming_a_card_too_often_exits_2(tmp_path):
    data = fixture("classic_out_by_layoff.json")
    data["deals"][0]["hands"][1][0] = "AS"
    code, out, _ = replay(write(tmp_path, data))
    assert "more often than the deck holds it" in _bad_record_error(code, out)


def test_standard_for_five_with_three_decks_exits_2(tmp_path):
    data = {
        "format": 1,
        "rules": {"preset": "standard", "decks": 3},
        "players": [{"name": n} for n in "ABCDE"],
        "seed": 1,
    }
    proc = subprocess.run(
        [sys.executable, "main.py", "replay", str(write(tmp_path, data))],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert "Traceback" not in proc.stderr
    assert proc.returncode == 2
    assert "decks" in json.loads(proc.stdout)["error"]["reason"]


def test_deeply_nested_json_exits_2(tmp_path):
    depth = 100_000
    path = write(tmp_path, "[" * depth + "]" * depth)
    proc = subprocess.run(
        [sys.executable, "main.py", "replay", str(path)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert "Traceback" not in proc.stderr
    assert proc.returncode == 2
    assert json.loads(proc.stdout)["error"]["code"] == "bad_record"


# --- a bad fixed deal for a later round (issue 13, fault 6) ---------------------------------
#
# classic_out_by_layoff.json ends round 1, so its second deal fixes round 2.

ROUND2 = {
    "dealer": 0,
    "hands": [
        ["AC", "2C", "3C", "4C", "5C", "6C", "7C", "8C", "9C", "10C"],
        ["AD", "2D", "3D", "4D", "5D", "6D", "7D", "8D", "9D", "10D"],
    ],
    "stock": ["KS"],
    "upcard": "QS",
}


def _with_round2(change=None) -> dict:
    data = fixture("classic_out_by_layoff.json")
    del data["expect"]
    second = json.loads(json.dumps(ROUND2))
    if change is not None:
        change(second)
    data["deals"].append(second)
    return data


def test_a_good_deal_for_round_2_is_dealt(tmp_path):
    code, out, _ = replay(write(tmp_path, _with_round2()))
    assert code == 0, out
    assert out["round"]["number"] == 2
    assert out["round"]["hands"] == ROUND2["hands"]
    assert out["round"]["discard"] == ["QS"]


BAD_ROUND2 = [
    (lambda d: d["hands"][1].__setitem__(0, "AC"), "deals[1]: the deal names AC more often"),
    (lambda d: d["hands"][0].pop(), "deals[1]: hand 0 has 9 cards; the rules deal 10"),
    (lambda d: d["hands"].append([]), "deals[1]: the deal lists 3 hands for 2 seats"),
    (lambda d: d.__setitem__("indicator", "8H"), "deals[1]: an indicator is turned only"),
    (lambda d: d.__setitem__("upcard", "AC"), "deals[1]: the deal names AC more often"),
    (lambda d: d["stock"].append("KS"), "deals[1]: the deal names KS more often"),
    # without hands, the stock is still the deal's: it may not name a card twice either
    (lambda d: (d.pop("hands"), d["stock"].append("KS")), "deals[1]: the deal names KS more"),
]
BAD_IDS = ["card-twice", "short-hand", "three-hands", "indicator", "upcard", "stock", "no-hands"]


@pytest.mark.parametrize(("change", "words"), BAD_ROUND2, ids=BAD_IDS)
def test_a_bad_deal_for_round_2_exits_2(tmp_path, change, words):
    code, out, _ = replay(write(tmp_path, _with_round2(change)))
    assert _bad_record_error(code, out).startswith(words)


@pytest.mark.parametrize(("change", "words"), BAD_ROUND2, ids=BAD_IDS)
def test_a_bad_deal_for_round_2_is_refused_before_the_first_action(tmp_path, change, words):
    data = _with_round2(change)
    data["actions"] = []  # round 2 is never reached: the record is refused all the same
    code, out, _ = replay(write(tmp_path, data))
    assert _bad_record_error(code, out).startswith(words)


def _hand_redeal_then(second: dict) -> dict:
    data = fixture("hand_redeal.json")
    del data["expect"]
    data["deals"].append(second)
    return data


def cards(text: str) -> list[str]:
    return text.split()


HAND_A = cards("AS 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH AH")  # 14 cards
HAND_B = cards("AD 2D 3D 4D 5D 6D 7D 8D 9D 10D JD QD KD AC 2C")  # 15 cards


def test_the_redeal_takes_the_next_deal_with_the_extra_card_for_the_starter(tmp_path):
    # the redeal keeps dealer 1, so seat 0 starts and is dealt 15 cards
    code, out, _ = replay(write(tmp_path, _hand_redeal_then({"hands": [HAND_B, HAND_A]})))
    assert code == 0, out
    assert [len(h) for h in out["round"]["hands"]] == [15, 14]


def test_a_redeal_whose_deal_gives_the_extra_card_to_the_wrong_seat_exits_2(tmp_path):
    # who starts the redeal is known only once the round before it has ended
    data = _hand_redeal_then({"hands": [HAND_A, HAND_B]})
    code, out, _ = replay(write(tmp_path, data))
    assert _bad_record_error(code, out).startswith("deals[1]: hand 0 has 14 cards")


def _load(tmp_path: Path, data: dict) -> subprocess.CompletedProcess[str]:
    """main.py --load (with --screenshot, so that a good record renders and exits)."""
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    png = tmp_path / "x.png"
    return subprocess.run(
        [sys.executable, "main.py", "--screenshot", str(png), "--load", str(write(tmp_path, data))],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )


@pytest.mark.parametrize(
    ("data", "words"),
    [
        (_with_round2(BAD_ROUND2[0][0]), "deals[1]: the deal names AC more often"),
        (_with_round2(BAD_ROUND2[1][0]), "deals[1]: hand 0 has 9 cards"),
        (_hand_redeal_then({"hands": [HAND_A, HAND_B]}), "deals[1]: hand 0 has 14 cards"),
    ],
    ids=["card-twice", "short-hand", "redeal-extra-card"],
)
def test_load_of_a_bad_later_deal_says_so_like_a_bad_first_deal(tmp_path, data, words):
    first = fixture("classic_out_by_layoff.json")
    first["deals"][0]["hands"][1][0] = "AS"
    done = _load(tmp_path, first)
    assert done.returncode == 2 and "Traceback" not in done.stderr
    assert "not a valid record: deals" in done.stderr  # a bad first deal, as it always was
    done = _load(tmp_path, data)
    assert "Traceback" not in done.stderr, done.stderr
    assert done.returncode == 2
    assert f"not a valid record: {words}" in done.stderr
    assert not (tmp_path / "x.png").exists()

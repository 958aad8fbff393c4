"""`python main.py replay FILE` (docs/NOTATION.md): output keys and exit status 0, 1 or 2."""

from __future__ import annotations

import json
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

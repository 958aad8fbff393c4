"""bench/bots.py --tally: rows add up by version, and a carry with evidence joins versions."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path
from typing import Any

import pytest

BOTS = Path(__file__).resolve().parent.parent / "bench" / "bots.py"


def _bench() -> Any:
    spec = importlib.util.spec_from_file_location("bench_bots", BOTS)
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _row(version: str, seed: int, matches: int, wins: float, preset: str = "romme") -> str:
    times = {"expert": 50.0, "hard": 1.0}
    return json.dumps(
        {
            "preset": preset,
            "pair": "expert-hard",
            "matches": matches,
            "wins": wins,
            "p50_ms": times,
            "p95_ms": times,
            "max_ms": times,
            "errors": 0,
            "version": version,
            "seed": seed,
            "games": matches,
            "jobs": 2,
        }
    )


def _carry(old: str, new: str, preset: str = "romme", because: str = "0 of 40 deals differ") -> str:
    return json.dumps({"carry": old, "to": new, "preset": preset, "because": because})


def _tally(tmp_path: Path, capsys: pytest.CaptureFixture[str], lines: list[str]) -> list[str]:
    path = tmp_path / "rows.jsonl"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    assert _bench().tally(path) == 0
    return capsys.readouterr().out.splitlines()


def test_rows_of_two_versions_stay_apart(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = _tally(tmp_path, capsys, [_row("old", 1, 100, 60), _row("new", 5000, 100, 50)])
    assert len(out) == 2
    assert out[0].startswith("old") and "60.0%" in out[0] and "n=100 " in out[0]
    assert out[1].startswith("new") and "50.0%" in out[1] and "played at" not in out[1]


def test_a_carry_counts_the_old_rows_as_the_new_version_and_says_so(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    lines = [_row("old", 1, 100, 60), _row("new", 5000, 300, 150), _carry("old", "new")]
    out = _tally(tmp_path, capsys, lines)
    assert len(out) == 1
    assert out[0].startswith("new") and "52.5%" in out[0] and "n=400 in 2 chunks" in out[0]
    assert "(played at old n=100, new n=300)" in out[0]


def test_a_carry_holds_for_its_preset_only_and_follows_chains(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    lines = [
        _row("v1", 1, 100, 60, "classic"),
        _row("v1", 1, 100, 70),
        _row("v3", 5000, 100, 50),
        _carry("v1", "v2"),
        _carry("v2", "v3"),
    ]
    out = _tally(tmp_path, capsys, lines)
    assert [line.split()[:2] for line in out] == [["v1", "classic"], ["v3", "romme"]]
    assert "n=200" in out[1] and "60.0%" in out[1]


def test_a_carry_without_evidence_is_left_out(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "rows.jsonl"
    lines = [_row("old", 1, 100, 60), _row("new", 5000, 100, 50), _carry("old", "new", because=" ")]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    assert _bench().tally(path) == 0
    captured = capsys.readouterr()
    assert len(captured.out.splitlines()) == 2
    assert "rows.jsonl:3: neither a saved row nor a carry" in captured.err


def test_carried_chunks_that_repeat_deals_are_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "rows.jsonl"
    lines = [_row("old", 1, 100, 60), _row("new", 1, 100, 50), _carry("old", "new")]
    path.write_text("\n".join(lines), encoding="utf-8")
    assert _bench().tally(path) == 1
    assert "repeats deals" in capsys.readouterr().out


def test_carries_that_go_round_in_a_loop_are_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "rows.jsonl"
    lines = [_row("v1", 1, 100, 60), _carry("v1", "v2"), _carry("v2", "v1")]
    path.write_text("\n".join(lines), encoding="utf-8")
    assert _bench().tally(path) == 1
    assert "loop" in capsys.readouterr().out


def _table(version: str, slowest: float, matches: int = 4) -> str:
    times = {"p50": slowest / 4, "p95": slowest / 2, "max": slowest}
    return json.dumps(
        {
            "table": "expert,medium,easy,hard",
            "preset": "hand",
            "matches": matches,
            "decision_ms": {lv: times for lv in ("expert", "medium", "easy", "hard")},
            "errors": 0,
            "version": version,
            "seed": 1,
        }
    )


def test_four_player_tables_add_up_by_version_with_the_slowest_decisions(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    lines = [_row("v1", 1, 100, 60), _table("t1", 400.0), _table("t1", 800.0), _table("t2", 80.0)]
    out = _tally(tmp_path, capsys, lines)
    assert len(out) == 3 and out[0].startswith("v1 romme")
    assert out[1].startswith("t1 hand") and "n=8 in 2 tables" in out[1]
    assert "p95 ms expert 400.0 " in out[1] and "max ms expert 800.0 " in out[1]
    assert out[2].startswith("t2 hand") and "max ms expert 80.0 " in out[2]


def test_a_table_without_its_times_is_left_out(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "rows.jsonl"
    broken = json.loads(_table("t1", 400.0)) | {"decision_ms": [1, 2]}
    path.write_text("\n".join([_table("t1", 80.0), json.dumps(broken)]), encoding="utf-8")
    assert _bench().tally(path) == 0
    captured = capsys.readouterr()
    assert "n=4 in 1 tables" in captured.out
    assert "rows.jsonl:2: neither a saved row nor a carry" in captured.err


def test_a_carry_of_hand_counts_the_old_tables_as_the_new_version_and_says_so(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    lines = [_table("t1", 400.0), _table("t2", 80.0), _carry("t1", "t2", preset="hand")]
    out = _tally(tmp_path, capsys, lines)
    assert len(out) == 1 and out[0].startswith("t2 hand") and "n=8 in 2 tables" in out[0]
    assert "max ms expert 400.0 " in out[0] and "(played at t1 n=4, t2 n=4)" in out[0]

"""`main.py simulate`: results, JSON keys, rotation of seats, and argument errors."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from commands.simulate import simulate

ROOT = Path(__file__).resolve().parent.parent


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "main.py", "simulate", *args],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
    )


def test_simulate_json_has_the_documented_keys() -> None:
    got = run(
        "--rules", "classic", "--seats", "easy,random", "--games", "4", "--seed", "3", "--json"
    )
    assert got.returncode == 0, got.stderr
    result = json.loads(got.stdout)
    assert result["matches"] == 4
    assert [s["level"] for s in result["seats"]] == ["easy", "random"]
    assert sum(s["wins"] for s in result["seats"]) == pytest.approx(4)
    assert result["matches_per_s"] > 0 and result["actions_per_s"] > 0
    assert set(result["decision_ms"]) == {"easy", "random"}
    assert all({"p50", "p95", "max"} <= set(t) for t in result["decision_ms"].values())
    assert result["errors"] == []


def test_equal_bots_split_the_wins_because_every_deal_is_played_from_both_seats() -> None:
    result = simulate("standard", ["medium", "medium"], 6, seed=11)
    assert result["seats"][0]["wins"] == pytest.approx(result["seats"][1]["wins"])


def test_simulate_prints_a_table_without_json() -> None:
    got = run("--rules", "hand", "--seats", "medium,easy", "--games", "2", "--seed", "1")
    assert got.returncode == 0, got.stderr
    assert "matches of hand" in got.stdout and "decision ms" in got.stdout


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--rules", "poker"], "unknown rules"),
        (["--seats", "medium,genius"], "unknown bot level"),
        (["--games", "0"], "at least 1"),
        (["--rules", "classic", "--seats", "easy,easy,easy,easy,easy"], "players"),
    ],
)
def test_bad_arguments_exit_2_with_a_reason(args: list[str], message: str) -> None:
    got = run(*args)
    assert got.returncode == 2
    assert message in got.stderr
    assert "Traceback" not in got.stderr

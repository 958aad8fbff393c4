"""Statistics: counted once per finished match, per preset, surviving damage."""

from __future__ import annotations

import json
from pathlib import Path

from saves import (
    PresetStats,
    Statistics,
    load_stats,
    record_match,
    record_rounds,
    save_stats,
    stats_path,
)
from tests.saves.support import finished, new_match


def test_a_finished_match_is_counted_once() -> None:
    stats = Statistics()
    match = finished("hand", 4, target=2)
    assert record_match(stats, match, [0], "m1")
    assert not record_match(stats, match, [0], "m1")
    entry = stats.of("hand")
    scored = [r for r in match.results if r.end.scored]
    assert entry.matches_played == 1 and entry.rounds_played == len(scored)
    assert entry.matches_won == (0 in match.winners)
    assert entry.rounds_won == sum(r.end.winner == 0 for r in scored)
    assert entry.best_match == entry.worst_match == match.totals[0]
    assert entry.average_points == match.totals[0]


def test_unfinished_matches_and_bot_only_matches_are_not_counted() -> None:
    stats = Statistics()
    assert not record_match(stats, new_match("classic", 2), [0])
    assert not record_match(stats, finished("classic", 2), [])
    assert stats.presets == {}


def test_best_is_highest_when_points_are_collected_and_lowest_otherwise() -> None:
    stats = Statistics()
    for seed in (1, 2, 3):
        record_match(stats, finished("classic", 2, seed=seed), [0])
        record_match(stats, finished("romme", 3, seed=seed, target=100), [0, 1])
    classic, romme = stats.of("classic"), stats.of("romme")
    assert classic.matches_played == 3 and romme.matches_played == 3
    assert classic.best_match is not None and classic.worst_match is not None
    assert classic.best_match >= classic.worst_match
    assert romme.best_match is not None and romme.worst_match is not None
    assert romme.best_match <= romme.worst_match and romme.points_count == 6


def test_statistics_round_trip(home: Path) -> None:
    stats = Statistics()
    record_match(stats, finished("classic", 2), [0], "a")
    save_stats(stats)
    assert load_stats() == (stats, [])
    assert stats_path() == home / "data" / "statistics.json"


def test_invalid_counters_are_reset_and_reported(home: Path) -> None:
    path = stats_path()
    path.parent.mkdir(parents=True)
    data = {"version": 1, "presets": {"hand": {"matches_played": -3, "rounds_won": 4,
            "best_match": "lots", "worst_match": None}, "5": 7}, "counted": "x"}  # fmt: skip
    path.write_text(json.dumps(data), encoding="utf-8")
    stats, problems = load_stats()
    assert stats.of("hand") == PresetStats(rounds_won=4)
    assert len(problems) == 5 and problems.copied is not None
    assert json.loads(problems.copied.read_bytes()) == data


def test_damaged_statistics_fall_back_to_the_backup(home: Path) -> None:
    stats = Statistics()
    record_match(stats, finished("classic", 2), [0], "a")
    save_stats(stats)
    save_stats(Statistics())
    stats_path().write_bytes(b"not json at all")
    got, problems = load_stats()
    assert got == stats and "not valid JSON" in problems[0]
    assert len(list((stats_path().parent / "damaged").iterdir())) == 1


def test_rounds_count_from_the_first_round_and_never_twice() -> None:
    stats = Statistics()
    match = finished("hand", 4, target=3)
    results = match.results
    scored = [r for r in results if r.end.scored]
    assert len(results) >= 2
    # the rounds are counted as they end, while the match goes on ...
    assert record_rounds(stats, "hand", results[:1], [0], "m1")
    assert stats.of("hand").rounds_played == int(results[0].end.scored)
    assert not record_rounds(stats, "hand", results[:1], [0], "m1")  # nothing new
    assert record_rounds(stats, "hand", results, [0], "m1")
    assert stats.of("hand").rounds_played == len(scored)
    assert stats.of("hand").matches_played == 0
    # ... and the end of the match adds the match, not the rounds again
    assert record_match(stats, match, [0], "m1")
    entry = stats.of("hand")
    assert entry.matches_played == 1 and entry.rounds_played == len(scored)
    assert entry.rounds_won == sum(r.end.winner == 0 for r in scored)
    assert not record_rounds(stats, "hand", results, [0], "m1")
    assert [c for c in stats.counted if c.startswith("m1")] == ["m1"]

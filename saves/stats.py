"""Statistics per preset, kept in the user data folder and updated when a match ends.

Counted for the human seats of a match: a match is won when a human seat is among the
winners; rounds and going out in one count rounds won by a human seat; best, worst and
average points are each human seat's final match total (with teams, its side's), and
"best" is the highest total where the winner collects points, the lowest under penalty
and Hand scoring: the same rule that names the match's winner (RULES §8).
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from game.match import Match, RoundResult
from game.scoring import higher_is_better, match_total
from game.text import clean_text

from .document import Report, check_version, load_document, save_document
from .paths import stats_path

STATS_VERSION = 1
REMEMBERED = 500  # ids of counted matches kept, so a match is never counted twice
COUNTERS = ("matches_played", "matches_won", "rounds_played", "rounds_won", "out_in_one")
TOTALS = ("points_total", "points_count")
EXTREMES = ("best_match", "worst_match")
# counts and totals read from the file are at most this (far beyond any player's life of
# matches; anything larger was not written by the game, and would overflow a float)
LIMIT = 10**12
_PRESET_KEY = re.compile(r"[a-z0-9_]{1,40}", re.ASCII)  # the keys game.rules.PRESETS uses


@dataclass(slots=True)
class PresetStats:
    """The counters of one preset."""

    matches_played: int = 0
    matches_won: int = 0
    rounds_played: int = 0
    rounds_won: int = 0
    out_in_one: int = 0
    best_match: int | None = None
    worst_match: int | None = None
    points_total: int = 0
    points_count: int = 0

    @property
    def average_points(self) -> float | None:
        """The average final total of the human seats, or None before the first match."""
        return self.points_total / self.points_count if self.points_count else None


@dataclass(slots=True)
class Statistics:
    """Counters per preset key, and the ids of the matches already counted."""

    presets: dict[str, PresetStats] = field(default_factory=dict)
    counted: list[str] = field(default_factory=list)

    def of(self, preset: str) -> PresetStats:
        """The counters of a preset (zero when none was played)."""
        return self.presets.get(preset) or PresetStats()


def record_rounds(
    stats: Statistics,
    preset: str,
    results: Sequence[RoundResult],
    human_seats: Iterable[int],
    match_id: str | None = None,
) -> bool:
    """Count the rounds of a match finished since it was last counted, from its first round
    on, while the match goes on; False when there was none. ``counted`` keeps, per match
    id, how many of its results were counted (an entry ``ID@N``)."""
    humans = sorted(set(human_seats))
    if not humans or (match_id is not None and match_id in stats.counted):
        return False
    mark = f"{match_id}@"
    done = next((int(c[len(mark) :]) for c in stats.counted if c.startswith(mark)), 0)
    if match_id is None:
        done = 0
    fresh = list(results)[done:]
    if not fresh:
        return False
    entry = stats.presets.setdefault(preset, PresetStats())
    scored = [r for r in fresh if r.end.scored]
    entry.rounds_played += len(scored)
    won = [r for r in scored if r.end.winner in humans]
    entry.rounds_won += len(won)
    entry.out_in_one += sum(r.end.out_in_one for r in won)
    if match_id is not None:
        kept = [c for c in stats.counted if not c.startswith(mark)]
        stats.counted = [*kept, f"{mark}{len(results)}"][-REMEMBERED:]
    return True


def record_match(
    stats: Statistics, match: Match, human_seats: Iterable[int], match_id: str | None = None
) -> bool:
    """Count a finished match (and its rounds not yet counted); False (nothing changed) if
    it is not over or already counted."""
    humans = sorted(set(human_seats))
    if not match.over or not humans or (match_id is not None and match_id in stats.counted):
        return False
    record_rounds(stats, match.rules.preset, match.results, humans, match_id)
    entry = stats.presets.setdefault(match.rules.preset, PresetStats())
    entry.matches_played += 1
    entry.matches_won += any(s in match.winners for s in humans)
    higher = higher_is_better(match.rules)
    for seat in humans:
        _add_total(entry, match_total(match.rules, match.totals, seat), higher)
    if match_id is not None:
        kept = [c for c in stats.counted if not c.startswith(f"{match_id}@")]
        stats.counted = [*kept, match_id][-REMEMBERED:]
    return True


def _add_total(entry: PresetStats, total: int, higher_is_better: bool) -> None:
    entry.points_total += total
    entry.points_count += 1
    best, worst = (max, min) if higher_is_better else (min, max)
    entry.best_match = total if entry.best_match is None else best(entry.best_match, total)
    entry.worst_match = total if entry.worst_match is None else worst(entry.worst_match, total)


# --- the file ----------------------------------------------------------------------------


def stats_json(stats: Statistics) -> dict[str, Any]:
    """The statistics file's JSON value."""
    presets = {k: dataclasses.asdict(v) for k, v in sorted(stats.presets.items())}
    return {"version": STATS_VERSION, "presets": presets, "counted": list(stats.counted)}


def parse_stats(data: Any) -> tuple[Statistics, list[str]]:
    """Statistics from their JSON value; invalid parts are reported and left at zero."""
    obj = check_version(data, STATS_VERSION, "statistics")
    problems: list[str] = []
    presets: dict[str, PresetStats] = {}
    raw = obj.get("presets", {})
    if not isinstance(raw, dict):
        problems.append("The statistics per preset were not readable and start again at zero.")
        raw = {}
    for key, value in raw.items():
        if isinstance(key, str) and _PRESET_KEY.fullmatch(key) and isinstance(value, dict):
            presets[key] = _preset_stats(key, value, problems)
        else:
            problems.append(f"The statistics of “{clean_text(str(key), 40)}” were not readable.")
    counted = obj.get("counted", [])
    if not (isinstance(counted, list) and all(_is_id(c) for c in counted)):
        problems.append("The list of counted matches was not readable.")
        counted = []
    return Statistics(presets, counted[-REMEMBERED:]), problems


def _is_id(value: Any) -> bool:
    return isinstance(value, str) and 0 < len(value) <= 200


def _preset_stats(key: str, data: dict[str, Any], problems: list[str]) -> PresetStats:
    out = PresetStats()
    for name in (*COUNTERS, *TOTALS, *EXTREMES):
        if name not in data or (name in EXTREMES and data[name] is None):
            continue
        value = data[name]
        low = -LIMIT if name in EXTREMES else 0
        if type(value) is int and low <= value <= LIMIT:
            setattr(out, name, value)
        else:
            problems.append(f"The statistic “{name}” of {key} was not valid and was reset.")
    return out


def load_stats(base: Path | str | None = None) -> tuple[Statistics, Report]:
    """The statistics and a report of the problems met and what was done about them (a list
    of sentences to show, with the facts as attributes; never raises). A file with fields
    that had to be reset is copied to damaged/ before the repaired figures are written."""
    return load_document(stats_path(base), parse_stats, Statistics, "statistics", stats_json)


def save_stats(stats: Statistics, base: Path | str | None = None) -> None:
    """Write the statistics atomically; may raise OSError."""
    save_document(stats_path(base), stats_json(stats))

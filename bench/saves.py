"""Autosave benchmark (run: python bench/saves.py).

A finished 7-round Hand match with 4 players, played by medium bots from a fixed seed,
is autosaved 200 times into a temporary folder (or --dir):

- ``write``: what a synchronous autosave costs (capture, encode, atomic write with
  fsync and backup), the time the worker thread spends per save;
- ``write, no fsync``: the same without the fsyncs (the CPU and file-system part);
- ``frame``: what the frame loop pays with the AutosaveWorker: ``worker.autosave()``
  (capture and queue), called once per 16 ms frame; the writes happen off the loop.

Target: the frame loop's p95 ≤ 5 ms (it is well under 1 ms); the write p95 depends on
the disk's fsync, which is why it runs on the worker thread.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.bots import choose
from game.match import Match, Player
from game.rules import preset
from game.view import view_for
from saves import AutosaveWorker, new_slot, write_save
from saves.store import capture, write_state

FRAME = 1 / 60
LABELS = (
    ("write", "write (fsync)"),
    ("write_no_fsync", "write, no fsync"),
    ("frame", "frame loop (worker)"),
)


def finished_hand_match(seed: int) -> Match:
    """A 4-player Hand match played to its end (7 rounds) by medium bots."""
    players = [Player("You", "human")] + [Player(f"Bot {i}", "bot", "medium") for i in (1, 2, 3)]
    match = Match(preset("hand", players=4), players, seed)
    while not match.over:
        match.apply(choose(view_for(match, match.current), "medium"))
    return match


def timed(work: Callable[[], None], count: int, pause: float = 0.0) -> list[float]:
    """Milliseconds of each of ``count`` calls."""
    times = []
    for _ in range(count):
        start = time.perf_counter()
        work()
        times.append((time.perf_counter() - start) * 1000)
        if pause:
            time.sleep(pause)
    return times


def summary(times: list[float]) -> dict[str, float]:
    """p50, p95 and max of a list of milliseconds."""
    ordered = sorted(times)
    p95 = ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]
    return {"p50": statistics.median(ordered), "p95": p95, "max": ordered[-1]}


def run(folder: Path, count: int, seed: int) -> dict[str, object]:
    """Every measurement, as a dictionary."""
    match = finished_hand_match(seed)
    orders = {0: list(match.round.hands[0])}
    slot = new_slot(match, "bench", folder)
    write = timed(lambda: write_save(slot, match, orders), count)
    nosync = timed(lambda: write_state(capture(slot, match, orders), sync=False), count)
    with AutosaveWorker() as worker:
        frame = timed(lambda: worker.autosave(slot, match, orders), count, FRAME)
        worker.flush()
        written = worker.written
    return {
        "rounds": len(match.results),
        "actions": len(match.actions),
        "file_bytes": slot.path.stat().st_size,
        "write": summary(write),
        "write_no_fsync": summary(nosync),
        "frame": summary(frame),
        "worker_writes": written,
        "saves": count,
    }


def main() -> int:
    """Run the benchmark and print the figures (or JSON)."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--saves", type=int, default=200)
    parser.add_argument("--seed", type=int, default=11)
    parser.add_argument("--dir", type=Path, help="folder to save in (default: a temporary one)")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        out = run(args.dir or Path(tmp), args.saves, args.seed)
    print(json.dumps(out, indent=2) if args.json else report(out))
    return 0


def report(out: dict[str, object]) -> str:
    """The figures as a few lines of text."""
    lines = [
        f"Hand, 4 players: {out['rounds']} rounds, {out['actions']} actions, "
        f"file {out['file_bytes']} bytes; {out['saves']} autosaves each"
    ]
    for key, label in LABELS:
        s = out[key]
        assert isinstance(s, dict)
        lines.append(
            f"{label:22} p50 {s['p50']:6.3f} ms  p95 {s['p95']:6.3f} ms  max {s['max']:6.3f} ms"
        )
    lines.append(f"worker wrote {out['worker_writes']} of {out['saves']} states (latest wins)")
    return "\n".join(lines)


if __name__ == "__main__":
    sys.exit(main())

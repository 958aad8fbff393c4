"""The autosave worker: the frame loop hands over a state and goes on; the newest state wins."""

from __future__ import annotations

import threading
import time
from pathlib import Path

from saves import AutosaveWorker, Loaded, new_slot, open_save
from saves.store import SaveState
from tests.saves.support import new_match, play_until


def test_the_newest_state_reaches_the_disk(home: Path) -> None:
    match = play_until(new_match("classic", 2), lambda m: len(m.actions) >= 5)
    slot = new_slot(match, "worker")
    with AutosaveWorker() as worker:
        for _ in range(30):
            match.apply(match.legal()[0])
            worker.autosave(slot, match, {0: list(match.round.hands[0])})
        assert worker.flush(10)
        assert worker.problem is None and 1 <= worker.written <= 30
    loaded = open_save(slot.path)
    assert isinstance(loaded, Loaded) and loaded.match.actions == match.actions


def test_older_pending_states_are_dropped_while_one_is_written(home: Path) -> None:
    gate, written = threading.Event(), []

    def slow_writer(state: SaveState) -> None:
        gate.wait(5)
        written.append(state.check["actions"])

    match = play_until(new_match("classic", 2), lambda m: len(m.actions) >= 5)
    slot = new_slot(match, "slow")
    worker = AutosaveWorker(slow_writer)
    for _ in range(10):
        match.apply(match.legal()[0])
        worker.autosave(slot, match)
    gate.set()
    assert worker.close()
    assert written[-1] == len(match.actions) and len(written) <= 3


def test_submitting_does_not_wait_for_the_disk(home: Path) -> None:
    gate = threading.Event()
    match = play_until(new_match("hand", 4), lambda m: m.round.number >= 2)
    slot = new_slot(match, "fast")

    def stuck(state: SaveState) -> None:
        gate.wait(5)

    worker = AutosaveWorker(stuck)
    start = time.perf_counter()
    for _ in range(20):
        worker.autosave(slot, match)
    per_call = (time.perf_counter() - start) / 20
    gate.set()
    worker.close()
    assert per_call < 0.005


def test_a_failed_write_is_reported_and_the_next_one_tried(home: Path) -> None:
    calls = []

    def flaky(state: SaveState) -> None:
        calls.append(state)
        if len(calls) == 1:
            raise OSError(28, "No space left on device")

    match = new_match("classic", 2)
    slot = new_slot(match, "flaky")
    with AutosaveWorker(flaky) as worker:
        worker.autosave(slot, match)
        worker.flush(5)
        assert worker.problem is not None and "No space left" in worker.problem
        worker.autosave(slot, match)
        worker.flush(5)
        assert worker.problem is None and worker.written == 1

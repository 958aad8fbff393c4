"""Bot decisions off the frame loop: answers keyed by position, stale ones dropped."""

from __future__ import annotations

import threading

from game import actions as A
from game.view import PlayerView
from ui.table.botrunner import BotRunner


def fixed(view: PlayerView, level: str) -> A.Action:
    return A.Draw()


def no_view() -> PlayerView:
    return None  # type: ignore[return-value]


def test_an_answer_comes_back_for_its_own_position_once() -> None:
    runner = BotRunner(inline=True, chooser=fixed)
    runner.ask("bot", 7, no_view, "medium")
    assert runner.result("bot", 7) == A.Draw()
    assert runner.result("bot", 7) is None


def test_a_stale_answer_is_dropped() -> None:
    runner = BotRunner(inline=True, chooser=fixed)
    runner.ask("bot", 7, no_view, "medium")
    assert runner.result("bot", 8) is None
    assert runner.result("bot", 7) is None


def test_the_worker_thread_does_the_thinking() -> None:
    seen: list[str] = []
    gate = threading.Event()

    def slow(view: PlayerView, level: str) -> A.Action:
        seen.append(threading.current_thread().name)
        gate.wait(5)
        return A.Draw()

    runner = BotRunner(chooser=slow)
    runner.ask("bot", 1, no_view, "hard")
    assert runner.pending("bot", 1)
    assert runner.result("bot", 1) is None  # not ready: the frame loop does not wait
    gate.set()
    runner.wait("bot")
    assert runner.result("bot", 1) == A.Draw()
    assert seen and seen[0].startswith("bot")
    runner.close()

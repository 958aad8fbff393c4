"""Bot decisions off the frame loop: answers keyed by position, stale ones dropped."""

from __future__ import annotations

import threading
from collections.abc import Callable

from game import actions as A
from game.view import PlayerView
from ui.table.botrunner import THINKING_MS, BotRunner


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


def held_by(gate: threading.Event) -> Callable[[PlayerView, str], A.Action]:
    """A bot that answers only once the gate opens."""

    def slow(view: PlayerView, level: str) -> A.Action:
        gate.wait(5)
        return A.Draw()

    return slow


def test_a_decision_counts_as_thinking_only_once_it_has_taken_a_moment() -> None:
    gate = threading.Event()
    runner = BotRunner(chooser=held_by(gate))
    runner.ask("bot", 1, no_view, "expert", now=1000)
    runner.ask("bot", 1, no_view, "expert", now=1200)  # asked again each frame: still from 1000
    assert runner.pending("bot", 1)
    assert not runner.thinking("bot", 1, 1000 + THINKING_MS - 1)
    assert runner.thinking("bot", 1, 1000 + THINKING_MS)
    assert not runner.thinking("bot", 2, 1000 + THINKING_MS)  # another position's question
    gate.set()
    runner.wait("bot")
    assert not runner.thinking("bot", 1, 5000)  # answered: nothing to show
    runner.close()


def test_a_quick_or_undated_decision_never_shows_as_thinking() -> None:
    quick = BotRunner(inline=True, chooser=fixed)
    quick.ask("bot", 7, no_view, "medium", now=0)
    assert not quick.thinking("bot", 7, 10_000)
    gate = threading.Event()
    slow = BotRunner(chooser=held_by(gate))
    slow.ask("hint", 3, no_view, "hard")  # no time given
    assert slow.pending("hint", 3) and not slow.thinking("hint", 3, 10_000)
    gate.set()
    slow.close()

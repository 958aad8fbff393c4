"""Bot decisions off the frame loop: one worker thread, answers keyed by match position.

The scene asks for a decision with the position's key; when the answer comes back it
is handed out only if the key still matches, so a stale answer (the player undid,
the round ended, a new match began) is dropped. A decision counts as "thinking" for the
player only once it has taken THINKING_MS, so quick bots never flash a badge. Times are
the frame clock's milliseconds, handed in by the caller. Tests may run decisions inline.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass

from game import actions as A
from game.bots import choose
from game.view import PlayerView

Chooser = Callable[[PlayerView, str], A.Action]

THINKING_MS = 300  # a decision this old shows as thinking; quicker ones pass unnoticed


@dataclass(frozen=True, slots=True)
class _Job:
    key: Hashable
    future: Future[A.Action]
    asked: int | None  # the frame clock when it was asked, if the caller gave it


class BotRunner:
    """Runs `choose(view, level)` in a worker thread (or inline with `inline=True`)."""

    def __init__(self, inline: bool = False, chooser: Chooser = choose) -> None:
        self.inline = inline
        self.chooser = chooser
        self._pool: ThreadPoolExecutor | None = None
        self._jobs: dict[str, _Job] = {}

    def ask(
        self,
        slot: str,
        key: Hashable,
        make_view: Callable[[], PlayerView],
        level: str,
        now: int | None = None,
    ) -> None:
        """Start a decision for `slot` ("bot" or "hint") unless one for `key` is on its way.

        `make_view` runs in the worker too: building a bot's view lists its legal moves.
        `now` (the frame clock) dates the question for `thinking`.
        """
        job = self._jobs.get(slot)
        if job is not None and job.key == key:
            return
        future: Future[A.Action]
        if self.inline:
            future = Future()
            try:
                future.set_result(self._decide(make_view, level))
            except Exception as e:  # handed to the scene, which reports it
                future.set_exception(e)
        else:
            if self._pool is None:
                self._pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="bot")
            future = self._pool.submit(self._decide, make_view, level)
        self._jobs[slot] = _Job(key, future, now)

    def _decide(self, make_view: Callable[[], PlayerView], level: str) -> A.Action:
        return self.chooser(make_view(), level)

    def pending(self, slot: str, key: Hashable) -> bool:
        """True while a decision for this slot and key is being made."""
        job = self._jobs.get(slot)
        return job is not None and job.key == key and not job.future.done()

    def thinking(self, slot: str, key: Hashable, now: int) -> bool:
        """True once a decision for this slot and key has been on its way THINKING_MS."""
        job = self._jobs.get(slot)
        if job is None or job.asked is None or not self.pending(slot, key):
            return False
        return now - job.asked >= THINKING_MS

    def result(self, slot: str, key: Hashable) -> A.Action | None:
        """The finished decision for `key` (once), or None; a stale answer is thrown away.

        A bot that raised re-raises here, on the frame loop, where the scene catches it.
        """
        job = self._jobs.get(slot)
        if job is None or not job.future.done():
            return None
        del self._jobs[slot]
        if job.key != key:
            return None
        return job.future.result()

    def wait(self, slot: str, timeout: float = 10.0) -> None:
        """Block until the slot's decision is made (tests only)."""
        job = self._jobs.get(slot)
        if job is not None:
            job.future.exception(timeout=timeout)

    def cancel(self) -> None:
        """Forget every running decision."""
        self._jobs.clear()

    def close(self) -> None:
        """Stop the worker thread."""
        self._jobs.clear()
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None

"""Autosaving off the frame loop: a background thread that writes the latest state only.

The frame loop calls ``autosave`` (capture plus submit, well under a millisecond); the
thread encodes and writes, fsync included. When several states arrive while one is
being written, only the newest of each slot is written next: every written file is a
complete, consistent save, and the newest state always reaches the disk.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from pathlib import Path
from types import TracebackType

from game.match import Match

from .store import Orders, SaveState, Slot, capture, write_state

Writer = Callable[[SaveState], None]


class AutosaveWorker:
    """A background writer with a latest-wins queue per save file; flush() waits for it."""

    def __init__(self, writer: Writer = write_state) -> None:
        self._writer = writer
        self._pending: dict[Path, SaveState] = {}
        self._busy = False
        self._closed = False
        self._cond = threading.Condition()
        self.problem: str | None = None
        self.written = 0
        self._thread = threading.Thread(target=self._run, name="autosave", daemon=True)
        self._thread.start()

    def autosave(self, slot: Slot, match: Match, orders: Orders | None = None) -> None:
        """Capture the match now and have it written soon (call after every action)."""
        self.submit(capture(slot, match, orders))

    def submit(self, state: SaveState) -> None:
        """Queue a captured state; an older one of the same slot not yet written is dropped."""
        with self._cond:
            if self._closed:
                raise RuntimeError("the autosave worker is closed")
            self._pending[state.slot.path] = state
            self._cond.notify()

    def flush(self, timeout: float | None = None) -> bool:
        """Wait until everything submitted is on disk; False if the timeout passed first."""
        with self._cond:
            return self._cond.wait_for(lambda: not self._pending and not self._busy, timeout)

    def close(self, timeout: float | None = 10.0) -> bool:
        """Write what is pending and stop the thread (call when the app quits)."""
        done = self.flush(timeout)
        with self._cond:
            self._closed = True
            self._cond.notify_all()
        self._thread.join(timeout)
        return done

    def _run(self) -> None:
        while True:
            with self._cond:
                self._cond.wait_for(lambda: self._pending or self._closed)
                if not self._pending:
                    return
                path = next(iter(self._pending))
                state = self._pending.pop(path)
                self._busy = True
            self._write(state)
            with self._cond:
                self._busy = False
                self._cond.notify_all()

    def _write(self, state: SaveState) -> None:
        try:
            self._writer(state)
        except OSError as e:
            self.problem = f"The match could not be saved: {e.strerror or e}."
        except Exception as e:  # the thread must live on to write the next state
            self.problem = f"The match could not be saved ({type(e).__name__}: {e})."
        else:
            self.problem = None
            self.written += 1

    def __enter__(self) -> AutosaveWorker:
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        value: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.close()

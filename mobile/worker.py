"""The referee's calls, run off the UI thread, one at a time, in the order they were asked for.

A store may be slow to answer (another process holds SQLite's write lock; a league server is
far away or gone): the screen must keep drawing and say "recording…" meanwhile. Each call runs
on one worker thread; its result (or its exception) is handed back on Kivy's main thread by the
clock, so the widgets are only ever touched there. One thread, so calls never overlap and their
order is the order the coach tapped.
"""

from __future__ import annotations

import queue
import threading
from collections.abc import Callable
from typing import Any

from kivy.clock import Clock

Job = tuple[Callable[[], Any], Callable[[Any], None], Callable[[BaseException], None]]


class Worker:
    """One background thread for the referee's calls; results come back on the UI thread."""

    def __init__(self) -> None:
        self._jobs: queue.Queue[Job | None] = queue.Queue()
        self._running = 0  # asked for, not yet run
        self._pending = 0  # asked for, answer not yet handed to the UI
        self._lock = threading.Lock()
        self._done = threading.Condition(self._lock)
        self._thread: threading.Thread | None = None

    def submit(
        self,
        job: Callable[[], Any],
        done: Callable[[Any], None],
        failed: Callable[[BaseException], None],
    ) -> None:
        """Run ``job`` on the worker; then ``done(result)`` or ``failed(exc)`` on the UI thread."""
        with self._lock:
            self._running += 1
            self._pending += 1
            if self._thread is None or not self._thread.is_alive():
                self._thread = threading.Thread(target=self._run, name="zebra-referee", daemon=True)
                self._thread.start()
        self._jobs.put((job, done, failed))

    @property
    def busy(self) -> bool:
        """A call is queued or running, or its answer is not yet handed to the UI."""
        with self._lock:
            return self._pending > 0

    def wait(self, timeout: float = 60.0) -> bool:
        """Block until every call asked for so far has run and its answer is scheduled on the
        UI thread (for tests and scripts, which then tick the clock). False on timeout."""
        with self._done:
            return self._done.wait_for(lambda: self._running == 0, timeout)

    def stop(self) -> None:
        """Let the thread end once the calls already asked for have run."""
        if self._thread is not None:
            self._jobs.put(None)
            self._thread = None

    def _run(self) -> None:
        while True:
            item = self._jobs.get()
            if item is None:
                return
            job, done, failed = item
            try:
                result = job()
            except BaseException as exc:  # handed to the UI, which names it; never lost here
                self._hand_back(failed, exc)
            else:
                self._hand_back(done, result)
            with self._done:
                self._running -= 1
                self._done.notify_all()

    def _hand_back(self, callback: Callable[[Any], None], value: Any) -> None:
        def deliver(_dt: float) -> None:
            try:
                callback(value)
            finally:
                with self._lock:
                    self._pending -= 1

        Clock.schedule_once(deliver, 0)

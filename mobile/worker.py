"""The referee's calls, run off the UI thread, one at a time, in the order they were asked for.

A store may be slow to answer (another process holds SQLite's write lock; a league server is
far away or gone): the screen must keep drawing and say "recording…" meanwhile. Each call runs
on one worker thread; its result (or its exception) is handed back on Kivy's main thread, so
the widgets are only ever touched there. One thread, so calls never overlap and their order is
the order the coach tapped.

A tap's command may be waited for a moment (``submit(..., wait=...)``): a store that answers
within it (a local SQLite file, almost always) has its answer shown in the same frame as the
tap, drawn once; one that does not is answered later, through the clock, while frames go on.
"""

from __future__ import annotations

import queue
import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from kivy.clock import Clock


@dataclass
class _Call:
    job: Callable[[], Any]
    done: Callable[[Any], None]
    failed: Callable[[BaseException], None]
    # Set by the UI thread while it waits for this call; the worker then leaves the answer here.
    waited: bool = False
    finished: threading.Event = field(default_factory=threading.Event)
    answer: tuple[Callable[[Any], None], Any] | None = None


class Worker:
    """One background thread for the referee's calls; results come back on the UI thread."""

    def __init__(self) -> None:
        self._jobs: queue.Queue[_Call | None] = queue.Queue()
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
        *,
        wait: float = 0.0,
    ) -> None:
        """Run ``job`` on the worker; then ``done(result)`` or ``failed(exc)`` on the UI thread.

        With ``wait``, the UI thread waits that many seconds for the answer and hands it over
        at once if it came; otherwise (and always without ``wait``) it comes by the clock.
        """
        call = _Call(job, done, failed, waited=wait > 0)
        with self._lock:
            self._running += 1
            self._pending += 1
            if self._thread is None or not self._thread.is_alive():
                self._thread = threading.Thread(target=self._run, name="zebra-referee", daemon=True)
                self._thread.start()
        self._jobs.put(call)
        if wait <= 0:
            return
        call.finished.wait(wait)
        with self._lock:
            answer, call.waited = call.answer, False
        if answer is not None:
            self._deliver(*answer)

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
            call = self._jobs.get()
            if call is None:
                return
            try:
                result = call.job()
            except BaseException as exc:  # handed to the UI, which names it; never lost here
                self._hand_back(call, call.failed, exc)
            else:
                self._hand_back(call, call.done, result)
            with self._done:
                self._running -= 1
                self._done.notify_all()

    def _hand_back(self, call: _Call, callback: Callable[[Any], None], value: Any) -> None:
        with self._lock:
            if call.waited:
                # The UI thread is waiting for this very answer: it takes it.
                call.answer = (callback, value)
                call.finished.set()
                return
        Clock.schedule_once(lambda _dt: self._deliver(callback, value), 0)

    def _deliver(self, callback: Callable[[Any], None], value: Any) -> None:
        try:
            callback(value)
        finally:
            with self._lock:
                self._pending -= 1

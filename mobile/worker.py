"""The referee's calls, run off the UI thread, one at a time, in the order they were asked for.

A store may be slow to answer (another process holds SQLite's write lock; a league server is
far away or gone): the screen must keep drawing and say "recording…" meanwhile. Each call runs
on one worker thread; its result (or its exception) is handed back on Kivy's main thread, so
the widgets are only ever touched there. One thread, so calls never overlap and their order is
the order the coach tapped.

The UI thread never waits for an answer, not even a tap's: the frame after a tap shows that
it was taken (the pad's recording look, mobile/screens.py) and the answer is shown by a later
frame, through the clock, as soon as the store gives it. A tap's call is handed to the thread
only once that frame is on the screen (``submit(..., after_frame=True)``): run at once, the
store's work (Python, under the same interpreter lock, on a tablet's few cores) competed with
the very frame that says the tap was taken, and made it slower than a plain redraw.
"""

from __future__ import annotations

import queue
import threading
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from kivy.clock import Clock


@dataclass
class _Call:
    job: Callable[[], Any]
    done: Callable[[Any], None]
    failed: Callable[[BaseException], None]


class Worker:
    """One background thread for the referee's calls; results come back on the UI thread."""

    def __init__(self) -> None:
        self._jobs: queue.Queue[_Call | None] = queue.Queue()
        self._running = 0  # asked for, not yet run
        self._pending = 0  # asked for, answer not yet handed to the UI
        self._lock = threading.Lock()
        self._done = threading.Condition(self._lock)
        self._thread: threading.Thread | None = None
        # Calls asked for during a frame, handed to the thread once it is drawn (UI thread only).
        self._held: list[_Call] = []
        self._release_event: Any = None

    def submit(
        self,
        job: Callable[[], Any],
        done: Callable[[Any], None],
        failed: Callable[[BaseException], None],
        *,
        after_frame: bool = False,
    ) -> None:
        """Run ``job`` on the worker; then ``done(result)`` or ``failed(exc)`` on the UI thread,
        by the clock (the next frame after the answer came).

        With ``after_frame`` (on the UI thread) the job starts once the frame being made is on
        the screen: at the clock's next tick (at most a frame's period later on a device, where
        the clock sleeps to hold 60 frames a second). Calls run in the order they were asked
        for either way."""
        call = _Call(job, done, failed)
        with self._lock:
            self._running += 1
            self._pending += 1
            if self._thread is None or not self._thread.is_alive():
                self._thread = threading.Thread(target=self._run, name="zebra-referee", daemon=True)
                self._thread.start()
        if after_frame or self._held:
            self._held.append(call)
            if self._release_event is None:
                # At the clock's next tick, which comes after this frame is drawn and flipped.
                # (The window's on_flip is too early: its handlers run before the buffers are
                # swapped, and waking the thread there delayed the swap.)
                self._release_event = Clock.schedule_once(self._release, 0)
            return
        self._jobs.put(call)

    def _release(self, *_: Any) -> None:
        """The frame is drawn (or the clock ticked on): the calls held for it go to the thread."""
        if self._release_event is not None:
            self._release_event.cancel()
            self._release_event = None
        held, self._held = self._held, []
        for call in held:
            self._jobs.put(call)

    @property
    def busy(self) -> bool:
        """A call is queued or running, or its answer is not yet handed to the UI."""
        with self._lock:
            return self._pending > 0

    def wait(self, timeout: float = 60.0) -> bool:
        """Block until every call asked for so far has run and its answer is scheduled on the
        UI thread (for tests and scripts, which then tick the clock). False on timeout.
        Called on the UI thread: a call held for a frame is let go at once."""
        self._release()
        with self._done:
            return self._done.wait_for(lambda: self._running == 0, timeout)

    def stop(self) -> None:
        """Let the thread end once the calls already asked for have run."""
        self._release()
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
                self._hand_back(call.failed, exc)
            else:
                self._hand_back(call.done, result)
            with self._done:
                self._running -= 1
                self._done.notify_all()

    def _hand_back(self, callback: Callable[[Any], None], value: Any) -> None:
        Clock.schedule_once(lambda _dt: self._deliver(callback, value), 0)

    def _deliver(self, callback: Callable[[Any], None], value: Any) -> None:
        try:
            callback(value)
        finally:
            with self._lock:
                self._pending -= 1

"""A controller's view for tests without a window: screens shown, redraws asked for, and the view's
thread as a queue of the jobs other threads posted (what Kivy's ``Clock.schedule_once`` is in the app)."""

from __future__ import annotations

import queue
import time


class RecordingView:
    def __init__(self):
        self.screens: list[str] = []
        self.redraws = 0
        self.changes = 0
        self.jobs: queue.Queue = queue.Queue()

    def post(self, job) -> None:
        self.jobs.put(job)

    def redraw(self) -> None:
        self.redraws += 1

    def go(self, screen: str) -> None:
        self.screens.append(screen)

    def changed(self) -> None:
        self.changes += 1

    def run_jobs_until(self, done, seconds: float = 5.0) -> bool:
        """The view's main loop: run what other threads posted until ``done()`` or the time is up."""
        end = time.monotonic() + seconds
        while not done():
            try:
                self.jobs.get(timeout=max(0.0, end - time.monotonic()))()
            except queue.Empty:
                return False
        return True

"""Clocks for the table: the real monotonic clock and a simulated one.

Scanning, debouncing and the mock timing model read time only through a :class:`Clock`, so tests and the
benchmark run on :class:`SimClock` (a read "takes" 2.5 ms without sleeping) while the Pi uses real time.

>>> clock = SimClock()
>>> clock.sleep(0.002); round(clock.now(), 6)
0.002
"""

from __future__ import annotations

import time
from typing import Protocol


class Clock(Protocol):
    """What the table needs from a clock: the time in seconds and a way to let time pass."""

    def now(self) -> float: ...

    def sleep(self, seconds: float) -> None: ...


class MonotonicClock:
    """Real time (``time.monotonic``); used by the Pi backend."""

    def now(self) -> float:
        return time.monotonic()

    def sleep(self, seconds: float) -> None:
        if seconds > 0:
            time.sleep(seconds)

    def __repr__(self) -> str:
        return "MonotonicClock()"


class SimClock:
    """Simulated time: ``sleep`` and ``advance`` move it forward instantly. Never goes backwards."""

    def __init__(self, start: float = 0.0):
        self._now = float(start)

    def now(self) -> float:
        return self._now

    def sleep(self, seconds: float) -> None:
        self.advance(seconds)

    def advance(self, seconds: float) -> None:
        if seconds < 0:
            raise ValueError("a simulated clock cannot go backwards")
        self._now += seconds

    def __repr__(self) -> str:
        return f"SimClock(now={self._now:.6f})"

"""The live table: the mock backend in real time (reads take their modelled ms), the scanner in its
thread, the referee on the session's thread (``post``): a tag laid by hand changes a logged game."""

from __future__ import annotations

import contextlib
import queue
import threading
import time

import tablekit
from tablekit import HALLWAY, REFERENCE, table_session

from hauntable.table.backends.mock import MockBackend
from hauntable.table.clock import MonotonicClock
from hauntable.table.live import LiveTable

registry = tablekit.registry


def drain(jobs: queue.Queue, until, timeout: float = 5.0) -> bool:
    """Run posted jobs on this (the session's) thread until ``until()`` holds, like a UI's frame loop."""
    end = time.monotonic() + timeout
    while not until():
        if time.monotonic() > end:
            return False
        with contextlib.suppress(queue.Empty):
            jobs.get(timeout=0.01)()
    return True


def test_a_tag_laid_on_a_live_table_becomes_a_logged_placement_within_a_fraction_of_a_second(
    registry, tmp_path
):
    backend = MockBackend(REFERENCE, clock=MonotonicClock())
    session = table_session(tmp_path)  # logged: SQLite, so every input must come on this thread
    jobs: queue.Queue = queue.Queue()
    steps, messages = [], []
    with LiveTable(
        session, backend, registry, post=jobs.put, on_step=steps.append, on_message=messages.append
    ) as table:
        door = table.referee.channel  # a touch goes through the same door as the readers
        door.submit(session.game.inputs.parse("move E"), door.seq)
        time.sleep(0.05)
        laid = time.monotonic()
        backend.reader("ground:4,0").place(HALLWAY)
        assert drain(jobs, lambda: bool(steps))
        latency = time.monotonic() - laid
        assert "Creaky Hallway" in session.step.state.house and steps[-1] is session.step
        assert latency < 0.5  # expected cell: ~30 ms modelled, plus this machine's thread scheduling

        answers = []  # a roll from the tower's thread waits for this thread to judge it
        tower = threading.Thread(target=lambda: answers.append(table.on_roll([1], "tower:1")))
        tower.start()
        assert drain(jobs, lambda: bool(answers))
        tower.join()
        assert answers == [False] and messages[-1] == "No roll expected now"
        assert backend.led_state("status") and not backend.led_state("draw")  # no card: the Hallway has none
    assert table.scanner._thread is None
    backend.close()

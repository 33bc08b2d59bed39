"""The one thread hop (table/handoff.py): a device's question answered on the owner's thread, a late
answer never applied, and nothing run once the hand-off is closed."""

from __future__ import annotations

import queue
import threading

from hauntable.table.handoff import Handoff


def test_a_question_is_answered_on_the_owners_thread():
    jobs: queue.Queue = queue.Queue()
    hop = Handoff(jobs.put, timeout=5.0)
    answers, ran_on = [], []

    def device() -> None:
        answers.append(hop.ask(lambda: ran_on.append(threading.current_thread()) or "taken", "refused"))

    t = threading.Thread(target=device)
    t.start()
    jobs.get(timeout=5)()  # the owner's loop runs what was posted
    t.join(5)
    assert answers == ["taken"] and ran_on == [threading.current_thread()]


def test_a_late_answer_is_refused_to_the_device_and_never_applied():
    jobs: queue.Queue = queue.Queue()
    hop = Handoff(jobs.put, timeout=0.05)
    applied = []
    assert hop.ask(lambda: applied.append("roll") or True, False) is False  # nobody ran the loop in time
    jobs.get_nowait()()  # the owner's loop gets to it at last
    assert applied == []  # the tower was told "refused": the game must not apply it


def test_nothing_posted_runs_after_close():
    jobs: queue.Queue = queue.Queue()
    hop = Handoff(jobs.put)
    seen = []
    hop.send(lambda: seen.append("reading"))
    hop.close()
    jobs.get_nowait()()
    assert seen == [] and hop.closed
    direct = Handoff(None)  # no owner thread: run where asked
    assert direct.ask(lambda: 7, 0) == 7
    direct.close()
    assert direct.ask(lambda: 7, 0) == 0

"""The scanner: debounced events, flicker, dead readers, and expected readers read first."""

from __future__ import annotations

from tablekit import BENCH, REFERENCE

from hauntable.table.backends.mock import MockBackend
from hauntable.table.scanner import Scanner

TAG = "04:A2:5B:1C:7F:80:00"


def bench(**kw):
    backend = MockBackend(BENCH)
    return backend, Scanner(backend.readers(), backend.clock, **kw)


def test_a_tag_appears_after_k_reads_and_leaves_after_m_misses():
    backend, scanner = bench(appear_reads=3, remove_misses=2)
    backend.reader("draw").place(TAG)
    events = scanner.run_for(0.2)
    assert [str(e) for e in events] == [f"appeared draw {TAG}"]
    assert scanner.present("draw") == {TAG}
    backend.reader("draw").lift(TAG)
    assert [str(e) for e in scanner.run_for(0.2)] == [f"removed draw {TAG}"]


def test_a_flickering_tag_makes_no_event():
    backend, scanner = bench()
    backend.reader("draw").flicker(TAG, times=5)
    assert scanner.run_for(0.5) == []
    backend.reader("draw").place(TAG)
    scanner.run_for(0.2)
    backend.reader("draw").flicker(TAG, times=1)  # one missed read under a present tag
    assert scanner.run_for(0.5) == []


def test_a_dead_reader_fails_once_and_does_not_lift_its_tags():
    backend, scanner = bench()
    backend.reader("draw").place(TAG)
    scanner.run_for(0.1)
    backend.reader("draw").dead = True
    events = scanner.run_for(0.5)
    assert [e.kind for e in events] == ["failed"]
    assert "no interrupt" in events[0].detail
    assert scanner.present("draw") == {TAG}
    backend.reader("draw").dead = False
    assert [e.kind for e in scanner.run_for(0.1)] == ["recovered"]


def test_expected_readers_are_read_far_more_often():
    backend = MockBackend(REFERENCE)
    scanner = Scanner(backend.readers(), backend.clock)
    scanner.expect(["ground:4,0", "draw"])
    scanner.run_for(1.0)
    hot = backend.reader("ground:4,0").reads
    cold = backend.reader("upper:0,0").reads
    assert hot > 20 * cold


def test_an_expected_tile_is_seen_within_30_ms_and_anywhere_within_a_cycle():
    backend = MockBackend(REFERENCE)
    scanner = Scanner(backend.readers(), backend.clock)
    scanner.expect(["ground:4,0"])
    scanner.run_for(0.05)
    t0 = backend.clock.now()
    backend.reader("ground:4,0").place(TAG)
    (event,) = scanner.run_for(0.03)
    assert event.at - t0 <= 0.030
    scanner.expect(["ground:5,0"])  # the game moves on: the next doorway is expected (and empty)
    backend.reader("basement:6,6").place(TAG)
    cycle = scanner.cycle_reads * backend.empty_s
    assert scanner.run_until(lambda: scanner.present("basement:6,6"), cycle + 0.02)


def test_naive_schedule_reads_every_reader_in_turn():
    backend, scanner = bench(smart=False)
    scanner.expect(["draw"])
    for _ in range(8):
        scanner.step()
    assert [backend.reader(rd.id).reads for rd in BENCH.readers] == [2, 2, 2, 2]


def test_events_go_to_on_event_and_to_attached_devices():
    seen = []
    backend, scanner = bench(on_event=seen.append)
    backend.reader("ground:4,0").place(TAG)
    scanner.run_for(0.1)
    assert [e.kind for e in seen] == ["appeared"]


def test_the_scanner_thread_delivers_events_until_stopped():
    import threading

    backend, _ = bench()
    seen = threading.Event()
    scanner = Scanner(backend.readers(), backend.clock, on_event=lambda e: seen.set())
    backend.reader("draw").place(TAG)
    scanner.start()
    try:
        assert seen.wait(timeout=5)
    finally:
        scanner.stop()
    reads = scanner.reads
    assert scanner.reads == reads  # stopped: no more reads

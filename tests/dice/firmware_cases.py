"""Tests of the tower firmware's pure modules, written to run under CPython (pytest) and MicroPython.

MicroPython has no pytest, so these are plain functions with plain asserts, each taking a scratch
directory. ``test_dice_firmware.py`` runs them under pytest; ``mp_run.py`` runs the same functions under
the unix port (``test_dice_micropython.py`` drives it). The firmware directory and ``fakes/`` (a fake
``machine``) must be on the path; both runners arrange that.
"""

try:  # CPython (pytest imports this file too): put the firmware on the path. MicroPython: MICROPYPATH has it
    import dice_paths

    dice_paths.use_firmware()
except ImportError:
    pass

import protocol
from classifier import EMPTY, Classifier, Fault
from sensors import AnalogMux, Tray
from settle import SHOWN, STALE, Settler
from store import MemoryStore, Store
from tower import Tower

BOOT = "0badb007"


def levels(classifier, faces, wells=None):
    """The well readings of a tray showing ``faces`` (the rest empty)."""
    wells = classifier.wells if wells is None else wells
    return [classifier.table[w][faces[w] if w < len(faces) else EMPTY] for w in range(wells)]


class FakeTray:
    def __init__(self, classifier):
        self.classifier = classifier
        self.entered = 0
        self.readings = levels(classifier, ())

    def throw(self, faces):
        self.entered += len(faces)
        self.readings = levels(self.classifier, faces)

    def clear(self):
        self.readings = levels(self.classifier, ())

    def read(self):
        entered, self.entered = self.entered, 0
        return entered, list(self.readings)


class FakePort:
    def __init__(self):
        self.inbox = b""
        self.lines = []

    def read(self):
        data, self.inbox = self.inbox, b""
        return data

    def write(self, line):
        self.lines.append(line)

    def frames(self, kind=None):
        out = [protocol.decode(line) for line in self.lines]
        return [f for f in out if kind is None or f.kind == kind]

    def take(self):
        out, self.lines = self.frames(), []
        return out


def make_tower(store=None, boot=BOOT, wells=4):
    classifier = Classifier(wells)
    tray = FakeTray(classifier)
    port = FakePort()
    tower = Tower(port, tray, classifier, store or MemoryStore(), boot, "1", "9.9.9", now=0)
    return tower, tray, port


def settle_roll(tower, tray, faces, start):
    """Throw and step the tower until it has read the roll; returns the time reached."""
    tray.throw(faces)
    now = start
    for _ in range(100):
        tower.step(now)
        if tower.settler.state == SHOWN:
            return now
        now += 10
    raise AssertionError("the roll never settled")


# -- classifier


def test_classifier_reads_each_calibrated_face_and_empty(tmp):
    c = Classifier(3)
    for face in (EMPTY, 0, 1, 2):
        assert c.classify(1, c.table[1][face]) == face
        assert c.classify(1, c.table[1][face] + c.TOLERANCE - 1) == face


def test_classifier_reports_an_edge_instead_of_guessing(tmp):
    c = Classifier(3)
    between = (c.table[0][1] + c.table[0][2]) // 2
    try:
        c.classify(0, between)
    except Fault as fault:
        assert (fault.code, fault.well) == ("edge", 0)
    else:
        raise AssertionError("a reading between two faces was classified")


def test_classifier_reports_a_sensor_at_the_rails(tmp):
    c = Classifier(3)
    for reading in (0, 65535):
        try:
            c.classify(2, reading)
        except Fault as fault:
            assert fault.code == "range" and fault.args_for_frame()[0] == "well=2"
        else:
            raise AssertionError("a rail reading was classified")


def test_calibration_moves_a_face_and_round_trips_through_text(tmp):
    c = Classifier(2)
    c.calibrate(1, 2, 60000)
    assert c.classify(1, 60000) == 2
    again = Classifier(2)
    assert again.loads(c.dumps())
    assert again.table == c.table
    assert not Classifier(3).loads(c.dumps())  # a file for another tray is not used


def test_calibration_refuses_a_missing_well_or_face(tmp):
    c = Classifier(2)
    for well, face in ((5, 1), (0, 6)):
        try:
            c.calibrate(well, face, 30000)
        except Fault as fault:
            assert fault.code == "calibrate"
        else:
            raise AssertionError("bad calibration accepted")


def test_d6_mode_reads_one_to_six(tmp):
    c = Classifier(2, "d6")
    assert [c.classify(0, c.table[0][f]) for f in range(1, 7)] == [1, 2, 3, 4, 5, 6]


# -- settle


def test_settle_waits_until_readings_hold_still(tmp):
    c = Classifier(4)
    s = Settler(c)
    shown = levels(c, (2, 0, 1))
    assert s.feed(0, 3, [r + 1500 for r in shown]) is None
    assert s.feed(10, 0, [r - 1500 for r in shown]) is None  # still rocking
    assert s.feed(20, 0, shown) is None
    assert s.feed(20 + s.SETTLE_MS - 10, 0, shown) is None
    assert s.feed(20 + s.SETTLE_MS, 0, shown) == ("roll", (2, 0, 1))
    assert s.feed(1000, 0, shown) is None  # reported once


def test_five_dice_falling_together_past_the_beam_are_one_roll(tmp):
    """Dice that fall together break the beam once or twice for five: the wells decide, not the count."""
    c = Classifier(8)
    s = Settler(c)
    shown = levels(c, (2, 0, 1, 1, 2))
    results = [s.feed(t, 1 if t in (0, 10) else 0, shown) for t in range(0, 1000, 10)]
    assert [r for r in results if r is not None] == [("roll", (2, 0, 1, 1, 2))]


def test_a_bounce_that_breaks_the_beam_twice_is_still_one_roll(tmp):
    c = Classifier(4)
    s = Settler(c)
    shown = levels(c, (1, 1))
    results = [s.feed(t, 2 if t == 0 else 0, shown) for t in range(0, 5000, 50)]
    assert [r for r in results if r is not None] == [("roll", (1, 1))]


def test_a_die_stuck_in_the_beam_is_a_jam_reported_once(tmp):
    c = Classifier(4)
    s = Settler(c)
    empty = levels(c, ())
    results = [s.feed(t, 1 if t == 0 else 0, empty, True) for t in range(0, 20000, 50)]
    faults = [r[1] for r in results if r is not None]
    assert [f.code for f in faults] == ["jam"]  # not again every few seconds
    assert s.feed(20000, 0, empty, False) is None  # unblocked: nothing to say, and no roll of nothing
    assert s.feed(25000, 0, empty, False) is None and s.state == "idle"


def test_a_beam_break_with_no_die_landing_is_forgotten(tmp):
    c = Classifier(4)
    s = Settler(c)
    empty = levels(c, ())
    results = [s.feed(t, 1 if t == 0 else 0, empty) for t in range(0, 10000, 50)]
    assert [r for r in results if r is not None] == [] and s.state == "idle"


def test_settle_reports_more_dice_than_wells(tmp):
    s = Settler(Classifier(2))
    result = s.feed(0, 3, levels(s.classifier, ()))
    assert result[0] == "fault" and result[1].code == "overflow"


def test_settle_reports_a_die_on_its_edge_once_it_lies_still(tmp):
    c = Classifier(2)
    s = Settler(c)
    shown = levels(c, (1, 1))
    shown[1] = (c.table[1][1] + c.table[1][2]) // 2
    results = [s.feed(t, 2 if t == 0 else 0, shown) for t in range(0, 20000, 50)]
    faults = [(t * 50, r[1]) for t, r in enumerate(results) if r is not None]
    assert [(f.code, f.well) for _t, f in faults] == [("edge", 1)]  # once, not every five seconds
    assert faults[0][0] <= s.SETTLE_MS + 50


def test_dice_in_the_tray_at_boot_are_stale_until_cleared(tmp):
    c = Classifier(3)
    s = Settler(c)
    result = s.feed(0, 0, levels(c, (1, 2)))
    assert result[0] == "fault" and result[1].code == "stale" and s.state == STALE
    assert s.feed(500, 0, levels(c, (1, 2))) is None  # never reported as a roll
    s.feed(600, 0, levels(c, ()))
    s.feed(700, 2, levels(c, (0, 0)))
    assert s.feed(700 + s.SETTLE_MS, 0, levels(c, (0, 0))) == ("roll", (0, 0))


# -- sensors


class FakePin:
    def __init__(self, value=1):
        self.v = value
        self.handler = None
        self.writes = []

    def value(self, v=None):
        if v is None:
            return self.v
        self.writes.append(v)
        self.v = v

    def irq(self, trigger=None, handler=None):
        self.handler = handler


def test_tray_counts_beam_breaks_by_polling(tmp):
    beam = FakePin(1)
    tray = Tray(2, lambda n: 100 * n + 5000, beam)
    for v in (0, 0, 1, 0, 1):
        beam.v = v
        tray.poll()
    assert tray.read() == (2, [5000, 5100])
    assert tray.read()[0] == 0
    assert not tray.blocked()
    beam.v = 0
    assert tray.blocked()  # what the settler's jam check asks


def test_tray_counts_beam_breaks_in_the_interrupt(tmp):
    beam = FakePin(1)
    tray = Tray(1, lambda n: 5000, beam, irq_trigger=4)
    beam.handler(beam)
    beam.handler(beam)
    assert tray.read()[0] == 2
    beam.handler(beam)  # a break that lands between two reads is not lost
    assert tray.read()[0] == 1


def test_mux_sets_select_lines_lsb_first(tmp):
    pins = [FakePin(0), FakePin(0), FakePin(0)]

    class Adc:
        def read_u16(self):
            return pins[0].v + 2 * pins[1].v + 4 * pins[2].v

    mux = AnalogMux(Adc(), pins)
    assert [mux.channel(n) for n in range(8)] == list(range(8))


# -- store


def test_store_keeps_pending_rolls_and_skips_a_damaged_line(tmp):
    store = Store(tmp)
    frames = [protocol.decode(protocol.roll(s, BOOT, "betrayal", (1, s % 3))) for s in (1, 2)]
    store.save_pending(frames)
    assert store.load_pending() == frames
    text = store.read("pending.txt")
    store.write("pending.txt", text.replace("1,1", "1,2", 1))  # a bit flipped in flash
    assert store.load_pending() == frames[1:]


# -- the tower loop


def test_tower_says_hello_at_boot(tmp):
    _tower, _tray, port = make_tower()
    (hello,) = port.take()
    fields = hello.fields()
    assert hello.kind == "HELLO" and hello.boot == BOOT
    assert (fields["role"], fields["id"], fields["fw"], fields["wells"]) == ("tower", "1", "9.9.9", "4")
    assert fields["proto"] == str(protocol.PROTO_VERSION)


def test_tower_sends_a_roll_and_resends_it_until_acked(tmp):
    tower, tray, port = make_tower()
    port.take()
    now = settle_roll(tower, tray, (2, 1, 0), 0)
    (roll,) = port.take()
    assert (roll.kind, roll.seq, roll.boot, roll.args) == ("ROLL", 1, BOOT, ("betrayal", "3", "2,1,0"))
    tower.step(now + tower.RESEND_MS - 1)
    assert port.take() == []
    tower.step(now + tower.RESEND_MS)
    assert port.take() == [roll] and tower.counters["resends"] == 1
    port.inbox = protocol.ack(1, BOOT, "taken")
    tower.step(now + tower.RESEND_MS + 1)
    tower.step(now + 5 * tower.RESEND_MS)
    assert tower.pending == [] and [f for f in port.take() if f.kind == "ROLL"] == []


def test_tower_sends_rolls_one_at_a_time_in_order(tmp):
    tower, tray, port = make_tower()
    now = settle_roll(tower, tray, (1,), 0)
    tray.clear()
    tower.step(now + 10)
    now = settle_roll(tower, tray, (2, 2), now + 20)
    assert [f.seq for f in port.take() if f.kind == "ROLL"] == [1]  # the second waits for the first ACK
    port.inbox = protocol.ack(1, BOOT, "refused")
    tower.step(now + 1)
    assert [(f.seq, f.args[2]) for f in port.take() if f.kind == "ROLL"] == [(2, "2,2")]


def test_tower_ignores_an_ack_for_another_roll_or_boot(tmp):
    tower, tray, port = make_tower()
    now = settle_roll(tower, tray, (1,), 0)
    port.inbox = protocol.ack(1, "ffffffff", "taken") + protocol.ack(2, BOOT, "taken")
    tower.step(now + 1)
    assert len(tower.pending) == 1 and tower.counters["stale_acks"] == 2


def test_tower_resends_at_once_on_nak_and_host_hello(tmp):
    tower, tray, port = make_tower()
    now = settle_roll(tower, tray, (0, 0), 0)
    port.take()
    port.inbox = protocol.nak(1, BOOT, "crc")
    tower.step(now + 1)
    assert [f.kind for f in port.take()] == ["ROLL"]
    port.inbox = protocol.hello_host()
    tower.step(now + 2)
    assert [f.kind for f in port.take()] == ["HELLO", "ROLL"]


def test_tower_naks_a_damaged_line_and_counts_it(tmp):
    tower, _tray, port = make_tower()
    port.take()
    port.inbox = b"ACK 1 0badb007 taken*0000\n"
    tower.step(1)
    (nak,) = port.take()
    assert nak.kind == "NAK" and nak.args == ("crc",) and tower.counters["bad"] == 1


def test_tower_ignores_its_own_hello_echoed_back(tmp):
    tower, _tray, port = make_tower()
    port.inbox = port.lines[0]
    port.take()
    tower.step(1)
    assert port.take() == []


def test_tower_heartbeats_when_idle_and_answers_a_poke(tmp):
    tower, _tray, port = make_tower()
    port.take()
    tower.step(tower.HEARTBEAT_MS - 1)
    assert port.take() == []
    tower.step(tower.HEARTBEAT_MS)
    (status,) = port.take()
    assert status.kind == "STATUS" and status.fields()["pending"] == "0"
    port.inbox = protocol.encode("STATUS", 0, BOOT)
    tower.step(tower.HEARTBEAT_MS + 5)
    assert [f.kind for f in port.take()] == ["STATUS"]


def test_tower_slows_its_resends_after_a_while(tmp):
    tower, tray, port = make_tower()
    now = settle_roll(tower, tray, (1,), 0)
    sent = []
    for t in range(now, now + 10000, 10):
        tower.step(t)
        sent += [t for f in port.take() if f.kind == "ROLL"]
    fast = sent[: tower.FAST_RESENDS]
    assert all(b - a == tower.RESEND_MS for a, b in zip(fast, fast[1:]))  # noqa: B905, RUF007 - MicroPython
    assert sent[-1] - sent[-2] == tower.SLOW_RESEND_MS


def test_a_roll_survives_a_reset_with_its_identity(tmp):
    store = MemoryStore()
    tower, tray, port = make_tower(store)
    settle_roll(tower, tray, (2, 2, 1), 0)
    (roll,) = [f for f in port.take() if f.kind == "ROLL"]
    again, _tray2, port2 = make_tower(store, boot="c0ffee00")  # reboot: a new boot id, same flash
    again.step(0)
    assert [f.kind for f in port2.frames()][:2] == ["HELLO", "ROLL"]
    assert port2.frames("ROLL")[0] == roll  # the old boot id and seq, not renumbered
    port2.inbox = protocol.ack(roll.seq, roll.boot, "taken")
    again.step(1)
    assert again.pending == [] and store.load_pending() == []


def test_tower_refuses_a_roll_when_its_buffer_is_full(tmp):
    tower, tray, port = make_tower()
    now = 0
    for _ in range(tower.MAX_PENDING + 1):
        now = settle_roll(tower, tray, (1,), now) + 10
        tray.clear()
        tower.step(now)
        now += 10
    errors = port.frames("ERROR")
    assert len(tower.pending) == tower.MAX_PENDING and [e.args[0] for e in errors] == ["full"]


def test_calibrate_stores_the_current_reading(tmp):
    store = MemoryStore()
    tower, tray, port = make_tower(store)
    tray.readings[2] = 60000
    tower.step(0)
    port.take()
    port.inbox = protocol.calibrate(5, BOOT, 2, 2)
    tower.step(1)
    assert [(f.kind, f.seq, f.args) for f in port.take()] == [("ACK", 5, ("ok",))]
    assert tower.classifier.table[2][2] == 60000 and "2:60000" in store.read("calibration.txt")
    port.inbox = protocol.calibrate(6, BOOT, 9, 2)
    tower.step(2)
    (error,) = port.take()
    assert (error.kind, error.seq, error.args[0]) == ("ERROR", 6, "calibrate")


def test_main_wires_pins_and_reports_a_roll(tmp):
    import machine
    import main

    port = FakePort()
    with open("/dev/null", "rb") as null_in, open("/dev/null", "wb") as null_out:
        tower = main.build(null_in, null_out, root=tmp, now=0, diff=lambda a, b: a - b)
    tower.port = port
    mux_pins = [machine.PINS[p] for p in main.SELECT_PINS]
    faces = (2, 0, 1)
    table = tower.classifier.table

    def reading():
        well = sum(p.value() << i for i, p in enumerate(mux_pins))
        return table[well][faces[well] if well < len(faces) else EMPTY]

    machine.ADCS[main.ADC_PIN].reader = reading
    beam = machine.PINS[main.BEAM_PIN]
    for _ in faces:
        beam.drive_low()
        beam.drive_high()
    for t in range(0, 1000, 10):
        tower.step(t)
    rolls = port.frames("ROLL")
    assert rolls and rolls[0].args == ("betrayal", "3", "2,0,1")


def test_main_run_reports_a_crashed_pass_and_keeps_going(tmp):
    import main

    class Boom(Exception):
        pass

    class Leave(BaseException):  # not an Exception: the loop must not swallow it
        pass

    port = FakePort()
    steps = []

    class Tower:
        def step(self, now):
            steps.append(now)
            if len(steps) == 1:
                raise Boom()
            if len(steps) == 3:
                raise Leave()

        def report(self, fault):
            port.lines.append(protocol.error(0, BOOT, fault.code, *fault.args_for_frame()))

    try:  # noqa: SIM105 - no contextlib on MicroPython
        main.run(Tower(), ticks_ms=lambda: len(steps), sleep_ms=lambda ms: None)
    except Leave:
        pass
    assert steps == [0, 1, 2]
    assert [(f.kind, f.args) for f in port.frames()] == [("ERROR", ("internal", "Boom"))]


CASES = [(name, fn) for name, fn in sorted(globals().items()) if name.startswith("test_") and callable(fn)]

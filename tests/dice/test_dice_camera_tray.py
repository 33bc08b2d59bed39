"""The camera tower's tray over time, inside the firmware's own Tower loop: a throw is read once when it
settles, dice taken out are no new roll, an unreadable die is asked again, faults are not repeated."""

from __future__ import annotations

import pytest

np = pytest.importorskip("numpy")
pytest.importorskip("cv2")

import dice_paths  # noqa: E402

dice_paths.use_firmware()

import protocol  # noqa: E402
from store import MemoryStore  # noqa: E402
from tower import Tower  # noqa: E402

from hauntable.table.dice_camera.render import Build, Die, Scene, calibration_scene, empty_scene, render  # noqa: E402
from hauntable.table.dice_camera.watch import IDLE, SHOWN, CameraTray  # noqa: E402

BUILD = Build(side=50, seed=5)


class HandCamera:
    """A camera a test points at scenes (each drawn once: still dice give the same frame again)."""

    def __init__(self, seed=1):
        self.rng = np.random.default_rng(seed)
        self.scene = empty_scene()
        self._pair = None
        self.darks = 0

    def show(self, scene):
        self.scene = scene
        self._pair = None

    def preview(self):
        if self._pair is None:
            self._pair = render(self.scene, BUILD, self.rng)
        return self._pair[0]

    def dark(self):
        self.darks += 1
        return self._pair[1]


class Port:
    def __init__(self):
        self.inbox, self.lines = b"", []

    def read(self):
        data, self.inbox = self.inbox, b""
        return data

    def write(self, line):
        self.lines.append(line)

    def take(self, kind=None):
        """The frames of ``kind`` written so far (all when None), removed; the others stay."""
        frames = [protocol.decode(x) for x in self.lines]
        out = [f for f in frames if kind is None or f.kind == kind]
        self.lines = [x for x, f in zip(self.lines, frames, strict=True) if f not in out]
        return out


@pytest.fixture
def rig(tmp_path):
    camera = HandCamera()
    tray = CameraTray(camera, tmp_path)
    port = Port()
    tower = Tower(port, tray, tray, MemoryStore(), "0badcafe", "1", "t", now=0, settler=tray)
    rig = Rig(camera, tray, port, tower)
    rig.run(300)
    assert [f.args[0] for f in port.take(protocol.ERROR)] == ["uncalibrated"]
    rig.calibrate("empty")
    rig.camera.show(calibration_scene(np.random.default_rng(2), BUILD))
    rig.run(300)
    rig.port.take()
    rig.calibrate("dice")
    rig.camera.show(empty_scene())
    rig.run(300)
    assert rig.port.take(protocol.ROLL) == []  # the calibration throw is no roll
    rig.port.take()
    return rig


class Rig:
    def __init__(self, camera, tray, port, tower):
        self.camera, self.tray, self.port, self.tower = camera, tray, port, tower
        self.now = 0

    def run(self, ms, step=20):
        for _ in range(ms // step):
            self.now += step
            self.tower.step(self.now)

    def calibrate(self, step):
        self.port.inbox = protocol.calibrate_step(1, "0badcafe", step)
        self.run(40)
        acks = self.port.take(protocol.ACK)
        assert acks and acks[-1].args[0] == "ok", step
        return acks[-1].args[1:]

    def throw(self, *dice):
        self.camera.show(Scene(tuple(dice)))

    def rolls(self):
        """The rolls sent since the last look, each acknowledged as the table would."""
        rolls = self.port.take(protocol.ROLL)
        if rolls:
            self.port.inbox = protocol.ack(rolls[-1].seq, rolls[-1].boot, "taken")
            self.run(40)
        return [(f.args[2], f.seq) for f in rolls]


def d(face, x, y, kind="betrayal", **kw):
    return Die(kind, face, x, y, 15, **kw)


def test_a_settled_throw_is_one_roll_and_taking_the_dice_out_is_none(rig):
    rig.throw(d(2, 150, 150), d(0, 300, 300), d(1, 450, 200))
    rig.run(100)
    assert rig.rolls() == []  # not yet settled
    rig.run(300)
    rolls = rig.rolls()
    assert rolls[0] == ("2,0,1", 1)  # faces left to right across the tray
    assert rig.tray.state == SHOWN
    rig.throw(d(0, 300, 300), d(1, 450, 200))  # one die taken out
    rig.run(400)
    rig.throw()
    rig.run(400)
    assert rig.rolls() == [] and rig.tray.state == IDLE
    assert rig.port.take(protocol.ERROR) == []


def test_an_unreadable_die_is_asked_again_then_the_whole_tray_read(rig):
    rig.throw(d(2, 150, 150), d(None, 450, 350, tilt=35))
    rig.run(400)
    errors = rig.port.take(protocol.ERROR)
    assert [e.args[0] for e in errors] == ["rethrow"]
    assert "again=front-right" in errors[0].args[1] and "dice=2" in errors[0].args[1]
    rig.run(2000)
    assert rig.port.take(protocol.ERROR) == [] and rig.rolls() == []  # said once, never on a timer
    rig.throw(d(2, 150, 150), d(1, 400, 330))  # the cocked die thrown again
    rig.run(400)
    assert rig.rolls()[0][0] == "2,1"


def test_dice_added_to_a_shown_roll_are_not_a_roll(rig):
    rig.throw(d(1, 200, 200))
    rig.run(400)
    assert rig.rolls()
    rig.throw(d(1, 200, 200), d(2, 400, 300), d(0, 300, 120))
    rig.run(400)
    assert rig.rolls() == []
    assert [e.args[0] for e in rig.port.take(protocol.ERROR)] == ["clear"]


def test_d6_in_a_betrayal_tower_are_not_delivered(rig):
    rig.throw(d(4, 200, 200, kind="d6"), d(1, 400, 300))
    rig.run(400)
    assert rig.rolls() == []
    assert [e.args[0] for e in rig.port.take(protocol.ERROR)] == ["kind"]


def test_the_health_check_reports_light_hall_focus_and_dice(rig):
    fields = dict(t.split("=") for t in rig.calibrate("check"))
    assert set(fields) == {"light", "hall", "focus", "glare", "dice"}
    assert 0.9 < float(fields["light"]) < 1.1 and fields["dice"] == "0"


def test_calibration_is_kept_across_a_restart(rig, tmp_path):
    store = MemoryStore()
    store.write("calibration.txt", rig.tray.dumps())
    tray = CameraTray(rig.camera, tmp_path)
    Tower(Port(), tray, tray, store, "0badcafe", "1", "t", settler=tray)
    assert tray.cal is not None and abs(tray.cal.side - rig.tray.cal.side) < 1e-6


def test_dice_lying_there_at_boot_are_stale_until_cleared(rig, tmp_path):
    rig.throw(d(1, 200, 200))
    store = MemoryStore()
    store.write("calibration.txt", rig.tray.dumps())
    tray = CameraTray(rig.camera, tmp_path)
    port = Port()
    tower = Tower(port, tray, tray, store, "0badcafe", "1", "t", settler=tray)
    for now in range(20, 600, 20):
        tower.step(now)
    assert [e.args[0] for e in port.take(protocol.ERROR)] == ["stale"]
    assert port.take(protocol.ROLL) == []


def test_an_operator_calibrating_at_once_after_boot_gets_no_roll_of_the_calibration_dice(tmp_path):
    camera = HandCamera()
    tray = CameraTray(camera, tmp_path)
    port = Port()
    tower = Tower(port, tray, tray, MemoryStore(), "0badcafe", "1", "t", now=0, settler=tray)
    rig = Rig(camera, tray, port, tower)
    rig.run(40)  # before the boot look has settled
    rig.calibrate("empty")
    camera.show(calibration_scene(np.random.default_rng(2), BUILD))
    rig.run(40)
    rig.calibrate("dice")
    rig.run(600)
    assert rig.port.take(protocol.ROLL) == []


def test_an_auto_tower_reports_the_kind_it_read_and_refuses_a_mixed_throw(rig):
    rig.tray.wanted = "auto"
    rig.throw(d(4, 200, 200, kind="d6"), d(6, 400, 300, kind="d6"))
    rig.run(400)
    frames = rig.port.take(protocol.ROLL)
    assert [(f.args[0], f.args[2]) for f in frames][:1] == [("d6", "4,6")]
    rig.port.inbox = protocol.ack(frames[0].seq, frames[0].boot, "taken")
    rig.run(40)
    rig.throw()
    rig.run(400)
    rig.throw(d(4, 200, 200, kind="d6"), d(1, 400, 300))
    rig.run(400)
    assert rig.rolls() == []
    assert [e.args[0] for e in rig.port.take(protocol.ERROR)] == ["kind"]

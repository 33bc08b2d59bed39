"""Images in, roll inputs in the game log out: the camera tower's real service in a subprocess looks at
generated frames, the host opens its pty with ``DiceTower``, and a Betrayal session takes the rolls."""

from __future__ import annotations

import queue
import time

import pytest

pytest.importorskip("numpy")
pytest.importorskip("cv2")

import contextlib

from gamekit import arrange, start
from hauntable.engine.prompts import RollDice
from hauntable.gamelog.store import GameLog
from hauntable.games.betrayal import GAME
from hauntable.session import Session
from hauntable.table.dice_camera.render import Die, Scene, empty_scene
from hauntable.table.dice_camera.simulated import SimulatedCameraTower
from hauntable.table.dice_link.link import LinkState
from hauntable.table.dice_link.rolls import submit_to
from hauntable.ui.tower import AppTower, fault_text


class MainLoop:
    """The test thread as the app's main loop: the tower's I/O thread posts, ``run`` does the posted work
    (the Session and its SQLite log belong to this thread, as they belong to Kivy's in the app)."""

    def __init__(self):
        self.todo: queue.Queue = queue.Queue()

    def post(self, fn):
        self.todo.put(fn)

    def run(self, seconds: float, done=lambda: False) -> bool:
        end = time.monotonic() + seconds
        while time.monotonic() < end and not done():
            with contextlib.suppress(queue.Empty):
                self.todo.get(timeout=0.01)()
        return done()


@pytest.fixture
def table(tmp_path):
    step = arrange(start("zoe", "ox", "vivian", today="11-05"), rooms={"Chasm": ("ground", 1, 0, 0)})
    log = GameLog(tmp_path / "table.sqlite3")
    session = Session(GAME, step, log, log.new_game(GAME.name, {"arranged": True}))
    cam = SimulatedCameraTower(tmp_path / "cam", settle_ms=150)
    loop, faults, states = MainLoop(), [], []
    app = AppTower(cam.path, submit_to(session), loop.post, states.append, on_fault=faults.append)
    tower = app.tower
    assert loop.run(10, lambda: states and states[-1] is LinkState.READY)
    loop.run(0.3)
    assert [f.code for f in faults] == ["uncalibrated"]  # a new tower says so until it is calibrated
    details = cam.calibrate(tower)
    assert details["dice"] == "8"
    faults.clear()
    yield session, cam, tower, faults, log, loop
    app.close()
    cam.close()
    log.close()


def four(*faces, tilt_last=False):
    spots = ((150, 150), (300, 330), (460, 180), (520, 380))
    dice = [Die("betrayal", f, x, y, 20 * i) for i, (f, (x, y)) in enumerate(zip(faces, spots, strict=False))]
    if tilt_last:  # the fourth die leans against the tray's wall
        dice.append(Die("betrayal", None, *spots[3], 10, tilt=38, side_face=2))
    return Scene(tuple(dice), ambient=0.3, shadow=(320.0, 240.0, 0.5))


def test_thrown_dice_become_the_logged_roll_and_a_cocked_die_is_asked_again(table):
    session, cam, tower, faults, log, loop = table
    session.submit(GAME.inputs.parse("move E"))
    session.submit(GAME.inputs.parse("cross"))
    assert isinstance(session.step.awaiting, RollDice) and session.step.awaiting.dice == 4
    cam.throw(four(2, 1, 0, tilt_last=True))
    assert loop.run(5, lambda: faults)
    assert [f.code for f in faults] == ["rethrow"]
    assert fault_text(faults[0]) == "Throw again the die at the front right: the tower could not read it"
    assert faults[0].sentence == "Throw again the die at the front right: it could not be read."
    loop.run(0.5)
    assert tower.wait_for_roll(timeout=0) is None  # nothing guessed, nothing delivered
    assert isinstance(session.step.awaiting, RollDice)
    cam.throw(four(2, 1, 0, 2))  # that die thrown again lands flat on a 2
    loop.run(5, lambda: not isinstance(session.step.awaiting, RollDice))
    roll = tower.wait_for_roll(timeout=1)
    assert roll is not None and roll.taken and sorted(roll.faces) == [0, 1, 2, 2]
    logged = [r.payload for r in log.inputs(session.game_id) if r.payload.get("kind") == "roll"]
    assert logged[-1]["source"] == roll.source and sorted(logged[-1]["faces"]) == [0, 1, 2, 2]
    assert roll.source.startswith("tower:1#")
    cam.throw(empty_scene())  # the players take the dice out: no roll
    loop.run(0.5)
    assert tower.wait_for_roll(timeout=0) is None


def test_the_health_check_answers_over_the_link(table):
    tower = table[2]
    ok, fields = tower.calibrate_step("check")
    assert ok and 0.9 < float(fields["light"]) < 1.1 and fields["dice"] == "0"

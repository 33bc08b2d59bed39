"""The table app with a camera dice tower (its real service on a pty, looking at generated frames): a
cocked die makes the dice pad ask for that die again, the re-thrown roll is taken and logged, and a tray
holding more dice than the game asked for is refused with a sentence saying so."""

from __future__ import annotations

import pytest

pytest.importorskip("numpy")
pytest.importorskip("cv2")

from test_ui_appliance import logged_game_at_a_roll, until

from hauntable.gamelog.store import GameLog
from hauntable.table.dice_camera.render import Die, Scene
from hauntable.table.dice_camera.simulated import SimulatedCameraTower

SPOTS = ((110, 120), (250, 110), (400, 120), (540, 130), (120, 360), (260, 380), (400, 370), (530, 380))


def throw(n: int, face: int = 1, cocked: bool = False) -> Scene:
    dice = [Die("betrayal", face, x, y, 17 * i) for i, (x, y) in enumerate(SPOTS[:n])]
    if cocked:  # the last die leans against the tray's wall, front right
        dice[-1] = Die("betrayal", None, 530, 380, 8, tilt=35, side_face=2)
    return Scene(tuple(dice), ambient=0.3)


def test_a_cocked_die_is_asked_again_on_the_dice_pad_then_the_roll_is_taken(make_app, tmp_path):
    with (
        GameLog(tmp_path / "table.sqlite3") as log,
        SimulatedCameraTower(tmp_path / "cam", settle_ms=120) as cam,
    ):
        dice, seq = logged_game_at_a_roll(log)
        assert 1 <= dice <= 7
        h = make_app(log=log, tower_port=cam.path)
        h.tap_text("Resume this game")
        assert until(h, lambda: h.app.controller.tower_state == "ready"), (
            cam._proc.poll(),
            h.app.controller.tower_state,
        )
        cam.calibrate(h.app.controller.tower.tower)
        h.app.controller.tower_fault = ""  # "not calibrated" was shown until now
        cam.throw(throw(dice + 1))
        want = (
            f"The game asks for {dice} dice and the tray holds {dice + 1}: take them all out and throw {dice}"
        )
        assert until(h, lambda: want in h.texts()), h.texts()
        assert h.app.controller.channel.seq == seq
        cam.clear()
        cam.throw(throw(dice, cocked=True))
        want = "Throw again the die at the front right: the tower could not read it"
        assert until(h, lambda: want in h.texts()), h.texts()
        h.screenshot(str(tmp_path.parent / "dice-camera-rethrow.png"))
        assert h.app.controller.channel.seq == seq  # nothing guessed
        cam.throw(throw(dice))  # thrown again, it lands flat
        assert until(h, lambda: h.app.controller.channel.seq == seq + 1)
        h.frames(3)
        assert want not in h.texts() and "Dice tower ready (tower:1)" in h.texts()
        last = log.inputs(h.app.controller.channel.session.game_id)[-1]
        assert last.source == "tower" and last.payload["faces"] == [1] * dice


def test_the_operator_calibrates_the_camera_tower_from_the_admin_menu_in_seconds(make_app, tmp_path):
    import time

    from hauntable.table.dice_camera.render import calibration_scene

    with SimulatedCameraTower(tmp_path / "cam", settle_ms=120) as cam:
        h = make_app(tower_port=cam.path)
        started = time.monotonic()
        h.app.go("admin")
        h.frames(3)
        for d in "1234":
            h.tap_text(d)
        h.tap_text("OK")
        h.tap_text("Dice tower: calibrate and check")
        assert until(h, lambda: "link ready" in h.texts()), h.texts()
        h.tap_text("1. The tray is empty")
        assert until(h, lambda: "Empty tray kept" in h.texts()), h.texts()
        cam.throw(calibration_scene(cam.rng, cam.build))
        h.frames(10)
        h.tap_text("2. The dice are thrown")
        assert until(h, lambda: "Calibrated: 8 dice read" in h.texts()), h.texts()
        h.tap_text("Check the reader")
        assert until(h, lambda: "The reader is" in h.texts()), h.texts()
        h.screenshot(str(tmp_path.parent / "dice-camera-calibrated.png"))
        assert "The reader is healthy: light " in h.texts() and "8 dice in the tray" in h.texts()
        assert time.monotonic() - started < 60
        h.tap_text("< Back")
        assert h.app.root.get_screen("admin").dice.own is None  # the page's own port is closed again

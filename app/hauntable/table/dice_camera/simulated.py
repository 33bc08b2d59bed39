"""The camera tower's real service in a subprocess, looking at generated pictures: tests and the bench.

``SimulatedCameraTower`` starts ``service.py`` with ``--camera folder:DIR`` and a pty at :attr:`path`; the
host opens that path with ``DiceTower`` exactly as it opens a real tower. ``throw(scene)`` draws the scene
(``render.py``) and puts the frame pair before the camera; ``calibrate(tower)`` does what the operator
does from the admin menu: the empty tray, then the tower's dice thrown apart.
"""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import numpy as np

from hauntable.table.dice_camera.camera import show
from hauntable.table.dice_camera.render import Build, Scene, calibration_scene, empty_scene, render


class SimulatedCameraTower:
    def __init__(
        self,
        workdir: str | Path | None = None,
        *,
        build: Build | None = None,
        seed: int = 1,
        settle_ms: int = 200,
        tower_id: str = "1",
        mode: str = "betrayal",
        dark_ms: int = 0,
    ):
        self._own = workdir is None
        self.workdir = Path(tempfile.mkdtemp(prefix="dice-cam-") if workdir is None else workdir)
        self.frames = self.workdir / "camera"
        self.state = self.workdir / "state"
        self.frames.mkdir(parents=True, exist_ok=True)
        self.path = str(self.workdir / "ttyCAMERA")
        self.build = build or Build()
        self.settle_ms = settle_ms
        self.rng = np.random.default_rng(seed)
        self.shown_at: float | None = None  # time.monotonic() when the last frame pair was put in place
        self.throw(empty_scene())
        argv = [
            sys.executable,
            "-m",
            "hauntable.table.dice_camera.service",
            "--camera",
            f"folder:{self.frames}",
        ]
        argv += ["--state", str(self.state), "--pty", self.path, "--settle-ms", str(settle_ms)]
        argv += ["--id", tower_id, "--mode", mode, "--dark-ms", str(dark_ms)]
        self._proc = subprocess.Popen(argv, stderr=subprocess.PIPE, start_new_session=True)
        end = time.monotonic() + 20
        while not os.path.exists(self.path):
            if self._proc.poll() is not None or time.monotonic() > end:
                err = self._proc.stderr.read().decode() if self._proc.stderr is not None else ""
                raise RuntimeError(f"camera tower did not start: {err[-2000:]}")
            time.sleep(0.02)

    def throw(self, scene: Scene) -> tuple[np.ndarray, np.ndarray]:
        """The dice of ``scene`` come to rest in the tray (the picture changes at once, as a camera sees)."""
        pair = self.draw(scene)
        self.put(pair)
        return pair

    def draw(self, scene: Scene) -> tuple[np.ndarray, np.ndarray]:
        """The frame pair the camera would take of ``scene`` (drawing takes tens of ms: do it ahead)."""
        return render(scene, self.build, self.rng)

    def put(self, pair: tuple[np.ndarray, np.ndarray]) -> None:
        """Put a drawn pair before the camera now; :attr:`shown_at` says when."""
        show(self.frames, *pair)
        self.shown_at = time.monotonic()

    def calibrate(self, tower) -> dict[str, str]:
        """The admin menu's two steps; returns the dice step's details. Raises AssertionError if refused."""
        self.throw(empty_scene())
        time.sleep(0.1)
        ok, empty = tower.calibrate_step("empty")
        assert ok, empty
        self.throw(calibration_scene(self.rng, self.build))
        time.sleep(0.1)
        ok, dice = tower.calibrate_step("dice")
        assert ok, dice
        self.clear()  # the operator takes the dice out
        return dice

    def clear(self) -> None:
        """The players take every die out, and the tray lies still and empty long enough to be seen so."""
        self.throw(empty_scene())
        time.sleep(0.2 + 3 * self.settle_ms / 1000)

    def last_read(self) -> Path:
        return self.state / "last-read.png"

    def close(self) -> None:
        if self._proc.poll() is None:
            os.killpg(self._proc.pid, signal.SIGKILL)
        self._proc.wait()
        if self._own:
            shutil.rmtree(self.workdir, ignore_errors=True)

    def __enter__(self) -> SimulatedCameraTower:
        return self

    def __exit__(self, *exc: Any) -> None:
        self.close()

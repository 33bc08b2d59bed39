"""Cameras for the camera tower: ``preview()`` (the newest ring-lit frame, or None) and ``dark()``.

- :class:`V4L2Camera`: a USB UVC camera through OpenCV (``/dev/v4l/by-id/...``), exposure and gain locked,
  the LED ring switched by a Pi GPIO (BCM 18) through a logic-level MOSFET (gpiozero, imported here only).
- :class:`FolderCamera`: frames dropped into a directory as ``on.png`` / ``off.png`` (written to a temporary
  name, then renamed): the tests, the bench and the simulator drive the real service with it.

Chosen by ``--camera`` in ``service.py`` (``v4l2:PATH`` or ``folder:DIR``), never by a testing flag.
"""

from __future__ import annotations

import os
import time
from pathlib import Path

import cv2
import numpy as np


class FolderCamera:
    """``on.png`` is the ring-lit view (a new file: a new frame), ``off.png`` the same tray, ring off."""

    def __init__(self, folder: str | Path, dark_ms: int = 0):
        self.folder = Path(folder)
        self.dark_ms = dark_ms  # what switching a real ring off and back costs (frames thrown away)
        self._seen: tuple[int, int] | None = None

    def preview(self) -> np.ndarray | None:
        path = self.folder / "on.png"
        try:
            st = os.stat(path)
        except FileNotFoundError:
            return None
        stamp = (st.st_ino, st.st_mtime_ns)
        if stamp == self._seen:
            return None
        frame = cv2.imread(str(path), cv2.IMREAD_GRAYSCALE)
        if frame is not None:
            self._seen = stamp
        return frame

    def dark(self) -> np.ndarray:
        if self.dark_ms:
            time.sleep(self.dark_ms / 1000)
        frame = cv2.imread(str(self.folder / "off.png"), cv2.IMREAD_GRAYSCALE)
        if frame is None:  # no dark frame offered: the ring-lit one with no light removed
            frame = cv2.imread(str(self.folder / "on.png"), cv2.IMREAD_GRAYSCALE)
            return np.zeros_like(frame)
        return frame


def show(folder: str | Path, on: np.ndarray, off: np.ndarray) -> None:
    """Put a frame pair before a :class:`FolderCamera` (off first, so a reader never pairs it wrongly)."""
    folder = Path(folder)
    for name, frame in (("off.png", off), ("on.png", on)):
        tmp = folder / f".{name}.tmp.png"
        cv2.imwrite(str(tmp), frame, [cv2.IMWRITE_PNG_COMPRESSION, 1])  # fast: a frame, not an archive
        os.replace(tmp, folder / name)


class V4L2Camera:  # pragma: no cover - needs the camera and the ring (docs/dice-tower.md, "Not on hardware")
    """A UVC camera on ``device`` at 640x480, 60 fps, MJPEG, exposure locked; the ring on GPIO ``led_pin``."""

    SWITCH_FRAMES = 2  # frames still in flight when the ring switches: thrown away

    def __init__(self, device: str, led_pin: int | None = 18, exposure: int = 80, gain: int = 0):
        from gpiozero import DigitalOutputDevice

        self.cap = cv2.VideoCapture(device, cv2.CAP_V4L2)
        if not self.cap.isOpened():
            raise OSError(f"camera {device} does not open")
        self.cap.set(cv2.CAP_PROP_FOURCC, cv2.VideoWriter.fourcc(*"MJPG"))
        self.cap.set(cv2.CAP_PROP_FRAME_WIDTH, 640)
        self.cap.set(cv2.CAP_PROP_FRAME_HEIGHT, 480)
        self.cap.set(cv2.CAP_PROP_FPS, 60)
        self.cap.set(cv2.CAP_PROP_AUTO_EXPOSURE, 1)  # V4L2 "manual": the hall must not move the exposure
        self.cap.set(cv2.CAP_PROP_EXPOSURE, exposure)
        self.cap.set(cv2.CAP_PROP_GAIN, gain)
        self.cap.set(cv2.CAP_PROP_AUTO_WB, 0)
        self.ring = DigitalOutputDevice(led_pin, initial_value=True) if led_pin is not None else None

    def _frame(self) -> np.ndarray:
        ok, frame = self.cap.read()
        if not ok:
            raise OSError("camera read failed")
        return cv2.cvtColor(frame, cv2.COLOR_BGR2GRAY) if frame.ndim == 3 else frame

    def preview(self) -> np.ndarray | None:
        return self._frame()

    def dark(self) -> np.ndarray:
        if self.ring is None:  # no ring switch: a shroud keeps the hall out; nothing to subtract
            return np.zeros_like(self._frame())
        self.ring.off()
        for _ in range(self.SWITCH_FRAMES):
            self._frame()
        frame = self._frame()
        self.ring.on()
        for _ in range(self.SWITCH_FRAMES):
            self._frame()
        return frame

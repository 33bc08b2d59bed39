"""The camera tower's tray watched over time: when a throw is over, read it once, and say what to do.

:class:`CameraTray` stands where the well tower has its tray, settler and classifier
(``firmware/dice_tower/tower.py`` calls ``read``, ``feed``, ``calibrate_step``, ``dumps``): the firmware's
own loop then carries every roll with its exactly-once delivery. There is no break-beam to count dice in:
a throw is motion in the ring-lit frames, and it is over once SETTLE_MS pass without any. Then one
ring-off frame is taken and the pair read (``reader.py``):

- every die sure, of the kind the game plays: ``("roll", faces)``; the dice are then *shown* until the
  tray is emptied (dice taken out one by one are not a new roll; dice added to a shown roll are
  ``ERROR clear``: take them all out and throw again);
- a die unsure (cocked, on edge, touching in a way that cannot be split, glare, marks that fit no face):
  ``ERROR rethrow dice=N again=back-left,...``: throw those dice again; the tray is read again whole once
  it settles, and only then is a roll sent;
- more dice than the tower takes: ``overflow``; dice of the other kind: ``kind``; dice at boot: ``stale``.

Each fault is sent once per settled tray, never repeated on a timer. Times are integer milliseconds.
"""

from __future__ import annotations

import contextlib
import json
from pathlib import Path

import cv2
import numpy as np

from hauntable.table.dice_camera.reader import (
    Calibration,
    TrayRead,
    calibrate_dice,
    calibrate_empty,
    read_tray,
)

IDLE, ROLLING, SHOWN, RETHROW, STALE = "idle", "rolling", "shown", "rethrow", "stale"
CALIBRATING = "calibrating"  # between the empty-tray step and the dice step: dice thrown are not rolls


class Fault(Exception):
    """Built like the firmware's ``classifier.Fault`` (code, well, detail), which the Tower reports."""

    def __init__(self, code: str, well=None, detail: str = ""):
        super().__init__(code, well, detail)
        self.code, self.well, self.detail = code, well, detail

    def args_for_frame(self) -> list[str]:
        return [self.detail] if self.detail else []


def where(read: TrayRead, cal: Calibration, die) -> str:
    """A die's place as a player at the tray's front says it: back-left ... front-right."""
    ys, xs = np.nonzero(cal.floor)
    x0, x1 = (xs.min(), xs.max()) if len(xs) else (0, cal.floor.shape[1])
    y0, y1 = (ys.min(), ys.max()) if len(ys) else (0, cal.floor.shape[0])
    col = ("left", "middle", "right")[min(2, int(3 * (die.x - x0) / max(1, x1 - x0)))]
    row = "back" if die.y < (y0 + y1) / 2 else "front"
    return f"{row}-{col}"


class CameraTray:
    """A camera over the tray, as the firmware Tower's tray + settler + classifier.

    ``camera`` has ``preview() -> frame | None`` (the newest ring-lit frame since the last call) and
    ``dark() -> frame`` (one frame with the ring off; the ring is back on after). ``state_dir`` keeps the
    calibration's empty-tray image and the last read's debug overlay.
    """

    SETTLE_MS = 200  # no motion for this long: the dice lie still
    MOTION = 0.002  # share of the (downscaled) tray that changed by more than MOTION_DN: something moves
    MOTION_DN = 14
    SMALL = (160, 120)
    CALIBRATION_MS = 120_000  # an operator who never does the dice step: rolls count again after this

    def __init__(self, camera, state_dir: str | Path, mode: str = "betrayal", wells: int = 8):
        self.camera = camera
        self.state_dir = Path(state_dir)
        self.wanted = mode  # betrayal, d6, or auto: the kind of whatever dice are thrown
        self._kind = "betrayal" if mode == "auto" else mode
        self.wells = wells
        self.cal: Calibration | None = None
        self.state = STALE  # until the first settled look: dice lying there at boot were never thrown
        self.last: TrayRead | None = None
        self._frame: np.ndarray | None = None
        self._small: np.ndarray | None = None
        self._moved_at = 0
        self._settled = False
        self._shown = 0
        self.standing: Fault | None = None  # the fault of the tray as it lies now, if any
        self._before = STALE  # the state a throw started from (SHOWN: dice moved in a shown roll)
        self._draw_next: tuple | None = None
        self._calibrating_since: float | None = None  # set when calibration starts

    # -- the firmware Tower's tray / classifier interface

    @property
    def mode(self) -> str:
        """The kind of dice this tower reports (the Tower puts it in HELLO and in every ROLL frame)."""
        return self._kind

    def read(self):
        """No beam, no wells: the Tower's tray read has nothing to count."""
        return 0, ()

    def dumps(self) -> str:
        if self.cal is None:
            return ""
        cv2.imwrite(str(self.state_dir / "empty.png"), np.clip(self.cal.empty, 0, 255).astype(np.uint8))
        cv2.imwrite(str(self.state_dir / "floor.png"), self.cal.floor * 255)
        keep = {
            k: getattr(self.cal, k) for k in ("side", "body", "mark", "mark_area", "light", "dice_checked")
        }
        return json.dumps(keep, sort_keys=True) + "\n"

    def loads(self, text: str) -> bool:
        try:
            saved = json.loads(text)
            empty = cv2.imread(str(self.state_dir / "empty.png"), cv2.IMREAD_GRAYSCALE)
            floor = cv2.imread(str(self.state_dir / "floor.png"), cv2.IMREAD_GRAYSCALE)
            if empty is None or floor is None:
                return False
            self.cal = Calibration(
                np.maximum(empty.astype(np.float32), 1.0), (floor > 0).astype(np.uint8), **saved
            )
        except (ValueError, TypeError):
            return False
        return True

    def calibrate_step(self, step: str) -> list[str]:
        """``empty``: the tray as it is now must be empty; ``dice``: the tower's dice lie in it, thrown apart;
        ``check``: the reader's health. Returns the ACK's detail tokens.

        Raises:
            Fault: ``calibrate`` with what went wrong (no frame, dice in the empty tray, too few dice read).
        """
        on, off = self._pair()
        if on is None:
            raise Fault("calibrate", None, "no_frame")
        self._settled = True  # what lies in the tray now was seen by calibration, not thrown for a game
        if step == "empty":
            cal = calibrate_empty(on, off, self.cal.side if self.cal else 50.0)
            if cal.floor.mean() < 0.3:
                raise Fault("calibrate", None, "no_tray")
            if self.cal is not None:  # keep what the dice step learnt; a new empty tray only
                cal.side, cal.body, cal.mark = self.cal.side, self.cal.body, self.cal.mark
                cal.mark_area, cal.dice_checked = self.cal.mark_area, self.cal.dice_checked
            self.cal = cal
            self.state, self._calibrating_since = CALIBRATING, None
            return [f"light={cal.light:.0f}", f"floor={cal.floor.mean():.2f}"]
        if self.cal is None:
            raise Fault("calibrate", None, "empty_first")
        if step == "dice":
            cal, read = calibrate_dice(on, off, self.cal)
            if cal.dice_checked == self.cal.dice_checked or read.unsure:
                raise Fault("calibrate", None, f"dice={read.count},unsure={len(read.unsure)}")
            self.cal = cal
            self._shown, self.state, self._before = read.count, SHOWN, SHOWN
            return [
                f"dice={read.count}",
                f"side={cal.side:.1f}",
                f"faces={''.join(str(f) for f in read.faces)}",
            ]
        if step == "check":
            return self.health(on, off)
        raise Fault("calibrate", None, "step")

    def health(self, on: np.ndarray, off: np.ndarray) -> list[str]:
        """The reader's health as ``key=value`` tokens: the ring's light against calibration (``light``,
        1.00 as calibrated), the hall's light against the ring (``hall``), the picture's sharpness
        (``focus``: Laplacian variance of the felt), glare, and dice lying in the tray."""
        assert self.cal is not None
        read = read_tray(on, off, self.cal)
        ring = float(np.median(cv2.subtract(on, off)[self.cal.floor > 0]))
        hall = float(np.median(off[self.cal.floor > 0])) / max(ring, 1.0)
        focus = float(cv2.Laplacian(on, cv2.CV_32F)[self.cal.floor > 0].var())
        return [
            f"light={read.level:.2f}",
            f"hall={hall:.2f}",
            f"focus={focus:.0f}",
            f"glare={read.glare:.3f}",
            f"dice={read.count}",
        ]

    # -- the settler interface

    def feed(self, now: int, _entered=0, _readings=(), _blocked=False):
        """One loop pass: look at the newest frame; a roll or a fault once the tray has settled."""
        if self._draw_next is not None:
            self._overlay(*self._draw_next)
            self._draw_next = None
        frame = self.camera.preview()
        if self.state == CALIBRATING:
            self._calibrating_since = self._calibrating_since if self._calibrating_since is not None else now
            if now - self._calibrating_since < self.CALIBRATION_MS:
                if frame is not None:
                    self._frame, self._small = (
                        frame,
                        cv2.resize(frame, self.SMALL, interpolation=cv2.INTER_AREA),
                    )
                return None
            self.state = STALE  # the operator left: what lies there now was never thrown for a game
        if frame is not None:
            small = cv2.resize(frame, self.SMALL, interpolation=cv2.INTER_AREA)
            if self._small is not None:
                changed = cv2.absdiff(small, self._small) > self.MOTION_DN
                if changed.mean() > self.MOTION:
                    self._moved_at, self._settled = now, False
                    if self.state in (IDLE, SHOWN, RETHROW):
                        self._before = self.state
                        self.state = ROLLING
            elif self.state == STALE:
                self._moved_at = now
            self._frame, self._small = frame, small
        if self._frame is None or self._settled or now - self._moved_at < self.SETTLE_MS:
            return None
        self._settled = True
        return self._settle()

    def _pair(self):
        on = self._frame if self._frame is not None else self.camera.preview()
        if on is None:
            return None, None
        return on, self.camera.dark()

    def _settle(self):
        result = self._decide()
        # what the players must still do (throw a die again, clear the tray) is told again to a host
        # that connects later: an ERROR is sent once, and a replug would lose it
        self.standing = result[1] if result is not None and result[0] == "fault" else None
        return result

    def _decide(self):
        before = self._before
        if self.cal is None:
            self.state = IDLE
            return ("fault", Fault("uncalibrated"))
        on, off = self._pair()
        read = self.last = read_tray(on, off, self.cal)
        self._draw_next = (on, read)  # drawn on the next pass, after the roll or fault has gone out
        n = read.count
        if n == 0:
            self.state, self._shown = IDLE, 0
            return None
        if self.state == STALE:
            self._shown = n
            self.state = SHOWN
            return ("fault", Fault("stale", None, f"dice={n}"))
        if before == SHOWN:  # dice moved in a shown roll: taken out one by one, or added without clearing
            self.state = SHOWN
            added, self._shown = n > self._shown, n
            return ("fault", Fault("clear", None, f"dice={n}")) if added else None
        if n > self.wells:
            self.state = RETHROW
            return ("fault", Fault("overflow", None, f"dice={n}"))
        if read.unsure:
            self.state = RETHROW
            places = sorted({where(read, self.cal, d) for d in read.unsure})
            detail = f"dice={n},unsure={sum(d.count for d in read.unsure)},again={'+'.join(places[:4])}"
            return ("fault", Fault("rethrow", None, detail))
        if len(read.kinds) != 1 or (self.wanted != "auto" and read.kinds != {self.wanted}):
            self.state = RETHROW  # one roll frame has one kind: Betrayal dice and d6 are thrown apart
            return ("fault", Fault("kind", None, f"want={self.wanted},saw={'+'.join(sorted(read.kinds))}"))
        self._kind = next(iter(read.kinds))
        self.state, self._shown = SHOWN, n
        return ("roll", read.faces)

    def _overlay(self, on: np.ndarray, read: TrayRead) -> None:
        """The last read drawn over its frame (``last-read.png``): what an operator looks at first."""
        with contextlib.suppress(OSError, cv2.error):
            assert self.cal is not None  # a read needs the calibration
            cv2.imwrite(str(self.state_dir / "last-read.png"), overlay(on, read, self.cal))


def overlay(on: np.ndarray, read: TrayRead, cal: Calibration) -> np.ndarray:
    """A colour picture of a read: green square and face for a die read, red and the reason if unsure."""
    img = cv2.cvtColor(on, cv2.COLOR_GRAY2BGR) if on.ndim == 2 else on.copy()
    for d in read.dice:
        colour = (60, 200, 60) if d.sure else (40, 40, 230)
        box = cv2.boxPoints(((d.x, d.y), (cal.side + 4, cal.side + 4), d.angle))
        cv2.polylines(img, [np.round(box).astype(np.int32)], True, colour, 2, cv2.LINE_AA)
        text = (f"{'B' if d.kind == 'betrayal' else 'd'}{d.face}") if d.sure else d.reason
        at = (int(box[:, 0].min()), int(box[:, 1].min()) - 4)
        cv2.putText(img, text, at, cv2.FONT_HERSHEY_SIMPLEX, 0.5, colour, 1, cv2.LINE_AA)
    return img

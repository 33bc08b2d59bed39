"""The camera tower as a process: the firmware's own Tower loop, a camera as its tray, a pty as its port.

    python -m hauntable.table.dice_camera.service --camera v4l2:/dev/hauntable/dice-camera-1 \\
        --state /var/lib/hauntable/dice-tower-1 --pty /run/hauntable/dice-tower-1 [--led-pin 18] \\
        [--id 1] [--mode betrayal|d6|auto] [--settle-ms 200]

The table app opens ``--pty`` as it opens a Pico tower's ``/dev/serial/by-id/...`` (``hauntable ui --tower
/run/hauntable/dice-tower-1``): the same HELLO/ROLL/ACK protocol, the same unacknowledged rolls kept in
``--state`` and resent after a crash with their (boot, seq), the same duplicate check against the game
log. A camera that fails ends the process (systemd restarts it; the app sees a replug). ``--camera
folder:DIR`` reads frames from a directory (camera.py): the tests and the bench run this very process so.
The firmware's modules come from ``--firmware`` (default: next to ``protocol.py``'s symlink in a source
checkout; the systemd unit names ``/opt/hauntable/src/firmware/dice_tower``).
"""

from __future__ import annotations

import argparse
import os
import pty
import select
import sys
import time
import tty
from pathlib import Path

from hauntable.table.dice_camera.camera import FolderCamera, V4L2Camera
from hauntable.table.dice_camera.watch import CameraTray
from hauntable.table.dice_link.simulated import FIRMWARE


def open_camera(spec: str, led_pin: int | None, dark_ms: int = 0):
    kind, _, where = spec.partition(":")
    if kind == "folder":
        return FolderCamera(where, dark_ms)
    if kind == "v4l2":
        return V4L2Camera(where, led_pin)
    raise SystemExit(f"dice camera: unknown camera {spec!r} (folder:DIR or v4l2:DEVICE)")


def serve_pty(path: str) -> int:
    """A pty whose other end is linked at ``path``; returns the master fd (non-blocking writes)."""
    master, slave = pty.openpty()
    tty.setraw(slave)
    link = Path(path)
    link.parent.mkdir(parents=True, exist_ok=True)
    if link.is_symlink() or link.exists():
        link.unlink()
    link.symlink_to(os.ttyname(slave))
    os.set_blocking(master, False)  # no host reading: a write fails (counted) instead of hanging the loop
    serve_pty.keep = slave  # held open, so the master never reads EIO between two hosts
    return master


class _Fd:
    """A raw fd as the byte stream ``port.StreamPort`` polls."""

    def __init__(self, fd: int):
        self.fd = fd

    def fileno(self) -> int:
        return self.fd

    def read(self, n: int) -> bytes:
        return os.read(self.fd, n)

    def write(self, data: bytes) -> int:
        return os.write(self.fd, data)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="The camera dice tower on a pty.")
    parser.add_argument("--camera", required=True)
    parser.add_argument("--state", required=True)
    parser.add_argument("--pty", required=True)
    parser.add_argument("--led-pin", type=int, default=18, help="BCM GPIO of the ring's MOSFET gate")
    parser.add_argument("--id", default="1")
    parser.add_argument("--mode", default="betrayal", choices=("betrayal", "d6", "auto"))
    parser.add_argument("--settle-ms", type=int, default=CameraTray.SETTLE_MS)
    parser.add_argument("--boot", default=None)
    parser.add_argument("--dark-ms", type=int, default=0, help="folder camera: a real ring switch's cost")
    parser.add_argument("--firmware", default=str(FIRMWARE), help="firmware/dice_tower of the checkout")
    args = parser.parse_args(argv)
    sys.path.insert(0, args.firmware)
    from manifest import VERSION  # the firmware's modules, under their on-device names
    from port import StreamPort
    from store import Store
    from tower import Tower

    state = Path(args.state)
    state.mkdir(parents=True, exist_ok=True)
    tray = CameraTray(open_camera(args.camera, args.led_pin, args.dark_ms), state, args.mode)
    tray.SETTLE_MS = args.settle_ms
    master = serve_pty(args.pty)
    port = StreamPort(_Fd(master), _Fd(master))
    boot = args.boot or os.urandom(4).hex()
    start = time.monotonic()

    def ms() -> int:
        return int((time.monotonic() - start) * 1000)

    tower = Tower(port, tray, tray, Store(str(state)), boot, args.id, f"camera-{VERSION}", ms(), settler=tray)
    wake = select.poll()
    wake.register(master, select.POLLIN)
    while True:
        tower.step(ms())
        wake.poll(4)


if __name__ == "__main__":
    sys.exit(main())

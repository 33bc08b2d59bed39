"""Fault injection for the game log: real SQLite files damaged the way cards, power cuts and full disks do.

``crashed_copy`` snapshots a live log's files (database, WAL, wal-index) while its connection is still
open: the state a power cut leaves right after the last commit (every commit is fsynced). ``start_table``
does what the table app does at start: open the log (gamelog.opening), take the unfinished game and
recover it (Session.recover). ``Outcome.silent_loss`` is the one thing that must never happen: inputs
gone without a word on the screen.
"""

from __future__ import annotations

import contextlib
import dataclasses
import os
import random
import shutil
import subprocess
from collections.abc import Iterator
from pathlib import Path

from hauntable.engine.bots import seq_seeded_choice
from hauntable.engine.verify import Verified
from hauntable.gamelog import GameLog
from hauntable.gamelog.opening import Opened, open_table_log
from hauntable.games.betrayal import GameConfig
from hauntable.session import ResumeError, Session

CONFIG = GameConfig.quick("zoe", "ox", "vivian", today="11-30", seed=5)
SUFFIXES = ("", "-wal", "-shm")


def play(log: GameLog, inputs: int, seed: int = 5, game: str = "betrayal", config=None) -> list[str]:
    """A bot game of up to ``inputs`` inputs in ``log``; the state hash after each (index seq - 1)."""
    if game == "geisterstunde":
        from hauntable.games.geisterstunde import GameConfig as GhostConfig

        config = config or GhostConfig(players=("Anna", "Ben", "Cleo"), seed=seed)
    session = Session.new(game, config or CONFIG, log=log)
    hashes = []
    while not session.over and session.step.state.seq < inputs:
        session.submit(seq_seeded_choice(session.game, session.step, seed), source="test")
        hashes.append(session.state_hash)
    return hashes


def crashed_copy(live: GameLog, dest: Path) -> Path:
    """Copy the open log's files to ``dest/table.sqlite3*``, as a power cut would leave them."""
    dest.mkdir(parents=True, exist_ok=True)
    for suffix in SUFFIXES:
        if os.path.exists(live.path + suffix):
            shutil.copyfile(live.path + suffix, dest / f"table.sqlite3{suffix}")
    return dest / "table.sqlite3"


def flip_bits(path: Path, bits: int, rng: random.Random, start: int = 0) -> list[int]:
    """Flip ``bits`` random bits of the file at offsets >= ``start``; returns the byte offsets."""
    data = bytearray(path.read_bytes())
    offsets = [rng.randrange(start, len(data)) for _ in range(bits)]
    for at in offsets:
        data[at] ^= 1 << rng.randrange(8)
    path.write_bytes(bytes(data))
    return offsets


@dataclasses.dataclass
class Outcome:
    """What the table did at start: the notices shown, the seq the game resumed at (None: not resumed),
    how many inputs were logged before the fault, and the recovery report."""

    opened: Opened
    logged: int
    resumed_at: int | None
    verified: Verified | None
    error: str | None

    @property
    def told(self) -> bool:
        problem = self.verified is not None and self.verified.problem is not None
        return bool(self.opened.notices) or problem or self.error is not None

    @property
    def whole(self) -> bool:
        return self.resumed_at == self.logged

    @property
    def lost(self) -> int:
        return self.logged - (self.resumed_at or 0)

    @property
    def silent_loss(self) -> bool:
        return self.lost > 0 and not self.told


def start_table(path: Path, logged: int) -> Outcome:
    """Open the log at ``path`` as the table does and resume its unfinished game as far as it replays.
    Any exception other than a ResumeError is a crash and propagates (the tests fail on it)."""
    opened = open_table_log(path)
    record = opened.log.latest_unfinished()
    resumed_at = verified = error = None
    if record is not None:
        try:
            session, verified = Session.recover(opened.log, record.id)
            resumed_at = session.step.state.seq
        except ResumeError as exc:
            error = str(exc)
    return Outcome(opened, logged, resumed_at, verified, error)


@contextlib.contextmanager
def small_disk(where: Path, size_kb: int) -> Iterator[Path | None]:
    """A tmpfs of ``size_kb`` mounted at ``where`` (a real ENOSPC), or None where mounting is not allowed."""
    where.mkdir(parents=True, exist_ok=True)
    try:
        done = subprocess.run(
            ["mount", "-t", "tmpfs", "-o", f"size={size_kb}k", "tmpfs", str(where)],
            capture_output=True,
            timeout=10,
        )
    except (OSError, subprocess.TimeoutExpired):
        done = None
    if done is None or done.returncode != 0:
        yield None
        return
    try:
        yield where
    finally:
        subprocess.run(["umount", "-l", str(where)], capture_output=True, timeout=10)


def remount(where: Path, mode: str) -> None:
    subprocess.run(
        ["mount", "-o", f"remount,{mode}", str(where)], check=True, capture_output=True, timeout=10
    )


def fill(directory: Path, leave_bytes: int) -> Path:
    """Fill the file system of ``directory`` until about ``leave_bytes`` are free; returns the filler."""
    filler = directory / "filler.bin"
    st = os.statvfs(directory)
    free = st.f_bavail * st.f_frsize
    with open(filler, "wb") as f, contextlib.suppress(OSError):
        f.write(b"\0" * max(0, free - leave_bytes))
    return filler

"""The fault-injection soak of the game log (issue 19): >= 1,000 faults, each followed by the table's start.

For every fault a fresh copy of a logged game as a power cut leaves it (tests/faultkit.py) is damaged, then
the table starts on it the way the app does (open the log, recover the unfinished game) and starts a
second time (a crash loop would show there). Kinds: bit flips (1, 4, 16 bits) in the database and in the
WAL, truncation of either, a full disk at a random point (a real tmpfs when this runs as root, else
RLIMIT_FSIZE on a bot subprocess), a read-only remount, a lock held by another process, a newer schema,
a damaged stored hash, a lost or damaged PIN record.

Per kind it prints: faults injected, games recovered whole, games kept up to the damage (and told),
inputs lost, silent losses (inputs lost with nothing on the screen), crash loops (an exception out of a
start, or a second start that differs from the first). Goal: 0 silent losses, 0 crash loops.

    .venv/bin/python bench/log_faults.py [--per-kind 100] [--seed 19]
"""

from __future__ import annotations

import argparse
import collections
import random
import shutil
import sqlite3
import subprocess
import sys
import tempfile
import time
import traceback
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))

from faultkit import CONFIG, crashed_copy, fill, flip_bits, play, remount, small_disk, start_table
from hauntable.engine.bots import seq_seeded_choice
from hauntable.gamelog import GameLog, LogWriteError
from hauntable.kiosk.pin import PinStore
from hauntable.session import Session

INPUTS = 300


class Tally:
    def __init__(self) -> None:
        self.rows: dict[str, collections.Counter] = collections.defaultdict(collections.Counter)
        self.examples: dict[str, str] = {}

    def add(self, kind: str, outcome, crash: str | None = None) -> None:
        row = self.rows[kind]
        row["faults"] += 1
        if crash is not None:
            row["crash loops"] += 1
            self.examples.setdefault(kind, crash)
            return
        if outcome is None:
            row["whole"] += 1
            return
        row["whole"] += outcome.whole
        row["kept, told"] += (not outcome.whole) and outcome.told
        row["inputs lost"] += max(0, outcome.lost)
        row["silent losses"] += outcome.silent_loss

    def print(self) -> None:
        cols = ("faults", "whole", "kept, told", "inputs lost", "silent losses", "crash loops")
        print(f"{'fault kind':<26}" + "".join(f"{c:>15}" for c in cols))
        total: collections.Counter = collections.Counter()
        for kind, row in self.rows.items():
            total.update(row)
            print(f"{kind:<26}" + "".join(f"{row[c]:>15}" for c in cols))
        print(f"{'all':<26}" + "".join(f"{total[c]:>15}" for c in cols))
        for kind, example in self.examples.items():
            print(f"\n{kind}: first crash:\n{example}")


def snapshot(root: Path, name: str, wal_heavy: bool) -> tuple[Path, int]:
    (root / f"live-{name}").mkdir()
    live = GameLog(root / f"live-{name}" / "table.sqlite3")
    if wal_heavy:
        live._db.execute("PRAGMA wal_autocheckpoint=0")  # the old default: a whole game in the WAL
    hashes = play(live, INPUTS)
    crashed_copy(live, root / name)
    live.close()
    return root / name, len(hashes)


def trial(tally: Tally, kind: str, source: Path, logged: int, work: Path, damage) -> None:
    target = work / "data"
    if target.exists():
        shutil.rmtree(target)
    shutil.copytree(source, target)
    path = target / "table.sqlite3"
    try:
        damage(path)
        first = start_table(path, logged)
        first.opened.log.close()
        second = start_table(path, first.resumed_at or 0)
        second.opened.log.close()
        if first.resumed_at is not None and second.resumed_at not in (first.resumed_at, None):
            raise AssertionError(
                f"the second start resumed at {second.resumed_at}, the first at {first.resumed_at}"
            )
    except Exception:
        tally.add(kind, None, traceback.format_exc(limit=6))
        return
    tally.add(kind, first)


def truncate(path: Path, rng: random.Random) -> None:
    data = path.read_bytes()
    path.write_bytes(data[: rng.randrange(len(data))] if data else b"")


def bad_hash(path: Path, rng: random.Random) -> None:
    db = sqlite3.connect(path)
    rows = db.execute("SELECT state_hash FROM inputs").fetchall()
    db.close()
    digest = rng.choice(rows)[0]
    at = rng.randrange(len(digest))
    bad = digest[:at] + ("0" if digest[at] != "0" else "1") + digest[at + 1 :]
    for file in (path, Path(f"{path}-wal")):
        if file.exists():
            file.write_bytes(file.read_bytes().replace(digest.encode(), bad.encode()))
    from hauntable.gamelog import wal

    wal.check(f"{path}-wal", str(path), repair=True)  # the edit itself broke the WAL checksums


def newer(path: Path) -> None:
    db = sqlite3.connect(path)
    db.execute("PRAGMA user_version=9")
    db.close()


def held_lock(tally: Tally, source: Path, logged: int, work: Path) -> None:
    target = work / "data"
    if target.exists():
        shutil.rmtree(target)
    shutil.copytree(source, target)
    path = target / "table.sqlite3"
    hold = "import sqlite3,sys,time; d=sqlite3.connect(sys.argv[1],isolation_level=None); "
    hold += "d.execute('BEGIN IMMEDIATE'); print('held', flush=True); time.sleep(30)"
    holder = subprocess.Popen([sys.executable, "-c", hold, str(path)], stdout=subprocess.PIPE, text=True)
    try:
        holder.stdout.readline()
        outcome = start_table(path, logged)
        renamed = [p for p in target.iterdir() if ".damaged-" in p.name]
        if renamed:
            raise AssertionError(f"a busy log was renamed: {renamed}")
        outcome.opened.log.close()
        tally.add("held lock", outcome)
    except Exception:
        tally.add("held lock", None, traceback.format_exc(limit=6))
    finally:
        holder.kill()
        holder.wait()


def full_disk(tally: Tally, work: Path, rng: random.Random, mounted: Path | None) -> None:
    """Play until the disk is full at a random point, then restart on the still-full disk."""
    kind = "disk full"
    try:
        if mounted is not None:
            for p in mounted.iterdir():
                p.unlink()
            path = mounted / "table.sqlite3"
            log = GameLog(path)
            session = Session.new("betrayal", CONFIG, log=log)
            for _ in range(rng.randrange(0, 60)):
                session.submit(seq_seeded_choice(session.game, session.step, 5), source="bench")
            fill(mounted, rng.randrange(0, 60_000))
            shown = session.step.state.seq
            try:
                while not session.over:
                    session.submit(seq_seeded_choice(session.game, session.step, 5), source="bench")
                    shown = session.step.state.seq
            except LogWriteError:
                pass
            log.close()
            outcome = start_table(path, shown)
            outcome.opened.log.close()
            if any(".damaged-" in p.name for p in mounted.iterdir()):
                raise AssertionError("a full disk's healthy log was renamed")
        else:
            data = work / "fsize"
            if data.exists():
                shutil.rmtree(data)
            data.mkdir()
            limit = rng.randrange(40_000, 200_000)
            code = "import resource, signal, runpy, sys; signal.signal(signal.SIGXFSZ, signal.SIG_IGN); "
            code += f"resource.setrlimit(resource.RLIMIT_FSIZE, ({limit}, {limit})); "
            code += "sys.argv = ['hauntable', *sys.argv[1:]]; "
            code += "runpy.run_module('hauntable.cli', run_name='__main__')"
            args = ["bot", "--seed", "5", "--max-inputs", "3000", "--data-dir", str(data)]
            done = subprocess.run(
                [sys.executable, "-c", code, *args], capture_output=True, text=True, timeout=300
            )
            if "Traceback" in done.stderr:
                raise AssertionError(done.stderr[-1500:])
            shown = len(done.stdout.splitlines())
            outcome = start_table(data / "table.sqlite3", shown)
            outcome.opened.log.close()
    except Exception:
        tally.add(kind, None, traceback.format_exc(limit=6))
        return
    tally.add(kind, outcome)


def read_only(tally: Tally, mounted: Path) -> None:
    try:
        for p in mounted.iterdir():
            p.unlink()
        with GameLog(mounted / "table.sqlite3") as log:
            logged = len(play(log, 40))
        remount(mounted, "ro")
        try:
            outcome = start_table(mounted / "table.sqlite3", logged)
            outcome.opened.log.close()
        finally:
            remount(mounted, "rw")
    except Exception:
        tally.add("read-only remount", None, traceback.format_exc(limit=6))
        return
    tally.add("read-only remount", outcome)


def pin_fault(tally: Tally, work: Path, rng: random.Random) -> None:
    directory = work / "pin"
    if directory.exists():
        shutil.rmtree(directory)
    directory.mkdir()
    try:
        pins = PinStore(directory / "admin-pin.json")
        pins.set("2468")
        for name in ("admin-pin.json", "admin-pin.json.bak"):
            file = directory / name
            how = rng.choice(["missing", "flip", "truncate"])
            if how == "missing":
                file.unlink()
            elif how == "flip":
                flip_bits(file, rng.choice([1, 4, 16]), rng)
            else:
                truncate(file, rng)
        again = PinStore(directory / "admin-pin.json")
        check = again.check("1111")
        if check.ok:
            raise AssertionError("a wrong PIN opened the menu")
        if not again.is_set:
            raise AssertionError(
                "a lost PIN record counts as first run: the next person would choose the PIN"
            )
    except Exception:
        tally.add("PIN record lost/damaged", None, traceback.format_exc(limit=6))
        return
    tally.add("PIN record lost/damaged", None)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--per-kind", type=int, default=100, help="faults per kind (default 100)")
    parser.add_argument("--seed", type=int, default=19)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    tally = Tally()
    started = time.perf_counter()
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        db, logged = snapshot(root, "db", False)
        walheavy, logged_w = snapshot(root, "wal", True)
        work = root / "work"
        work.mkdir()
        n = args.per_kind
        for bits in (1, 4, 16):
            for _ in range(n):
                seed = rng.randrange(1 << 30)
                trial(tally, f"db: {bits}-bit flips", db, logged, work,
                      lambda p, b=bits, s=seed: flip_bits(p, b, random.Random(s)))  # fmt: skip
                trial(tally, f"WAL: {bits}-bit flips", walheavy, logged_w, work,
                      lambda p, b=bits, s=seed: flip_bits(Path(f"{p}-wal"), b, random.Random(s)))  # fmt: skip
        for _ in range(n):
            seed = rng.randrange(1 << 30)
            trial(tally, "db: truncated", db, logged, work, lambda p, s=seed: truncate(p, random.Random(s)))
            trial(tally, "WAL: truncated", walheavy, logged_w, work,
                  lambda p, s=seed: truncate(Path(f"{p}-wal"), random.Random(s)))  # fmt: skip
            trial(tally, "bad stored hash", db, logged, work, lambda p, s=seed: bad_hash(p, random.Random(s)))
            pin_fault(tally, work, rng)
        for _ in range(max(1, n // 10)):
            trial(tally, "newer schema", db, logged, work, newer)
            held_lock(tally, db, logged, work)
        with small_disk(work / "disk", 1024) as mounted:
            for _ in range(max(1, n // 2)):
                full_disk(tally, work, rng, mounted)
            if mounted is not None:
                for _ in range(max(1, n // 10)):
                    read_only(tally, mounted)
        print(
            f"disk full by: {'a 1 MB tmpfs (real ENOSPC)' if mounted else 'RLIMIT_FSIZE on a bot subprocess'}"
        )
    tally.print()
    print(f"\n{time.perf_counter() - started:.0f} s")


if __name__ == "__main__":
    main()

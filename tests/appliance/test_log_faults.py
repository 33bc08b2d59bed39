"""Fault injection on real SQLite files: the table always starts, keeps every input up to the damage, sets
aside only a damaged file nobody has open, and says what was lost (issue 19, items 1-5).

The long runs (>= 1,000 faults with counts) are bench/log_faults.py; these are the fast cases.
"""

from __future__ import annotations

import os
import random
import shutil
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest

from faultkit import CONFIG, crashed_copy, fill, flip_bits, play, remount, small_disk, start_table
from hauntable.engine.bots import seq_seeded_choice
from hauntable.engine.hashing import canonical_json
from hauntable.gamelog import GameLog, LogWriteError, wal
from hauntable.gamelog.opening import open_table_log
from hauntable.session import Session

INPUTS = 300


def snapshot(root: Path, name: str, wal_heavy: bool) -> tuple[Path, list[str]]:
    (root / f"live-{name}").mkdir()
    live = GameLog(root / f"live-{name}" / "table.sqlite3")
    if wal_heavy:  # the old default: the whole game lives in the WAL (checkpoint at ~4 MB)
        live._db.execute("PRAGMA wal_autocheckpoint=0")
    hashes = play(live, INPUTS)
    path = crashed_copy(live, root / name)
    live.close()
    return path.parent, hashes


@pytest.fixture(scope="module")
def snapshots(tmp_path_factory):
    root = tmp_path_factory.mktemp("snapshots")
    return {"db": snapshot(root, "db", False), "wal": snapshot(root, "wal", True)}


def fresh(snap: tuple[Path, list[str]], tmp_path: Path) -> tuple[Path, list[str]]:
    directory, hashes = snap
    target = tmp_path / "data"
    shutil.copytree(directory, target)
    return target / "table.sqlite3", hashes


def aside(path: Path) -> list[str]:
    return sorted(p.name for p in path.parent.iterdir() if ".damaged-" in p.name)


def test_a_power_cut_loses_nothing_and_the_main_file_holds_nearly_all_of_it(snapshots, tmp_path):
    path, hashes = fresh(snapshots["db"], tmp_path)
    wal = Path(str(path) + "-wal")
    assert wal.stat().st_size < 200_000  # checkpointed as it goes, not at ~4 MB
    outcome = start_table(path, len(hashes))
    assert outcome.whole and outcome.opened.notices == [] and aside(path) == []
    assert outcome.opened.log.game(1).inputs == len(hashes)


@pytest.mark.parametrize("seed", range(12))
@pytest.mark.parametrize("bits", [1, 4, 16])
def test_bit_flips_in_the_database_never_crash_and_never_lose_silently(snapshots, tmp_path, seed, bits):
    path, hashes = fresh(snapshots["db"], tmp_path)
    flip_bits(path, bits, random.Random(seed * 100 + bits))
    outcome = start_table(path, len(hashes))
    assert not outcome.silent_loss, outcome
    if outcome.resumed_at:  # whatever was kept replays to the hashes the live game had
        assert outcome.verified.step.state.seq == outcome.resumed_at
    again = start_table(path, len(hashes))  # and the next start is clean: no crash loop, nothing re-lost
    assert again.resumed_at == outcome.resumed_at or again.resumed_at is None


@pytest.mark.parametrize("seed", range(12))
@pytest.mark.parametrize("bits", [1, 4, 16])
def test_bit_flips_in_the_wal_no_longer_roll_the_game_back(snapshots, tmp_path, seed, bits):
    path, hashes = fresh(snapshots["wal"], tmp_path)
    wal = Path(str(path) + "-wal")
    flip_bits(wal, bits, random.Random(seed * 1000 + bits))
    outcome = start_table(path, len(hashes))
    assert not outcome.silent_loss, outcome
    if bits == 1:  # one flipped bit: the repaired WAL gives back the whole game, or says what it lost
        assert outcome.whole or outcome.told


def test_one_flipped_bit_in_the_wal_costs_no_input_in_most_cases(snapshots, tmp_path):
    whole = 0
    for seed in range(20):
        path, hashes = fresh(snapshots["wal"], tmp_path / str(seed))
        flip_bits(Path(str(path) + "-wal"), 1, random.Random(seed))
        outcome = start_table(path, len(hashes))
        assert not outcome.silent_loss
        whole += outcome.whole
    assert whole >= 16  # was 0 of 150 before the repair: SQLite drops every frame after a bad one


@pytest.mark.parametrize("which", ["", "-wal"])
@pytest.mark.parametrize("cut", [0.1, 0.5, 0.9, 0.999])
def test_a_truncated_file_keeps_what_it_can_and_says_so(snapshots, tmp_path, which, cut):
    path, hashes = fresh(snapshots["wal" if which else "db"], tmp_path)
    target = Path(str(path) + which)
    data = target.read_bytes()
    target.write_bytes(data[: int(len(data) * cut)])
    outcome = start_table(path, len(hashes))
    assert not outcome.silent_loss, outcome


@pytest.mark.parametrize("where", ["last", "middle"])
def test_one_bad_character_in_a_stored_hash_does_not_make_the_game_unresumable(snapshots, tmp_path, where):
    path, hashes = fresh(snapshots["db"], tmp_path)
    digest = hashes[-1] if where == "last" else hashes[len(hashes) // 2]
    bad = digest[:30] + ("0" if digest[30] != "0" else "1") + digest[31:]
    for file in (path, Path(str(path) + "-wal")):
        data = file.read_bytes()
        if digest.encode() in data:
            file.write_bytes(data.replace(digest.encode(), bad.encode()))
    wal.check(str(path) + "-wal", str(path), repair=True)  # the edit broke the WAL checksums, not the game
    outcome = start_table(path, len(hashes))
    assert outcome.whole, outcome
    assert outcome.opened.log.game(1).status == "playing"  # the same game goes on, no fork


def test_a_diverging_game_keeps_every_input_before_the_divergence(tmp_path):
    with GameLog(tmp_path / "table.sqlite3") as log:
        hashes = play(log, 40)
        gid = log.new_game("betrayal", log.game(1).config)
        for entry in log.inputs(1):
            digest = entry.state_hash if entry.seq < 25 else "f" * 64  # as if the rules changed at 25
            log._db.execute(
                "INSERT INTO inputs VALUES (?, ?, ?, ?, ?, ?, ?)",
                (gid, entry.seq, entry.at, entry.source, entry.kind, canonical_json(entry.payload), digest),
            )
        session, verified = Session.recover(log, gid)
        assert (verified.kept, verified.problem_seq) == (24, 25)
        assert "move 25" in verified.problem and session.state_hash == hashes[23]
        assert session.game_id != gid and log.game(gid).status == "abandoned"
        assert [e.seq for e in log.inputs(session.game_id)] == list(range(1, 25))


def test_a_newer_schema_is_played_in_memory_and_left_untouched(snapshots, tmp_path):
    path, hashes = fresh(snapshots["db"], tmp_path)
    db = sqlite3.connect(path)
    db.execute("PRAGMA user_version=7")
    db.close()
    before = path.read_bytes()
    outcome = start_table(path, len(hashes))
    assert outcome.opened.state == "newer" and not outcome.opened.saving
    assert "newer Hauntable" in outcome.opened.notice and "NOT being saved" in outcome.opened.notice
    assert aside(path) == [] and path.read_bytes() == before
    outcome.opened.log.new_game("betrayal", CONFIG.to_json())  # the table plays on, in memory


HOLD = """
import sqlite3, sys, time
db = sqlite3.connect(sys.argv[1], isolation_level=None)
db.execute("BEGIN IMMEDIATE")
print("held", flush=True)
time.sleep(60)
"""


def test_a_log_locked_by_another_process_is_never_renamed_and_still_resumes(snapshots, tmp_path):
    path, hashes = fresh(snapshots["db"], tmp_path)
    holder = subprocess.Popen([sys.executable, "-c", HOLD, str(path)], stdout=subprocess.PIPE, text=True)
    try:
        assert holder.stdout.readline().strip() == "held"
        started = time.monotonic()
        outcome = start_table(path, len(hashes))
        assert time.monotonic() - started < 5
        assert outcome.opened.state == "busy" and str(holder.pid) in outcome.opened.notice
        assert outcome.whole and aside(path) == []
        session = Session.resume(outcome.opened.log, 1)
        with pytest.raises(LogWriteError) as refused:  # the next move: refused on screen, not a crash
            session.submit(session.game.inputs.parse("end"), source="test")
        assert refused.value.kind == "busy" and session.state_hash == hashes[-1]
    finally:
        holder.kill()
        holder.wait()


def test_a_damaged_log_another_process_has_open_is_left_alone(tmp_path):
    path = tmp_path / "table.sqlite3"
    path.write_bytes(b"\x00damaged" * 1000)
    keep = subprocess.Popen(
        [sys.executable, "-c", "import fcntl,sys,time; f=open(sys.argv[1],'r+b'); "
         "fcntl.lockf(f, fcntl.LOCK_SH, 510, 0x40000002); print('held', flush=True); time.sleep(60)",
         str(path)],
        stdout=subprocess.PIPE,
        text=True,
    )  # fmt: skip
    try:
        assert keep.stdout.readline().strip() == "held"
        opened = open_table_log(path)
        assert aside(path) == [] and path.read_bytes().startswith(b"\x00damaged")
        assert opened.notices and not opened.saving
    finally:
        keep.kill()
        keep.wait()


@pytest.fixture
def disk(tmp_path):
    with small_disk(tmp_path / "disk", 2048) as where:
        if where is None:
            pytest.skip("cannot mount a tmpfs here (needs root); bench/log_faults.py fills a real disk")
        yield where


def test_a_full_disk_refuses_the_move_keeps_the_game_and_renames_nothing(disk):
    path = disk / "table.sqlite3"
    log = GameLog(path)
    session = Session.new("betrayal", CONFIG, log=log)
    filler = fill(disk, 40_000)
    refused = None
    for _ in range(5000):
        try:
            session.submit(seq_seeded_choice(session.game, session.step, 5), source="test")
        except LogWriteError as exc:
            refused = exc
            break
        if session.over:
            break
    assert refused is not None and refused.kind == "full" and refused.code == "log/write"
    shown = session.step.state.seq
    log.close()
    outcome = start_table(path, shown)  # a restart on the still-full disk
    assert aside(disk / "table.sqlite3") == [] and outcome.whole and outcome.opened.saving
    assert "almost full" in outcome.opened.notice
    filler.unlink()  # the operator frees space: the game goes on where it was
    resumed = Session.resume(outcome.opened.log, 1)
    resumed.submit(seq_seeded_choice(resumed.game, resumed.step, 5), source="test")
    assert resumed.step.state.seq == shown + 1


def test_a_card_remounted_read_only_is_played_in_memory_and_says_so(disk):
    path = disk / "table.sqlite3"
    with GameLog(path) as log:
        hashes = play(log, 50)
    remount(disk, "ro")
    try:
        outcome = start_table(path, len(hashes))
        assert outcome.opened.state == "readonly" and not outcome.opened.saving
        assert "read-only" in outcome.opened.notice and outcome.whole
        assert aside(path) == []
    finally:
        remount(disk, "rw")


def test_the_bot_on_a_full_disk_exits_with_a_message_not_a_traceback(tmp_path):
    """Without root: RLIMIT_FSIZE makes the kernel refuse writes past a size (SQLite: disk full)."""
    limit = "import resource, signal, runpy, sys; signal.signal(signal.SIGXFSZ, signal.SIG_IGN); "
    limit += "resource.setrlimit(resource.RLIMIT_FSIZE, (60_000, 60_000)); "
    limit += "sys.argv = ['hauntable', *sys.argv[1:]]; runpy.run_module('hauntable.cli', run_name='__main__')"
    env = {k: v for k, v in os.environ.items() if k != "HAUNTABLE_DATA_DIR"}
    args = ["bot", "--seed", "5", "--max-inputs", "3000", "--data-dir", str(tmp_path)]
    done = subprocess.run(
        [sys.executable, "-c", limit, *args], capture_output=True, text=True, env=env, timeout=120
    )
    assert "Traceback" not in done.stderr, done.stderr[-2000:]
    assert done.returncode == 2 and "was not saved" in done.stderr  # EFBIG: SQLite says I/O error
    printed = [line.split("\t") for line in done.stdout.splitlines()]
    outcome = start_table(tmp_path / "table.sqlite3", len(printed))
    assert outcome.whole and outcome.verified.step.state.seq == int(printed[-1][0])


def damage_row(path: Path, seq: int, payload: str) -> None:
    """Write ``payload`` into move ``seq``'s row as a bad card would (the append-only trigger bypassed)."""
    db = sqlite3.connect(path)
    db.execute("DROP TRIGGER inputs_append_only_update")
    db.execute("UPDATE inputs SET payload_json = ? WHERE game_id = 1 AND seq = ?", (payload, seq))
    db.commit()
    db.close()


@pytest.mark.parametrize("how", ["move unreadable", "move changed", "face changed"])
def test_a_damaged_move_is_identified_by_its_recorded_hash_and_the_game_kept_whole(snapshots, tmp_path, how):
    path, hashes = fresh(snapshots["db"], tmp_path)
    with GameLog(path) as log:
        rows = log.inputs(1)
    kind = "roll" if how == "face changed" else "move"
    target = [e for e in rows if e.kind == kind and 100 < e.seq < 280][5]
    text = canonical_json(target.payload)
    if how == "move unreadable":
        bad = text.replace('"to"', '"t\x01"')
    elif how == "move changed":
        bad = text.replace(f'"to":"{target.payload["to"]}"', '"to":"Q"')
    else:
        faces = target.payload["faces"]
        bad = text.replace(f'"faces":[{faces[0]}', f'"faces":[{(faces[0] + 1) % 3}')
    assert bad != text
    damage_row(path, target.seq, bad)
    outcome = start_table(path, len(hashes))
    assert outcome.whole, outcome
    if not outcome.verified.repaired:  # a face that changed nothing: the replay reached the same state
        assert how == "face changed" and outcome.verified.step.state.seq == len(hashes)
        return
    assert outcome.verified.repaired[0][0] == target.seq
    log = outcome.opened.log
    new = log.latest_unfinished()
    assert new.id != 1 and log.game(1).status == "abandoned"
    assert Session.resume(log, new.id, check="every").state_hash == hashes[-1]  # the new game is sound


def test_the_full_check_runs_after_the_start_and_the_next_start_salvages(snapshots, tmp_path, monkeypatch):
    from hauntable.commands import ui

    path, hashes = fresh(snapshots["db"], tmp_path)
    with GameLog(path) as log:  # a clean close: every page in the main file
        assert log.game(1).inputs == len(hashes)
    data = bytearray(path.read_bytes())
    page = 4096
    for at in range(2 * page + 8, 2 * page + 40):  # the header of a b-tree page: structure, not text
        data[at] ^= 0xFF
    path.write_bytes(bytes(data))
    told = []

    class App:
        controller = type("C", (), {"notice": ""})()

        def post(self, job):
            told.append(job)

        def changed(self):
            pass

    monkeypatch.setattr(ui, "CHECK_AFTER", 0.0)
    ui.check_later(App(), str(path))
    assert told and Path(str(path) + ".check-failed").exists()
    told[0]()
    assert "damaged pages" in App.controller.notice
    opened = open_table_log(path)
    assert opened.state == "salvaged" and "recovered" in opened.notice and aside(path)
    assert not Path(str(path) + ".check-failed").exists()


def test_a_backup_taken_mid_game_holds_the_whole_game_wal_included(tmp_path):
    (tmp_path / "data").mkdir()
    live = GameLog(tmp_path / "data" / "table.sqlite3")
    live._db.execute("PRAGMA wal_autocheckpoint=0")  # the worst case: every input only in the WAL
    hashes = play(live, 120)
    assert Path(live.path + "-wal").stat().st_size > 100_000
    command = [sys.executable, "-m", "hauntable.cli", "backup", str(tmp_path / "copy.sqlite3")]
    done = subprocess.run(
        [*command, "--data-dir", str(tmp_path / "data")], capture_output=True, text=True, timeout=60
    )
    live.close()
    assert done.returncode == 0, done.stderr
    assert "1 games, 120 inputs" in done.stdout
    copy = tmp_path / "copy.sqlite3"
    assert not Path(str(copy) + "-wal").exists()  # one file
    with GameLog(copy) as log:
        assert Session.resume(log, 1, check="every").state_hash == hashes[-1]

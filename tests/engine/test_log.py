"""The SQLite game log, the data directory and Session: real files in tmp_path, no mocks."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from hauntable.engine.bots import seq_seeded_choice
from hauntable.engine.hashing import state_hash
from hauntable.engine.rejections import BadConfig, Rejection
from hauntable.gamelog import GameLog, LogError, SeqError
from hauntable.gamelog.jsonl import export_jsonl
from hauntable.games.betrayal import GAME, GameConfig
from hauntable.paths import DB_NAME, data_dir, db_path
from hauntable.session import ResumeError, Session

CONFIG = GameConfig.quick("zoe", "ox", "vivian", today="11-30", seed=3)


def move(to: str):
    return GAME.inputs.parse(f"move {to}")


@pytest.fixture
def log(tmp_path: Path):
    with GameLog(tmp_path / DB_NAME) as log:
        yield log


def play(session: Session, n: int, seed: int = 1) -> list[str]:
    hashes = []
    while not session.over and len(hashes) < n:
        session.submit(seq_seeded_choice(session.game, session.step, seed), source="test")
        hashes.append(session.state_hash)
    return hashes


# --- GameLog -----------------------------------------------------------------------------------------


def test_append_and_read_back_in_order(log: GameLog):
    gid = log.new_game("betrayal", CONFIG.to_json())
    log.append(gid, 1, move("N"), "h1", source="cli")
    log.append(gid, 2, GAME.inputs.parse("roll 1,2 source=tower:1"), "h2")
    log.append(gid, 3, GAME.inputs.parse("end"), "h3")
    rows = log.inputs(gid)
    assert [r.seq for r in rows] == [1, 2, 3]
    assert [r.kind for r in rows] == ["move", "roll", "end"]
    assert [r.source for r in rows] == ["cli", "tower:1", "unknown"]  # default: the input's own source
    assert rows[1].payload == {"kind": "roll", "faces": [1, 2], "source": "tower:1"}
    assert GAME.inputs.from_json(rows[1].payload) == GAME.inputs.parse("roll 1,2 source=tower:1")
    assert [r.state_hash for r in rows] == ["h1", "h2", "h3"]
    assert all(r.at.endswith("+00:00") for r in rows)
    assert log.last_seq(gid) == 3


@pytest.mark.parametrize("seq", [1, 2, 4, 10, 0, -1])
def test_gaps_and_duplicates_are_refused(log: GameLog, seq: int):
    gid = log.new_game("betrayal", CONFIG.to_json())
    log.append(gid, 1, move("N"), "h1")
    log.append(gid, 2, move("N"), "h2")
    with pytest.raises(SeqError, match=r"seq 1\.\.2, so the next must be 3"):
        log.append(gid, seq, move("E"), "bad")
    assert [r.seq for r in log.inputs(gid)] == [1, 2]


def test_first_input_must_be_seq_1(log: GameLog):
    gid = log.new_game("betrayal", CONFIG.to_json())
    with pytest.raises(SeqError, match="gap"):
        log.append(gid, 2, move("N"), "h")
    log.append(gid, 1, move("N"), "h")


def test_games_are_independent(log: GameLog):
    a = log.new_game("betrayal", CONFIG.to_json())
    b = log.new_game("betrayal", CONFIG.to_json())
    log.append(a, 1, move("N"), "a1")
    log.append(b, 1, move("E"), "b1")
    log.append(a, 2, move("S"), "a2")
    assert [r.state_hash for r in log.inputs(a)] == ["a1", "a2"]
    assert [r.state_hash for r in log.inputs(b)] == ["b1"]


def test_unknown_game_is_refused(log: GameLog):
    with pytest.raises(LogError, match="No game 7"):
        log.append(7, 1, move("N"), "h")
    with pytest.raises(LogError, match="No game 7"):
        log.inputs(7)
    with pytest.raises(LogError, match="No game 7"):
        log.game(7)
    with pytest.raises(LogError, match="No game 7"):
        log.mark(7, "over")


def test_games_listing_status_and_latest_unfinished(log: GameLog):
    assert log.games() == [] and log.latest_unfinished() is None
    a = log.new_game("betrayal", CONFIG.to_json())
    b = log.new_game("betrayal", CONFIG.to_json())
    log.append(b, 1, move("N"), "h")
    games = log.games()
    assert [(g.id, g.game, g.status, g.inputs) for g in games] == [
        (a, "betrayal", "playing", 0),
        (b, "betrayal", "playing", 1),
    ]
    assert games[0].config == CONFIG.to_json()
    assert GameConfig.from_json(games[0].config) == CONFIG
    assert log.latest_unfinished().id == b
    log.mark(b, "over")
    assert log.latest_unfinished().id == a
    log.mark(a, "abandoned")
    assert log.latest_unfinished() is None
    with pytest.raises(LogError, match="Unknown game status"):
        log.mark(a, "won")


def test_logged_inputs_cannot_be_changed_or_deleted(log: GameLog):
    gid = log.new_game("betrayal", CONFIG.to_json())
    log.append(gid, 1, move("N"), "h")
    raw = sqlite3.connect(log.path)
    with pytest.raises(sqlite3.IntegrityError, match="append-only"):
        raw.execute("UPDATE inputs SET state_hash = 'x'")
    with pytest.raises(sqlite3.IntegrityError, match="append-only"):
        raw.execute("DELETE FROM inputs")
    raw.close()
    assert log.inputs(gid)[0].state_hash == "h"


def test_wal_and_full_sync_and_reopen(tmp_path: Path):
    path = tmp_path / DB_NAME
    with GameLog(path) as log:
        gid = log.new_game("betrayal", CONFIG.to_json())
        log.append(gid, 1, move("N"), "h")
        assert log._db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
        assert log._db.execute("PRAGMA synchronous").fetchone()[0] == 2  # FULL
    with GameLog(path, durable=False) as log:
        assert log._db.execute("PRAGMA synchronous").fetchone()[0] == 1  # NORMAL, for tests only
    with GameLog(path) as log:
        assert [r.seq for r in log.inputs(gid)] == [1]
        log.append(gid, 2, move("E"), "h2")


def test_two_writers_cannot_both_log_the_same_seq(tmp_path: Path):
    with GameLog(tmp_path / DB_NAME) as one, GameLog(tmp_path / DB_NAME) as two:
        gid = one.new_game("betrayal", CONFIG.to_json())
        one.append(gid, 1, move("N"), "from one")
        with pytest.raises(SeqError, match="duplicate"):
            two.append(gid, 1, move("E"), "from two")
        assert [r.state_hash for r in two.inputs(gid)] == ["from one"]


def test_newer_schema_is_refused(tmp_path: Path):
    path = tmp_path / DB_NAME
    GameLog(path).close()
    raw = sqlite3.connect(path)
    raw.execute("PRAGMA user_version=99")
    raw.close()
    with pytest.raises(LogError, match="schema 99"):
        GameLog(path)


def test_export_lines(log: GameLog):
    session = Session.new("betrayal", CONFIG, log=log)
    play(session, 3)
    lines = list(export_jsonl(log, session.game_id))
    assert len(lines) == 4
    assert lines[0].startswith('{"type": "game", "format": 1, "game": "betrayal", "config": {')
    assert lines[1].startswith('{"type": "input", "seq": 1, "source": "test", "input": {"kind": ')


# --- Session -----------------------------------------------------------------------------------------


def test_submit_logs_before_returning_and_rejections_log_nothing(log: GameLog):
    session = Session.new("betrayal", CONFIG, log=log)
    gid = session.game_id
    assert log.game(gid).status == "playing" and log.inputs(gid) == []
    start_hash = session.state_hash
    with pytest.raises(Rejection):
        session.submit(GAME.inputs.parse("roll 1"))  # nobody asked for a roll
    assert session.state_hash == start_hash and session.step.state.seq == 0
    assert log.inputs(gid) == []
    hashes = play(session, 5)
    rows = log.inputs(gid)
    assert [r.seq for r in rows] == [1, 2, 3, 4, 5]
    assert [r.state_hash for r in rows] == hashes
    assert all(r.source == "test" for r in rows)


def test_bad_config_logs_nothing(log: GameLog):
    with pytest.raises(BadConfig):
        Session.new("betrayal", GameConfig.quick("zoe", "ox"), log=log)
    assert log.games() == []


def test_session_accepts_config_json_and_works_without_log():
    session = Session.new("betrayal", CONFIG.to_json())
    assert session.game_id is None and session.log is None
    assert session.state_hash == state_hash(GAME.new_game(CONFIG).state)
    play(session, 4)
    assert session.step.state.seq == 4


def test_resume_gives_the_same_state_and_continues(log: GameLog):
    session = Session.new("betrayal", CONFIG, log=log)
    play(session, 12)
    again = Session.resume(log, session.game_id)
    assert again.state_hash == session.state_hash
    assert again.step.state.to_json() == session.step.state.to_json()
    play(again, 3)
    assert [r.seq for r in log.inputs(session.game_id)] == list(range(1, 16))
    assert Session.resume(log, session.game_id, check="last").state_hash == again.state_hash


def test_resume_of_a_finished_game_repairs_its_status(log: GameLog):
    session = Session.new("betrayal", CONFIG, log=log)
    play(session, 10_000)
    assert session.over and log.game(session.game_id).status == "over"
    raw = sqlite3.connect(log.path)  # as if killed between the last append and the mark
    raw.execute("UPDATE games SET status = 'playing'")
    raw.commit()
    raw.close()
    again = Session.resume(log, session.game_id)
    assert again.over and log.game(session.game_id).status == "over"


@pytest.mark.parametrize(
    ("check", "bad_seq", "raises"), [("every", 2, True), ("last", 2, False), ("last", 3, True)]
)
def test_resume_reports_a_hash_mismatch(log: GameLog, check: str, bad_seq: int, raises: bool):
    session = Session.new("betrayal", CONFIG, log=log)
    gid = session.game_id
    step = session.step
    for _ in range(3):
        inp = seq_seeded_choice(GAME, step, 1)
        step = GAME.apply(step.state, inp)
        log.append(
            gid, step.state.seq, inp, "0" * 64 if step.state.seq == bad_seq else state_hash(step.state)
        )
    if raises:
        match = rf"game {gid}, seq {bad_seq}: replaying move {bad_seq} .* the log recorded 00000000…00000000"
        with pytest.raises(ResumeError, match=match):
            Session.resume(log, gid, check=check)
    else:  # only the last hash is compared, and it is right
        assert Session.resume(log, gid, check=check).state_hash == state_hash(step.state)


def test_resume_reports_a_refused_input(log: GameLog):
    gid = log.new_game("betrayal", CONFIG.to_json())
    log.append(gid, 1, GAME.inputs.parse("roll 1,1"), "h")
    with pytest.raises(ResumeError, match="seq 1: move 1 is refused on replay"):
        Session.resume(log, gid)


# --- data directory ----------------------------------------------------------------------------------


def test_data_dir_resolution_order(tmp_path: Path):
    home = Path.home()
    assert data_dir(env={}) == home / ".local" / "share" / "hauntable"
    assert data_dir(env={"XDG_DATA_HOME": "/xdg"}) == Path("/xdg/hauntable")
    assert data_dir(env={"XDG_DATA_HOME": "relative"}) == home / ".local" / "share" / "hauntable"
    env = {"XDG_DATA_HOME": "/xdg", "HAUNTABLE_DATA_DIR": "/env"}
    assert data_dir(env=env) == Path("/env")
    assert data_dir(tmp_path / "flag", env=env) == tmp_path / "flag"


def test_db_path_creates_the_directory_on_demand(tmp_path: Path):
    target = tmp_path / "a" / "b"
    assert db_path(target, create=False) == target / DB_NAME and not target.exists()
    assert db_path(env={"HAUNTABLE_DATA_DIR": str(target)}) == target / "table.sqlite3"
    assert target.is_dir()

"""``hauntable export`` and ``hauntable replay`` as real subprocesses over a real SQLite log."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from hauntable.engine.bots import seq_seeded_choice
from hauntable.gamelog import GameLog
from hauntable.games.betrayal import GameConfig
from hauntable.paths import DB_NAME
from hauntable.session import Session

CONFIG = GameConfig.quick("zoe", "ox", "vivian", today="11-30", seed=5)


def cli(*args: str, cwd: Path, data_dir: Path | None = None, stdin: bytes | None = None):
    env = dict(os.environ)
    env.pop("HAUNTABLE_DATA_DIR", None)
    if data_dir is not None:
        env["HAUNTABLE_DATA_DIR"] = str(data_dir)
    return subprocess.run(
        [sys.executable, "-m", "hauntable.cli", *args],
        cwd=cwd,
        env=env,
        input=stdin,
        capture_output=True,
        timeout=60,
    )


def live_game(data: Path, inputs: int, seed: int = 5) -> Session:
    """Play ``inputs`` bot inputs (or to the end) in this process, logged in ``data``."""
    data.mkdir(parents=True, exist_ok=True)
    log = GameLog(data / DB_NAME)
    session = Session.new("betrayal", CONFIG, log=log)
    while not session.over and session.step.state.seq < inputs:
        session.submit(seq_seeded_choice(session.game, session.step, seed), source="test")
    log.close()
    return session


@pytest.mark.parametrize("inputs", [0, 7, 100_000])
def test_export_then_replay_gives_the_live_hash(tmp_path: Path, inputs: int):
    data = tmp_path / "data"
    session = live_game(data, inputs)
    assert session.over == (inputs == 100_000)

    exported = cli("export", str(session.game_id), cwd=tmp_path, data_dir=data)
    assert exported.returncode == 0, exported.stderr
    lines = exported.stdout.decode().splitlines()
    assert len(lines) == 1 + session.step.state.seq
    assert json.loads(lines[0])["type"] == "game"

    out = tmp_path / "game.jsonl"
    to_file = cli("export", str(session.game_id), "-o", str(out), "--data-dir", str(data), cwd=tmp_path)
    assert to_file.returncode == 0 and to_file.stdout == b""
    assert out.read_bytes() == exported.stdout

    replayed = cli("replay", str(out), cwd=tmp_path)
    assert replayed.returncode == 0, replayed.stderr
    result = json.loads(replayed.stdout)
    assert result["state_hash"] == session.state_hash
    assert result["state"] == session.step.state.to_json()

    from_stdin = cli("replay", "-", cwd=tmp_path, stdin=exported.stdout)
    assert json.loads(from_stdin.stdout)["state_hash"] == session.state_hash


def test_export_of_an_unknown_game_or_a_missing_log(tmp_path: Path):
    missing = cli("export", "1", cwd=tmp_path, data_dir=tmp_path / "nowhere")
    assert missing.returncode == 2 and b"no game log" in missing.stderr and missing.stdout == b""
    assert not (tmp_path / "nowhere").exists()
    live_game(tmp_path / "data", 2)
    unknown = cli("export", "9", "-o", "out.jsonl", cwd=tmp_path, data_dir=tmp_path / "data")
    assert unknown.returncode == 2 and b"No game 9" in unknown.stderr
    assert not (tmp_path / "out.jsonl").exists()


# --- malformed files ---------------------------------------------------------------------------------


def _edit(lines: list[str], n: int, **changes) -> list[str]:
    """Change fields of the JSON object on line ``n`` (1-based); ``input`` replaces the input object."""
    obj = json.loads(lines[n - 1])
    obj.update(changes)
    return [*lines[: n - 1], json.dumps(obj), *lines[n:]]


Mutation = Callable[[list[str]], list[str] | bytes]

MALFORMED: dict[str, tuple[Mutation, int, str]] = {
    "bad json": (lambda ls: [*ls[:2], '{"type": "input", "seq": 2,', *ls[3:]], 3, "not valid JSON"),
    "not an object": (lambda ls: [ls[0], "[1, 2]", *ls[2:]], 2, "expected a JSON object, not list"),
    "empty file": (lambda ls: [], 1, "missing header"),
    "missing header": (lambda ls: ls[1:], 1, "missing header"),
    "unknown game": (lambda ls: _edit(ls, 1, game="chess"), 1, "Unknown game 'chess'"),
    "unsupported format": (lambda ls: _edit(ls, 1, format=2), 1, "unsupported format 2"),
    "bad config": (
        lambda ls: _edit(ls, 1, config=GameConfig.quick("zoe", "ox").to_json()),
        1,
        "bad config: Betrayal needs 3 to 6 players",
    ),
    "unknown input kind": (
        lambda ls: _edit(ls, 4, input={"kind": "teleport"}),
        4,
        "Unknown input 'teleport'",
    ),
    "input missing a field": (lambda ls: _edit(ls, 3, input={"kind": "move"}), 3, "needs the field 'to'"),
    "duplicate seq": (lambda ls: [*ls[:4], ls[3], *ls[4:]], 5, "seq 3 repeats or goes back"),
    "seq out of order": (lambda ls: [*ls[:2], ls[3], ls[2], *ls[4:]], 3, "seq 3 skips ahead; expected 2"),
    "seq gap": (lambda ls: [*ls[:3], *ls[4:]], 4, "seq 4 skips ahead; expected 3"),
    "seq not an integer": (lambda ls: _edit(ls, 2, seq="1"), 2, "seq must be an integer"),
    "hash mismatch": (lambda ls: _edit(ls, 5, state_hash="f" * 64), 5, "state hash mismatch"),
    "refused input": (
        lambda ls: _edit(ls, 2, input={"kind": "roll", "faces": [1]}),
        2,
        "the game refuses roll 1:",
    ),
    "second header": (lambda ls: [*ls[:3], ls[0], *ls[3:]], 4, "a second game header"),
    "unknown line type": (lambda ls: _edit(ls, 3, type="comment"), 3, "unknown line type 'comment'"),
    "not utf-8": (lambda ls: "\n".join(ls[:2]).encode() + b'\n{"type": "\xff"}\n', 3, "not UTF-8"),
    # the files that gave a traceback and exit 1 (issue 19, item 10)
    "players not a list": (lambda ls: _cfg(ls, players=3), 1, "bad config"),
    "seed a string": (lambda ls: _cfg(ls, seed="x"), 1, "bad config"),
    "players of numbers": (lambda ls: _cfg(ls, players=[1, 2, 3]), 1, "bad config"),
    "house rules a list": (lambda ls: _cfg(ls, house_rules=[1]), 1, "bad config"),
    "today a number": (lambda ls: _cfg(ls, today=1105), 1, "bad config"),
    "deeply nested": (lambda ls: [ls[0], "[" * 100_000 + "]" * 100_000, *ls[2:]], 2, "not JSON"),
    "5,000-digit integer": (lambda ls: [ls[0], '{"seq": ' + "9" * 5000 + "}", *ls[2:]], 2, "not JSON"),
    "5,000-digit seed": (lambda ls: [_raw_seed(ls[0]), *ls[1:]], 1, "not JSON"),
    "huge line": (lambda ls: [ls[0], " " * (2 << 20), *ls[2:]], 2, "longer than 1024 KB"),
}


def _cfg(lines: list[str], **changes) -> list[str]:
    header = json.loads(lines[0])
    return [json.dumps({**header, "config": {**header["config"], **changes}}), *lines[1:]]


def _raw_seed(header: str) -> str:
    obj = json.loads(header)
    obj["config"]["seed"] = 0
    return json.dumps(obj).replace('"seed": 0', '"seed": ' + "7" * 5000)


@pytest.fixture(scope="module")
def good_lines(tmp_path_factory: pytest.TempPathFactory) -> list[str]:
    tmp = tmp_path_factory.mktemp("good")
    session = live_game(tmp / "data", 10)
    out = cli("export", str(session.game_id), cwd=tmp, data_dir=tmp / "data")
    assert out.returncode == 0, out.stderr
    return out.stdout.decode().splitlines()


@pytest.mark.parametrize("case", sorted(MALFORMED))
def test_malformed_file_exits_2_naming_the_line_and_writes_nothing(tmp_path: Path, good_lines, case: str):
    mutate, line, fragment = MALFORMED[case]
    changed = mutate(list(good_lines))
    source = tmp_path / "in" / "game.jsonl"
    source.parent.mkdir()
    source.write_bytes(
        changed if isinstance(changed, bytes) else "".join(f"{ln}\n" for ln in changed).encode()
    )
    work = tmp_path / "work"
    work.mkdir()
    before = sorted(p.name for p in tmp_path.rglob("*"))

    result = cli("replay", str(source), cwd=work, data_dir=tmp_path / "data")

    stderr = result.stderr.decode()
    assert result.returncode == 2, stderr
    assert result.stdout == b""
    assert stderr.count("\n") == 1, stderr  # one message, no traceback
    assert f"game.jsonl: line {line}: " in stderr and fragment in stderr, stderr
    assert sorted(p.name for p in tmp_path.rglob("*")) == before  # nothing written anywhere


def test_the_unmodified_file_replays(tmp_path: Path, good_lines):
    source = tmp_path / "game.jsonl"
    source.write_text("\n".join(good_lines) + "\n\n")  # blank lines are allowed
    result = cli("replay", str(source), cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout)["state"]["seq"] == 10


@pytest.mark.parametrize("path", ["/dev/zero", "/dev/urandom"])
def test_an_endless_device_is_refused_in_bounded_memory(tmp_path: Path, path: str):
    result = measured(path, cwd=tmp_path)
    assert result.returncode == 2 and b"Traceback" not in result.stderr, result.stderr
    assert b"line 1: " in result.stderr
    assert peak_mb(result) < 120


def test_a_long_file_replays_in_flat_memory(tmp_path: Path, good_lines):
    """20 MB: the header, then blank padding lines (skipped), then the game; memory does not grow."""
    source = tmp_path / "long.jsonl"
    with open(source, "w") as f:
        f.write(good_lines[0] + "\n")
        pad = " " * 1000 + "\n"
        f.write(pad * 20_000)
        f.write("\n".join(good_lines[1:]) + "\n")
    result = measured(str(source), cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert peak_mb(result) < 120


# VmHWM (this process image's peak RSS), not ru_maxrss: that one keeps the forking pytest's peak across exec
MEASURE = (
    "import runpy, sys; sys.argv = ['hauntable', 'replay', sys.argv[1]]\n"
    "try:\n    runpy.run_module('hauntable.cli', run_name='__main__')\n"
    "finally:\n    hwm = [ln.split()[1] for ln in open('/proc/self/status') if ln.startswith('VmHWM:')]\n"
    "    print('peak', hwm[0], file=sys.stderr)"
)


def measured(path: str, cwd: Path):
    return subprocess.run(
        [sys.executable, "-c", MEASURE, path], cwd=cwd, capture_output=True, timeout=120, env=dict(os.environ)
    )


def peak_mb(result) -> float:
    line = [ln for ln in result.stderr.decode().splitlines() if ln.startswith("peak ")][-1]
    return int(line.split()[1]) / 1024


def test_replay_of_a_missing_file(tmp_path: Path):
    result = cli("replay", str(tmp_path / "nope.jsonl"), cwd=tmp_path)
    assert result.returncode == 2 and result.stdout == b""
    assert b"cannot read" in result.stderr and b"Traceback" not in result.stderr

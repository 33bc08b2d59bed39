"""A logged game as JSON Lines (docs/game-log.md): written by export, read back by replay.

The file is a ``game`` header line, then one ``input`` line per logged input with the state hash recorded
after it. Writing goes whole or not at all (:func:`write_atomically`); reading (:func:`replay_jsonl`) is a
pure fold over text lines that names the first line it cannot replay, for ``hauntable replay`` and tests.
"""

from __future__ import annotations

import io
import itertools
import json
import os
import tempfile
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Any, BinaryIO

from hauntable.engine.game import GameDefinition, Step, find_game
from hauntable.engine.hashing import state_hash
from hauntable.engine.rejections import HauntableError, Rejection
from hauntable.engine.takeback import Timeline
from hauntable.gamelog.store import GameLog

EXPORT_FORMAT = 1


class ReplayFileError(HauntableError):
    """A line of a JSON Lines game that cannot be replayed; ``line`` is 1-based."""

    code = "replay/file"

    def __init__(self, line: int, message: str):
        super().__init__(f"line {line}: {message}")
        self.line = line
        self.message = message


def export_jsonl(log: GameLog, game_id: int) -> Iterator[str]:
    """One logged game as JSON Lines (docs/game-log.md): a ``game`` header, then one ``input`` per line."""
    record = log.game(game_id)
    header = {"type": "game", "format": EXPORT_FORMAT, "game": record.game, "config": record.config}
    yield json.dumps(header, ensure_ascii=False)
    for e in log.inputs(game_id):
        line = {
            "type": "input",
            "seq": e.seq,
            "source": e.source,
            "input": {"kind": e.kind, **e.payload},  # kind first, for people reading the file
            "state_hash": e.state_hash,
            "at": e.at,
        }
        yield json.dumps(line, ensure_ascii=False)


def write_atomically(path: Path, text: str) -> None:
    """Write to a temporary file beside ``path`` and rename it over: readers see all of it or none."""
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


MAX_LINE = 1 << 20  # bytes: a logged input is well under 1 KB; a longer line is not a game


def read_lines(stream: BinaryIO, max_line: int = MAX_LINE) -> Iterator[str]:
    """The file's lines as text, read one at a time (memory stays flat whatever the file's size); a line
    over ``max_line`` bytes (``/dev/zero``, a binary file) or not UTF-8 raises ReplayFileError."""
    for n in itertools.count(1):
        raw = stream.readline(max_line + 1)
        if not raw:
            return
        if len(raw) > max_line:
            raise ReplayFileError(n, f"longer than {max_line // 1024} KB; not a line of an exported game")
        try:
            yield raw.decode("utf-8")
        except UnicodeDecodeError as exc:
            raise ReplayFileError(n, f"not UTF-8 text ({exc.reason} at byte {exc.start})") from None


def decode_lines(data: bytes) -> Iterator[str]:
    """:func:`read_lines` over bytes already in memory."""
    return read_lines(io.BytesIO(data))


def replay_jsonl(lines: Iterable[str]) -> Step:
    """Replay JSON Lines text (one string per line). Raises ReplayFileError naming the first bad line."""
    game: GameDefinition | None = None
    timeline: Timeline | None = None  # a file may hold take backs (rule E3): the timeline answers them
    last = 0
    for n, text in enumerate(lines, start=1):
        if not text.strip():
            continue  # blank lines (a trailing newline, an editor's last line) carry nothing
        obj = _object(n, text)
        if game is None or timeline is None:
            game, start = _header(n, obj)
            timeline = Timeline(game, start)
            continue
        if obj.get("type") == "game":
            raise ReplayFileError(n, "a second game header; one file holds one game")
        if obj.get("type") != "input":
            raise ReplayFileError(n, f"unknown line type {obj.get('type')!r}; expected 'input'")
        seq = obj.get("seq")
        if not isinstance(seq, int) or isinstance(seq, bool):
            raise ReplayFileError(n, f"seq must be an integer, not {seq!r}")
        if seq <= last:
            raise ReplayFileError(n, f"seq {seq} repeats or goes back; the previous line had seq {last}")
        if seq != last + 1:
            raise ReplayFileError(n, f"seq {seq} skips ahead; expected {last + 1}")
        if not isinstance(obj.get("source", ""), str):
            raise ReplayFileError(n, "source must be a string")
        try:
            inp = game.inputs.from_json(obj.get("input"))
        except Rejection as exc:
            raise ReplayFileError(n, f"unreadable input: {exc.sentence}") from None
        try:
            timeline = timeline.after(inp)
        except Rejection as exc:
            raise ReplayFileError(n, f"the game refuses {inp!s}: {exc.sentence}") from None
        except Exception as exc:  # values of the right type the rules never meet in a real game
            raise ReplayFileError(n, f"the game cannot apply {inp!s}: {type(exc).__name__}: {exc}") from None
        step = timeline.step
        if step.state.seq != seq:
            raise ReplayFileError(n, f"the game is at seq {step.state.seq} after this input, not {seq}")
        recorded = obj.get("state_hash")
        if recorded is not None:
            got = state_hash(step.state)
            if recorded != got:
                raise ReplayFileError(
                    n, f"state hash mismatch after {inp!s}: the file says {recorded!r}, replay gives {got!r}"
                )
        last = seq
    if timeline is None:
        raise ReplayFileError(
            1, 'missing header: the file is empty; the first line must be {"type": "game", ...}'
        )
    return timeline.step


def _object(n: int, text: str) -> dict[str, Any]:
    try:
        obj = json.loads(text)
    except json.JSONDecodeError as exc:
        raise ReplayFileError(n, f"not valid JSON: {exc.msg} (column {exc.colno})") from None
    except (ValueError, RecursionError) as exc:  # a 5,000-digit number, arrays nested 100,000 deep
        raise ReplayFileError(n, f"not JSON this reader accepts: {type(exc).__name__}: {exc}") from None
    if not isinstance(obj, dict):
        raise ReplayFileError(n, f"expected a JSON object, not {type(obj).__name__}")
    return obj


def _header(n: int, obj: dict[str, Any]) -> tuple[GameDefinition, Step]:
    if obj.get("type") != "game":
        raise ReplayFileError(n, 'missing header: the first line must be {"type": "game", ...}')
    if obj.get("format") != EXPORT_FORMAT:
        raise ReplayFileError(
            n, f"unsupported format {obj.get('format')!r}; this version reads {EXPORT_FORMAT}"
        )
    name = obj.get("game")
    if not isinstance(name, str):
        raise ReplayFileError(n, "the header names no game")
    try:
        game = find_game(name)
    except Rejection as exc:
        raise ReplayFileError(n, exc.sentence) from None
    config = obj.get("config")
    if not isinstance(config, dict):
        raise ReplayFileError(n, "the header's config must be a JSON object")
    try:
        return game, game.new_game(game.config_from_json(config))
    except HauntableError as exc:
        raise ReplayFileError(n, f"bad config: {exc}") from None
    except Exception as exc:  # a field of the wrong type: "players": 3, "seed": "x", ...
        raise ReplayFileError(n, f"bad config: {type(exc).__name__}: {exc}") from None

"""Salvaging a damaged log: every readable game and every input up to its first unreadable one, copied
into a fresh file that then takes the log's place; the damaged file is kept beside it, renamed.

Rows are read one at a time, so a damaged page ends one game's inputs where it starts and the games and
inputs before it are kept. Only :mod:`hauntable.gamelog.opening` calls this, and only for a file whose
*contents* SQLite reports as damaged and that no other process has open.
"""

from __future__ import annotations

import contextlib
import dataclasses
import datetime
import os
import sqlite3
from collections.abc import Iterator

from hauntable.gamelog.store import GameLog


@dataclasses.dataclass(frozen=True)
class Salvaged:
    """What was kept: ``games`` and ``inputs`` copied; ``lost`` one line per game that lost inputs
    (or a line for a games table that could not be read); ``aside`` the damaged file's new name."""

    games: int
    inputs: int
    lost: tuple[str, ...]
    aside: str


def stamp() -> str:
    return datetime.datetime.now(datetime.UTC).strftime("%Y%m%dT%H%M%SZ")


def _rows(db: sqlite3.Connection, sql: str, params: tuple = ()) -> Iterator[tuple]:
    """The rows of a query until the first one the damage makes unreadable."""
    try:
        cur = db.execute(sql, params)
        while True:
            row = cur.fetchone()
            if row is None:
                return
            yield row
    except sqlite3.Error:
        return


def _scalar(db: sqlite3.Connection, sql: str, params: tuple = ()) -> int | None:
    try:
        row = db.execute(sql, params).fetchone()
    except sqlite3.Error:
        return None
    return row[0] if row else None


def set_aside(path: str, suffix: str) -> str:
    """Rename the log (and its -wal and -shm) to ``path + suffix``; returns the new name."""
    aside = path + suffix
    os.replace(path, aside)
    for extra in ("-wal", "-shm"):
        if os.path.exists(path + extra):
            os.replace(path + extra, aside + extra)
    return aside


def salvage(path: str) -> Salvaged:
    """Copy what can be read of the damaged log at ``path`` into a new log, put it in its place and keep
    the damaged file as ``<path>.damaged-<UTC stamp>``. Raises OSError if the files cannot be written."""
    fresh = path + ".salvage"
    for extra in ("", "-wal", "-shm"):
        with contextlib.suppress(FileNotFoundError):
            os.unlink(fresh + extra)
    games = inputs = 0
    lost: list[str] = []
    try:
        src = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
        src.text_factory = bytes
    except sqlite3.Error:
        src = None
    with GameLog(fresh) as out, contextlib.ExitStack() as stack:
        if src is not None:
            stack.callback(src.close)
            rows = list(_rows(src, "SELECT id, game, created, config, status FROM games ORDER BY id"))
            known = _scalar(src, "SELECT count(*) FROM games")
            if known is None or known > len(rows):
                lost.append("some games could not be read at all")
            db = out._db
            db.execute("BEGIN IMMEDIATE")
            for game_id, game, created, config, status in rows:
                db.execute(
                    "INSERT INTO games (id, game, created, config, status) VALUES (?, ?, ?, ?, ?)",
                    (game_id, _str(game), _str(created), _str(config), _str(status)),
                )
                games += 1
                kept = 0
                query = (
                    "SELECT seq, at, source, kind, payload_json, state_hash FROM inputs "
                    "WHERE game_id = ? ORDER BY seq"
                )
                for seq, *fields in _rows(src, query, (game_id,)):
                    if seq != kept + 1:
                        break
                    db.execute(
                        "INSERT INTO inputs (game_id, seq, at, source, kind, payload_json, state_hash) "
                        "VALUES (?, ?, ?, ?, ?, ?, ?)",
                        (game_id, seq, *map(_str, fields)),
                    )
                    kept += 1
                inputs += kept
                last = _scalar(src, "SELECT MAX(seq) FROM inputs WHERE game_id = ?", (game_id,))
                if last is None or last > kept:
                    after = f"after move {kept}" if kept else "from its first move"
                    lost.append(f"game {game_id} lost its moves {after}")
            db.execute("COMMIT")
        out.checkpoint()
    aside = set_aside(path, f".damaged-{stamp()}")
    os.replace(fresh, path)
    for extra in ("-wal", "-shm"):
        with contextlib.suppress(FileNotFoundError):
            os.unlink(fresh + extra)
    return Salvaged(games, inputs, tuple(lost), os.path.basename(aside))


def _str(value: object) -> object:
    """Text read as bytes (damaged UTF-8 must not stop the salvage) back to text; other types as read."""
    return value.decode("utf-8", "replace") if isinstance(value, bytes) else value

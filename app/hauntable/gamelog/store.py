"""The game log: every accepted input of every game, append-only, in one SQLite file per table.

A game is a pure fold of its inputs (see :func:`hauntable.engine.game.replay`), so this log is the
table's only save file: resuming after a power cut replays it. Hence WAL mode with ``synchronous=FULL``
(a committed input survives power loss), one transaction per input, triggers refusing any UPDATE or
DELETE of a logged input, and a strict ``seq`` = previous + 1 rule so gaps and duplicates cannot hide.

The log reads the clock (for ``created`` and ``at``); the engine never does. It is game-agnostic: it stores
the input's JSON and leaves turning it back into an input to the game (see :mod:`hauntable.session`).
"""

from __future__ import annotations

import dataclasses
import datetime
import json
import os
import sqlite3
from types import TracebackType
from typing import Any

from hauntable.engine.hashing import canonical_json
from hauntable.engine.inputs import Input
from hauntable.engine.rejections import HauntableError

SCHEMA_VERSION = 1
PLAYING, OVER, ABANDONED = "playing", "over", "abandoned"
STATUSES = (PLAYING, OVER, ABANDONED)

_SCHEMA = """
CREATE TABLE IF NOT EXISTS games (
    id INTEGER PRIMARY KEY,
    game TEXT NOT NULL,
    created TEXT NOT NULL,
    config TEXT NOT NULL,          -- JSON
    status TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS inputs (
    game_id INTEGER NOT NULL REFERENCES games(id),
    seq INTEGER NOT NULL,
    at TEXT NOT NULL,
    source TEXT NOT NULL,
    kind TEXT NOT NULL,
    payload_json TEXT NOT NULL,    -- the input's to_json(), canonical
    state_hash TEXT NOT NULL,      -- state_hash() of the state after this input
    PRIMARY KEY (game_id, seq)
);
CREATE TRIGGER IF NOT EXISTS inputs_append_only_update BEFORE UPDATE ON inputs
BEGIN SELECT RAISE(ABORT, 'the input log is append-only'); END;
CREATE TRIGGER IF NOT EXISTS inputs_append_only_delete BEFORE DELETE ON inputs
BEGIN SELECT RAISE(ABORT, 'the input log is append-only'); END;
"""


class LogError(HauntableError):
    """The log cannot do what was asked: unknown game, bad status, a newer schema."""

    code = "log/error"


class SeqError(LogError):
    """An append whose ``seq`` is not the previous one plus one (a gap, a duplicate, a stale writer)."""

    code = "log/seq"


@dataclasses.dataclass(frozen=True)
class GameRecord:
    """One row of ``games``, with ``config`` parsed and the number of logged inputs."""

    id: int
    game: str
    created: str
    config: dict[str, Any]
    status: str
    inputs: int


@dataclasses.dataclass(frozen=True)
class LoggedInput:
    """One row of ``inputs``; ``payload`` is the input's ``to_json()`` (the game's registry rebuilds it)."""

    game_id: int
    seq: int
    at: str
    source: str
    kind: str
    payload: dict[str, Any]
    state_hash: str


def _now() -> str:
    return datetime.datetime.now(datetime.UTC).isoformat(timespec="milliseconds")


class GameLog:
    """The append-only SQLite log at ``path`` (created if missing). A context manager, or call ``close()``.

    ``durable=False`` (``synchronous=NORMAL``) still survives a killed process but may lose the last inputs
    on power loss; it is for tests and benchmarks that append thousands of inputs, never for the table.
    """

    def __init__(self, path: str | os.PathLike[str], durable: bool = True):
        self.path = os.fspath(path)
        self.durable = durable
        # autocommit mode: every write below opens its own explicit transaction
        self._db = sqlite3.connect(self.path, isolation_level=None, timeout=10.0)
        try:
            self._db.execute("PRAGMA journal_mode=WAL")
            # FULL: each commit is fsynced, so an input shown as accepted survives a power cut
            self._db.execute(f"PRAGMA synchronous={'FULL' if durable else 'NORMAL'}")
            self._db.execute("PRAGMA foreign_keys=ON")
            version = self._db.execute("PRAGMA user_version").fetchone()[0]
            if version > SCHEMA_VERSION:
                raise LogError(f"{self.path} has log schema {version}; this version reads {SCHEMA_VERSION}.")
            # one script, one transaction: a second process opening the file waits instead of racing
            self._db.executescript(
                f"BEGIN IMMEDIATE; {_SCHEMA} PRAGMA user_version={SCHEMA_VERSION}; COMMIT;"
            )
        except BaseException:
            if self._db.in_transaction:
                self._db.execute("ROLLBACK")
            self._db.close()
            raise

    @classmethod
    def open_or_set_aside(cls, path: str | os.PathLike[str]) -> tuple[GameLog, str | None]:
        """Open the table's log; a damaged or truncated file is renamed aside and a new log started.

        Returns the log and, when a file was set aside, a sentence for the screen naming it. A start-up
        must never crash on a damaged file (a power cut mid-write on a bad SD card), nor silently lose it.
        """
        path = os.fspath(path)
        try:
            log = cls(path)
            try:
                result = log._db.execute("PRAGMA quick_check").fetchone()[0]
                log._db.execute("SELECT count(*) FROM inputs").fetchone()
            except sqlite3.DatabaseError as exc:
                result = str(exc)
            if result == "ok":
                return log, None
            log.close()
        except sqlite3.DatabaseError:
            pass
        stamp = datetime.datetime.now(datetime.UTC).strftime("%Y%m%dT%H%M%SZ")
        aside = f"{path}.damaged-{stamp}"
        os.replace(path, aside)
        for suffix in ("-wal", "-shm"):
            if os.path.exists(path + suffix):
                os.replace(path + suffix, aside + suffix)
        notice = (
            f"The game log {os.path.basename(path)} was damaged and has been set aside as "
            f"{os.path.basename(aside)}; a new log was started."
        )
        return cls(path), notice

    # --- lifecycle ---------------------------------------------------------------------------------

    def close(self) -> None:
        self._db.close()

    def __enter__(self) -> GameLog:
        return self

    def __exit__(
        self, exc_type: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        self.close()

    # --- writing -----------------------------------------------------------------------------------

    def new_game(self, game_name: str, config_json: dict[str, Any]) -> int:
        """Record a new game (status ``playing``) and return its id."""
        with self._transaction():
            cur = self._db.execute(
                "INSERT INTO games (game, created, config, status) VALUES (?, ?, ?, ?)",
                (game_name, _now(), canonical_json(config_json), PLAYING),
            )
        assert cur.lastrowid is not None
        return cur.lastrowid

    def append(self, game_id: int, seq: int, inp: Input, state_hash: str, source: str | None = None) -> None:
        """Log one accepted input in its own durable transaction. ``seq`` must be the previous one plus one.

        ``source`` is who or what submitted it ("bot", "cli", "touch", ...); by default the input's own
        ``source`` field when it has one (dice tower, table reader), else "unknown".
        """
        if source is None:
            source = getattr(inp, "source", None) or "unknown"
        with self._transaction():
            self._require_game(game_id)
            last = self._last_seq(game_id)
            if seq != last + 1:
                what = "duplicate" if seq <= last else "gap"
                raise SeqError(
                    f"game {game_id}: cannot log seq {seq} ({what}); the log holds seq 1..{last}, "
                    f"so the next must be {last + 1}."
                )
            self._db.execute(
                "INSERT INTO inputs (game_id, seq, at, source, kind, payload_json, state_hash) "
                "VALUES (?, ?, ?, ?, ?, ?, ?)",
                (game_id, seq, _now(), source, inp.kind, canonical_json(inp.to_json()), state_hash),
            )

    def mark(self, game_id: int, status: str) -> None:
        """Set a game's status (``playing``, ``over`` or ``abandoned``); its inputs stay untouched."""
        if status not in STATUSES:
            raise LogError(f"Unknown game status {status!r}; use one of {', '.join(STATUSES)}.")
        with self._transaction():
            self._require_game(game_id)
            self._db.execute("UPDATE games SET status = ? WHERE id = ?", (status, game_id))

    # --- reading -----------------------------------------------------------------------------------

    def inputs(self, game_id: int) -> list[LoggedInput]:
        """Every logged input of a game, in ``seq`` order."""
        self._require_game(game_id)
        rows = self._db.execute(
            "SELECT game_id, seq, at, source, kind, payload_json, state_hash FROM inputs "
            "WHERE game_id = ? ORDER BY seq",
            (game_id,),
        ).fetchall()
        return [LoggedInput(g, s, at, src, k, json.loads(p), h) for g, s, at, src, k, p, h in rows]

    def last_seq(self, game_id: int) -> int:
        """The highest logged ``seq`` of a game (0 when it has no inputs yet)."""
        self._require_game(game_id)
        return self._last_seq(game_id)

    def game(self, game_id: int) -> GameRecord:
        """One game's record. Raises LogError for an unknown id."""
        rows = self._games("WHERE g.id = ?", (game_id,))
        if not rows:
            raise LogError(f"No game {game_id} in {self.path}.")
        return rows[0]

    def games(self) -> list[GameRecord]:
        """Every game, oldest first."""
        return self._games("", ())

    def latest_unfinished(self) -> GameRecord | None:
        """The most recently created game still ``playing`` (what to offer to resume), or None."""
        rows = self._games("WHERE g.status = ?", (PLAYING,))
        return rows[-1] if rows else None

    # --- helpers -----------------------------------------------------------------------------------

    def _transaction(self) -> _Transaction:
        return _Transaction(self._db)

    def _require_game(self, game_id: int) -> None:
        if self._db.execute("SELECT 1 FROM games WHERE id = ?", (game_id,)).fetchone() is None:
            raise LogError(f"No game {game_id} in {self.path}.")

    def _last_seq(self, game_id: int) -> int:
        row = self._db.execute("SELECT MAX(seq) FROM inputs WHERE game_id = ?", (game_id,)).fetchone()
        return row[0] or 0

    def _games(self, where: str, params: tuple[Any, ...]) -> list[GameRecord]:
        rows = self._db.execute(
            "SELECT g.id, g.game, g.created, g.config, g.status, "
            "(SELECT COUNT(*) FROM inputs i WHERE i.game_id = g.id) "
            f"FROM games g {where} ORDER BY g.id",
            params,
        ).fetchall()
        return [GameRecord(i, g, c, json.loads(cfg), s, n) for i, g, c, cfg, s, n in rows]


class _Transaction:
    """``BEGIN IMMEDIATE`` ... ``COMMIT`` (or ``ROLLBACK`` on error): the write lock is taken up front, so
    the seq check and the insert cannot interleave with another writer."""

    def __init__(self, db: sqlite3.Connection):
        self._db = db

    def __enter__(self) -> None:
        self._db.execute("BEGIN IMMEDIATE")

    def __exit__(
        self, exc_type: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        if exc_type is None:
            self._db.execute("COMMIT")
        else:
            self._db.execute("ROLLBACK")

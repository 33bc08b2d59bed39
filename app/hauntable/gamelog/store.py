"""The game log: every accepted input of every game, append-only, in one SQLite file per table.

A game is a pure fold of its inputs (see :func:`hauntable.engine.takeback.replay`), so this log is the
table's only save file: resuming after a power cut replays it. Hence WAL mode with ``synchronous=FULL``
(a committed input survives power loss), one transaction per input, triggers refusing any UPDATE or
DELETE of a logged input, and a strict ``seq`` = previous + 1 rule so gaps and duplicates cannot hide.

The log reads the clock (for ``created`` and ``at``); the engine never does. It is game-agnostic: it stores
the input's JSON and leaves turning it back into an input to the game (see :mod:`hauntable.session`).
"""

from __future__ import annotations

import contextlib
import dataclasses
import datetime
import json
import os
import sqlite3
from collections.abc import Iterator
from types import TracebackType
from typing import Any, NamedTuple

from hauntable.engine.hashing import canonical_json
from hauntable.engine.inputs import Input
from hauntable.engine.rejections import HauntableError, Rejection

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


# SQLite's primary result codes (sqlite3.Error.sqlite_errorcode & 0xFF) and what they mean for the table
_KINDS = {3: "readonly", 5: "busy", 6: "busy", 8: "readonly", 10: "io", 11: "damaged", 13: "full",
          14: "io", 15: "busy", 26: "damaged"}  # fmt: skip
CHECKPOINT_PAGES = 16  # a passive checkpoint once the WAL holds ~64 KB: the main file is (nearly) whole


def error_kind(exc: BaseException) -> str:
    """What a SQLite error means for the table: ``full``, ``readonly``, ``busy``, ``io``, ``damaged``
    (the file's contents), ``newer`` (a newer schema) or ``other``. Only ``damaged`` may set a file aside."""
    if isinstance(exc, LogError):
        return exc.kind
    code = getattr(exc, "sqlite_errorcode", None)
    if isinstance(code, int):
        return _KINDS.get(code & 0xFF, "other")
    if isinstance(exc, sqlite3.DatabaseError) and not isinstance(exc, sqlite3.OperationalError):
        return "damaged"
    if isinstance(exc, OSError):
        return {28: "full", 30: "readonly", 13: "readonly"}.get(exc.errno or 0, "io")
    return "other"


class LogError(HauntableError):
    """The log cannot do what was asked: unknown game, bad status, a newer schema."""

    code = "log/error"
    kind = "other"


class SeqError(LogError):
    """An append whose ``seq`` is not the previous one plus one (a gap, a duplicate, a stale writer)."""

    code = "log/seq"


class NewerLogError(LogError):
    """The file was written by a newer version of the log (``PRAGMA user_version`` above ours)."""

    code = "log/newer"
    kind = "newer"


class LogWriteError(Rejection, LogError):
    """A write the storage refused (full, read-only, busy, an I/O error): the input is NOT logged.

    A Rejection, so every front-end shows it like a refused move and the game stays at the last logged
    step: nothing the players see accepted is ever missing from the log.
    """

    code = "log/write"
    kind = "other"

    def __init__(self, kind: str, detail: str):
        sentence = {
            "full": "The table's storage is full, so this move was not saved; free some space and try again.",
            "readonly": "The table's storage is read-only, so this move was not saved.",
            "busy": "Another program holds the game log, so this move was not saved; try again.",
        }.get(kind, "The game log could not be written, so this move was not saved; try again.")
        super().__init__(f"{sentence} ({detail})")
        self.kind = kind


class LogReadError(LogError):
    """Reading the log failed (its contents are damaged, or the storage failed)."""

    code = "log/read"

    def __init__(self, kind: str, detail: str):
        super().__init__(detail)
        self.kind = kind


@dataclasses.dataclass(frozen=True)
class GameRecord:
    """One row of ``games``, with ``config`` parsed and the number of logged inputs (its last ``seq``).

    ``problem`` says what in the row is damaged (its config is not JSON, ...); None for a sound row.
    """

    id: int
    game: str
    created: str
    config: dict[str, Any]
    status: str
    inputs: int
    problem: str | None = None


class LoggedInput(NamedTuple):
    """One row of ``inputs``; ``payload`` is the input's ``to_json()`` (the game's registry rebuilds it),
    None when the stored text is damaged (``problem`` says how). A tuple: a resume makes thousands."""

    game_id: int
    seq: int
    at: str
    source: str
    kind: str
    payload: dict[str, Any] | None
    state_hash: str
    problem: str | None = None


def _now() -> str:
    return datetime.datetime.now(datetime.UTC).isoformat(timespec="milliseconds")


def _text(raw: bytes) -> str:
    """Stored text as str even when a flipped bit broke its UTF-8 (the damage then shows as U+FFFD)."""
    return raw.decode("utf-8", "replace")


def _undecodable(exc: sqlite3.Error) -> bool:
    """Python's sqlite3 could not turn a stored text into str (its UTF-8 is damaged)."""
    return "Could not decode" in str(exc)


def _json_object(text: Any) -> tuple[dict[str, Any] | None, str | None]:
    try:
        value = json.loads(text)
    except (TypeError, ValueError, RecursionError) as exc:
        return None, f"not JSON ({type(exc).__name__})"
    if not isinstance(value, dict):
        return None, "not a JSON object"
    return value, None


class GameLog:
    """The append-only SQLite log at ``path`` (created if missing). A context manager, or call ``close()``.

    ``durable=False`` (``synchronous=NORMAL``) still survives a killed process but may lose the last inputs
    on power loss; it is for tests and benchmarks that append thousands of inputs, never for the table.
    Opening an existing log writes nothing (no schema, no journal mode change), so a healthy log opens on a
    full or read-only card and while another process writes. Every write that the storage refuses raises
    :class:`LogWriteError`; every read of damaged contents raises :class:`LogReadError`.
    """

    def __init__(
        self,
        path: str | os.PathLike[str],
        durable: bool = True,
        timeout: float = 10.0,
        uri: bool = False,
    ):
        self.path = os.fspath(path)
        self.durable = durable
        # autocommit mode: every write below opens its own explicit transaction
        # text as str (fast); a read that meets damaged UTF-8 retries with a lenient decoder (_text)
        self._db = sqlite3.connect(self.path, isolation_level=None, timeout=timeout, uri=uri)
        try:
            self._setup()
        except BaseException:
            if self._db.in_transaction:
                self._db.execute("ROLLBACK")
            self._db.close()
            raise

    def _setup(self) -> None:
        db = self._db
        version = db.execute("PRAGMA user_version").fetchone()[0]
        if version > SCHEMA_VERSION:
            raise NewerLogError(f"{self.path} has log schema {version}; this version reads {SCHEMA_VERSION}.")
        if db.execute("PRAGMA journal_mode").fetchone()[0].lower() not in ("wal", "memory"):
            db.execute("PRAGMA journal_mode=WAL")
        # FULL: each commit is fsynced, so an input shown as accepted survives a power cut
        db.execute(f"PRAGMA synchronous={'FULL' if self.durable else 'NORMAL'}")
        db.execute("PRAGMA foreign_keys=ON")
        # checkpoint early: the main file then holds nearly the whole game, and a damaged WAL frame can
        # only touch the last inputs (the default waits for ~4 MB, a whole game or more)
        db.execute(f"PRAGMA wal_autocheckpoint={CHECKPOINT_PAGES}")
        db.execute("PRAGMA journal_size_limit=1048576")
        if version < SCHEMA_VERSION:
            # one script, one transaction: a second process opening the file waits instead of racing
            db.executescript(f"BEGIN IMMEDIATE; {_SCHEMA} PRAGMA user_version={SCHEMA_VERSION}; COMMIT;")

    @classmethod
    def in_memory(cls, source: sqlite3.Connection | None = None) -> GameLog:
        """A log in RAM (a copy of ``source`` if given): the table plays on, nothing survives a restart."""
        log = cls.__new__(cls)
        log.path, log.durable = ":memory:", False
        log._db = sqlite3.connect(":memory:", isolation_level=None)
        if source is not None:
            source.backup(log._db)
        log._setup()
        return log

    # --- lifecycle ---------------------------------------------------------------------------------

    def close(self) -> None:
        self._db.close()

    def __enter__(self) -> GameLog:
        return self

    def __exit__(
        self, exc_type: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        self.close()

    def checkpoint(self) -> bool:
        """Copy the WAL into the main file and empty it (a game's end, an export, a backup); False if a
        reader or the storage kept it from completing. Never raises."""
        try:
            busy, _frames, _done = self._db.execute("PRAGMA wal_checkpoint(TRUNCATE)").fetchone()
        except sqlite3.Error:
            return False
        return busy == 0

    def backup(self, dest: str | os.PathLike[str]) -> None:
        """A consistent copy of the whole log, WAL included, in one file at ``dest`` (written to a
        temporary file, synced, then renamed). Raises OSError or LogWriteError."""
        dest = os.fspath(dest)
        tmp = f"{dest}.partial"
        try:
            with contextlib.closing(sqlite3.connect(tmp, isolation_level=None)) as out:
                self._db.backup(out)
                out.execute("PRAGMA journal_mode=DELETE")
            fd = os.open(tmp, os.O_RDONLY)
            try:
                os.fsync(fd)
            finally:
                os.close(fd)
            os.replace(tmp, dest)
        except sqlite3.Error as exc:
            raise LogWriteError(error_kind(exc), f"backup to {dest}: {exc}") from exc
        finally:
            if os.path.exists(tmp):
                os.unlink(tmp)

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
        if status != PLAYING:
            self.checkpoint()  # a finished game is whole in the main file, for a plain copy of it

    def fork(self, game_id: int, hashes: list[str], repaired: dict[int, Input] | None = None) -> int:
        """Continue a damaged game as a new one: the same config and its first ``len(hashes)`` inputs
        (with these verified hashes, and ``repaired[seq]`` in place of a damaged row), the old game
        marked abandoned with its rows untouched. Returns the new game's id. One transaction: either both
        happen or neither."""
        repaired = repaired or {}
        with self._transaction():
            self._require_game(game_id)
            game, config = self._db.execute(
                "SELECT game, config FROM games WHERE id = ?", (game_id,)
            ).fetchone()
            cur = self._db.execute(
                "INSERT INTO games (game, created, config, status) VALUES (?, ?, ?, ?)",
                (game, _now(), config, PLAYING),
            )
            new = cur.lastrowid
            rows = self._db.execute(
                "SELECT seq, at, source, kind, payload_json FROM inputs WHERE game_id = ? AND seq <= ? "
                "ORDER BY seq",
                (game_id, len(hashes)),
            ).fetchall()
            first: dict[int, tuple] = {}
            for row in rows:
                if isinstance(row[0], int):  # a damaged file may hold a seq twice, or not a number
                    first.setdefault(row[0], row)
            if sorted(first) != list(range(1, len(hashes) + 1)):
                raise LogError(f"game {game_id}: its moves 1..{len(hashes)} cannot be read back to copy them")
            for (seq, at, source, kind, payload), digest in zip(
                (first[n] for n in sorted(first)), hashes, strict=True
            ):
                if seq in repaired:
                    kind, payload = repaired[seq].kind, canonical_json(repaired[seq].to_json())
                self._db.execute(
                    "INSERT INTO inputs (game_id, seq, at, source, kind, payload_json, state_hash) "
                    "VALUES (?, ?, ?, ?, ?, ?, ?)",
                    (new, seq, at, source, kind, payload, digest),
                )
            self._db.execute("UPDATE games SET status = ? WHERE id = ?", (ABANDONED, game_id))
        assert new is not None
        return new

    # --- reading -----------------------------------------------------------------------------------

    def inputs(self, game_id: int) -> list[LoggedInput]:
        """Every logged input of a game, in ``seq`` order; a damaged payload comes back as None."""
        return list(self.iter_inputs(game_id))

    def iter_inputs(self, game_id: int, after: int = 0) -> Iterator[LoggedInput]:
        """The logged inputs of a game with ``seq > after``, read one by one (resume streams them)."""
        self._require_game(game_id)
        with self._reading():
            try:
                while True:
                    try:
                        cur = self._db.execute(
                            "SELECT game_id, seq, at, source, kind, payload_json, state_hash FROM inputs "
                            "WHERE game_id = ? AND seq > ? ORDER BY seq",
                            (game_id, after),
                        )
                        for g, s, at, src, k, p, h in cur:
                            try:  # the common case inline: a resume reads every row of the game
                                payload, problem = json.loads(p), None
                                if type(payload) is not dict:
                                    payload, problem = _json_object(p)
                            except (TypeError, ValueError, RecursionError):
                                payload, problem = _json_object(p)
                            yield LoggedInput(
                                g, s, at, src, k, payload, h if type(h) is str else str(h), problem
                            )
                            after = s
                        return
                    except sqlite3.OperationalError as exc:
                        if not _undecodable(exc) or self._db.text_factory is _text:
                            raise
                        self._db.text_factory = _text  # a damaged byte broke the UTF-8: read on, leniently
            finally:
                self._db.text_factory = str

    def scan(self, game_id: int) -> int:
        """Read every input row of a game without decoding it (a cheap check that its pages are sound);
        returns how many. Raises LogReadError where the file is damaged."""
        with self._reading():
            cur = self._db.execute(
                "SELECT length(payload_json), length(state_hash) FROM inputs WHERE game_id = ? ORDER BY seq",
                (game_id,),
            )
            return sum(1 for _ in cur)

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

    def games(self, latest: int | None = None) -> list[GameRecord]:
        """Every game, oldest first; ``latest``: only the newest that many (cost flat in the log's size)."""
        if latest is None:
            return self._games("", ())
        return self._games("WHERE g.id IN (SELECT id FROM games ORDER BY id DESC LIMIT ?)", (latest,))

    def latest_unfinished(self) -> GameRecord | None:
        """The most recently created game not marked over or abandoned (what to offer to resume), or None.

        A status the log cannot read (damaged text) counts as unfinished: resuming finds out whether the
        game is over, and a game is never hidden from its players by one flipped byte.
        """
        rows = self._games(
            "WHERE g.id = (SELECT id FROM games WHERE status NOT IN (?, ?) ORDER BY id DESC LIMIT 1)",
            (OVER, ABANDONED),
        )
        return rows[-1] if rows else None

    # --- helpers -----------------------------------------------------------------------------------

    def _transaction(self) -> _Transaction:
        return _Transaction(self._db)

    def _reading(self) -> _Reading:
        return _Reading(self.path)

    def _require_game(self, game_id: int) -> None:
        with self._reading():
            found = self._db.execute("SELECT 1 FROM games WHERE id = ?", (game_id,)).fetchone()
        if found is None:
            raise LogError(f"No game {game_id} in {self.path}.")

    def _last_seq(self, game_id: int) -> int:
        with self._reading():
            row = self._db.execute("SELECT MAX(seq) FROM inputs WHERE game_id = ?", (game_id,)).fetchone()
        return row[0] or 0

    def _games(self, where: str, params: tuple[Any, ...]) -> list[GameRecord]:
        query = (
            "SELECT g.id, g.game, g.created, g.config, g.status, "
            "(SELECT MAX(seq) FROM inputs i WHERE i.game_id = g.id) "
            f"FROM games g {where} ORDER BY g.id"
        )
        with self._reading():
            try:
                rows = self._db.execute(query, params).fetchall()
            except sqlite3.OperationalError as exc:
                if not _undecodable(exc):
                    raise
                self._db.text_factory = _text
                try:
                    rows = self._db.execute(query, params).fetchall()
                finally:
                    self._db.text_factory = str
        records = []
        for i, g, c, cfg, s, n in rows:
            config, problem = _json_object(cfg)
            problem = f"its set-up record is {problem}" if problem else None
            records.append(GameRecord(i, str(g), str(c), config or {}, str(s), int(n or 0), problem))
        return records


class _Transaction:
    """``BEGIN IMMEDIATE`` ... ``COMMIT`` (or ``ROLLBACK`` on error): the write lock is taken up front, so
    the seq check and the insert cannot interleave with another writer. A SQLite error becomes a
    LogWriteError naming what the storage refused (full, read-only, busy, ...)."""

    def __init__(self, db: sqlite3.Connection):
        self._db = db

    def __enter__(self) -> None:
        try:
            self._db.execute("BEGIN IMMEDIATE")
        except sqlite3.Error as exc:
            raise LogWriteError(error_kind(exc), str(exc)) from exc

    def __exit__(
        self, exc_type: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        if exc_type is None:
            try:
                self._db.execute("COMMIT")
                return
            except sqlite3.Error as commit_exc:
                exc_type, exc = type(commit_exc), commit_exc
        try:
            if self._db.in_transaction:
                self._db.execute("ROLLBACK")
        except sqlite3.Error:
            pass  # SQLite rolls back by itself after a failed commit on a full or broken disk
        if isinstance(exc, sqlite3.Error):
            raise LogWriteError(error_kind(exc), str(exc)) from exc


class _Reading:
    """Turns a SQLite error while reading into a LogReadError that names its kind (``damaged``, ``io``)."""

    def __init__(self, path: str):
        self._path = path

    def __enter__(self) -> None:
        return None

    def __exit__(
        self, exc_type: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        if isinstance(exc, sqlite3.Error):
            raise LogReadError(error_kind(exc), f"reading {self._path}: {exc}") from exc

"""Opening the table's log at start: always a log to play on, never a crash, never a healthy file renamed.

What can be wrong is sorted first, because each calls for something else:

- another process has the file open: it is used as it is (SQLite shares it); nothing is repaired or renamed;
- the WAL is damaged (a power cut, a bad card): its frames are repaired so no committed input is dropped;
- the contents are damaged: every readable game and input is salvaged into a new file, the damaged file is
  kept beside it (``.damaged-<stamp>``);
- the card is read-only, the file is of a newer version, or it cannot be opened at all: the table plays on
  a copy in memory and says that games are not being saved;
- the card is full: the log is opened as it is (opening writes nothing); a move that cannot be saved is
  refused on screen (:class:`~hauntable.gamelog.store.LogWriteError`) and the notice says so up front.

The opening costs the same whatever the log's size: no full ``quick_check`` and no count of all inputs
(:func:`integrity_problem` is the full check, for a background thread once the table is up).
"""

from __future__ import annotations

import contextlib
import dataclasses
import fcntl
import os
import sqlite3
import struct

from hauntable.gamelog import wal
from hauntable.gamelog.salvage import salvage
from hauntable.gamelog.store import GameLog, LogError, error_kind

LOW_SPACE = 8 * 1024 * 1024  # bytes free below which the operator is warned at start
CHECK_FAILED = ".check-failed"  # marker beside the log: the background check found damage; salvage next start
# the byte ranges SQLite locks: the database's SHARED range (rollback mode) and the -shm DMS byte (WAL mode)
_LOCKS = (("", 0x40000002, 510), ("-shm", 128, 1))


@dataclasses.dataclass
class Opened:
    """The log the table plays on and what the operator must be told. ``saving`` is False when it is a
    copy in memory (nothing survives a restart); ``state`` names what was found (``ok``, ``new``,
    ``repaired``, ``salvaged``, ``busy``, ``full``, ``readonly``, ``newer``, ``unusable``)."""

    log: GameLog
    notices: list[str]
    saving: bool
    state: str

    @property
    def notice(self) -> str:
        return " ".join(self.notices)


def holder(path: str) -> int | None:
    """The pid of another process holding a SQLite lock on the log, else None (POSIX locks: our own
    process never shows, so call this before opening a connection of our own)."""
    for suffix, start, length in _LOCKS:
        try:
            fd = os.open(path + suffix, os.O_RDWR)
        except OSError:
            continue
        try:
            query = struct.pack("hhqqi4x", fcntl.F_WRLCK, os.SEEK_SET, start, length, 0)
            kind, _w, _s, _l, pid = struct.unpack("hhqqi4x", fcntl.fcntl(fd, fcntl.F_GETLK, query))
        except OSError:
            continue
        finally:
            os.close(fd)
        if kind != fcntl.F_UNLCK:
            return pid
    return None


def _read_only(directory: str) -> bool:
    try:
        return bool(os.statvfs(directory).f_flag & os.ST_RDONLY) or not os.access(directory, os.W_OK)
    except OSError:
        return False


def _free(directory: str) -> int | None:
    try:
        st = os.statvfs(directory)
    except OSError:
        return None
    return st.f_bavail * st.f_frsize


def _sound(log: GameLog) -> None:
    """Read what the start needs: the newest games and every row of the unfinished one (what a resume
    reads), so damage there is salvaged now, before the table offers the game. Raises LogReadError.
    Costs the unfinished game's length, not the log's."""
    log.games(latest=2)
    record = log.latest_unfinished()
    if record is not None:
        log.scan(record.id)


def _in_memory(path: str | None, state: str, why: str) -> Opened:
    """A copy of whatever of the log at ``path`` can still be read (nothing if None), in memory, so the
    table plays on."""
    log = None
    for uri in (f"file:{path}?mode=ro", f"file:{path}?immutable=1") if path and os.path.exists(path) else ():
        try:
            with contextlib.closing(sqlite3.connect(uri, uri=True, timeout=1.0)) as source:
                log = GameLog.in_memory(source)
                _sound(log)
                break
        except (sqlite3.Error, LogError):
            if log is not None:
                log.close()
            log = None
    saved = "its games are shown" if log is not None else "its games cannot be shown"
    if log is None:
        log = GameLog.in_memory()
    notice = f"{why} Games are NOT being saved until this is fixed; {saved} (see docs/operator.md)."
    return Opened(log, [notice], False, state)


def truncated(path: str, in_wal: frozenset[int] = frozenset()) -> bool:
    """The database file is shorter than its own header says and the WAL does not hold the pages it
    lacks (a lost tail; a checkpoint cut off by a full disk leaves the pages it could not copy there)."""
    try:
        with open(path, "rb") as f:
            head = f.read(100)
        size = os.path.getsize(path)
    except OSError:
        return False
    if len(head) < 100 or not head.startswith(b"SQLite format 3\0"):
        return len(head) > 0 and len(head) < 100
    page = struct.unpack(">H", head[16:18])[0]
    page = 65536 if page == 1 else page
    pages, change, valid_for = struct.unpack(">I", head[28:32])[0], head[24:28], head[92:96]
    missing = range(size // page + 1, pages + 1)
    return change == valid_for and any(n not in in_wal for n in missing)


def open_table_log(path: str | os.PathLike[str], durable: bool = True) -> Opened:
    """Open (or create) the table's log at ``path``; never raises for what the storage or the file does."""
    path = os.fspath(path)
    name = os.path.basename(path)
    directory = os.path.dirname(path) or "."
    notices: list[str] = []
    state = "ok"
    if not os.path.exists(path):
        state = "new"
    busy = holder(path) if state == "ok" else None
    if busy is not None:
        state = "busy"
        notices.append(f"The game log {name} is also open in another program (pid {busy}); it is used as is.")
    elif _read_only(directory):
        return _in_memory(path, "readonly", f"The table's storage is read-only, so {name} cannot be written.")
    if busy is None and state == "ok":
        damaged_before = os.path.exists(path + CHECK_FAILED)
        report = wal.check(path + "-wal", path, repair=True)
        if truncated(path, report.pages if report is not None else frozenset()):
            return _salvaged(path, durable, notices, "the file is cut short")
        if report is not None and report.lost:
            notices.append(
                f"The game log's journal is missing {report.lost} block(s) it had (cut short): the last "
                "moves before the power cut may be lost."
            )
        if report is not None and report.damaged:
            state = "repaired"
            notices.append(
                f"The game log's journal had {report.bad or 1} damaged block(s) after a power cut; they were "
                f"repaired (the journal as it was is kept as {name}-wal.before-repair)."
            )
        if damaged_before or state == "repaired":
            problem = integrity_problem(path)
            if problem is not None:
                return _salvaged(path, durable, notices, problem)
            with contextlib.suppress(FileNotFoundError):
                os.unlink(path + CHECK_FAILED)
    try:
        log = GameLog(path, durable=durable, timeout=2.0)
    except LogError as exc:  # a newer schema: not ours to read, nor to touch
        why = f"The game log {name} is from a newer Hauntable ({exc}); it is left untouched."
        return _in_memory(None, error_kind(exc), why)
    except sqlite3.Error as exc:
        return _trouble(path, durable, notices, exc, busy)
    try:
        _sound(log)
    except LogError as exc:
        log.close()
        return _trouble(path, durable, notices, exc.__cause__ or exc, busy)
    free = _free(directory)
    if free is not None and free < LOW_SPACE:
        state = "full" if state == "ok" else state
        notices.append(
            f"The table's storage is almost full ({free // 1024} KB free): free some space, or moves "
            "will be refused because they cannot be saved."
        )
    return Opened(log, notices, True, state)


def _trouble(path: str, durable: bool, notices: list[str], exc: BaseException, busy: int | None) -> Opened:
    kind = error_kind(exc)
    name = os.path.basename(path)
    if kind == "damaged" and busy is None:
        return _salvaged(path, durable, notices, str(exc))
    why = {
        "busy": f"The game log {name} is locked by another program.",
        "readonly": f"The game log {name} cannot be written (read-only).",
        "full": f"The table's storage is full, so {name} cannot be opened.",
        "damaged": f"The game log {name} is damaged, but another program has it open, so it is left alone.",
    }.get(kind, f"The game log {name} cannot be opened ({exc}).")
    return _in_memory(path, "unusable" if kind in ("io", "other", "damaged") else kind, why)


def _salvaged(path: str, durable: bool, notices: list[str], problem: str) -> Opened:
    name = os.path.basename(path)
    try:
        kept = salvage(path)
    except (OSError, sqlite3.Error, LogError) as exc:
        return _in_memory(
            path, "unusable", f"The game log {name} is damaged ({problem}) and could not be repaired: {exc}."
        )
    with contextlib.suppress(FileNotFoundError):
        os.unlink(path + CHECK_FAILED)  # the damage it recorded is in the set-aside file now
    lost = "; ".join(kept.lost) if kept.lost else "nothing was lost"
    notices.append(
        f"The game log {name} was damaged ({problem}). {kept.games} game(s) and {kept.inputs} move(s) were "
        f"recovered; {lost}. The damaged file is kept as {kept.aside}."
    )
    try:
        log = GameLog(path, durable=durable, timeout=2.0)
    except (sqlite3.Error, LogError) as exc:
        return _in_memory(path, "unusable", f"The repaired game log {name} cannot be opened: {exc}.")
    return Opened(log, notices, True, "salvaged")


def integrity_problem(path: str | os.PathLike[str]) -> str | None:
    """SQLite's full ``quick_check`` on its own read-only connection (seconds on a big log: run it off the
    UI thread). None when sound, else the first problem; the storage failing is not the file's fault."""
    try:
        with contextlib.closing(
            sqlite3.connect(f"file:{os.fspath(path)}?mode=ro", uri=True, timeout=5)
        ) as db:
            result = db.execute("PRAGMA quick_check").fetchone()[0]
    except sqlite3.Error as exc:
        return str(exc) if error_kind(exc) == "damaged" else None
    return None if result == "ok" else str(result)


def mark_check_failed(path: str | os.PathLike[str]) -> None:
    """Have the next start salvage the log (the background check found damage while it was in use)."""
    with contextlib.suppress(OSError), open(os.fspath(path) + CHECK_FAILED, "w", encoding="utf-8") as f:
        f.write("quick_check failed; the next start salvages the log\n")

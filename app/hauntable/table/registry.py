"""The tag registry: which UID is which tile, card or figure. Kept in the table's SQLite database.

Every physical piece is enrolled once (``hauntable enroll``). A UID is enrolled at most once, and a
piece has at most as many tags as it has physical copies (one for a tile; a card printed twice has two),
so a re-stickered tile is refused instead of quietly answering to two tags. Export and import are JSON,
so a registry moves to a rebuilt table or a spare SD card.

>>> reg = TagRegistry(":memory:")
>>> reg.enrol("04:a2:5b:1c:7f:80:00", "tile", "Kitchen")
Tag(uid='04:A2:5B:1C:7F:80:00', kind='tile', name='Kitchen')
>>> reg.describe("04:A2:5B:1C:7F:80:01")  # doctest: +NORMALIZE_WHITESPACE
'Unknown tag 04:A2:5B:1C:7F:80:01: the operator enrols it in the admin menu (Enrol tags)
 or with hauntable enroll'
"""

from __future__ import annotations

import dataclasses
import functools
import json
import sqlite3
import threading
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any, TypeVar

from hauntable.engine.rejections import HauntableError
from hauntable.table.mfrc522.registers import normal_uid

_T = TypeVar("_T")

KINDS = ("tile", "card", "figure")
CLI = "hauntable enroll"
SCHEMA = """
CREATE TABLE IF NOT EXISTS tags (
    uid TEXT PRIMARY KEY,
    kind TEXT NOT NULL CHECK (kind IN ('tile', 'card', 'figure')),
    name TEXT NOT NULL,
    enrolled_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ', 'now'))
) STRICT;
CREATE INDEX IF NOT EXISTS tags_by_piece ON tags (kind, name);
"""


class RegistryError(HauntableError, ValueError):
    """An enrolment refused: a duplicate UID or piece, an unknown kind, a malformed UID or file."""

    code = "registry/refused"


@dataclasses.dataclass(frozen=True)
class Tag:
    uid: str
    kind: str
    name: str


def _locked(method: Callable[..., _T]) -> Callable[..., _T]:
    """Run a registry method under the registry's lock (one connection, several threads)."""

    @functools.wraps(method)
    def wrapper(self: TagRegistry, *args: Any, **kwargs: Any) -> _T:
        with self._lock:
            return method(self, *args, **kwargs)

    return wrapper


class TagRegistry:
    """Tag registry on a SQLite file (``":memory:"`` for tests). Use as a context manager or ``close()``."""

    def __init__(self, path: str | Path):
        self.path = str(path)
        # the referee looks tags up on the scanner thread, the admin screen enrols on the UI thread: one
        # connection shared under a lock (sqlite3 itself is built serialized)
        self._db = sqlite3.connect(self.path, check_same_thread=False)
        self._lock = threading.RLock()
        self._db.execute("PRAGMA busy_timeout = 2000")
        self._db.executescript(SCHEMA)

    def close(self) -> None:
        self._db.close()

    def __enter__(self) -> TagRegistry:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    @_locked
    def enrol(self, uid: str | bytes, kind: str, name: str, copies: int = 1) -> Tag:
        """Record that ``uid`` is (one copy of) the ``kind`` called ``name``.

        Raises:
            RegistryError: unknown kind, malformed UID, the UID already enrolled, or every one of the
                piece's ``copies`` already has a tag (remove an old one with :meth:`forget` first).
        """
        if kind not in KINDS:
            raise RegistryError(f"kind must be one of {', '.join(KINDS)}, not {kind!r}")
        try:
            uid = normal_uid(uid)
        except ValueError as exc:
            raise RegistryError(str(exc)) from None
        if not name.strip():
            raise RegistryError("a tag needs a name")
        old = self.lookup(uid)
        if old is not None:
            raise RegistryError(f"Tag {uid} is already enrolled as the {old.kind} {old.name}")
        held = self.tags_of(kind, name)
        if len(held) >= copies:
            raise RegistryError(f"The {kind} {name} already has tag {', '.join(t.uid for t in held)}")
        with self._db:
            self._db.execute("INSERT INTO tags (uid, kind, name) VALUES (?, ?, ?)", (uid, kind, name))
        return Tag(uid, kind, name)

    @_locked
    def forget(self, uid: str) -> bool:
        with self._db:
            return self._db.execute("DELETE FROM tags WHERE uid = ?", (normal_uid(uid),)).rowcount > 0

    @_locked
    def lookup(self, uid: str | bytes) -> Tag | None:
        """The enrolled tag, or None for an unknown or malformed UID (never raises on a bad read)."""
        try:
            uid = normal_uid(uid)
        except ValueError:
            return None
        row = self._db.execute("SELECT uid, kind, name FROM tags WHERE uid = ?", (uid,)).fetchone()
        return Tag(*row) if row else None

    @_locked
    def tags_of(self, kind: str, name: str) -> list[Tag]:
        rows = self._db.execute(
            "SELECT uid, kind, name FROM tags WHERE kind = ? AND name = ? ORDER BY uid", (kind, name)
        )
        return [Tag(*row) for row in rows]

    def describe(self, uid: str) -> str:
        """What a player is told about a UID: its piece, or how to enrol an unknown one."""
        tag = self.lookup(uid)
        if tag is None:
            return f"Unknown tag {uid}: the operator enrols it in the admin menu (Enrol tags) or with {CLI}"
        return f"the {tag.kind} {tag.name}"

    @_locked
    def all(self) -> list[Tag]:
        return [Tag(*row) for row in self._db.execute("SELECT uid, kind, name FROM tags ORDER BY kind, name")]

    @_locked
    def names(self, kind: str) -> set[str]:
        return {row[0] for row in self._db.execute("SELECT name FROM tags WHERE kind = ?", (kind,))}

    def export(self) -> str:
        """The registry as JSON: ``{"tags": [{"uid", "kind", "name"}, ...]}``, sorted."""
        return json.dumps({"tags": [dataclasses.asdict(t) for t in self.all()]}, indent=1)

    @_locked
    def import_json(self, text: str) -> int:
        """Enrol every tag of an export, all or nothing; returns how many were added.

        Tags already enrolled identically are skipped; any conflict refuses the whole file. A piece may
        hold as many tags as the file gives it (copies).
        """
        try:
            data: Any = json.loads(text)
            entries: Iterable[dict[str, str]] = data["tags"]
            tags = [Tag(e["uid"], e["kind"], e["name"]) for e in entries]
            copies: dict[tuple[str, str], int] = {}
            for tag in tags:
                copies[tag.kind, tag.name] = copies.get((tag.kind, tag.name), 0) + 1
        except (ValueError, KeyError, TypeError) as exc:
            raise RegistryError(f"not a tag registry export: {exc}") from None
        added = 0
        savepoint = self._db.isolation_level
        try:
            self._db.isolation_level = None
            self._db.execute("BEGIN")
            for tag in tags:
                existing = self.lookup(tag.uid)
                if existing is not None and (existing.kind, existing.name) == (tag.kind, tag.name):
                    continue
                self._enrol_in_transaction(tag, copies[tag.kind, tag.name])
                added += 1
            self._db.execute("COMMIT")
        except BaseException:
            self._db.execute("ROLLBACK")
            raise
        finally:
            self._db.isolation_level = savepoint
        return added

    def _enrol_in_transaction(self, tag: Tag, copies: int) -> None:
        if tag.kind not in KINDS:
            raise RegistryError(f"{tag.uid}: kind must be one of {', '.join(KINDS)}")
        try:
            uid = normal_uid(tag.uid)
        except ValueError as exc:
            raise RegistryError(str(exc)) from None
        old = self.lookup(uid)
        if old is not None:
            raise RegistryError(f"Tag {uid} is already enrolled as the {old.kind} {old.name}")
        held = self.tags_of(tag.kind, tag.name)
        if len(held) >= copies:
            raise RegistryError(f"The {tag.kind} {tag.name} already has tag {', '.join(t.uid for t in held)}")
        self._db.execute("INSERT INTO tags (uid, kind, name) VALUES (?, ?, ?)", (uid, tag.kind, tag.name))

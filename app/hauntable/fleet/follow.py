"""Following the table's game log from another process, read-only, without ever holding up the app's writes.

The companion opens ``table.sqlite3`` with SQLite's read-only URI (``mode=ro``) and ``query_only``: it cannot
write the log even by mistake. The log is in WAL mode, where a reader never blocks the writer (and the
writer never blocks a reader); each poll is two short indexed queries (the games from the current one on,
the inputs after the last seq seen), so checkpoints are not held back and an idle table costs next to
nothing. (``PRAGMA data_version`` was tried as a shortcut and missed commits made just after the writer's
TRUNCATE checkpoint at a game's end, so it is not used.) The latest game is replayed input by input as
the log grows (the engine is a pure fold, so the companion knows the state without the app telling it)
and summarised by :mod:`hauntable.fleet.public`.
"""

from __future__ import annotations

import os
import sqlite3
import urllib.parse
from dataclasses import dataclass, field
from typing import Any

from hauntable.engine.game import GameDefinition, Step, find_game
from hauntable.engine.rejections import HauntableError
from hauntable.engine.takeback import Timeline
from hauntable.fleet.public import events_between, summary
from hauntable.gamelog.store import GameLog, GameRecord, LogError


class ReadOnlyLog(GameLog):
    """The game log opened read-only: the reading methods of :class:`GameLog`, and every write refused.

    Raises ``sqlite3.OperationalError`` when the file does not exist (a read-only open never creates it).
    """

    def __init__(self, path: str | os.PathLike[str]):
        real = os.fspath(path)
        # a short busy timeout: the companion would rather skip a poll than wait on the table
        super().__init__(
            "file:" + urllib.parse.quote(os.path.abspath(real)) + "?mode=ro",
            durable=False,
            timeout=0.2,
            uri=True,
        )
        self.path = real
        self._db.execute("PRAGMA query_only=ON")

    def games_from(self, game_id: int | None) -> list[GameRecord]:
        """The games from ``game_id`` on (None: the newest only), oldest first."""
        return self.games(latest=1) if game_id is None else self._games("WHERE g.id >= ?", (game_id,))


@dataclass
class Followed:
    """The latest game as the companion knows it."""

    game_id: int
    definition: GameDefinition
    step: Step
    status: str
    last_input_at: str | None = None
    public: dict[str, Any] = field(default_factory=dict)
    timeline: Timeline | None = None  # answers the log's take backs (rule E3); made on the first poll


class LogFollower:
    """Polls the log; :meth:`poll` returns the events since the last poll and keeps :attr:`public` current.

    It starts at the newest game, or at game ``from_game`` (then every game after it has its events too).

    A log that is missing, locked for longer than the busy timeout or newer than this version is not an
    error that stops the companion: ``problem`` says what is wrong and the next poll tries again.
    """

    def __init__(self, path: str | os.PathLike[str], from_game: int | None = None):
        self.path = os.fspath(path)
        self.from_game = from_game  # None: start at the newest game
        self.log: ReadOnlyLog | None = None
        self.current: Followed | None = None
        self.problem: str | None = None

    @property
    def public(self) -> dict[str, Any] | None:
        """The public summary of the latest game plus its last input time, or None before any game."""
        if self.current is None:
            return None
        return self.current.public | {"last_input_at": self.current.last_input_at}

    def poll(self) -> list[dict[str, Any]]:
        try:
            events = self._poll()
        except (sqlite3.Error, LogError, HauntableError) as exc:
            self.problem = f"game log: {exc}"
            self.close()
            return []
        self.problem = None
        return events

    def _poll(self) -> list[dict[str, Any]]:
        if self.log is None:
            self.log = ReadOnlyLog(self.path)
        # at start the newest game only (the history is the export's job); then every game in order, so a
        # game that ends and the next that starts between two polls both have their events
        cur = self.current
        events: list[dict[str, Any]] = []
        for record in self.log.games_from(self.from_game if cur is None else cur.game_id):
            if cur is None or cur.game_id != record.id:
                definition = find_game(record.game)
                step = definition.new_game(definition.config_from_json(record.config))
                previous = cur.public if cur is not None else None
                cur = self.current = Followed(record.id, definition, step, record.status)
                cur.public = summary(record.game, record.id, record.status, step.state)
                events += events_between(previous, cur.public)
            events += self._advance(cur, record.game, record.status)
        return events

    def _advance(self, cur: Followed, name: str, status: str) -> list[dict[str, Any]]:
        """Apply the game's inputs logged since the last poll; the events on the way."""
        assert self.log is not None
        events: list[dict[str, Any]] = []
        before = cur.public
        for entry in self.log.iter_inputs(cur.game_id, after=cur.step.state.seq):
            if entry.payload is None:
                raise LogError(f"game {cur.game_id}, seq {entry.seq}: {entry.problem}")
            if cur.timeline is None or cur.timeline.step is not cur.step:
                cur.timeline = Timeline(cur.definition, cur.step)
            cur.timeline = cur.timeline.after(cur.definition.inputs.from_json(entry.payload))
            cur.step = cur.timeline.step
            if cur.step.state.seq != entry.seq:
                raise LogError(
                    f"game {cur.game_id}: replaying seq {entry.seq} gives seq {cur.step.state.seq}"
                )
            cur.last_input_at = entry.at
            now = summary(name, cur.game_id, cur.status, cur.step.state)  # the new status once at the end
            events += events_between(before, now)
            before = now
        cur.status = status
        cur.public = summary(name, cur.game_id, status, cur.step.state)
        return events + events_between(before, cur.public)

    def close(self) -> None:
        if self.log is not None:
            self.log.close()
            self.log = None

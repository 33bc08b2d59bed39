"""The table's game log: the session's persistence, beside it rather than in the pure engine.

``store`` holds the append-only SQLite log (the only place that does SQLite and clock I/O for a game);
``opening`` opens it at start and sorts what can go wrong (full, read-only, busy, newer, damaged);
``wal`` and ``salvage`` repair what a power cut or a bad card damaged; ``jsonl`` is the export format and
its replay. The engine and the games never import from here.
"""

from hauntable.gamelog.store import (
    ABANDONED,
    OVER,
    PLAYING,
    STATUSES,
    GameLog,
    GameRecord,
    LogError,
    LoggedInput,
    LogReadError,
    LogWriteError,
    NewerLogError,
    SeqError,
    error_kind,
)

__all__ = [
    "ABANDONED",
    "OVER",
    "PLAYING",
    "STATUSES",
    "GameLog",
    "GameRecord",
    "LogError",
    "LogReadError",
    "LogWriteError",
    "LoggedInput",
    "NewerLogError",
    "SeqError",
    "error_kind",
]

"""The table's game log: the session's persistence, beside it rather than in the pure engine.

``store`` holds the append-only SQLite log (the only place that does SQLite and clock I/O for a game);
``jsonl`` the export format and its replay. The engine and the games never import from here.
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
    SeqError,
)

__all__ = [
    "ABANDONED",
    "OVER",
    "PLAYING",
    "STATUSES",
    "GameLog",
    "GameRecord",
    "LogError",
    "LoggedInput",
    "SeqError",
]

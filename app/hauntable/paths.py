"""Where the table keeps its data: one directory holding the SQLite game log ``table.sqlite3``.

Resolution order, so tests and a second table on one machine never share a log by accident:
``--data-dir`` flag > ``HAUNTABLE_DATA_DIR`` > ``$XDG_DATA_HOME/hauntable`` > ``~/.local/share/hauntable``.
"""

from __future__ import annotations

import argparse
import os
from collections.abc import Mapping
from pathlib import Path

ENV_VAR = "HAUNTABLE_DATA_DIR"
DB_NAME = "table.sqlite3"


def data_dir(flag: str | os.PathLike[str] | None = None, env: Mapping[str, str] | None = None) -> Path:
    """The data directory, resolved but not created (read-only commands must not leave directories)."""
    env = os.environ if env is None else env
    if flag:
        return Path(flag).expanduser()
    if env.get(ENV_VAR):
        return Path(env[ENV_VAR]).expanduser()
    xdg = env.get("XDG_DATA_HOME")
    # the XDG spec says a relative XDG_DATA_HOME is invalid and must be ignored
    base = Path(xdg) if xdg and Path(xdg).is_absolute() else Path.home() / ".local" / "share"
    return base / "hauntable"


def db_path(
    flag: str | os.PathLike[str] | None = None, env: Mapping[str, str] | None = None, create: bool = True
) -> Path:
    """The game log file; with ``create`` its directory is made on demand (the file itself by GameLog)."""
    directory = data_dir(flag, env)
    if create:
        directory.mkdir(parents=True, exist_ok=True)
    return directory / DB_NAME


def add_data_dir_argument(parser: argparse.ArgumentParser) -> None:
    """The shared ``--data-dir`` option, so every subcommand resolves the log the same way."""
    parser.add_argument(
        "--data-dir",
        metavar="DIR",
        help=f"where {DB_NAME} lives (default: ${ENV_VAR}, else $XDG_DATA_HOME/hauntable, "
        "else ~/.local/share/hauntable)",
    )

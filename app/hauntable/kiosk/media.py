"""Removable drives for log export from the admin menu, and the export itself.

The kiosk offers no file dialog (issue 9: nothing may escape it), so an export can only go to a drive the
operator plugs in: a mount point under ``/media`` or ``/run/media`` (where udisks and the desktop mount USB
sticks) that the app may write. ``$HAUNTABLE_EXPORT_DIR`` (or ``UiSettings.export_dir``) replaces the
search with one directory, for tests and for tables that mount their stick elsewhere.

>>> removable_drives(env={"HAUNTABLE_EXPORT_DIR": "/nowhere"})
[]
"""

from __future__ import annotations

import os
import re
from collections.abc import Mapping
from pathlib import Path

from hauntable.gamelog import GameLog
from hauntable.gamelog.jsonl import export_jsonl, write_atomically

EXPORT_ENV = "HAUNTABLE_EXPORT_DIR"
MEDIA_ROOTS = ("/media/", "/run/media/")
_OCTAL = re.compile(r"\\([0-7]{3})")


def _unescape(field: str) -> str:
    """/proc/mounts writes a space in a mount point as ``\\040``."""
    return _OCTAL.sub(lambda m: chr(int(m.group(1), 8)), field)


def removable_drives(
    override: str | None = None, env: Mapping[str, str] | None = None, mounts: str = "/proc/mounts"
) -> list[Path]:
    """Writable mount points of removable drives, sorted; ``override`` or ``$HAUNTABLE_EXPORT_DIR`` wins.

    An override that is not a writable directory gives no drive, so the screen says none is mounted
    rather than writing somewhere unexpected.
    """
    env = os.environ if env is None else env
    chosen = override or env.get(EXPORT_ENV)
    if chosen:
        path = Path(chosen)
        return [path] if path.is_dir() and os.access(path, os.W_OK) else []
    try:
        lines = Path(mounts).read_text(encoding="utf-8", errors="replace").splitlines()
    except OSError:
        return []
    found = set()
    for line in lines:
        fields = line.split()
        if len(fields) < 2:
            continue
        point = _unescape(fields[1])
        if point.startswith(MEDIA_ROOTS) and os.path.isdir(point) and os.access(point, os.W_OK):
            found.add(Path(point))
    return sorted(found)


def export_name(log: GameLog, game_id: int) -> str:
    """``hauntable-2026-11-30-game3.jsonl``: sorts by date, names the game id ``hauntable replay`` shows."""
    created = log.game(game_id).created[:10]
    return f"hauntable-{created}-game{game_id}.jsonl"


def export_game(log: GameLog, game_id: int, drive: Path) -> Path:
    """Write one logged game as JSON Lines onto ``drive``, whole or not at all, synced so the stick can
    be pulled as soon as the screen says it is written. Raises LogError (no such game) or OSError."""
    text = "".join(line + "\n" for line in export_jsonl(log, game_id))
    path = Path(drive) / export_name(log, game_id)
    write_atomically(path, text)
    fd = os.open(drive, os.O_RDONLY)
    try:
        os.fsync(fd)  # the rename itself must reach the stick
    finally:
        os.close(fd)
    return path

"""The table layouts an operator can choose in the admin menu, and how the choice is named in the settings.

A table ships with the packaged layouts (``hauntable/table/layouts/*.toml``); a builder whose wiring
differs drops a ``*.toml`` into ``layouts/`` in the data directory (beside ``admin-settings.json``). The
choice is kept as a short key, not a path, so a reinstall that moves the package keeps it:
``packaged:bench.toml`` or ``data:garage.toml``. A file that does not validate is listed with its error
(``file:line: ...``) so the operator sees why it cannot be chosen.

>>> key_of(LAYOUTS / "bench.toml", None)
'packaged:bench.toml'
>>> resolve("packaged:bench.toml", None) == LAYOUTS / "bench.toml"
True
>>> resolve("data:../etc.toml", "/tmp") is None
True
"""

from __future__ import annotations

import dataclasses
import os
import re
from pathlib import Path

from hauntable.table.layout import LAYOUTS, Layout, LayoutError, load_layout

KEY_PATTERN = re.compile(r"^(packaged|data):([A-Za-z0-9_.\-]+\.toml)$")
FOLDER = "layouts"  # inside the data directory


@dataclasses.dataclass(frozen=True)
class LayoutChoice:
    """One layout file on offer: its settings key, its file, and the layout or why it does not load."""

    key: str
    path: Path
    layout: Layout | None
    error: str | None

    @property
    def packaged(self) -> bool:
        return self.key.startswith("packaged:")


def data_folder(data_dir: str | os.PathLike[str] | None) -> Path | None:
    return Path(data_dir) / FOLDER if data_dir is not None else None


def resolve(key: str, data_dir: str | os.PathLike[str] | None) -> Path | None:
    """The file a settings key names; None for a malformed key or a data key without a data directory."""
    match = KEY_PATTERN.match(key)
    if match is None or match.group(2).startswith("."):
        return None
    if match.group(1) == "packaged":
        return LAYOUTS / match.group(2)
    folder = data_folder(data_dir)
    return folder / match.group(2) if folder is not None else None


def key_of(path: str | os.PathLike[str], data_dir: str | os.PathLike[str] | None) -> str | None:
    """The settings key of a layout file, when it is one of those on offer; None otherwise."""
    path = Path(path).resolve()
    if path.parent == LAYOUTS.resolve():
        return f"packaged:{path.name}"
    folder = data_folder(data_dir)
    if folder is not None and path.parent == folder.resolve():
        return f"data:{path.name}"
    return None


def available(data_dir: str | os.PathLike[str] | None) -> list[LayoutChoice]:
    """The packaged layouts, then the data directory's, each loaded (and validated) now."""
    files = [(f"packaged:{p.name}", p) for p in sorted(LAYOUTS.glob("*.toml"))]
    folder = data_folder(data_dir)
    if folder is not None and folder.is_dir():
        files += [
            (f"data:{p.name}", p)
            for p in sorted(folder.glob("*.toml"))
            if KEY_PATTERN.match(f"data:{p.name}")
        ]
    out = []
    for key, path in files:
        try:
            out.append(LayoutChoice(key, path, load_layout(path), None))
        except LayoutError as exc:
            out.append(LayoutChoice(key, path, None, str(exc)))
    return out

"""The printed haunts' files on disk (docs/haunt-files.md): the one place the haunt rules read files,
once, when they load (apply() never does). ``load_all`` reads every ``data/haunts/NN.toml``, checks it
(spec.py) and makes the haunt that runs it: :class:`PrintedHaunt`, or the subclass its ``hooks`` names.
"""

from __future__ import annotations

import tomllib
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from hauntable.games.betrayal.haunts.printed.hooks import HOOKS
from hauntable.games.betrayal.haunts.printed.runtime import PrintedHaunt
from hauntable.games.betrayal.haunts.printed.spec import HauntFile, HauntFileError, parse_file

DATA = Path(__file__).resolve().parents[2] / "data" / "haunts"


def read(path: Path) -> dict[str, Any]:
    try:
        return tomllib.loads(path.read_text(encoding="utf-8"))
    except tomllib.TOMLDecodeError as exc:
        raise HauntFileError(f"{path.name}: not valid TOML: {exc}") from None


def load_file(path: Path, extra_names: Iterable[str] = ()) -> HauntFile:
    return parse_file(path.name, read(path), extra_names)


def load_all(folder: Path = DATA) -> dict[int, PrintedHaunt]:
    """Every haunt file in ``folder`` as the haunt that runs it, by number."""
    out: dict[int, PrintedHaunt] = {}
    for path in sorted(folder.glob("*.toml")):
        data = read(path)
        hooks = str(data.get("hooks", ""))
        if hooks and hooks not in HOOKS:
            raise HauntFileError(f"{path.name}: hooks: no hook module {hooks!r} (haunts/printed/hooks)")
        cls = HOOKS.get(hooks, PrintedHaunt) if hooks else PrintedHaunt
        spec = parse_file(path.name, data, cls.extra_names)
        out[spec.number] = cls(spec)
    return out

"""The printed haunts, refereed from their files (docs/haunt-files.md): ``PRINTED`` maps a haunt number to
the :class:`~hauntable.games.betrayal.haunts.printed.runtime.PrintedHaunt` that runs it. Each file in
``games/betrayal/data/haunts/`` is read and checked here, once, when the rules load; a haunt whose file names
``hooks`` runs as that hook module's subclass (``hooks/__init__.py``).
"""

from __future__ import annotations

from pathlib import Path

from hauntable.games.betrayal.haunts.printed.hooks import HOOKS
from hauntable.games.betrayal.haunts.printed.runtime import PrintedHaunt
from hauntable.games.betrayal.haunts.printed.spec import HauntFile, HauntFileError, load_file, read_hooks

DATA = Path(__file__).resolve().parents[2] / "data" / "haunts"


def load_all(folder: Path = DATA) -> dict[int, PrintedHaunt]:
    """Every haunt file in ``folder`` as the haunt that runs it, by number."""
    out: dict[int, PrintedHaunt] = {}
    for path in sorted(folder.glob("*.toml")):
        hooks = read_hooks(path)
        cls = HOOKS.get(hooks, PrintedHaunt) if hooks else PrintedHaunt
        if hooks and hooks not in HOOKS:
            raise HauntFileError(f"{path.name}: hooks: no hook module {hooks!r} (haunts/printed/hooks)")
        spec = load_file(path, cls.extra_names)
        out[spec.number] = cls(spec)
    return out


PRINTED: dict[int, PrintedHaunt] = load_all()


def haunt_text(number: int, key: str, lang: str) -> str | None:
    """Printed haunt ``number``'s sentence ``key`` (its file's ``[texts]``) in ``lang``; None: it has none."""
    haunt = PRINTED.get(number)
    return haunt.spec.texts.get(key, {}).get(lang) if haunt is not None else None


def action_label(number: int, action: str) -> str | None:
    """The words of printed haunt ``number``'s action ``action`` (None: no such haunt file or action)."""
    haunt = PRINTED.get(number)
    found = haunt.spec.action(action) if haunt is not None else None
    return found.label if found is not None else None


__all__ = ["PRINTED", "HauntFile", "HauntFileError", "PrintedHaunt", "action_label", "haunt_text", "load_all"]

"""The printed haunts, refereed from their files (docs/haunt-files.md): ``PRINTED`` maps a haunt number to
the :class:`~hauntable.games.betrayal.haunts.printed.runtime.PrintedHaunt` that runs it. Each file in
``games/betrayal/data/haunts/`` is read and checked here, once, when the rules load; a haunt whose file names
``hooks`` runs as that hook module's subclass (``hooks/__init__.py``).
"""

from __future__ import annotations

from hauntable.games.betrayal.haunts.printed.content_files import load_all
from hauntable.games.betrayal.haunts.printed.runtime import PrintedHaunt
from hauntable.games.betrayal.haunts.printed.spec import HauntFile, HauntFileError

PRINTED: dict[int, PrintedHaunt] = load_all()


def haunt_text(number: int, key: str, lang: str) -> str | None:
    """Printed haunt ``number``'s sentence ``key`` (its file's ``[texts]``) in ``lang``; None: it has none."""
    haunt = PRINTED.get(number)
    return haunt.spec.texts.get(key, {}).get(lang) if haunt is not None else None


def action_label(number: int, action: str, lang: str = "en") -> str | None:
    """The words of printed haunt ``number``'s action ``action`` in ``lang`` (English where the file has no
    words in it; None: no such haunt file or action)."""
    haunt = PRINTED.get(number)
    found = haunt.spec.action(action) if haunt is not None else None
    return None if found is None else found.labels.get(lang, found.label)


__all__ = ["PRINTED", "HauntFile", "HauntFileError", "PrintedHaunt", "action_label", "haunt_text", "load_all"]

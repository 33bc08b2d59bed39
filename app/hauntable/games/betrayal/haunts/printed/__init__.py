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


__all__ = ["PRINTED", "HauntFile", "HauntFileError", "PrintedHaunt", "load_all"]

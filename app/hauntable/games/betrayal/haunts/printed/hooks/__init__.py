"""Named Python hooks for the printed haunts that need a machine of their own (docs/haunt-files.md): each
module holds one :class:`~hauntable.games.betrayal.haunts.printed.runtime.PrintedHaunt` subclass, listed in
``HOOKS`` under the name a haunt file gives in its ``hooks`` field."""

from __future__ import annotations

# one import a line (not one from-import of all), so hooks added in parallel merge without conflicts
import hauntable.games.betrayal.haunts.printed.hooks.h37 as h37
import hauntable.games.betrayal.haunts.printed.hooks.h38 as h38
import hauntable.games.betrayal.haunts.printed.hooks.h42 as h42
import hauntable.games.betrayal.haunts.printed.hooks.h44 as h44
import hauntable.games.betrayal.haunts.printed.hooks.h45 as h45
import hauntable.games.betrayal.haunts.printed.hooks.h47 as h47
import hauntable.games.betrayal.haunts.printed.hooks.h48 as h48
from hauntable.games.betrayal.haunts.printed.runtime import PrintedHaunt

HOOKS: dict[str, type[PrintedHaunt]] = {
    "h37": h37.Checkmate,
    "h38": h38.Hellbeasts,
    "h42": h42.ComesTheHero,
    "h44": h44.DeathDothFindUsAll,
    "h45": h45.TickTickTick,
    "h47": h47.WormOuroboros,
    "h48": h48.StackedLikeCordwood,
}

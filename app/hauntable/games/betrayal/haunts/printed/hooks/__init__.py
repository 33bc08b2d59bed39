"""Named Python hooks for the printed haunts that need a machine of their own (docs/haunt-files.md): each
module holds one :class:`~hauntable.games.betrayal.haunts.printed.runtime.PrintedHaunt` subclass, listed in
``HOOKS`` under the name a haunt file gives in its ``hooks`` field."""

from __future__ import annotations

from hauntable.games.betrayal.haunts.printed.hooks import (
    h27,
    h28,
    h30,
    h31,
    h34,
    h35,
    h37,
    h38,
    h39,
    h41,
    h42,
    h43,
    h44,
    h45,
    h46,
    h47,
    h48,
    h49,
)
from hauntable.games.betrayal.haunts.printed.hooks.more import MORE_HOOKS
from hauntable.games.betrayal.haunts.printed.runtime import PrintedHaunt

HOOKS: dict[str, type[PrintedHaunt]] = {
    "h27": h27.AmokFlesh,
    "h28": h28.RingOfKingSolomon,
    "h30": h30.TombOfDracula,
    "h31": h31.Airborne,
    "h34": h34.Guillotines,
    "h43": h43.StarSickness,
    "h35": h35.SmallChange,
    "h37": h37.Checkmate,
    "h38": h38.Hellbeasts,
    "h39": h39.TheHeir,
    "h41": h41.InvisibleTraitor,
    "h42": h42.ComesTheHero,
    "h44": h44.DeathDothFindUsAll,
    "h45": h45.TickTickTick,
    "h46": h46.TheFeast,
    "h47": h47.WormOuroboros,
    "h48": h48.StackedLikeCordwood,
    "h49": h49.YouWearItWell,
}
HOOKS.update(MORE_HOOKS)  # the printed haunts 2-25 (hooks/more.py)

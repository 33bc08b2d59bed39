"""Places the printed haunts' hooks share: a room as far as possible from every explorer (haunt 28's portal,
haunt 30's fallback for Dracula)."""

from __future__ import annotations

from hauntable.games.betrayal.house import distances, monster_walker
from hauntable.games.betrayal.predicates import in_house
from hauntable.games.betrayal.world import World


def farthest_from_explorers(w: World, rooms: list[str]) -> str:
    """The room of ``rooms`` whose nearest explorer in the house is farthest away by monster paths (ties:
    the first given); '' when ``rooms`` is empty."""
    s = w.s
    where = {e.room for e in s.explorers if in_house(e)}
    far = {r: distances(s, w.content, r, monster_walker(s)) for r in rooms}
    return max(rooms, key=lambda r: min((far[r].get(x, 99) for x in where), default=99), default="")

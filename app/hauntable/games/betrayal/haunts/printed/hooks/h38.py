"""Haunt 38, Hellbeasts: after the Firebats move, every room where Firebats and heroes meet burns. The file
language has no loop over rooms, so ``burn(kind)`` rolls one die per monster of ``kind`` in each such room
through the table and each hero there takes that room's total as physical damage."""

from __future__ import annotations

from typing import Any, ClassVar

from hauntable.games.betrayal.haunts.printed.runtime import PrintedHaunt
from hauntable.games.betrayal.haunts.printed.vocab import Ctx
from hauntable.games.betrayal.predicates import in_house


class Hellbeasts(PrintedHaunt):
    extra_names: ClassVar[tuple[str, ...]] = ("burn",)

    def extra(self, c: Ctx) -> dict[str, Any]:
        def burn(kind: str) -> None:
            w = c.w
            rooms: dict[str, int] = {}
            for m in w.haunt.monsters.values():
                if m.kind == kind and m.room in w.s.house:
                    rooms[m.room] = rooms.get(m.room, 0) + 1
            ex = w.s.explorers
            for room, n in sorted(rooms.items()):
                c.roll_damage([s for s in c.heroes() if in_house(ex[s]) and ex[s].room == room], n)

        return {"burn": burn}

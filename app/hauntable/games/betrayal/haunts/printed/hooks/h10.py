"""Haunt 10, Family Gathering: the trap rooms. At the end of each monster turn every Zombie standing in a
trap room that holds no trapped Zombie yet rolls its Knowledge (the traitor throws); the file's ``trap``
action says what a failure does. One Zombie per room rolls: a room holds one trapped Zombie at most."""

from __future__ import annotations

from hauntable.games.betrayal.haunts.printed.vocab import Ctx
from hauntable.games.betrayal.haunts.printed.vocab_extra import ExtraHaunt
from hauntable.games.betrayal.world import World

TRAPS = ("Master Bedroom", "Chapel", "Conservatory", "Game Room", "Library", "Attic")


class FamilyGathering(ExtraHaunt):
    def end_monster_turn(self, w: World) -> None:
        super().end_monster_turn(w)
        h, rolled = w.haunt, set()
        c = Ctx(w, self.spec)
        for mid, m in sorted(h.monsters.items()):
            trapped = any(t.startswith("Trapped Zombie") for t in h.tokens_in(m.room))
            if m.kind == "Zombie" and m.room in TRAPS and not trapped and m.room not in rolled:
                rolled.add(m.room)
                c.roll_for("trap", m.knowledge or 0, h.traitor if h.traitor is not None else -1, about=mid)

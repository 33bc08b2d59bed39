"""Haunt 47, Worm Ouroboros: the Heads leave a Body token in each room they leave (one a room). The monster
turn has no per-step hook, so the table compares each Head's room at the end of the monster turn with where
it began and lays a Body in the room it left (a Head moves 1 die of rooms: at most the one room between is
missed, said in the file's gaps)."""

from __future__ import annotations

from typing import Any, ClassVar

from hauntable.games.betrayal import haunt_ops as ops
from hauntable.games.betrayal.haunts.printed.runtime import PrintedHaunt
from hauntable.games.betrayal.haunts.printed.vocab import Ctx
from hauntable.games.betrayal.world import World

HEAD, BODY, WHERE = "Ouroboros Head", "Body", "_heads_were"


class WormOuroboros(PrintedHaunt):
    extra_names: ClassVar[tuple[str, ...]] = ("weaken_here",)

    def extra(self, c: Ctx) -> dict[str, Any]:
        def weaken_here() -> None:
            """The weakening spell: the first unweakened Head in the actor's room can now be fought."""
            w = c.w
            for mid, m in w.haunt.monsters.items():
                if m.kind == HEAD and m.room == c.here() and m.immune != ("speed",):
                    m.immune, m.might = ("speed",), 5
                    w.say(f"{mid} is weakened: Might 5", "printed.weakened", monster=mid)
                    return

        return {"weaken_here": weaken_here}

    def on_round(self, w: World, n: int) -> None:
        w.haunt.vars[WHERE] = {mid: m.room for mid, m in w.haunt.monsters.items() if m.kind == HEAD}
        super().on_round(w, n)

    def end_monster_turn(self, w: World) -> None:
        were: dict[str, str] = w.haunt.vars.get(WHERE, {})
        for mid, room in were.items():
            m = w.haunt.monsters.get(mid)
            if m is None or m.room == room or room not in w.s.house or w.haunt.tokens_in(room):
                continue
            laid = sum(1 for t in w.haunt.tokens if t.startswith(BODY))
            ops.put_token(w, f"{BODY} {laid + 1}", room)
        super().end_monster_turn(w)

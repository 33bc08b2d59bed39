"""Haunt 31, Airborne: no traitor, and only heroes with a Parachute leave alive. The file language has no
'which explorer' search, so ``victim()`` names a hero in the actor's room who carries a Parachute (-1:
none), ``carried_name(seat)`` the Parachute a seat carries, ``kill_stranded()`` kills every hero still in
the house once every Parachute has left (the sources say they die, not when: the file's gaps say so),
``drop_dead()`` drops a dead carrier's Parachute in their room, and ``lift_basement()`` takes the explorers
out of the basement, which leaves the house at set-up."""

from __future__ import annotations

from typing import Any, ClassVar

from hauntable.games.betrayal import haunt_ops as ops
from hauntable.games.betrayal.death import kill
from hauntable.games.betrayal.haunts.printed.runtime import PrintedHaunt
from hauntable.games.betrayal.haunts.printed.vocab import Ctx
from hauntable.games.betrayal.predicates import in_house

CHUTE = "Parachute"


class Airborne(PrintedHaunt):
    extra_names: ClassVar[tuple[str, ...]] = (
        "victim",
        "carried_name",
        "kill_stranded",
        "lift_basement",
        "drop_dead",
    )

    def extra(self, c: Ctx) -> dict[str, Any]:
        w = c.w

        def carried_name(seat: int) -> str:
            return next((t for t in w.haunt.carried_by(seat) if t.startswith(CHUTE)), "")

        def victim() -> int:
            ex, here = w.s.explorers, c.here()
            return next(
                (
                    s
                    for s in c.heroes()
                    if s != c.me and in_house(ex[s]) and ex[s].room == here and carried_name(s)
                ),
                -1,
            )

        def kill_stranded() -> None:
            for s in c.heroes():
                if in_house(w.s.explorers[s]):
                    kill(w, s, "")

        def lift_basement() -> None:
            """Explorers in the basement go to the Mystic Elevator above ground (else the Entrance Hall)."""
            s = w.s
            lift = s.house.get("Mystic Elevator")
            to = "Mystic Elevator" if lift is not None and lift.floor != "basement" else "Entrance Hall"
            for e in s.explorers:
                if in_house(e) and s.house[e.room].floor == "basement":
                    w.explorer(
                        e.seat
                    ).room = to  # the step's own copy: the state it began from stays as it was
                    who = w.who(e.seat)
                    w.say(f"{who} is moved to the {to}", "printed.moved", who=who, room=to)

        def drop_dead() -> None:
            """A dead carrier's Parachute drops in their room for anyone to take."""
            for e in w.s.explorers:
                if not e.alive:
                    for t in [t for t in w.haunt.carried_by(e.seat) if t.startswith(CHUTE)]:
                        ops.put_token(w, t, e.room)

        return {
            "drop_dead": drop_dead,
            "victim": victim,
            "carried_name": carried_name,
            "kill_stranded": kill_stranded,
            "lift_basement": lift_basement,
        }

"""Haunt 27, Amok Flesh: the Blob is made of tokens, not monsters, so it spreads by this hook.
``spread_blob()`` lays a Blob token in every room joined by a door to the main Blob, then one under each
Blob-person; ``engulf()`` turns every explorer standing in a Blob room into a Blob-person:
their cards drop and they join the traitor's side (they no longer count as heroes); ``blob_person(seat)``
lets the file's rules stop them after 2 spaces and bar their fights."""

from __future__ import annotations

from typing import Any, ClassVar

from hauntable.games.betrayal import haunt_ops as ops
from hauntable.games.betrayal.haunts.printed.runtime import PrintedHaunt
from hauntable.games.betrayal.haunts.printed.vocab import Ctx
from hauntable.games.betrayal.house import adjacent
from hauntable.games.betrayal.predicates import in_house

BLOB, PEOPLE = "Blob", "_blob_people"


class AmokFlesh(PrintedHaunt):
    extra_names: ClassVar[tuple[str, ...]] = (
        "spread_blob",
        "engulf",
        "blob_rooms",
        "lay_blob",
        "next_to_blob",
        "blob_person",
    )

    def extra(self, c: Ctx) -> dict[str, Any]:
        w = c.w

        def blob_rooms() -> list[str]:
            house = w.s.house
            return sorted({r for t, r in w.haunt.tokens.items() if t.startswith(BLOB) and r in house})

        def lay_blob(room: str) -> None:
            if room in w.s.house and room not in blob_rooms():
                ops.put_token(w, f"{BLOB} ({room})", room)

        def spread_blob() -> None:
            """The main Blob (the Blob rooms joined by doors to its first room) grows through every door;
            then a patch appears under each Blob-person, growing only once it joins the main Blob."""
            rooms = set(blob_rooms())
            main, todo = set(), [w.haunt.vars.get("_start", "")]
            while todo:
                room = todo.pop()
                if room in rooms and room not in main:
                    main.add(room)
                    todo.extend(adjacent(w.s, w.content, room))
            for room in sorted(main):
                for nextdoor in adjacent(w.s, w.content, room):
                    lay_blob(nextdoor)
            for seat in w.haunt.vars.get(PEOPLE, []):
                if in_house(w.s.explorers[seat]):
                    lay_blob(w.s.explorers[seat].room)

        def engulf() -> None:
            rooms = set(blob_rooms())
            people: list[int] = w.haunt.vars.setdefault(PEOPLE, [])
            for e in w.s.explorers:
                if in_house(e) and e.room in rooms and e.seat not in people:
                    people.append(e.seat)
                    c.drop_cards(e.seat)
                    if w.haunt.side_of(e.seat) != "traitor":
                        ops.change_side(w, e.seat, "traitor")
                    c.tell("engulfed")

        def next_to_blob() -> bool:
            rooms, here = blob_rooms(), c.here()
            return here not in rooms and any(r in rooms for r in adjacent(w.s, w.content, here))

        def blob_person(seat: int) -> bool:
            return seat in w.haunt.vars.get(PEOPLE, [])

        return {
            "blob_person": blob_person,
            "spread_blob": spread_blob,
            "engulf": engulf,
            "blob_rooms": blob_rooms,
            "lay_blob": lay_blob,
            "next_to_blob": next_to_blob,
        }

"""Haunt 7, Carnivorous Ivy: a Creeper is a Root token and a Tip monster laid together (Root N with the N-th
Tip), so spraying either one kills the pair. ``spray_here()`` finds the pair from whichever of its two
pieces stands in the actor's room.

The grab: a Tip whose attack beats a hero holds them instead of hurting them (``_grabbed``: seat -> Tip);
the hero drops every card and cannot move (``grabbed(seat)``), the Tip moves only by dragging them 2 rooms
toward its Root at the end of each monster turn (``holding(tip)``); a hero in the Root's room when a monster
turn ends, grabbed before it, was there at its start: they die and the Creeper is gone. Beating the Tip
frees them."""

from __future__ import annotations

from typing import Any

from hauntable.games.betrayal import haunt_ops as ops
from hauntable.games.betrayal.cards.hands import lose_card
from hauntable.games.betrayal.death import kill
from hauntable.games.betrayal.haunts.printed.vocab import Ctx
from hauntable.games.betrayal.haunts.printed.vocab_extra import NAMES, ExtraHaunt, bind
from hauntable.games.betrayal.house import distances, monster_walker
from hauntable.games.betrayal.monsters import neighbours
from hauntable.games.betrayal.predicates import in_house, seat_of
from hauntable.games.betrayal.world import World

TIP, ROOT, GRABBED, WHEN, DRAG = "Creeper Tip", "Root", "_grabbed", "_grabbed_in", 2


def tip_id(n: int) -> str:
    """The id vocab's spawn gives the n-th Tip: the kind, then 'kind 2', 'kind 3'..."""
    return TIP if n == 1 else f"{TIP} {n}"


def root_of(mid: str) -> str:
    return f"{ROOT} {1 if mid == TIP else int(mid.split()[-1])}"


def grabs(w: World) -> dict[str, str]:
    """Who is held by which Tip (read only: listing the choices must not change the state, E1)."""
    found: dict[str, str] = w.haunt.vars.get(GRABBED, {})
    return found


def release(w: World, key: str) -> None:
    """The hero at seat ``key`` is held no more (a new dict: states share their containers, E1)."""
    w.haunt.vars[GRABBED] = {k: v for k, v in grabs(w).items() if k != key}


def drag(w: World, seat: int, mid: str, root_room: str) -> None:
    """The Tip drags the hero up to ``DRAG`` rooms toward its Root (monster paths), both moving together."""
    e, m = w.explorer(seat), w.haunt.monsters[mid]  # the explorer copied before it is changed (E1)
    far = distances(w.s, w.content, root_room, monster_walker(w.s))
    for _ in range(DRAG):
        here = far.get(e.room)
        step = next((r for r in neighbours(w, e.room) if here is not None and far.get(r, 99) < here), None)
        if step is None:
            return
        e.room = m.room = step
        w.say(f"{w.who(seat)} is moved to the {step}", "printed.moved", who=w.who(seat), room=step)


def spray_here(c: Ctx) -> None:
    h, room = c.w.haunt, c.here()
    pairs = sorted(
        int(t.split()[-1]) for t in h.tokens if t.startswith(ROOT + " ") and h.token_room(t) == room
    )
    if not pairs:
        pairs = sorted(
            1 if mid == TIP else int(mid.split()[-1])
            for mid, m in h.monsters.items()
            if m.kind == TIP and m.room == room
        )
    if not pairs:
        return
    n = pairs[0]
    if f"{ROOT} {n}" in h.tokens:
        ops.remove_token(c.w, f"{ROOT} {n}")
    if tip_id(n) in h.monsters:
        ops.kill_monster(c.w, tip_id(n))


class CarnivorousIvy(ExtraHaunt):
    extra_names = (*NAMES, "spray_here", "grabbed", "holding")

    def extra(self, c: Ctx) -> dict[str, Any]:
        return {
            **bind(c),
            "spray_here": lambda: spray_here(c),
            "grabbed": lambda seat: str(seat) in grabs(c.w),
            "holding": lambda mid: mid in grabs(c.w).values(),
        }

    def explorer_beaten(self, w: World, mid: str, seat: int, fight: dict[str, Any]) -> bool:
        m = w.haunt.monsters.get(mid)
        if m is None or m.kind != TIP:
            return super().explorer_beaten(w, mid, seat, fight)
        if str(seat) not in grabs(w) and mid not in grabs(w).values():
            w.haunt.vars[GRABBED] = {**grabs(w), str(seat): mid}
            w.haunt.vars[WHEN] = {**w.haunt.vars.get(WHEN, {}), str(seat): w.haunt.round}
            e = w.s.explorers[seat]
            for card in [*e.items, *e.omens]:
                lose_card(w, seat, card, "room")
            Ctx(w, self.spec, seat).tell("grab")
        return True  # a Tip's win never hurts: it grabs

    def fight_won(self, w: World, winner: str, loser: str, fight: dict[str, Any]) -> None:
        seat = seat_of(winner)
        if seat is not None and grabs(w).get(str(seat)) == loser:  # beating the Tip that holds you frees you
            release(w, str(seat))
            Ctx(w, self.spec, seat).tell("free")
        super().fight_won(w, winner, loser, fight)

    def end_monster_turn(self, w: World) -> None:
        h = w.haunt
        for key, mid in sorted(grabs(w).items()):
            seat, root = int(key), root_of(mid)
            room = h.token_room(root) if root in h.tokens else None
            if mid not in h.monsters or not in_house(w.s.explorers[seat]) or not room:
                release(w, key)
                continue
            if w.s.explorers[seat].room == room:
                if h.vars.get(WHEN, {}).get(key) == h.round:
                    continue  # grabbed in the Root's room this monster turn: dies at the next one
                release(w, key)
                kill(w, seat, f"The Creeper devours {w.who(seat)}")
                ops.kill_monster(w, mid)
                ops.remove_token(w, root)
            else:
                drag(w, seat, mid, room)
        super().end_monster_turn(w)

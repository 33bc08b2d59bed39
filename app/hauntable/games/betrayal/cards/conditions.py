"""The conditions a card's ``if`` effect and a card's ``use_when`` test (``holds``), and the reach they
need (what the Dog could do, what could be picked from a pocket)."""

from __future__ import annotations

from hauntable.games.betrayal.cards import CARD_RULES
from hauntable.games.betrayal.cards.hands import PILE, held, in_room, rules_of
from hauntable.games.betrayal.house import DOG, adjacent, distances, needs_roll
from hauntable.games.betrayal.world import World


def holds(w: World, seat: int, cond: str) -> bool:
    """A condition of an ``if``: ``found:A,B`` (a room is in the house), ``in:A,B`` (the explorer is in
    one), ``held:Card`` (someone holds it), ``has:Card`` (this explorer does), ``items`` (has an item),
    ``mark:Name`` (a note), ``event_room`` (the room shows an event symbol), ``haunt``."""
    kind, _, arg = cond.partition(":")
    e = w.s.explorers[seat]
    names = [a for a in arg.split(",") if a]
    if kind == "found":
        return any(n in w.s.house for n in names)
    if kind == "in":
        return e.room in names
    if kind == "held":
        return w.holder(arg) is not None
    if kind == "has":
        return arg in e.items or arg in e.omens
    if kind == "items":
        return bool(e.items)
    if kind == "mark":
        return bool(e.marks.get(arg))
    if kind == "event_room":
        return w.content.rooms[e.room].symbol == "event"
    if kind == "haunt":
        return w.s.phase == "haunt"
    if kind == "attack_free":  # after the haunt, the turn's attack not yet made (K1)
        return w.s.phase == "haunt" and "attack" not in w.s.turn.tried
    if kind == "needs":  # someone in the room (the explorer too) is below a starting value of these traits
        for other in w.s.explorers:
            start = w.content.characters[other.character].start
            if other.alive and other.room == e.room and any(other.traits[t] < start[t] for t in names):
                return True
        return False
    if kind == "pickable":
        return bool(pickable(w, seat))
    if kind == "dog":
        return dog_surely(w, seat) or bool(dog_errands(w, seat))
    if kind == "not_moved":
        return w.s.turn.moved == 0 and not w.s.turn.movement_over
    raise ValueError(f"unknown condition {cond!r}")


def pickable(w: World, seat: int) -> list[tuple[int, str]]:

    return [
        (o, n)
        for o in in_room(w, seat)
        for n in held(w, o)
        if CARD_RULES.get(n) is None or CARD_RULES[n].stealable
    ]


def dog_errands(w: World, seat: int) -> list[tuple[str, str, str]]:
    """What the Dog can do this turn: ("fetch", item, room) for an item lying within 6 spaces, or ("leave",
    item, room) for a droppable item of yours left in a room within 6 spaces (not the explorer's own)."""

    here = w.s.explorers[seat].room
    near = set(distances(w.s, w.content, here, DOG, limit=6))
    tried = w.s.turn.tried
    out = []
    for tok, room in sorted(w.s.tokens.items()):
        if tok.startswith(PILE) and room in near and room != here and f"item:{tok[len(PILE) :]}" not in tried:
            out.append(("fetch", tok[len(PILE) :], room))
    for name in held(w, seat):
        rules = rules_of(name)
        if f"item:{name}" in tried or (rules is not None and not rules.droppable):
            continue
        out.extend(("leave", name, room) for room in sorted(near - {here}))
    return out


def dog_surely(w: World, seat: int) -> bool:
    """A cheap sufficient test for the turn prompt: an item of yours to leave and a room next door the Dog
    may enter (``dog_errands`` would then list at least one errand)."""

    tried = w.s.turn.tried
    if not any(
        f"item:{n}" not in tried and ((r := rules_of(n)) is None or r.droppable) for n in held(w, seat)
    ):
        return False
    return any(not needs_roll(w.content, r) for r in adjacent(w.s, w.content, w.s.explorers[seat].room))

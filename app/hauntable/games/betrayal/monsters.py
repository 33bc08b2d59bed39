"""Monsters after the haunt (H5) as pieces in the house: :class:`~hauntable.games.betrayal.records.Monster`
records in ``state.haunt.monsters``, put in, stunned, defeated or taken out, and their one step.

A trait the monster lacks is None (nobody can attack it in that trait, and it attacks with none it lacks).
Combat (``fight.py``) reads the trait values and calls :func:`defeat` when it damages a monster; the haunts
add, stun and remove monsters here. The monster turn, which moves them and makes them act, is
``monster_turn.py``, above: these are the facts every haunt rule may change without it.
"""

from __future__ import annotations

from hauntable.games.betrayal.content import TRAITS
from hauntable.games.betrayal.house import apart, monster_walker, steps
from hauntable.games.betrayal.predicates import in_house
from hauntable.games.betrayal.records import Monster
from hauntable.games.betrayal.sides import side_of
from hauntable.games.betrayal.world import World


def monsters(w: World) -> dict[str, Monster]:
    return w.haunt.monsters


def add_monster(w: World, mid: str, mtype: str, room: str, **traits: int | None) -> Monster:
    """Put a monster ``mid`` of ``mtype`` in ``room`` with plain trait values (missing traits: None)."""
    unknown = set(traits) - set(TRAITS)
    if unknown:
        raise ValueError(f"no trait(s) {sorted(unknown)}")
    get = traits.get
    m = Monster(mtype, room, get("speed"), get("might"), get("sanity"), get("knowledge"))
    monsters(w)[mid] = m
    w.say(f"A {mtype} appears in the {room}", "monster.appears", monster=mid, room=room)
    return m


def stun(w: World, mid: str) -> None:
    """H5.3: a damaged monster is stunned instead: it skips its next turn and drops what it carries."""
    m = monsters(w)[mid]
    m.stuns += 1
    if m.stunned:
        return
    m.stunned = True
    w.say(f"{mid} is stunned", "monster.stunned", monster=mid)
    for item in m.items:
        w.own("tokens")["item:" + item] = m.room
        w.say(f"{mid} drops the {item}", "monster.drops", monster=mid, item=item)
    m.items = []


def defeat(w: World, mid: str) -> None:
    """A monster loses a fight or takes damage: stunned (H5.3), killed, or untouched, as its record says."""
    m = monsters(w)[mid]
    if m.beaten == "kill":
        remove_monster(w, mid, killed=True)
    elif m.beaten == "nothing":
        w.say(f"{mid} cannot be harmed", "monster.unharmed", monster=mid)
    elif m.beaten == "hit":  # a haunt counts its defeats instead of stunning it (haunt 47's Heads)
        m.stuns += 1
        w.say(f"{mid} takes a hit ({m.stuns})", "monster.hit", monster=m.name or mid, n=m.stuns)
    else:
        stun(w, mid)


def remove_monster(w: World, mid: str, killed: bool = False) -> None:
    """Take a monster out of the house (``killed``: it lost a fight or the haunt killed it; else the haunt
    takes it away): what it carries (cards and haunt tokens) stays in its room."""
    h = w.haunt
    m = h.monsters.pop(mid)
    name = m.name or mid
    for item in m.items:
        w.own("tokens")["item:" + item] = m.room
    for token in list(h.tokens):
        if h.holder(token) == mid:
            h.put(token, m.room)
    if h.mphase is not None and mid in h.mphase.queue:
        h.mphase.queue.remove(mid)
    if killed:
        w.say(f"{name} is killed", "monster.killed", monster=name, room=m.room)
    else:
        w.say(f"{name} is taken out of the house", "monster.removed", monster=name, room=m.room)


def opponents_of_monsters(w: World) -> list[int]:
    """Seats the monsters oppose: the heroes (every explorer in a haunt without a known traitor)."""
    return [e.seat for e in w.s.explorers if in_house(e) and side_of(w.s, e.seat) != "traitor"]


def explorer_leave_extra(w: World, seat: int) -> int:
    """H5.1: one more space per opponent in the room: awake monsters for a hero, opposing explorers."""
    e = w.s.explorers[seat]
    mine = side_of(w.s, seat)
    extra = 0
    if mine != "traitor":
        extra += sum(
            1
            for m in monsters(w).values()
            if m.room == e.room
            and not m.stunned
            and m.slows
            and not apart(w.content, e.room, e.side, m.barrier_side)
        )
    if not w.haunt.hidden and w.haunt.traitor is not None:
        extra += sum(
            1
            for o in w.s.explorers
            if o.seat != seat
            and in_house(o)
            and o.room == e.room
            and side_of(w.s, o.seat) != mine
            and o.seat not in w.haunt.unseen  # an unseen explorer slows nobody: it would show where it is
        )
    return extra


def neighbours(w: World, room: str) -> list[str]:
    """Rooms a monster can reach from ``room`` in one step (H5.4): through meeting doors whatever barrier
    stands in the room, by the stairs, the Coal Chute and the Collapsed Room both ways, up into the Gallery,
    through the Revolving Wall's Wall Switch without a roll, and by Secret Passages and Stairs (house rule
    ``monster_secret_passages``). Never a new room, and never by the Mystic Elevator (H5.4)."""
    return steps(w.s, w.content, room, monster_walker(w.s))


def controller(w: World) -> int | None:
    """H3.5: the traitor moves the monsters, even dead; with no known traitor, the table does."""
    return w.haunt.traitor

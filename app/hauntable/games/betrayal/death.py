"""Death after the haunt (rule K9 in docs/rules.md): a trait that drops past its lowest step reaches the
skull and the explorer dies (``World.change_trait`` queues the ``die`` task). The dead's items and omens
stay in the room as item piles anyone there may pick up (C4), and so do the haunt tokens they carried
(haunt 14's Paint: a can carried to the grave would keep the heroes from ever winning); a companion
(Dog, Girl, Madman) waits there for the next explorer to enter (``hands.take_in_companions``, de l.403);
the dead get no more turns (the haunt's turn order, ``haunt.haunt_next_turn``, skips them).
"""

from __future__ import annotations

from hauntable.games.betrayal.cards.hands import COMPANION, PILE
from hauntable.games.betrayal.haunt_ops import drop_token
from hauntable.games.betrayal.world import World, task

# tasks that belong to the turn, not to one explorer: they stay queued when that explorer dies
TURN_TASKS = ("next_turn",)


def kill(w: World, seat: int, why: str = "") -> None:
    """A haunt's rule kills the explorer outright (haunt 1's traitor): the same death as a trait reaching
    its skull (K9), at once; ``why`` is said first. Nothing is done for an explorer already dead.

    Warning: it does not end anybody's turn (a haunt's set-up kills before the first turn)."""
    e = w.explorer(seat)
    if not e.alive:
        return
    e.alive = False
    if why:
        w.say(why, "explorer.killed", who=e.name)
    die(w, seat, ends_turn=False)


@task("die")
def die(w: World, seat: int, ends_turn: bool = True) -> None:
    """The explorer is dead (``alive`` is already False): their cards stay in the room as item piles,
    kept events go to the discards, and nothing more is asked of them. If it was their turn, it ends
    (``ends_turn``; never in the monster turn, which goes on). The hidden traitor's token is shown by the
    haunt's victory check (H4.4), which reads ``alive``."""
    e = w.explorer(seat)
    room = e.room
    w.say(f"{e.name} dies in the {room} (K9)", "explorer.dies", who=e.name, room=room)
    cards = [*e.items, *e.omens]
    companions = [n for n in cards if w.content.cards[n].subtype == "companion"]
    cards = [n for n in cards if n not in companions]
    for name in cards:
        w.own("tokens")[PILE + name] = room
    for name in companions:  # de l.403: it waits in the room for the next explorer to enter (K9)
        w.own("tokens")[COMPANION + name] = room
        w.say(
            f"The {name} stays in the {room}: the next explorer to enter takes it in",
            "companion.waits",
            card=name,
            room=room,
        )
    if cards:
        w.say(
            f"{e.name}'s {', '.join(cards)} stay in the {room} for others to take",
            "explorer.dies_cards",
            who=e.name,
            cards=cards,
            room=room,
            names=", ".join(cards),
        )
    e.items, e.omens = [], []
    h = w.s.haunt
    if h is not None:  # haunt tokens carried stay there too (C4)
        for token in sorted(h.tokens):
            if h.carrier(token) == seat:
                drop_token(w, token)
    for card in e.kept:
        w.discards("event").append(card)
    e.kept = []
    e.side = None
    pending = []
    for name, params in w.s.pending:
        if name not in TURN_TASKS and params.get("seat") == seat:
            continue
        if seat in params.get("seats", ()):  # a roll shared by several: the others still take it
            params = dict(params, seats=[s for s in params["seats"] if s != seat])
            if not params["seats"]:
                continue
        pending.append((name, params))
    w.s.pending = pending
    monster_turn = w.s.haunt is not None and w.s.haunt.in_monster_turn  # a monster's victim: it goes on
    if not ends_turn or monster_turn or seat != w.s.turn.seat:
        return
    if not any(name == "next_turn" for name, _ in w.s.pending):
        w.then(("next_turn", dict(seat=seat)))

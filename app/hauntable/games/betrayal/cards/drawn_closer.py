"""The Bell and the Spirit Board draw heroes or monsters one space closer along a shortest way (house.py)."""

from __future__ import annotations

from typing import Any

from hauntable.games.betrayal.house import distances, steps
from hauntable.games.betrayal.predicates import hostile, monsters, move_monster, name_of, room_of, seat_of
from hauntable.games.betrayal.prompts import ChooseOption
from hauntable.games.betrayal.sides import side_of, traitor_seat
from hauntable.games.betrayal.world import World, effect_op, task


def _steps(w: World, room: str) -> list[str]:
    """Rooms one space away: doors that meet, stairs, secret passages and stairs."""
    return steps(w.s, w.content, room)


def closer(w: World, start: str, goal: str) -> str | None:
    """The room one space from ``start`` on a shortest way to ``goal`` (the first in door order)."""
    dist = distances(w.s, w.content, goal)
    if start not in dist or dist[start] == 0:
        return None
    return next((r for r in _steps(w, start) if dist.get(r) == dist[start] - 1), None)


def _impeded(w: World, seat: int) -> bool:
    """An explorer sharing the room with a conscious opponent (an explorer of the other side, or a monster
    not stunned) is impeded."""
    room = w.s.explorers[seat].room
    others = [str(e.seat) for e in w.s.explorers if e.alive and e.room == room and e.seat != seat]
    others += [k for k, m in monsters(w.s).items() if m.room == room and not m.stunned]
    return any(hostile(w.s, str(seat), k) for k in others)


@effect_op("bell_heroes")
def _bell_heroes(w: World, seat: int, card: str) -> list[Any] | None:
    """Bell 5+: any number of unimpeded heroes come 1 space closer to the Bell's holder (asked per hero)."""
    here = w.s.explorers[seat].room
    heroes = [
        e.seat
        for e in w.s.explorers
        if e.alive
        and e.seat != seat
        and side_of(w.s, e.seat) == "heroes"
        and not _impeded(w, e.seat)
        and closer(w, e.room, here) is not None
    ]
    if not heroes:
        w.say(f"{card}: no hero can come closer", "card.nothing", card=card)
        return None
    return [("closer_ask", dict(seat=seat, card=card, keys=[str(h) for h in heroes]))]


@effect_op("monsters_closer")
def _monsters_closer(w: World, seat: int, card: str) -> list[Any] | None:
    """Bell 0-4, Spirit Board after the haunt: the traitor may bring any number of monsters 1 space closer
    to the card's user (asked per monster)."""
    here = w.s.explorers[seat].room
    keys = [
        k
        for k, m in sorted(monsters(w.s).items())
        if not m.stunned and m.room and closer(w, m.room, here) is not None
    ]
    if not keys:
        w.say(f"{card}: no monster can come closer", "card.nothing", card=card)
        return None
    return [("closer_ask", dict(seat=seat, card=card, keys=keys))]


@task("closer_ask")
def closer_ask(w: World, seat: int, card: str, keys: list[Any]) -> None:
    key, rest = keys[0], keys[1:]
    room = room_of(w.s, key)
    to = closer(w, room, w.s.explorers[seat].room) if room else None
    if to is None:
        if rest:
            w.then(("closer_ask", dict(seat=seat, card=card, keys=rest)))
        return
    who = name_of(w, key)
    deciding = traitor_seat(w.s) if seat_of(key) is None else seat
    w.ask(
        ChooseOption(
            deciding if deciding is not None else seat,
            f"{card}: bring {who} from the {room} to the {to}, 1 space closer to {w.who(seat)}?",
            card,
            ("bring", "leave"),
            code="closer",
            params=(("card", card), ("name", who), ("room", room), ("to", to), ("near", w.who(seat))),
        ),
        on="closer_answer",
        seat=seat,
        card=card,
        key=key,
        to=to,
        rest=rest,
    )


@task("closer_answer")
def closer_answer(w: World, seat: int, card: str, key: str, to: str, rest: list[Any], option: str) -> None:
    tasks = []
    if option == "bring":
        other = seat_of(key)
        if other is not None:
            tasks.append(("land", dict(seat=other, room=to)))
        else:
            move_monster(w, key, to)
    if rest:
        tasks.append(("closer_ask", dict(seat=seat, card=card, keys=rest)))
    w.then(*tasks)

"""Card effects that need the haunt's fights and sides (rules K1-K9): the Dynamite thrown instead of an
attack, the Bloody Vision's forced attack, the Crystal Ball's search of a deck, the Bell calling heroes
or monsters, and monsters drawn closer (Bell, Spirit Board). The weapons and the Ring live in combat.py,
which reads them while fighting.
"""

from __future__ import annotations

from hauntable.engine.prompts import RollDice
from hauntable.engine.rng import Rng
from hauntable.games.betrayal import combat
from hauntable.games.betrayal.cards.effects import (
    adjacent_rooms,
    distances,
    effect_op,
    room_targets,
    secret_exits,
)
from hauntable.games.betrayal.prompts import ChooseOption, ChooseTarget
from hauntable.games.betrayal.rooms import trait_roll
from hauntable.games.betrayal.sides import side_of, traitor_seat
from hauntable.games.betrayal.world import World, task

# --- Dynamite: thrown instead of the turn's attack --------------------------------------------------------


@effect_op("dynamite")
def _dynamite(w: World, seat: int, card: str) -> list:
    return [("dynamite_throw", dict(seat=seat, card=card))]


@task("dynamite_throw")
def dynamite_throw(w: World, seat: int, card: str) -> None:
    rooms = adjacent_rooms(w, w.s.explorers[seat].room)
    w.s.turn.tried.append(combat.ATTACK)  # it takes the place of the turn's attack (K1)
    if not rooms:
        w.say(f"{card}: no door to throw it through", "card.nothing", card=card)
    elif len(rooms) == 1:
        w.then(("dynamite_room", dict(seat=seat, card=card, room=rooms[0])))
    else:
        w.ask(
            ChooseTarget(
                seat, f"{w.who(seat)}: {card} - throw it into which room?", card, room_targets(w, rooms)
            ),
            on="dynamite_at",
            seat=seat,
            card=card,
        )


@task("dynamite_at")
def dynamite_at(w: World, seat: int, card: str, floor: str, x: int, y: int) -> None:
    w.then(("dynamite_room", dict(seat=seat, card=card, room=w.s.cells[(floor, x, y)])))


@task("dynamite_room")
def dynamite_room(w: World, seat: int, card: str, room: str) -> None:
    """Everyone in the room (explorers, and monsters with Might and Speed) rolls Speed 5+ or takes 4
    physical damage (a monster: is stunned)."""
    w.say(f"{w.who(seat)} throws the {card} into the {room}", "card.dynamite", room=room)
    keys = [str(e.seat) for e in w.s.explorers if e.alive and e.room == room]
    keys += [
        k
        for k, m in sorted(combat.monsters(w.s).items())
        if m.room == room and m.might is not None and m.speed is not None
    ]
    if not keys:
        w.say(f"{card}: the blast hurts nobody", "card.nobody", card=card)
    w.then(*[("dynamite_roll", dict(key=k, card=card)) for k in keys])


@task("dynamite_roll")
def dynamite_roll(w: World, key: str, card: str) -> None:
    seat = combat.seat_of(key)
    if seat is not None:
        trait_roll(w, seat, "speed", 5, f"escape the {card}", on="dynamite_result", key=key, card=card)
        return
    dice = combat.dice_of(w, key, "speed")
    w.ask(
        RollDice(
            combat.roller(w.s, key),
            f"{combat.name_of(w, key)}: Speed roll (5+) to escape the {card} ({dice} dice)",
            dice,
            f"escape the {card}",
            "speed",
            5,
        ),
        on="dynamite_result",
        key=key,
        card=card,
        _aid_none=True,
    )


@task("dynamite_result")
def dynamite_result(w: World, key: str, card: str, total: int, **_: object) -> None:
    who = combat.name_of(w, key)
    if total >= 5:
        w.say(f"{who} escapes the blast (rolled {total})", "card.dynamite_escaped", who=who)
        return
    w.say(f"{who} is caught in the blast (rolled {total})", "card.dynamite_hit", who=who)
    combat.hurt(w, key, "physical", 4)


# --- Bloody Vision: a forced attack on someone near ------------------------------------------------------


@effect_op("bloody_attack")
def _bloody_attack(w: World, seat: int, card: str) -> list:
    return [("bloody_attack", dict(seat=seat, card=card))]


@task("bloody_attack")
def bloody_attack(w: World, seat: int, card: str) -> None:
    """After the haunt: attack an explorer or monster in your room or a room next door (card text beats
    K1 and K2: any side). Several: the player picks (our reading). It is not the turn's attack."""
    room = w.s.explorers[seat].room
    near = {room, *adjacent_rooms(w, room)}
    keys = [str(e.seat) for e in w.s.explorers if e.alive and e.seat != seat and e.room in near]
    keys += [k for k, m in sorted(combat.monsters(w.s).items()) if m.room in near]
    keys = [k for k in keys if combat.trait_of(w, k, "might") is not None]
    if not keys:
        w.say(f"{card}: nobody is near enough to attack", "card.nothing", card=card)
        return
    if len(keys) == 1:
        w.then(("bloody_fight", dict(seat=seat, key=keys[0])))
        return
    names = tuple(combat.name_of(w, k) for k in keys)
    w.ask(
        ChooseOption(
            seat,
            f"{w.who(seat)}: {card} - whom must you attack?",
            card,
            names,
            code="bloody",
            params=(("card", card),),
        ),
        on="bloody_chosen",
        seat=seat,
        keys=keys,
        names=list(names),
    )


@task("bloody_chosen")
def bloody_chosen(w: World, seat: int, keys: list, names: list, option: str) -> None:
    w.then(("bloody_fight", dict(seat=seat, key=keys[names.index(option)])))


@task("bloody_fight")
def bloody_fight(w: World, seat: int, key: str) -> None:
    w.say(
        f"{w.who(seat)} attacks {combat.name_of(w, key)} in a bloody frenzy",
        "combat.attack",
        who=w.who(seat),
        target=combat.name_of(w, key),
        variant="frenzy",
    )
    combat.start_fight(w, str(seat), key)


# --- Crystal Ball: a card of your choice on top of a deck -------------------------------------------------


@effect_op("crystal_ball")
def _crystal_ball(w: World, seat: int, card: str) -> list | None:
    return [("crystal_ball", dict(seat=seat, card=card))]


@task("crystal_ball")
def crystal_ball(w: World, seat: int, card: str) -> None:
    if w.s.config.cards == "table":
        w.say(
            f"{card}: {w.who(seat)} searches the item or event stack, shuffles it and puts the chosen "
            "card on top",
            "card.say",
            card=card,
            who=w.who(seat),
            variant="search",
        )
        return
    decks = tuple(d for d in ("item", "event") if w.s.decks[d])
    if decks:
        w.ask(
            ChooseOption(
                seat,
                f"{w.who(seat)}: {card} - search which stack?",
                card,
                decks,
                code="crystal_stack",
                params=(("card", card),),
            ),
            on="crystal_deck",
            seat=seat,
            card=card,
        )


@task("crystal_deck")
def crystal_deck(w: World, seat: int, card: str, option: str) -> None:
    """The choices list the deck's cards: a prompt to this seat only (the UI hands the screen over)."""
    names = tuple(sorted(w.s.decks[option]))
    w.ask(
        ChooseOption(
            seat,
            f"{w.who(seat)} only: {card} - which card goes on top?",
            card,
            names,
            private=True,
            code="crystal_card",
            params=(("card", card), ("deck", option)),
        ),
        on="crystal_card",
        seat=seat,
        card=card,
        deck=option,
    )


@task("crystal_card")
def crystal_card(w: World, seat: int, card: str, deck: str, option: str) -> None:
    rest = [c for c in w.s.decks[deck] if c != option]
    rng = Rng(w.s.rng, raw=True)
    w.own("decks")[deck] = [option, *rng.shuffled(rest)]
    w.s.rng = rng.state
    w.say(
        f"{w.who(seat)} shuffles the {deck} stack and puts a card of their choice on top",
        "card.crystal",
        who=w.who(seat),
        deck=deck,
    )


# --- Bell and Spirit Board: drawing heroes or monsters closer ----------------------------------------------


def _steps(w: World, room: str) -> list[str]:
    """Rooms one space away: doors that meet, stairs, secret passages and stairs."""
    from hauntable.games.betrayal.rules import stair_links

    links = [o for o in stair_links(w.content).get(room, ()) if o in w.s.house]
    return list(dict.fromkeys([*adjacent_rooms(w, room), *links, *secret_exits(w, room)]))


def closer(w: World, start: str, goal: str) -> str | None:
    """The room one space from ``start`` on a shortest way to ``goal`` (the first in door order)."""
    dist = distances(w, goal)
    if start not in dist or dist[start] == 0:
        return None
    return next((r for r in _steps(w, start) if dist.get(r) == dist[start] - 1), None)


def _impeded(w: World, seat: int) -> bool:
    """An explorer sharing the room with a conscious opponent (an explorer of the other side, or a monster
    not stunned) is impeded."""
    room = w.s.explorers[seat].room
    others = [str(e.seat) for e in w.s.explorers if e.alive and e.room == room and e.seat != seat]
    others += [k for k, m in combat.monsters(w.s).items() if m.room == room and not m.stunned]
    return any(combat.hostile(w.s, str(seat), k) for k in others)


@effect_op("bell_heroes")
def _bell_heroes(w: World, seat: int, card: str) -> list | None:
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
def _monsters_closer(w: World, seat: int, card: str) -> list | None:
    """Bell 0-4, Spirit Board after the haunt: the traitor may bring any number of monsters 1 space closer
    to the card's user (asked per monster)."""
    here = w.s.explorers[seat].room
    keys = [
        k
        for k, m in sorted(combat.monsters(w.s).items())
        if not m.stunned and m.room and closer(w, m.room, here) is not None
    ]
    if not keys:
        w.say(f"{card}: no monster can come closer", "card.nothing", card=card)
        return None
    return [("closer_ask", dict(seat=seat, card=card, keys=keys))]


@task("closer_ask")
def closer_ask(w: World, seat: int, card: str, keys: list) -> None:
    key, rest = keys[0], keys[1:]
    room = combat.room_of(w.s, key)
    to = closer(w, room, w.s.explorers[seat].room) if room else None
    if to is None:
        if rest:
            w.then(("closer_ask", dict(seat=seat, card=card, keys=rest)))
        return
    who = combat.name_of(w, key)
    deciding = traitor_seat(w.s) if combat.seat_of(key) is None else seat
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
def closer_answer(w: World, seat: int, card: str, key: str, to: str, rest: list, option: str) -> None:
    tasks = []
    if option == "bring":
        other = combat.seat_of(key)
        if other is not None:
            tasks.append(("land", dict(seat=other, room=to)))
        else:
            combat.move_monster(w, key, to)
    if rest:
        tasks.append(("closer_ask", dict(seat=seat, card=card, keys=rest)))
    w.then(*tasks)

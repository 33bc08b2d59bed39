"""Bloody Vision: attack someone in the room or next door, or lose Sanity."""

from __future__ import annotations

from typing import Any

from hauntable.games.betrayal.house import adjacent
from hauntable.games.betrayal.predicates import monsters, name_of, start_fight, trait_of
from hauntable.games.betrayal.prompts import ChooseOption
from hauntable.games.betrayal.world import World, effect_op, task


@effect_op("bloody_attack")
def _bloody_attack(w: World, seat: int, card: str) -> list[Any]:
    return [("bloody_attack", dict(seat=seat, card=card))]


@task("bloody_attack")
def bloody_attack(w: World, seat: int, card: str) -> None:
    """After the haunt: attack an explorer or monster in your room or a room next door (card text beats
    K1 and K2: any side). Several: the player picks (our reading). It is not the turn's attack."""
    room = w.s.explorers[seat].room
    near = {room, *adjacent(w.s, w.content, room)}
    keys = [str(e.seat) for e in w.s.explorers if e.alive and e.seat != seat and e.room in near]
    keys += [k for k, m in sorted(monsters(w.s).items()) if m.room in near]
    keys = [k for k in keys if trait_of(w, k, "might") is not None]
    if not keys:
        w.say(f"{card}: nobody is near enough to attack", "card.nothing", card=card)
        return
    if len(keys) == 1:
        w.then(("bloody_fight", dict(seat=seat, key=keys[0])))
        return
    names = tuple(name_of(w, k) for k in keys)
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
def bloody_chosen(w: World, seat: int, keys: list[str], names: list[str], option: str) -> None:
    w.then(("bloody_fight", dict(seat=seat, key=keys[names.index(option)])))


@task("bloody_fight")
def bloody_fight(w: World, seat: int, key: str) -> None:
    w.say(
        f"{w.who(seat)} attacks {name_of(w, key)} in a bloody frenzy",
        "combat.attack",
        who=w.who(seat),
        target=name_of(w, key),
        variant="frenzy",
    )
    start_fight(w, str(seat), key)

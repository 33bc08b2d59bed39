"""Dynamite: thrown into a room next door, everyone there rolls Speed or takes damage."""

from __future__ import annotations

from typing import Any

from hauntable.engine.prompts import OptionText, RollDice
from hauntable.games.betrayal.cards.interpreter import room_targets
from hauntable.games.betrayal.combat import ATTACK
from hauntable.games.betrayal.fight import hurt
from hauntable.games.betrayal.house import adjacent
from hauntable.games.betrayal.predicates import (
    dice_of,
    monsters,
    name_of,
    roller,
    scenario,
    seat_of,
    trait_roll,
)
from hauntable.games.betrayal.prompts import ChooseTarget
from hauntable.games.betrayal.world import World, effect_op, task


@effect_op("dynamite")
def _dynamite(w: World, seat: int, card: str) -> list[Any]:
    return [("dynamite_throw", dict(seat=seat, card=card))]


@task("dynamite_throw")
def dynamite_throw(w: World, seat: int, card: str) -> None:
    here = w.s.explorers[seat].room
    rooms = adjacent(w.s, w.content, here)
    if (sc := scenario(w)) is not None and sc.dynamite_own_room(w, seat):
        rooms = [here, *rooms]  # haunt 45's traitor, who never leaves its room
    w.s.turn.tried.append(ATTACK)  # it takes the place of the turn's attack (K1)
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
    physical damage (a monster: is stunned); the thrower, in the room only by a haunt's leave, is spared."""
    w.say(f"{w.who(seat)} throws the {card} into the {room}", "card.dynamite", room=room)
    keys = [str(e.seat) for e in w.s.explorers if e.alive and e.room == room and e.seat != seat]
    keys += [
        k
        for k, m in sorted(monsters(w.s).items())
        if m.room == room and m.might is not None and m.speed is not None
    ]
    if not keys:
        w.say(f"{card}: the blast hurts nobody", "card.nobody", card=card)
    w.then(*[("dynamite_roll", dict(key=k, card=card)) for k in keys])


@task("dynamite_roll")
def dynamite_roll(w: World, key: str, card: str) -> None:
    seat = seat_of(key)
    if seat is not None:
        worded = OptionText.of("escape_card", card=card)  # the screen's words (issue 18); view-only
        trait_roll(w, seat, "speed", 5, f"escape the {card}", "dynamite_result", worded, key=key, card=card)
        return
    dice = dice_of(w, key, "speed")
    w.ask(
        RollDice(
            roller(w.s, key),
            f"{name_of(w, key)}: Speed roll (5+) to escape the {card} ({dice} dice)",
            dice,
            f"escape the {card}",
            "speed",
            5,
            purpose_text=OptionText.of("escape_card", card=card),
        ),
        on="dynamite_result",
        key=key,
        card=card,
        _aid_none=True,
    )


@task("dynamite_result")
def dynamite_result(w: World, key: str, card: str, total: int, **_: object) -> None:
    who = name_of(w, key)
    if total >= 5:
        w.say(f"{who} escapes the blast (rolled {total})", "card.dynamite_escaped", who=who)
        return
    w.say(f"{who} is caught in the blast (rolled {total})", "card.dynamite_hit", who=who)
    hurt(w, key, "physical", 4)

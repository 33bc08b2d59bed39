"""The Dark Dice: whatever the roll says (move to an explorer, a step, a push, a trait to the bottom)."""

from __future__ import annotations

from typing import Any

from hauntable.engine.prompts import OptionText
from hauntable.games.betrayal.cards.hands import in_room
from hauntable.games.betrayal.cards.language import go
from hauntable.games.betrayal.house import adjacent
from hauntable.games.betrayal.prompts import ChooseOption
from hauntable.games.betrayal.world import World, effect_op, task


@effect_op("bottom")
def _bottom(w: World, seat: int, card: str, trait: str) -> None:
    e = w.explorer(seat)
    e.traits[trait] = 0
    e.excess.pop(trait, None)
    w.say(
        f"{e.name}'s {trait.capitalize()} drops to its lowest step", "trait.lowest", who=e.name, trait=trait
    )


@effect_op("to_explorer")
def _to_explorer(w: World, seat: int, card: str) -> list[Any] | None:
    here = w.s.explorers[seat].room
    rooms = sorted({e.room for e in w.s.explorers if e.seat != seat and e.alive and e.room != here})
    if not rooms:
        return None
    return [("effects", dict(seat=seat, card=card, effects=[go("rooms:" + ",".join(rooms))]))]


@effect_op("step")
def _step(w: World, seat: int, card: str) -> list[Any] | None:

    rooms = adjacent(w.s, w.content, w.s.explorers[seat].room)
    if not rooms:
        return None
    return [("effects", dict(seat=seat, card=card, effects=[go("rooms:" + ",".join(rooms))]))]


@effect_op("push")
def _push(w: World, seat: int, card: str) -> list[Any] | None:

    others = in_room(w, seat)
    rooms = adjacent(w.s, w.content, w.s.explorers[seat].room)
    if not others or not rooms:
        w.say(f"{card}: nobody can be pushed", "card.nothing", card=card)
        return None
    options = tuple(f"{w.who(o)} to the {r}" for o in others for r in rooms)
    w.ask(
        ChooseOption(
            seat,
            f"{w.who(seat)}: {card} - push whom where?",
            card,
            options,
            code="push",
            params=(("card", card),),
            option_texts=tuple(
                OptionText("push", (("who", w.who(o)), ("room", r))) for o in others for r in rooms
            ),
        ),
        on="pushed",
        seat=seat,
        pairs=[[o, r] for o in others for r in rooms],
        options=list(options),
    )
    return None


@task("pushed")
def pushed(w: World, seat: int, pairs: list[Any], options: list[Any], option: str) -> None:
    other, room = pairs[options.index(option)]
    w.then(("land", dict(seat=other, room=room)))

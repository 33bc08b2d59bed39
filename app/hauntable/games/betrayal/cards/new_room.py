"""The ``new_room`` effect: draw a room tile for some floors, lay it and put the explorer in it (B3.7)."""

from __future__ import annotations

from typing import Any

from hauntable.engine.rng import Rng
from hauntable.games.betrayal.house import HouseView
from hauntable.games.betrayal.inputs import Target
from hauntable.games.betrayal.prompts import AwaitTile, ChooseOption, ChooseTarget
from hauntable.games.betrayal.world import World, task


@task("effects_new_room")
def effects_new_room(
    w: World,
    seat: int,
    card: str,
    floors: list[str],
    search: str | None,
    or_room: str | None,
    then_card: bool = True,
) -> None:
    """Draw room tiles until one fits a doorway of ``floors`` (or find ``search`` in the stack), lay it
    where the player chooses and put the explorer in it; the new room's card is drawn (B3.7). When no tile
    can be laid, the explorer goes to ``or_room`` (or chooses a room of those floors)."""
    if search is not None and search in w.s.house:
        w.then(("land", dict(seat=seat, room=search)))
        return
    view = HouseView(w.s, w.content)
    free = w.s.config.house_rules.door_matching == "free"
    if w.s.config.rooms == "table":
        usable = [f for f in floors if view.open_doorways(f) and view.tiles_left_for(f)]
        if search is not None:
            usable = [f for f in usable if f in w.content.rooms[search].floors]
        if not usable:
            _no_new_room(w, seat, card, floors, or_room)
            return
        if len(usable) > 1:
            w.ask(
                ChooseOption(
                    seat,
                    f"{w.who(seat)}: {card} - which floor is the tile drawn for?",
                    card,
                    tuple(usable),
                    code="new_room_floor",
                    params=(("card", card),),
                ),
                on="effects_new_room_floor",
                seat=seat,
                card=card,
                then_card=then_card,
            )
            return
        effects_new_room_floor(w, seat, card, usable[0], then_card, search)
        return
    found = None
    budget = len(w.s.stack)
    rng = None
    if search is not None and search in (*w.s.stack, *w.s.stack_discards):
        w.own("stack" if search in w.s.stack else "stack_discards").remove(search)
        options = _cells_for(w, view, search, floors, free)
        found = (search, options) if options else None
        if found is None:
            w.own("stack_discards").append(search)
        rng = Rng(w.s.rng, raw=True)  # the searched stack is shuffled afterwards
        w.s.stack = rng.shuffled(w.s.stack)
        w.s.rng = rng.state
    while found is None and search is None and budget > 0:
        tile = w.own("stack").pop(0)
        budget -= 1
        options = _cells_for(w, view, tile, floors, free)
        if options:
            found = (tile, options)
        else:
            w.own("stack_discards").append(tile)
    if found is None:
        _no_new_room(w, seat, card, floors, or_room)
        return
    tile, options = found
    if len(options) == 1:
        effects_new_room_at(w, seat, card, tile, *options[0], then_card=then_card)
        return
    w.ask(
        ChooseTarget(
            seat,
            f"{w.who(seat)}: {card} - choose where the {tile} joins the house",
            card,
            tuple(Target(*c) for c in options),
        ),
        on="effects_new_room_at",
        seat=seat,
        card=card,
        tile=tile,
        then_card=then_card,
    )


def _cells_for(w: World, view: HouseView, tile: str, floors: list[str], free: bool) -> list[tuple[Any, ...]]:
    spec = w.content.rooms[tile]
    cells = []
    for f in floors:
        if f not in spec.floors:
            continue
        for cell in sorted({c for _, _, c in view.open_doorways(f)}):
            if view.placements(tile, cell, None, free):
                cells.append(cell)
    return cells


def _no_new_room(w: World, seat: int, card: str, floors: list[str], or_room: str | None) -> None:
    if or_room is not None:
        w.say(
            f"{card}: no room tile can be laid; {w.who(seat)} goes to the {or_room}",
            "card.no_tile",
            card=card,
            who=w.who(seat),
            room=or_room,
            variant="goes",
        )
        w.then(("land", dict(seat=seat, room=or_room)))
        return
    w.say(
        f"{card}: no room tile can be laid; {w.who(seat)} chooses a room",
        "card.no_tile",
        card=card,
        who=w.who(seat),
        variant="chooses",
    )
    where = f"floor:{floors[0]}" if len(floors) == 1 else "any"
    w.then(("effects_go", dict(seat=seat, card=card, where=where, token=None)))


@task("effects_new_room_floor")
def effects_new_room_floor(
    w: World, seat: int, card: str, option: str, then_card: bool = True, search: str | None = None
) -> None:
    view = HouseView(w.s, w.content)
    cells = tuple(sorted({(c[1], c[2]) for _, _, c in view.open_doorways(option)}))
    if search is not None:  # The Beckoning: one named room, searched for in the stack
        w.ask(
            AwaitTile(
                None, f"{w.who(seat)}: {card} - find the {search} in the room stack and lay it", option, cells
            ),
            on="place_tile",
            seat=seat,
            entry=None,
            then_card=then_card,
            purpose="effect",
        )
        return
    w.ask(
        AwaitTile(
            None, f"{w.who(seat)}: {card} - draw a {option} tile and lay it at an open doorway", option, cells
        ),
        on="place_tile",
        seat=seat,
        entry=None,
        then_card=then_card,
        purpose="effect",
    )


@task("effects_new_room_at")
def effects_new_room_at(
    w: World, seat: int, card: str, tile: str, floor: str, x: int, y: int, then_card: bool = True
) -> None:
    free = w.s.config.house_rules.door_matching == "free"
    best = HouseView(w.s, w.content).placements(tile, (floor, x, y), None, free)[0][0]  # best fit, not asked
    w.then(
        (
            "place_tile",
            dict(
                seat=seat,
                tile=tile,
                floor=floor,
                x=x,
                y=y,
                rotation=best,
                entry=None,
                then_card=then_card,
                purpose="effect",
            ),
        )
    )

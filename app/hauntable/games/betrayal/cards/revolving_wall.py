"""Revolving Wall: a wall with no door turns, with a Wall Switch token on each side; using the switch."""

from __future__ import annotations

from typing import Any

from hauntable.games.betrayal.cards.tokens import other_end
from hauntable.games.betrayal.doors import neighbour
from hauntable.games.betrayal.house import HouseView, wall_cells
from hauntable.games.betrayal.prompts import AwaitTile, ChooseOption
from hauntable.games.betrayal.world import World, effect_op, task


@effect_op("revolving_wall")
def _revolving_wall(w: World, seat: int, card: str) -> list[Any] | None:

    room = w.s.explorers[seat].room
    walls = wall_cells(w.s, w.content, room)
    if not walls:
        w.say(f"{card}: the {room} has no wall without a door; the card is discarded", "card.nothing")
        return None
    if len(walls) == 1:
        return [("wall_switch", dict(seat=seat, card=card, option=walls[0][0]))]
    w.ask(
        ChooseOption(
            seat,
            f"{w.who(seat)}: {card} - which wall turns?",
            card,
            tuple(d for d, _ in walls),
            code="revolving_wall",
            params=(("card", card),),
        ),
        on="wall_switch",
        seat=seat,
        card=card,
    )
    return None


@task("wall_switch")
def wall_switch(w: World, seat: int, card: str, option: str) -> None:

    room = w.s.explorers[seat].room
    view = HouseView(w.s, w.content)
    cell = neighbour(*view.cell(room), option)
    other = view.room_at(cell)
    if other is None:
        if w.s.config.rooms == "table":
            if not view.tiles_left_for(cell[0]):
                w.say(f"{card}: no room is left for this floor; the card is discarded", "card.nothing")
                return
            w.then(("wall_tokens", dict(room=room, other=None, cell=list(cell))))
            w.ask(
                AwaitTile(
                    None,
                    f"{w.who(seat)}: {card} - draw {cell[0]} tiles until one fits and lay it behind the wall",
                    cell[0],
                    ((cell[1], cell[2]),),
                ),
                on="place_tile",
                seat=seat,
                entry=None,
                then_card=True,  # B3.7: a room drawn for an effect gives its card
                purpose="effect",
                need_link=False,
            )
            return
        found = next(
            (
                (t, rs[0][0])
                for t in w.s.stack
                if cell[0] in w.content.rooms[t].floors
                and (rs := view.placements(t, cell, None, True, need_link=False))
            ),
            None,
        )
        if found is None:
            w.say(f"{card}: no room is left for this floor; the card is discarded", "card.nothing")
            return
        tile, rotation = found
        w.own("stack").remove(tile)
        w.then(
            (
                "place_tile",
                dict(
                    seat=seat,
                    tile=tile,
                    floor=cell[0],
                    x=cell[1],
                    y=cell[2],
                    rotation=rotation,
                    entry=None,
                    then_card=True,  # B3.7: a room drawn for an effect gives its card
                    purpose="effect",
                ),
            ),
            ("wall_tokens", dict(room=room, other=tile)),
        )
        return
    wall_tokens(w, room, other)
    w.then(("land", dict(seat=seat, room=other)))


@task("wall_tokens")
def wall_tokens(w: World, room: str, other: str | None, cell: list[Any] | None = None) -> None:
    if other is None:  # laid from the table: whatever tile now stands behind the wall
        assert cell is not None  # the table-laid path always passes the cell
        other = w.s.cells.get(tuple(cell))
        if other is None:
            return
    w.own("tokens")["Wall Switch"] = room
    w.own("tokens")["Wall Switch 2"] = other
    w.say(
        f"Revolving Wall: the wall between the {room} and the {other} turns",
        "card.token",
        token="Wall Switch",
        room=room,
        other=other,
        variant="wall",
    )


@effect_op("through_switch")
def _through_switch(w: World, seat: int, card: str) -> list[Any]:
    to = other_end(w, "Wall Switch", w.s.explorers[seat].room)
    if to is None:
        return []
    return [("land", dict(seat=seat, room=to))]

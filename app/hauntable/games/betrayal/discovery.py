"""Discovering rooms and drawing cards (rules B3.*): the room stack, misfits, placement, closing a floor,
reshuffles, the card drawn on first discovery, and the same draws when the table supplies tiles and cards.
"""

from __future__ import annotations

from typing import Any

from hauntable.engine.rng import Rng
from hauntable.games.betrayal.house import BELOW_COLLAPSED, Cell, HouseView
from hauntable.games.betrayal.prompts import (
    AwaitTile,
    ChooseRotation,
    RearrangeFloor,
)
from hauntable.games.betrayal.rearrange import (
    Change,
    Plan,
    floor_is_open,
    plan_rearrangement,
    quarter_words,
)
from hauntable.games.betrayal.state import Placed
from hauntable.games.betrayal.world import World, task

FLOOR_NAMES = {"basement": "basement", "ground": "ground floor", "upper": "upper floor"}


def _reshuffle(w: World) -> None:
    """B3.4: the set-aside tiles are shuffled into a new stack. With misfits going under the stack (house
    rule misfit_tiles=bottom) the stack may hold only tiles already drawn: the new tiles go under them."""
    rng = Rng(w.s.rng, raw=True)
    kept = w.s.stack
    w.s.stack = [*kept, *rng.shuffled(w.s.stack_discards)]
    w.s.rng = rng.state
    w.s.stack_discards = []
    if kept:
        w.say(
            "The room stack holds only tiles already drawn: the set-aside tiles are shuffled in under it "
            "(B3.4)",
            "stack.reshuffle_under",
        )
        return
    w.say(
        "The room stack is empty: the set-aside tiles are shuffled into a new stack (B3.4)", "stack.reshuffle"
    )


def draw_fitting_tile(
    w: World, cell: Cell, entry: str | None, also: tuple[Cell, ...] = ()
) -> tuple[str, list[int]] | None:
    """Draw from the virtual stack until a tile fits ``cell``'s floor and can be laid without closing it.

    Misfits are set aside face down (or go under the stack, house rule misfit_tiles) (B3.1); tiles that
    would close the floor are set aside too (B3.3). Returns the tile and its legal rotations; the first
    closing tile with no rotations when every remaining tile for this floor would close it (then the floor
    must be rearranged); None when no tile for this floor is left (B3.4).

    Every tile of the stack and the set-aside pile is looked at once at most, whatever the reshuffles
    (B3.4) bring back: the draw ends once each has been seen, so it never loops.

    ``also``: more cells of the same floor the tile may go to instead (an effect lets the player choose
    the doorway): a tile fits if it can be laid at one of them without closing the floor; its rotations
    are still those at ``cell``.
    """
    floor = cell[0]
    free = w.s.config.house_rules.door_matching == "free"
    misfits = closing = 0
    unseen = {*w.s.stack, *w.s.stack_discards}
    first_closing: str | None = None
    view = HouseView(w.s, w.content)  # the house stays as it is while tiles are drawn
    while unseen:
        if not w.s.stack or unseen.isdisjoint(w.s.stack):
            _reshuffle(w)  # the stack ran out, or holds only tiles already drawn (misfits under it)
        tile = w.own("stack").pop(0)
        fresh = tile in unseen
        unseen.discard(tile)
        room = w.content.rooms[tile]
        if floor not in room.floors:
            misfits += fresh
            if w.s.config.house_rules.misfit_tiles == "bottom":
                w.own("stack").append(tile)
            else:
                w.own("stack_discards").append(tile)
            continue
        if not fresh:  # a tile that would close the floor, brought back by a reshuffle: aside again
            w.own("stack_discards").append(tile)
            continue
        rotations = view.placements(tile, cell, entry, free)
        if not rotations and not any(view.placements(tile, c, entry, free) for c in also):
            closing += 1
            first_closing = first_closing or tile
            w.own("stack_discards").append(tile)
            continue
        _report_set_aside(w, misfits, closing, floor)
        return tile, [r for r, _ in rotations]
    _report_set_aside(w, misfits, closing, floor)
    if first_closing is not None:  # set aside, or back in the stack if the stack ran out meanwhile
        w.own("stack_discards" if first_closing in w.s.stack_discards else "stack").remove(first_closing)
        return first_closing, []
    return None


def _report_set_aside(w: World, misfits: int, closing: int, floor: str) -> None:
    if misfits:
        w.say(
            f"{misfits} tile(s) not for the {FLOOR_NAMES[floor]} set aside face down (B3.1)",
            "stack.misfits",
            count=misfits,
        )
    if closing:
        w.say(
            f"{closing} tile(s) that would close the {FLOOR_NAMES[floor]} set aside (B3.3)",
            "stack.closing",
            count=closing,
        )


@task("discover")
def discover(
    w: World,
    seat: int,
    floor: str,
    x: int,
    y: int,
    entry: str | None,
    then_card: bool = True,
    purpose: str = "discover",
) -> None:
    """Find the tile for a new room at (floor, x, y): draw it (virtual) or wait for it on the table."""
    cell = (floor, x, y)
    if w.s.config.rooms == "table":
        w.ask(
            AwaitTile(
                None,
                f"{w.who(seat)}: draw {FLOOR_NAMES[floor]} tiles until one fits and lay it at "
                f"{floor} {x},{y}",
                floor,
                ((x, y),),
            ),
            on="place_tile",
            seat=seat,
            entry=entry,
            then_card=then_card,
            purpose=purpose,
        )
        return
    found = draw_fitting_tile(w, cell, entry)
    if found is None:
        w.say(
            f"No tile is left for the {FLOOR_NAMES[floor]}: it is complete (B3.4)",
            "floor.complete",
            floor=floor,
        )
        return
    tile, rotations = found
    params: dict[str, Any] = dict(
        seat=seat, tile=tile, floor=floor, x=x, y=y, entry=entry, then_card=then_card, purpose=purpose
    )
    if not rotations and entry is not None and w.s.config.house_rules.closing_floor == "rearrange_first":
        w.then(("rearrange_then_lay", params))  # B3.3: rearrange the floor first, then lay the tile
    elif not rotations:  # every way closes the floor: lay it anyway and rearrange (B3.3)
        assert entry is not None, "closing_rotation meets the entry"  # as it asserted itself
        rotation = HouseView(w.s, w.content).closing_rotation(tile, cell, entry)
        w.then(("place_tile", dict(params, rotation=rotation, rearrange=True)))
    else:
        lay_turned(w, rotations, **params)


def lay_turned(
    w: World, rotations: list[int], on: str = "place_tile", question: str | None = None, **params: Any
) -> None:
    """Lay a tile whose legal turns are known: at once when there is one, else ask which (B3.2)."""
    if len(rotations) == 1:
        w.then((on, dict(params, rotation=rotations[0])))
        return
    seat, tile = params["seat"], params["tile"]
    prompt = ChooseRotation(
        seat,
        f"{w.who(seat)}: {question or f'turn the {tile} (several ways are legal)'}",
        tile,
        params["floor"],
        params["x"],
        params["y"],
        tuple(rotations),
    )
    w.ask(prompt, on=on, **params)


@task("place_tile")
def place_tile(
    w: World,
    seat: int,
    tile: str,
    floor: str,
    x: int,
    y: int,
    rotation: int,
    entry: str | None,
    then_card: bool = True,
    purpose: str = "discover",
    rearrange: bool = False,
) -> None:
    """Lay the tile, then: the explorer enters it, draws the card its symbol asks for (B3.5) and only then
    meets the room's own text (B3.6)."""
    w.place(tile, Placed(floor, x, y, rotation))
    if tile in w.s.stack:  # table mode keeps every tile not in the house in the stack
        w.own("stack").remove(tile)
    w.say(
        f"{w.who(seat)} discovers the {tile} ({floor} {x},{y})",
        "room.discovered",
        who=w.who(seat),
        room=tile,
        floor=floor,
        x=x,
        y=y,
    )
    symbol = w.content.rooms[tile].symbol
    tasks: list[tuple[str, dict[str, Any]]] = []
    if not rearrange and not floor_is_open(w.s, w.content, floor, reachable=True):
        # B3.3: its only open doorways are those of a room a shift cut off, which nobody can reach
        rearrange = floor_is_open(w.s, w.content, floor) and HouseView(w.s, w.content).has_tiles_for(floor)
    if rearrange:  # no tile could keep the floor open: rearrange it first (B3.3)
        tasks.append(("rearrange_floor", dict(seat=seat, floor=floor, keep=tile)))
    if purpose == "discover":
        tasks.append(
            ("arrive", dict(seat=seat, room=tile, entry=entry, cost=1, effects=False, discovered=True))
        )
    else:  # a fall or another effect put the explorer here; they still draw its card (B3.7)
        if purpose == "collapse":
            w.own("tokens")[BELOW_COLLAPSED] = tile
        tasks.append(("land", dict(seat=seat, room=tile)))
    if symbol != "none" and then_card:
        tasks.append(("draw_card", dict(seat=seat, deck=symbol, room=tile)))
    if purpose == "discover":
        tasks.append(("enter_effects", dict(seat=seat, room=tile, discovered=True)))
    w.then(*tasks)


def _sided(w: World, room: str) -> bool:
    """A barrier room someone stands in on one side (B6.1): turning it would swap the sides' doors."""
    if any(e.room == room and e.side is not None for e in w.s.explorers):
        return True
    h = w.s.haunt
    return h is not None and any(m.room == room and m.barrier_side is not None for m in h.monsters.values())


def _holds_something(w: World, room: str) -> bool:
    """Whether anyone or anything is in ``room``: explorers (alive or not), tokens, items, monsters."""
    if any(e.room == room for e in w.s.explorers) or room in w.s.tokens.values():
        return True
    return w.s.haunt is not None and any(m.room == room for m in w.s.haunt.monsters.values())


def _where(floor: str, x: int, y: int) -> str:
    return f"{floor} {x},{y}"


def _instruction(floor: str, c: Change) -> str:
    """What the players do with one tile, in words: turn it, or move it (and turn it)."""
    if not c.moved:
        return f"turn the {c.room} ({_where(floor, c.x, c.y)}) {quarter_words(c.turn)}"
    how = f", turned {quarter_words(c.turn)}" if c.turn else ", turned the same way"
    return f"move the {c.room} from {_where(floor, c.x, c.y)} to {_where(floor, c.to_x, c.to_y)}{how}"


@task("rearrange_floor")
def rearrange_floor(w: World, seat: int, floor: str, keep: str) -> None:
    """No tile can keep the floor open and ``keep`` has closed it: make the smallest change that opens a
    doorway again (B3.3: turn, shift, swap; see rearrange.py). If none does, the floor is complete.

    On the table the players make the same change with the physical tiles and answer ``done``
    (RearrangeFloor); the engine's house has already changed, so a replay needs only that answer.
    """
    if floor_is_open(w.s, w.content, floor, reachable=True):
        return
    _rearrange(w, seat, floor, _plan(w, floor, keep))


def _plan(w: World, floor: str, keep: str, **more: Any) -> Plan | None:
    """plan_rearrangement with what the game's state says: a room holding someone or something never
    shifts, a barrier room with an explorer on one side never turns."""
    occupied = lambda room: _holds_something(w, room)  # noqa: E731
    return plan_rearrangement(w.s, w.content, floor, keep, occupied, lambda room: _sided(w, room), **more)


@task("rearrange_then_lay")
def rearrange_then_lay(
    w: World, seat: int, tile: str, floor: str, x: int, y: int, entry: str, **params: Any
) -> None:
    """House rule closing_floor=rearrange_first (B3.3, virtual tiles): every tile left closes the floor, so
    the laid rooms are rearranged first (the smallest change, the room the explorer stands in and the start
    tiles kept) to open a doorway other than the one being used; then ``tile`` is laid as any tile, the
    player choosing among the legal turns. If no change helps, it is laid closing the floor, which is
    complete."""
    here = w.s.explorers[seat].room
    plan = _plan(w, floor, tile, reserve=((x, y), entry), fixed=frozenset((here,)))
    _rearrange(w, seat, floor, plan)  # virtual tiles: nothing to ask
    cell = (floor, x, y)
    view = HouseView(w.s, w.content)
    free = w.s.config.house_rules.door_matching == "free"
    rotations = [r for r, _ in view.placements(tile, cell, entry, free)]
    lay = dict(params, seat=seat, tile=tile, floor=floor, x=x, y=y, entry=entry)
    lay_turned(w, rotations or [view.closing_rotation(tile, cell, entry)], **lay)


def _rearrange(w: World, seat: int, floor: str, plan: Plan | None) -> None:
    """Make the changes of ``plan`` (or say the floor is complete) and, with table tiles, ask the players
    to make them with the tiles."""
    name = FLOOR_NAMES[floor]
    if plan is None:
        w.say(
            f"No tile can keep the {name} open and no turn, shift or swap of a laid tile opens it again: "
            f"the {name} is complete (B3.3)",
            "floor.closed",
            floor=floor,
        )
        return
    for c in plan.changes:
        w.place(c.room, Placed(floor, c.to_x, c.to_y, c.rotation))
    first = plan.changes[0]
    why = f"No tile could keep the {name} open"
    if plan.kind == "turn":
        w.say(
            f"{why}: the {first.room} is turned {quarter_words(first.turn)}, keeping its connections, "
            "to open a door (B3.3)",
            "floor.rearranged",
            room=first.room,
            floor=floor,
            turns=first.turn,
        )
    elif plan.kind == "shift":
        w.say(
            f"{why}: the {first.room} moves next door, from {_where(floor, first.x, first.y)} to "
            f"{_where(floor, first.to_x, first.to_y)}, so a doorway opens where it stood; the room laid "
            "there will join it again (B3.3)",
            "floor.shifted",
            room=first.room,
            floor=floor,
            x=first.to_x,
            y=first.to_y,
        )
    else:
        other = plan.changes[1]
        w.say(
            f"{why}: the {first.room} and the {other.room} swap places, so a door opens (B3.3)",
            "floor.swapped",
            room=first.room,
            other=other.room,
            floor=floor,
        )
    if w.s.config.rooms != "table":
        return
    steps = "; ".join(_instruction(floor, c) for c in plan.changes)
    w.ask(
        RearrangeFloor(
            seat,
            f"{w.who(seat)}: rearrange the {name} on the table (B3.3): {steps}; then answer done",
            "rearrange",
            ("done",),
            floor=floor,
            moves=tuple((c.room, c.to_x, c.to_y) for c in plan.changes if c.moved),
            turned=tuple(c.room for c in plan.changes if c.turn),
        ),
        on="floor_rearranged",
        seat=seat,
    )


@task("floor_rearranged")
def floor_rearranged(w: World, seat: int, option: str) -> None:
    """The players have changed the tiles on the table as asked (B3.3): play goes on."""

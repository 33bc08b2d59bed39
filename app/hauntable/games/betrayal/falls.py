"""Falls (B6.3 the Collapsed Room, B6.6 the Gallery): the floor's check for a later explorer, the fall, and
the first faller laying the basement tile below the hole, by the table's stack or the virtual one.

Apart from ``rooms.py`` because a fall is a chain of its own (roll, fall, lay or choose the room below,
land, damage) that shares the tile-laying questions of ``discovery.py`` and ``table_tiles.py`` rather than
the other rooms' rules; it reaches them only by task name (``land``, ``damage_roll``).
"""

from __future__ import annotations

from typing import Any

from hauntable.engine.prompts import OptionText
from hauntable.games.betrayal.discovery import draw_fitting_tile, lay_turned
from hauntable.games.betrayal.house import BELOW_COLLAPSED, HouseView
from hauntable.games.betrayal.inputs import Target
from hauntable.games.betrayal.predicates import trait_roll
from hauntable.games.betrayal.prompts import AwaitTile, ChooseOption, ChooseTarget
from hauntable.games.betrayal.table_tiles import closing_rotations
from hauntable.games.betrayal.world import World, task


@task("collapse_risk")
def collapse_risk(w: World, seat: int, room: str) -> None:
    """B6.3 under collapse_later=roll (de l.166): a later explorer who uses the hole rolls the discoverer's
    Speed check and falls only on a failure, taking the damage."""
    c = w.content.rooms[room].collapse
    assert c is not None  # queued only for a Collapsed Room
    worded = OptionText.of("floor_holds", room=room)
    purpose = f"the floor of the {room} holds"
    trait_roll(w, seat, c["trait"], c["target"], purpose, on="collapse_result", worded=worded, room=room)


@task("collapse_result")
def collapse_result(w: World, seat: int, room: str, trait: str, target: int, total: int) -> None:
    if total >= target:
        w.say(f"The floor of the {room} holds under {w.who(seat)} (rolled {total})", "collapse.held")
    else:
        w.say(f"The floor of the {room} gives way under {w.who(seat)} (rolled {total})", "collapse.fell")
        w.then(("fall", dict(seat=seat, room=room)))


@task("fall")
def fall(w: World, seat: int, room: str) -> None:
    """Fall from ``room``: the Gallery drops to the Ballroom; the Collapsed Room to the basement, where the
    first faller lays the next basement tile and marks it; later fallers land there. 1 die of damage."""
    spec = w.content.rooms[room]
    if spec.fall_to:
        w.then(
            ("land", dict(seat=seat, room=spec.fall_to["room"])),
            ("damage_roll", dict(seats=[seat], dice=spec.fall_to["damage_dice"], kind="physical")),
        )
        return
    c = spec.collapse
    assert c is not None  # a fall here is the Collapsed Room's or the Gallery's (fall_to above)
    damage = ("damage_roll", dict(seats=[seat], dice=c["damage_dice"], kind="physical"))
    below = w.s.tokens.get(BELOW_COLLAPSED)
    if below is not None:
        w.then(("land", dict(seat=seat, room=below)), damage)
        return
    w.then(("lay_below_collapsed", dict(seat=seat)), damage)


@task("lay_below_collapsed")
def lay_below_collapsed(w: World, seat: int) -> None:
    view = HouseView(w.s, w.content)
    cells = sorted({cell for _, _, cell in view.open_doorways("basement")})
    if w.s.config.rooms == "table" and cells and view.tiles_left_for("basement"):
        w.ask(
            AwaitTile(
                None,
                f"{w.who(seat)} falls: draw a basement tile and lay it at an open basement doorway",
                "basement",
                tuple((x, y) for _, x, y in cells),
            ),
            on="place_tile",
            seat=seat,
            entry=None,
            then_card=True,
            purpose="collapse",
        )
        return
    if w.s.config.rooms == "virtual" and cells and w.s.config.house_rules.collapse_tile == "chosen":
        tiles = sorted(t for t in view.tiles_left_for("basement") if _cells_for(view, t, cells)[0])
        if tiles:  # B6.3, ru reading: the first faller picks the tile from the stack
            w.ask(
                ChooseOption(
                    seat,
                    f"{w.who(seat)} falls: choose the basement tile to lay",
                    "collapse_tile",
                    tuple(tiles),
                    code="collapse_tile",
                ),
                on="below_tile",
                seat=seat,
                cells=cells,
            )
            return
    if w.s.config.rooms == "virtual" and cells and view.tiles_left_for("basement"):
        found = _draw_for_any_cell(w, cells)
        if found is not None:
            tile, options = found
            w.ask(
                ChooseTarget(
                    seat,
                    f"{w.who(seat)} falls with the {tile}: choose where it joins the basement",
                    "collapse",
                    tuple(Target(*c) for c in options),
                ),
                on="below_target",
                seat=seat,
                tile=tile,
            )
            return
    rooms = sorted(n for n, p in w.s.house.items() if p.floor == "basement")
    targets = tuple(Target("basement", w.s.house[n].x, w.s.house[n].y) for n in rooms)
    w.ask(
        ChooseTarget(
            seat,
            f"{w.who(seat)} falls: no basement tile can be laid; choose a basement room",
            "collapse_existing",
            targets,
        ),
        on="below_existing",
        seat=seat,
    )


def _draw_for_any_cell(w: World, cells: list[Any]) -> tuple[str, list[Any]] | None:
    """Draw the next basement tile that fits some open basement doorway; return it and the cells it fits
    (where it closes the floor if every tile left does: it is laid anyway, then rearranged, B3.3)."""
    drawn = draw_fitting_tile(w, cells[0], None, also=tuple(cells[1:]))
    if drawn is None:
        return None
    tile, _ = drawn
    options, _ = _cells_for(HouseView(w.s, w.content), tile, cells)
    if not options:
        w.own("stack_discards").append(tile)
        return None
    return tile, options


def _cells_for(view: HouseView, tile: str, cells: list[Any]) -> tuple[list[Any], bool]:
    """The open basement doorways ``tile`` can join without closing the floor, or else those where it can be
    laid closing it (then rearranged, B3.3); and whether it closes."""
    free = view.state.config.house_rules.door_matching == "free"
    options = [c for c in cells if view.placements(tile, c, None, free)]
    if options:
        return options, False
    return [c for c in cells if closing_rotations(view, tile, c, None, free)], True


@task("below_tile")
def below_tile(w: World, seat: int, cells: list[Any], option: str) -> None:
    for pile in ("stack", "stack_discards"):
        if option in getattr(w.s, pile):
            w.own(pile).remove(option)
    options, _ = _cells_for(HouseView(w.s, w.content), option, [tuple(c) for c in cells])
    w.ask(
        ChooseTarget(
            seat,
            f"{w.who(seat)} falls with the {option}: choose where it joins the basement",
            "collapse",
            tuple(Target(*c) for c in options),
        ),
        on="below_target",
        seat=seat,
        tile=option,
    )


@task("below_target")
def below_target(w: World, seat: int, tile: str, floor: str, x: int, y: int) -> None:
    free = w.s.config.house_rules.door_matching == "free"
    view = HouseView(w.s, w.content)
    rotations = [r for r, _ in view.placements(tile, (floor, x, y), None, free)]
    more: dict[str, Any] = (
        {} if rotations else {"rearrange": True}
    )  # it closes the basement: rearrange it (B3.3)
    rotations = rotations or closing_rotations(view, tile, (floor, x, y), None, free)
    lay_turned(
        w, rotations, seat=seat, tile=tile, floor=floor, x=x, y=y, entry=None, purpose="collapse", **more
    )


@task("below_existing")
def below_existing(w: World, seat: int, floor: str, x: int, y: int) -> None:
    room = w.s.cells[(floor, x, y)]
    w.own("tokens")[BELOW_COLLAPSED] = room
    w.then(("land", dict(seat=seat, room=room)))

"""Rooms with printed rules (B6.*): exit rolls, barriers and the Vault, the Coal Chute, the Collapsed Room,
the Gallery, the Mystic Elevator, end-of-turn damage and once-per-game bonuses. Each reads its numbers from
rooms.toml; the functions here hold the behaviour.
"""

from __future__ import annotations

from typing import Any

from hauntable.engine.prompts import OptionText
from hauntable.games.betrayal.cards.hands import take_in_companions
from hauntable.games.betrayal.cards.music_box import music_check
from hauntable.games.betrayal.discovery import draw_fitting_tile, lay_turned
from hauntable.games.betrayal.house import BELOW_COLLAPSED, HouseView
from hauntable.games.betrayal.inputs import Target
from hauntable.games.betrayal.predicates import medallion, trait_roll, traitor_ignores
from hauntable.games.betrayal.prompts import (
    AwaitTile,
    ChooseOption,
    ChooseTarget,
)
from hauntable.games.betrayal.sides import is_traitor
from hauntable.games.betrayal.table_tiles import closing_rotations
from hauntable.games.betrayal.world import World, task

VAULT_EMPTY = "Vault Empty"
ELEVATOR = "Mystic Elevator"


# --- moving in and out ---------------------------------------------------------------------------------


@task("arrive")
def arrive(
    w: World,
    seat: int,
    room: str,
    entry: str | None,
    cost: int,
    effects: bool = True,
    discovered: bool = False,
) -> None:
    """The explorer walks into ``room`` through its door facing ``entry``; movement is spent (B2.1)."""
    spec = w.content.rooms[room]
    e = w.move_explorer(seat, room, entry if spec.barrier and len(spec.doors) > 1 else None)
    w.s.turn.moved += cost
    if not discovered:
        w.say(f"{e.name} moves to the {room}", "move", who=e.name, room=room)
    if w.s.tokens:
        take_in_companions(w, seat)
    if effects:
        w.then(("enter_effects", dict(seat=seat, room=room, discovered=discovered)))


@task("land")
def land(w: World, seat: int, room: str) -> None:
    """An effect puts the explorer in ``room`` (no movement spent). In a barrier room the explorer chooses
    the side (B6.1, de l.153, ru l.163; the Vault has one door: outside it). The Coal Chute holds nobody,
    however they got there (B6.2)."""
    spec = w.content.rooms[room]
    e = w.move_explorer(seat, room)
    w.say(f"{e.name} lands in the {room}", "land", who=e.name, room=room)
    if w.s.tokens:
        take_in_companions(w, seat)
    if spec.slide_to:
        slide(w, seat, room)
    elif spec.barrier and len(spec.doors) > 1:
        _ask_side(w, seat, room)


def _ask_side(w: World, seat: int, room: str, key: str = "") -> None:
    w.ask(
        ChooseOption(
            seat,
            f"{w.who(seat)}: you land in the {room} - on which side of its barrier?",
            "barrier_side",
            tuple(HouseView(w.s, w.content).doors(room)),
            code="barrier_side",
            params=(("room", room),),
        ),
        on="land_side",
        seat=seat,
        room=room,
        **({"key": key} if key else {}),  # a landing's prompt context stays as logged games had it
    )


@task("land_side")
def land_side(w: World, seat: int, room: str, option: str, key: str = "") -> None:
    """B6.1: the side of the barrier the explorer landed on (a door's direction), chosen by the explorer;
    a Secret Passage's end (``key``) keeps it for good (de l.153, ru l.163)."""
    e = w.move_explorer(seat, room, option)
    w.say(
        f"{e.name} is on the {option} side of the {room}", "barrier.side", who=e.name, room=room, dir=option
    )
    if key:
        w.own("marks")[key] = option


@task("passage_side")
def passage_side(w: World, seat: int, room: str, key: str) -> None:
    """de l.153, ru l.163: a Secret Passage or Secret Stairs leading into a barrier room leads to the side
    chosen by the first explorer to come through it, and to that side from then on."""
    spec = w.content.rooms[room]
    if w.s.explorers[seat].room != room or not spec.barrier or len(spec.doors) < 2:
        return
    side = w.s.marks.get(key)
    if side in HouseView(w.s, w.content).doors(room):
        w.move_explorer(seat, room, side)
        return
    _ask_side(w, seat, room, key)


def slide(w: World, seat: int, room: str) -> None:
    """B6.2: down the chute to where it leads, in the same step; a turn cannot end on the chute."""
    to = w.content.rooms[room].slide_to
    assert to is not None  # called only for a room with a slide
    e = w.move_explorer(seat, to)
    w.say(f"{e.name} slides down the {room} to the {to}", "room.slide", who=e.name, room=room, to=to)
    if w.s.tokens:
        take_in_companions(w, seat)


@task("enter_effects")
def enter_effects(w: World, seat: int, room: str, discovered: bool = False, music: bool = True) -> None:
    if w.s.explorers[seat].room != room:  # a card drawn here moved the explorer away first (B3.6)
        return
    if music and w.s.marks.get("Music Box open"):
        music_check(w, seat, "entering")
        if w.s.awaiting is not None:
            w.then(("enter_effects", dict(seat=seat, room=room, discovered=discovered, music=False)))
            return
    spec = w.content.rooms[room]
    if spec.slide_to:
        slide(w, seat, room)
    elif spec.collapse and discovered and not traitor_ignores(w, seat, f"the floor of the {room}"):
        c = spec.collapse
        trait_roll(
            w,
            seat,
            c["trait"],
            c["target"],
            f"the floor of the {room} holds",
            on="collapse_result",
            worded=OptionText.of("floor_holds", room=room),
            room=room,
        )
    elif spec.elevator and not w.s.turn.elevator_moved:  # B6.4: it moves as soon as it is entered
        w.then(("ride", dict(seat=seat)))


@task("exit_roll")
def exit_roll(w: World, seat: int, room: str) -> None:
    """B6.7: leaving this room takes a trait roll; a failure costs a step of another trait, but the
    explorer still leaves (B6.10: even when the loss leaves no movement)."""
    r = w.content.rooms[room].exit_roll
    assert r is not None  # queued only for a room with an exit roll
    worded = OptionText.of("leave", room=room)
    trait_roll(
        w, seat, r["trait"], r["target"], f"leaving the {room}", on="exit_result", worded=worded, room=room
    )


@task("exit_result")
def exit_result(w: World, seat: int, room: str, trait: str, target: int, total: int) -> None:
    r = w.content.rooms[room].exit_roll
    assert r is not None  # queued only for a room with an exit roll
    if total >= target:
        w.say(
            f"{w.who(seat)} leaves the {room} unharmed (rolled {total})",
            "room.exit_ok",
            room=room,
            total=total,
            who=w.who(seat),
        )
    else:
        w.say(
            f"{w.who(seat)} rolled {total} leaving the {room}",
            "room.exit_fail",
            room=room,
            total=total,
            who=w.who(seat),
        )
        w.lose(seat, r["lose"], 1)


# --- barriers and the Vault (B6.1, B6.5) ---------------------------------------------------------------


@task("cross")
def cross(w: World, seat: int, room: str) -> None:
    spec = w.content.rooms[room]
    w.s.turn.tried.append(f"barrier:{room}")
    b = spec.barrier
    assert b is not None  # queued only for a barrier room
    free = w.s.config.house_rules.traitor_barriers == "free" and len(spec.doors) > 1  # never the Vault
    if (b.get("revolving") or free) and is_traitor(w.s, seat):  # H3.3: the traitor slips through, no roll
        w.say(
            f"{w.who(seat)} is the traitor and slips through the {room}",
            "traitor.revolving",
            who=w.who(seat),
            card=room,
        )
        cross_result(w, seat, room, b["trait"], b["target"], b["target"])
        return
    purpose = f"open the {room}" if len(spec.doors) == 1 else f"cross the {room}"
    worded = OptionText.of("open" if len(spec.doors) == 1 else "cross", room=room)
    trait_roll(w, seat, b["trait"], b["target"], purpose, on="cross_result", worded=worded, room=room)


@task("cross_result")
def cross_result(w: World, seat: int, room: str, trait: str, target: int, total: int) -> None:
    spec = w.content.rooms[room]
    e = w.explorer(seat)
    if total >= target:
        if len(spec.doors) == 1:  # the Vault: open it and take what lies behind
            assert spec.barrier is not None  # the Vault is a barrier room
            w.own("tokens")[VAULT_EMPTY] = room
            w.say(f"{e.name} opens the {room} (rolled {total})", "vault.open", who=e.name, total=total)
            w.then(
                *[("draw_card", dict(seat=seat, deck=d, room=room)) for d in spec.barrier.get("behind", [])]
            )
        else:
            doors = HouseView(w.s, w.content).doors(room)
            e.side = next(d for d in doors if d != e.side)
            w.say(
                f"{e.name} crosses the {room} (rolled {total})",
                "barrier.crossed",
                who=e.name,
                total=total,
                room=room,
            )
        return
    w.say(
        f"{e.name} fails to pass the {room} (rolled {total}, needs {target})",
        "barrier.failed",
        who=e.name,
        total=total,
        room=room,
        target=target,
    )
    if w.s.config.house_rules.barrier_failure == "stop":
        w.s.turn.movement_over = True
        w.say(f"{e.name} must stop moving this turn (B6.1)", "movement.stopped", who=e.name)


# --- falls (B6.3 Collapsed Room, B6.6 Gallery) -----------------------------------------------------------


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
    """Draw the next basement tile that fits some open basement doorway; return it and the cells it fits."""
    free = w.s.config.house_rules.door_matching == "free"
    drawn = draw_fitting_tile(w, cells[0], None, also=tuple(cells[1:]))
    if drawn is None:
        return None
    tile, _ = drawn
    view = HouseView(w.s, w.content)
    options = [c for c in cells if view.placements(tile, c, None, free)]
    if not options:  # every tile left closes the basement: it is laid anyway, then rearranged (B3.3)
        options = [c for c in cells if closing_rotations(view, tile, c, None, free)]
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


# --- end of turn (B6.8, B6.9) ------------------------------------------------------------------------------


@task("end_of_turn_room")
def end_of_turn_room(w: World, seat: int) -> None:
    e = w.s.explorers[seat]  # read only: copied below if a bonus is taken
    spec = w.content.rooms[e.room]
    if spec.elevator and not w.s.turn.elevator_moved:
        w.then(("ride", dict(seat=seat)), ("end_of_turn_room", dict(seat=seat)))
        return
    if spec.end_turn_damage and not medallion(w, seat, e.room) and not traitor_ignores(w, seat):
        d = spec.end_turn_damage
        w.say(f"{e.name} ends the turn in the {e.room}", "room.end_turn", room=e.room, who=e.name)
        w.then(("damage", dict(seat=seat, kind=d["kind"], amount=d["amount"])))
    bonus = spec.once_per_game_bonus
    if bonus:
        key = e.room if w.s.config.house_rules.once_per_game_bonus == "per_explorer" else f"room:{e.room}"
        taken = (
            any(key in x.bonuses_taken for x in w.s.explorers)
            if key.startswith("room:")
            else (key in e.bonuses_taken)
        )
        if not taken:
            e = w.explorer(seat)
            e.bonuses_taken.append(key)
            w.say(
                f"{e.name} ends the turn in the {e.room} for the first time",
                "room.bonus",
                room=e.room,
                who=e.name,
            )
            w.gain(seat, bonus["trait"], bonus["amount"])

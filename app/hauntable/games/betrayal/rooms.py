"""Rooms with printed rules (B6.*): arriving and landing, exit rolls, barriers and the Vault, the Coal Chute,
the Collapsed Room's check on entry, the Mystic Elevator's ride on entry, end-of-turn damage and
once-per-game bonuses. Each reads its numbers from rooms.toml; the functions here hold the behaviour.
Falling through the Collapsed Room or from the Gallery, which lays a basement tile, is ``falls.py``.
"""

from __future__ import annotations

from hauntable.engine.prompts import OptionText
from hauntable.games.betrayal.cards.hands import take_in_companions
from hauntable.games.betrayal.cards.music_box import music_check
from hauntable.games.betrayal.house import HouseView
from hauntable.games.betrayal.predicates import medallion, trait_roll, traitor_ignores
from hauntable.games.betrayal.prompts import ChooseOption
from hauntable.games.betrayal.sides import is_traitor
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
        if w.s.awaiting is None:  # what the queue would run next anyway: at once, without queueing it
            w.rules.tasks["enter_effects"](w, seat=seat, room=room, discovered=discovered)
        else:
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


# --- end of turn (B6.8, B6.9) ------------------------------------------------------------------------------


@task("end_of_turn_room")
def end_of_turn_room(w: World, seat: int) -> None:
    e = w.s.explorers[seat]  # read only: copied below if a bonus is taken
    if w.s.haunt is not None and seat in w.s.haunt.unseen:  # a figure off the board (haunt 41): its room
        return  # would show; its end-of-turn room effects are the players' (the haunt file's gaps)
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

"""The haunt's actions on an explorer's turn: a scripted haunt's special actions and task rolls (H7.2), the
haunt's tools behind one ``tools`` action (book_tools.py, and the victory claim of claims.py), a hidden
traitor's reveal (H4.3), laying the Stairs from Basement for a monster trapped below (H5.6), and the traitor
declining an event or the Bite (H3.4). ``HANDLERS`` resolves them by input kind (gathered into the rule
set).
"""

from __future__ import annotations

from typing import Any

from hauntable.engine.prompts import OptionText
from hauntable.engine.rejections import IllegalAction, NotAwaited
from hauntable.engine.rng import Rng
from hauntable.games.betrayal import book_tools, claims
from hauntable.games.betrayal.discovery import lay_turned
from hauntable.games.betrayal.haunt import free_traitor
from hauntable.games.betrayal.house import OPPOSITE, HouseView, distances, monster_walker
from hauntable.games.betrayal.inputs import Act, Reveal, Target
from hauntable.games.betrayal.predicates import scenario, trait_roll
from hauntable.games.betrayal.prompts import ChooseTarget
from hauntable.games.betrayal.state import Placed
from hauntable.games.betrayal.world import World, task


def haunt_actions(w: World) -> list[Any]:
    """Actions the haunt adds to the explorer's turn prompt: a scripted haunt's special actions, and the
    haunt's tools (one action: claims, and book mode's tools)."""
    s = w.s
    h = s.haunt
    if s.phase != "haunt" or h is None or not h.started:
        return []
    seat = s.turn.seat
    out: list[Any] = []  # never the hidden traitor's reveal: listing it would tell the table who they are
    if seat == h.traitor and stairs_search_spots(w):
        out.append(SEARCH_STAIRS)
    sc = scenario(w)
    if sc is not None:
        out.extend(sc.actions(w, seat))
    out.extend(claims.offered(w))
    return out


def _act(w: World, inp: Act) -> None:
    sc = scenario(w)
    seat = w.s.turn.seat
    if inp == SEARCH_STAIRS:
        spots = stairs_search_spots(w) if seat == w.haunt.traitor else []
        if not spots:
            raise IllegalAction(
                "No monster is cut off from the heroes by the missing stairs, or the stairs cannot be laid.",
                "H5.6",
            )
        _choose_stairs_spot(w, seat, spots)
        return
    if sc is not None and sc.printed:  # a printed haunt checks its own actions and names its rule
        sc.act(w, seat, inp)
        return
    if sc is None or inp not in sc.actions(w, seat):
        raise IllegalAction(f"{inp} is not an action of this haunt now.", "H7.1")
    sc.act(w, seat, inp)


def reveal(w: World, seat: int) -> None:
    """H4.3: the hidden traitor turns token 1 face up; from now on the traitor's rules apply to them."""
    h = w.haunt
    h.traitor, h.hidden = seat, False
    h.revealed.append(seat)
    w.say(f"{w.who(seat)} reveals token 1: the traitor!", "haunt.reveal", who=w.who(seat))
    free_traitor(w, seat)
    sc = scenario(w)
    if sc is not None:
        sc.on_reveal(w, seat)


def _reveal(w: World, inp: Reveal) -> None:
    h = w.haunt
    secret = h.secret or []
    if not h.hidden or not 0 <= inp.seat < len(secret) or secret[inp.seat] != 1:
        raise IllegalAction("Only the hidden traitor can reveal a token.", "H4.3")
    if h.vars.get(NO_REVEAL):  # haunt 43: a traitor may never reveal
        raise IllegalAction(
            f"In haunt {h.number} ({h.name}) the traitor may never reveal.", f"haunt{h.number}"
        )
    reveal(w, inp.seat)


STAIRS = "Stairs from Basement"
NO_REVEAL = "_no_reveal"  # a haunt's silent counter: its hidden traitor may never reveal (haunt 43)


SEARCH_STAIRS = Act("search_stairs")


def stairs_search_spots(w: World) -> list[tuple[str, int, int, int]]:
    """Where the traitor may lay the Stairs from Basement: only while it is still to come, the monsters and
    the heroes are cut apart by the missing stairs (``cut_off``), and a basement doorway takes it.
    (floor, x, y, rotation) each."""

    s = w.s
    if STAIRS in s.house or STAIRS not in (*s.stack, *s.stack_discards) or not cut_off(w):
        return []
    view = HouseView(s, w.content)
    out = []
    for _room, direction, cell in sorted(view.open_doorways("basement")):
        for rotation, _links in view.placements(STAIRS, cell, OPPOSITE[direction], True):
            out.append((cell[0], cell[1], cell[2], rotation))
    return out


def cut_off(w: World) -> bool:
    """H5.6: a monster in the basement cannot reach another floor (de l.398, ru2 l.43), or (the official FAQ,
    2005) no monster elsewhere can reach a living hero in the basement."""
    s = w.s
    walker = monster_walker(s)
    floor = {m.room: s.house[m.room].floor for m in w.haunt.monsters.values() if m.room in s.house}
    reach = {room: distances(s, w.content, room, walker) for room in floor}
    if any(
        f == "basement" and all(s.house[r].floor == "basement" for r in reach[room])
        for room, f in floor.items()
    ):
        return True
    heroes = [
        e.room
        for e in s.explorers
        if e.alive
        and e.room in s.house
        and s.house[e.room].floor == "basement"
        and w.haunt.side_of(e.seat) == "heroes"
    ]
    above = [room for room, f in floor.items() if f != "basement"]
    return bool(heroes and above) and not any(h in reach[room] for h in heroes for room in above)


def _choose_stairs_spot(w: World, seat: int, spots: list[tuple[str, int, int, int]]) -> None:
    """H5.6 (de l.398, ru2 l.43): the traitor lays the tile, so the traitor chooses the basement doorway and
    then the turn, among the legal ones (asked only where there is a choice)."""
    cells = list(dict.fromkeys((f, x, y) for f, x, y, _ in spots))
    if len(cells) == 1:
        stairs_target(w, seat, *cells[0])
        return
    w.ask(
        ChooseTarget(
            seat,
            f"{w.who(seat)}: choose the basement doorway where the {STAIRS} is laid",
            "stairs",
            tuple(Target(*c) for c in cells),
        ),
        on="stairs_target",
        seat=seat,
    )


@task("stairs_target")
def stairs_target(w: World, seat: int, floor: str, x: int, y: int) -> None:
    rotations = [r for f, cx, cy, r in stairs_search_spots(w) if (f, cx, cy) == (floor, x, y)]
    lay_turned(
        w,
        rotations,
        on="stairs_turned",
        question=f"turn the {STAIRS} (several ways are legal)",
        seat=seat,
        tile=STAIRS,
        floor=floor,
        x=x,
        y=y,
    )


@task("stairs_turned")
def stairs_turned(w: World, seat: int, tile: str, floor: str, x: int, y: int, rotation: int) -> None:
    _lay_stairs(w, (floor, x, y, rotation))


def _lay_stairs(w: World, spot: tuple[str, int, int, int]) -> None:
    """H5.6: the traitor takes the Stairs from Basement out of the room stack and lays it; the stack is
    shuffled afterwards. With a table's stack, the screen says where the tile goes."""

    s = w.s
    floor, x, y, rotation = spot
    for pile in ("stack", "stack_discards"):
        if STAIRS in getattr(s, pile):
            w.own(pile).remove(STAIRS)
    w.place(STAIRS, Placed(floor, x, y, rotation))
    if s.config.rooms == "virtual":
        rng = Rng(s.rng, raw=True)
        s.stack = rng.shuffled(s.stack)
        s.rng = rng.state
    w.say(
        f"{w.who(s.turn.seat)} searches the room stack and lays the {STAIRS} at {floor} {x},{y} "
        f"(turned {rotation}); the stack is shuffled",
        "haunt.stairs",
        floor=floor,
        x=x,
        y=y,
        rotation=rotation,
        who=w.who(s.turn.seat),
    )


@task("haunt_task_roll")
def haunt_task_roll(w: World, seat: int, action: str, trait: str, target: int, option: str = "") -> None:
    """H7.2: a haunt's task roll: once per turn, whichever of the qualifying traits is chosen."""
    w.s.turn.tried.append("task")

    worded = OptionText.of("task", action=action)
    purpose = f"{action} (task)"
    trait_roll(
        w, seat, trait, target, purpose, on="haunt_task_result", worded=worded, action=action, option=option
    )


@task("haunt_task_result")
def haunt_task_result(
    w: World, seat: int, action: str, trait: str, target: int, total: int, option: str = ""
) -> None:
    sc = scenario(w)
    if sc is not None:
        sc.task_result(w, seat, action, option, total >= target, total)


@task("traitor_card")
def traitor_card(w: World, seat: int, card: str, effects: list[Any], option: str) -> None:
    if option == "decline":
        w.say(
            f"{w.who(seat)} is the traitor and declines the {card}",
            "traitor.declines",
            card=card,
            who=w.who(seat),
        )
        return
    w.then(("effects", dict(seat=seat, card=card, effects=effects)))


def _in_haunt(fn: Any) -> Any:
    """The haunt's actions exist only once it has begun (E2)."""

    def handler(w: World, inp: Any) -> None:
        if w.s.phase != "haunt" or w.s.haunt is None or not w.s.haunt.started:
            raise NotAwaited(f"No {inp.kind} now: the haunt has not begun.", "E2")
        fn(w, inp)

    return handler


# the haunt's hooks into the turn, gathered by ruleset.py
HANDLERS = {
    kind: _in_haunt(fn)
    for kind, fn in dict(act=_act, reveal=_reveal, **book_tools.HANDLERS, **claims.HANDLERS).items()
}

"""Book mode's tools (H7.3, issue 16 item 3): what the printed haunt makes happen that the table cannot
read from the book, done by the players with the table keeping count. They sit behind one ``tools`` action
of the turn prompt and of a monster's prompt (the :class:`~hauntable.games.betrayal.prompts.HauntTools`
sub-prompt, grouped as ``prompts.TOOL_GROUPS`` says), so they never crowd the moves; typed, each is
accepted on those prompts too. In a scripted haunt the tools hold only the victory claim (claims.py).

The tools: a trait roll with a target (``check``, through the tower or the pad, only on the roller's turn or
in the monster turn), a trait raised or lowered (``trait``), an explorer who escapes or leaves play
(``escape``), changes side (``side``) or turns traitor (``traitor``, haunt 9); a monster placed or moved
(``monster``, any of the four traits), stunned (``stun``), killed or removed (``kill``); haunt tokens put,
laid down, taken away (``token``) and carried or handed over (``carry``); named counters (``counter``) and
the Turn/Damage track (``track``). Each runs one of haunt_ops.py's operations; bad values are refused with
the rule named and change nothing.
"""

from __future__ import annotations

from typing import Any

from hauntable.engine.prompts import OptionText
from hauntable.engine.rejections import IllegalAction
from hauntable.games.betrayal import haunt_ops as ops
from hauntable.games.betrayal import monsters as mon
from hauntable.games.betrayal.content import TRAITS
from hauntable.games.betrayal.haunt import free_traitor
from hauntable.games.betrayal.inputs import NameTraitor, PlaceMonster, PlaceToken, Stun
from hauntable.games.betrayal.predicates import in_house, trait_roll
from hauntable.games.betrayal.prompts import ChooseOption, HauntTools
from hauntable.games.betrayal.tool_inputs import (
    Back,
    CarryToken,
    ChangeSide,
    Check,
    Claim,
    Counter,
    Escape,
    Kill,
    ShiftTrait,
    Track,
)
from hauntable.games.betrayal.victory import survivors
from hauntable.games.betrayal.world import World, task

BACK = Back()
TARGETS = tuple(str(n) for n in range(1, 9))  # a book's trait roll: 1+ to 8+ ("none": the total only)


def _free_name(taken: Any, stem: str) -> str:
    k = 1
    while f"{stem} {k}" in taken:
        k += 1
    return f"{stem} {k}"


def _here(w: World) -> tuple[list[int], str]:
    """The explorers the tools are offered for and the room they are offered in: the explorer whose turn it
    is, or in the monster turn the explorers in the acting monster's room."""
    h = w.haunt
    if h.in_monster_turn:
        m = h.monsters.get(h.phase().current or "")
        room = m.room if m is not None else w.s.current.room
        return [e.seat for e in w.s.explorers if in_house(e) and e.room == room], room
    seat = w.s.turn.seat
    return [seat], w.s.explorers[seat].room


def tool_options(w: World) -> list[Any]:
    """The tools listed now: the claims; in book mode every tool for the explorers and room at hand."""
    h = w.haunt
    out: list[Any] = [Claim("heroes")] if survivors(w) else []
    out.append(Claim("traitor"))
    if h.mode != "book":
        return [*out, BACK]
    seats, room = _here(w)
    for seat in seats:
        out.extend(Check(seat, t) for t in TRAITS)
        out.extend(ShiftTrait(seat, t, by) for t in TRAITS for by in (1, -1))
        out.extend((Escape(seat), Escape(seat, "leave")))
        out.append(ChangeSide(seat, "heroes" if h.side_of(seat) == "traitor" else "traitor"))
    if h.rule == "none_at_first" and h.traitor is None:
        out.extend(NameTraitor(e.seat) for e in w.s.explorers if e.alive)
    ms = h.monsters
    out.append(PlaceMonster(_free_name(ms, "Monster"), room))
    for mid, m in ms.items():
        if m.room != room:
            out.append(PlaceMonster(mid, room))
        if not m.stunned:
            out.append(Stun(mid))
        out.extend((Kill(mid), Kill(mid, "remove")))
    out.append(PlaceToken(_free_name(h.tokens, "Token"), room))
    for name in h.tokens_in(room):
        out.extend(CarryToken(name, seat) for seat in seats)
        out.append(PlaceToken(name, ""))
    others = [e.seat for e in w.s.explorers if in_house(e) and e.room == room]
    for seat in seats:
        for name in h.carried_by(seat):
            out.append(PlaceToken(name, room))
            out.extend(CarryToken(name, o) for o in others if o != seat)
    for name in [n for n, v in h.vars.items() if isinstance(v, int)]:
        out.extend((Counter(name, 1), Counter(name, -1)))
    out.append(Counter(next(str(k) for k in range(1, 99) if str(k) not in h.vars), 1))
    for name in h.tracks or {"turn": 0}:
        out.extend((Track(name, 1), Track(name, -1)))
    return [*out, BACK]


def open_tools(w: World, inp: Any) -> None:
    """``tools``: the sub-prompt, answered by whoever answers the prompt it was opened from."""
    h = w.haunt
    player = mon.controller(w) if h.in_monster_turn else w.s.turn.seat
    text = "Haunt tools: claim a victory" + (", or what the book makes happen" if h.mode == "book" else "")
    w.ask(HauntTools(player, text, tuple(tool_options(w))), on=None)


# --- the tools ------------------------------------------------------------------------------------------


def _book_only(w: World, what: str) -> None:
    if w.haunt.mode != "book":
        raise IllegalAction(f"{what} is a book-mode tool; the table runs this haunt itself.", "H7.1")


def _explorer(w: World, seat: int) -> None:
    if not 0 <= seat < len(w.s.explorers) or not in_house(w.s.explorers[seat]):
        raise IllegalAction(f"Seat {seat} has no explorer in the house.", "H7.3")


def _monster(w: World, name: str) -> None:
    if name not in w.haunt.monsters:
        raise IllegalAction(f"There is no monster called {name}.", "H7.1")


def _room(w: World, room: str) -> None:
    if room not in w.s.house:
        raise IllegalAction(f"The {room} is not in the house.", "H7.1")


def _check(w: World, inp: Check) -> None:
    """H7.3: a trait roll the book asks for, on the roller's turn (or in the monster turn, the monsters'
    victims); with no target given, the table asks for it first."""
    _book_only(w, "A book's trait roll")
    _explorer(w, inp.seat)
    if not w.haunt.in_monster_turn and inp.seat != w.s.turn.seat:
        raise IllegalAction(f"{w.who(inp.seat)} rolls on their own turn.", "H7.3")
    if inp.target:
        w.then(("book_check", dict(seat=inp.seat, trait=inp.trait, target=inp.target)))
        return
    w.ask(
        ChooseOption(
            inp.seat,
            f"{w.who(inp.seat)}: {inp.trait.capitalize()} roll - what total does the book ask for?",
            "target",
            (*TARGETS, "none"),
            code="check_target",
            params=(("trait", inp.trait),),
        ),
        on="book_check",
        seat=inp.seat,
        trait=inp.trait,
    )


@task("book_check")
def book_check(w: World, seat: int, trait: str, target: int = 0, option: str = "") -> None:
    if option:
        target = int(option) if option.isdigit() else 0
    trait_roll(w, seat, trait, target, "book roll", on="book_check_result", worded=OptionText("book"))


@task("book_check_result")
def book_check_result(w: World, seat: int, trait: str, target: int, total: int) -> None:
    variant = "total" if not target else ("success" if total >= target else "fail")
    outcome = {"total": "", "success": ": success", "fail": ": fails"}[variant]
    w.say(
        f"{w.who(seat)} rolls {total} for {trait.capitalize()}"
        + (f" ({target}+)" if target else "")
        + outcome,
        "haunt.check",
        who=w.who(seat),
        trait=trait,
        total=total,
        target=target,
        variant=variant,
    )


def _shift(w: World, inp: ShiftTrait) -> None:
    _book_only(w, "Raising or lowering a trait")
    _explorer(w, inp.seat)
    ops.shift_trait(w, inp.seat, inp.trait, inp.by)


def _escape(w: World, inp: Escape) -> None:
    _book_only(w, "Escaping the house")
    _explorer(w, inp.seat)
    (ops.escape if inp.how == "escape" else ops.leave_play)(w, inp.seat)


def _side(w: World, inp: ChangeSide) -> None:
    _book_only(w, "Changing side")
    _explorer(w, inp.seat)
    if w.haunt.side_of(inp.seat) == inp.side:
        raise IllegalAction(f"{w.who(inp.seat)} is already on that side.", "H7.3")
    ops.change_side(w, inp.seat, inp.side)


def _name_traitor(w: World, inp: NameTraitor) -> None:
    _book_only(w, "Naming the traitor")
    h = w.haunt
    if h.rule != "none_at_first" or h.traitor is not None:
        raise IllegalAction("This haunt already has its traitor, or never gets one.", "H1.5")
    if not 0 <= inp.seat < len(w.s.explorers) or not w.s.explorers[inp.seat].alive:
        raise IllegalAction("Name a living explorer's seat.", "H1.5")
    h.traitor = inp.seat
    w.say(f"{w.who(inp.seat)} turns traitor", "haunt.traitor", who=w.who(inp.seat))
    free_traitor(w, inp.seat)


def _place_monster(w: World, inp: PlaceMonster) -> None:
    _book_only(w, "Placing a monster")
    _room(w, inp.room)
    ms = w.haunt.monsters
    if inp.name in ms:
        ms[inp.name].room, ms[inp.name].barrier_side = inp.room, None
        w.say(f"{inp.name} is moved to the {inp.room}", "monster.move", monster=inp.name, room=inp.room)
        return
    ops.new_monster(
        w,
        inp.name,
        inp.type or inp.name,
        inp.room,
        speed=inp.speed,
        might=inp.might or None,
        sanity=inp.sanity or None,
        knowledge=inp.knowledge or None,
    )


def _stun(w: World, inp: Stun) -> None:
    _book_only(w, "Stunning a monster")
    _monster(w, inp.name)
    mon.stun(w, inp.name)


def _kill(w: World, inp: Kill) -> None:
    _book_only(w, "Killing a monster")
    _monster(w, inp.name)
    (ops.kill_monster if inp.how == "kill" else ops.remove_monster)(w, inp.name)


def _token(w: World, inp: PlaceToken) -> None:
    """A token put in a room (laid down there by the explorer carrying it, if they stand in it), or taken
    away (an empty room)."""
    _book_only(w, "Placing a token")
    h = w.haunt
    if not inp.room:
        if inp.name not in h.tokens:
            raise IllegalAction(f"There is no token called {inp.name}.", "H7.1")
        ops.remove_token(w, inp.name)
        return
    _room(w, inp.room)
    carrier = h.carrier(inp.name)
    if carrier is not None and w.s.explorers[carrier].room == inp.room:
        ops.drop_token(w, inp.name)
    else:
        ops.put_token(w, inp.name, inp.room)


def _carry(w: World, inp: CarryToken) -> None:
    """H7.3: an explorer takes a token lying in their room, or one an explorer there hands over."""
    _book_only(w, "Carrying a token")
    _explorer(w, inp.seat)
    h = w.haunt
    room = w.s.explorers[inp.seat].room
    carrier = h.carrier(inp.name)
    if carrier == inp.seat:
        raise IllegalAction(f"{w.who(inp.seat)} already carries the {inp.name}.", "H7.3")
    if carrier is not None and w.s.explorers[carrier].room == room:
        ops.hand_token(w, inp.name, inp.seat)
    elif h.token_room(inp.name) == room:
        ops.carry_token(w, inp.name, inp.seat)
    else:
        raise IllegalAction(f"The {inp.name} is not within {w.who(inp.seat)}'s reach.", "H7.3")


def _counter(w: World, inp: Counter) -> None:
    _book_only(w, "A haunt counter")
    ops.add_counter(w, inp.name, inp.by)


def _track(w: World, inp: Track) -> None:
    _book_only(w, "The Turn/Damage track")
    ops.move_track(w, inp.name, inp.by)


def _back(w: World, inp: Back) -> None:
    """Close the tools: the prompt they were opened from comes back."""


HANDLERS: dict[str, Any] = {
    "tools": open_tools,
    "back": _back,
    "check": _check,
    "trait": _shift,
    "escape": _escape,
    "side": _side,
    "traitor": _name_traitor,
    "monster": _place_monster,
    "stun": _stun,
    "kill": _kill,
    "token": _token,
    "carry": _carry,
    "counter": _counter,
    "track": _track,
}

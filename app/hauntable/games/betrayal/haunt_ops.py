"""What a haunt does to the game, one operation each: the vocabulary book mode's tools and the declarative
printed haunts both speak (issue 16). Each changes the haunt's records or an explorer through the World and
says what happened (``w.say`` with an ``out.<code>`` message in every language); none checks whether the
haunt allows it (the caller does, naming its rule) beyond what would corrupt the state (a missing monster,
an unknown trait), which raises ``ValueError``.

Monsters: :func:`new_monster` (any of the four traits), :func:`kill_monster` and :func:`remove_monster`
(out of the house, what it carries dropped in its room) on ``monsters.add_monster`` and
``monsters.remove_monster``; stunning stays ``monsters.stun``. Explorers: :func:`escape` and
:func:`leave_play` (out of the house, alive: ``predicates.in_house`` is False; an escaped hero still counts
as a survivor, H6.1), :func:`change_side`, :func:`shift_trait` (clamped to the track; after the haunt a drop
past the lowest step reaches the skull, K9). Haunt tokens (``records.Haunt.tokens``): :func:`put_token`,
:func:`carry_token`, :func:`drop_token`, :func:`hand_token`, :func:`remove_token`. Counters
(``Haunt.vars``) and the Turn/Damage track: :func:`set_counter`, :func:`add_counter`, :func:`move_track`.
"""

from __future__ import annotations

from hauntable.games.betrayal import monsters as mon
from hauntable.games.betrayal.content import TRAITS
from hauntable.games.betrayal.records import DEFEATS, SIDES, Monster
from hauntable.games.betrayal.world import World

# --- monsters ----------------------------------------------------------------------------------------------


def new_monster(
    w: World,
    mid: str,
    kind: str,
    room: str,
    *,
    speed: int | None = None,
    might: int | None = None,
    sanity: int | None = None,
    knowledge: int | None = None,
    name: str = "",
    side: str = "traitor",
    immune: tuple[str, ...] = (),
    beaten: str = "stun",
    slows: bool = True,
) -> Monster:
    """A monster ``mid`` of ``kind`` appears in ``room`` with any of the four traits (None: it lacks it,
    K3), fighting for ``side``, immune to attacks in ``immune``, and stunned, killed or untouched when
    ``beaten``."""
    if side not in SIDES or beaten not in DEFEATS or set(immune) - set(TRAITS):
        raise ValueError(f"monster {mid}: side {side!r}, beaten {beaten!r}, immune {immune!r}")
    if mid in w.haunt.monsters:
        raise ValueError(f"monster {mid} is already in the house")
    m = mon.add_monster(w, mid, kind, room, speed=speed, might=might, sanity=sanity, knowledge=knowledge)
    m.name, m.side, m.immune, m.beaten, m.slows = name, side, tuple(immune), beaten, slows
    return m


def _monster(w: World, mid: str) -> Monster:
    m = w.haunt.monsters.get(mid)
    if m is None:
        raise ValueError(f"no monster {mid!r}")
    return m


def kill_monster(w: World, mid: str) -> None:
    """The monster is killed: out of the house, what it carries dropped in its room."""
    _monster(w, mid)
    mon.remove_monster(w, mid, killed=True)


def remove_monster(w: World, mid: str) -> None:
    """The haunt takes the monster out of the house (not a kill): what it carries stays in its room."""
    _monster(w, mid)
    mon.remove_monster(w, mid)


# --- explorers ---------------------------------------------------------------------------------------------


def _seat(w: World, seat: int) -> None:
    if not 0 <= seat < len(w.s.explorers):
        raise ValueError(f"no seat {seat}")


def escape(w: World, seat: int) -> None:
    """The explorer escapes the house: no more turns, never attacked, alive; a hero who escaped counts as
    a survivor (H6.1). What they carry leaves with them."""
    _seat(w, seat)
    e = w.explorer(seat)
    e.marks["escaped"] = True
    w.say(f"{e.name} escapes from the house", "haunt.escaped", who=e.name)


def leave_play(w: World, seat: int) -> None:
    """The explorer leaves play without dying (turned into something, taken away): no more turns, not a
    survivor. Their haunt tokens stay in their room."""
    _seat(w, seat)
    e = w.explorer(seat)
    e.marks["left"] = True
    dropped = w.haunt.drop_all(seat, e.room)
    w.say(f"{e.name} leaves play", "haunt.left_play", who=e.name)
    for token in dropped:
        w.say(f"The {token} stays in the {e.room}", "haunt.token_drop", who=e.name, token=token, room=e.room)


def change_side(w: World, seat: int, side: str) -> None:
    """The explorer joins ``side`` ("heroes" or "traitor") and fights for it from now on (sides.py)."""
    _seat(w, seat)
    w.haunt.change_side(seat, side)
    joined = "the heroes" if side == "heroes" else "the traitor"
    w.say(f"{w.who(seat)} joins {joined}", "haunt.side", who=w.who(seat), variant=side)


def shift_trait(w: World, seat: int, trait: str, by: int) -> None:
    """Raise (``by`` > 0) or lower a trait by ``by`` steps along the character's track: never above its top;
    before the haunt never below the lowest step (B4.2), after it a drop past that step kills (K9)."""
    _seat(w, seat)
    if trait not in TRAITS:
        raise ValueError(f"no trait {trait!r}")
    if by > 0:
        w.gain(seat, trait, by)
    elif by < 0:
        w.lose(seat, trait, -by)


# --- haunt tokens ------------------------------------------------------------------------------------------


def put_token(w: World, name: str, room: str) -> None:
    """A haunt token lies in ``room`` (new, or moved there from wherever it was)."""
    w.haunt.put(name, room)
    w.say(f"A {name} token is put in the {room}", "haunt.token", token=name, room=room)


def carry_token(w: World, name: str, seat: int) -> None:
    """The explorer picks up (or is given by the haunt) the token ``name``."""
    _seat(w, seat)
    w.haunt.carry(name, seat)
    w.say(f"{w.who(seat)} carries the {name}", "haunt.token_carry", who=w.who(seat), token=name)


def drop_token(w: World, name: str) -> str:
    """The explorer carrying ``name`` drops it in their room; returns the room."""
    seat = w.haunt.carrier(name)
    if seat is None:
        raise ValueError(f"nobody carries {name!r}")
    room = w.s.explorers[seat].room
    w.haunt.put(name, room)
    w.say(
        f"{w.who(seat)} drops the {name} in the {room}",
        "haunt.token_drop",
        who=w.who(seat),
        token=name,
        room=room,
    )
    return room


def hand_token(w: World, name: str, to: int) -> None:
    """The explorer carrying ``name`` hands it to the explorer at ``to``."""
    seat = w.haunt.carrier(name)
    if seat is None:
        raise ValueError(f"nobody carries {name!r}")
    _seat(w, to)
    w.haunt.carry(name, to)
    w.say(
        f"{w.who(seat)} hands the {name} to {w.who(to)}",
        "haunt.token_hand",
        who=w.who(seat),
        token=name,
        to=w.who(to),
    )


def remove_token(w: World, name: str) -> None:
    """The token leaves play, wherever it was."""
    if name not in w.haunt.tokens:
        raise ValueError(f"no token {name!r}")
    w.haunt.remove(name)
    w.say(f"The {name} is taken away", "haunt.token_off", token=name)


# --- counters and the Turn/Damage track --------------------------------------------------------------------


def set_counter(w: World, name: str, value: int) -> None:
    """The haunt's counter ``name`` (``Haunt.vars``) is now ``value``."""
    w.haunt.vars[name] = value
    w.say(f"Counter {name}: {value}", "haunt.counter", name=name, value=value)


def add_counter(w: World, name: str, by: int = 1) -> int:
    """Add ``by`` (may be negative) to the counter ``name``; returns its new value."""
    value = w.haunt.count(name, by)
    w.say(f"Counter {name}: {value}", "haunt.counter", name=name, value=value)
    return value


def move_track(w: World, name: str = "turn", by: int = 1, top: int | None = None) -> int:
    """Move the clip ``name`` on the Turn/Damage track by ``by`` (never below 0 nor above ``top``)."""
    value = w.haunt.advance(name, by, top)
    w.say(f"The {name} track stands at {value}", "haunt.track", name=name, value=value)
    return value

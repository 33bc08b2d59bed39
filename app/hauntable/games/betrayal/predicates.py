"""The rules' cross-cutting questions, asked by every layer above: what holds an explorer in place (C10),
what a trait roll is (B4.4), what the traitor ignores (H3.2), what the Medallion shields, and who the fighters
are and who is hostile to whom (K2). It sits low: it reads the state and the content through a World
and asks prompts, and imports nothing of the rules above it.
"""

from __future__ import annotations

from typing import Any

from hauntable.engine.prompts import OptionText, RollDice
from hauntable.games.betrayal.records import Monster
from hauntable.games.betrayal.sides import is_traitor, may_attack, side_of, traitor_seat
from hauntable.games.betrayal.state import State
from hauntable.games.betrayal.world import World

STUCK = ("Webs", "Debris")


def stuck(w: World, seat: int) -> str | None:
    """The Webs or Debris holding the explorer, if any (C10)."""
    kept = w.s.explorers[seat].kept
    if not kept:
        return None
    return next((c for c in STUCK if c in kept), None)


def lights_out(w: World, seat: int) -> bool:
    return "Lights Out" in w.s.explorers[seat].kept


def trait_roll(
    w: World,
    seat: int,
    trait: str,
    target: int,
    purpose: str,
    on: str,
    worded: OptionText | None = None,
    **ctx: Any,
) -> None:
    """Ask for a trait roll: as many dice as the trait's current value (B4.4), changed by tokens (C8).
    ``worded``: how a front-end words a rule's ``purpose`` (:class:`RollDice`'s ``purpose_text``)."""
    dice = w.dice_for(seat, trait)
    w.ask(
        RollDice(
            seat,
            f"{w.who(seat)}: roll {dice} dice for {trait.capitalize()} ({target}+) - {purpose}",
            dice,
            purpose,
            trait,
            target,
            purpose_text=worded,
        ),
        on=on,
        seat=seat,
        trait=trait,
        target=target,
        **ctx,
    )


def traitor_ignores(w: World, seat: int, why: str = "the room") -> bool:
    """H3.2: the traitor uses the good a room does and ignores the harm (exit rolls, end-of-turn damage, the
    Collapsed Room's roll)."""
    if is_traitor(w.s, seat):
        w.say(f"{w.who(seat)} is the traitor and ignores {why}", "traitor.ignores", who=w.who(seat))
        return True
    return False


MEDALLION_ROOMS = ("Pentagram Chamber", "Crypt", "Graveyard")


def medallion(w: World, seat: int, room: str) -> bool:
    """The Medallion's holder ignores the Pentagram Chamber, the Crypt and the Graveyard."""
    e = w.s.explorers[seat]
    if room in MEDALLION_ROOMS and "Medallion" in e.omens:
        w.say(f"{e.name}'s Medallion protects them from the {room}", "card.medallion", who=e.name)
        return True
    return False


PHYSICAL_TRAITS = ("might", "speed")


_NONE: dict[str, Monster] = {}


def monsters(state: State) -> dict[str, Monster]:
    """The haunt's monsters by id (empty when the haunt has none)."""
    return state.haunt.monsters if state.haunt is not None else _NONE


def seat_of(key: str) -> int | None:
    """The seat a fighter key names, or None for a monster."""
    return int(key) if key.isdigit() else None


def exists(state: State, key: str) -> bool:
    seat = seat_of(key)
    return seat < len(state.explorers) if seat is not None else key in monsters(state)


def alive(state: State, key: str) -> bool:
    seat = seat_of(key)
    return state.explorers[seat].alive if seat is not None else key in monsters(state)


def name_of(w: World, key: str) -> str:
    seat = seat_of(key)
    return w.who(seat) if seat is not None else (monsters(w.s)[key].name or key)


def room_of(state: State, key: str) -> str | None:
    seat = seat_of(key)
    return state.explorers[seat].room if seat is not None else monsters(state)[key].room


def unseen(state: State, key: str) -> bool:
    """An explorer whose figure is off the board (haunt 41's invisible traitor): its room is private."""
    seat = seat_of(key)
    return seat is not None and state.haunt is not None and seat in state.haunt.unseen


def trait_of(w: World, key: str, trait: str) -> int | None:
    """The fighter's value in ``trait``; None when it has no such trait (a monster without Sanity)."""
    seat = seat_of(key)
    if seat is not None:
        return w.value(seat, trait)
    return monsters(w.s)[key].trait(trait)


BOOK_FIGHT_TRAITS = ("might", "sanity", "knowledge")  # a monster's Speed is its movement dice


def book_fight(state: State, key: str, trait: str) -> bool:
    """K4 in book mode: a monster is fought in Might, Sanity or Knowledge, whichever it has, attacking and
    defending (the book names which; the table cannot read it, so it offers them all): a monster with only
    Sanity is fought in Sanity. Speed stays the Revolver's (K5) or a haunt's. A scripted haunt says which
    traits besides Might attacks use (``Haunt.attack_traits``)."""
    h = state.haunt
    if h is None or h.mode != "book" or seat_of(key) is not None or trait not in BOOK_FIGHT_TRAITS:
        return False
    return monsters(state)[key].trait(trait) is not None


def stunned(state: State, key: str) -> bool:
    return seat_of(key) is None and monsters(state)[key].stunned


def side(state: State, key: str) -> str | None:
    seat = seat_of(key)
    return side_of(state, seat) if seat is not None else monsters(state)[key].side


def barrier_side(state: State, key: str) -> str | None:
    """The side of its room's barrier a fighter stands on (B6.1): an explorer's, or the one the traitor
    chose for a monster that stopped there; None when unknown (on both sides)."""
    seat = seat_of(key)
    return state.explorers[seat].side if seat is not None else monsters(state)[key].barrier_side


def hostile(state: State, a: str, b: str) -> bool:
    """Opponents (K2): explorers by the side contract (sides.may_attack); monsters fight the other side."""
    sa, sb = seat_of(a), seat_of(b)
    if sa is not None and sb is not None:
        return may_attack(state, sa, sb)
    return a != b and state.phase == "haunt" and side(state, a) != side(state, b)


def roller(state: State, key: str) -> int | None:
    """Who throws a fighter's dice: the explorer, or for a monster the traitor (even dead, H3.5); with no
    known traitor the explorer taking the turn, or in the monster turn the table (None), as for its speed."""
    seat = seat_of(key)
    if seat is not None:
        return seat
    traitor = traitor_seat(state)
    if traitor is not None:
        return traitor
    return None if state.haunt is not None and state.haunt.in_monster_turn else state.turn.seat


def dice_of(w: World, key: str, trait: str, extra: int = 0) -> int:
    """Dice a fighter rolls in ``trait``: an explorer's go through the room's tokens (C8), 8 at most."""
    seat = seat_of(key)
    if seat is not None:
        return w.dice_for(seat, trait, extra=extra)
    return max(0, min(8, (trait_of(w, key, trait) or 0) + extra))


def move_monster(w: World, key: str, room: str) -> None:
    """Put a monster in ``room`` (a card drew it closer)."""
    m = monsters(w.s)[key]
    m.room, m.barrier_side = room, None
    w.say(
        f"{name_of(w, key)} moves to the {room}",
        "monster.move",
        who=name_of(w, key),
        room=room,
        monster=name_of(w, key),
    )


def damage_kind(trait: str) -> str:
    """K4: Might and Speed fights deal physical damage, Sanity and Knowledge fights mental damage."""
    return "physical" if trait in PHYSICAL_TRAITS else "mental"


def in_house(e: Any) -> bool:
    """An explorer still in play: alive, not escaped from the house, not out of play (haunt_ops)."""
    marks = e.marks
    return e.alive and not (marks and (marks.get("escaped") or marks.get("left")))


def start_fight(
    w: World, attacker: str, defender: str, trait: str = "might", weapon: str = "", ranged: bool = False
) -> None:
    """Queue a fight: the attacker's weapon first, then both rolls, then the result (K1-K7). Monsters
    attack through this too (the haunt's monster turn); checking legality is the caller's job."""
    fight = dict(attacker=attacker, defender=defender, trait=trait, weapon=weapon, ranged=ranged)
    w.then(("combat", dict(fight=fight)))


def scenario(w: World) -> Any:  # a haunts.script.Scenario, held by the rule set
    """The scripted haunt being played, or None in book mode."""
    h = w.s.haunt
    if h is None or h.mode != "scripted":
        return None
    return w.rules.scenarios[h.number]


def may_hold(w: World, seat: int, card: str) -> bool:
    """Whether ``seat`` may come to hold ``card`` (pick it up, be given, trade or steal it): a haunt may
    forbid it (haunt 44: the traitor never holds the Medallion)."""
    sc = scenario(w)
    return sc is None or bool(sc.may_hold(w, seat, card))

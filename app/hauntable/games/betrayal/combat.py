"""Attacks after the haunt (rules K1-K6 in docs/rules.md): who may attack whom, with which trait and weapon,
the Revolver's shot along a line of sight, and the attacks the turn prompt offers.

A fighter is named by a key: an explorer by their seat number (``"2"``), a monster by its id in
``state.haunt.monsters`` (never all digits): :class:`~hauntable.games.betrayal.records.Monster` records the
haunt rules keep (monsters.py), read here only through the fighter predicates (predicates.py).
A monster lacks a trait it has no number for (K3). An accepted attack starts a fight with ``start_fight``
(the haunt's monster turn does the same); the fight itself, rolls to damage, is ``fight.py``.

>>> line_of_sight  # doctest: +ELLIPSIS
<function line_of_sight at ...>
"""

from __future__ import annotations

from hauntable.engine.inputs import Input
from hauntable.engine.rejections import IllegalAction
from hauntable.games.betrayal.cards.hands import held
from hauntable.games.betrayal.fight import WEAPON_DICE, protected
from hauntable.games.betrayal.house import HouseView, apart
from hauntable.games.betrayal.inputs import Attack
from hauntable.games.betrayal.predicates import (
    BOOK_FIGHT_TRAITS,
    alive,
    barrier_side,
    book_fight,
    exists,
    hostile,
    in_house,
    monsters,
    name_of,
    room_of,
    scenario,
    seat_of,
    start_fight,
    stuck,
    trait_of,
    unseen,
)
from hauntable.games.betrayal.world import World

ATTACK = "attack"  # noted in turn.tried once the turn's attack is made (K1)
WEAPON_TRAIT = {"Revolver": "speed"}  # the trait a weapon attacks with, when not Might (K5)
RING = "Ring"


# --- line of sight (K6) ----------------------------------------------------------------------------------


def line_of_sight(w: World, room: str) -> list[str]:
    """Rooms seen from ``room`` along a straight line of doors that meet (de "Sichtlinie"); Smoke blocks
    the line: nothing is seen into, out of or through the room with the Smoke token."""
    smoke = w.s.tokens.get("Smoke")
    if smoke == room:
        return []
    view = HouseView(w.s, w.content)
    seen: list[str] = []
    for d in ("N", "E", "S", "W"):
        here = room
        while (there := view.connected(here, d)) is not None and there != smoke and there not in seen:
            seen.append(there)
            here = there
    return seen


# --- the attack action (K1-K6) ---------------------------------------------------------------------------


def attack_traits(w: World, seat: int, weapon: str) -> tuple[str, ...]:
    """Traits this explorer may attack with: Might; Sanity with the Ring; Speed with the Revolver; and any
    the haunt allows (``state.haunt.attack_traits``)."""
    e = w.s.explorers[seat]
    out = ["might"]
    if RING in e.omens:
        out.append("sanity")
    if weapon == "Revolver":
        out.append("speed")
    if w.s.haunt is not None:
        out.extend(w.s.haunt.attack_traits)
    return tuple(dict.fromkeys(out))


def check_attack(w: World, inp: Attack) -> bool:
    """Raise IllegalAction saying why the attack is not allowed now; True when it is a shot at a distance."""

    s = w.s
    seat = s.turn.seat
    e = s.explorers[seat]
    if s.phase != "haunt":
        raise IllegalAction("Nobody attacks before the haunt begins.", "K1")
    if stuck(w, seat):
        raise IllegalAction(
            f"{e.name} is stuck in the {stuck(w, seat)} and can do nothing until freed.", "C10"
        )
    if ATTACK in s.turn.tried:
        raise IllegalAction(f"{e.name} already attacked this turn: one attack a turn.", "K1")
    key = inp.target
    if not exists(s, key):
        raise IllegalAction(f"There is no explorer or monster {key!r} to attack.", "K2")
    who = name_of(w, key)
    if not alive(s, key):
        raise IllegalAction(f"{who} is dead.", "K2")
    target_seat = seat_of(key)
    if target_seat is not None and not in_house(s.explorers[target_seat]):
        raise IllegalAction(f"{who} has left the house: only those inside can be attacked.", "K2")
    if not hostile(s, str(seat), key):
        raise IllegalAction(f"{who} is not {e.name}'s opponent: attack the other side only.", "K2")
    if protected(w, key):
        sc = scenario(w)
        raise IllegalAction(f"{who} cannot be attacked in this haunt ({sc.name}).", f"haunt{sc.number}")
    sc = scenario(w)
    if sc is not None and not sc.explorer_may_attack(w, seat, key):
        raise IllegalAction(f"{e.name} cannot attack {who} in this haunt ({sc.name}).", f"haunt{sc.number}")
    weapon = inp.weapon
    if not weapon and unseen(s, str(seat)):
        raise IllegalAction(
            f"{e.name} is unseen: attack with an item or with the haunt's own attack.", "H7.1"
        )
    if weapon:
        if weapon not in WEAPON_DICE:
            raise IllegalAction(f"The {weapon} is not a weapon.", "K5")
        if weapon not in held(w, seat):
            raise IllegalAction(f"{e.name} does not hold the {weapon}.", "K5")
        if f"item:{weapon}" in s.turn.tried:
            raise IllegalAction(f"The {weapon} was already used this turn: each item acts once a turn.", "C2")
        need = WEAPON_TRAIT.get(weapon, "might")
        if inp.trait != need:
            raise IllegalAction(f"The {weapon} serves {need.capitalize()} attacks only.", "K5")
    if inp.trait not in attack_traits(w, seat, weapon) and not book_fight(s, key, inp.trait):
        raise IllegalAction(
            f"{e.name} attacks with Might; a {inp.trait.capitalize()} attack needs a card or the haunt that "
            "allows it.",
            "K4",
        )
    if trait_of(w, key, inp.trait) is None:
        raise IllegalAction(f"{who} has no {inp.trait.capitalize()}: it cannot be attacked with it.", "K3")
    if seat_of(key) is None and inp.trait in monsters(s)[key].immune:
        raise IllegalAction(f"{who} is immune to {inp.trait.capitalize()} attacks.", "K3")
    here, there = e.room, room_of(s, key)
    if unseen(s, key) or unseen(s, str(seat)):  # haunt 41: an attack names the attacker's own room, never
        return False  # at range; one where the other is not is spent (resolve_attack)
    if there == here:
        if apart(w.content, here, e.side, barrier_side(s, key)):
            raise IllegalAction(f"{who} is on the other side of the {here}'s barrier.", "B6.1")
        return False
    if weapon == "Revolver":
        if there in line_of_sight(w, here):
            return True
        raise IllegalAction(
            f"{who} is neither in the {here} nor in line of sight (a straight line of doors, no Smoke).", "K6"
        )
    raise IllegalAction(f"{who} is not in the {here}: attacks are made in one room.", "K1")


def attack_options(w: World) -> list[Input]:
    """Every attack ``check_attack`` accepts now, for the turn prompt (none before the haunt)."""
    s = w.s
    if s.phase != "haunt" or ATTACK in s.turn.tried:
        return []
    seat = s.turn.seat
    e = s.explorers[seat]
    if unseen(s, str(seat)):  # whom it could attack would show its room: item attacks on every opponent
        return unseen_attacks(w, seat)
    keys = [str(x.seat) for x in s.explorers if in_house(x) and x.seat != seat] + sorted(monsters(s))
    kinds: list[tuple[str, str]] = [("might", "")]
    kinds += [("might", wpn) for wpn in WEAPON_DICE if wpn in e.items or wpn in e.omens]
    kinds = [(WEAPON_TRAIT.get(wpn, t), wpn) for t, wpn in kinds]
    kinds += [(t, "") for t in attack_traits(w, seat, "") if t != "might"]
    book = s.haunt is not None and s.haunt.mode == "book"
    out: list[Input] = []
    for key in keys:
        extra = [
            (t, "") for t in BOOK_FIGHT_TRAITS if book and (t, "") not in kinds and book_fight(s, key, t)
        ]
        for trait, weapon in kinds + extra:
            inp = Attack(key, trait, weapon)
            try:
                check_attack(w, inp)
            except IllegalAction:
                continue
            out.append(inp)
    return out


def unseen_attacks(w: World, seat: int) -> list[Input]:
    """An unseen explorer's attacks (haunt 41's invisible traitor): with an item only (its other attacks are
    the haunt's own), listed on every living opponent wherever they are, so the list shows nothing of its
    room; one made on an opponent elsewhere is spent (``resolve_attack``)."""
    s = w.s
    if stuck(w, seat):
        return []
    weapons = [wpn for wpn in WEAPON_DICE if wpn in held(w, seat) and f"item:{wpn}" not in s.turn.tried]
    return [
        Attack(str(x.seat), WEAPON_TRAIT.get(wpn, "might"), wpn)
        for x in s.explorers
        if in_house(x) and x.seat != seat and hostile(s, str(seat), str(x.seat))
        for wpn in weapons
    ]


def resolve_attack(w: World, inp: Attack) -> None:
    """The turn's attack: checked, noted as done (with the weapon's or the Ring's once a turn), fought."""
    ranged = check_attack(w, inp)
    seat = w.s.turn.seat
    tried = w.s.turn.tried
    tried.append(ATTACK)
    if inp.weapon:
        tried.append(f"item:{inp.weapon}")
    if inp.trait == "sanity" and RING in w.s.explorers[seat].omens:
        tried.append(f"item:{RING}")
    here = w.s.explorers[seat].room
    if unseen(w.s, str(seat)) and room_of(w.s, inp.target) != here:  # its own room stays unsaid
        target = name_of(w, inp.target)
        w.say(
            f"{w.who(seat)} attacks {target}, who is not there: the attack is spent",
            "combat.unseen_nobody",
            who=w.who(seat),
            target=target,
        )
        return
    if unseen(w.s, inp.target) and room_of(w.s, inp.target) != here:  # a wrong guess spends the attack
        w.say(
            f"{w.who(seat)} attacks {name_of(w, inp.target)} in the {here}: not there, the attack is spent",
            "combat.unseen_missed",
            who=w.who(seat),
            target=name_of(w, inp.target),
            room=here,
        )
        return
    where = f" in the {room_of(w.s, inp.target)}" if ranged else ""
    using = f" with the {inp.weapon}" if inp.weapon else ""
    w.say(
        f"{w.who(seat)} attacks {name_of(w, inp.target)}{where} ({inp.trait.capitalize()}{using})",
        "combat.attack",
        who=w.who(seat),
        target=name_of(w, inp.target),
        trait=inp.trait,
        weapon=inp.weapon,
    )
    start_fight(w, str(seat), inp.target, inp.trait, inp.weapon, ranged)

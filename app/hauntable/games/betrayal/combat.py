"""Combat after the haunt (rules K1-K8 in docs/rules.md): attacks between explorers and monsters, weapons,
the Revolver's shot along a line of sight, and stealing instead of damage.

A fighter is named by a key: an explorer by their seat number (``"2"``), a monster by its id in
``state.haunt.monsters`` (never all digits): :class:`~hauntable.games.betrayal.records.Monster` records the
haunt rules keep (monsters.py), read here only through the fighter predicates (predicates.py).
A monster lacks a trait it has no number for (K3); damage to a monster stuns it instead (K7). The
haunt's monster turn starts a fight with ``start_fight`` like an explorer's ``attack`` input does.

>>> line_of_sight  # doctest: +ELLIPSIS
<function line_of_sight at ...>
"""

from __future__ import annotations

from typing import Any

from hauntable.engine.inputs import Input
from hauntable.engine.prompts import OptionText, RollDice
from hauntable.engine.rejections import IllegalAction
from hauntable.games.betrayal import monsters as mon
from hauntable.games.betrayal.cards import CARD_RULES
from hauntable.games.betrayal.cards.hands import get_card, held, lose_card
from hauntable.games.betrayal.house import HouseView, apart
from hauntable.games.betrayal.inputs import Attack
from hauntable.games.betrayal.predicates import (
    BOOK_FIGHT_TRAITS,
    alive,
    barrier_side,
    book_fight,
    damage_kind,
    dice_of,
    exists,
    hostile,
    monsters,
    name_of,
    roller,
    room_of,
    scenario,
    seat_of,
    start_fight,
    stuck,
    stunned,
    trait_of,
    trait_roll,
)
from hauntable.games.betrayal.prompts import ChooseOption
from hauntable.games.betrayal.world import World, task

ATTACK = "attack"  # noted in turn.tried once the turn's attack is made (K1)
# extra dice each weapon adds to its attack roll (8 dice at most), and the trait it attacks with (K5)
WEAPON_DICE = {"Axe": 1, "Spear": 2, "Blood Dagger": 3, "Sacrificial Dagger": 3, "Revolver": 1}
WEAPON_TRAIT = {"Revolver": "speed"}
RING = "Ring"


# --- fighters ----------------------------------------------------------------------------------------------


def stun(w: World, key: str) -> None:
    """K7: a beaten monster is stunned instead of hurt (H5.3: skips its next turn, drops what it carries);
    one whose record says so is killed, or shrugs it off."""
    mon.defeat(w, key)


def protected(w: World, key: str) -> bool:
    """An explorer the haunt keeps from harm in fights (haunt 42's traitor): never attacked, never hurt."""
    seat = seat_of(key)
    sc = scenario(w) if seat is not None and w.s.phase == "haunt" else None
    return sc is not None and sc.untouchable(w, seat)


def hurt(w: World, key: str, kind: str, amount: int) -> None:
    if protected(w, key):
        w.say(f"{name_of(w, key)} takes no harm", "combat.unharmed", who=name_of(w, key))
        return
    seat = seat_of(key)
    if seat is None:
        stun(w, key)
    else:
        w.then(("damage", dict(seat=seat, kind=kind, amount=amount)))


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
    if not hostile(s, str(seat), key):
        raise IllegalAction(f"{who} is not {e.name}'s opponent: attack the other side only.", "K2")
    if protected(w, key):
        sc = scenario(w)
        raise IllegalAction(f"{who} cannot be attacked in this haunt ({sc.name}).", f"haunt{sc.number}")
    weapon = inp.weapon
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
    keys = [str(x.seat) for x in s.explorers if x.alive and x.seat != seat] + sorted(monsters(s))
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


# --- the fight -------------------------------------------------------------------------------------------


@task("combat")
def combat(w: World, fight: dict[str, Any]) -> None:
    """Weapons that cost something before the roll: the Blood Dagger 1 Speed, the Sacrificial Dagger a
    Knowledge roll (our reading of the card: 6+ fine; 3-5 lose 1 Sanity; 0-2 2 dice of physical damage
    and no attack)."""
    seat = seat_of(fight["attacker"])
    weapon = fight["weapon"]
    if weapon == "Sacrificial Dagger" and seat is not None:
        trait_roll(w, seat, "knowledge", 6, "the Sacrificial Dagger", on="combat_dagger", fight=fight)
        return
    if weapon == "Blood Dagger" and seat is not None:
        w.say(f"The Blood Dagger drinks from {w.who(seat)}", "card.blood_dagger", who=w.who(seat))
        w.lose(seat, "speed", 1)
        if not w.s.explorers[seat].alive:
            return
    w.then(("combat_roll", dict(fight=fight, extra=WEAPON_DICE.get(weapon, 0))))


@task("combat_dagger")
def combat_dagger(w: World, seat: int, trait: str, target: int, fight: dict[str, Any], total: int) -> None:
    if total >= 6:
        w.say("The Sacrificial Dagger is steady in the hand", "card.dagger_ok")
    elif total >= 3:
        w.say("The Sacrificial Dagger feeds on the mind", "card.dagger_price")
        w.lose(seat, "sanity", 1)
    else:
        w.say(
            f"The Sacrificial Dagger twists in {w.who(seat)}'s hand: no attack",
            "card.dagger_twists",
            who=w.who(seat),
        )
        w.then(("damage_roll", dict(seats=[seat], dice=2, kind="physical")))
        return
    w.then(("combat_roll", dict(fight=fight, extra=WEAPON_DICE["Sacrificial Dagger"])))


def _roll_prompt(
    w: World, key: str, trait: str, dice: int, text: str, purpose: str, worded: OptionText
) -> tuple[RollDice, dict[str, Any]]:
    """A fighter's roll; a monster's dice take no explorer's roll aids (C12 cards help their holder only)."""
    prompt = RollDice(roller(w.s, key), text, dice, purpose, trait, purpose_text=worded)
    return prompt, ({} if seat_of(key) is not None else {"_aid_none": True})


@task("combat_roll")
def combat_roll(w: World, fight: dict[str, Any], extra: int = 0) -> None:
    if not alive(w.s, fight["attacker"]):
        return
    a, d, trait = fight["attacker"], fight["defender"], fight["trait"]
    dice = dice_of(w, a, trait, extra)
    text = f"{name_of(w, a)}: attack roll against {name_of(w, d)} - {trait.capitalize()}, {dice} dice"
    prompt, flags = _roll_prompt(
        w, a, trait, dice, text, f"attack on {name_of(w, d)}", OptionText.of("attack", who=name_of(w, d))
    )
    w.ask(prompt, on="combat_defend", fight=fight, **flags)


@task("combat_defend")
def combat_defend(w: World, fight: dict[str, Any], total: int) -> None:
    a, d, trait = fight["attacker"], fight["defender"], fight["trait"]
    dice = dice_of(w, d, trait)
    text = f"{name_of(w, d)}: defend against {name_of(w, a)} - {trait.capitalize()}, {dice} dice"
    worded = OptionText.of("defence", who=name_of(w, a))
    prompt, flags = _roll_prompt(w, d, trait, dice, text, f"defence against {name_of(w, a)}", worded)
    w.ask(prompt, on="combat_result", fight=fight, attack=total, **flags)


def stealable(w: World, seat: int) -> list[str]:
    """Cards a winner may take instead of damage: tradeable ones that are not protected from theft (K8)."""

    out = []
    for name in held(w, seat):
        rules = CARD_RULES.get(name)
        if rules is None or (rules.tradeable and rules.stealable):
            out.append(name)
    return out


@task("combat_result")
def combat_result(w: World, fight: dict[str, Any], attack: int, total: int) -> None:
    """K3: the higher roll wins and the loser takes the difference; a tie hurts nobody. A shot from a
    distance never hurts the shooter (K6); a stunned monster never hurts its attacker (K7). A winner of 2+
    physical damage face to face may steal instead (K8)."""
    a, d, trait = fight["attacker"], fight["defender"], fight["trait"]
    an, dn = name_of(w, a), name_of(w, d)
    if attack == total:
        w.say(
            f"{an} and {dn} are evenly matched ({attack} each): nobody is hurt",
            "combat.tie",
            who=an,
            target=dn,
            total=attack,
        )
        return
    kind = damage_kind(trait)
    if attack > total:
        diff = attack - total
        w.say(
            f"{an} beats {dn} ({attack} against {total})",
            "combat.won",
            winner=an,
            loser=dn,
            amount=diff,
            attack=attack,
            total=total,
        )
        sa, sd = seat_of(a), seat_of(d)
        if kind == "physical" and diff >= 2 and not fight["ranged"] and sa is not None and sd is not None:
            loot = stealable(w, sd)
            if loot:
                w.ask(
                    ChooseOption(
                        sa,
                        f"{an}: deal {diff} physical damage to {dn}, or steal a card instead?",
                        "steal",
                        (f"deal {diff} damage", *(f"steal {n}" for n in loot)),
                        code="steal",
                        params=(("n", diff), ("loser", dn)),
                        option_texts=(
                            OptionText("deal", (("n", diff),)),
                            *(OptionText("steal", (("card", n),)) for n in loot),
                        ),
                    ),
                    on="combat_steal",
                    fight=fight,
                    amount=diff,
                )
                return
        sc = scenario(w)
        if sd is None and sc is not None and sc.monster_beaten(w, d, fight):
            return  # the haunt decides what beating it does (haunt 48: only the cursed weapon kills)
        if sa is None and sd is not None and sc is not None and sc.explorer_beaten(w, a, sd, fight):
            return  # the haunt decides what a monster's win does (haunt 35: the Cat catches, no damage)
        hurt(w, d, kind, diff)
        return
    diff = total - attack
    w.say(
        f"{dn} beats {an} ({total} against {attack})",
        "combat.lost",
        winner=dn,
        loser=an,
        amount=diff,
        attack=attack,
        total=total,
    )
    if fight["ranged"]:
        w.say(
            f"{an} fired from a distance and takes no damage (K6)", "combat.safe", who=an, variant="distance"
        )
    elif stunned(w.s, d):
        w.say(
            f"{dn} is stunned and cannot hurt {an} (K7)", "combat.safe", who=dn, target=an, variant="stunned"
        )
    else:
        hurt(w, a, kind, diff)


@task("combat_steal")
def combat_steal(w: World, fight: dict[str, Any], amount: int, option: str) -> None:

    a, d = seat_of(fight["attacker"]), seat_of(fight["defender"])
    assert a is not None and d is not None
    if not option.startswith("steal "):
        hurt(w, fight["defender"], "physical", amount)
        return
    name = option[len("steal ") :]
    w.say(
        f"{w.who(a)} steals the {name} from {w.who(d)} (K8)",
        "combat.steal",
        who=w.who(a),
        card=name,
        victim=w.who(d),
    )
    if a == w.s.turn.seat:
        w.s.turn.tried.append(f"item:{name}")  # stealing is the card's action this turn (C2)
    lose_card(w, d, name, "hand")
    get_card(w, a, name)

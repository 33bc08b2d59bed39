"""The fight once an attack is made (rules K3, K5, K7, K8 in docs/rules.md): a weapon's price before the
roll, the attack and defence rolls, the result, and stealing instead of damage.

Apart from ``combat.py`` (may this attack be made?) because a fight is a chain of queued tasks that any
rule may start through ``predicates.start_fight`` (an explorer's attack, a monster's, a card's), and
because the harm it deals (``hurt``: damage to an explorer, a stun to a monster, K7) is what
``cards/dynamite.py`` deals too.
"""

from __future__ import annotations

from typing import Any

from hauntable.engine.prompts import OptionText, RollDice
from hauntable.games.betrayal import monsters as mon
from hauntable.games.betrayal.cards import CARD_RULES
from hauntable.games.betrayal.cards.hands import get_card, held, lose_card
from hauntable.games.betrayal.predicates import (
    alive,
    damage_kind,
    dice_of,
    may_hold,
    name_of,
    roller,
    scenario,
    seat_of,
    stunned,
    trait_roll,
)
from hauntable.games.betrayal.prompts import ChooseOption
from hauntable.games.betrayal.world import World, task

# extra dice each weapon adds to its attack roll (8 dice at most, K5)
WEAPON_DICE = {"Axe": 1, "Spear": 2, "Blood Dagger": 3, "Sacrificial Dagger": 3, "Revolver": 1}


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


def fight_proof(w: World, key: str, kind: str) -> bool:
    """An explorer the haunt lets be attacked but not hurt by this kind of damage (haunt 18's traitor)."""
    seat = seat_of(key)
    sc = scenario(w) if seat is not None and w.s.phase == "haunt" else None
    return sc is not None and seat is not None and sc.fight_proof(w, seat, kind)


def hurt(w: World, key: str, kind: str, amount: int) -> None:
    """The loser takes the damage; a haunt's ``damage_kind`` of ``none`` means the winner deals none."""
    if kind == "none" or protected(w, key) or fight_proof(w, key, kind):
        w.say(f"{name_of(w, key)} takes no harm", "combat.unharmed", who=name_of(w, key))
        return
    seat = seat_of(key)
    if seat is None:
        stun(w, key)
    else:
        w.then(("damage", dict(seat=seat, kind=kind, amount=amount)))


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


def haunt_bonus(w: World, key: str, foe: str, trait: str, attacking: bool, total: int) -> int:
    """``total`` with what the haunt adds to fighter ``key``'s roll (haunt 29: the Monster's +2), said."""
    sc = scenario(w) if w.s.phase == "haunt" else None
    n = sc.fight_bonus(w, key, foe, trait, attacking) if sc is not None else 0
    if n:
        who = name_of(w, key)
        w.say(
            f"{who}'s roll gets the haunt's bonus +{n}: {total + n}",
            "combat.bonus",
            who=who,
            n=n,
            total=total + n,
        )
    return total + n


@task("combat_defend")
def combat_defend(w: World, fight: dict[str, Any], total: int) -> None:
    a, d, trait = fight["attacker"], fight["defender"], fight["trait"]
    total = haunt_bonus(w, a, d, trait, True, total)
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
    total = haunt_bonus(w, d, a, trait, False, total)
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
        if (sc := scenario(w)) is not None:
            kind = sc.fight_damage_kind(w, a, d, trait, kind)
            sc.fight_won(w, a, d, {**fight, "margin": diff, "dealt": kind})
        if kind == "physical" and diff >= 2 and not fight["ranged"] and sa is not None and sd is not None:
            loot = [n for n in stealable(w, sd) if may_hold(w, sa, n)]
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
        if (sc := scenario(w)) is not None:
            kind = sc.fight_damage_kind(w, d, a, trait, kind)
            sc.fight_won(w, d, a, {**fight, "margin": diff, "dealt": kind})
            if seat_of(a) is None and sc.monster_beaten(w, a, fight):
                return  # the haunt decides what losing its own attack does (haunt 13: a Nightmare is stunned)
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

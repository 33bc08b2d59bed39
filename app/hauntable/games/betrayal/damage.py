"""Damage (B4.3): rolled or fixed, physical or mental, split between two traits by the player; after the
haunt a drop past the lowest step reaches the skull (K9)."""

from __future__ import annotations

from hauntable.engine.prompts import OptionText, RollDice
from hauntable.games.betrayal.inputs import Split
from hauntable.games.betrayal.prompts import ChooseOption, SplitDamage
from hauntable.games.betrayal.world import DAMAGE_TRAITS, World, task


@task("damage_roll")
def damage_roll(w: World, seats: list[int], dice: int, kind: str) -> None:
    w.ask(
        RollDice(
            seats[0],
            f"{w.who(seats[0])}: roll {dice} die for {kind} damage",
            dice,
            f"{kind} damage",
            purpose_text=OptionText.of(kind),  # purpose.physical, purpose.mental
        ),
        on="damage_result",
        seats=seats,
        kind=kind,
    )


@task("damage_result")
def damage_result(w: World, seats: list[int], kind: str, total: int) -> None:
    w.then(*[("damage", dict(seat=s, kind=kind, amount=total)) for s in seats])


@task("damage")
def damage(
    w: World, seat: int, kind: str, amount: int, skull_asked: bool = False, armor: bool = True
) -> None:
    """Ask how to split ``amount`` damage between the two traits of ``kind``; one way only: just do it.
    ``armor`` False: damage nothing reduces (haunt 36's flood)."""
    e = w.s.explorers[seat]
    if not e.alive:  # K9: the dead take no more damage
        return
    if armor and kind == "physical" and amount > 0 and "Armor" in e.items:  # the Armor takes 1 off each time
        amount -= 1
        w.say(f"{e.name}'s Armor takes 1 point of the damage", "card.armor", who=e.name)
    if amount <= 0:
        w.say(f"{w.who(seat)} takes no {kind} damage", "damage.none", who=w.who(seat))
        return
    if kind == "mental" and "Skull" in e.omens and not skull_asked:
        w.ask(
            ChooseOption(
                seat,
                f"{e.name}: take the {amount} mental damage as physical (Skull)?",
                "Skull",
                ("mental", "physical"),
                code="skull",
                params=(("n", amount),),
            ),
            on="skull_choice",
            seat=seat,
            amount=amount,
        )
        return
    traits = DAMAGE_TRAITS[kind]
    limits = damage_limits(w, seat, traits, amount)
    prompt = SplitDamage(
        seat,
        f"{w.who(seat)}: take {amount} {kind} damage - split it between "
        f"{traits[0].capitalize()} and {traits[1].capitalize()}",
        kind,
        amount,
        traits,
        limits,
    )
    choices = prompt.choices()
    if len(choices) == 1:
        only = choices[0]
        assert isinstance(only, Split)  # SplitDamage offers Split inputs only
        apply_split(w, seat, kind, only.amounts())
    else:
        w.ask(prompt, on="split", seat=seat, kind=kind)


@task("split")
def split(w: World, seat: int, kind: str, amounts: dict[str, int]) -> None:
    """The player's split of the damage, checked against the prompt when answered (rules.py)."""
    apply_split(w, seat, kind, amounts)


@task("skull_choice")
def skull_choice(w: World, seat: int, amount: int, option: str) -> None:
    w.then(("damage", dict(seat=seat, kind=option, amount=amount, skull_asked=True)))


def damage_limits(w: World, seat: int, traits: tuple[str, str], amount: int) -> tuple[int, int]:
    """Most steps each trait may take. House rule damage_at_lowest: 'allowed' lets damage go to a trait
    already at its lowest step; 'must_drop' sends it to traits that can still drop while one can."""
    if w.s.config.house_rules.damage_at_lowest == "allowed" or w.s.phase == "haunt":
        return (amount, amount)  # after the haunt every step counts: the next one is the skull (K9)
    room = [w.explorer(seat).traits[t] for t in traits]
    extra = max(0, amount - sum(room))
    return (min(amount, room[0] + extra), min(amount, room[1] + extra))


def apply_split(w: World, seat: int, kind: str, amounts: dict[str, int]) -> None:
    total = sum(amounts.values())
    parts = ", ".join(f"{n} {t.capitalize()}" for t, n in amounts.items())
    w.say(
        f"{w.who(seat)} takes {total} {kind} damage ({parts})",
        f"damage.{kind}",
        who=w.who(seat),
        amount=total,
    )
    for trait, steps in amounts.items():
        w.change_trait(seat, trait, -steps)

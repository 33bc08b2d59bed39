"""C9: an event card's attack before the haunt (the ``attack`` effect of the card language): the player on
the right rolls the card's dice, the explorer defends with Might, and a higher attack deals the difference
as physical damage, then the card's ``hurt`` effects."""

from __future__ import annotations

from typing import Any

from hauntable.engine.prompts import RollDice
from hauntable.games.betrayal.world import World, task


@task("effects_attack")
def effects_attack(w: World, seat: int, card: str, dice: int, hurt: list[Any]) -> None:
    """C9: a card's attack before the haunt. The player on the right rolls its dice for it; the explorer
    then defends with Might; a higher attack deals the difference as physical damage."""
    right = w.right_of(seat)
    w.ask(
        RollDice(
            right, f"{w.who(right)}: roll {dice} dice for the {card}'s attack on {w.who(seat)}", dice, card
        ),
        on="effects_defend",
        seat=seat,
        card=card,
        hurt=hurt,
    )


@task("effects_defend")
def effects_defend(w: World, seat: int, card: str, hurt: list[Any], total: int) -> None:
    dice = w.dice_for(seat, "might")
    w.ask(
        RollDice(
            seat, f"{w.who(seat)}: defend against the {card} - Might roll ({dice} dice)", dice, card, "might"
        ),
        on="effects_defended",
        seat=seat,
        card=card,
        hurt=hurt,
        attack=total,
    )


@task("effects_defended")
def effects_defended(w: World, seat: int, card: str, hurt: list[Any], attack: int, total: int) -> None:
    if attack <= total:
        w.say(
            f"{w.who(seat)} fends off the {card} ({total} against {attack})",
            "card.defended",
            card=card,
            who=w.who(seat),
            total=total,
            attack=attack,
        )
        return
    w.say(
        f"The {card} hurts {w.who(seat)} ({attack} against {total})",
        "card.hurt",
        card=card,
        who=w.who(seat),
        attack=attack,
        total=total,
    )
    tasks = [("damage", dict(seat=seat, kind="physical", amount=attack - total))]
    if hurt:
        tasks.append(("effects", dict(seat=seat, card=card, effects=hurt)))
    w.then(*tasks)

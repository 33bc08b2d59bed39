"""Healing Salve, Smelling Salts and the Medical Kit: a patient in the room gets traits back
up to their start."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from hauntable.games.betrayal.cards.hands import in_room
from hauntable.games.betrayal.cards.items import PHYSICAL
from hauntable.games.betrayal.cards.language import op
from hauntable.games.betrayal.prompts import ChooseOption
from hauntable.games.betrayal.world import World, effect_op, task


def below_start(w: World, seat: int, traits: Iterable[str]) -> list[str]:
    e = w.s.explorers[seat]
    start = w.content.characters[e.character].start
    return [t for t in traits if e.traits[t] < start[t]]


@effect_op("patient")
def _patient(w: World, seat: int, card: str, effects: list[Any]) -> list[Any] | None:
    """Choose who is treated: the user or an explorer in the same room (asked only when there is a choice)."""

    seats = [seat, *in_room(w, seat)]
    if len(seats) == 1:
        return [("effects", dict(seat=seat, card=card, effects=[op("treat", seat, effects)]))]
    w.ask(
        ChooseOption(
            seat,
            f"{w.who(seat)}: {card} - whom do you treat?",
            card,
            tuple(w.who(s) for s in seats),
            code="patient",
            params=(("card", card),),
        ),
        on="patient_chosen",
        seat=seat,
        card=card,
        seats=seats,
        effects=effects,
    )
    return None


@task("patient_chosen")
def patient_chosen(w: World, seat: int, card: str, seats: list[Any], effects: list[Any], option: str) -> None:
    patient = next(s for s in seats if w.who(s) == option)
    w.then(("effects", dict(seat=seat, card=card, effects=[op("treat", patient, effects)])))


@effect_op("treat")
def _treat(w: World, seat: int, card: str, patient: int, effects: list[Any]) -> list[Any]:
    """The treatment's rolls are the user's; its healing goes to the patient (kept as a mark)."""
    w.explorer(seat).marks["patient"] = patient
    return [("effects", dict(seat=seat, card=card, effects=effects))]


@effect_op("restore")
def _restore(w: World, seat: int, card: str, traits: list[Any]) -> None:
    patient = w.s.explorers[seat].marks.get("patient", seat)
    e = w.explorer(patient)
    start = w.content.characters[e.character].start
    for t in below_start(w, patient, traits):
        e.traits[t] = start[t]
        w.say(
            f"{e.name}'s {t.capitalize()} is back to {w.value(patient, t)}",
            "card.restore",
            who=e.name,
            trait=t,
        )


@effect_op("heal")
def _heal(w: World, seat: int, card: str, steps: int) -> list[Any] | None:
    patient = w.s.explorers[seat].marks.get("patient", seat)
    low = below_start(w, patient, PHYSICAL)
    if steps <= 0 or not low:
        return None
    if len(low) == 1:
        w.change_trait(patient, low[0], 1)
        w.say(
            f"{w.who(patient)} heals 1 {low[0].capitalize()}", "card.heal", trait=low[0], who=w.who(patient)
        )
        return (
            [("effects", dict(seat=seat, card=card, effects=[op("heal", steps - 1)]))] if steps > 1 else None
        )
    w.ask(
        ChooseOption(
            seat,
            f"{w.who(seat)}: {card} - heal which trait of {w.who(patient)}?",
            card,
            tuple(low),
            code="heal",
            params=(("card", card), ("patient", w.who(patient))),
        ),
        on="healed",
        seat=seat,
        card=card,
        patient=patient,
        steps=steps,
    )
    return None


@task("healed")
def healed(w: World, seat: int, card: str, patient: int, steps: int, option: str) -> None:
    w.change_trait(patient, option, 1)
    w.say(f"{w.who(patient)} heals 1 {option.capitalize()}", "card.heal", trait=option, who=w.who(patient))
    if steps > 1:
        w.then(("effects", dict(seat=seat, card=card, effects=[op("heal", steps - 1)])))

"""Item cards. Numbers from the printed cards (checked against the TK transcription); wording ours."""

from __future__ import annotations

from hauntable.games.betrayal.cards import card
from hauntable.games.betrayal.cards.effects import (
    choose,
    draw,
    effect_op,
    gain,
    gain_any,
    go,
    lose,
    op,
    roll,
)
from hauntable.games.betrayal.content import TRAITS
from hauntable.games.betrayal.prompts import ChooseOption
from hauntable.games.betrayal.world import World, task

PHYSICAL = ("might", "speed")
MENTAL = ("sanity", "knowledge")

card(
    "Amulet of the Ages",
    "+1 in every trait on gaining it; losing it costs 3 in every trait.",
    on_gain=[gain(t) for t in TRAITS],
    on_lose=[lose(t, 3) for t in TRAITS],
)
card(
    "Bell",
    "+1 Sanity while you hold it; once a turn after the haunt begins, a Sanity roll: 5+ any heroes not held "
    "back by an opponent come 1 space closer; 0-4 the traitor may bring monsters 1 space closer.",
    on_gain=[gain("sanity")],
    on_lose=[lose("sanity")],
    use=[roll("sanity", (5, None, [op("bell_heroes")]), (0, 4, [op("monsters_closer")]))],
    use_when="haunt",
)
card(
    "Candle",
    "1 extra die on an event's trait rolls; holding the Bell, Book and Candle gives +2 in every trait (the "
    "first loss of one of them takes it back).",
)
card("Armor", "Take 1 less physical damage each time; it cannot be stolen.", stealable=False)
card("Axe", "Weapon: 1 extra die on Might attacks (from the haunt on).")
card(
    "Blood Dagger",
    "Weapon: 3 extra dice on Might attacks, costing 1 Speed (from the haunt on); it cannot be traded or "
    "dropped.",
    tradeable=False,
    droppable=False,
)
card(
    "Revolver",
    "Weapon: attack with Speed (1 extra die) in your room or in line of sight (from the haunt on).",
)
card(
    "Sacrificial Dagger",
    "Weapon: 3 extra dice on Might attacks after a Knowledge roll that can hurt you (from the haunt on).",
)
card(
    "Healing Salve",
    "One use: Might and Speed of an explorer in your room (you too) go back up to their starting values.",
    use=[op("patient", [op("restore", list(PHYSICAL))])],
    use_when="needs:might,speed",
    one_use=True,
)
card(
    "Smelling Salts",
    "One use: Knowledge of an explorer in your room (you too) goes back up to its starting value.",
    use=[op("patient", [op("restore", ["knowledge"])])],
    use_when="needs:knowledge",
    one_use=True,
)
card(
    "Medical Kit",
    "Once a turn, a Knowledge roll heals an explorer in your room (you too) up to their starting values: 8+ "
    "3 physical steps, 6-7 2, 4-5 1.",
    use=[
        op(
            "patient",
            [
                roll(
                    "knowledge",
                    (8, None, [op("heal", 3)]),
                    (6, 7, [op("heal", 2)]),
                    (4, 5, [op("heal", 1)]),
                    (0, 3, []),
                )
            ],
        )
    ],
    use_when="needs:might,speed",
)
card(
    "Puzzle Box",
    "Once a turn, Knowledge 6+ opens it: draw 2 items and discard the box.",
    use=[roll("knowledge", (6, None, [op("discard_self"), draw("item"), draw("item")]), (0, 5, []))],
)
card(
    "Dark Dice",
    "Once a turn, roll 3 dice: 6 go to another explorer's room; 5 push an explorer in your room next door; "
    "4 gain 1 in a physical trait; 3 step into a room next door; 2 gain 1 in a mental trait; 1 draw an "
    "event; 0 every trait to its lowest step and the Dark Dice are discarded.",
    use=[
        roll(
            "dice:3",
            (6, None, [op("to_explorer")]),
            (5, 5, [op("push")]),
            (4, 4, [gain_any(1, PHYSICAL)]),
            (3, 3, [op("step")]),
            (2, 2, [gain_any(1, MENTAL)]),
            (1, 1, [draw("event")]),
            (0, 0, [*(op("bottom", t) for t in TRAITS), op("discard_self")]),
        )
    ],
)
card(
    "Pickpocket's Gloves",
    "One use: take any item an explorer in your room holds (not one that cannot be stolen).",
    use=[op("pickpocket")],
    use_when="pickable",
    one_use=True,
)
card(
    "Music Box",
    "Open or close it once a turn; while open, whoever enters or starts a turn in its room rolls Sanity 4+ "
    "or ends the turn there (a mesmerized holder drops it, still open).",
    use=[op("music_toggle")],
)
card(
    "Bottle",
    "One use after the haunt begins: roll 3 dice for a move to any room or a trait gain or loss.",
    use=[
        roll(
            "dice:3",
            (6, None, [go("any")]),
            (5, 5, [gain("might", 2), gain("speed", 2)]),
            (4, 4, [gain("knowledge", 2), gain("sanity", 2)]),
            (3, 3, [gain("knowledge"), lose("might")]),
            (2, 2, [lose("knowledge", 2), lose("sanity", 2)]),
            (1, 1, [lose("might", 2), lose("speed", 2)]),
            (0, 0, [lose(t, 2) for t in TRAITS]),
        )
    ],
    use_when="haunt",
    one_use=True,
)
card(
    "Dynamite",
    "One use instead of the turn's attack (from the haunt on): thrown through a door into a room next door, "
    "where everyone rolls Speed 5+ or takes 4 physical damage.",
    use=[op("dynamite")],
    use_when="attack_free",
    one_use=True,
)
card("Adrenaline Shot", "One use: add 4 to the result of a trait roll.")
card("Angel Feather", "One use: name a number 0-8 as the result of a roll instead of rolling.")
card("Lucky Stone", "One use: reroll any of the dice of one roll.")
card("Rabbit's Foot", "Once a turn, reroll one die.")
card("Idol", "Once a turn, 2 extra dice on a roll, costing 1 Sanity.")


# --- item effects -----------------------------------------------------------------------------------------


def below_start(w: World, seat: int, traits) -> list[str]:
    e = w.s.explorers[seat]
    start = w.content.characters[e.character].start
    return [t for t in traits if e.traits[t] < start[t]]


@effect_op("patient")
def _patient(w: World, seat: int, card: str, effects: list) -> list | None:
    """Choose who is treated: the user or an explorer in the same room (asked only when there is a choice)."""
    from hauntable.games.betrayal.cards.holding import in_room

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
def patient_chosen(w: World, seat: int, card: str, seats: list, effects: list, option: str) -> None:
    patient = next(s for s in seats if w.who(s) == option)
    w.then(("effects", dict(seat=seat, card=card, effects=[op("treat", patient, effects)])))


@effect_op("treat")
def _treat(w: World, seat: int, card: str, patient: int, effects: list) -> list:
    """The treatment's rolls are the user's; its healing goes to the patient (kept as a mark)."""
    w.explorer(seat).marks["patient"] = patient
    return [("effects", dict(seat=seat, card=card, effects=effects))]


@effect_op("restore")
def _restore(w: World, seat: int, card: str, traits: list) -> None:
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
def _heal(w: World, seat: int, card: str, steps: int) -> list | None:
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


@effect_op("bottom")
def _bottom(w: World, seat: int, card: str, trait: str) -> None:
    e = w.explorer(seat)
    e.traits[trait] = 0
    e.excess.pop(trait, None)
    w.say(
        f"{e.name}'s {trait.capitalize()} drops to its lowest step", "trait.lowest", who=e.name, trait=trait
    )


@effect_op("to_explorer")
def _to_explorer(w: World, seat: int, card: str) -> list | None:
    here = w.s.explorers[seat].room
    rooms = sorted({e.room for e in w.s.explorers if e.seat != seat and e.alive and e.room != here})
    if not rooms:
        return None
    return [("effects", dict(seat=seat, card=card, effects=[go("rooms:" + ",".join(rooms))]))]


@effect_op("step")
def _step(w: World, seat: int, card: str) -> list | None:
    from hauntable.games.betrayal.cards.effects import adjacent_rooms

    rooms = adjacent_rooms(w, w.s.explorers[seat].room)
    if not rooms:
        return None
    return [("effects", dict(seat=seat, card=card, effects=[go("rooms:" + ",".join(rooms))]))]


@effect_op("push")
def _push(w: World, seat: int, card: str) -> list | None:
    from hauntable.games.betrayal.cards.effects import adjacent_rooms
    from hauntable.games.betrayal.cards.holding import in_room

    others = in_room(w, seat)
    rooms = adjacent_rooms(w, w.s.explorers[seat].room)
    if not others or not rooms:
        w.say(f"{card}: nobody can be pushed", "card.nothing", card=card)
        return None
    options = tuple(f"{w.who(o)} to the {r}" for o in others for r in rooms)
    w.ask(
        ChooseOption(
            seat,
            f"{w.who(seat)}: {card} - push whom where?",
            card,
            options,
            code="push",
            params=(("card", card),),
        ),
        on="pushed",
        seat=seat,
        pairs=[[o, r] for o in others for r in rooms],
        options=list(options),
    )
    return None


@task("pushed")
def pushed(w: World, seat: int, pairs: list, options: list, option: str) -> None:
    other, room = pairs[options.index(option)]
    w.then(("land", dict(seat=other, room=room)))


@effect_op("pickpocket")
def _pickpocket(w: World, seat: int, card: str) -> list | None:
    options = pickable(w, seat)
    if not options:
        return None
    w.ask(
        ChooseOption(
            seat,
            f"{w.who(seat)}: {card} - take which item?",
            card,
            tuple(f"{w.who(o)}: {n}" for o, n in options),
            code="pickpocket",
            params=(("card", card),),
        ),
        on="pickpocketed",
        seat=seat,
        pairs=[list(p) for p in options],
    )
    return None


def pickable(w: World, seat: int) -> list[tuple[int, str]]:
    from hauntable.games.betrayal.cards import CARD_RULES
    from hauntable.games.betrayal.cards.holding import held, in_room

    return [
        (o, n)
        for o in in_room(w, seat)
        for n in held(w, o)
        if CARD_RULES.get(n) is None or CARD_RULES[n].stealable
    ]


@task("pickpocketed")
def pickpocketed(w: World, seat: int, pairs: list, option: str) -> None:
    from hauntable.games.betrayal.cards.holding import get_card, lose_card

    other, name = next((o, n) for o, n in pairs if f"{w.who(o)}: {n}" == option)
    w.say(
        f"{w.who(seat)} takes the {name} from {w.who(other)}",
        "card.stolen",
        card=name,
        who=w.who(seat),
        victim=w.who(other),
    )
    lose_card(w, other, name, "hand")
    get_card(w, seat, name)


@effect_op("mask")
def _mask(w: World, seat: int, card: str) -> list:
    e = w.explorer(seat)
    if e.marks.get("Mask"):
        del e.marks["Mask"]
        w.say(f"{e.name} takes off the Mask", "card.mask_off", who=e.name)
        return [("effects", dict(seat=seat, card=card, effects=[gain("sanity", 2), lose("knowledge", 2)]))]
    e.marks["Mask"] = 1
    w.say(f"{e.name} puts on the Mask", "card.mask_on", who=e.name)
    return [("effects", dict(seat=seat, card=card, effects=[gain("knowledge", 2), lose("sanity", 2)]))]


@effect_op("mask_off")
def _mask_off(w: World, seat: int, card: str) -> list | None:
    """Losing the Mask while wearing it takes it off (our reading: its trait change follows the card)."""
    if not w.s.explorers[seat].marks.get("Mask"):
        return None
    return _mask(w, seat, card)


@effect_op("spirit_board")
def _spirit_board(w: World, seat: int, card: str) -> list | None:
    if w.s.config.rooms == "table" or not w.s.stack:
        w.say(
            f"{w.who(seat)} may look at the top room tile",
            "card.say",
            card=card,
            who=w.who(seat),
            variant="peek",
        )
        return None
    w.say(f"{w.who(seat)} looks at the top room tile", "card.spirit_board", who=w.who(seat))
    top = w.s.stack[0]
    return [("private_look", dict(seat=seat, card=card, text=f"the top room tile is the {top}", room=top))]


@task("private_look")
def private_look(w: World, seat: int, card: str, text: str, room: str = "") -> None:
    """Hidden information for one seat: a prompt only that player answers (the UI hands the screen over and
    back), never an outcome sentence every screen shows."""
    w.ask(
        ChooseOption(
            seat,
            f"{w.who(seat)} only - {card}: {text}",
            card,
            ("seen",),
            private=True,
            code="top_tile" if room else "",
            params=(("card", card), ("room", room)),
        ),
        on="private_seen",
    )


@task("private_seen")
def private_seen(w: World, option: str) -> None:
    """The player has seen it; nothing changes."""


__all__ = ["choose"]

"""The interpreter of the card language (language.py): ``run`` carries a card's effect list out one effect
at a time, stopping at a prompt and resuming after its answer (the rest of the list is queued as plain data).
Primitive effects are written here; an effect serving one card is an operation of its own module, found
by name in the rule set (``World.rules.effect_ops``).
"""

from __future__ import annotations

import functools
from typing import Any

from hauntable.engine.prompts import OptionText, RollDice
from hauntable.games.betrayal.cards.conditions import holds
from hauntable.games.betrayal.cards.hands import discard_kept
from hauntable.games.betrayal.cards.language import Effect
from hauntable.games.betrayal.cards.places import is_at, nearest_explorer, rooms_where, windows_to_ask
from hauntable.games.betrayal.house import HouseView
from hauntable.games.betrayal.inputs import Target
from hauntable.games.betrayal.prompts import ChooseOption, ChooseTarget
from hauntable.games.betrayal.world import World, task

Queued = list[tuple[str, dict[str, Any]]]  # tasks an effect queues, in order


@task("effects")
def run(w: World, seat: int, card: str, effects: list[Effect]) -> None:
    """Carry out ``effects`` in order; an effect that needs an answer queues the rest behind it."""
    ops = w.rules.effect_ops
    for i, effect in enumerate(effects):
        name, args = effect[0], effect[1:]
        tasks = ops[name](w, seat, card, *args)
        if tasks:
            rest = effects[i + 1 :]
            if rest:
                tasks.append(("effects", dict(seat=seat, card=card, effects=rest)))
            w.then(*tasks)
            return


def from_item(w: World, card: str) -> bool:
    """Gains from an item or omen may pass the track top, noted as excess (C6); event gains stop there."""
    c = w.content.cards.get(card)
    return c is not None and c.deck != "event"


def _gain(w: World, seat: int, card: str, trait: str, n: int) -> None:
    w.gain(seat, trait, n, excess=from_item(w, card))
    if w.content.cards.get(card) is not None and w.content.cards[card].deck == "item":
        _grave_dirt_cured(w, seat, f"the {card} raised a trait")


def _grave_dirt_cured(w: World, seat: int, why: str) -> None:
    e = w.s.explorers[seat]
    if "Grave Dirt" in e.kept:
        discard_kept(w, seat, "Grave Dirt", why)


def _lose(w: World, seat: int, card: str, trait: str, n: int) -> None:
    w.lose(seat, trait, n)


def _lowest(w: World, seat: int, card: str, trait: str) -> None:
    e = w.explorer(seat)
    e.traits[trait] = 0
    e.excess.pop(trait, None)
    w.say(
        f"{e.name}'s {trait.capitalize()} drops to its lowest step ({w.value(seat, trait)})",
        "trait.lowest",
        who=e.name,
        trait=trait,
    )


def _say(w: World, seat: int, card: str, text: str) -> None:
    w.say(f"{card}: {text}", "card.say", card=card, variant=text)


def _keep(w: World, seat: int, card: str) -> None:
    """The event stays in front of the player: ``gain_card`` does not discard an event with ``keep`` in
    its rules, and only once the keep is reached does it count as kept."""
    e = w.explorer(seat)
    if card not in e.kept:
        e.kept.append(card)
        if card in w.s.card_discards["event"]:
            w.discards("event").remove(card)
        w.say(f"{e.name} keeps {card} in front of them", "card.kept", who=e.name, card=card)


def _unkeep(w: World, seat: int, card: str) -> None:
    if card in w.s.explorers[seat].kept:
        discard_kept(w, seat, card, "its effect ends")
    elif card not in w.s.card_discards["event"]:
        w.discards("event").append(card)


def _token(w: World, seat: int, card: str, name: str) -> None:
    room = w.s.explorers[seat].room
    w.own("tokens")[name] = room
    w.say(f"{card}: a {name} token is put in the {room}", "card.token", card=card, token=name, room=room)


def _mark(w: World, seat: int, card: str, name: str) -> None:
    w.explorer(seat).marks[name] = w.s.explorers[seat].marks.get(name, 0) + 1


def _unmark(w: World, seat: int, card: str, name: str) -> None:
    w.explorer(seat).marks.pop(name, None)


def _damage(w: World, seat: int, card: str, kind: str, n: int) -> Queued:
    return [("damage", dict(seat=seat, kind=kind, amount=n))]


def _damage_dice(w: World, seat: int, card: str, kind: str, dice: int) -> Queued:
    return [("damage_roll", dict(seats=[seat], dice=dice, kind=kind))]


def _draw(w: World, seat: int, card: str, deck: str) -> Queued:
    return [("draw_card", dict(seat=seat, deck=deck))]


def _to_room(w: World, seat: int, card: str, room: str) -> Queued:
    if room in w.s.house:
        return [("land", dict(seat=seat, room=room))]
    w.say(f"{card}: the {room} is not in the house yet", "card.no_room", card=card, room=room)
    return []


def _roll(w: World, seat: int, card: str, trait: str, rows: list[Any], extra: int = 0) -> Queued:
    return [("effects_roll", dict(seat=seat, card=card, trait=trait, rows=rows, extra=extra))]


def _choice(w: World, seat: int, card: str, n: int, traits: list[str], sign: int) -> Queued:
    return [("effects_choose_trait", dict(seat=seat, card=card, n=n, traits=traits, sign=sign))]


def _choose(
    w: World, seat: int, card: str, text: str, options: list[Any], question: list[Any] | None = None
) -> Queued:
    if question:  # only then: the queued task stays as it was for a question without a code
        return [("effects_choose", dict(seat=seat, card=card, text=text, options=options, question=question))]
    return [("effects_choose", dict(seat=seat, card=card, text=text, options=options))]


def _if(w: World, seat: int, card: str, cond: str, then: list[Effect], otherwise: list[Effect]) -> Queued:
    branch = then if holds(w, seat, cond) else otherwise
    return [("effects", dict(seat=seat, card=card, effects=branch))] if branch else []


def _each(w: World, seat: int, card: str, where: str, effects: list[Effect]) -> Queued:
    if where == "outdoors" and (unsure := windows_to_ask(w)):  # the printed tiles say (C16)
        again = ("effects", dict(seat=seat, card=card, effects=[["each", where, effects]]))
        return [("window_ask", dict(rooms=unsure, card=card)), again]
    seats = [s for s in w.seats_from(seat) if w.s.explorers[s].alive and is_at(w, s, where)]
    if not seats:
        w.say(f"{card}: nobody is affected", "card.nobody", card=card)
    return [("effects", dict(seat=s, card=card, effects=effects)) for s in seats]


def _nearest(w: World, seat: int, card: str, effects: list[Effect]) -> Queued:
    other = nearest_explorer(w, seat)
    if other is None:
        return []
    w.say(f"{card}: the nearest explorer is {w.who(other)}", "card.nearest", card=card, who=w.who(other))
    return [("effects", dict(seat=other, card=card, effects=effects))]


def _go(w: World, seat: int, card: str, where: str) -> Queued:
    return [("effects_go", dict(seat=seat, card=card, where=where, token=None))]


def _place(w: World, seat: int, card: str, name: str, where: str) -> Queued:
    return [("effects_go", dict(seat=seat, card=card, where=where, token=name))]


def _new_room(
    w: World,
    seat: int,
    card: str,
    floors: list[str],
    search: bool,
    or_room: str | None,
    then_card: bool = True,
) -> Queued:
    params = dict(seat=seat, card=card, floors=floors, search=search, or_room=or_room, then_card=then_card)
    return [("effects_new_room", params)]


def _attack(w: World, seat: int, card: str, dice: int, hurt: Any) -> Queued:
    return [("effects_attack", dict(seat=seat, card=card, dice=dice, hurt=hurt))]


PRIMITIVES: dict[str, Any] = {  # the effects of the card language (language.py); the rest are in the rule set
    "gain": _gain,
    "lose": _lose,
    "lowest": _lowest,
    "say": _say,
    "keep": _keep,
    "unkeep": _unkeep,
    "token": _token,
    "mark": _mark,
    "unmark": _unmark,
    "damage": _damage,
    "damage_dice": _damage_dice,
    "draw": _draw,
    "to_room": _to_room,
    "roll": _roll,
    "gain_any": functools.partial(_choice, sign=1),
    "lose_any": functools.partial(_choice, sign=-1),
    "choose": _choose,
    "if": _if,
    "each": _each,
    "nearest": _nearest,
    "go": _go,
    "place": _place,
    "new_room": _new_room,
    "attack": _attack,
}


def _bound(w: World, v: Any) -> int | None:
    if v == "omens":
        return w.s.omens_drawn
    if v == "omens-1":
        return w.s.omens_drawn - 1
    bound: int | None = v
    return bound


@task("effects_roll")
def effects_roll(w: World, seat: int, card: str, trait: str, rows: list[Any], extra: int = 0) -> None:
    if trait.startswith("dice:"):
        dice, label, name = int(trait[5:]), f"{card}: roll {trait[5:]} dice", None
    else:
        # the Candle helps on the rolls of an event its holder drew (the drawer is the one taking the turn)
        event = seat == w.s.turn.seat and card in w.content.cards and w.content.cards[card].deck == "event"
        dice = w.dice_for(seat, trait, event=event, extra=extra)
        label, name = f"{card}: {trait.capitalize()} roll", trait
    w.ask(
        RollDice(seat, f"{w.who(seat)}: {label} ({dice} dice)", dice, card, name),
        on="effects_roll_result",
        seat=seat,
        card=card,
        rows=rows,
    )


@task("effects_roll_result")
def effects_roll_result(w: World, seat: int, card: str, rows: list[Any], total: int) -> None:
    if card == "It is Meant to Be":  # the total kept for a later roll
        w.explorer(seat).marks[card] = total
    for lo, hi, effects in rows:
        lo, hi = _bound(w, lo), _bound(w, hi)
        assert lo is not None, "a row's low bound is a number"
        if total >= lo and (hi is None or total <= hi):
            if effects:
                w.then(("effects", dict(seat=seat, card=card, effects=effects)))
            else:
                w.say(f"{card}: nothing happens", "card.nothing", card=card)
            return
    w.say(f"{card}: nothing happens", "card.nothing", card=card)


@task("effects_choose_trait")
def effects_choose_trait(w: World, seat: int, card: str, n: int, traits: list[str], sign: int) -> None:
    verb = "gain" if sign > 0 else "lose"
    w.ask(
        ChooseOption(
            seat,
            f"{w.who(seat)}: {card} - choose a trait to {verb} {n}",
            card,
            tuple(traits),
            code=f"trait_{verb}",
            params=(("card", card), ("n", n)),
        ),
        on="effects_chosen_trait",
        seat=seat,
        card=card,
        n=n,
        sign=sign,
    )


@task("effects_chosen_trait")
def effects_chosen_trait(w: World, seat: int, card: str, n: int, sign: int, option: str) -> None:
    if sign > 0:
        _gain(w, seat, card, option, n)
    else:
        w.lose(seat, option, n)


@task("effects_choose")
def effects_choose(
    w: World, seat: int, card: str, text: str, options: list[Any], question: list[Any] | None = None
) -> None:
    """A card's own choice; ``question`` ([code, params]) words ``text`` for a front-end (view only)."""
    w.ask(
        ChooseOption(
            seat,
            f"{w.who(seat)}: {card} - {text}",
            card,
            tuple(label for label, _ in options),
            code="choose",
            params=(("card", card), ("text", text)),
            question_text=OptionText.of(question[0], **question[1]) if question else None,
        ),
        on="effects_chosen",
        seat=seat,
        card=card,
        options=options,
    )


@task("effects_chosen")
def effects_chosen(w: World, seat: int, card: str, options: list[Any], option: str) -> None:
    effects = dict((label, effects) for label, effects in options)[option]
    if effects:
        w.then(("effects", dict(seat=seat, card=card, effects=effects)))


def room_targets(w: World, rooms: list[str]) -> tuple[Target, ...]:
    return tuple(Target(*HouseView(w.s, w.content).cell(r)) for r in rooms)


@task("effects_go")
def effects_go(w: World, seat: int, card: str, where: str, token: str | None) -> None:
    """Move the explorer (``token`` None) or put a token in a room the player chooses."""
    rooms = rooms_where(w, seat, where)
    if not rooms:
        w.say(f"{card}: there is no such room in the house", "card.no_such_room", card=card)
        return
    if len(rooms) == 1:
        _went(w, seat, card, token, rooms[0])
        return
    what = f"the {token} token" if token else "yourself"
    w.ask(
        ChooseTarget(
            seat, f"{w.who(seat)}: {card} - choose the room for {what}", card, room_targets(w, rooms)
        ),
        on="effects_went",
        seat=seat,
        card=card,
        token=token,
    )


@task("effects_went")
def effects_went(w: World, seat: int, card: str, token: str | None, floor: str, x: int, y: int) -> None:
    _went(w, seat, card, token, w.s.cells[(floor, x, y)])


def _went(w: World, seat: int, card: str, token: str | None, room: str) -> None:
    if token is None:
        w.then(("land", dict(seat=seat, room=room)))
    else:
        w.own("tokens")[token] = room
        w.say(
            f"{card}: a {token} token is put in the {room}", "card.token", card=card, token=token, room=room
        )

"""Card effects as plain data, and the task that carries them out.

A card's rules are a list of effects, each a small list such as ``["gain", "sanity", 1]`` or
``["roll", "speed", [[5, None, [...]], [0, 4, [...]]]]``. Being plain data, an effect list can sit in the
task queue inside the state (so replay rebuilds it) and be read by a person. The constructors below build
them; ``run`` carries them out one by one, stopping at a prompt and resuming after its answer.

Effects:
- ``gain``/``lose`` a trait by n steps; ``gain_any``/``lose_any``: the player chooses the trait.
- ``damage`` n steps of physical or mental damage (the player splits it); ``damage_dice``: roll for it.
- ``draw`` a card of a deck; ``keep``: the card stays in front of the player instead of the discard pile.
- ``roll`` a trait (or ``dice:N``) and carry out the row whose range holds the total.
- ``token`` put a named token in the explorer's room; ``to_room`` move the explorer there (if discovered).
- ``say`` tell the players something with no rule attached.
"""

from __future__ import annotations

from typing import Any

from hauntable.engine.prompts import RollDice
from hauntable.games.betrayal.content import TRAITS
from hauntable.games.betrayal.prompts import ChooseOption
from hauntable.games.betrayal.world import World, task

Effect = list[Any]


def gain(trait: str, n: int = 1) -> Effect:
    return ["gain", trait, n]


def lose(trait: str, n: int = 1) -> Effect:
    return ["lose", trait, n]


def gain_any(n: int = 1, traits: tuple[str, ...] = TRAITS) -> Effect:
    return ["gain_any", n, list(traits)]


def lose_any(n: int = 1, traits: tuple[str, ...] = TRAITS) -> Effect:
    return ["lose_any", n, list(traits)]


def damage(kind: str, n: int) -> Effect:
    return ["damage", kind, n]


def damage_dice(kind: str, dice: int) -> Effect:
    return ["damage_dice", kind, dice]


def draw(deck: str) -> Effect:
    return ["draw", deck]


def keep() -> Effect:
    return ["keep"]


def token(name: str) -> Effect:
    return ["token", name]


def to_room(room: str) -> Effect:
    return ["to_room", room]


def say(text: str) -> Effect:
    return ["say", text]


def roll(trait: str, *rows: tuple[int, int | None, list[Effect]]) -> Effect:
    """Roll ``trait`` (or ``"dice:N"``) and carry out the row whose [low, high] holds the total.

    >>> roll("sanity", (4, None, [gain("sanity")]), (0, 3, [lose("sanity")]))[0]
    'roll'
    """
    return ["roll", trait, [[lo, hi, effects] for lo, hi, effects in rows]]


@task("effects")
def run(w: World, seat: int, card: str, effects: list[Effect]) -> None:
    """Carry out ``effects`` in order; an effect that needs an answer queues the rest behind it."""
    for i, effect in enumerate(effects):
        op, args = effect[0], effect[1:]
        rest = effects[i + 1 :]
        if op in _NOW:
            _NOW[op](w, seat, card, *args)
            continue
        tasks = _LATER[op](w, seat, card, *args)
        if rest:
            tasks.append(("effects", dict(seat=seat, card=card, effects=rest)))
        w.then(*tasks)
        return


def _gain(w: World, seat: int, card: str, trait: str, n: int) -> None:
    w.gain(seat, trait, n)


def _lose(w: World, seat: int, card: str, trait: str, n: int) -> None:
    w.lose(seat, trait, n)


def _say(w: World, seat: int, card: str, text: str) -> None:
    w.say(f"{card}: {text}", "card.say", card=card)


def _keep(w: World, seat: int, card: str) -> None:
    """Nothing to do at once: ``CardRules.kept`` tells the draw not to discard the card."""


def _token(w: World, seat: int, card: str, name: str) -> None:
    room = w.s.explorers[seat].room
    w.s.tokens[name] = room
    w.say(f"{card}: a {name} token is put in the {room}", "card.token", card=card, token=name, room=room)


_NOW = {"gain": _gain, "lose": _lose, "say": _say, "keep": _keep, "token": _token}


def _later_damage(w, seat, card, kind, n):
    return [("damage", dict(seat=seat, kind=kind, amount=n))]


def _later_damage_dice(w, seat, card, kind, dice):
    return [("damage_roll", dict(seats=[seat], dice=dice, kind=kind))]


def _later_draw(w, seat, card, deck):
    return [("draw_card", dict(seat=seat, deck=deck))]


def _later_to_room(w, seat, card, room):
    if room in w.s.house:
        return [("land", dict(seat=seat, room=room))]
    w.say(f"{card}: the {room} is not in the house yet", "card.no_room", card=card, room=room)
    return []


def _later_roll(w, seat, card, trait, rows):
    return [("effects_roll", dict(seat=seat, card=card, trait=trait, rows=rows))]


def _later_choice(w, seat, card, n, traits, sign):
    return [("effects_choose_trait", dict(seat=seat, card=card, n=n, traits=traits, sign=sign))]


_LATER = {
    "damage": _later_damage,
    "damage_dice": _later_damage_dice,
    "draw": _later_draw,
    "to_room": _later_to_room,
    "roll": _later_roll,
    "gain_any": lambda w, seat, card, n, traits: _later_choice(w, seat, card, n, traits, 1),
    "lose_any": lambda w, seat, card, n, traits: _later_choice(w, seat, card, n, traits, -1),
}


@task("effects_roll")
def effects_roll(w: World, seat: int, card: str, trait: str, rows: list) -> None:
    if trait.startswith("dice:"):
        dice, label, name = int(trait[5:]), f"{card}: roll {trait[5:]} dice", None
    else:
        dice, label, name = w.value(seat, trait), f"{card}: {trait.capitalize()} roll", trait
    w.ask(
        RollDice(seat, f"{w.who(seat)}: {label} ({dice} dice)", dice, card, name),
        on="effects_roll_result",
        seat=seat,
        card=card,
        rows=rows,
    )


@task("effects_roll_result")
def effects_roll_result(w: World, seat: int, card: str, rows: list, total: int) -> None:
    for lo, hi, effects in rows:
        if total >= lo and (hi is None or total <= hi):
            w.then(("effects", dict(seat=seat, card=card, effects=effects)))
            return
    w.say(f"{card}: nothing happens", "card.nothing", card=card)


@task("effects_choose_trait")
def effects_choose_trait(w: World, seat: int, card: str, n: int, traits: list[str], sign: int) -> None:
    verb = "gain" if sign > 0 else "lose"
    w.ask(
        ChooseOption(seat, f"{w.who(seat)}: {card} - choose a trait to {verb} {n}", card, tuple(traits)),
        on="effects_chosen_trait",
        seat=seat,
        card=card,
        n=n,
        sign=sign,
    )


@task("effects_chosen_trait")
def effects_chosen_trait(w: World, seat: int, card: str, n: int, sign: int, option: str) -> None:
    (w.gain if sign > 0 else w.lose)(seat, option, n)

"""Card effects as plain data, and the tasks that carry them out.

A card's rules are a list of effects, each a small list such as ``["gain", "sanity", 1]`` or
``["roll", "speed", [[5, None, [...]], [0, 4, [...]]]]``. Being plain data, an effect list can sit in the
task queue inside the state (so replay rebuilds it) and be read by a person. The constructors below build
them; ``run`` carries them out one by one, stopping at a prompt and resuming after its answer.

Effects (each acts on the explorer ``seat`` the list runs for):
- ``gain``/``lose`` a trait by n steps; ``gain_any``/``lose_any``: the player chooses the trait;
  ``lowest``: a trait drops to its lowest step.
- ``damage`` n steps of physical or mental damage (the player splits it); ``damage_dice``: roll for it.
- ``draw`` a card of a deck; ``keep``: an event stays in front of the player; ``unkeep``: it goes.
- ``roll`` a trait (or ``dice:N``) and carry out the row whose range holds the total ("omens" in a range
  stands for the number of omens drawn so far).
- ``choose`` one of several labelled effect lists; ``if`` a condition holds, one list, else another.
- ``each`` explorer somewhere (all, a floor, outdoors) carries out a list; ``nearest`` explorer does.
- ``token`` put a named token in the explorer's room; ``place`` a token in a room the player chooses.
- ``to_room`` move the explorer there (if discovered); ``go`` to a room the player chooses; ``new_room``:
  draw a room tile for some floors, lay it and put the explorer in it (its card is drawn, B3.7).
- ``attack``: the player on the right rolls an attack of n dice, the explorer defends with Might (C9).
- ``mark``/``unmark`` a note on the explorer (Hanged Men counts failures with it).
- ``say`` tell the players something with no rule attached; the remaining ops serve one card each.
"""

from __future__ import annotations

from typing import Any

from hauntable.engine.prompts import RollDice
from hauntable.engine.rng import Rng
from hauntable.games.betrayal.content import FLOORS, TRAITS
from hauntable.games.betrayal.house import OPPOSITE, STEP, HouseView, doors_of, neighbour
from hauntable.games.betrayal.inputs import Target
from hauntable.games.betrayal.prompts import AwaitTile, ChooseOption, ChooseTarget
from hauntable.games.betrayal.world import World, task

Effect = list[Any]
Rows = list[list[Any]]

# Rooms the cards call outdoors (Shrieking Wind, The Beckoning); rooms with a window come from rooms.toml.
OUTDOORS = ("Gardens", "Graveyard", "Patio", "Tower", "Balcony")


def gain(trait: str, n: int = 1) -> Effect:
    return ["gain", trait, n]


def lose(trait: str, n: int = 1) -> Effect:
    return ["lose", trait, n]


def gain_any(n: int = 1, traits: tuple[str, ...] = TRAITS) -> Effect:
    return ["gain_any", n, list(traits)]


def lose_any(n: int = 1, traits: tuple[str, ...] = TRAITS) -> Effect:
    return ["lose_any", n, list(traits)]


def lowest(trait: str) -> Effect:
    return ["lowest", trait]


def damage(kind: str, n: int) -> Effect:
    return ["damage", kind, n]


def damage_dice(kind: str, dice: int) -> Effect:
    return ["damage_dice", kind, dice]


def draw(deck: str) -> Effect:
    return ["draw", deck]


def keep() -> Effect:
    return ["keep"]


def unkeep() -> Effect:
    return ["unkeep"]


def token(name: str) -> Effect:
    return ["token", name]


def place(name: str, where: str) -> Effect:
    return ["place", name, where]


def to_room(room: str) -> Effect:
    return ["to_room", room]


def go(where: str) -> Effect:
    return ["go", where]


def new_room(
    floors: tuple[str, ...] = FLOORS, search: str | None = None, or_room: str | None = None, card: bool = True
) -> Effect:
    """Lay a new room and put the explorer in it; ``card`` False: its card is not drawn (Mystic Slide)."""
    return ["new_room", list(floors), search, or_room, card]


def say(text: str) -> Effect:
    return ["say", text]


def mark(name: str) -> Effect:
    return ["mark", name]


def unmark(name: str) -> Effect:
    return ["unmark", name]


def attack(dice: int, hurt: list[Effect] | None = None) -> Effect:
    return ["attack", dice, hurt or []]


def each(where: str, effects: list[Effect]) -> Effect:
    return ["each", where, effects]


def nearest(effects: list[Effect]) -> Effect:
    return ["nearest", effects]


def when(cond: str, then: list[Effect], otherwise: list[Effect] | None = None) -> Effect:
    return ["if", cond, then, otherwise or []]


def choose(text: str, *options: tuple[str, list[Effect]]) -> Effect:
    return ["choose", text, [[label, effects] for label, effects in options]]


def roll(trait: str, *rows: tuple[Any, Any, list[Effect]], extra: int = 0) -> Effect:
    """Roll ``trait`` (or ``"dice:N"``) and carry out the row whose [low, high] holds the total.

    >>> roll("sanity", (4, None, [gain("sanity")]), (0, 3, [lose("sanity")]))[0]
    'roll'
    """
    return ["roll", trait, [[lo, hi, effects] for lo, hi, effects in rows], extra]


def op(name: str, *args: Any) -> Effect:
    """An effect serving a single card (see the handlers below)."""
    return [name, *args]


# --- the interpreter ---------------------------------------------------------------------------------------


@task("effects")
def run(w: World, seat: int, card: str, effects: list[Effect]) -> None:
    """Carry out ``effects`` in order; an effect that needs an answer queues the rest behind it."""
    for i, effect in enumerate(effects):
        name, args = effect[0], effect[1:]
        tasks = _OPS[name](w, seat, card, *args)
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


def discard_kept(w: World, seat: int, card: str, why: str) -> None:
    """A kept event leaves the player (to the event discards); its marks go with it."""
    e = w.explorer(seat)
    if card in e.kept:
        e.kept.remove(card)
        e.marks.pop(card, None)
        w.discards("event").append(card)
        w.say(f"{e.name} discards {card}: {why}", "card.discard_kept", who=e.name, card=card)


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


def _damage(w, seat, card, kind, n):
    return [("damage", dict(seat=seat, kind=kind, amount=n))]


def _damage_dice(w, seat, card, kind, dice):
    return [("damage_roll", dict(seats=[seat], dice=dice, kind=kind))]


def _draw(w, seat, card, deck):
    return [("draw_card", dict(seat=seat, deck=deck))]


def _to_room(w, seat, card, room):
    if room in w.s.house:
        return [("land", dict(seat=seat, room=room))]
    w.say(f"{card}: the {room} is not in the house yet", "card.no_room", card=card, room=room)
    return []


def _roll(w, seat, card, trait, rows, extra=0):
    return [("effects_roll", dict(seat=seat, card=card, trait=trait, rows=rows, extra=extra))]


def _choice(w, seat, card, n, traits, sign):
    return [("effects_choose_trait", dict(seat=seat, card=card, n=n, traits=traits, sign=sign))]


def _choose(w, seat, card, text, options):
    return [("effects_choose", dict(seat=seat, card=card, text=text, options=options))]


def _if(w, seat, card, cond, then, otherwise):
    branch = then if holds(w, seat, cond) else otherwise
    return [("effects", dict(seat=seat, card=card, effects=branch))] if branch else []


def _each(w, seat, card, where, effects):
    if where == "outdoors" and (unsure := windows_to_ask(w)):  # the printed tiles say (C16)
        again = ("effects", dict(seat=seat, card=card, effects=[["each", where, effects]]))
        return [("window_ask", dict(rooms=unsure, card=card)), again]
    seats = [s for s in w.seats_from(seat) if w.s.explorers[s].alive and _is_at(w, s, where)]
    if not seats:
        w.say(f"{card}: nobody is affected", "card.nobody", card=card)
    return [("effects", dict(seat=s, card=card, effects=effects)) for s in seats]


def _nearest(w, seat, card, effects):
    other = nearest_explorer(w, seat)
    if other is None:
        return []
    w.say(f"{card}: the nearest explorer is {w.who(other)}", "card.nearest", card=card, who=w.who(other))
    return [("effects", dict(seat=other, card=card, effects=effects))]


def _go(w, seat, card, where):
    return [("effects_go", dict(seat=seat, card=card, where=where, token=None))]


def _place(w, seat, card, name, where):
    return [("effects_go", dict(seat=seat, card=card, where=where, token=name))]


def _new_room(w, seat, card, floors, search, or_room, then_card=True):
    params = dict(seat=seat, card=card, floors=floors, search=search, or_room=or_room, then_card=then_card)
    return [("effects_new_room", params)]


def _attack(w, seat, card, dice, hurt):
    return [("effects_attack", dict(seat=seat, card=card, dice=dice, hurt=hurt))]


_OPS: dict[str, Any] = {
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
    "gain_any": lambda w, seat, card, n, traits: _choice(w, seat, card, n, traits, 1),
    "lose_any": lambda w, seat, card, n, traits: _choice(w, seat, card, n, traits, -1),
    "choose": _choose,
    "if": _if,
    "each": _each,
    "nearest": _nearest,
    "go": _go,
    "place": _place,
    "new_room": _new_room,
    "attack": _attack,
}


def effect_op(name: str):
    """Register a card-specific effect handler ``fn(w, seat, card, *args) -> tasks or None``."""

    def register(fn):
        if name in _OPS:
            raise ValueError(f"effect {name} registered twice")
        _OPS[name] = fn
        return fn

    return register


# --- conditions and places -------------------------------------------------------------------------------


def holds(w: World, seat: int, cond: str) -> bool:
    """A condition of an ``if``: ``found:A,B`` (a room is in the house), ``in:A,B`` (the explorer is in
    one), ``held:Card`` (someone holds it), ``has:Card`` (this explorer does), ``items`` (has an item),
    ``mark:Name`` (a note), ``event_room`` (the room shows an event symbol), ``haunt``."""
    kind, _, arg = cond.partition(":")
    e = w.s.explorers[seat]
    names = [a for a in arg.split(",") if a]
    if kind == "found":
        return any(n in w.s.house for n in names)
    if kind == "in":
        return e.room in names
    if kind == "held":
        return w.holder(arg) is not None
    if kind == "has":
        return arg in e.items or arg in e.omens
    if kind == "items":
        return bool(e.items)
    if kind == "mark":
        return bool(e.marks.get(arg))
    if kind == "event_room":
        return w.content.rooms[e.room].symbol == "event"
    if kind == "haunt":
        return w.s.phase == "haunt"
    if kind == "attack_free":  # after the haunt, the turn's attack not yet made (K1)
        return w.s.phase == "haunt" and "attack" not in w.s.turn.tried
    if kind == "needs":  # someone in the room (the explorer too) is below a starting value of these traits
        for other in w.s.explorers:
            start = w.content.characters[other.character].start
            if other.alive and other.room == e.room and any(other.traits[t] < start[t] for t in names):
                return True
        return False
    if kind == "pickable":
        from hauntable.games.betrayal.cards.items import pickable

        return bool(pickable(w, seat))
    if kind == "dog":
        from hauntable.games.betrayal.cards.holding import dog_errands, dog_surely

        return dog_surely(w, seat) or bool(dog_errands(w, seat))
    if kind == "not_moved":
        return w.s.turn.moved == 0 and not w.s.turn.movement_over
    raise ValueError(f"unknown condition {cond!r}")


WINDOWS = "windows"  # state.marks[WINDOWS]: room -> the table's answer, does its tile show an outside window


def is_outdoors(w: World, room: str) -> bool:
    """Outdoor rooms, and rooms with an outside window: the table's answer when it was asked (house rule
    window_rooms=ask), else our data's guess (rooms.toml ``windows = "likely"``; C16)."""
    if room in OUTDOORS:
        return True
    told = w.s.marks.get(WINDOWS, {})
    if room in told:
        return told[room]
    return w.content.rooms[room].windows == "likely"


def windows_to_ask(w: World) -> list[str]:
    """Rooms with a living explorer in them whose window the table has not been asked about yet (only
    under the house rule window_rooms=ask; outdoor rooms need no answer)."""
    if w.s.config.house_rules.window_rooms != "ask":
        return []
    told = w.s.marks.get(WINDOWS, {})
    rooms = {e.room for e in w.s.explorers if e.alive}
    return sorted(r for r in rooms if r not in OUTDOORS and r not in told)


@task("window_ask")
def window_ask(w: World, rooms: list[str], card: str) -> None:
    """C16: ask the table whether a room's printed tile shows an outside window; remembered for the game."""
    w.ask(
        ChooseOption(
            None,
            f"{card}: does the {rooms[0]} tile show an outside window?",
            card,
            ("yes", "no"),
            code="window",
            params=(("card", card), ("room", rooms[0])),
        ),
        on="window_told",
        rooms=rooms,
        card=card,
    )


@task("window_told")
def window_told(w: World, rooms: list[str], card: str, option: str) -> None:
    w.own("marks")[WINDOWS] = {**w.s.marks.get(WINDOWS, {}), rooms[0]: option == "yes"}
    if rooms[1:]:
        w.then(("window_ask", dict(rooms=rooms[1:], card=card)))


def _is_at(w: World, seat: int, where: str) -> bool:
    room = w.s.explorers[seat].room
    if where == "all":
        return True
    if where == "outdoors":
        return is_outdoors(w, room)
    if where.startswith("floor:"):
        return w.s.house[room].floor == where[6:]
    raise ValueError(f"unknown place {where!r}")


FLOOR_RANK = {"basement": 0, "ground": 1, "upper": 2}


def rooms_where(w: World, seat: int, where: str) -> list[str]:
    """Rooms in the house (never the explorer's own) for ``go`` and ``place``: ``any``, ``floor:F``,
    ``rooms:A,B``, ``other_floor`` (not this floor), ``below`` (a lower floor)."""
    here = w.s.explorers[seat].room
    floor = w.s.house[here].floor
    out = []
    for name, p in sorted(w.s.house.items(), key=lambda kv: (FLOOR_RANK[kv[1].floor], kv[1].x, kv[1].y)):
        if name == here:
            continue
        if where == "any":
            ok = True
        elif where.startswith("floor:"):
            ok = p.floor == where[6:]
        elif where.startswith("rooms:"):
            ok = name in where[6:].split(",")
        elif where == "other_floor":
            ok = p.floor != floor
        elif where == "below":
            ok = FLOOR_RANK[p.floor] < FLOOR_RANK[floor]
        else:
            raise ValueError(f"unknown rooms {where!r}")
        if ok:
            out.append(name)
    return out


def distances(w: World, start: str, dog: bool = False, limit: int | None = None) -> dict[str, int]:
    """Rooms reachable from ``start`` and how many spaces away: doors that meet, stairs, secret passages
    and stairs (the ways an explorer may walk). ``dog``: only doors and stairs, never into or through a
    room that needs a roll (barriers, exit rolls, the Coal Chute, the Mystic Elevator). ``limit``: rooms
    at most that far (the Dog's 6 spaces). Breadth first, each room's ways in the order N, E, S, W,
    stairs, secret exits, so ties are met in door order."""
    from hauntable.games.betrayal.rules import stair_links

    house, cells, rooms = w.s.house, w.s.cells, w.content.rooms
    links = stair_links(w.content)
    dist = {start: 0}
    level, depth = [start], 0
    while level and (limit is None or depth < limit):
        depth += 1
        reached = []
        for room in level:
            p = house[room]
            doors = doors_of(rooms[room], p.rotation)
            ways: list[str] = []
            for d in _ORDER:
                if d in doors:
                    dx, dy = STEP[d]
                    other = cells.get((p.floor, p.x + dx, p.y + dy))
                    if other is not None and OPPOSITE[d] in doors_of(rooms[other], house[other].rotation):
                        ways.append(other)
            ways += [o for o in links.get(room, ()) if o in house]
            if not dog:
                ways += secret_exits(w, room)
            for other in ways:
                if other not in dist and not (dog and _needs_roll(w, other)):
                    dist[other] = depth
                    reached.append(other)
        level = reached
    return dist


_ORDER = ("N", "E", "S", "W")


def _needs_roll(w: World, room: str) -> bool:
    spec = w.content.rooms[room]
    return bool(spec.barrier or spec.exit_roll or spec.slide_to or spec.elevator or spec.collapse)


def secret_exits(w: World, room: str) -> list[str]:
    """Rooms a Secret Passage or Secret Stairs token here leads to."""
    out = []
    for a, b in (("Secret Passage", "Secret Passage 2"), ("Secret Stairs", "Secret Stairs 2")):
        ra, rb = w.s.tokens.get(a), w.s.tokens.get(b)
        if ra and rb and ra != rb:
            if ra == room:
                out.append(rb)
            elif rb == room:
                out.append(ra)
    return out


def nearest_explorer(w: World, seat: int) -> int | None:
    """The other explorer fewest spaces away; a tie goes to the first of them clockwise (our choice)."""
    dist = distances(w, w.s.explorers[seat].room)
    best: tuple[int, int] | None = None
    for s in w.seats_from(seat)[1:]:
        e = w.s.explorers[s]
        if e.alive and e.room in dist and (best is None or dist[e.room] < best[0]):
            best = (dist[e.room], s)
    return None if best is None else best[1]


# --- tasks ------------------------------------------------------------------------------------------------


def _bound(w: World, v: Any) -> int | None:
    if v == "omens":
        return w.s.omens_drawn
    if v == "omens-1":
        return w.s.omens_drawn - 1
    return v


@task("effects_roll")
def effects_roll(w: World, seat: int, card: str, trait: str, rows: list, extra: int = 0) -> None:
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
def effects_roll_result(w: World, seat: int, card: str, rows: list, total: int) -> None:
    if card == "It is Meant to Be":  # the total kept for a later roll
        w.explorer(seat).marks[card] = total
    for lo, hi, effects in rows:
        lo, hi = _bound(w, lo), _bound(w, hi)
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
def effects_choose(w: World, seat: int, card: str, text: str, options: list) -> None:
    w.ask(
        ChooseOption(
            seat,
            f"{w.who(seat)}: {card} - {text}",
            card,
            tuple(label for label, _ in options),
            code="choose",
            params=(("card", card), ("text", text)),
        ),
        on="effects_chosen",
        seat=seat,
        card=card,
        options=options,
    )


@task("effects_chosen")
def effects_chosen(w: World, seat: int, card: str, options: list, option: str) -> None:
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
        w.say(f"{card}: there is no such room in the house", "card.no_room", card=card)
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


@task("effects_attack")
def effects_attack(w: World, seat: int, card: str, dice: int, hurt: list) -> None:
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
def effects_defend(w: World, seat: int, card: str, hurt: list, total: int) -> None:
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
def effects_defended(w: World, seat: int, card: str, hurt: list, attack: int, total: int) -> None:
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


# --- new rooms (The Walls, The Lost One, The Beckoning, Mystic Slide) ---------------------------------------


@task("effects_new_room")
def effects_new_room(
    w: World,
    seat: int,
    card: str,
    floors: list[str],
    search: str | None,
    or_room: str | None,
    then_card: bool = True,
) -> None:
    """Draw room tiles until one fits a doorway of ``floors`` (or find ``search`` in the stack), lay it
    where the player chooses and put the explorer in it; the new room's card is drawn (B3.7). When no tile
    can be laid, the explorer goes to ``or_room`` (or chooses a room of those floors)."""
    if search is not None and search in w.s.house:
        w.then(("land", dict(seat=seat, room=search)))
        return
    view = HouseView(w.s, w.content)
    free = w.s.config.house_rules.door_matching == "free"
    if w.s.config.rooms == "table":
        usable = [f for f in floors if view.open_doorways(f) and view.tiles_left_for(f)]
        if search is not None:
            usable = [f for f in usable if f in w.content.rooms[search].floors]
        if not usable:
            _no_new_room(w, seat, card, floors, or_room)
            return
        if len(usable) > 1:
            w.ask(
                ChooseOption(
                    seat,
                    f"{w.who(seat)}: {card} - which floor is the tile drawn for?",
                    card,
                    tuple(usable),
                    code="new_room_floor",
                    params=(("card", card),),
                ),
                on="effects_new_room_floor",
                seat=seat,
                card=card,
                then_card=then_card,
            )
            return
        effects_new_room_floor(w, seat, card, usable[0], then_card, search)
        return
    found = None
    budget = len(w.s.stack)
    rng = None
    if search is not None and search in (*w.s.stack, *w.s.stack_discards):
        w.own("stack" if search in w.s.stack else "stack_discards").remove(search)
        options = _cells_for(w, view, search, floors, free)
        found = (search, options) if options else None
        if found is None:
            w.own("stack_discards").append(search)
        rng = Rng(w.s.rng, raw=True)  # the searched stack is shuffled afterwards
        w.s.stack = rng.shuffled(w.s.stack)
        w.s.rng = rng.state
    while found is None and search is None and budget > 0:
        tile = w.own("stack").pop(0)
        budget -= 1
        options = _cells_for(w, view, tile, floors, free)
        if options:
            found = (tile, options)
        else:
            w.own("stack_discards").append(tile)
    if found is None:
        _no_new_room(w, seat, card, floors, or_room)
        return
    tile, options = found
    if len(options) == 1:
        effects_new_room_at(w, seat, card, tile, *options[0], then_card=then_card)
        return
    w.ask(
        ChooseTarget(
            seat,
            f"{w.who(seat)}: {card} - choose where the {tile} joins the house",
            card,
            tuple(Target(*c) for c in options),
        ),
        on="effects_new_room_at",
        seat=seat,
        card=card,
        tile=tile,
        then_card=then_card,
    )


def _cells_for(w: World, view: HouseView, tile: str, floors: list[str], free: bool) -> list[tuple]:
    spec = w.content.rooms[tile]
    cells = []
    for f in floors:
        if f not in spec.floors:
            continue
        for cell in sorted({c for _, _, c in view.open_doorways(f)}):
            if view.placements(tile, cell, None, free):
                cells.append(cell)
    return cells


def _no_new_room(w: World, seat: int, card: str, floors: list[str], or_room: str | None) -> None:
    if or_room is not None:
        w.say(
            f"{card}: no room tile can be laid; {w.who(seat)} goes to the {or_room}",
            "card.no_tile",
            card=card,
            who=w.who(seat),
            room=or_room,
            variant="goes",
        )
        w.then(("land", dict(seat=seat, room=or_room)))
        return
    w.say(
        f"{card}: no room tile can be laid; {w.who(seat)} chooses a room",
        "card.no_tile",
        card=card,
        who=w.who(seat),
        variant="chooses",
    )
    where = f"floor:{floors[0]}" if len(floors) == 1 else "any"
    w.then(("effects_go", dict(seat=seat, card=card, where=where, token=None)))


@task("effects_new_room_floor")
def effects_new_room_floor(
    w: World, seat: int, card: str, option: str, then_card: bool = True, search: str | None = None
) -> None:
    view = HouseView(w.s, w.content)
    cells = tuple(sorted({(c[1], c[2]) for _, _, c in view.open_doorways(option)}))
    if search is not None:  # The Beckoning: one named room, searched for in the stack
        w.ask(
            AwaitTile(
                None, f"{w.who(seat)}: {card} - find the {search} in the room stack and lay it", option, cells
            ),
            on="place_tile",
            seat=seat,
            entry=None,
            then_card=then_card,
            purpose="effect",
        )
        return
    w.ask(
        AwaitTile(
            None, f"{w.who(seat)}: {card} - draw a {option} tile and lay it at an open doorway", option, cells
        ),
        on="place_tile",
        seat=seat,
        entry=None,
        then_card=then_card,
        purpose="effect",
    )


@task("effects_new_room_at")
def effects_new_room_at(
    w: World, seat: int, card: str, tile: str, floor: str, x: int, y: int, then_card: bool = True
) -> None:
    free = w.s.config.house_rules.door_matching == "free"
    best = HouseView(w.s, w.content).placements(tile, (floor, x, y), None, free)[0][0]  # best fit, not asked
    w.then(
        (
            "place_tile",
            dict(
                seat=seat,
                tile=tile,
                floor=floor,
                x=x,
                y=y,
                rotation=best,
                entry=None,
                then_card=then_card,
                purpose="effect",
            ),
        )
    )


def adjacent_rooms(w: World, room: str) -> list[str]:
    """Rooms through this room's doors that meet doors."""
    view = HouseView(w.s, w.content)
    return [o for d in ("N", "E", "S", "W") if (o := view.connected(room, d)) is not None]


def wall_cells(w: World, room: str) -> list[tuple[str, str]]:
    """(direction, room or '') behind each wall of ``room`` with no door: Revolving Wall."""
    view = HouseView(w.s, w.content)
    floor, x, y = view.cell(room)
    out = []
    for d in ("N", "E", "S", "W"):
        if d in view.doors(room):
            continue
        cell = neighbour(floor, x, y, d)
        other = view.room_at(cell)
        if other is not None or view.board.inside(cell[1], cell[2]):
            out.append((d, other or ""))
    return out

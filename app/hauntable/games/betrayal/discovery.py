"""Discovering rooms and drawing cards (rules B3.*): the room stack, misfits, placement, closing a floor,
reshuffles, the card drawn on first discovery, and the same draws when the table supplies tiles and cards.
"""

from __future__ import annotations

from hauntable.engine.rejections import IllegalAction, UnreadableInput
from hauntable.engine.rng import Rng
from hauntable.games.betrayal.house import OPPOSITE, Cell, HouseView, doors_of, neighbour
from hauntable.games.betrayal.prompts import AwaitCard, AwaitTile, ChooseOption, ChooseRotation
from hauntable.games.betrayal.sides import is_traitor
from hauntable.games.betrayal.state import Placed
from hauntable.games.betrayal.world import World, task

BELOW_COLLAPSED = "Below Collapsed Room"  # token on the basement room under the Collapsed Room
FLOOR_NAMES = {"basement": "basement", "ground": "ground floor", "upper": "upper floor"}


def _reshuffle(w: World) -> None:
    rng = Rng(w.s.rng, raw=True)
    w.s.stack = rng.shuffled(w.s.stack_discards)
    w.s.rng = rng.state
    w.s.stack_discards = []
    w.say(
        "The room stack is empty: the set-aside tiles are shuffled into a new stack (B3.4)", "stack.reshuffle"
    )


def draw_fitting_tile(w: World, cell: Cell, entry: str | None) -> tuple[str, list[int]] | None:
    """Draw from the virtual stack until a tile fits ``cell``'s floor and can be laid without closing it.

    Misfits are set aside face down (or go under the stack, house rule misfit_tiles) (B3.1); tiles that
    would close the floor are set aside too (B3.3). Returns the tile and its legal rotations, or None when
    every remaining tile for this floor would close it: then the floor must be rearranged.
    """
    floor = cell[0]
    free = w.s.config.house_rules.door_matching == "free"
    misfits = closing = 0
    budget = len(w.s.stack) + len(w.s.stack_discards)
    first_closing: str | None = None
    while budget > 0:
        if not w.s.stack:
            _reshuffle(w)
        tile = w.s.stack.pop(0)
        budget -= 1
        room = w.content.rooms[tile]
        if floor not in room.floors:
            misfits += 1
            if w.s.config.house_rules.misfit_tiles == "bottom":
                w.s.stack.append(tile)
            else:
                w.s.stack_discards.append(tile)
            continue
        rotations = HouseView(w.s, w.content).placements(tile, cell, entry, free)
        if not rotations:
            closing += 1
            first_closing = first_closing or tile
            w.s.stack_discards.append(tile)
            continue
        _report_set_aside(w, misfits, closing, floor)
        return tile, [r for r, _ in rotations]
    _report_set_aside(w, misfits, closing, floor)
    if first_closing is not None:  # set aside, or back in the stack if the stack ran out meanwhile
        (w.s.stack_discards if first_closing in w.s.stack_discards else w.s.stack).remove(first_closing)
        return first_closing, []
    return None


def _report_set_aside(w: World, misfits: int, closing: int, floor: str) -> None:
    if misfits:
        w.say(
            f"{misfits} tile(s) not for the {FLOOR_NAMES[floor]} set aside face down (B3.1)",
            "stack.misfits",
            count=misfits,
        )
    if closing:
        w.say(
            f"{closing} tile(s) that would close the {FLOOR_NAMES[floor]} set aside (B3.3)",
            "stack.closing",
            count=closing,
        )


@task("discover")
def discover(
    w: World,
    seat: int,
    floor: str,
    x: int,
    y: int,
    entry: str | None,
    then_card: bool = True,
    purpose: str = "discover",
) -> None:
    """Find the tile for a new room at (floor, x, y): draw it (virtual) or wait for it on the table."""
    cell = (floor, x, y)
    if w.s.config.rooms == "table":
        w.ask(
            AwaitTile(
                None,
                f"{w.who(seat)}: draw {FLOOR_NAMES[floor]} tiles until one fits and lay it at "
                f"{floor} {x},{y}",
                floor,
                ((x, y),),
            ),
            on="place_tile",
            seat=seat,
            entry=entry,
            then_card=then_card,
            purpose=purpose,
        )
        return
    found = draw_fitting_tile(w, cell, entry)
    if found is None:
        w.say(
            f"No tile is left for the {FLOOR_NAMES[floor]}: it is complete (B3.4)",
            "floor.complete",
            floor=floor,
        )
        return
    tile, rotations = found
    params = dict(
        seat=seat, tile=tile, floor=floor, x=x, y=y, entry=entry, then_card=then_card, purpose=purpose
    )
    if not rotations:  # every way closes the floor: lay it anyway and rearrange (B3.3)
        rotation = HouseView(w.s, w.content).closing_rotation(tile, cell, entry)
        w.then(("place_tile", dict(params, rotation=rotation, rearrange=True)))
    else:
        lay_turned(w, rotations, **params)


def lay_turned(
    w: World, rotations: list[int], on: str = "place_tile", question: str | None = None, **params
) -> None:
    """Lay a tile whose legal turns are known: at once when there is one, else ask which (B3.2)."""
    if len(rotations) == 1:
        w.then((on, dict(params, rotation=rotations[0])))
        return
    seat, tile = params["seat"], params["tile"]
    prompt = ChooseRotation(
        seat,
        f"{w.who(seat)}: {question or f'turn the {tile} (several ways are legal)'}",
        tile,
        params["floor"],
        params["x"],
        params["y"],
        tuple(rotations),
    )
    w.ask(prompt, on=on, **params)


@task("place_tile")
def place_tile(
    w: World,
    seat: int,
    tile: str,
    floor: str,
    x: int,
    y: int,
    rotation: int,
    entry: str | None,
    then_card: bool = True,
    purpose: str = "discover",
    rearrange: bool = False,
) -> None:
    """Lay the tile, then: the explorer enters it, draws the card its symbol asks for (B3.5) and only then
    meets the room's own text (B3.6)."""
    w.s.house[tile] = Placed(floor, x, y, rotation)
    w.s.house_changed()
    if tile in w.s.stack:  # table mode keeps every tile not in the house in the stack
        w.s.stack.remove(tile)
    w.say(
        f"{w.who(seat)} discovers the {tile} ({floor} {x},{y})",
        "room.discovered",
        who=w.who(seat),
        room=tile,
        floor=floor,
        x=x,
        y=y,
    )
    if rearrange:
        rearrange_floor(w, floor, keep=tile)
    symbol = w.content.rooms[tile].symbol
    tasks: list[tuple[str, dict]] = []
    if purpose == "discover":
        tasks.append(
            ("arrive", dict(seat=seat, room=tile, entry=entry, cost=1, effects=False, discovered=True))
        )
    else:  # a fall or another effect put the explorer here; they still draw its card (B3.7)
        if purpose == "collapse":
            w.s.tokens[BELOW_COLLAPSED] = tile
        tasks.append(("land", dict(seat=seat, room=tile)))
    if symbol != "none" and then_card:
        tasks.append(("draw_card", dict(seat=seat, deck=symbol, room=tile)))
    if purpose == "discover":
        tasks.append(("enter_effects", dict(seat=seat, room=tile, discovered=True)))
    w.then(*tasks)


def rearrange_floor(w: World, floor: str, keep: str) -> None:
    """No tile can avoid closing the floor: turn one laid tile so a doorway opens again, keeping every
    connection it has (the smallest change, B3.3). If none can, the floor is complete."""
    view = HouseView(w.s, w.content)
    others = (
        n for n, p in w.s.house.items() if p.floor == floor and n != keep and w.content.rooms[n].explorable
    )
    candidates = [keep, *sorted(others)]
    for name in candidates:
        p = w.s.house[name]
        room = w.content.rooms[name]
        linked = {d for d in view.doors(name) if view.connected(name, d)}
        for rotation in range(1, 4):
            r = (p.rotation + rotation) % 4
            doors = set(doors_of(room, r))
            if not linked <= doors:
                continue
            moved = Placed(p.floor, p.x, p.y, r)
            if view.floor_open_after(floor, name, moved):
                w.s.house[name] = moved
                w.s.house_changed()
                w.say(
                    f"No tile could keep the {FLOOR_NAMES[floor]} open: the {name} is turned to open a door "
                    "(B3.3)",
                    "floor.rearranged",
                    room=name,
                )
                return
    w.say(
        f"The {FLOOR_NAMES[floor]} is closed and no single turn of a tile reopens it",
        "floor.closed",
        floor=floor,
    )


def check_table_tile(
    w: World,
    tile: str,
    floor: str,
    x: int,
    y: int,
    rotation: int | None,
    cells: tuple[tuple[int, int], ...],
    entry: str | None,
    need_link: bool = True,
) -> list[int]:
    """Check a tile laid on the table; return its legal rotations. Raises IllegalAction saying why not."""
    room = w.content.rooms.get(tile)
    if room is None:
        raise UnreadableInput(f"{tile!r} is not a room tile of this game.", "E1")
    if tile in w.s.house:
        where = w.s.house[tile]
        raise IllegalAction(
            f"The {tile} is already in the house ({where.floor} {where.x},{where.y}).", "B3.1"
        )
    if not room.explorable or tile not in w.s.stack:
        raise IllegalAction(f"The {tile} is not in the room stack.", "B3.1")
    if floor not in room.floors:
        raise IllegalAction(
            f"The {tile} cannot go on the {FLOOR_NAMES[floor]}: set it aside face down and draw again.",
            "B3.1",
        )
    if (x, y) not in cells:
        spots = ", ".join(f"{floor} {cx},{cy}" for cx, cy in cells)
        raise IllegalAction(f"Lay the tile at {spots}, beyond the door that was used.", "B3.2")
    free = w.s.config.house_rules.door_matching == "free"
    view = HouseView(w.s, w.content)
    legal = [r for r, _ in view.placements(tile, (floor, x, y), entry, free, need_link=need_link)]
    if not legal:
        raise IllegalAction(
            f"The {tile} would close the {FLOOR_NAMES[floor]} in every turn: set it aside, draw again.",
            "B3.3",
        )
    if rotation is not None and rotation not in legal:
        if entry is not None and entry not in doors_of(room, rotation):
            raise IllegalAction(
                f"Turned that way, no door of the {tile} meets the door you came through.", "B3.2"
            )
        raise IllegalAction(
            f"Turned that way the {tile} leaves doorways apart that could meet; turn it so more doors meet.",
            "B3.2",
        )
    return legal


def entry_for(view: HouseView, cell: Cell) -> str | None:
    """For a cell picked by an effect: the direction of the one doorway it faces, or None if several."""
    found = [d for d in OPPOSITE if (o := view.room_at(neighbour(*cell, d))) and OPPOSITE[d] in view.doors(o)]
    return found[0] if len(found) == 1 else None


# --- cards ---------------------------------------------------------------------------------------------

DECK_NAMES = {"omen": "Omen", "item": "Item", "event": "Event"}


@task("draw_card")
def draw_card(w: World, seat: int, deck: str, room: str | None = None, ends_move: bool = True) -> None:
    """Draw the card a room's symbol asks for; drawing ends the explorer's movement (B2.3, B3.5)."""
    if ends_move and seat == w.s.turn.seat:
        w.s.turn.movement_over = True
    if w.s.config.cards == "table":
        w.ask(
            AwaitCard(
                seat, f"{w.who(seat)}: draw an {DECK_NAMES[deck]} card and lay it on the draw pad", deck
            ),
            on="gain_card",
            seat=seat,
            deck=deck,
            room=room,
        )
        return
    pile = w.s.decks[deck]
    if not pile and w.s.card_discards[deck]:
        rng = Rng(w.s.rng, raw=True)
        w.s.decks[deck] = pile = rng.shuffled(w.s.card_discards[deck])
        w.s.rng = rng.state
        w.s.card_discards[deck] = []
        w.say(f"The {DECK_NAMES[deck]} deck is reshuffled from its discards", "deck.reshuffle", deck=deck)
    if not pile:
        w.say(f"No {DECK_NAMES[deck]} cards are left to draw", "deck.empty", deck=deck)
        return
    w.then(("gain_card", dict(seat=seat, deck=deck, name=w.deck(deck).pop(0), room=room)))


@task("gain_card")
def gain_card(w: World, seat: int, deck: str, name: str, room: str | None = None) -> None:
    """The drawn card goes to the explorer (items, omens) or to the discard pile (events), then its rules
    run: what it does on drawing and, for items and omens, what holding it changes (C5)."""
    from hauntable.games.betrayal.cards import CARD_RULES
    from hauntable.games.betrayal.cards.holding import get_card

    e = w.explorer(seat)
    rules = CARD_RULES.get(name)
    if deck == "omen":
        w.s.omens_drawn += 1
        w.s.turn.omen_drawn, w.s.turn.omen_room = name, room or e.room
        w.say(f"{e.name} draws the omen {name}", "card.omen", who=e.name, card=name)
    elif deck == "item":
        w.say(f"{e.name} draws the item {name}", "card.item", who=e.name, card=name)
    else:
        w.say(f"{e.name} draws the event {name}", "card.event", who=e.name, card=name)
        w.discards("event").append(name)  # a kept event leaves the pile again (effects.keep)
    if rules is not None:
        w.say(f"{name}: {rules.summary}", "card.summary", card=name)
        if rules.on_draw and (deck == "event" or name == "Bite") and is_traitor(w.s, seat):
            w.ask(  # H3.4: the traitor may read the card and decline it
                ChooseOption(
                    seat,
                    f"{e.name}: as the traitor, take the {name} or decline it?",
                    name,
                    ("take", "decline"),
                ),
                on="traitor_card",
                seat=seat,
                card=name,
                effects=list(rules.on_draw),
            )
        elif rules.on_draw:
            w.then(("effects", dict(seat=seat, card=name, effects=list(rules.on_draw))))
    if deck != "event":
        get_card(w, seat, name)


def cards_in_play(w: World, name: str) -> int:
    """Copies of a card out of the deck: held, kept in front of a player, lying in a room, discarded."""
    held = sum(e.items.count(name) + e.omens.count(name) + e.kept.count(name) for e in w.s.explorers)
    lying = int(w.s.tokens.get("item:" + name) is not None)
    return held + lying + sum(pile.count(name) for pile in w.s.card_discards.values())

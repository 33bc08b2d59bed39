"""Discovering rooms and drawing cards (rules B3.*): the room stack, misfits, placement, closing a floor,
reshuffles, the card drawn on first discovery, and the same draws when the table supplies tiles and cards.
"""

from __future__ import annotations

import functools

from hauntable.engine.rejections import IllegalAction, UnreadableInput
from hauntable.engine.rng import Rng
from hauntable.games.betrayal.cards import CARD_RULES
from hauntable.games.betrayal.cards.hands import get_card
from hauntable.games.betrayal.house import BELOW_COLLAPSED, OPPOSITE, Cell, HouseView, doors_of, neighbour
from hauntable.games.betrayal.prompts import (
    AwaitCard,
    AwaitTile,
    ChooseOption,
    ChooseRotation,
    RearrangeFloor,
)
from hauntable.games.betrayal.rearrange import Change, floor_is_open, plan_rearrangement, quarter_words
from hauntable.games.betrayal.sides import is_traitor
from hauntable.games.betrayal.state import Placed
from hauntable.games.betrayal.world import World, task

FLOOR_NAMES = {"basement": "basement", "ground": "ground floor", "upper": "upper floor"}


def _reshuffle(w: World) -> None:
    """B3.4: the set-aside tiles are shuffled into a new stack. With misfits going under the stack (house
    rule misfit_tiles=bottom) the stack may hold only tiles already drawn: the new tiles go under them."""
    rng = Rng(w.s.rng, raw=True)
    kept = w.s.stack
    w.s.stack = [*kept, *rng.shuffled(w.s.stack_discards)]
    w.s.rng = rng.state
    w.s.stack_discards = []
    if kept:
        w.say(
            "The room stack holds only tiles already drawn: the set-aside tiles are shuffled in under it "
            "(B3.4)",
            "stack.reshuffle_under",
        )
        return
    w.say(
        "The room stack is empty: the set-aside tiles are shuffled into a new stack (B3.4)", "stack.reshuffle"
    )


def draw_fitting_tile(
    w: World, cell: Cell, entry: str | None, also: tuple[Cell, ...] = ()
) -> tuple[str, list[int]] | None:
    """Draw from the virtual stack until a tile fits ``cell``'s floor and can be laid without closing it.

    Misfits are set aside face down (or go under the stack, house rule misfit_tiles) (B3.1); tiles that
    would close the floor are set aside too (B3.3). Returns the tile and its legal rotations; the first
    closing tile with no rotations when every remaining tile for this floor would close it (then the floor
    must be rearranged); None when no tile for this floor is left (B3.4).

    Every tile of the stack and the set-aside pile is looked at once at most, whatever the reshuffles
    (B3.4) bring back: the draw ends once each has been seen, so it never loops.

    ``also``: more cells of the same floor the tile may go to instead (an effect lets the player choose
    the doorway): a tile fits if it can be laid at one of them without closing the floor; its rotations
    are still those at ``cell``.
    """
    floor = cell[0]
    free = w.s.config.house_rules.door_matching == "free"
    misfits = closing = 0
    unseen = {*w.s.stack, *w.s.stack_discards}
    first_closing: str | None = None
    view = HouseView(w.s, w.content)  # the house stays as it is while tiles are drawn
    while unseen:
        if not w.s.stack or unseen.isdisjoint(w.s.stack):
            _reshuffle(w)  # the stack ran out, or holds only tiles already drawn (misfits under it)
        tile = w.own("stack").pop(0)
        fresh = tile in unseen
        unseen.discard(tile)
        room = w.content.rooms[tile]
        if floor not in room.floors:
            misfits += fresh
            if w.s.config.house_rules.misfit_tiles == "bottom":
                w.own("stack").append(tile)
            else:
                w.own("stack_discards").append(tile)
            continue
        if not fresh:  # a tile that would close the floor, brought back by a reshuffle: aside again
            w.own("stack_discards").append(tile)
            continue
        rotations = view.placements(tile, cell, entry, free)
        if not rotations and not any(view.placements(tile, c, entry, free) for c in also):
            closing += 1
            first_closing = first_closing or tile
            w.own("stack_discards").append(tile)
            continue
        _report_set_aside(w, misfits, closing, floor)
        return tile, [r for r, _ in rotations]
    _report_set_aside(w, misfits, closing, floor)
    if first_closing is not None:  # set aside, or back in the stack if the stack ran out meanwhile
        w.own("stack_discards" if first_closing in w.s.stack_discards else "stack").remove(first_closing)
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
    w.place(tile, Placed(floor, x, y, rotation))
    if tile in w.s.stack:  # table mode keeps every tile not in the house in the stack
        w.own("stack").remove(tile)
    w.say(
        f"{w.who(seat)} discovers the {tile} ({floor} {x},{y})",
        "room.discovered",
        who=w.who(seat),
        room=tile,
        floor=floor,
        x=x,
        y=y,
    )
    symbol = w.content.rooms[tile].symbol
    tasks: list[tuple[str, dict]] = []
    if rearrange:  # no tile could keep the floor open: rearrange it first (B3.3)
        tasks.append(("rearrange_floor", dict(seat=seat, floor=floor, keep=tile)))
    if purpose == "discover":
        tasks.append(
            ("arrive", dict(seat=seat, room=tile, entry=entry, cost=1, effects=False, discovered=True))
        )
    else:  # a fall or another effect put the explorer here; they still draw its card (B3.7)
        if purpose == "collapse":
            w.own("tokens")[BELOW_COLLAPSED] = tile
        tasks.append(("land", dict(seat=seat, room=tile)))
    if symbol != "none" and then_card:
        tasks.append(("draw_card", dict(seat=seat, deck=symbol, room=tile)))
    if purpose == "discover":
        tasks.append(("enter_effects", dict(seat=seat, room=tile, discovered=True)))
    w.then(*tasks)


def _holds_something(w: World, room: str) -> bool:
    """Whether anyone or anything is in ``room``: explorers (alive or not), tokens, items, monsters."""
    if any(e.room == room for e in w.s.explorers) or room in w.s.tokens.values():
        return True
    return w.s.haunt is not None and any(m.room == room for m in w.s.haunt.monsters.values())


def _where(floor: str, x: int, y: int) -> str:
    return f"{floor} {x},{y}"


def _instruction(floor: str, c: Change) -> str:
    """What the players do with one tile, in words: turn it, or move it (and turn it)."""
    if not c.moved:
        return f"turn the {c.room} ({_where(floor, c.x, c.y)}) {quarter_words(c.turn)}"
    how = f", turned {quarter_words(c.turn)}" if c.turn else ", turned the same way"
    return f"move the {c.room} from {_where(floor, c.x, c.y)} to {_where(floor, c.to_x, c.to_y)}{how}"


@task("rearrange_floor")
def rearrange_floor(w: World, seat: int, floor: str, keep: str) -> None:
    """No tile can keep the floor open and ``keep`` has closed it: make the smallest change that opens a
    doorway again (B3.3: turn, shift, swap; see rearrange.py). If none does, the floor is complete.

    On the table the players make the same change with the physical tiles and answer ``done``
    (RearrangeFloor); the engine's house has already changed, so a replay needs only that answer.
    """
    if floor_is_open(w.s, w.content, floor):
        return
    name = FLOOR_NAMES[floor]
    plan = plan_rearrangement(
        w.s,
        w.content,
        floor,
        keep,
        occupied=lambda room: _holds_something(w, room),
        unturnable=lambda room: any(e.room == room and e.side is not None for e in w.s.explorers),
    )
    if plan is None:
        w.say(
            f"No tile can keep the {name} open and no turn, shift or swap of a laid tile opens it again: "
            f"the {name} is complete (B3.3)",
            "floor.closed",
            floor=floor,
        )
        return
    for c in plan.changes:
        w.place(c.room, Placed(floor, c.to_x, c.to_y, c.rotation))
    first = plan.changes[0]
    why = f"No tile could keep the {name} open"
    if plan.kind == "turn":
        w.say(
            f"{why}: the {first.room} is turned {quarter_words(first.turn)}, keeping its connections, "
            "to open a door (B3.3)",
            "floor.rearranged",
            room=first.room,
            floor=floor,
            turns=first.turn,
        )
    elif plan.kind == "shift":
        w.say(
            f"{why}: the {first.room} moves next door, from {_where(floor, first.x, first.y)} to "
            f"{_where(floor, first.to_x, first.to_y)}, so a doorway opens where it stood; the room laid "
            "there will join it again (B3.3)",
            "floor.shifted",
            room=first.room,
            floor=floor,
            x=first.to_x,
            y=first.to_y,
        )
    else:
        other = plan.changes[1]
        w.say(
            f"{why}: the {first.room} and the {other.room} swap places, so a door opens (B3.3)",
            "floor.swapped",
            room=first.room,
            other=other.room,
            floor=floor,
        )
    if w.s.config.rooms != "table":
        return
    steps = "; ".join(_instruction(floor, c) for c in plan.changes)
    w.ask(
        RearrangeFloor(
            seat,
            f"{w.who(seat)}: rearrange the {name} on the table (B3.3): {steps}; then answer done",
            "rearrange",
            ("done",),
            floor=floor,
            moves=tuple((c.room, c.to_x, c.to_y) for c in plan.changes if c.moved),
            turned=tuple(c.room for c in plan.changes if c.turn),
        ),
        on="floor_rearranged",
        seat=seat,
    )


@task("floor_rearranged")
def floor_rearranged(w: World, seat: int, option: str) -> None:
    """The players have changed the tiles on the table as asked (B3.3): play goes on."""


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
) -> tuple[list[int], bool]:
    """Check a tile laid on the table; return its legal rotations and whether the floor must then be
    rearranged (the tile closes it and no tile still out of the house could avoid that, B3.3).

    Raises IllegalAction saying why not.
    """
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
    rearrange = not legal
    if rearrange:
        legal = _closing_table_tile(w, view, tile, (floor, x, y), cells, entry, free, need_link)
    if rotation is not None and rotation not in legal:
        if entry is not None and entry not in doors_of(room, rotation):
            raise IllegalAction(
                f"Turned that way, no door of the {tile} meets the door you came through.", "B3.2"
            )
        raise IllegalAction(
            f"Turned that way the {tile} leaves doorways apart that could meet; turn it so more doors meet.",
            "B3.2",
        )
    return legal, rearrange


def _closing_table_tile(
    w: World,
    view: HouseView,
    tile: str,
    cell: Cell,
    cells: tuple[tuple[int, int], ...],
    entry: str | None,
    free: bool,
    need_link: bool,
) -> list[int]:
    """A table tile that would close its floor in every turn (B3.3): refused while another tile still out
    of the house could be laid at one of ``cells`` without closing it (the players draw again); else
    accepted, in the turns that join the most doors, and the floor is rearranged after it is laid."""
    floor = cell[0]
    rotations = closing_rotations(view, tile, cell, entry, free, need_link)
    if not rotations:
        raise IllegalAction(f"No way of turning the {tile} joins it to the house here.", "B3.2")
    rooms = w.content.rooms
    for other in w.s.stack:  # table mode: every tile not in the house
        if other == tile or floor not in rooms[other].floors:
            continue
        for cx, cy in cells:
            if view.placements(other, (floor, cx, cy), entry, free, need_link=need_link):
                raise IllegalAction(
                    f"The {tile} would close the {FLOOR_NAMES[floor]} in every turn, and a tile still in "
                    "the stack can keep it open: set it aside and draw again (B3.3).",
                    "B3.3",
                )
    return rotations


def closing_rotations(
    view: HouseView, tile: str, cell: Cell, entry: str | None, free: bool, need_link: bool = True
) -> list[int]:
    """The turns of ``tile`` at ``cell`` that join the house, whether or not they close the floor: a door
    meets ``entry`` (or, with no entry, some door meets when ``need_link``); unless ``free``, only those
    joining the most doors (B3.2). Symmetric turns are listed once."""
    room = view.content.rooms[tile]
    floor, x, y = cell
    found: list[tuple[int, int]] = []
    seen: set[frozenset[str]] = set()
    for rotation in range(4):
        doors = doors_of(room, rotation)
        if frozenset(doors) in seen:
            continue
        seen.add(frozenset(doors))
        if entry is not None and entry not in doors:
            continue
        links = sum(
            1
            for d in doors
            if (o := view.room_at(neighbour(floor, x, y, d))) and OPPOSITE[d] in view.doors(o)
        )
        if entry is None and need_link and not links:
            continue
        found.append((rotation, links))
    if found and not free:
        best = max(links for _, links in found)
        found = [f for f in found if f[1] == best]
    return [r for r, _ in sorted(found, key=lambda f: (-f[1], f[0]))]


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
        w.own("decks")[deck] = pile = rng.shuffled(w.s.card_discards[deck])
        w.s.rng = rng.state
        w.own("card_discards")[deck] = []
        w.say(f"The {DECK_NAMES[deck]} deck is reshuffled from its discards", "deck.reshuffle", deck=deck)
    if not pile:
        w.say(f"No {DECK_NAMES[deck]} cards are left to draw", "deck.empty", deck=deck)
        return
    w.then(("gain_card", dict(seat=seat, deck=deck, name=w.deck(deck).pop(0), room=room)))


@functools.cache
def _card_rules():
    """The card rules and how a held card takes effect, looked up once: the card package imports this module
    (through rooms), so it cannot be imported at the top, and an import in ``gain_card`` costs ~1 us."""

    return CARD_RULES, get_card


@task("gain_card")
def gain_card(w: World, seat: int, deck: str, name: str, room: str | None = None) -> None:
    """The drawn card goes to the explorer (items, omens) or to the discard pile (events), then its rules
    run: what it does on drawing and, for items and omens, what holding it changes (C5)."""
    card_rules, get_card = _card_rules()
    e = w.explorer(seat)
    rules = card_rules.get(name)
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
                    code="traitor_card",
                    params=(("card", name),),
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

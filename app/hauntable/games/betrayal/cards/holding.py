"""Holding cards (rules C1-C7 in docs/rules.md): getting and losing items and omens with their lasting
trait changes, the turn actions on items (use, drop, pick up, give) and on the tokens events leave in the
house (search the Closet, take the Secret Passage...), and explorers stuck in Webs or Debris.

Every action here is offered in the turn prompt only when its checks pass, and an input that was not
offered is refused by the same checks (``check_card_action``), so a bot picking from the prompt's choices
always plays legally.
"""

from __future__ import annotations

import functools

from hauntable.engine.inputs import Input
from hauntable.engine.rejections import IllegalAction
from hauntable.engine.rng import Rng

# The package defines CARD_RULES before it imports this module (a function-level import costs ~1 us,
# and rules_of is asked a few times per input)
from hauntable.games.betrayal.cards import CARD_RULES
from hauntable.games.betrayal.cards.effects import discard_kept, effect_op, holds
from hauntable.games.betrayal.inputs import Drop, Free, Give, Take, Use
from hauntable.games.betrayal.prompts import ChooseOption
from hauntable.games.betrayal.sides import is_traitor
from hauntable.games.betrayal.world import World, task

BBC = ("Bell", "Book", "Candle")
BBC_MARK = "Bell, Book and Candle"
PILE = "item:"  # a dropped item lies in a room as the token "item:<name>" (C4)
STUCK = ("Webs", "Debris")


def rules_of(name: str):
    return CARD_RULES.get(name)


def held(w: World, seat: int) -> list[str]:
    e = w.s.explorers[seat]
    return [*e.items, *e.omens]


# --- getting and losing cards (C5, C6, C7) -----------------------------------------------------------------


def get_card(w: World, seat: int, name: str) -> None:
    """``seat`` comes to hold the item or omen ``name`` (drawn, given, picked up, taken): its lasting trait
    changes apply now (C5)."""
    e = w.explorer(seat)
    (e.omens if w.content.cards[name].deck == "omen" else e.items).append(name)
    rules = rules_of(name)
    if rules is not None and rules.on_gain:
        w.then(("effects", dict(seat=seat, card=name, effects=list(rules.on_gain))))
    if name == "Candle" and "Lights Out" in e.kept:
        discard_kept(w, seat, "Lights Out", "the Candle lights the way")
    if name in BBC and all(c in held(w, seat) for c in BBC) and not e.marks.get(BBC_MARK):
        e.marks[BBC_MARK] = 1
        w.say(f"{e.name} holds the Bell, Book and Candle together: +2 in every trait", "card.bbc", who=e.name)
        w.then(("effects", dict(seat=seat, card="Candle", effects=[["gain", t, 2] for t in _TRAITS])))


_TRAITS = ("might", "speed", "sanity", "knowledge")


def lose_card(w: World, seat: int, name: str, to: str, room: str | None = None) -> None:
    """``seat`` stops holding ``name``; it goes ``to`` the discard pile (``discard``), back into its deck
    (``stack``), onto the floor as an item pile (``room``) or to nobody yet (``hand``: a trade in progress
    or a theft gives it on). Its lasting trait changes reverse (C5)."""
    e = w.explorer(seat)
    deck = w.content.cards[name].deck
    (e.omens if deck == "omen" else e.items).remove(name)
    if to == "discard":
        w.discards(deck).append(name)
    elif to == "stack":
        if w.s.config.cards == "virtual":
            rng = Rng(w.s.rng, raw=True)
            w.own("decks")[deck] = rng.shuffled([*w.s.decks[deck], name])
            w.s.rng = rng.state
    elif to == "room":
        w.own("tokens")[PILE + name] = room or e.room
    rules = rules_of(name)
    if rules is not None and rules.on_lose:
        w.then(("effects", dict(seat=seat, card=name, effects=list(rules.on_lose))))
    if name in BBC and e.marks.get(BBC_MARK) == 1:
        e.marks[BBC_MARK] = 2  # only the first loss costs the bonus back
        w.say(
            f"{e.name} no longer holds the Bell, Book and Candle: -2 in every trait",
            "card.bbc_lost",
            who=e.name,
        )
        w.then(("effects", dict(seat=seat, card="Candle", effects=[["lose", t, 2] for t in _TRAITS])))


# --- the turn's card actions ---------------------------------------------------------------------------


def in_room(w: World, seat: int) -> list[int]:
    room = w.s.explorers[seat].room
    return [e.seat for e in w.s.explorers if e.alive and e.room == room and e.seat != seat]


def stuck(w: World, seat: int) -> str | None:
    """The Webs or Debris holding the explorer, if any (C10)."""
    kept = w.s.explorers[seat].kept
    if not kept:
        return None
    return next((c for c in STUCK if c in kept), None)


def _once(w: World, key: str, what: str) -> None:
    if key in w.s.turn.tried:
        raise IllegalAction(f"{what} was already used this turn; each item acts once per turn.", "C2")


def check_card_action(w: World, inp: Input) -> None:
    """Raise IllegalAction saying why ``inp`` (use, drop, take, give, free) is not allowed now."""
    seat = w.s.turn.seat
    e = w.s.explorers[seat]
    if isinstance(inp, Free):
        _check_free(w, seat, inp.seat)
        return
    if stuck(w, seat):
        raise IllegalAction(
            f"{e.name} is stuck in the {stuck(w, seat)} and can do nothing until freed.", "C10"
        )
    name = inp.name
    if isinstance(inp, Take):
        if w.s.tokens.get(PILE + name) != e.room:
            raise IllegalAction(f"There is no {name} lying in the {e.room}.", "C4")
        _once(w, f"item:{name}", f"The {name}")
        return
    if isinstance(inp, Use) and name in token_uses(w, seat):
        _check_token(w, seat, name)
        return
    if name not in held(w, seat):
        raise IllegalAction(f"{e.name} does not hold the {name}.", "C2")
    rules = rules_of(name)
    if isinstance(inp, Drop):
        if rules is not None and not rules.droppable:
            raise IllegalAction(f"The {name} cannot be dropped.", "C3")
    elif isinstance(inp, Give):
        if rules is not None and not rules.tradeable:
            raise IllegalAction(f"The {name} cannot be traded.", "C3")
        if not 0 <= inp.to < len(w.s.explorers) or inp.to == seat:
            raise IllegalAction("Give it to another explorer.", "C3")
        if inp.to not in in_room(w, seat):
            raise IllegalAction(f"{w.who(inp.to)} is not in the {e.room}: trades happen in one room.", "C3")
    elif isinstance(inp, Use):
        if rules is None or not rules.use:
            raise IllegalAction(f"The {name} is not used this way (or not before the haunt).", "C2")
        if rules.use_when and not holds(w, seat, rules.use_when):
            raise IllegalAction(f"The {name} cannot be used now.", "C2")
    _once(w, f"item:{name}", f"The {name}")


@functools.cache
def _input(kind: type, *args: object) -> Input:
    """Inputs are frozen values: the turn prompt, rebuilt after nearly every input, reuses them."""
    return kind(*args)


def card_actions(w: World) -> list[Input]:
    """Every card action ``check_card_action`` accepts now, for the turn prompt."""
    seat = w.s.turn.seat
    e = w.s.explorers[seat]
    out: list[Input] = []
    others = in_room(w, seat)
    for other in (seat, *others):
        if w.s.explorers[other].kept and stuck(w, other) and _ok(w, Free(other)):
            out.append(_input(Free, other))
    if stuck(w, seat):
        return out
    tried = w.s.turn.tried
    table = CARD_RULES
    for name in (*e.items, *e.omens):
        if tried and f"item:{name}" in tried:
            continue
        rules = table.get(name)
        if rules is not None and rules.use and (not rules.use_when or holds(w, seat, rules.use_when)):
            out.append(_input(Use, name))
        if rules is None or rules.droppable:
            out.append(_input(Drop, name))
        if rules is None or rules.tradeable:
            out.extend(_input(Give, name, o) for o in others)
    if w.s.tokens:
        for tok, room in sorted(w.s.tokens.items()):
            if room == e.room and tok.startswith(PILE) and f"item:{tok[len(PILE) :]}" not in tried:
                out.append(_input(Take, tok[len(PILE) :]))
        for name in token_uses(w, seat):
            if _ok(w, _input(Use, name)):
                out.append(_input(Use, name))
    return out


def _ok(w: World, inp: Input) -> bool:
    try:
        check_card_action(w, inp)
    except IllegalAction:
        return False
    return True


def resolve_card_action(w: World, inp: Input) -> None:
    check_card_action(w, inp)
    seat = w.s.turn.seat
    e = w.explorer(seat)
    if isinstance(inp, Free):
        w.s.turn.tried.append(f"free:{inp.seat}")
        w.then(("free_roll", dict(seat=seat, stuck_seat=inp.seat)))
        return
    name = inp.name
    if isinstance(inp, Use) and name in token_uses(w, seat):
        use_token(w, seat, name)
        return
    w.s.turn.tried.append(f"item:{name}")
    if isinstance(inp, Take):
        del w.own("tokens")[PILE + name]
        w.say(f"{e.name} picks up the {name}", "item.take", who=e.name, card=name)
        get_card(w, seat, name)
    elif isinstance(inp, Drop):
        w.say(f"{e.name} drops the {name} in the {e.room}", "item.drop", who=e.name, card=name)
        lose_card(w, seat, name, "room")
    elif isinstance(inp, Give):
        w.say(
            f"{e.name} offers the {name} to {w.who(inp.to)}",
            "item.offer",
            who=e.name,
            card=name,
            to=w.who(inp.to),
        )
        w.ask(
            ChooseOption(
                inp.to,
                f"{w.who(inp.to)}: take the {name} from {e.name}?",
                "trade",
                ("accept", "refuse"),
                code="trade",
                params=(("card", name), ("giver", e.name)),
            ),
            on="trade_answer",
            seat=seat,
            to=inp.to,
            card=name,
        )
    elif isinstance(inp, Use):
        rules = rules_of(name)
        w.say(f"{e.name} uses the {name}", "item.use", who=e.name, card=name)
        effects = list(rules.use)
        if rules.one_use:
            effects.append(["discard_self"])
        w.then(("effects", dict(seat=seat, card=name, effects=effects)))


@task("trade_answer")
def trade_answer(w: World, seat: int, to: int, card: str, option: str) -> None:
    """C3: a trade needs both to agree; the receiver answers the offer."""
    if option != "accept" or card not in held(w, seat):
        w.say(f"{w.who(to)} refuses the {card}", "item.refused", card=card, who=w.who(to))
        return
    w.say(
        f"{w.who(seat)} gives the {card} to {w.who(to)}",
        "item.given",
        card=card,
        who=w.who(seat),
        to=w.who(to),
    )
    lose_card(w, seat, card, "hand")
    get_card(w, to, card)


@effect_op("discard_self")
def _discard_self(w: World, seat: int, card: str) -> None:
    if card in held(w, seat):
        w.say(f"{w.who(seat)} discards the {card} after using it", "item.used_up", card=card, who=w.who(seat))
        lose_card(w, seat, card, "discard")


@effect_op("untoken")
def _untoken(w: World, seat: int, card: str, name: str) -> None:
    if w.own("tokens").pop(name, None) is not None:
        w.say(f"The {name} token is removed", "card.untoken", token=name)


# --- tokens that stay in the house (C11) ---------------------------------------------------------------

PAIRS = {
    "Secret Passage": "Secret Passage 2",
    "Secret Stairs": "Secret Stairs 2",
    "Wall Switch": "Wall Switch 2",
}


_BASE: dict[str, str] = {}


def token_uses(w: World, seat: int) -> list[str]:
    """The tokens in the explorer's room that can be used (their base names, in a fixed order)."""
    if not _BASE:
        from hauntable.games.betrayal.cards.events import TOKEN_USES

        for name in TOKEN_USES:
            _BASE[name] = name
            if name in PAIRS:
                _BASE[PAIRS[name]] = name
    room = w.s.explorers[seat].room
    found = {_BASE[t] for t, r in w.s.tokens.items() if r == room and t in _BASE}
    return [n for n in dict.fromkeys(_BASE.values()) if n in found]


def other_end(w: World, name: str, room: str) -> str | None:
    a, b = w.s.tokens.get(name), w.s.tokens.get(PAIRS[name])
    if a is None or b is None or a == b:
        return None
    return b if a == room else a


def _check_token(w: World, seat: int, name: str) -> None:
    from hauntable.games.betrayal.cards.events import TOKEN_USES

    e = w.s.explorers[seat]
    kind = TOKEN_USES[name][1]
    if kind == "walk":  # Secret Passage, Secret Stairs: one space of movement (C11)
        if other_end(w, name, e.room) is None:
            raise IllegalAction(f"The {name} leads nowhere yet.", "C11")
        if f"free:{name}" in w.s.turn.tried:
            return
        if w.s.turn.movement_over:
            raise IllegalAction(f"{e.name} cannot move again this turn.", "B2.3")
        from hauntable.games.betrayal.rules import movement_left

        if movement_left(w) <= 0:
            raise IllegalAction(f"{e.name} has no movement left.", "B2.1")
        return
    if kind == "switch" and other_end(w, name, e.room) is None:
        raise IllegalAction(f"The {name} leads nowhere.", "C11")
    if f"token:{name}" in w.s.turn.tried:
        raise IllegalAction(f"{e.name} already tried the {name} this turn.", "C11")


def use_token(w: World, seat: int, name: str) -> None:
    from hauntable.games.betrayal.cards.events import TOKEN_USES

    card, kind, effects = TOKEN_USES[name]
    e = w.explorer(seat)
    if kind == "walk":
        to = other_end(w, name, e.room)
        free = f"free:{name}" in w.s.turn.tried
        if free:
            w.s.turn.tried.remove(f"free:{name}")
        w.say(f"{e.name} takes the {name} to the {to}", "card.passage", who=e.name, room=to, card=name)
        tasks = [("arrive", dict(seat=seat, room=to, entry=None, cost=0 if free else 1))]
        if free and name == "Secret Stairs":  # following them at once draws an event in the new room
            tasks.append(("draw_card", dict(seat=seat, deck="event")))
        w.then(*tasks)
        return
    w.s.turn.tried.append(f"token:{name}")
    if kind == "switch" and is_traitor(w.s, seat):  # H3.3: the traitor turns the wall without a roll
        w.say(
            f"{e.name} is the traitor and slips through the {card}",
            "traitor.revolving",
            who=e.name,
            card=card,
        )
        effects = [["through_switch"]]
    w.then(("effects", dict(seat=seat, card=card, effects=list(effects))))


@effect_op("through_switch")
def _through_switch(w: World, seat: int, card: str) -> list:
    to = other_end(w, "Wall Switch", w.s.explorers[seat].room)
    if to is None:
        return []
    return [("land", dict(seat=seat, room=to))]


# --- stuck in Webs or Debris (C10) -----------------------------------------------------------------------


def _check_free(w: World, seat: int, stuck_seat: int) -> None:
    if not 0 <= stuck_seat < len(w.s.explorers) or stuck(w, stuck_seat) is None:
        raise IllegalAction("Nobody there is stuck.", "C10")
    if stuck_seat != seat and stuck_seat not in in_room(w, seat):
        raise IllegalAction(f"{w.who(stuck_seat)} is not in this room.", "C10")
    if f"free:{stuck_seat}" in w.s.turn.tried:
        raise IllegalAction(f"{w.who(seat)} already tried to free {w.who(stuck_seat)} this turn.", "C10")


@task("free_roll")
def free_roll(w: World, seat: int, stuck_seat: int) -> None:
    card = stuck(w, stuck_seat)
    dice = w.dice_for(seat, "might")
    from hauntable.engine.prompts import RollDice

    w.ask(
        RollDice(
            seat,
            f"{w.who(seat)}: Might roll (4+) to free {w.who(stuck_seat)} from the {card}",
            dice,
            card,
            "might",
            4,
        ),
        on="free_result",
        seat=seat,
        stuck_seat=stuck_seat,
    )


@task("free_result")
def free_result(w: World, seat: int, stuck_seat: int, total: int) -> None:
    card = stuck(w, stuck_seat)
    if card is None:
        return
    if total >= 4:
        discard_kept(w, stuck_seat, card, f"{w.who(stuck_seat)} is free")
        return
    e = w.explorer(stuck_seat)
    e.marks[card] = e.marks.get(card, 0) + 1
    w.say(
        f"{w.who(stuck_seat)} is still stuck ({e.marks[card]} failed attempt(s))",
        "card.still_stuck",
        who=w.who(stuck_seat),
        n=e.marks[card],
    )
    if card == "Webs":  # whoever fails cannot move for the rest of the turn
        w.s.turn.movement_over = True


# --- the Dog's errands ------------------------------------------------------------------------------------


def dog_errands(w: World, seat: int) -> list[tuple[str, str, str]]:
    """What the Dog can do this turn: ("fetch", item, room) for an item lying within 6 spaces, or ("leave",
    item, room) for a droppable item of yours left in a room within 6 spaces (not the explorer's own)."""
    from hauntable.games.betrayal.cards.effects import distances

    here = w.s.explorers[seat].room
    near = set(distances(w, here, dog=True, limit=6))
    tried = w.s.turn.tried
    out = []
    for tok, room in sorted(w.s.tokens.items()):
        if tok.startswith(PILE) and room in near and room != here and f"item:{tok[len(PILE) :]}" not in tried:
            out.append(("fetch", tok[len(PILE) :], room))
    for name in held(w, seat):
        rules = rules_of(name)
        if f"item:{name}" in tried or (rules is not None and not rules.droppable):
            continue
        out.extend(("leave", name, room) for room in sorted(near - {here}))
    return out


def dog_surely(w: World, seat: int) -> bool:
    """A cheap sufficient test for the turn prompt: an item of yours to leave and a room next door the Dog
    may enter (``dog_errands`` would then list at least one errand)."""
    from hauntable.games.betrayal.cards.effects import _needs_roll, adjacent_rooms

    tried = w.s.turn.tried
    if not any(
        f"item:{n}" not in tried and (rules_of(n) is None or rules_of(n).droppable) for n in held(w, seat)
    ):
        return False
    return any(not _needs_roll(w, r) for r in adjacent_rooms(w, w.s.explorers[seat].room))


@effect_op("dog")
def _dog(w: World, seat: int, card: str) -> None:
    errands = dog_errands(w, seat)
    labels = tuple(
        f"{verb} {item} {'from' if verb == 'fetch' else 'in'} the {room}" for verb, item, room in errands
    )
    w.ask(
        ChooseOption(
            seat, f"{w.who(seat)}: send the Dog to", card, labels, code="dog", params=(("card", card),)
        ),
        on="dog_errand",
        seat=seat,
        errands=[list(e) for e in errands],
        labels=list(labels),
    )


@task("dog_errand")
def dog_errand(w: World, seat: int, errands: list, labels: list, option: str) -> None:
    verb, item, room = errands[labels.index(option)]
    w.s.turn.tried.append(f"item:{item}")
    if verb == "fetch":
        del w.own("tokens")[PILE + item]
        w.say(
            f"The Dog brings {w.who(seat)} the {item} from the {room}",
            "card.dog_fetch",
            card=item,
            who=w.who(seat),
            room=room,
        )
        get_card(w, seat, item)
    else:
        w.say(
            f"The Dog leaves {w.who(seat)}'s {item} in the {room}",
            "card.dog_leave",
            card=item,
            who=w.who(seat),
            room=room,
        )
        lose_card(w, seat, item, "room", room=room)


# --- the Music Box (C13) ---------------------------------------------------------------------------------

MUSIC = "Music Box"
MUSIC_OPEN = "Music Box open"


def music_room(w: World) -> str | None:
    """The room of the open Music Box (with its holder, or lying in a room), or None when it is closed."""
    if not w.s.marks.get(MUSIC_OPEN):
        return None
    holder = w.holder(MUSIC)
    return w.s.explorers[holder].room if holder is not None else w.s.tokens.get(PILE + MUSIC)


@effect_op("music_toggle")
def _music_toggle(w: World, seat: int, card: str) -> None:
    now = not w.s.marks.get(MUSIC_OPEN)
    if now:
        w.own("marks")[MUSIC_OPEN] = True
    else:
        w.own("marks").pop(MUSIC_OPEN, None)
    w.say(
        f"{w.who(seat)} {'opens' if now else 'closes'} the Music Box",
        "card.music_box",
        open=now,
        who=w.who(seat),
        variant="opens" if now else "closes",
    )


def music_check(w: World, seat: int, why: str) -> None:
    """Entering or starting a turn by the open Music Box: Sanity 4+ or the turn ends there."""
    if music_room(w) == w.s.explorers[seat].room:
        from hauntable.games.betrayal.rooms import trait_roll

        trait_roll(w, seat, "sanity", 4, f"resist the Music Box ({why})", on="music_result")


@task("music_result")
def music_result(w: World, seat: int, trait: str, target: int, total: int) -> None:
    if total >= target:
        w.say(f"{w.who(seat)} shakes off the melody", "card.music_resisted", who=w.who(seat))
        return
    w.say(f"{w.who(seat)} is mesmerized by the Music Box: the turn ends", "card.mesmerized", who=w.who(seat))
    if MUSIC in held(w, seat):
        lose_card(w, seat, MUSIC, "room")
        w.say(f"{w.who(seat)} drops the Music Box", "item.drop", card=MUSIC)
    if seat == w.s.turn.seat:  # what the room would have done on entering no longer happens
        w.s.pending = [t for t in w.s.pending if not (t[0] == "enter_effects" and t[1]["seat"] == seat)]
        w.then(("end_turn", dict(seat=seat)))


# --- start and end of a turn ----------------------------------------------------------------------------

CLEAN_ROOMS = ("Balcony", "Gardens", "Graveyard", "Gymnasium", "Larder", "Patio", "Tower")


@task("start_of_turn")
def start_of_turn(w: World, seat: int) -> None:
    """Kept events that act when a turn starts: Grave Dirt hurts; after 3 failed attempts Webs and Debris
    let go (C10)."""
    e = w.s.explorers[seat]
    music_check(w, seat, "start of the turn")
    card = stuck(w, seat)
    if card is not None and e.marks.get(card, 0) >= 3:
        discard_kept(w, seat, card, "after 3 failed attempts the explorer breaks free")
    if "Grave Dirt" in e.kept:
        w.say(f"{e.name} suffers the Grave Dirt", "card.grave_dirt", who=e.name)
        w.then(("damage", dict(seat=seat, kind="physical", amount=1)))


@task("end_of_turn_cards")
def end_of_turn_cards(w: World, seat: int) -> None:
    e = w.s.explorers[seat]
    if "Grave Dirt" in e.kept and e.room in CLEAN_ROOMS:
        discard_kept(w, seat, "Grave Dirt", f"the turn ends in the {e.room}")
    if "Lights Out" in e.kept and (in_room(w, seat) or e.room == "Furnace Room"):
        discard_kept(w, seat, "Lights Out", "the turn ends with light to see by")


def lights_out(w: World, seat: int) -> bool:
    return "Lights Out" in w.s.explorers[seat].kept


__all__ = ["Drop", "Free", "Give", "Take", "Use", "card_actions", "check_card_action", "resolve_card_action"]

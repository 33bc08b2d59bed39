"""The turn's card actions (rules C1-C7 in docs/rules.md): using, dropping, picking up, giving and trading
items and omens, using the tokens events leave in the house (tokens.py says what each does), freeing an
explorer stuck in Webs or Debris (webs_and_debris.py), and the kept events' start and end of a turn.
Getting and losing a card with its lasting trait changes is hands.py.

Every action here is offered in the turn prompt only when its checks pass, and an input that was not
offered is refused by the same checks (``check_card_action``), so a bot picking from the prompt's choices
always plays legally.
"""

from __future__ import annotations

import functools

from hauntable.engine.inputs import Input
from hauntable.engine.rejections import IllegalAction

# The package defines CARD_RULES before it imports this module (a function-level import costs ~1 us,
# and rules_of is asked a few times per input)
from hauntable.games.betrayal.cards import CARD_RULES
from hauntable.games.betrayal.cards.conditions import holds
from hauntable.games.betrayal.cards.hands import (
    PILE,
    discard_kept,
    get_card,
    held,
    in_room,
    lose_card,
    rules_of,
)
from hauntable.games.betrayal.cards.music_box import music_check
from hauntable.games.betrayal.cards.tokens import check_token, token_uses, use_token
from hauntable.games.betrayal.cards.trading import check_trade, open_trade
from hauntable.games.betrayal.cards.webs_and_debris import check_free
from hauntable.games.betrayal.inputs import Drop, Free, Give, Take, Trade, Use
from hauntable.games.betrayal.predicates import may_hold, stuck
from hauntable.games.betrayal.prompts import ChooseOption
from hauntable.games.betrayal.world import World, task

# --- the turn's card actions ---------------------------------------------------------------------------


def _once(w: World, key: str, what: str) -> None:
    if key in w.s.turn.tried:
        raise IllegalAction(f"{what} was already used this turn; each item acts once per turn.", "C2")


def check_card_action(w: World, inp: Input) -> None:
    """Raise IllegalAction saying why ``inp`` (use, drop, take, give, free) is not allowed now."""
    seat = w.s.turn.seat
    e = w.s.explorers[seat]
    if isinstance(inp, Free):
        check_free(w, seat, inp.seat)
        return
    if stuck(w, seat):
        raise IllegalAction(
            f"{e.name} is stuck in the {stuck(w, seat)} and can do nothing until freed.", "C10"
        )
    if isinstance(inp, Trade):
        check_trade(w, seat, inp)
        return
    assert isinstance(inp, Use | Drop | Take | Give)  # the card actions (Free and Trade are above)
    name = inp.name
    if isinstance(inp, Take):
        if w.s.tokens.get(PILE + name) != e.room:
            raise IllegalAction(f"There is no {name} lying in the {e.room}.", "C4")
        if not may_hold(w, seat, name):
            raise IllegalAction(f"{e.name} may not hold the {name} in this haunt.", "H7.4")
        _once(w, f"item:{name}", f"The {name}")
        return
    if isinstance(inp, Use) and name in token_uses(w, seat):
        check_token(w, seat, name)
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
        if not may_hold(w, inp.to, name):
            raise IllegalAction(f"{w.who(inp.to)} may not hold the {name} in this haunt.", "H7.4")
        if inp.to not in in_room(w, seat, across=True):
            raise IllegalAction(f"{w.who(inp.to)} is not in the {e.room}: trades happen in one room.", "C3")
        if inp.to not in in_room(w, seat):
            raise IllegalAction(f"{w.who(inp.to)} is on the other side of the {e.room}'s barrier.", "B6.1")
    elif isinstance(inp, Use):
        if rules is None or not rules.use:
            raise IllegalAction(f"The {name} is not used this way (or not before the haunt).", "C2")
        if rules.use_when and not holds(w, seat, rules.use_when):
            raise IllegalAction(f"The {name} cannot be used now.", "C2")
    _once(w, f"item:{name}", f"The {name}")


@functools.cache
def _input(kind: type[Input], *args: object) -> Input:
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
            out.extend(_input(Give, name, o) for o in others if may_hold(w, o, name))
    if others and w.s.config.house_rules.trading == "exchange":
        out.extend(_input(Trade, o) for o in others if _ok(w, _input(Trade, o)))
    if w.s.tokens:
        here = sorted(t for t, room in w.s.tokens.items() if room == e.room)  # the house's tokens: many
        for tok in here:
            name = tok[len(PILE) :]
            if tok.startswith(PILE) and f"item:{name}" not in tried and may_hold(w, seat, name):
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
    if isinstance(inp, Trade):
        open_trade(w, seat, inp.to)
        return
    assert isinstance(inp, Use | Drop | Take | Give)  # checked above
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
        assert rules is not None  # Use is offered only for cards with rules
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
    if "Lights Out" in e.kept and (in_room(w, seat, across=True) or e.room == "Furnace Room"):
        discard_kept(w, seat, "Lights Out", "the turn ends with light to see by")


__all__ = [
    "Drop",
    "Free",
    "Give",
    "Take",
    "Trade",
    "Use",
    "card_actions",
    "check_card_action",
    "resolve_card_action",
]

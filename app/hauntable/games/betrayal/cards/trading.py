"""Trading both ways (C3; de l.207 "give, if both agree", ru l.161 "exchange items"): ``trade SEAT`` opens a
trade with an explorer in the same room, on the same side of a barrier. The explorer whose turn it is picks
a card to offer and a card to ask for (either may be nothing, not both), then the other accepts or refuses.
Each card traded is that card's action of the turn (C2). House rule ``trading``: ``exchange`` offers this;
``give`` keeps de's one-way gift (``give NAME SEAT``) as the only trade.
"""

from __future__ import annotations

from hauntable.engine.rejections import IllegalAction
from hauntable.games.betrayal.cards.hands import get_card, held, in_room, lose_card, rules_of
from hauntable.games.betrayal.inputs import Trade
from hauntable.games.betrayal.predicates import may_hold
from hauntable.games.betrayal.prompts import ChooseOption
from hauntable.games.betrayal.world import World, task

NOTHING = "nothing"


def tradeable(w: World, seat: int) -> list[str]:
    """The cards ``seat`` holds that may change hands this turn: tradeable (C3), not yet used (C2)."""
    tried = w.s.turn.tried
    out = []
    for n in held(w, seat):
        rules = rules_of(n)
        if (rules is None or rules.tradeable) and f"item:{n}" not in tried:
            out.append(n)
    return out


def check_trade(w: World, seat: int, inp: Trade) -> None:
    """Raise IllegalAction saying why ``seat`` cannot open this trade now."""
    if w.s.config.house_rules.trading != "exchange":
        raise IllegalAction("Trades go one way at this table (house rule trading=give): give a card.", "C3")
    to = inp.to
    if not 0 <= to < len(w.s.explorers) or to == seat or not w.s.explorers[to].alive:
        raise IllegalAction("Trade with another living explorer.", "C3")
    if to not in in_room(w, seat, across=True):
        raise IllegalAction(
            f"{w.who(to)} is not in the {w.s.explorers[seat].room}: trades happen in one room.", "C3"
        )
    if to not in in_room(w, seat):
        raise IllegalAction(f"{w.who(to)} is on the other side of this room's barrier.", "B6.1")
    if not tradeable(w, seat) and not tradeable(w, to):
        raise IllegalAction(f"Neither {w.who(seat)} nor {w.who(to)} holds a card to trade now.", "C3")


def open_trade(w: World, seat: int, to: int) -> None:
    """The trader picks the card offered (asked only when there is one to offer)."""
    mine = [n for n in tradeable(w, seat) if may_hold(w, to, n)]
    if not mine:
        trade_offered(w, seat, to, NOTHING)
        return
    other = w.who(to)
    w.ask(
        ChooseOption(
            seat,
            f"{w.who(seat)}: trade with {other} - which card do you offer?",
            "trade_offer",
            (*mine, NOTHING),
            code="trade_offer",
            params=(("other", other),),
        ),
        on="trade_offered",
        seat=seat,
        to=to,
    )


@task("trade_offered")
def trade_offered(w: World, seat: int, to: int, option: str) -> None:
    """Then the card asked for in return (nothing only if a card is offered)."""
    theirs = [n for n in tradeable(w, to) if may_hold(w, seat, n)]
    options = (*theirs, NOTHING) if option != NOTHING else tuple(theirs)
    if not theirs:
        trade_asked(w, seat, to, option, NOTHING)
        return
    other = w.who(to)
    w.ask(
        ChooseOption(
            seat,
            f"{w.who(seat)}: trade with {other} - which of {other}'s cards do you ask for?",
            "trade_ask",
            options,
            code="trade_ask",
            params=(("other", other),),
        ),
        on="trade_asked",
        seat=seat,
        to=to,
        give=option,
    )


@task("trade_asked")
def trade_asked(w: World, seat: int, to: int, give: str, option: str) -> None:
    """The offer is made (each card's action of the turn, C2); the other explorer answers it."""
    take = option
    tried = w.s.turn.tried
    tried.extend(f"item:{n}" for n in (give, take) if n != NOTHING)
    me, other = w.who(seat), w.who(to)
    answers = ("accept", "refuse")
    if take == NOTHING:
        text = f"{other}: take the {give} from {me}?"
        prompt = ChooseOption(
            to, text, "trade", answers, code="trade", params=(("card", give), ("giver", me))
        )
    elif give == NOTHING:
        text = f"{other}: give the {take} to {me}?"
        prompt = ChooseOption(
            to, text, "trade", answers, code="trade_give", params=(("card", take), ("taker", me))
        )
    else:
        text = f"{other}: give the {take} to {me} for the {give}?"
        prompt = ChooseOption(
            to,
            text,
            "trade",
            answers,
            code="trade_swap",
            params=(("card", take), ("giver", me), ("offer", give)),
        )
    w.say(f"{me} offers {other} a trade", "item.trade_offer", who=me, to=other)
    w.ask(
        prompt,
        on="trade_agreed",
        seat=seat,
        to=to,
        give=give,
        take=take,
    )


@task("trade_agreed")
def trade_agreed(w: World, seat: int, to: int, give: str, take: str, option: str) -> None:
    """C3: both agree, so the cards change hands, each with its lasting trait changes (C5)."""
    lost = (give != NOTHING and give not in held(w, seat)) or (take != NOTHING and take not in held(w, to))
    if option != "accept" or lost:
        w.say(f"{w.who(to)} refuses the trade", "item.trade_refused", who=w.who(to))
        return
    for card, a, b in ((give, seat, to), (take, to, seat)):
        if card == NOTHING:
            continue
        w.say(
            f"{w.who(a)} gives the {card} to {w.who(b)}", "item.given", card=card, who=w.who(a), to=w.who(b)
        )
        lose_card(w, a, card, "hand")
        get_card(w, b, card)

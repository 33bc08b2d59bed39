"""Who holds which card, and a card coming to or leaving an explorer with its lasting effects (C4-C7)."""

from __future__ import annotations

from hauntable.engine.rng import Rng
from hauntable.games.betrayal.cards import CARD_RULES
from hauntable.games.betrayal.cards.language import CardRules
from hauntable.games.betrayal.house import apart
from hauntable.games.betrayal.world import World

BBC = ("Bell", "Book", "Candle")
BBC_MARK = "Bell, Book and Candle"
PILE = "item:"  # a dropped item lies in a room as the token "item:<name>" (C4)
COMPANION = "companion:"  # a dead explorer's Dog, Girl or Madman waits in the room: "companion:<name>" (K9)


def rules_of(name: str) -> CardRules | None:
    return CARD_RULES.get(name)


def held(w: World, seat: int) -> list[str]:
    e = w.s.explorers[seat]
    return [*e.items, *e.omens]


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


def take_in_companions(w: World, seat: int) -> None:
    """K9 (de l.403): the first explorer to enter the room where a companion of the dead waits takes custody
    of it and gets its card, with the card's lasting trait changes (C5)."""
    room = w.s.explorers[seat].room
    tokens = w.s.tokens
    if room not in tokens.values():  # nothing lies in the room (asked at every arrival: a scan in C first)
        return
    waiting = [t for t, r in tokens.items() if r == room and t.startswith(COMPANION)]
    for token in sorted(waiting):
        name = token[len(COMPANION) :]
        del w.own("tokens")[token]
        w.say(
            f"{w.who(seat)} takes the {name} into their care",
            "companion.custody",
            who=w.who(seat),
            card=name,
            room=room,
        )
        get_card(w, seat, name)


def in_room(w: World, seat: int, across: bool = False) -> list[int]:
    """The living explorers in ``seat``'s room that ``seat`` can deal with: giving, trading, freeing,
    treating, pushing. Not those on the far side of a barrier (B6.1), unless ``across`` (seeing them)."""
    me = w.s.explorers[seat]
    room = me.room
    return [
        e.seat
        for e in w.s.explorers
        if e.alive
        and e.room == room
        and e.seat != seat
        and (across or not apart(w.content, room, me.side, e.side))
    ]


def discard_kept(w: World, seat: int, card: str, why: str) -> None:
    """A kept event leaves the player (to the event discards); its marks go with it."""
    e = w.explorer(seat)
    if card in e.kept:
        e.kept.remove(card)
        e.marks.pop(card, None)
        w.discards("event").append(card)
        w.say(f"{e.name} discards {card}: {why}", "card.discard_kept", who=e.name, card=card)

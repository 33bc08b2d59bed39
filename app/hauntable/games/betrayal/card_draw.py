"""Drawing a card in a room (B3.5-B3.7): from the virtual deck or the table's reader, with its rules carried
out: a kept event stays, an item or omen comes to be held."""

from __future__ import annotations

from hauntable.engine.rng import Rng
from hauntable.games.betrayal.cards import CARD_RULES
from hauntable.games.betrayal.cards.hands import get_card
from hauntable.games.betrayal.prompts import AwaitCard, ChooseOption
from hauntable.games.betrayal.sides import is_traitor
from hauntable.games.betrayal.world import World, task

DECK_NAMES = {"omen": "Omen", "item": "Item", "event": "Event"}


@task("draw_card")
def draw_card(w: World, seat: int, deck: str, room: str | None = None, ends_move: bool = True) -> None:
    """Draw the card a room's symbol asks for; drawing ends the explorer's movement (B2.3, B3.5)."""
    if ends_move and seat == w.s.turn.seat:
        w.s.turn.movement_over = True
    if w.s.config.cards == "table":
        if deck_left(w, deck) <= 0:
            if not w.s.card_discards[deck]:
                w.say(f"No {DECK_NAMES[deck]} cards are left to draw", "deck.empty", deck=deck)
                return
            # the players shuffle the discards into a new deck: any of them may come next (B3.5)
            w.own("card_discards")[deck] = []
            w.say(
                f"The {DECK_NAMES[deck]} deck is empty: shuffle its discards into a new deck",
                "deck.reshuffle_table",
                deck=deck,
            )
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


@task("gain_card")
def gain_card(w: World, seat: int, deck: str, name: str, room: str | None = None) -> None:
    """The drawn card goes to the explorer (items, omens) or to the discard pile (events), then its rules
    run: what it does on drawing and, for items and omens, what holding it changes (C5)."""
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


def deck_left(w: World, deck: str) -> int:
    """How many cards of ``deck`` are still in it, face down: every copy less those held, kept, lying in a
    room, carried by a monster or discarded. With table cards the engine holds no deck and counts instead,
    so it knows when the players' deck runs out and its discards become the new deck."""
    names = w.content.deck(deck)
    out = sum(cards_in_play(w, name) for name in dict.fromkeys(names))
    if w.s.haunt is not None:
        carried = [w.content.cards.get(i) for m in w.s.haunt.monsters.values() for i in m.items]
        out += sum(c is not None and c.deck == deck for c in carried)
    return len(names) - out


def cards_in_play(w: World, name: str) -> int:
    """Copies of a card out of the deck: held, kept in front of a player, lying in a room, discarded."""
    held = sum(e.items.count(name) + e.omens.count(name) + e.kept.count(name) for e in w.s.explorers)
    lying = int(w.s.tokens.get("item:" + name) is not None)
    return held + lying + sum(pile.count(name) for pile in w.s.card_discards.values())

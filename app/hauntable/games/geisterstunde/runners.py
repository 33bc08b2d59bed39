"""The runners' turns (G3, G4): the keys they may play, playing one, taking cards, the end of a turn."""

from __future__ import annotations

from hauntable.engine.inputs import Input
from hauntable.engine.outcomes import Outcome
from hauntable.engine.rejections import IllegalAction, UnreadableInput
from hauntable.games.geisterstunde.basics import (
    END,
    HAND,
    PROMPTS,
    REVEALS,
    SAID,
    SKIP,
    Out,
    draw_top,
    key_of,
    player_name,
    refill_pile,
    remember,
    said_once,
    say,
    table_refill,
)
from hauntable.games.geisterstunde.content_model import EXIT, Content
from hauntable.games.geisterstunde.inputs import Key
from hauntable.games.geisterstunde.prompts import AwaitDraw, DiscardKey, RevealCard, RunnerTurn
from hauntable.games.geisterstunde.state import State


def start_turn(s: State, c: Content, out: Out, seat: int) -> None:
    s.turn, s.keys_played = seat, 0
    s.awaiting = turn_prompt(s, c)


def playable_keys(s: State, c: Content, seat: int) -> tuple[str, ...]:
    """The colours ``seat`` holds a key of and its room has a door of, in colour order (G3.2).

    map and filter over C methods: no comprehension frames on a path run for most inputs."""
    held = set(map(c.colour_of.__getitem__, s.hands[seat]))
    return tuple(filter(held.__contains__, c.door_colours[s.rooms[seat]]))


def turn_prompt(s: State, c: Content, playable: tuple[str, ...] | None = None) -> RunnerTurn:
    seat = s.turn
    room = s.rooms[seat]
    if playable is None:
        playable = playable_keys(s, c, seat)
    key = (s.config.players[seat], seat, room, s.keys_played, playable)
    found = PROMPTS.get(key)
    if found is not None:
        return found  # type: ignore[return-value]
    options: list[Input] = [key_of(col) for col in playable]
    if s.keys_played:
        options.append(END)
        text = f"{player_name(s, seat)}: play another key, or end the move in {c.label(room)}"
    else:
        options.append(SKIP)
        text = f"{player_name(s, seat)}: play keys to walk through doors, or skip and take a card"
    return remember(key, RunnerTurn(seat, text, room, s.keys_played, tuple(options)))


def find_key(s: State, c: Content, inp: Key) -> str:
    """The card a ``key`` input plays. Raises UnreadableInput or IllegalAction (G3.2, G3.3)."""
    seat, hand = s.turn, s.hands[s.turn]
    colour, _, crest = inp.card.partition("-")
    if colour not in c.colours or (crest and crest not in c.crests):
        raise UnreadableInput(
            f"{inp.card!r} is not a key: a colour ({', '.join(c.colours)}) or a card like red-lion.", "E1"
        )
    if crest:
        if inp.card not in hand:
            raise IllegalAction(f"{player_name(s, seat)} does not hold the key card {inp.card}.", "G3.3")
        card = inp.card
    else:
        prefix = colour + "-"
        for card in hand:
            if card.startswith(prefix):
                break
        else:
            raise IllegalAction(f"{player_name(s, seat)} holds no {colour} key.", "G3.3")
    room = c.rooms[s.rooms[seat]]
    if colour not in room.doors:
        have = ", ".join(room.doors)
        raise IllegalAction(f"{room.label.capitalize()} has no {colour} door (its doors: {have}).", "G3.2")
    return card


def resolve_key(s: State, c: Content, out: Out, card: str) -> None:
    seat = s.turn
    colour = c.colour_of[card]
    hand = list(s.hands[seat])
    hand.remove(card)
    s.hands[seat] = tuple(hand)
    s.discards = [*s.discards, card]  # G3.5
    here = s.rooms[seat]
    to = c.rooms[here].doors[colour]
    who = s.config.players[seat]
    if to == EXIT:
        s.phase, s.winner, s.awaiting = "over", seat, None
        say(
            out,
            f"{who} unlocks the {colour} exit of {c.label(here)}, escapes the castle and wins (G7)",
            "game.won",
            who=who,
            colour=colour,
        )
        return
    s.rooms[seat] = to
    s.keys_played += 1
    said = SAID.get((who, colour, to))
    if said is None:
        said = SAID[who, colour, to] = Outcome(
            f"{who} opens the {colour} door into {c.label(to)}",
            "runner.key",
            (("who", who), ("colour", colour), ("room", to)),
        )
    out.append(said)
    playable = playable_keys(s, c, seat)
    if playable:
        s.awaiting = turn_prompt(s, c, playable)
    else:
        out.append(
            said_once(
                ("stuck", who),
                "{who} has no key for a door here: the move ends",
                "runner.stuck",
                ("who", who),
            )
        )
        finish_move(s, c, out)


def finish_move(s: State, c: Content, out: Out) -> None:
    """G4.2: ending in a room whose crest is on the top card's back takes that card (one card, G4.3)."""
    seat = s.turn
    crest = c.rooms[s.rooms[seat]].crest
    if s.config.cards == "table":
        table_refill(s, c.keys, out)
        s.awaiting = AwaitDraw(
            seat,
            f"{player_name(s, seat)}: if the top card shows the crest of {c.label(s.rooms[seat])}, take it "
            "and read it on the key slot; otherwise pass",
            "crest",
            optional=True,
        )
        return
    refill_pile(s, out)  # an empty pile is rebuilt first, so there is a top card to compare
    top = s.top
    if top is not None and top.partition("-")[2] == crest:
        if s.config.house_rules.crest_refill == "ask":
            s.awaiting = AwaitDraw(
                seat,
                f"{player_name(s, seat)}: the top card shows your room's crest: take it?",
                "crest",
                True,
                top,
            )
            return
        take_card(s, out, seat, draw_top(s), "crest")
    end_turn(s, c, out)


def after_skip(s: State, c: Content, out: Out) -> None:
    """G4.3: a skip takes one card and ends the turn (house rule refill=one); with refill=both the runner's
    room is then compared with the new top card as at the end of a move (G4.2), so both ways refill."""
    if s.config.house_rules.refill == "both":
        finish_move(s, c, out)
    else:
        end_turn(s, c, out)


def take_card(s: State, out: Out, seat: int, card: str, purpose: str) -> None:
    s.hands[seat] = (*s.hands[seat], card)
    who = player_name(s, seat)
    if purpose == "skip":
        out.append(
            said_once(
                ("skip", who),
                "{who} skips the turn and takes the top card (G4.1)",
                "runner.skip",
                ("who", who),
            )
        )
    else:
        out.append(
            said_once(
                ("refill", who),
                "{who} ends on the crest of the top card and takes it (G4.2)",
                "runner.refill",
                ("who", who),
            )
        )


def end_turn(s: State, c: Content, out: Out) -> None:
    """G4.4: a hand of five discards one; then the next runner, or the ghost after the last."""
    seat = s.turn
    if len(s.hands[seat]) > HAND:
        s.awaiting = DiscardKey(
            seat,
            f"{player_name(s, seat)}: five keys in hand, lay one on the discard pile",
            tuple(sorted(set(s.hands[seat]))),
        )
        return
    order = s.runners()
    i = order.index(seat)
    if i + 1 < len(order):
        start_turn(s, c, out, order[i + 1])
        return
    s.phase, s.turn = "ghost", s.ghost
    s.awaiting = reveal_prompt(s)


def reveal_prompt(s: State) -> RevealCard:
    ghost = s.ghost
    key = (s.config.players[ghost], ghost, len(s.plan))
    found = REVEALS.get(key)
    if found is None:  # the whole reveal, card by card, built once per ghost and plan length
        who, n = key[0], key[2]
        text = "{} (the ghost): turn over card {} of {}"
        found = tuple(RevealCard(ghost, text.format(who, i, n), i, n) for i in range(1, n + 1))
        REVEALS[key] = found
    return found[s.revealed]

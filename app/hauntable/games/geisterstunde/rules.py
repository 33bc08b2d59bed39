"""The Geisterstunde reducer: ``apply`` hands an input to the part of the rules it answers, in setup.py
(dealing, G1), plan.py (the ghost's plan, G2), runners.py (keys and refills, G3, G4) and ghost.py (the
reveal, the catch and the role swap, G5, G6). Rule ids (G1.1, ...) refer to docs/rules.md.

Every check runs on the caller's state before anything is built, and ``apply`` works on a clone, so a
rejection leaves the state it was given untouched.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from hauntable.engine.game import Step
from hauntable.engine.inputs import Input
from hauntable.engine.prompts import Prompt
from hauntable.engine.rejections import IllegalAction, NotAwaited, UnreadableInput
from hauntable.games.geisterstunde.basics import (
    CONTENT_LOADED,
    HAND,
    Out,
    content_for,
    draw_top,
    not_in_pile,
    player_name,
    pop_pile,
    said_once,
    say,
    table_refill,
)
from hauntable.games.geisterstunde.content_model import Content
from hauntable.games.geisterstunde.ghost import catch_runner, on_reveal
from hauntable.games.geisterstunde.inputs import Catch, Discard, Draw, Key, Plan
from hauntable.games.geisterstunde.plan import check_plan, resolve_plan
from hauntable.games.geisterstunde.prompts import (
    AwaitDraw,
    ChooseVictim,
)
from hauntable.games.geisterstunde.runners import (
    after_skip,
    end_turn,
    find_key,
    finish_move,
    resolve_key,
    take_card,
)
from hauntable.games.geisterstunde.setup import (
    deal_next,
    deal_prompt,
    must_swap,
    new_game,
    swap_hand,
)
from hauntable.games.geisterstunde.state import State

new_step = tuple.__new__


# --- set-up (G1) --------------------------------------------------------------------------------------------


# --- rounds and the ghost's plan (G2) -----------------------------------------------------------------------


# --- the runners (G3, G4) -----------------------------------------------------------------------------------


# --- the ghost moves (G5) and the role swap (G6) ------------------------------------------------------------


# --- apply --------------------------------------------------------------------------------------------------


def apply(state: State, inp: Input, content: Content | None = None) -> Step:
    """Apply one input. Raises a Rejection, leaving ``state`` untouched, when it does not fit."""
    prompt = state.awaiting
    if prompt is None:
        raise NotAwaited("The game is over: nothing more is awaited.", "E2")
    kind = inp.kind
    if kind not in prompt.accepts:
        raise NotAwaited(f"No {kind} expected now; waiting for: {prompt.text}.", "E2")
    out: Out = []
    s = _HANDLERS[kind](
        state,
        content
        or (CONTENT_LOADED[0] if state.config.board is None and CONTENT_LOADED else content_for(state)),
        out,
        prompt,
        inp,
    )
    s.seq += 1
    return new_step(Step, (s, tuple(out)))  # Step(s, ...) without the named tuple's Python-level __new__


def _on_key(state: State, c: Content, out: Out, prompt: Prompt, inp: Key) -> State:
    card = find_key(state, c, inp)
    s = state.clone()
    resolve_key(s, c, out, card)
    return s


def _on_end(state: State, c: Content, out: Out, prompt: Prompt, inp: Input) -> State:
    if not state.keys_played:
        raise IllegalAction("Play at least one key before ending the move, or skip the turn.", "G4.1")
    s = state.clone()
    finish_move(s, c, out)
    return s


def _on_skip(state: State, c: Content, out: Out, prompt: Prompt, inp: Input) -> State:
    if state.keys_played:
        raise IllegalAction("Only a runner who plays no key may skip and take a card.", "G4.1")
    s = state.clone()
    if s.config.cards == "table":
        table_refill(s, c.keys, out)
        s.awaiting = AwaitDraw(
            s.turn, f"{player_name(s, s.turn)}: take the top card and read it on the key slot", "skip"
        )
    else:
        take_card(s, out, s.turn, pop_pile(s, out), "skip")
        after_skip(s, c, out)
    return s


def _on_plan(state: State, c: Content, out: Out, prompt: Prompt, inp: Plan) -> State:
    check_plan(state, c, inp)
    s = state.clone()
    resolve_plan(s, c, out, inp)
    return s


def _on_catch(state: State, c: Content, out: Out, prompt: Prompt, inp: Catch) -> State:
    assert isinstance(prompt, ChooseVictim)
    if inp.seat not in prompt.seats:
        names = ", ".join(f"{seat} ({player_name(state, seat)})" for seat in prompt.seats)
        raise IllegalAction(f"The ghost can only catch a figure in its room: {names}.", "G5.3")
    s = state.clone()
    catch_runner(s, c, out, inp.seat)
    return s


def _on_discard(state: State, c: Content, out: Out, prompt: Prompt, inp: Discard) -> State:
    if inp.card not in state.hands[state.turn]:
        raise IllegalAction(f"{player_name(state, state.turn)} does not hold {inp.card}.", "G4.4")
    s = state.clone()
    hand = list(s.hands[s.turn])
    hand.remove(inp.card)
    s.hands[s.turn] = tuple(hand)
    s.discards = [*s.discards, inp.card]
    who = player_name(s, s.turn)
    out.append(said_once(("discard", who), "{who} discards a key (G4.4)", "runner.discard", ("who", who)))
    end_turn(s, c, out)
    return s


def _on_draw(state: State, c: Content, out: Out, prompt: Prompt, inp: Input) -> State:
    assert isinstance(prompt, AwaitDraw)
    return _resolve_draw(state, c, out, prompt, inp)


def _resolve_draw(state: State, c: Content, out: Out, prompt: AwaitDraw, inp: Input) -> State:
    """A card taken from the pile: read on the key slot (table) or offered by name (virtual, ask)."""
    seat = state.turn
    if not isinstance(inp, Draw):  # pass
        if not prompt.optional:
            raise IllegalAction("This card must be taken: read it on the key slot.", "G4.1")
        s = state.clone()
        say(out, f"{player_name(s, seat)} leaves the top card", "runner.pass", who=player_name(s, seat))
        end_turn(s, c, out)
        return s
    colour, _, crest = inp.card.partition("-")
    if colour not in c.colours or crest not in c.crests:
        raise UnreadableInput(f"{inp.card!r} is not a key card (like red-lion).", "E1")
    if prompt.top is not None and inp.card != prompt.top:
        raise IllegalAction(f"The top card is {prompt.top}, not {inp.card}.", "G4.2")
    if state.config.cards == "table" and not_in_pile(state, c.keys, inp.card):
        raise IllegalAction(
            f"Every {inp.card} is in a hand or on the discard pile: that card cannot come from the pile.",
            "G4.5",
        )
    room = c.rooms.get(state.rooms[seat])
    if prompt.purpose == "crest" and room is not None and crest != room.crest:
        raise IllegalAction(
            f"{inp.card} has the {crest} on its back, not the crest of {room.label} ({room.crest}): "
            "leave it on the pile.",
            "G4.2",
        )
    s = state.clone()
    if s.config.cards == "virtual":
        draw_top(s)
    if prompt.purpose == "deal":
        s.hands[seat] = (*s.hands[seat], inp.card)
        s.dealt += 1
        if s.dealt < HAND:
            table_refill(s, c.keys, out)
            s.awaiting = deal_prompt(s)
        elif must_swap(s, s.hands[seat]):
            swap_hand(s, out, seat)
            s.dealt = 0
            table_refill(s, c.keys, out)
            s.awaiting = deal_prompt(s)
        else:
            order = s.runners()
            i = order.index(seat)
            say(out, f"{player_name(s, seat)} has four keys", "deal.done", who=player_name(s, seat))
            deal_next(s, c, out, order[i + 1] if i + 1 < len(order) else None)
        return s
    take_card(s, out, seat, inp.card, prompt.purpose)
    if prompt.purpose == "skip":
        after_skip(s, c, out)
    else:
        end_turn(s, c, out)
    return s


_HANDLERS: dict[str, Callable[[State, Content, Out, Prompt, Any], State]] = {
    "key": _on_key,
    "end": _on_end,
    "skip": _on_skip,
    "plan": _on_plan,
    "reveal": on_reveal,
    "catch": _on_catch,
    "discard": _on_discard,
    "draw": _on_draw,
    "pass": _on_draw,
}

__all__ = ["apply", "check_plan", "new_game"]  # the reducer; the set-up and the plan check live where named

"""Which cards could change a roll before it is thrown (C12): asked of every prompt as it is asked, so a roll
the roller could aid is offered as an ``AidedRoll``. It reads the state and content only: ``World.ask``
calls it, and the aids themselves (cards/aids.py) are carried out above.
"""

from __future__ import annotations

import dataclasses

from hauntable.engine.prompts import Prompt, RollDice
from hauntable.games.betrayal.content import Content
from hauntable.games.betrayal.prompts import AidedRoll
from hauntable.games.betrayal.state import State

MEANT = "It is Meant to Be"
BEFORE = ("Idol", "Adrenaline Shot", "Angel Feather", MEANT)
AFTER = ("Lucky Stone", "Rabbit's Foot")


def holds_aid(state: State, seat: int, name: str) -> bool:
    e = state.explorers[seat]
    if name == MEANT:
        return e.marks.get(MEANT) is not None
    return name in e.items or name in e.omens


def holds_nothing(state: State, seat: int) -> bool:
    """No card and no kept roll: nothing can aid a roll (asked for every roll, so it is checked first)."""
    e = state.explorers[seat]
    return not (e.items or e.omens or e.marks)


def aids_before(
    state: State, content: Content, prompt: RollDice, used: tuple[str, ...] = ()
) -> tuple[str, ...]:
    """Cards the roller may use before throwing: the Idol once a turn on trait rolls and an event's rolls,
    the Adrenaline Shot on trait rolls only; the Angel Feather and a kept roll on any roll."""
    seat = prompt.player
    if seat is None or seat >= len(state.explorers) or holds_nothing(state, seat):
        return ()
    out = []
    for name in BEFORE:
        if name in used or not holds_aid(state, seat, name):
            continue
        if name == "Adrenaline Shot" and prompt.trait is None:
            continue
        if name == "Idol" and prompt.trait is None and not _event_roll(content, prompt):
            continue
        if name == "Idol" and ("item:Idol" in state.turn.tried or prompt.dice >= 8):
            continue
        out.append(name)
    return tuple(out)


def _event_roll(content: Content, prompt: RollDice) -> bool:
    card = content.cards.get(prompt.purpose)
    return card is not None and card.deck == "event"


def offer_aids(state: State, content: Content, prompt: Prompt) -> Prompt:
    """The prompt to ask: a roll the roller could aid becomes an AidedRoll (``state.ctx`` is already set)."""
    if type(prompt) is not RollDice or str(state.ctx.get("on", "")).startswith("aid_"):
        return prompt
    if state.ctx.get("_aid_none"):  # a monster's roll: the thrower's cards do not help it
        return prompt
    aids = aids_before(state, content, prompt, tuple(state.ctx.get("_aid_used", ())))
    if not aids:
        return prompt
    fields = {f.name: getattr(prompt, f.name) for f in dataclasses.fields(prompt)}
    return AidedRoll(**fields, aids=aids)

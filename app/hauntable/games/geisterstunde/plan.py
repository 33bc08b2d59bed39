"""A round begins and the ghost lays its plan (G2)."""

from __future__ import annotations

from hauntable.engine.rejections import IllegalAction, UnreadableInput
from hauntable.games.geisterstunde.basics import PROMPTS, Out, player_name, remember, said_once
from hauntable.games.geisterstunde.content_model import Content
from hauntable.games.geisterstunde.inputs import Plan
from hauntable.games.geisterstunde.prompts import LayPlan
from hauntable.games.geisterstunde.runners import start_turn
from hauntable.games.geisterstunde.state import State


def plans_from(s: State, c: Content, room: str) -> tuple[tuple[str, ...], ...]:
    if s.config.house_rules.impossible_plan == "stop":
        return c.all_plans
    return c.plans[room]


def start_round(s: State, c: Content, out: Out) -> None:
    s.phase, s.plan, s.revealed, s.turn = "plan", (), 0, s.ghost
    room = s.rooms[s.ghost]
    plans = plans_from(s, c, room)
    # id(plans): the cached prompt holds ``plans``, so that id cannot name another tuple while it is cached
    key = (s.config.players[s.ghost], s.ghost, "plan", room, id(plans))
    found = PROMPTS.get(key)
    if found is None:
        text = f"{player_name(s, s.ghost)} (the ghost): lay 1 to 4 crest cards face down"
        found = remember(key, LayPlan(s.ghost, text, room, plans))
    s.awaiting = found


def check_plan(s: State, c: Content, inp: Plan) -> None:
    """G2.1-G2.3: known crests, and (house rule impossible_plan=refuse) every card one step on."""
    crests = inp.crests
    if s.config.house_rules.impossible_plan == "stop":
        if crests in c.all_plan_set:
            return
    elif crests in c.plan_sets[s.rooms[s.ghost]]:
        return  # one of the listed legal plans: nothing to explain
    for crest in crests:
        if crest not in c.crests:
            raise UnreadableInput(f"{crest!r} is not a crest; crests: {', '.join(c.crests)}.", "E1")
    if s.config.house_rules.impossible_plan == "stop":
        return
    room = s.rooms[s.ghost]
    for i, crest in enumerate(inp.crests, 1):
        nxt = c.step(room, crest)
        if nxt is None:
            # said to the ghost alone at a table; on a shared screen it still names no room of the path
            where = c.label(room) if i == 1 else f"the room card {i - 1} leads to"
            raise IllegalAction(
                f"Card {i} cannot be followed: no room next to {where} shows its crest.", "G2.2"
            )
        room = nxt


def resolve_plan(s: State, c: Content, out: Out, inp: Plan) -> None:
    s.plan = inp.crests
    n = len(inp.crests)
    out.append(
        said_once(
            ("plan", n),
            "The ghost lays {cards} cards face down (G2.4)"
            if n > 1
            else "The ghost lays 1 card face down (G2.4)",
            "ghost.plan",
            ("cards", n),
        )
    )
    s.phase = "run"
    start_turn(s, c, out, s.runners()[0])

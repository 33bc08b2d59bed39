"""The ghost moves (G5): its reveal, the catch and the role swap (G6), the end of a round."""

from __future__ import annotations

from hauntable.engine.inputs import Input
from hauntable.engine.outcomes import Outcome
from hauntable.engine.prompts import Prompt
from hauntable.games.geisterstunde.basics import ROUND_END, SAID, Out, player_name, say
from hauntable.games.geisterstunde.content_model import Content
from hauntable.games.geisterstunde.plan import start_round
from hauntable.games.geisterstunde.prompts import ChooseVictim
from hauntable.games.geisterstunde.runners import reveal_prompt
from hauntable.games.geisterstunde.state import State


def on_reveal(state: State, c: Content, out: Out, prompt: Prompt, inp: Input) -> State:
    """G5.1: the next plan card, one room on; a figure there is caught (G5.2), else the next card or a
    new round. Half of all inputs are reveals: this stays one function."""
    s = state.clone()
    crest = s.plan[s.revealed]
    s.revealed += 1
    rooms = s.rooms
    here = rooms[s.ghost]
    to = c.ghost_steps[here].get(crest)
    if to is None:  # only with impossible_plan=stop
        say(
            out,
            f"The ghost turns over the {c.crest_en[crest]}: no room next to {c.label(here)} shows it, "
            "so it stops and the rest of its cards are void (G2.3)",
            "ghost.blocked",
            crest=crest,
        )
        end_round(s, c, out)
        return s
    rooms[s.ghost] = to
    said = SAID.get((crest, to))
    if said is None:
        said = SAID[crest, to] = Outcome(
            f"The ghost turns over the {c.crest_en[crest]} and floats into {c.label(to)}",
            "ghost.step",
            (("crest", crest), ("room", to)),
        )
    out.append(said)
    if rooms.count(to) == 1:  # the ghost alone there: most cards find no one
        if s.revealed < len(s.plan):
            s.awaiting = reveal_prompt(s)
        else:
            end_round(s, c, out)
        return s
    found = tuple([seat for seat in s.runners() if rooms[seat] == to])
    if len(found) == 1:
        catch_runner(s, c, out, found[0])
    else:
        s.awaiting = ChooseVictim(
            s.ghost,
            f"{player_name(s, s.ghost)} (the ghost): whom do you catch in {c.label(to)}?",
            to,
            found,
        )
    return s


def catch_runner(s: State, c: Content, out: Out, victim: int) -> None:
    """G5.2, G6: the ghost stops; the caught runner becomes the ghost in the Verlies; the old ghost takes
    the caught hand and runs on from the catch room."""
    old = s.ghost
    room = s.rooms[old]
    left = len(s.plan) - s.revealed
    say(
        out,
        f"The ghost catches {player_name(s, victim)} in {c.label(room)}"
        + (f"; its {left} other card{'s' if left > 1 else ''} stay hidden" if left else "")
        + " (G5.2)",
        "ghost.catch",
        ghost=player_name(s, old),
        who=player_name(s, victim),
        room=room,
    )
    s.hands[old], s.hands[victim] = s.hands[victim], ()
    s.rooms[victim] = c.dungeon
    s.ghost = victim
    say(
        out,
        f"{player_name(s, victim)} puts on the cloak and goes to the Verlies as the new ghost; "
        f"{player_name(s, old)} takes the {len(s.hands[old])} keys and runs on from {c.label(room)} (G6)",
        "roles.swap",
        ghost=player_name(s, victim),
        runner=player_name(s, old),
        room=room,
    )
    end_round(s, c, out, caught=True)


def end_round(s: State, c: Content, out: Out, caught: bool = False) -> None:
    if not caught:
        out.append(ROUND_END)
    s.round += 1
    start_round(s, c, out)

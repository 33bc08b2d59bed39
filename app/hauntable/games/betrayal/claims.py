"""A victory claimed by one side and confirmed by the other (H6.2, issue 16 item 3), at any moment of the
haunt a turn prompt, a monster's prompt or the tools are awaited: also in the monster turn or the other
side's turn (issue 17 item 8), whoever's turn it is.

The table checks its own goals first (H6.1: no hero left, a scripted haunt's goals): a goal it sees met wins
at once and needs no claim. Otherwise the other side is asked: the traitor (even dead, H6.3) confirms the
heroes' claim, the first hero in play clockwise from the turn confirms the traitor's; with no known traitor
the table (anyone) answers. A refused claim changes nothing: the prompt it interrupted comes back.
"""

from __future__ import annotations

from hauntable.engine.rejections import IllegalAction, NotAwaited
from hauntable.games.betrayal.prompts import ChooseOption
from hauntable.games.betrayal.tool_inputs import Claim, Tools
from hauntable.games.betrayal.victory import check_victory, declare, survivors
from hauntable.games.betrayal.world import World, task

ASKED = {  # who claims -> the question to the other side
    "heroes": "The heroes claim victory: does the traitor agree that the haunt is won?",
    "traitor": "The traitor claims victory: do the heroes agree that the haunt is won?",
    "house": "The house claims victory: do the heroes agree that the haunt is won?",
}


TOOLS = Tools()


def offered(w: World) -> list[Claim | Tools]:
    """What a turn prompt or a monster's prompt offers of the haunt's tools: in book mode the one ``tools``
    action; in a scripted haunt, whose tools would hold only the claims, the claims themselves (a random bot
    never claims, so its games play as before)."""
    if w.haunt.mode == "book":
        return [TOOLS]
    return [*([Claim("heroes")] if survivors(w) else []), Claim("traitor")]


def confirmer(w: World, side: str) -> int | None:
    """Who answers ``side``'s claim for the other side (None: the table)."""
    h = w.haunt
    if side == "heroes":
        return h.traitor
    heroes = survivors(w)
    return next((seat for seat in w.seats_from(w.s.turn.seat) if seat in heroes), None)


def claim(w: World, inp: Claim) -> None:
    """H6.2: ``side`` claims the win; the other side is asked (the table's own goals first, H6.1)."""
    h = w.haunt
    if h.winner:
        raise NotAwaited("The game is over.", "E2")
    if check_victory(w):
        return
    side = inp.side
    if side == "heroes" and not survivors(w):
        raise IllegalAction("The heroes need a survivor to win.", "H6.1")
    claimant = "house" if side == "traitor" and h.traitor is None and not h.hidden else side
    w.say(ASKED[claimant].split(":")[0], "haunt.claim", variant=claimant)
    w.ask(
        ChooseOption(
            confirmer(w, side), ASKED[claimant], "claim", ("accept", "refuse"), code=f"claim_{claimant}"
        ),
        on="claim_answer",
        side=side,
    )


@task("claim_answer")
def claim_answer(w: World, side: str, option: str) -> None:
    if option == "accept":
        declare(w, side, "the other side agrees")
        return
    w.say("The claim is refused: play goes on", "haunt.claim_refused")


HANDLERS = {Claim.kind: claim}

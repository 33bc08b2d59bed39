"""Haunt 41, Invisible Traitor: the traitor's figure is off the board (``Haunt.unseen``). The traitor tells
the table in private the room they start in and, once a turn, the room their move ends in: a private prompt
(``hide_room``) answered on the secret screen as the hidden-traitor tokens are (the screen passes to them
alone). The table keeps that room, the public views leave it out (ui/viewmodel.py), the traitor's normal
moves and attacks are not offered (they would show it), and a hero's attack on the traitor names the hero's
own room: fought when the traitor is there, spent when not (combat.py)."""

from __future__ import annotations

from typing import Any, ClassVar

from hauntable.games.betrayal.haunts.printed.runtime import PrintedHaunt
from hauntable.games.betrayal.haunts.printed.vocab import Ctx
from hauntable.games.betrayal.house import distances
from hauntable.games.betrayal.predicates import in_house
from hauntable.games.betrayal.prompts import ChooseOption
from hauntable.games.betrayal.world import World, task

ASK = "hide_room"


class InvisibleTraitor(PrintedHaunt):
    extra_names: ClassVar[tuple[str, ...]] = ("vanish", "move_unseen")

    def extra(self, c: Ctx) -> dict[str, Any]:
        w = c.w

        def vanish() -> None:
            """The set-up: the traitor's figure leaves the board; they name any room in the house."""
            seat = w.haunt.traitor
            if seat is None:
                return
            w.haunt.unseen = [seat]
            ask_room(w, seat, sorted(w.s.house))

        def move_unseen() -> None:
            """The traitor's move: any room within their Speed (the normal movement rules, no opponent
            slows them), chosen in private."""
            seat = c.me
            e = w.s.explorers[seat]
            reach = distances(w.s, w.content, e.room, limit=max(1, w.value(seat, "speed")))
            ask_room(w, seat, sorted(reach))

        return {"vanish": vanish, "move_unseen": move_unseen}


def ask_room(w: World, seat: int, rooms: list[str]) -> None:
    who = w.who(seat)
    w.ask(
        ChooseOption(
            seat,
            f"{who}: choose in secret the room your move ends in (only you see this)",
            "room",
            tuple(rooms),
            private=True,
            code="hide_room",  # ASK, written out so tests/ui/test_ui_i18n.py reads the code
            params=(("who", who),),
        ),
        on="h41_hidden",
        seat=seat,
    )


@task("h41_hidden")
def hidden(w: World, seat: int, option: str) -> None:
    """The traitor's room, told in private: the table moves the figure it keeps and says nothing."""
    if in_house(w.s.explorers[seat]):
        w.move_explorer(seat, option)

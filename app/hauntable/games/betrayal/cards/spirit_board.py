"""The Spirit Board: a private look at where the next tile lies, told to one player only."""

from __future__ import annotations

from typing import Any

from hauntable.games.betrayal.prompts import ChooseOption
from hauntable.games.betrayal.world import World, effect_op, task


@effect_op("spirit_board")
def _spirit_board(w: World, seat: int, card: str) -> list[Any] | None:
    if w.s.config.rooms == "table" or not w.s.stack:
        w.say(
            f"{w.who(seat)} may look at the top room tile",
            "card.say",
            card=card,
            who=w.who(seat),
            variant="peek",
        )
        return None
    w.say(f"{w.who(seat)} looks at the top room tile", "card.spirit_board", who=w.who(seat))
    top = w.s.stack[0]
    return [("private_look", dict(seat=seat, card=card, text=f"the top room tile is the {top}", room=top))]


@task("private_look")
def private_look(w: World, seat: int, card: str, text: str, room: str = "") -> None:
    """Hidden information for one seat: a prompt only that player answers (the UI hands the screen over and
    back), never an outcome sentence every screen shows."""
    w.ask(
        ChooseOption(
            seat,
            f"{w.who(seat)} only - {card}: {text}",
            card,
            ("seen",),
            private=True,
            code="top_tile" if room else "",
            params=(("card", card), ("room", room)),
        ),
        on="private_seen",
    )


@task("private_seen")
def private_seen(w: World, option: str) -> None:
    """The player has seen it; nothing changes."""

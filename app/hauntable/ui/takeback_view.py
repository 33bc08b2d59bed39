"""The take back as the table reads it (rule E3, engine/takeback.py): what would be taken back, who asks,
who must agree, and what hands put back on a physical table. No Kivy: the widget
(``ui/widgets/takeback.py``) draws it, the controller carries it out."""

from __future__ import annotations

import dataclasses

from hauntable.engine.rejections import IllegalAction
from hauntable.engine.takeback import Offer
from hauntable.games.betrayal.content import Content
from hauntable.games.betrayal.inputs import DrawCard, PlaceTile
from hauntable.games.betrayal.state import State
from hauntable.ui.button_labels import choice_label
from hauntable.ui.i18n import refusal_text, tr


@dataclasses.dataclass(frozen=True)
class TakeBackModel:
    """``offer`` None: nothing can be taken back, and ``refusal`` says why (with its rule)."""

    offer: Offer | None
    refusal: str = ""
    asker: str = ""  # the explorer whose input it was ("" for the table's)
    what: str = ""  # the input, worded as its button was
    hands: tuple[str, ...] = ()  # what to put back on the table, one line each
    others: tuple[tuple[int, str], ...] = ()  # (seat, name) of the players who must agree
    seq: int = 0  # the game's seq when it was offered: a take back agreed after the game moved is stale


def refused(exc: IllegalAction) -> TakeBackModel:
    return TakeBackModel(None, refusal_text(exc.code, exc.rule, exc.sentence))


def take_back_model(offer: Offer, now: State, content: Content, seq: int) -> TakeBackModel:
    """The agreement screen for ``offer`` made in state ``now``."""
    done = offer.undone[0]
    before: State = done.before.state
    prompt = done.before.awaiting
    seat = prompt.player if prompt is not None and prompt.player is not None else before.turn.seat
    asker = now.explorers[seat].name
    inp = done.inp
    if isinstance(inp, PlaceTile):  # the table's hands laid it: the tile, where
        what = tr("takeback.what.place", tile=inp.tile, floor=tr(f"floor.{inp.floor}"), x=inp.x, y=inp.y)
    elif isinstance(inp, DrawCard):
        what = tr("takeback.what.card", card=inp.name)
    elif prompt is not None:
        what = choice_label(before, content, prompt, inp).replace("\n", " ")
    else:
        what = str(inp)
    others = tuple((e.seat, f"{e.name} ({e.player})") for e in now.explorers if e.alive and e.seat != seat)
    return TakeBackModel(offer, "", asker, what, hands_back(offer, now), others, seq)


def hands_back(offer: Offer, now: State) -> tuple[str, ...]:
    """What the hands undo at the table: figures back to their rooms, tiles off the table and back on top
    of the stack, tiles turned back, cards back on top of their decks (as the map and panels will show)."""
    before: State = offer.undone[-1].before.state
    lines = []
    for e_now, e_then in zip(now.explorers, before.explorers, strict=True):
        if e_now.room != e_then.room:
            lines.append(tr("takeback.figure", who=e_now.name, room=e_then.room))
    for name, placed in now.house.items():
        then = before.house.get(name)
        if then is None:
            lines.append(tr("takeback.tile", tile=name))
        elif then.rotation != placed.rotation or (then.floor, then.x, then.y) != (
            placed.floor,
            placed.x,
            placed.y,
        ):
            lines.append(tr("takeback.turn", tile=name))
    for done in offer.undone:
        if isinstance(done.inp, DrawCard):
            lines.append(tr("takeback.card", card=done.inp.name))
    return tuple(lines)

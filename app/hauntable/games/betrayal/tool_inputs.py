"""The inputs of the haunt's tools and of a victory claim (issue 16 items 3 and 4, docs/haunts.md).

``tools`` opens the haunt's tools (a sub-prompt, so they do not crowd the turn prompt) and ``back`` closes
them; each tool is also accepted typed on the turn prompt and the monster's prompt. A ``claim`` says a side
has met its goal; the other side confirms or refuses it (H6.2). The operations they run are haunt_ops.py's.
"""

from __future__ import annotations

import dataclasses
from typing import ClassVar

from hauntable.engine.inputs import Input
from hauntable.engine.rejections import UnreadableInput
from hauntable.games.betrayal.content import TRAITS

SIDES = ("heroes", "traitor")


def _trait(trait: str) -> None:
    if trait not in TRAITS:
        raise UnreadableInput(f"{trait!r} is not a trait ({', '.join(TRAITS)}).", "E1")


@dataclasses.dataclass(frozen=True, repr=False)
class Claim(Input):
    """``side`` says it has met its goal (the book's, or one the table does not check); the other side
    confirms or refuses before the game ends (H6.2). A random bot never claims: tapped at random it would
    end games the rules have not ended."""

    kind = "claim"
    bots_skip: ClassVar[bool] = True
    side: str

    def check(self) -> None:
        if self.side not in SIDES:
            raise UnreadableInput(f"The winner is heroes or traitor, not {self.side!r}.", "E1")


@dataclasses.dataclass(frozen=True, repr=False)
class Tools(Input):
    """Open the haunt's tools."""

    kind = "tools"


@dataclasses.dataclass(frozen=True, repr=False)
class Back(Input):
    """Close the haunt's tools without using one."""

    kind = "back"


@dataclasses.dataclass(frozen=True, repr=False)
class Check(Input):
    """The explorer at ``seat`` makes a trait roll the book asks for, ``target`` or more to succeed (0: the
    table asks for the target first). ``check 0 might 4``."""

    kind = "check"
    seat: int
    trait: str
    target: int = 0

    def check(self) -> None:
        _trait(self.trait)
        if not 0 <= self.target <= 16:
            raise UnreadableInput("A roll's target is 0 to 16.", "E1")


@dataclasses.dataclass(frozen=True, repr=False)
class ShiftTrait(Input):
    """The explorer at ``seat`` gains (``by`` > 0) or loses steps of ``trait``. ``trait 2 might -1``."""

    kind = "trait"
    seat: int
    trait: str
    by: int

    def check(self) -> None:
        _trait(self.trait)
        if not self.by or not -8 <= self.by <= 8:
            raise UnreadableInput("Raise or lower a trait by 1 to 8 steps.", "E1")


@dataclasses.dataclass(frozen=True, repr=False)
class Escape(Input):
    """The explorer at ``seat`` escapes the house (``how=escape``, a survivor) or leaves play (``leave``)."""

    kind = "escape"
    bots_skip: ClassVar[bool] = True  # a bot escaping at random would end haunts no rule ended
    seat: int
    how: str = "escape"

    def check(self) -> None:
        if self.how not in ("escape", "leave"):
            raise UnreadableInput(f"An explorer escapes or leaves play, not {self.how!r}.", "E1")


@dataclasses.dataclass(frozen=True, repr=False)
class ChangeSide(Input):
    """The explorer at ``seat`` joins ``side``."""

    kind = "side"
    bots_skip: ClassVar[bool] = True
    seat: int
    side: str

    def check(self) -> None:
        if self.side not in SIDES:
            raise UnreadableInput(f"A side is heroes or traitor, not {self.side!r}.", "E1")


@dataclasses.dataclass(frozen=True, repr=False)
class Kill(Input):
    """The monster ``name`` is killed (``how=kill``) or taken out of the house (``remove``)."""

    kind = "kill"
    name: str
    how: str = "kill"

    def check(self) -> None:
        if self.how not in ("kill", "remove"):
            raise UnreadableInput(f"A monster is killed or removed, not {self.how!r}.", "E1")


@dataclasses.dataclass(frozen=True, repr=False)
class CarryToken(Input):
    """The explorer at ``seat`` takes the haunt token ``name``: from their room, or handed over by the
    explorer carrying it. (``token NAME ROOM`` lays it down again.)"""

    kind = "carry"
    name: str
    seat: int


@dataclasses.dataclass(frozen=True, repr=False)
class Counter(Input):
    """Add ``by`` (may be negative) to the haunt's counter ``name``. ``counter Seals 1``."""

    kind = "counter"
    name: str
    by: int

    def check(self) -> None:
        if not self.name or not -99 <= self.by <= 99:
            raise UnreadableInput("A counter has a name and moves by -99 to 99.", "E1")


@dataclasses.dataclass(frozen=True, repr=False)
class Track(Input):
    """Move the clip ``name`` (``turn``, ``damage``...) on the Turn/Damage track by ``by``."""

    kind = "track"
    name: str
    by: int

    def check(self) -> None:
        if not self.name or not -99 <= self.by <= 99:
            raise UnreadableInput("A track clip has a name and moves by -99 to 99.", "E1")


TOOL_INPUTS: tuple[type[Input], ...] = (
    Claim,
    Tools,
    Back,
    Check,
    ShiftTrait,
    Escape,
    ChangeSide,
    Kill,
    CarryToken,
    Counter,
    Track,
)

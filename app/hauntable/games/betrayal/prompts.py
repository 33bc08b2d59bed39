"""The prompts Betrayal waits on. Each lists its legal answers where they can be listed."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import Any, ClassVar

from hauntable.engine.inputs import Input
from hauntable.engine.prompts import OptionText, Prompt, RollDice, for_the_view
from hauntable.games.betrayal.inputs import Choose, Ready, Rotate, Split, Use

# the haunt's tools by group, for a front-end to lay them out (book_tools.py lists and resolves them):
# claiming a victory, what happens to an explorer, to the monsters, to the haunt's tokens, to its counters
TOOL_GROUPS: dict[str, tuple[str, ...]] = {
    "victory": ("claim",),
    "explorer": ("check", "trait", "escape", "side", "traitor"),
    "monsters": ("monster", "stun", "kill"),
    "tokens": ("token", "carry"),
    "counters": ("counter", "track"),
}
TOOL_KINDS = tuple(kind for kinds in TOOL_GROUPS.values() for kind in kinds)
# turn-prompt actions that only the haunt offers (haunt.py lists and resolves them); the tools are accepted
# typed on the turn prompt too, but listed only in the tools' own prompt
HAUNT_ACTIONS = ("act", "reveal", "tools", *TOOL_KINDS)

__all__ = [
    "AidedRoll",
    "AwaitCard",
    "AwaitTile",
    "ChooseAction",
    "ChooseOption",
    "ChooseRotation",
    "ChooseTarget",
    "HandOff",
    "HauntTools",
    "MonsterTurn",
    "RearrangeFloor",
    "RollDice",
    "SplitDamage",
]


@dataclasses.dataclass(frozen=True)
class ChooseAction(Prompt):
    """The explorer's turn: move, discover, take the stairs, attempt a barrier, fall, ride, or end."""

    kind: ClassVar[str] = "action"
    accepts: ClassVar[tuple[str, ...]] = (
        *("move", "end", "cross", "fall", "ride"),
        *("use", "drop", "take", "give", "trade", "free", "attack"),
        *HAUNT_ACTIONS,
    )

    options: tuple[Input, ...] = ()
    movement_left: int = 0

    @classmethod
    def listed_later(
        cls, player: int, text: str, movement_left: int, make: Callable[[Any], tuple[Input, ...]], state: Any
    ) -> ChooseAction:
        """A turn prompt whose actions ``make(state)`` lists on the first ``choices()``. Built without the
        frozen dataclass ``__init__`` (one attribute set at a time), because the rules make one after nearly
        every input applied; equal to ``ChooseAction(player, text, (), movement_left)``. The rules point
        ``state`` at a twin of the finished state (``look_at``), so no state refers to itself."""
        prompt = object.__new__(cls)
        prompt.__dict__.update(
            player=player, text=text, options=(), movement_left=movement_left, _list=make, _state=state
        )
        return prompt

    def look_at(self, state: Any) -> None:
        """List the actions from ``state`` (still unasked, so nothing listed changes)."""
        self.__dict__["_state"] = state

    def choices(self) -> tuple[Input, ...]:
        """``options`` when given; else listed on first call by the rules (see ``rules.action_prompt``)."""
        if self.options:
            return self.options
        listed = self.__dict__.get("_listed")
        if listed is None:
            make = self.__dict__.get("_list")
            listed = make(self.__dict__["_state"]) if make is not None else ()
            object.__setattr__(self, "_listed", listed)
        return listed


@dataclasses.dataclass(frozen=True)
class SplitDamage(Prompt):
    """Split ``amount`` damage between two traits (physical: Might/Speed, mental: Sanity/Knowledge)."""

    kind: ClassVar[str] = "split"
    accepts: ClassVar[tuple[str, ...]] = ("split",)

    damage: str = "physical"
    amount: int = 0
    traits: tuple[str, ...] = ()
    limits: tuple[int, ...] = ()  # most steps each trait may take (house rule damage_at_lowest)

    def choices(self) -> tuple[Input, ...]:
        a, b = self.traits
        out = []
        for n in range(self.amount + 1):
            if n <= self.limits[0] and self.amount - n <= self.limits[1]:
                out.append(Split(**{a: n, b: self.amount - n}))
        return tuple(out)


@dataclasses.dataclass(frozen=True)
class ChooseRotation(Prompt):
    """Several ways to turn the new tile are legal: which one?"""

    kind: ClassVar[str] = "rotation"
    accepts: ClassVar[tuple[str, ...]] = ("rotate",)

    tile: str = ""
    floor: str = ""
    x: int = 0
    y: int = 0
    rotations: tuple[int, ...] = ()

    def choices(self) -> tuple[Input, ...]:
        return tuple(Rotate(r) for r in self.rotations)


@dataclasses.dataclass(frozen=True)
class ChooseTarget(Prompt):
    """Choose a cell: ``targets`` are the legal answers (Target inputs)."""

    kind: ClassVar[str] = "target"
    accepts: ClassVar[tuple[str, ...]] = ("target",)

    purpose: str = ""
    targets: tuple[Input, ...] = ()

    def choices(self) -> tuple[Input, ...]:
        return self.targets


@dataclasses.dataclass(frozen=True)
class AwaitTile(Prompt):
    """Table mode: lay a room tile of ``floor`` at the cell beyond the door just used."""

    kind: ClassVar[str] = "tile"
    accepts: ClassVar[tuple[str, ...]] = ("place",)

    floor: str = ""
    cells: tuple[tuple[int, int], ...] = ()


@dataclasses.dataclass(frozen=True)
class AwaitCard(Prompt):
    """Table mode: draw the top card of ``deck`` and lay it on the draw pad."""

    kind: ClassVar[str] = "card"
    accepts: ClassVar[tuple[str, ...]] = ("card",)

    deck: str = ""


@dataclasses.dataclass(frozen=True)
class AidedRoll(RollDice):
    """A roll whose roller holds a card that may change it before the throw (C12): it takes the dice, or
    ``use NAME`` for one of ``aids`` (listed as choices; the dice themselves cannot be listed)."""

    accepts: ClassVar[tuple[str, ...]] = ("roll", "use")

    aids: tuple[str, ...] = ()

    def choices(self) -> tuple[Input, ...]:
        return tuple(Use(a) for a in self.aids)


@dataclasses.dataclass(frozen=True)
class ChooseOption(Prompt):
    """Pick one of ``options`` for ``purpose`` (a card offering a choice of trait, yes or no, ...)."""

    kind: ClassVar[str] = "option"
    accepts: ClassVar[tuple[str, ...]] = ("choose",)

    purpose: str = ""
    options: tuple[str, ...] = ()
    # hidden information for ``player`` only (a deck's cards, the top room tile): a front-end hands the
    # screen to that player before showing it and takes it back after
    private: bool = False
    # what is asked, for a front-end to word in its language (``ask.<code>``), with the names and numbers
    # it needs; the same shape as ``Outcome.params``. ``text`` stays the English reference.
    code: str = ""
    params: tuple[tuple[str, Any], ...] = ()
    # each option's words for a front-end, when the engine builds the option from names and numbers
    option_texts: tuple[OptionText, ...] = for_the_view()
    # a card's own question (code "choose"), for a front-end: ``question.<code>`` with its names
    question_text: OptionText | None = dataclasses.field(default=None, metadata={"view": True})

    def choices(self) -> tuple[Input, ...]:
        return tuple(Choose(o) for o in self.options)


@dataclasses.dataclass(frozen=True)
class HandOff(Prompt):
    """The haunt begins: the traitor (``player``) reads their book in private and taps ready (H2.2). The
    text is safe for the shared screen: in a hidden-traitor haunt it names nobody."""

    kind: ClassVar[str] = "handoff"
    accepts: ClassVar[tuple[str, ...]] = ("ready",)

    number: int = 0
    book: str = ""
    # which hand-off this is, for a front-end to word it in its language: traitor, hidden, open or
    # scenario (then ``params`` carry the scenario's name and goals, written in English)
    code: str = ""
    params: tuple[tuple[str, Any], ...] = ()

    def choices(self) -> tuple[Input, ...]:
        return (Ready(),)


@dataclasses.dataclass(frozen=True)
class MonsterTurn(Prompt):
    """One monster's part of the monster turn (H5.2): move it (``go ROOM``), attack once (``attack SEAT``,
    H5.7), its haunt actions, the haunt's tools (a victory claimed while monsters act, issue 17 item 8), or
    ``end``."""

    kind: ClassVar[str] = "monster"
    accepts: ClassVar[tuple[str, ...]] = ("go", "attack", "act", "end", "tools", *TOOL_KINDS)

    monster: str = ""
    movement_left: int = 0
    options: tuple[Input, ...] = ()

    def choices(self) -> tuple[Input, ...]:
        return self.options


@dataclasses.dataclass(frozen=True)
class RearrangeFloor(ChooseOption):
    """Table mode, B3.3: the engine has rearranged a closed floor; the players change the tiles on the
    table as the text says and answer ``done``.

    ``moves`` are (room, x, y): where a moved tile now lies on ``floor`` (the readers see it arrive, and
    the referee answers ``done`` itself once every one has and nothing needs turning); ``turned`` names
    the tiles to turn, which no reader can see, so only the players' answer tells the table.
    """

    floor: str = ""
    moves: tuple[tuple[str, int, int], ...] = ()
    turned: tuple[str, ...] = ()


@dataclasses.dataclass(frozen=True)
class HauntTools(Prompt):
    """The haunt's tools, opened from the turn prompt or a monster's prompt (``tools``): a victory claim,
    and in book mode what the book makes happen (a trait roll, a trait raised or lowered, an explorer who
    escapes or changes side, monsters, haunt tokens, counters). ``back`` closes them; after a tool the
    prompt it was opened from comes back. ``groups`` follows TOOL_GROUPS for a front-end's layout."""

    kind: ClassVar[str] = "tools"
    accepts: ClassVar[tuple[str, ...]] = ("back", *TOOL_KINDS)

    options: tuple[Input, ...] = ()

    def choices(self) -> tuple[Input, ...]:
        return self.options

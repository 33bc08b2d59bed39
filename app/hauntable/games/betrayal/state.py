"""Betrayal game state: plain data, cloned before each input is applied, never mutated once returned."""

from __future__ import annotations

import dataclasses
from typing import Any

from hauntable.engine.prompts import Prompt
from hauntable.games.betrayal.config import GameConfig


@dataclasses.dataclass(frozen=True)
class Placed:
    """A room tile in the house: its floor, cell and rotation (quarter turns clockwise)."""

    floor: str
    x: int
    y: int
    rotation: int = 0


@dataclasses.dataclass
class Explorer:
    """One seat's explorer. Traits are indices into the character's printed tracks (0 = lowest step)."""

    seat: int
    player: str
    character: str
    name: str
    traits: dict[str, int]
    room: str
    side: str | None = None  # in a barrier room: the door whose side of the barrier the explorer is on
    items: list[str] = dataclasses.field(default_factory=list)
    omens: list[str] = dataclasses.field(default_factory=list)
    bonuses_taken: list[str] = dataclasses.field(default_factory=list)
    alive: bool = True
    # steps an item or omen lifted a trait above its track top; lost first (rule C6)
    excess: dict[str, int] = dataclasses.field(default_factory=dict)
    kept: list[str] = dataclasses.field(default_factory=list)  # event cards kept in front (Webs, ...)
    marks: dict[str, Any] = dataclasses.field(default_factory=dict)  # small card memories (Mask on, ...)

    def copy(self) -> Explorer:
        new = object.__new__(Explorer)
        new.__dict__.update(self.__dict__)
        new.traits, new.items, new.omens = dict(self.traits), list(self.items), list(self.omens)
        new.bonuses_taken = list(self.bonuses_taken)
        new.excess, new.kept, new.marks = dict(self.excess), list(self.kept), dict(self.marks)
        return new


@dataclasses.dataclass
class Turn:
    """What the current explorer has done this turn."""

    seat: int
    moved: int = 0  # rooms entered with movement this turn
    movement_over: bool = False  # a card was drawn, a barrier stopped them, ...
    omen_drawn: str | None = None  # the last omen drawn this turn (for the haunt roll)
    omen_room: str | None = None  # where it was drawn
    tried: list[str] = dataclasses.field(default_factory=list)  # once-per-turn rolls already attempted
    elevator_moved: bool = False

    def copy(self) -> Turn:
        new = object.__new__(Turn)
        new.__dict__.update(self.__dict__)
        new.tried = list(self.tried)
        return new


@dataclasses.dataclass
class State:
    """The whole truth of one game. ``awaiting`` is the one prompt the game waits for (None: over)."""

    config: GameConfig
    seq: int
    phase: str  # explore | haunt
    round: int
    explorers: list[Explorer]
    house: dict[str, Placed]
    stack: list[str]  # virtual room stack, top first (table mode: tiles not yet in the house)
    stack_discards: list[str]
    decks: dict[str, list[str]]
    card_discards: dict[str, list[str]]
    rng: int
    turn: Turn
    omens_drawn: int = 0
    tokens: dict[str, str] = dataclasses.field(default_factory=dict)  # token name -> room
    pending: list[tuple[str, dict[str, Any]]] = dataclasses.field(default_factory=list)
    awaiting: Prompt | None = None
    ctx: dict[str, Any] = dataclasses.field(default_factory=dict)  # what the awaited prompt resolves
    haunt: dict[str, Any] | None = None
    marks: dict[str, Any] = dataclasses.field(default_factory=dict)  # card memories of the whole game
    _cells: dict[tuple[str, int, int], str] | None = dataclasses.field(default=None, repr=False)

    def clone(self) -> State:
        """A copy whose containers can be changed without touching this state.

        Explorers are shared with this state until changed: change one only through ``World.explorer``.
        """
        new = object.__new__(State)
        new.__dict__.update(self.__dict__)
        new.explorers = list(self.explorers)  # shared: World.explorer() copies one before changing it
        new.house = dict(self.house)
        new.stack = list(self.stack)
        new.stack_discards = list(self.stack_discards)
        new.decks = {k: list(v) for k, v in self.decks.items()}
        new.card_discards = {k: list(v) for k, v in self.card_discards.items()}
        new.turn = self.turn.copy()
        new.tokens = dict(self.tokens)
        new.marks = dict(self.marks)
        new.pending = list(self.pending)
        if self.haunt is not None:  # plain nested data (monsters, tokens, scenario counters): copied whole
            new.haunt = _copy_data(self.haunt)
        new._cells = self._cells  # the house is unchanged until house_changed() says so
        return new

    @property
    def cells(self) -> dict[tuple[str, int, int], str]:
        """(floor, x, y) -> room name, rebuilt lazily after the house changes."""
        if self._cells is None:
            self._cells = {(p.floor, p.x, p.y): name for name, p in self.house.items()}
        return self._cells

    def house_changed(self) -> None:
        self._cells = None

    @property
    def current(self) -> Explorer:
        return self.explorers[self.turn.seat]

    def to_json(self) -> dict[str, Any]:
        return {
            "game": "betrayal",
            "seq": self.seq,
            "phase": self.phase,
            "round": self.round,
            "config": self.config.to_json(),
            "explorers": [
                dict(e.__dict__, traits=dict(e.traits), excess=dict(sorted(e.excess.items())))
                for e in self.explorers
            ],
            "house": {name: [p.floor, p.x, p.y, p.rotation] for name, p in sorted(self.house.items())},
            "stack": list(self.stack),
            "stack_discards": list(self.stack_discards),
            "decks": {k: list(v) for k, v in sorted(self.decks.items())},
            "card_discards": {k: list(v) for k, v in sorted(self.card_discards.items())},
            "rng": self.rng,
            "turn": dict(self.turn.__dict__),
            "omens_drawn": self.omens_drawn,
            "tokens": dict(sorted(self.tokens.items())),
            "pending": [[name, params] for name, params in self.pending],
            "awaiting": self.awaiting.to_json() if self.awaiting else None,
            "ctx": self.ctx,
            "haunt": self.haunt,
            "marks": dict(sorted(self.marks.items())),
        }


def _copy_data(value: Any) -> Any:
    """A deep copy of plain JSON-like data (dicts, lists, scalars), faster than ``copy.deepcopy``."""
    if isinstance(value, dict):
        return {k: _copy_data(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_copy_data(v) for v in value]
    return value

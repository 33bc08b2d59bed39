"""Betrayal game state: plain data, cloned before each input is applied, never mutated once returned."""

from __future__ import annotations

import dataclasses
from typing import Any

from hauntable.engine.copying import copier, fields_of
from hauntable.engine.prompts import Prompt
from hauntable.games.betrayal.config import GameConfig
from hauntable.games.betrayal.records import Haunt, copy_haunt


@dataclasses.dataclass(frozen=True)
class Placed:
    """A room tile in the house: its floor, cell and rotation (quarter turns clockwise)."""

    floor: str
    x: int
    y: int
    rotation: int = 0


@dataclasses.dataclass(slots=True)
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
        return copy_explorer(self)


copy_explorer = copier(
    Explorer, traits=dict, items=list, omens=list, bonuses_taken=list, excess=dict, kept=list, marks=dict
)
share_explorer = copier(Explorer)  # traits and cards shared: for a move (World.move_explorer)


@dataclasses.dataclass(slots=True)
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
        return copy_turn(self)


copy_turn = copier(Turn, tried=list)


@dataclasses.dataclass(slots=True)
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
    haunt: Haunt | None = None  # the haunt's records (records.py), from the haunt roll on
    marks: dict[str, Any] = dataclasses.field(default_factory=dict)  # card memories of the whole game
    _cells: dict[tuple[str, int, int], str] | None = dataclasses.field(default=None, repr=False)
    _first: int | None = dataclasses.field(default=None, repr=False)  # the seat that opens each round

    def clone(self) -> State:
        """A copy for one ``apply`` to change: its turn and task queue are its own.

        Explorers, the house, the stacks, card piles, tokens and marks are shared with this state until
        changed: change them only through ``World.explorer``, ``World.own``, ``World.place``,
        ``World.deck`` or ``World.discards`` (or assign a new container).
        """
        return _copy_state(self)

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
                dict(fields_of(e), traits=dict(e.traits), excess=dict(sorted(e.excess.items())))
                for e in self.explorers
            ],
            "house": {name: [p.floor, p.x, p.y, p.rotation] for name, p in sorted(self.house.items())},
            "stack": list(self.stack),
            "stack_discards": list(self.stack_discards),
            "decks": {k: list(v) for k, v in sorted(self.decks.items())},
            "card_discards": {k: list(v) for k, v in sorted(self.card_discards.items())},
            "rng": self.rng,
            "turn": fields_of(self.turn),
            "omens_drawn": self.omens_drawn,
            "tokens": dict(sorted(self.tokens.items())),
            "pending": [[name, params] for name, params in self.pending],
            "awaiting": self.awaiting.to_json() if self.awaiting else None,
            "ctx": self.ctx,
            "haunt": self.haunt.to_json() if self.haunt is not None else None,
            "marks": dict(sorted(self.marks.items())),
        }


# Explorers and every container but the turn, the task queue and the haunt's records are shared with the
# previous state until changed (World.explorer, World.deck, World.discards, World.own copy them on first use;
# a property test checks no accepted input changes the state it was applied to). The cell index follows the
# house: shared until World.place copies and updates it (or house_changed() drops it).
_copy_state = copier(
    State,
    explorers=list,
    turn=copy_turn,
    pending=list,
    haunt=copy_haunt,  # the haunt's records, monsters and all
    maybe_none=("haunt",),
)
State.clone = _copy_state  # type: ignore[assignment]  # the copier itself: no method frame per input

"""Betrayal game state: plain data, cloned before each input is applied, never mutated once returned."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import Any, TypeVar

from hauntable.engine.prompts import Prompt
from hauntable.games.betrayal.config import GameConfig

T = TypeVar("T")


def copier(cls: type[T], **deep: Callable[[Any], Any]) -> Callable[[T], T]:
    """A fast copy of dataclass ``cls``: fields named in ``deep`` are copied with the function given (list,
    dict, ...), the others shared. Generated once per class, as dataclasses generate ``__init__``, because a
    state and a turn are copied for every input applied and a generic copy costs three times as much.
    A field added to the class is copied too (shared, unless named in ``deep``)."""
    names = [f.name for f in dataclasses.fields(cls)]  # type: ignore[arg-type]
    unknown = set(deep) - set(names)
    if unknown:
        raise ValueError(f"{cls.__name__} has no field(s) {sorted(unknown)}")
    if getattr(cls, "__post_init__", None) is not None:
        raise ValueError(f"{cls.__name__}: a copy skips __init__, so it would skip __post_init__ too")
    # the fields set one by one on a new instance: a third cheaper than calling the dataclass __init__
    lines = "".join(f"\n    n.{n} = _{n}(s.{n})" if n in deep else f"\n    n.{n} = s.{n}" for n in names)
    namespace: dict[str, Any] = {"cls": cls, "_new": object.__new__}
    namespace.update({f"_{n}": fn for n, fn in deep.items()})
    exec(f"def copy(s):\n    n = _new(cls){lines}\n    return n", namespace)  # from field names only
    return namespace["copy"]


def fields_of(obj: Any) -> dict[str, Any]:
    """A slots dataclass's fields as a dict (what ``__dict__`` gave before the classes had slots)."""
    return {f.name: getattr(obj, f.name) for f in dataclasses.fields(obj)}


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
    haunt: dict[str, Any] | None = None
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


# Explorers and every container but the turn, the task queue and the haunt's data are shared with the
# previous state until changed (World.explorer, World.deck, World.discards, World.own copy them on first use;
# a property test checks no accepted input changes the state it was applied to). The cell index follows the
# house: shared until World.place copies and updates it (or house_changed() drops it).
_copy_state = copier(
    State,
    explorers=list,
    turn=copy_turn,
    pending=list,
    haunt=lambda h: None if h is None else _copy_data(h),  # plain nested data: copied whole
)

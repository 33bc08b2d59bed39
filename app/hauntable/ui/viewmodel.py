"""What to draw of the house and the explorers, read from engine state: floors and explorer panels.
Kivy-free and pure.

Nothing here decides a rule (house style 14): the cells offered are the prompt's own; door geometry comes
from the engine's ``HouseView``. The prompt's words are apart: its line in ``prompt_heading.py``, its
buttons in ``button_labels.py``.
"""

from __future__ import annotations

import dataclasses

from hauntable.games.betrayal import inputs as bi
from hauntable.games.betrayal.content import FLOORS, TRAITS, Content
from hauntable.games.betrayal.house import OPPOSITE, HouseView, neighbour
from hauntable.games.betrayal.prompts import AwaitTile, ChooseRotation, ChooseTarget
from hauntable.games.betrayal.state import State

SEAT_COLORS = (
    (0.90, 0.30, 0.30),
    (0.30, 0.60, 0.95),
    (0.35, 0.80, 0.40),
    (0.95, 0.80, 0.25),
    (0.75, 0.45, 0.90),
    (0.95, 0.55, 0.20),
)


@dataclasses.dataclass(frozen=True)
class TileModel:
    name: str
    x: int
    y: int
    doors: tuple[str, ...]  # doors that open (onto a door or onto open space), world directions
    explorers: tuple[int, ...]  # seats standing here
    tokens: tuple[str, ...]


@dataclasses.dataclass(frozen=True)
class FloorModel:
    floor: str
    tiles: tuple[TileModel, ...]
    doorways: tuple[tuple[int, int], ...]  # empty cells behind an open door
    offered: tuple[tuple[int, int], ...]  # cells the awaited prompt asks to tap (tile or target)

    @property
    def bounds(self) -> tuple[int, int, int, int]:
        """(x0, y0, x1, y1) over tiles, doorways and offered cells; (0, 0, 0, 0) for an empty floor."""
        cells = [(t.x, t.y) for t in self.tiles] + list(self.doorways) + list(self.offered)
        if not cells:
            return (0, 0, 0, 0)
        xs, ys = [c[0] for c in cells], [c[1] for c in cells]
        return (min(xs), min(ys), max(xs), max(ys))


def hidden(state: State, seat: int) -> bool:
    """A living explorer whose figure is off the board (haunt 41's invisible traitor): the shared screen
    never shows its room (only its own private prompt names it)."""
    return state.haunt is not None and seat in state.haunt.unseen and state.explorers[seat].alive


def floor_model(state: State, content: Content, floor: str) -> FloorModel:
    view = HouseView(state, content)
    placed = {(p.x, p.y): name for name, p in state.house.items() if p.floor == floor}
    tiles = []
    for (x, y), name in sorted(placed.items()):
        doors = []
        for d in view.doors(name):
            other = placed.get(neighbour(floor, x, y, d)[1:])
            if other is None or OPPOSITE[d] in view.doors(other):
                doors.append(d)  # a door onto another room's wall is drawn as wall
        here = tuple(
            e.seat for e in state.explorers if e.room == name and e.alive and not hidden(state, e.seat)
        )
        tokens = tuple(sorted(t for t, room in state.tokens.items() if room == name))
        tiles.append(TileModel(name, x, y, tuple(doors), here, tokens))
    doorways: set[tuple[int, int]] = set()
    if view.tiles_left_for(floor):
        doorways = {(c[1], c[2]) for _, _, c in view.open_doorways(floor)}
    return FloorModel(floor, tuple(tiles), tuple(sorted(doorways - set(placed))), offered_cells(state, floor))


def offered_cells(state: State, floor: str) -> tuple[tuple[int, int], ...]:
    prompt = state.awaiting
    if isinstance(prompt, AwaitTile) and prompt.floor == floor:
        return tuple(prompt.cells)
    if isinstance(prompt, ChooseTarget):
        return tuple((t.x, t.y) for t in prompt.targets if isinstance(t, bi.Target) and t.floor == floor)
    if isinstance(prompt, ChooseRotation) and prompt.floor == floor:
        return ((prompt.x, prompt.y),)  # the new tile being turned
    return ()


@dataclasses.dataclass(frozen=True)
class TraitModel:
    trait: str
    value: int
    track: tuple[int, ...]
    index: int
    start: int


@dataclasses.dataclass(frozen=True)
class ExplorerModel:
    seat: int
    name: str
    player: str
    room: str
    current: bool
    alive: bool
    traits: tuple[TraitModel, ...]
    items: tuple[str, ...]
    omens: tuple[str, ...]


def explorer_models(state: State, content: Content) -> tuple[ExplorerModel, ...]:
    out = []
    for e in state.explorers:
        ch = content.characters[e.character]
        traits = tuple(
            TraitModel(t, ch.tracks[t][e.traits[t]], tuple(ch.tracks[t]), e.traits[t], ch.start[t])
            for t in TRAITS
        )
        current = state.turn.seat == e.seat and state.awaiting is not None
        out.append(
            ExplorerModel(
                e.seat,
                e.name,
                e.player,
                "?" if hidden(state, e.seat) else e.room,
                current,
                e.alive,
                traits,
                tuple(e.items),
                tuple(e.omens),
            )
        )
    return tuple(out)


def floors() -> tuple[str, ...]:
    """Floors in drawing order, bottom to top of the house: basement, ground, upper."""
    return tuple(FLOORS)

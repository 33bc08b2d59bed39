"""Demo states for screenshots and benchmarks: a real game played by the random bot in table mode.

Nothing here is used in play. ``big_house`` also lays extra tiles on legal cells (engine geometry, no
rules of its own) to reach the 40+ tiles the benchmark asks for, which a game rarely has before the haunt.
"""

from __future__ import annotations

import dataclasses
import functools

from hauntable.engine.prompts import RollDice
from hauntable.engine.rng import Rng
from hauntable.games.betrayal.config import GameConfig, HouseRules, PlayerSpec
from hauntable.games.betrayal.content import FLOORS, load_content
from hauntable.games.betrayal.house import HouseView
from hauntable.games.betrayal.prompts import AwaitCard, AwaitTile
from hauntable.games.betrayal.state import Placed, State
from hauntable.games.betrayal.tool_inputs import Tools
from hauntable.session import Session
from hauntable.table.channel import Channel
from hauntable.ui.simulator import TableSimulator

SIX = (
    ("Ann", "zoe"),
    ("Ben", "ox"),
    ("Cy", "vivian"),
    ("Dee", "peter"),
    ("Eve", "longfellow"),
    ("Fay", "heather"),
)


def config(seed: int, seats: int = 3) -> GameConfig:
    players = tuple(PlayerSpec(n, c) for n, c in SIX[:seats])
    return GameConfig(players=players, today="11-30", seed=seed, rooms="table", cards="table", board="table7")


# B3.3 scenes on the table7 basement (landing at 3,3): dead ends north, east and south (the Crypt can shift
# north), or a Kitchen whose east door faces the back of the Vault (it can turn)
DEAD_ENDS = {"Crypt": (3, 4, 2), "Pentagram Chamber": (4, 3, 2), "Vault": (3, 2, 0)}
TURNABLE = {"Kitchen": (3, 4, 1), "Pentagram Chamber": (4, 3, 2), "Vault": (4, 4, 2), "Crypt": (3, 2, 0)}
ONE_DOOR = ("Storeroom", "Stairs from Basement", "Mystic Elevator")


def closed_basement(rooms: dict[str, tuple[int, int, int]], seed: int = 3) -> tuple[Channel, TableSimulator]:
    """A table-mode game whose current explorer stands on the basement landing among ``rooms``
    {name: (x, y, quarter turns)}, their tags on the readers, with only one-door basement tiles left; the
    explorer goes west and the simulator lays the next tile, which closes the basement (rule B3.3)."""
    from hauntable.games.betrayal.inputs import Move
    from hauntable.games.betrayal.rules import action_prompt
    from hauntable.games.betrayal.world import World
    from hauntable.ui.simulator import tag_uid

    content = load_content()
    channel, sim = game_at(seed, 0)
    s = channel.step.state  # changed in place: its house, stack and explorers are copied first (shared)
    s.house, s.stack, s.explorers = dict(s.house), list(s.stack), [e.copy() for e in s.explorers]
    for name, (x, y, rotation) in rooms.items():
        s.house[name] = Placed("basement", x, y, rotation)
        s.stack.remove(name)
    s.house_changed()
    s.explorers[s.turn.seat].room = "Basement Landing"
    s.stack = [t for t in s.stack if "basement" not in content.rooms[t].floors or t in ONE_DOOR]
    s.awaiting = action_prompt(World(s, content))
    for name, (x, y, _) in rooms.items():
        reader, uid = f"basement:{x},{y}", tag_uid("tile", name)
        sim.backend.reader(reader).place(uid)
        sim.where[name] = reader
        sim.scanner.run_until(functools.partial(sim.tag_on, reader, uid), 2.0)
        sim.stack.remove(name)
    sim.referee.refresh()
    channel.submit(Move("W"), channel.seq)
    sim.place_next_tile()
    return channel, sim


def play(channel: Channel, sim: TableSimulator, seed: int, steps: int, stop=None) -> None:
    """Answer ``steps`` prompts the way a table would (simulator for hardware, random legal choices; as a
    random bot, never a victory claim)."""
    rng = Rng(seed)
    for _ in range(steps):
        prompt = channel.step.awaiting
        if prompt is None or (stop is not None and stop(prompt)):
            return
        if isinstance(prompt, AwaitTile):
            sim.place_next_tile()
        elif isinstance(prompt, AwaitCard):
            sim.put_card_on_draw_pad()
        elif isinstance(prompt, RollDice):
            sim.throw_dice()
        else:
            choices = tuple(c for c in prompt.choices() if not c.bots_skip)  # never a claim (H6.2)
            moves = [c for c in choices if c.kind != "end"]
            pool = moves if moves and rng.below(10) < 8 else choices
            channel.submit(pool[rng.below(len(pool))], channel.seq)


def game_at(seed: int, steps: int, seats: int = 3, stop=None) -> tuple[Channel, TableSimulator]:
    channel = Channel(Session.new("betrayal", config(seed, seats)))
    sim = TableSimulator(channel, seed)
    play(channel, sim, seed, steps, stop)
    return channel, sim


def big_house(state: State, tiles: int = 42, tokens: int = 12) -> State:
    """A copy of ``state`` with at least ``tiles`` rooms laid on legal cells, explorers spread, tokens."""
    content = load_content()
    s = state.clone()  # shares the house and the explorers with ``state``: this changes copies
    s.house, s.explorers = dict(s.house), [e.copy() for e in s.explorers]
    names = [n for n in content.room_tiles() if n not in s.house]
    progress = True
    while len(s.house) < tiles and progress:
        progress = False
        for floor in FLOORS:
            view = HouseView(s, content)
            for _room, _d, cell in view.open_doorways(floor):
                tile = next((n for n in names if floor in content.rooms[n].floors), None)
                if tile is None or cell in s.cells:
                    continue
                found = view.placements(tile, cell, None, True)
                if found:
                    s.house[tile] = Placed(floor, cell[1], cell[2], found[0][0])
                    s.house_changed()
                    names.remove(tile)
                    progress = True
                    break
    rooms = sorted(s.house)
    for i, e in enumerate(s.explorers):
        e.room = rooms[(i * 7) % len(rooms)]
    s.tokens = {f"token {i}": rooms[(i * 5) % len(rooms)] for i in range(tokens)}
    return s


def haunt_house(tiles: int = 45) -> tuple[Channel, TableSimulator]:
    """A 6-seat game in its haunt's second round (seed 10: haunt 21 and its monsters) with the house filled
    to ``tiles`` rooms (``big_house``), the first monster stunned, a Key carried by the second and a Trap
    token in a room: the full late house the screenshots and the benchmarks show. The channel shows that
    state (a bench-only state)."""

    def stop(_prompt) -> bool:
        h = channel.step.state.haunt
        return h is not None and h.started and h.round >= 2 and bool(h.monsters)

    channel = Channel(Session.new("betrayal", config(10, 6)))
    sim = TableSimulator(channel, 10)
    play(channel, sim, 10, 3000, stop)
    state = big_house(channel.step.state, tiles, tokens=4)
    haunt = state.haunt
    assert haunt is not None
    first, *rest = sorted(haunt.monsters)
    haunt.monsters[first].stunned = True
    for mid in rest[:1]:
        haunt.hold("Key", mid)
    haunt.put("Trap", state.explorers[0].room)
    channel.session.play_on_from(type(channel.step)(state))  # show the filled house
    return channel, sim


def book_monster_game(seed: int = 3, seats: int = 4) -> tuple[Channel, TableSimulator]:
    """A book-mode game played until an explorer's turn offers the haunt's tools (where a new monster is
    placed: the haunt book's tools)."""
    cfg = dataclasses.replace(config(seed, seats), house_rules=HouseRules(haunt_mode="book"))
    channel = Channel(Session.new("betrayal", cfg))
    sim = TableSimulator(channel, seed)
    play(channel, sim, seed, 3000, lambda p: p.kind == "action" and Tools() in p.choices())
    return channel, sim

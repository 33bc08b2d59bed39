"""A floor closed on the simulated table (rule B3.3): the screen says, in the table's language, which tiles
to move or turn; the simulator's hands move the tags; the referee sees them arrive and play goes on."""

from __future__ import annotations

from hauntable.games.betrayal.content import load_content
from hauntable.games.betrayal.inputs import Choose, Move
from hauntable.games.betrayal.prompts import RearrangeFloor
from hauntable.games.betrayal.rules import action_prompt
from hauntable.games.betrayal.state import Placed
from hauntable.games.betrayal.world import World
from hauntable.ui import demo, i18n
from hauntable.ui.simulator import tag_uid
from hauntable.ui.viewmodel import choice_label, heading

CONTENT = load_content()
ONE_DOOR = ("Storeroom", "Stairs from Basement", "Mystic Elevator")


def closed_basement(rooms: dict[str, tuple[int, int, int]]):
    """The current explorer on the basement landing (table7: 3,3) among ``rooms`` {name: (x, y, turn)},
    their tags on the readers, and only one-door basement tiles left: the next basement tile closes it."""
    channel, sim = demo.game_at(seed=3, steps=0)
    s = channel.step.state
    for name, (x, y, rotation) in rooms.items():
        s.house[name] = Placed("basement", x, y, rotation)
        s.stack.remove(name)
    s.house_changed()
    s.explorers[s.turn.seat].room = "Basement Landing"
    s.stack = [t for t in s.stack if "basement" not in CONTENT.rooms[t].floors or t in ONE_DOOR]
    s.awaiting = action_prompt(World(s, CONTENT))
    for name, (x, y, _) in rooms.items():
        reader, uid = f"basement:{x},{y}", tag_uid("tile", name)
        sim.backend.reader(reader).place(uid)
        sim.where[name] = reader
        sim.scanner.run_until(lambda uid=uid, reader=reader: uid in sim.scanner.present(reader), 2.0)
        sim.stack.remove(name)
    sim.referee.refresh()
    channel.submit(Move("W"), channel.seq)
    placed = sim.place_next_tile()
    assert placed.ok, placed
    return channel, sim


def test_B3_3_a_shift_is_told_in_the_table_language_and_the_simulator_moves_the_tag():
    dead_ends = {"Crypt": (3, 4, 2), "Pentagram Chamber": (4, 3, 2), "Vault": (3, 2, 0)}
    channel, sim = closed_basement(dead_ends)
    prompt = channel.step.awaiting
    assert isinstance(prompt, RearrangeFloor) and prompt.moves == (("Crypt", 3, 5),)
    state = channel.step.state
    try:
        i18n.set_language("de")
        assert "Crypt nach 3,5 versetzen" in heading(state, prompt)
        assert choice_label(state, CONTENT, prompt, Choose("done")) == "Fertig"
        i18n.set_language("en")
        assert "move the Crypt to 3,5" in heading(state, prompt)
    finally:
        i18n.set_language("en")
    assert not sim.place_next_tile().ok  # no tile is wanted while the floor is rearranged
    result = sim.rearrange_floor()
    assert result.ok and result.key == "sim.rearranged"
    assert sim.where["Crypt"] == "basement:3,5"
    assert not isinstance(channel.step.awaiting, RearrangeFloor)  # seen in place: the referee said done


def test_B3_3_a_turn_needs_the_players_tap():
    turnable = {"Kitchen": (3, 4, 1), "Pentagram Chamber": (4, 3, 2), "Vault": (4, 4, 2), "Crypt": (3, 2, 0)}
    channel, sim = closed_basement(turnable)
    prompt = channel.step.awaiting
    assert isinstance(prompt, RearrangeFloor) and prompt.turned and not prompt.moves
    assert "turn the Kitchen as the map shows" in heading(channel.step.state, prompt)
    assert sim.rearrange_floor().ok
    assert isinstance(channel.step.awaiting, RearrangeFloor)  # a turn cannot be read: still waiting
    channel.submit(Choose("done"), channel.seq)
    assert not isinstance(channel.step.awaiting, RearrangeFloor)

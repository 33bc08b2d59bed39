"""A floor closed on the simulated table (rule B3.3): the screen says, in the table's language, which tiles
to move or turn; the simulator's hands move the tags; the referee sees them arrive and play goes on. A Done
tapped before the readers saw a moved tile in place is refused (B3.3.5)."""

from __future__ import annotations

from hauntable.engine.hashing import state_hash
from hauntable.games.betrayal.content import load_content
from hauntable.games.betrayal.inputs import Choose
from hauntable.games.betrayal.prompts import RearrangeFloor
from hauntable.ui import demo, i18n
from hauntable.ui.button_labels import choice_label
from hauntable.ui.i18n import refusal_text
from hauntable.ui.prompt_heading import heading

CONTENT = load_content()


def test_B3_3_a_shift_is_told_in_the_table_language_and_the_simulator_moves_the_tag():
    channel, sim = demo.closed_basement(demo.DEAD_ENDS)
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
    channel, sim = demo.closed_basement(demo.TURNABLE)
    prompt = channel.step.awaiting
    assert isinstance(prompt, RearrangeFloor) and prompt.turned and not prompt.moves
    assert "turn the Kitchen as the map shows" in heading(channel.step.state, prompt)
    assert sim.rearrange_floor().ok
    assert isinstance(channel.step.awaiting, RearrangeFloor)  # a turn cannot be read: still waiting
    channel.submit(Choose("done"), channel.seq)
    assert not isinstance(channel.step.awaiting, RearrangeFloor)


def test_B3_3_5_a_done_tapped_before_the_moved_tile_is_seen_is_refused_and_changes_nothing():
    channel, sim = demo.closed_basement(demo.DEAD_ENDS)
    before = state_hash(channel.step.state)
    assert channel.submit(Choose("done"), channel.seq) is None
    refusal = channel.last_refusal
    assert refusal.rule == "B3.3.5" and "Lay the Crypt at basement 3,5 first" in refusal.sentence
    assert refusal_text(refusal.code, refusal.rule, refusal.sentence, "de").startswith("Zuerst die Plättchen")
    assert isinstance(channel.step.awaiting, RearrangeFloor) and state_hash(channel.step.state) == before
    assert sim.rearrange_floor().ok  # the readers see the Crypt arrive: the referee answers done itself
    assert not isinstance(channel.step.awaiting, RearrangeFloor)

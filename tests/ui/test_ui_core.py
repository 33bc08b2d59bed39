"""The Kivy-free parts of the UI: the one channel, the simulator adapter and the catalogs."""

from __future__ import annotations

import pytest

from hauntable.engine.hashing import state_hash
from hauntable.engine.outcomes import Outcome
from hauntable.games.betrayal.inputs import EndTurn, Move, Roll
from hauntable.games.betrayal.prompts import AwaitTile
from hauntable.table.channel import STALE_CODE
from hauntable.ui import demo, i18n


def test_a_tap_stamped_with_an_old_seq_is_refused_and_changes_nothing():
    channel, _ = demo.game_at(seed=3, steps=0)
    old = channel.seq
    assert channel.submit(Move("N"), old) is not None
    before = state_hash(channel.step.state)
    assert channel.submit(EndTurn(), old) is None
    assert channel.last_refusal.code == STALE_CODE
    assert state_hash(channel.step.state) == before


def test_an_engine_rejection_is_kept_with_the_seat_that_caused_it():
    channel, _ = demo.game_at(seed=3, steps=0)
    seat = channel.step.awaiting.player
    assert channel.submit(Move("S"), channel.seq) is None  # the Entrance Hall's front door stays locked
    refusal = channel.last_refusal
    assert refusal.seat == seat and refusal.code.startswith("rule/") and refusal.sentence


def test_the_simulator_plays_a_table_mode_game_to_the_haunt():
    channel, _sim = demo.game_at(seed=3, steps=2000)
    assert channel.step.awaiting is None
    assert channel.step.state.haunt is not None
    sources = {o for step in channel.history for o in step.outcomes if o.code == "roll"}
    assert any("virtual-tower:" in dict(o.params)["source"] for o in sources)


def test_an_unplugged_tower_throws_nothing_and_says_so():
    channel, sim = demo.game_at(seed=5, steps=400, stop=lambda p: hasattr(p, "dice"))
    seq = channel.seq
    assert sim.unplug_tower().key == "sim.tower_unplugged"
    result = sim.throw_dice()
    assert (result.ok, result.key, channel.seq) == (False, "sim.tower_unplugged", seq)
    channel.submit(Roll((0,) * channel.step.awaiting.dice, source="hand"), seq)
    assert channel.seq == seq + 1


def test_the_simulator_answers_only_what_the_game_waits_for():
    channel, sim = demo.game_at(seed=3, steps=0)
    assert not sim.place_next_tile().ok
    assert not sim.put_card_on_draw_pad().ok
    assert not sim.throw_dice().ok
    channel.submit(Move("E"), channel.seq)
    assert isinstance(channel.step.awaiting, AwaitTile)
    placed = sim.place_next_tile()
    assert placed.ok and placed.params["tile"] in channel.step.state.house
    assert sim.pull_tile().key == "sim.tile_pulled" and sim.pull_tile().key == "sim.tile_back"
    assert sim.flicker_reader().key == "sim.flickered"


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
def test_every_catalog_has_every_key_with_the_same_placeholders(lang):
    en, other = i18n.catalog("en"), i18n.catalog(lang)
    assert set(other) == set(en)
    for key, text in en.items():
        assert i18n.placeholders(other[key]) == i18n.placeholders(text), key


def test_outcomes_translate_by_code_and_fall_back_to_the_engine_sentence():
    moved = Outcome("Zoe moves to the Foyer", "move", (("who", "Zoe"), ("room", "Foyer")))
    assert i18n.outcome_text(moved, "de") == "Zoe geht in den Raum Foyer"
    odd = Outcome("Something new happens", "brand.new", ())
    assert i18n.outcome_text(odd, "zh") == "Something new happens"
    assert i18n.tr("no.such.key", "ru") == "no.such.key"


def test_attack_buttons_name_the_target_and_any_weapon_or_trait():
    """K1-K6: the turn prompt's attacks read as a player would say them."""
    from gamekit import CONTENT, in_haunt, start
    from hauntable.ui.button_labels import choice_label

    step = start()
    s = step.state
    s.explorers[0].items.extend(["Axe", "Revolver"])
    step = in_haunt(step, traitor=1, seat=0)
    i18n.set_language("en")
    labels = [
        choice_label(s, CONTENT, step.awaiting, c) for c in step.awaiting.choices() if c.kind == "attack"
    ]
    assert labels == ["Attack Ox Bellows", "Attack Ox Bellows\nAxe", "Attack Ox Bellows\nRevolver / Speed"]

"""Issue 16 item 2: each side reads the rules card the table enforces (with this table's numbers), the
traitor's stays off the shared screen, low-confidence haunts say so, and an operator's correction of a haunt's
numbers (logged in the game's config) changes what the table enforces."""

from __future__ import annotations

from gamekit import do, haunt, start
from hauntable.games.betrayal import GAME
from hauntable.games.betrayal.config import GameConfig
from printedkit import build

ROOMS = ("Pentagram Chamber", "Library", "Chapel", "Gymnasium")


def handoffs(**config):
    step = GAME.new_game(GameConfig.quick("zoe", "ox", "vivian", "peter", today="11-30", **config))
    step = haunt(build(step, *ROOMS), 26)
    traitor = step.awaiting
    step = do(step, "ready")
    return traitor, step.awaiting, step


def test_the_heroes_hand_off_shows_their_rules_card_with_this_tables_numbers():
    _traitor, heroes, _ = handoffs()
    assert "You may not enter the Pentagram Chamber." in heroes.text
    assert "ritual has 5 successes" not in heroes.text  # the traitor's card is not the heroes'
    assert "Low confidence" in heroes.text  # haunt 26's sources are weak
    assert "By hand:" in heroes.text  # what the table leaves to the players


def test_the_traitors_card_stays_off_the_shared_screen_but_travels_with_the_prompt():
    traitor, _, _ = handoffs()
    assert "Ritual" not in traitor.text
    card = dict(traitor.params)["card"]
    assert "Sanity 3+" in card and "ritual has 5 successes" in card


def test_an_operators_correction_changes_the_card_and_the_game_and_is_logged_with_it():
    fixed = {"26": {"ritual": 3, "target": 4}}
    traitor, _, step = handoffs(haunt_numbers=fixed)
    card = dict(traitor.params)["card"]
    assert "Sanity 4+" in card and "ritual has 3 successes" in card
    step = do(step, "ready")
    assert step.state.haunt.vars["_n"]["ritual"] == 3
    assert step.state.config.to_json()["haunt_numbers"] == fixed
    assert GameConfig.from_json(step.state.config.to_json()).haunt_numbers == fixed


def test_a_config_without_corrections_hashes_as_before():
    assert "haunt_numbers" not in start().state.config.to_json()


def test_the_haunt_box_names_a_printed_haunts_counters_as_its_file_does():
    from hauntable.ui.hauntview import counter_lines

    _, _, step = handoffs()
    step = do(step, "ready")
    step.state.haunt.vars["ritual"] = 2
    step.state.haunt.vars["_reached"] = 1  # the haunt's own memory: never shown
    lines = counter_lines(step.state)
    assert "Ritual: 2" in lines and not any("_reached" in line for line in lines)

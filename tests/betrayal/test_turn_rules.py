"""Turn-level rules that other tests use but do not name: E2, B2.2, B3.6, B5.2."""

from __future__ import annotations

import dataclasses

from gamekit import CONTENT, arrange, choices, do, refused, start
from hauntable.engine.prompts import RollDice
from hauntable.games.betrayal import GAME, GameConfig
from hauntable.games.betrayal.inputs import Move
from hauntable.games.betrayal.prompts import AwaitCard
from hauntable.games.betrayal.rules import apply, new_game


def test_E2_an_input_of_a_kind_not_awaited_is_refused_as_not_awaited():
    step = start()
    assert refused(step, "roll 1,1").code == "input/not_awaited"
    assert refused(step, "choose might").code == "input/not_awaited"
    assert refused(step, "split might=1").code == "input/not_awaited"


def test_B2_2_moving_and_rolling_mix_in_any_order_within_a_turn():
    step = start("zoe", "ox", "vivian", today="11-05")
    step.state.stack = ["Creaky Hallway"]  # four doors: laid with no question
    step = arrange(step, rooms={"Chasm": ("ground", 1, 0, 0)})
    step = do(step, "move E", "cross", "roll 2,1,0,0")  # move, roll...
    step = do(step, "move E")  # ...and move again: discovers the room beyond the far door
    assert step.state.turn.moved == 2 and step.state.current.room == "Creaky Hallway"


def test_B3_6_a_room_with_a_symbol_and_printed_text_draws_its_card_first():
    # No base room has both a symbol and text that acts on discovery, so give the Collapsed Room an event
    # symbol in a copy of the content: the card must come before the floor's Speed roll.
    rooms = dict(CONTENT.rooms)
    rooms["Collapsed Room"] = dataclasses.replace(rooms["Collapsed Room"], symbol="event")
    content = dataclasses.replace(CONTENT, rooms=rooms)
    config = GameConfig.quick("zoe", "ox", "vivian", today="11-05", rooms="table", cards="table")
    step = apply(new_game(config, content).state, Move("E"), content)
    step = apply(step.state, GAME.inputs.parse("place 'Collapsed Room' ground 1 0"), content)
    assert isinstance(step.awaiting, AwaitCard) and step.awaiting.deck == "event"
    step = apply(step.state, GAME.inputs.parse("card 'Night View'"), content)
    while isinstance(step.awaiting, RollDice) and step.awaiting.purpose == "Night View":
        step = apply(step.state, GAME.inputs.parse("roll 0,0,0"), content)
    assert isinstance(step.awaiting, RollDice) and (step.awaiting.trait, step.awaiting.target) == ("speed", 5)


def test_B5_2_the_same_optional_roll_only_once_a_turn():
    step = arrange(
        start("zoe", "ox", "vivian", today="11-05"), rooms={"Vault": ("basement", 0, -1, 0)}, at={0: "Vault"}
    )
    step = do(step, "cross", "roll 0,0,0")
    exc = refused(step, "cross")
    assert exc.rule == "B5.2" and "try again next turn" in exc.sentence
    assert "cross" not in choices(step)

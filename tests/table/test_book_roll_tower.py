"""Issue 16 item 3: a trait roll the haunt's book asks for, asked on screen (the haunt tools' ``check``), is
taken from the dice tower; before it was asked, the tower's dice are refused ("No roll expected now")."""

from __future__ import annotations

import tablekit
from tablekit import make_registry, table_session

from gamekit import haunt
from hauntable.engine.prompts import RollDice
from hauntable.games.betrayal import HouseRules


def test_H7_3_the_tower_rolls_the_books_trait_roll_once_asked_on_screen():
    registry = make_registry()
    session = table_session(house_rules=HouseRules(haunt_mode="book"))
    haunt(session.step, 2, revealer=1)  # Ox the traitor; Vivian (seat 2) plays first
    table = tablekit.RefereeTable(session, registry)
    while session.step.awaiting.kind == "handoff":
        session.submit(session.game.inputs.parse("ready"), source="touch")
    assert table.referee.on_roll([1, 1], "tower:1") is False
    assert table.referee.messages[-1] == "No roll expected now"
    session.submit(session.game.inputs.parse("tools"), source="touch")
    session.submit(session.game.inputs.parse("check 2 knowledge target=3"), source="touch")
    asked = session.step.awaiting
    assert isinstance(asked, RollDice) and asked.player == 2 and asked.target == 3
    assert table.referee.on_roll([2] * asked.dice, "tower:1") is True
    outcomes = [o.text for o in session.step.outcomes]
    assert outcomes[-1].endswith("(3+): success") and session.step.awaiting.kind == "action"
    registry.close()

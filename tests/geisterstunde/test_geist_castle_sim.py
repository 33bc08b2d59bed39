"""The simulated Geisterstunde table (ui/castle_sim.py, no Kivy): hands on mock readers, then the referee."""

from __future__ import annotations

import doctest

from hauntable.games.geisterstunde import GameConfig
from hauntable.session import Session
from hauntable.ui import castle_sim
from hauntable.ui.castle_sim import CastleTable


def test_the_docstring_example_runs():
    failures, tried = doctest.testmod(castle_sim)
    assert tried >= 5 and failures == 0


def test_G6_after_a_catch_the_hands_put_the_new_ghost_in_the_dungeon_and_play_goes_on_by_tags():
    sim = CastleTable(Session.new("geisterstunde", GameConfig.quick(2, seed=4)))
    try:
        game = sim.session.game
        assert sim.lay_plan(("lily",)).accepted
        sim.session.submit(game.inputs.parse("skip"), source="touch")
        while sim.session.step.awaiting.kind == "discard":
            sim.session.submit(sim.session.step.awaiting.choices()[0], source="touch")
        sim.referee.refresh()
        verdict = sim.move_figure(0, "02")  # the ghost floats into the treasury: Ben is caught
        assert verdict.accepted and "The ghost catches Ben in the Schatzkammer" in verdict.message
        sim.sync()
        state = sim.session.step.state
        assert state.ghost == 1 and state.rooms == ["02", "dungeon"]
        assert sim.at[sim._figure(1)] == "ground:3,6" and not sim.referee.paused
        assert sim.lay_plan(("lily", "dragon")).accepted  # Ben's plan from the Verlies, on the slots
        assert sim.session.step.state.plan == ("lily", "dragon")
    finally:
        sim.close()

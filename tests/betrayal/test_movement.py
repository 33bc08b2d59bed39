"""Movement rules B2.*: speed, the entrance tile, stairs, false doors, the locked front door."""

from __future__ import annotations

from gamekit import arrange, choices, do, refused, start, texts, value


def test_B2_1_each_room_entered_costs_one_up_to_speed():
    step = start("zoe", "ox", "vivian", today="11-05")  # Zoe: Speed 4
    assert value(step, 0, "speed") == 4
    step = do(step, "move N", "move N", "move up", "move down")
    assert step.state.current.room == "Grand Staircase"
    assert step.awaiting.movement_left == 0
    assert choices(step) == ["end"]
    exc = refused(step, "move S")
    assert exc.rule == "B2.1" and "no movement left" in exc.sentence


def test_B2_5_the_entrance_tile_is_three_rooms():
    step = do(start(today="11-05"), "move N")
    assert step.state.current.room == "Foyer"
    assert step.state.turn.moved == 1
    step = do(step, "move N")
    assert step.state.current.room == "Grand Staircase"


def test_B2_4_grand_staircase_leads_to_the_upper_landing_and_back():
    step = do(start(today="11-05"), "move N", "move N", "move up")
    assert step.state.current.room == "Upper Landing"
    assert "move down" in choices(step)
    step = do(step, "move down")
    assert step.state.current.room == "Grand Staircase"


def test_B2_4_stairs_from_basement_work_only_once_discovered_and_both_ways():
    step = do(start(today="11-05"), "move N")
    exc = refused(step, "move down")
    assert exc.rule == "B2.4"
    step = arrange(
        start(today="11-05"), rooms={"Stairs from Basement": ("basement", 0, 1, 0)}, at={0: "Foyer"}
    )
    step = do(step, "move down")
    assert step.state.current.room == "Stairs from Basement"
    step = do(step, "move up")
    assert step.state.current.room == "Foyer"
    assert step.state.turn.moved == 2


def test_B2_7_the_front_door_is_locked():
    exc = refused(start(), "move S")
    assert exc.rule == "B2.7" and "front door" in exc.sentence


def test_B2_6_no_passing_a_false_door():
    # Dining Room (doors N, E) turned 3 quarter turns: doors W and N, west meeting the Foyer, south a wall.
    # Library (doors S, W) turned once: doors W and N; west meets the Entrance Hall, north faces that wall.
    step = arrange(
        start(today="11-05"),
        rooms={"Dining Room": ("ground", 1, 1, 3), "Library": ("ground", 1, 0, 1)},
        at={0: "Library"},
    )
    exc = refused(step, "move N")
    assert exc.rule == "B2.6" and "false door" in exc.sentence
    assert "move N" not in choices(step)
    assert do(step, "move W").state.current.room == "Entrance Hall"


def test_B2_6_a_room_without_a_door_that_way():
    step = do(start(today="11-05"), "move N", "move N")  # Grand Staircase: one door, south
    exc = refused(step, "move E")
    assert exc.rule == "B2.6" and "no door to the east" in exc.sentence


def test_B2_3_drawing_a_card_ends_movement_but_not_the_turn():
    step = start(today="11-05", rooms="table")
    step = do(step, "move E", "place Kitchen ground 1 0 rotation=3")  # Kitchen: omen room
    assert "draws the omen" in " ".join(texts(step))
    assert step.state.turn.movement_over
    assert not [c for c in choices(step) if c.startswith("move")]  # item actions (C2) stay possible
    assert "end" in choices(step)
    assert refused(step, "move W").rule == "B2.3"


def test_only_the_explorer_taking_the_turn_can_move_and_moves_are_announced():
    step = do(start(today="11-05"), "move N")
    assert texts(step) == ["Zoe Ingstrom moves to the Foyer"]

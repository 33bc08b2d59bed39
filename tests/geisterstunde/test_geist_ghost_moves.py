"""The ghost's move (G5), the role swap (G6) and the escape (G7)."""

from __future__ import annotations

from geistkit import arrange, choices, codes, do, refused, start, texts

FAR = {1: "44", 2: "40"}
SHORT = {1: ("red-lion",), 2: ("blue-lion",)}


def test_G5_1_the_ghost_turns_its_cards_over_one_at_a_time():
    step = arrange(start(), ghost_at="22", at=FAR, hands=SHORT)
    step = do(step, "plan tower,dragon,lion", "skip", "skip")
    assert step.awaiting.kind == "reveal" and (step.awaiting.card, step.awaiting.of) == (1, 3)
    step = do(step, "reveal")
    assert texts(step) == ["The ghost turns over the Tower and floats into room 32"]
    assert (step.awaiting.card, step.awaiting.of) == (2, 3)
    step = do(step, "reveal", "reveal")
    assert step.state.rooms[0] == "34"  # 32 -> 33 (dragon) -> 34 (lion)
    assert "round.end" in codes(step) and step.awaiting.kind == "plan"


def test_G5_2_the_ghost_stops_in_the_first_room_with_a_figure():
    step = arrange(start(), ghost_at="22", at={1: "32", 2: "34"}, hands=SHORT)
    step = do(step, "plan tower,dragon,lion", "skip", "skip", "reveal")
    assert "The ghost catches Ben in room 32; its 2 other cards stay hidden (G5.2)" in texts(step)
    assert step.state.rooms[1] == "dungeon" and step.state.ghost == 1
    assert step.state.plan == ()  # the new round: the unrevealed cards were never shown


def test_G5_3_with_several_figures_the_ghost_picks_its_victim():
    step = do(start(), "plan lily", "skip")
    while step.awaiting.kind == "discard":
        step = do(step, choices(step)[0])
    step = do(step, "skip")
    while step.awaiting.kind == "discard":
        step = do(step, choices(step)[0])
    step = do(step, "reveal")  # both runners still stand in the treasury
    assert step.awaiting.kind == "victim" and step.awaiting.player == 0
    assert choices(step) == ["catch 1", "catch 2"]
    err = refused(step, "catch 0")
    assert err.rule == "G5.3"
    step = do(step, "catch 2")
    assert step.state.ghost == 2 and step.state.rooms == ["02", "02", "dungeon"]


def test_G5_4_only_the_ghosts_move_catches():
    # Ben walks into the room the ghost stands in; the ghost then floats away and back is impossible
    step = arrange(start(), ghost_at="22", at={1: "21", 2: "40"}, hands={1: ("blue-lion",), 2: SHORT[2]})
    step = do(step, "plan tower", "key blue", "skip")  # an empty hand ends the move by itself
    assert step.state.rooms[1] == "22" and step.state.ghost == 0
    step = do(step, "reveal")  # the ghost leaves to 32: Ben is not caught
    assert "ghost.catch" not in codes(step) and step.state.ghost == 0


def test_G5_5_without_a_catch_the_ghost_keeps_its_room_and_a_new_round_begins():
    step = arrange(start(), ghost_at="22", at=FAR, hands=SHORT)
    step = do(step, "plan dragon", "skip", "skip", "reveal")
    assert "The ghost takes its cards back; a new round begins (G5.5)" in texts(step)
    assert step.state.round == 2 and step.awaiting.kind == "plan" and step.awaiting.room == "12"
    assert step.state.plan == () and step.state.revealed == 0


def test_G6_the_roles_swap_and_the_old_ghost_runs_on_from_the_catch_room_with_the_caught_keys():
    step = arrange(
        start(),
        ghost_at="22",
        at={1: "32", 2: "40"},
        hands={1: ("red-lion", "green-eagle"), 2: ("blue-lion",)},
    )
    step = do(step, "plan tower,dragon", "key red", "end")  # Ben: 32 -> 33
    step = do(step, "skip", "reveal", "reveal")  # 22 -> 32 -> 33 (dragon): Ben
    assert "ghost.catch" in codes(step) and "roles.swap" in codes(step)
    s = step.state
    assert s.ghost == 1 and s.rooms[1] == "dungeon" and s.hands[1] == ()
    assert s.rooms[0] == "33" and s.hands[0] == ("green-eagle",)
    assert step.awaiting.kind == "plan" and step.awaiting.player == 1 and step.awaiting.room == "dungeon"
    # the next round: Cleo (left of Ben) moves first, then Anna from the catch room
    step = do(step, "plan lily", "skip")
    assert step.awaiting.player == 0 and step.awaiting.room == "33"


def test_G7_the_first_runner_through_an_exit_with_its_colour_wins():
    step = arrange(start(), ghost_at="22", at={1: "40"}, hands={1: ("red-lion", "green-eagle")})
    step = do(step, "plan dragon", "key red")
    assert step.state.winner == 1 and step.awaiting is None and step.over
    assert texts(step) == ["Ben unlocks the red exit of room 40, escapes the castle and wins (G7)"]
    assert refused(step, "reveal").code == "input/not_awaited"


def test_G7_an_exit_opens_only_with_its_own_colour():
    # 42's exit is green; red leads east to 43
    step = arrange(start(), ghost_at="22", at={1: "42"}, hands={1: ("red-lion", "blue-eagle")})
    step = do(step, "plan dragon", "key red")
    assert step.state.winner is None and step.state.rooms[1] == "43"

"""The runners' turns (G3) and getting keys back (G4)."""

from __future__ import annotations

from geistkit import arrange, choices, codes, do, refused, start, texts
from hauntable.games.geisterstunde import HouseRules


def turn(n: int = 3, ghost: int = 0, plan: str = "plan lily", **where):
    """A round whose plan is laid, at the first runner's turn, arranged with ``where`` (see arrange)."""
    return arrange(do(start(n, ghost=ghost), plan), **where)


def test_G3_1_runners_move_in_turn_from_the_ghosts_left_clockwise():
    step = do(start(4, ghost=2), "plan lily")
    order = []
    while step.awaiting.kind == "turn":
        order.append(step.awaiting.player)
        step = do(step, "skip")
        while step.awaiting.kind == "discard":
            step = do(step, choices(step)[0])
    assert order == [3, 0, 1]
    assert step.awaiting.kind == "reveal" and step.awaiting.player == 2


def test_G3_2_a_key_opens_the_door_of_its_colour_and_the_figure_walks_through():
    step = turn(hands={1: ("green-lion", "red-eagle", "blue-tower")})
    step = do(step, "key green")
    assert step.state.rooms[1] == "12" and texts(step) == ["Ben opens the green door into room 12"]
    step = do(step, "key red")  # 12's red door leads east to 13
    assert step.state.rooms[1] == "13"
    assert step.state.hands[1] == ("blue-tower",)


def test_G3_2_a_colour_with_no_door_here_is_refused_and_not_listed():
    # room 12 has green, red and blue doors; room 10 only red and green
    step = turn(at={1: "10"}, hands={1: ("blue-lion", "red-eagle")})
    err = refused(step, "key blue")
    assert err.rule == "G3.2" and "Room 10 has no blue door" in err.sentence
    assert choices(step) == ["key red", "skip"]


def test_G3_3_a_key_must_be_in_hand():
    step = turn(hands={1: ("red-lion",)})
    assert refused(step, "key green").rule == "G3.3"
    assert refused(step, "key red-eagle").rule == "G3.3"
    assert refused(step, "key violet").code == "input/unreadable"
    step = do(step, "key red-lion")  # a whole card, as the key slot reads it
    assert step.state.rooms[1] == "01"


def test_G3_4_figures_share_rooms_and_walking_into_the_ghost_is_safe():
    step = turn(
        ghost_at="01", at={1: "02", 2: "02"}, hands={1: ("red-lion", "green-lion"), 2: ("red-eagle",)}
    )
    step = do(step, "key red", "end")  # Ben walks into the ghost's room 01
    assert step.state.rooms[1] == "01" and "ghost.catch" not in codes(step)
    step = do(step, "key red")  # Cleo too: two figures and the ghost in one room
    assert step.state.rooms[1] == step.state.rooms[2] == "01"
    assert step.state.ghost == 0


def test_G3_5_played_keys_go_to_the_discard_pile():
    step = turn(hands={1: ("green-lion", "red-eagle")})
    before = list(step.state.discards)
    step = do(step, "key green", "key red")
    assert step.state.discards == [*before, "green-lion", "red-eagle"]


def test_G4_1_skipping_takes_the_top_card_and_ends_the_turn():
    step = turn(hands={1: ("red-lion",)}, pile=["blue-eagle", "green-tower"])
    step = do(step, "skip")
    assert step.state.hands[1] == ("red-lion", "green-tower")
    assert step.state.pile == ["blue-eagle"]
    assert "Ben skips the turn and takes the top card (G4.1)" in texts(step)
    assert step.awaiting.player == 2


def test_G4_1_skip_only_before_a_key_and_end_only_after_one():
    step = turn(hands={1: ("green-lion", "red-eagle")})
    assert refused(step, "end").rule == "G4.1"
    step = do(step, "key green")
    assert refused(step, "skip").rule == "G4.1"
    assert "skip" not in choices(step) and "end" in choices(step)


def test_G4_2_ending_on_the_top_cards_crest_takes_that_card():
    # 12 shows the dragon; the top card's back shows the dragon too
    step = turn(hands={1: ("green-lion", "red-eagle")}, pile=["blue-lily", "red-dragon"])
    step = do(step, "key green", "end")
    assert step.state.hands[1] == ("red-eagle", "red-dragon")
    assert "Ben ends on the crest of the top card and takes it (G4.2)" in texts(step)


def test_G4_2_ending_on_another_crest_takes_nothing():
    step = turn(hands={1: ("green-lion", "red-eagle")}, pile=["blue-dragon", "red-lily"])
    step = do(step, "key green", "end")
    assert step.state.hands[1] == ("red-eagle",) and len(step.state.pile) == 2


def test_G4_2_house_rule_ask_lets_the_runner_leave_the_matching_card():
    step = start(house_rules=HouseRules(crest_refill="ask"))
    step = arrange(do(step, "plan lily"), hands={1: ("green-lion", "red-eagle")}, pile=["red-dragon"])
    step = do(step, "key green", "end")
    assert step.awaiting.kind == "draw" and choices(step) == ["draw red-dragon source=virtual", "pass"]
    assert refused(step, "draw blue-dragon").rule == "G4.2"
    left = do(step, "pass")
    assert left.state.hands[1] == ("red-eagle",) and left.state.pile == ["red-dragon"]
    taken = do(step, "draw red-dragon")
    assert taken.state.hands[1] == ("red-eagle", "red-dragon") and taken.state.pile == []


def test_G4_3_one_card_per_turn_even_when_the_next_card_also_matches():
    step = turn(hands={1: ("green-lion", "red-eagle")}, pile=["blue-dragon", "red-dragon"])
    step = do(step, "key green", "end")
    assert step.state.hands[1] == ("red-eagle", "red-dragon") and step.state.pile == ["blue-dragon"]


def test_G3_a_runner_with_no_key_for_any_door_here_ends_the_move_at_once():
    step = turn(at={1: "10"}, hands={1: ("red-lion", "blue-eagle")}, pile=["green-lion"])
    step = do(step, "key red")  # 10 -> 00 (lion); 00 has blue and red doors: blue still fits
    assert step.awaiting.player == 1
    step = do(step, "key blue")  # 00 -> 01 (eagle): hand empty, the move ends by itself
    assert "runner.stuck" in codes(step) and step.awaiting.player == 2


def test_G4_4_a_fifth_card_is_discarded_at_the_end_of_the_turn():
    step = turn(hands={1: ("red-lion", "red-eagle", "blue-tower", "green-lily")}, pile=["blue-dragon"])
    step = do(step, "skip")
    assert step.awaiting.kind == "discard" and step.awaiting.player == 1
    assert choices(step) == [f"discard {c}" for c in sorted(step.state.hands[1])]
    assert refused(step, "discard green-dragon").rule == "G4.4"
    step = do(step, "discard red-eagle")
    assert step.state.hands[1] == ("red-lion", "blue-tower", "green-lily", "blue-dragon")
    assert step.state.discards[-1] == "red-eagle" and step.awaiting.player == 2


def test_G4_5_an_empty_pile_is_rebuilt_from_the_shuffled_discards():
    step = turn(hands={1: ("red-lion",)}, pile=[])
    step.state.discards[:] = ["blue-eagle", "green-tower", "red-lily"]
    step = do(step, "skip")
    assert "pile.reshuffle" in codes(step)
    assert len(step.state.hands[1]) == 2 and step.state.discards == []
    assert sorted([*step.state.pile, step.state.hands[1][1]]) == ["blue-eagle", "green-tower", "red-lily"]


def test_G4_3_house_rule_refill_one_a_skip_takes_one_card_even_on_the_next_cards_crest():
    # Ben stands in the Schatzkammer (lily); after the skip the new top card shows the lily too
    step = turn(hands={1: ("red-lion",)}, pile=["blue-lily", "green-tower"])
    step = do(step, "skip")
    assert step.state.hands[1] == ("red-lion", "green-tower") and step.state.pile == ["blue-lily"]
    assert "runner.refill" not in codes(step) and step.awaiting.player == 2


def test_G4_3_house_rule_refill_both_a_skip_then_takes_the_top_card_on_the_runners_crest():
    step = start(house_rules=HouseRules(refill="both"))
    step = arrange(do(step, "plan lily"), hands={1: ("red-lion",)}, pile=["blue-lily", "green-tower"])
    step = do(step, "skip")
    assert step.state.hands[1] == ("red-lion", "green-tower", "blue-lily") and step.state.pile == []
    assert "runner.skip" in codes(step) and "runner.refill" in codes(step)
    assert step.awaiting.player == 2
    # the new top card on another crest: the skip's one card only
    step = start(house_rules=HouseRules(refill="both"))
    step = arrange(do(step, "plan lily"), hands={1: ("red-lion",)}, pile=["blue-eagle", "green-tower"])
    step = do(step, "skip")
    assert step.state.hands[1] == ("red-lion", "green-tower") and "runner.refill" not in codes(step)

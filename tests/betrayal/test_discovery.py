"""Discovery rules B3.*: the room stack, misfits, door-to-door placement, never closing a floor,
reshuffles, complete floors, the card a new room's symbol asks for, and tiles laid on the table."""

from __future__ import annotations

from gamekit import CONTENT, arrange, choices, do, refused, start, texts
from hauntable.games.betrayal import HouseRules
from hauntable.games.betrayal.house import HouseView
from hauntable.games.betrayal.prompts import AwaitCard, AwaitTile, ChooseRotation


def with_stack(step, stack, discards=()):
    s = step.state
    s.stack, s.stack_discards = list(stack), list(discards)
    return arrange(step)


def test_B3_1_tiles_for_other_floors_are_set_aside_face_down():
    step = with_stack(start(today="11-05"), ["Attic", "Crypt", "Creaky Hallway", "Bedroom"])
    step = do(step, "move E")  # Attic: upper only, Crypt: basement only
    assert "Creaky Hallway" in step.state.house
    assert step.state.stack_discards == ["Attic", "Crypt"]
    assert step.state.stack == ["Bedroom"]
    assert any("2 tile(s) not for the ground floor set aside" in t for t in texts(step))


def test_B3_1_house_rule_misfits_go_under_the_stack():
    step = start(today="11-05", house_rules=HouseRules(misfit_tiles="bottom"))
    step = do(with_stack(step, ["Attic", "Creaky Hallway", "Bedroom"]), "move E")
    assert step.state.stack == ["Bedroom", "Attic"] and step.state.stack_discards == []


def test_B3_2_doors_meet_wherever_they_can():
    # Patio (doors N, S, W) east of the Foyer, with the Library's north door facing that cell from below.
    step = arrange(start(today="11-05"), rooms={"Library": ("ground", 1, 0, 1)}, at={0: "Foyer"})
    step = do(with_stack(step, ["Patio"]), "move E")
    assert isinstance(step.awaiting, ChooseRotation)
    assert choices(step) == ["rotate 0", "rotate 3"]  # both meet the Foyer and the Library
    step = do(step, "rotate 0")
    view = HouseView(step.state, CONTENT)
    assert view.connected("Patio", "W") == "Foyer"
    assert view.connected("Patio", "S") == "Library"


def test_B3_2_house_rule_free_only_needs_the_door_used_to_meet():
    step = arrange(
        start(today="11-05", house_rules=HouseRules(door_matching="free")),
        rooms={"Library": ("ground", 1, 0, 1)},
        at={0: "Foyer"},
    )
    step = do(with_stack(step, ["Patio"]), "move E")
    assert choices(step) == ["rotate 0", "rotate 3", "rotate 1"]  # best first; 1 leaves the Library's door


def test_B3_2_when_several_turns_are_legal_the_player_chooses():
    step = do(with_stack(start(today="11-05"), ["Dining Room"]), "move E")  # an L: two turns meet the hall
    assert isinstance(step.awaiting, ChooseRotation)
    assert choices(step) == ["rotate 2", "rotate 3"]
    exc = refused(step, "rotate 0")
    assert exc.rule == "B3.2"
    step = do(step, "rotate 2")
    assert step.state.house["Dining Room"].rotation == 2
    assert step.state.current.room == "Dining Room"


def test_B3_2_one_legal_turn_needs_no_answer():
    step = with_stack(start(today="11-05"), ["Creaky Hallway"])  # four doors: every turn is the same
    step = do(step, "move E")
    assert "Creaky Hallway" in step.state.house
    assert step.state.current.room == "Creaky Hallway"


def test_B3_3_a_tile_that_would_close_the_floor_is_set_aside():
    # Basement: the landing with dead ends on three sides; the last doorway must not get a dead end.
    dead_ends = {
        "Crypt": ("basement", 0, 1, 2),  # door N turned twice: faces south, onto the landing
        "Pentagram Chamber": ("basement", 1, 0, 2),  # door E turned twice: faces west
        "Vault": ("basement", 0, -1, 0),  # door N meets the landing's south door
    }
    step = arrange(start(today="11-05"), rooms=dead_ends, at={0: "Basement Landing"})
    step = with_stack(step, ["Storeroom", "Wine Cellar"])  # Storeroom has one door: it would close it
    step = do(step, "move W")
    assert "Wine Cellar" in step.state.house
    assert step.state.stack_discards == ["Storeroom"]
    assert any("would close the basement" in t for t in texts(step))


def test_B3_3_when_no_tile_avoids_closing_the_floor_it_is_laid_and_the_floor_is_reported():
    dead_ends = {
        "Crypt": ("basement", 0, 1, 2),
        "Pentagram Chamber": ("basement", 1, 0, 2),
        "Vault": ("basement", 0, -1, 0),
    }
    step = arrange(start(today="11-05"), rooms=dead_ends, at={0: "Basement Landing"})
    step = with_stack(step, ["Storeroom"])
    step = do(step, "move W")
    assert "Storeroom" in step.state.house
    assert any("closed" in t for t in texts(step))


def test_B3_3_a_closing_tile_reshuffled_back_into_the_stack_is_still_the_one_laid():
    # The stack runs out while tiles are set aside: the set-aside pile, closing tile included, becomes the
    # new stack; when nothing avoids closing the floor, that tile is taken from the stack and laid.
    dead_ends = {
        "Crypt": ("basement", 0, 1, 2),
        "Pentagram Chamber": ("basement", 1, 0, 2),
        "Vault": ("basement", 0, -1, 0),
    }
    step = arrange(start(today="11-05"), rooms=dead_ends, at={0: "Basement Landing"})
    step = with_stack(step, ["Storeroom"], ["Attic", "Ballroom", "Chapel"])
    step = do(step, "move W")
    assert "Storeroom" in step.state.house
    assert any("shuffled into a new stack" in t for t in texts(step))
    assert "Storeroom" not in step.state.stack + step.state.stack_discards


def test_B3_4_an_empty_stack_is_reshuffled_from_the_set_aside_tiles():
    step = with_stack(start(today="11-05"), [], ["Attic", "Creaky Hallway"])
    step = do(step, "move E")
    assert "Creaky Hallway" in step.state.house
    assert any("shuffled into a new stack" in t for t in texts(step))


def test_B3_4_a_floor_with_no_tiles_left_is_complete():
    step = with_stack(start(today="11-05"), ["Attic"], ["Crypt"])
    exc = refused(step, "move E")
    assert exc.rule == "B3.4" and "ground floor is complete" in exc.sentence
    assert "move E" not in choices(step)


def test_B3_5_the_first_discovery_of_a_symbol_room_draws_its_card_and_ends_movement():
    step = with_stack(start(today="11-05"), ["Kitchen"])
    deck_before = list(step.state.decks["omen"])
    step = do(step, "move E", "rotate 3")
    zoe = step.state.explorers[0]
    assert zoe.omens == [deck_before[0]]
    assert step.state.omens_drawn == 1 and step.state.turn.movement_over


def test_B3_5_entering_a_symbol_room_again_draws_nothing():
    step = arrange(start(today="11-05"), rooms={"Kitchen": ("ground", 1, 0, 3)})
    step = do(step, "move E")
    assert step.state.current.room == "Kitchen"
    assert step.state.explorers[0].omens == [] and not step.state.turn.movement_over


def test_B3_5_items_go_to_the_explorer_and_events_to_the_discard_pile():
    step = with_stack(start(today="11-05"), ["Bloody Room", "Bedroom"])  # item room
    step = do(step, "move E")
    assert len(step.state.explorers[0].items) == 1
    step = with_stack(start(today="11-05"), ["Gardens"])  # event room
    step = do(step, "move E")
    assert len(step.state.card_discards["event"]) == 1


# --- tiles and cards from the table ---------------------------------------------------------------------


def table_game(**kw):
    return start(today="11-05", rooms="table", cards="table", **kw)


def test_B3_1_table_tile_for_the_wrong_floor_is_refused():
    step = do(table_game(), "move E")
    assert isinstance(step.awaiting, AwaitTile)
    exc = refused(step, "place Attic ground 1 0")
    assert exc.rule == "B3.1" and "cannot go on the ground floor" in exc.sentence


def test_B3_2_table_tile_at_the_wrong_cell_or_not_meeting_the_door_is_refused():
    step = do(table_game(), "move E")
    exc = refused(step, "place 'Creaky Hallway' ground 2 0")
    assert exc.rule == "B3.2" and "ground 1,0" in exc.sentence
    exc = refused(step, "place Gardens ground 1 0 rotation=0")  # Gardens doors N, S: none meets the west
    assert exc.rule == "B3.2" and "no door" in exc.sentence


def test_B3_1_a_tile_already_in_the_house_is_refused():
    step = do(table_game(), "move E")
    exc = refused(step, "place Foyer ground 1 0")
    assert exc.rule == "B3.1" and "already in the house" in exc.sentence
    assert refused(step, "place Dragon ground 1 0").code == "input/unreadable"


def test_B3_2_table_tile_without_rotation_asks_only_when_several_are_legal():
    step = do(table_game(house_rules=HouseRules(door_matching="free")), "move E")
    step = do(step, "place 'Dining Room' ground 1 0")
    assert isinstance(step.awaiting, ChooseRotation)
    step = do(step, "rotate 3")
    assert isinstance(step.awaiting, AwaitCard) and step.awaiting.deck == "omen"
    step = do(table_game(), "move E", "place 'Creaky Hallway' ground 1 0")
    assert step.state.current.room == "Creaky Hallway"


def test_B3_5_table_card_of_the_wrong_deck_is_refused_with_a_sentence():
    step = do(table_game(), "move E", "place Kitchen ground 1 0 rotation=3")
    exc = refused(step, "card Axe")
    assert exc.sentence == "That is an Item card; this room asks for an Omen."
    step = do(step, "card 'Crystal Ball'")
    assert step.state.explorers[0].omens == ["Crystal Ball"]


def test_B3_5_a_table_card_already_in_play_is_refused():
    step = table_game()
    step.state.explorers[1].omens.append("Dog")
    step = do(step, "move E", "place Kitchen ground 1 0 rotation=3")
    exc = refused(step, "card Dog")
    assert exc.rule == "B3.5" and "already in play" in exc.sentence

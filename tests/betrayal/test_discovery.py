"""Discovery rules B3.*: the room stack, misfits, door-to-door placement, never closing a floor,
reshuffles, complete floors, the card a new room's symbol asks for, and tiles laid on the table."""

from __future__ import annotations

from gamekit import CONTENT, arrange, choices, do, refused, start, texts
from hauntable.games.betrayal import HouseRules
from hauntable.games.betrayal.house import HouseView
from hauntable.games.betrayal.prompts import AwaitCard, AwaitTile, ChooseRotation, RearrangeFloor
from hauntable.games.betrayal.state import Placed


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


DEAD_ENDS = {  # the basement landing with dead ends on three sides; its west doorway is the last one open
    "Crypt": ("basement", 0, 1, 2),  # door N turned twice: faces south, onto the landing
    "Pentagram Chamber": ("basement", 1, 0, 2),  # door E turned twice: faces west
    "Vault": ("basement", 0, -1, 0),  # door N meets the landing's south door
}


def floor_open(step, floor):
    return bool(HouseView(step.state, CONTENT).open_doorways(floor))


def test_B3_3_when_no_tile_avoids_closing_the_floor_a_room_shifts_next_door():
    # Only the Storeroom (one door) is left: it closes the basement. No laid tile can turn and keep its
    # door, so the first empty room by name, the Crypt, slides one cell north, still facing south: the
    # landing's north doorway is open again, and the Crypt faces the same gap.
    step = arrange(start(today="11-05"), rooms=DEAD_ENDS, at={0: "Basement Landing"})
    step = do(with_stack(step, ["Storeroom"]), "move W")
    house = step.state.house
    assert house["Storeroom"] == Placed("basement", -1, 0, 1)
    assert house["Crypt"] == Placed("basement", 0, 2, 2)
    assert floor_open(step, "basement")
    assert any("the Crypt moves next door, from basement 0,1 to basement 0,2" in t for t in texts(step))
    assert step.state.current.room == "Storeroom"


def test_B3_3_rearranging_turns_a_laid_tile_before_moving_any():
    # The Kitchen (doors N, E) lies north of the landing turned once: its south door meets the landing and
    # its east door faces the back of the Vault. A quarter turn clockwise keeps the south door and opens
    # the west one.
    rooms = {
        "Kitchen": ("basement", 0, 1, 1),
        "Pentagram Chamber": ("basement", 1, 0, 2),
        "Vault": ("basement", 1, 1, 2),
        "Crypt": ("basement", 0, -1, 0),
    }
    step = arrange(start(today="11-05"), rooms=rooms, at={0: "Basement Landing"})
    step = do(with_stack(step, ["Storeroom"]), "move W")
    assert step.state.house["Kitchen"] == Placed("basement", 0, 1, 2)
    for name, (floor, x, y, rotation) in rooms.items():  # nothing else turned or moved
        assert name == "Kitchen" or step.state.house[name] == Placed(floor, x, y, rotation)
    view = HouseView(step.state, CONTENT)
    assert view.connected("Kitchen", "S") == "Basement Landing"
    assert ("Kitchen", "W", ("basement", -1, 1)) in view.open_doorways("basement")
    said = "the Kitchen is turned a quarter turn clockwise, keeping its connections"
    assert any(said in t for t in texts(step))


def test_B3_3_a_shift_never_moves_a_room_with_someone_or_something_in_it():
    step = arrange(start(today="11-05"), rooms=DEAD_ENDS, at={0: "Basement Landing", 1: "Crypt"})
    step.state.tokens["item:Axe"] = "Pentagram Chamber"
    step = do(with_stack(step, ["Storeroom"]), "move W")
    house = step.state.house
    assert house["Crypt"] == Placed("basement", 0, 1, 2)  # Ox is in it
    assert house["Pentagram Chamber"] == Placed("basement", 1, 0, 2)  # the Axe lies in it
    assert house["Vault"] == Placed("basement", 0, -2, 0)  # slid south, still facing north
    assert floor_open(step, "basement")


def test_B3_3_when_no_turn_or_shift_helps_two_rooms_swap_places():
    # Every room but the new one holds an explorer or an item; the Gymnasium and the Kitchen (both L
    # shapes) swap cells without turning, Ox riding along; every room stays reachable.
    rooms = {
        "Operating Laboratory": ("basement", -1, 0, 3),
        "Vault": ("basement", 1, 0, 3),
        "Gymnasium": ("basement", -1, 1, 0),
        "Kitchen": ("basement", 0, 1, 2),
    }
    at = {0: "Basement Landing", 1: "Gymnasium", 2: "Kitchen"}
    step = arrange(start(today="11-05"), rooms=rooms, at=at)
    step.state.tokens.update({"item:Axe": "Operating Laboratory", "item:Rope": "Vault"})
    step = do(with_stack(step, ["Stairs from Basement"]), "move S")
    house = step.state.house
    assert house["Gymnasium"] == Placed("basement", 0, 1, 0)
    assert house["Kitchen"] == Placed("basement", -1, 1, 2)
    assert step.state.explorers[1].room == "Gymnasium"
    assert floor_open(step, "basement")
    assert any("the Gymnasium and the Kitchen swap places" in t for t in texts(step))


def test_B3_3_when_nothing_reopens_the_floor_it_is_complete_and_play_goes_on():
    # Dead ends and a corridor; every room that could move holds someone or something, turning any loses
    # a door, and no swap keeps the Pentagram Chamber reachable: the basement is complete.
    rooms = {
        "Crypt": ("basement", 0, 1, 2),
        "Vault": ("basement", 0, -1, 0),
        "Wine Cellar": ("basement", 1, 0, 1),
        "Pentagram Chamber": ("basement", 2, 0, 2),
    }
    at = {0: "Basement Landing", 1: "Crypt", 2: "Vault"}
    step = arrange(start(today="11-05"), rooms=rooms, at=at)
    step.state.tokens["item:Axe"] = "Pentagram Chamber"
    before = {n: p for n, p in step.state.house.items()}
    step = do(with_stack(step, ["Storeroom", "Stairs from Basement"]), "move W")
    assert {n: p for n, p in step.state.house.items() if n != "Storeroom"} == before
    assert not floor_open(step, "basement")
    assert any("the basement is complete (B3.3)" in t for t in texts(step))
    assert "Stairs from Basement" in step.state.stack_discards  # a tile for it is left, unused
    assert step.awaiting is not None


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


def test_B3_5_table_cards_a_deck_run_out_is_dealt_again_from_its_discards():
    """The players shuffle the discards into a new deck when it runs out: the engine holds no table deck, so
    it counts the cards out of it, and from then on a card it had discarded may be read again."""
    omens = list(CONTENT.deck("omen"))
    step = table_game()
    step.state.card_discards["omen"] = [o for o in omens if o != "Dog"]  # one card left in the deck
    early = do(step, "move E", "place Kitchen ground 1 0 rotation=3")
    assert "deck.reshuffle_table" not in [o.code for o in early.outcomes]
    assert refused(early, "card 'Crystal Ball'").rule == "B3.5"  # in the discards: not in the deck
    step = table_game()
    step.state.explorers[1].omens.append("Dog")
    step.state.card_discards["omen"] = [o for o in omens if o != "Dog"]  # every omen is out of the deck
    step = do(step, "move E", "place Kitchen ground 1 0 rotation=3")
    assert "The Omen deck is empty: shuffle its discards into a new deck" in texts(step)
    assert isinstance(step.awaiting, AwaitCard) and step.state.card_discards["omen"] == []
    step = do(step, "card 'Crystal Ball'")
    assert step.state.explorers[0].omens == ["Crystal Ball"]


def test_B3_3_a_closing_tile_reshuffled_back_into_the_stack_is_still_found():
    """Regression (found by the haunt soak): the stack ran out while tiles that would close the floor were
    being set aside, so the first of them was back in the stack when it had to be laid."""
    from hauntable.engine.bots import RandomBot
    from hauntable.games.betrayal import GAME, GameConfig, HouseRules
    from hauntable.games.betrayal.inputs import Roll

    seed = 3263146727
    config = GameConfig.quick(
        "zoe", "ox", "vivian", "peter", "longfellow", "heather",
        seed=seed, board="table7", today="11-30", house_rules=HouseRules(revolving_wall=True),
    )  # fmt: skip
    step = GAME.new_game(config)
    bot = RandomBot(seed, Roll)
    for _ in range(400):
        if step.awaiting is None:
            break
        step = GAME.apply(step.state, bot.choose(step))
    assert step.state.seq >= 214  # got past the input that used to raise


def test_B3_4_a_fitting_tile_set_aside_is_found_after_a_reshuffle_whatever_the_shuffle():
    """Regression: the draw used to stop after as many draws as there were tiles, so a reshuffle that put
    a misfit first ended it before the set-aside tile that fits: "the floor is complete" with a tile
    left. Misfits going under the stack never let it run out: the set-aside tiles go in under them."""
    for rules in (HouseRules(), HouseRules(misfit_tiles="bottom")):
        for seed in range(12):
            step = start(today="11-05", seed=seed, house_rules=rules)
            step = do(with_stack(step, ["Attic"], ["Creaky Hallway"]), "move E")
            assert step.state.current.room == "Creaky Hallway", (rules, seed)


ONE_DOOR = ("Storeroom", "Stairs from Basement", "Mystic Elevator")  # basement tiles with one door


def closing_table_game(rooms, only_one_door: bool = True):
    """Table mode, Zoe on the basement landing among ``rooms``; with ``only_one_door`` the basement tiles
    still out of the house are only one-door ones, which cannot keep a last doorway open."""
    step = arrange(table_game(), rooms=rooms, at={0: "Basement Landing"})
    if only_one_door:
        s = step.state
        s.stack = [t for t in s.stack if "basement" not in CONTENT.rooms[t].floors or t in ONE_DOOR]
    return step


def test_B3_3_table_a_closing_tile_is_refused_while_another_tile_could_keep_the_floor_open():
    step = do(closing_table_game(DEAD_ENDS, only_one_door=False), "move W")
    exc = refused(step, "place Storeroom basement -1 0")
    assert exc.rule == "B3.3"
    assert "would close the basement in every turn" in exc.sentence and "draw again" in exc.sentence


def test_B3_3_table_when_no_tile_left_avoids_it_the_tile_is_accepted_and_the_players_move_one():
    step = do(closing_table_game(DEAD_ENDS), "move W", "place Storeroom basement -1 0")
    assert step.state.house["Storeroom"] == Placed("basement", -1, 0, 1)
    assert step.state.house["Crypt"] == Placed("basement", 0, 2, 2)  # the engine's house is rearranged
    prompt = step.awaiting
    assert isinstance(prompt, RearrangeFloor) and prompt.player == 0
    assert prompt.moves == (("Crypt", 0, 2),) and prompt.turned == ()
    assert "move the Crypt from basement 0,1 to basement 0,2, turned the same way" in prompt.text
    assert choices(step) == ["choose done"]
    step = do(step, "choose done")
    assert isinstance(step.awaiting, AwaitCard) and step.awaiting.deck == "item"  # the Storeroom's card
    assert step.state.current.room == "Storeroom"


def test_B3_3_table_a_turn_is_told_in_quarter_turns_and_confirmed_by_the_players():
    rooms = {
        "Kitchen": ("basement", 0, 1, 1),
        "Pentagram Chamber": ("basement", 1, 0, 2),
        "Vault": ("basement", 1, 1, 2),
        "Crypt": ("basement", 0, -1, 0),
    }
    step = do(closing_table_game(rooms), "move W", "place Storeroom basement -1 0")
    prompt = step.awaiting
    assert isinstance(prompt, RearrangeFloor)
    assert prompt.moves == () and prompt.turned == ("Kitchen",)
    assert "turn the Kitchen (basement 0,1) a quarter turn clockwise" in prompt.text
    assert refused(step, "choose later").code == "rule/illegal"  # only done is an answer
    step = do(step, "choose done")
    assert step.state.house["Kitchen"].rotation == 2


def test_B3_3_table_a_closing_tile_turned_a_way_that_meets_no_door_is_still_refused():
    step = do(closing_table_game(DEAD_ENDS), "move W")
    exc = refused(step, "place Storeroom basement -1 0 rotation=0")  # its one door faces north
    assert exc.rule == "B3.2" and "no door" in exc.sentence


def test_B3_3_a_room_that_may_not_turn_is_left_unturned_by_every_rearrangement():
    """An explorer on one side of a barrier pins the room's turn (B6.1): turns and swaps leave it as it
    lies (rearrange.plan_rearrangement, unit level)."""
    from hauntable.games.betrayal.rearrange import plan_rearrangement

    rooms = {
        "Kitchen": ("basement", 0, 1, 1),
        "Pentagram Chamber": ("basement", 1, 0, 2),
        "Vault": ("basement", 1, 1, 2),
        "Crypt": ("basement", 0, -1, 0),
        "Storeroom": ("basement", -1, 0, 1),
    }
    state = arrange(start(today="11-05"), rooms=rooms).state
    turned = plan_rearrangement(state, CONTENT, "basement", "Storeroom", occupied=lambda room: True)
    assert turned is not None and turned.kind == "turn" and turned.changes[0].room == "Kitchen"
    pinned = {"Kitchen"}.__contains__
    plan = plan_rearrangement(state, CONTENT, "basement", "Storeroom", lambda room: True, pinned)
    # a quarter turn of the Vault would open a doorway, but the Vault meets no door: cut off from the
    # landing, its doorway is one nobody can reach, so nothing else opens the floor
    assert plan is None


def test_B3_3_a_floor_open_only_through_a_room_cut_off_from_its_landing_is_rearranged():
    # The Larder stands apart (as a shift can leave a room until the room laid in its gap joins it): its
    # doors lead to empty cells, but nobody can reach them. The Storeroom closes every doorway the explorers
    # can reach, so the basement is rearranged as if closed: the Crypt shifts next door.
    rooms = {**DEAD_ENDS, "Larder": ("basement", -2, 0, 0)}
    step = arrange(start(today="11-05"), rooms=rooms, at={0: "Basement Landing"})
    step = do(with_stack(step, ["Storeroom", "Wine Cellar"]), "move W")
    assert step.state.house["Storeroom"] == Placed("basement", -1, 0, 1)
    assert step.state.house["Crypt"] == Placed("basement", 0, 2, 2)
    assert step.state.house["Larder"] == Placed("basement", -2, 0, 0)  # cut off: never the one changed
    view = HouseView(step.state, CONTENT)
    assert ("Basement Landing", "N", ("basement", 0, 1)) in view.open_doorways("basement")


def test_B3_3_B6_3_a_faller_whose_basement_tile_closes_the_basement_lays_it_and_the_floor_is_rearranged():
    step = arrange(start(today="11-05"), rooms=DEAD_ENDS)
    step = with_stack(step, ["Collapsed Room", "Storeroom"])
    step = do(step, "move E", "roll 0,0,1,0")  # Zoe fails the Speed roll in the new Collapsed Room
    assert choices(step) == ["target basement -1 0"]  # the Storeroom closes the basement, and is laid
    step = do(step, "target basement -1 0")
    assert step.state.house["Storeroom"] == Placed("basement", -1, 0, 1)
    assert step.state.house["Crypt"] == Placed("basement", 0, 2, 2)  # shifted next door (B3.3)
    assert floor_open(step, "basement")
    assert step.state.current.room == "Storeroom"
    assert step.state.tokens["Below Collapsed Room"] == "Storeroom"


# The landing's west doorway is the basement's last one: north of it the Storeroom and south of it the Stairs
# from Basement face east, onto the Organ Room and the Gymnasium, which join the landing. The Kitchen (doors
# N, E) closes the basement whichever way it meets the landing, and no other tile is left; the smallest
# change is the Pentagram Chamber's shift east.
SHUT_IN = {
    "Organ Room": ("basement", 0, 1, 0),  # doors S (onto the landing) and W (onto the Storeroom)
    "Storeroom": ("basement", -1, 1, 1),
    "Gymnasium": ("basement", 0, -1, 2),  # doors N (onto the landing) and W (onto the Stairs)
    "Stairs from Basement": ("basement", -1, -1, 3),
    "Pentagram Chamber": ("basement", 1, 0, 2),
}


def shut_in(reading):
    step = arrange(
        start(today="11-05", house_rules=HouseRules(closing_floor=reading)),
        rooms=SHUT_IN,
        at={0: "Basement Landing"},
    )
    return do(with_stack(step, ["Kitchen"]), "move W")


def test_B3_3_house_rule_closing_floor_lay_first_lays_the_tile_then_rearranges():
    step = shut_in("lay_first")
    said = [o.code for o in step.outcomes]
    assert said.index("room.discovered") < said.index("floor.shifted")
    assert step.state.house["Kitchen"] == Placed("basement", -1, 0, 0)  # laid at once, the first best turn
    assert step.state.house["Pentagram Chamber"] == Placed("basement", 2, 0, 2)
    assert floor_open(step, "basement") and step.state.current.room == "Kitchen"


def test_B3_3_house_rule_closing_floor_rearrange_first_rearranges_then_lets_the_player_turn_the_tile():
    step = shut_in("rearrange_first")
    said = [o.code for o in step.outcomes]
    assert "floor.shifted" in said and "room.discovered" not in said
    assert step.state.house["Pentagram Chamber"] == Placed("basement", 2, 0, 2)
    assert "Kitchen" not in step.state.house and step.state.current.room == "Basement Landing"
    assert isinstance(step.awaiting, ChooseRotation) and step.awaiting.rotations == (0, 1)
    step = do(step, "rotate 1")  # the floor is open elsewhere, so either way that meets the door is legal
    assert step.state.house["Kitchen"] == Placed("basement", -1, 0, 1)
    assert floor_open(step, "basement") and step.state.current.room == "Kitchen"

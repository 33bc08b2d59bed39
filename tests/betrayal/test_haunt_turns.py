"""The haunt's start, hand-off and turn order (H2), traitor powers (H3), book mode and victory (H6, H7)."""

from __future__ import annotations

from gamekit import CONTENT, arrange, choices, do, haunt, refused, start, texts
from haunt_fixtures import Horde
from hauntable.games.betrayal.config import HouseRules
from hauntable.games.betrayal.prompts import ChooseOption, ChooseTarget, HandOff
from hauntable.games.betrayal.rules import _run
from hauntable.games.betrayal.ruleset import RULES
from hauntable.games.betrayal.world import World

FOUR = ("zoe", "ox", "vivian", "peter")


def book(number: int = 2, revealer: int = 1, characters=FOUR, **kwargs):
    """Haunt ``number`` in book mode (the house rule: every printed haunt has a file the table would
    referee) revealed by ``revealer``; haunt 2's traitor is its revealer."""
    kwargs.setdefault("house_rules", HouseRules(haunt_mode="book"))
    return haunt(start(*characters, **kwargs), number, revealer=revealer)


def seats_in_turn(step, turns: int) -> list[int]:
    out = []
    for _ in range(turns):
        out.append(step.state.turn.seat)
        step = do(step, "end")
    return out


def test_H2_2_the_traitor_answers_the_hand_off_and_is_told_which_book_to_read():
    step = book()
    prompt = step.awaiting
    assert isinstance(prompt, HandOff) and prompt.player == 1
    assert "Ox Bellows, you are the traitor" in prompt.text and "Traitor's Tome" in prompt.text
    assert "Secrets of Survival" in prompt.text and choices(step) == ["ready"]
    assert refused(step, "end").code == "input/not_awaited"
    step = do(step, "ready")
    assert step.awaiting.kind == "action"


def test_H2_2_a_hidden_traitor_hand_off_names_nobody():
    step = book(43, revealer=0)
    prompt = step.awaiting
    assert prompt.player is None and "token 1" in prompt.text
    assert not any(e.name in prompt.text for e in step.state.explorers)
    assert not any(e.name in t and "traitor" in t for e in step.state.explorers for t in texts(step))


def test_H2_3_heroes_from_the_traitors_left_then_the_traitor():
    step = do(book(2, revealer=1), "ready")
    assert seats_in_turn(step, 6) == [2, 3, 0, 1, 2, 3]
    assert step.state.haunt.order == [2, 3, 0, 1, -1]


def test_H2_3_with_no_traitor_everyone_plays_from_the_revealers_left():
    step = do(book(31, revealer=2), "ready")
    assert step.state.haunt.traitor is None
    assert seats_in_turn(step, 5) == [3, 0, 1, 2, 3]


def test_H2_3_the_dead_are_skipped():
    step = do(book(2, revealer=1), "ready")
    step.state.explorers[3].alive = False
    assert seats_in_turn(step, 4) == [2, 0, 1, 2]


def test_H2_1_no_haunt_roll_after_the_haunt_even_when_an_omen_was_drawn():
    step = do(book(), "ready")
    step.state.turn.omen_drawn = "Skull"
    step = do(step, "end")
    assert step.awaiting.kind == "action" and step.state.turn.seat == 3


def test_H2_5_counts_by_number_of_players_include_the_dead(monkeypatch):
    monkeypatch.setitem(RULES.scenarios, 4, Horde())  # a plain horde (haunt_fixtures)
    s = start(*FOUR)
    s.state.explorers[0].alive = False  # a dead explorer still counts
    step = haunt(s, 4, revealer=2)  # the horde: one Crawler more than the players
    assert len(step.state.haunt.monsters) == 5


def test_H3_1_the_new_traitor_is_freed_from_webs():
    s = start(*FOUR)
    s.state.explorers[1].kept.append("Webs")
    step = book(2, revealer=1) if False else haunt(s, 2, revealer=1)
    assert "Webs" not in step.state.explorers[1].kept
    assert any("Webs" in t for t in texts(step))


CRYPT = {"Crypt": ("basement", 0, -1, 0)}


def test_H3_2_the_traitor_ignores_end_of_turn_damage_a_hero_does_not():
    step = do(book(2, revealer=1), "ready")
    step = arrange(step, rooms=CRYPT, at={1: "Crypt", 2: "Crypt"}, seat=2)
    hero = do(step, "end")
    assert any("Crypt" in t for t in texts(hero)) and not any("ignores" in t for t in texts(hero))
    step = arrange(step, seat=1)
    traitor = do(step, "end")
    assert any("traitor and ignores" in t for t in texts(traitor))
    assert traitor.state.explorers[1].traits == step.state.explorers[1].traits


def test_H3_3_the_traitor_chooses_where_the_elevator_goes_without_a_roll():
    step = do(book(2, revealer=1), "ready")
    step = arrange(step, rooms={"Mystic Elevator": ("ground", 1, 1, 1)}, at={1: "Mystic Elevator"}, seat=1)
    step = do(step, "ride")
    assert isinstance(step.awaiting, ChooseTarget)
    assert not any("rolls" in t for t in texts(step))


def test_H3_4_the_traitor_may_decline_an_event():
    step = do(book(2, revealer=1), "ready")
    step = arrange(step, seat=1)
    s = step.state
    w = World(s, CONTENT)
    s.awaiting = None
    w.then(("gain_card", dict(seat=1, deck="event", name="Webs")))
    _run(w)
    assert isinstance(s.awaiting, ChooseOption) and s.awaiting.options == ("take", "decline")
    from hauntable.engine.game import Step

    after = do(Step(s, ()), "choose decline")
    assert "Webs" not in after.state.explorers[1].kept
    assert any("declines the Webs" in t for t in texts(after))


def test_H3_4_a_hero_cannot_decline_an_event():
    step = do(book(2, revealer=1), "ready")
    s = step.state
    s.awaiting = None
    w = World(s, CONTENT)
    w.then(("gain_card", dict(seat=2, deck="event", name="Webs")))
    _run(w)
    assert not isinstance(s.awaiting, ChooseOption) or "decline" not in s.awaiting.options


def test_H6_1_with_no_hero_left_alive_the_traitor_wins():
    step = do(book(), "ready")
    for seat in (0, 3):
        step.state.explorers[seat].alive = False
    step = do(step, "end")  # seat 2 ends; the last hero dies before the next prompt
    step.state.explorers[2].alive = False
    step = do(step, "end") if step.awaiting is not None else step
    assert step.state.haunt.winner == "traitor" and step.awaiting is None


def test_H7_1_book_tools_place_move_and_stun_monsters_and_tokens():
    step = do(book(), "ready")
    room = step.state.current.room
    assert "monster" not in " ".join(choices(step)) and "tools" in choices(step)  # behind one action
    assert f"monster 'Monster 1' '{room}'" in choices(do(step, "tools"))
    step = do(step, "monster Zombie Foyer", "token Rune Foyer", "stun Zombie")
    h = step.state.haunt
    assert h.monsters["Zombie"].room == "Foyer" and h.monsters["Zombie"].stunned
    assert h.tokens == {"Rune": "Foyer"}
    step = do(step, "monster Zombie 'Entrance Hall'", "token Rune ''")
    assert step.state.haunt.monsters["Zombie"].room == "Entrance Hall" and not step.state.haunt.tokens
    assert refused(step, "monster Zombie Attic").rule == "H7.1"  # not in the house
    assert refused(step, "stun Ghost").rule == "H7.1"


def test_H1_5_book_mode_names_a_traitor_who_appears_later():
    step = do(book(9, revealer=0), "ready")
    assert step.state.haunt.traitor is None and "traitor 2" in choices(do(step, "tools"))
    step = do(step, "traitor 2")
    assert step.state.haunt.traitor == 2
    assert refused(step, "traitor 3").rule == "H1.5"


def test_H7_1_book_tools_are_refused_in_a_scripted_haunt():
    step = do(haunt(start(*FOUR), 13, revealer=0), "ready", "ready")  # the traitor's, then the heroes' ready
    assert step.state.haunt.mode == "scripted"
    assert choices(do(step, "tools")) == ["claim heroes", "claim traitor", "back"]  # only the claim
    for tool in ("monster Zombie Foyer", "trait 0 might 1", "escape 0", "counter Seals 1", "kill Demon"):
        assert refused(step, tool).rule == "H7.1", tool


def test_house_rule_haunt_mode_book_plays_a_scripted_haunt_from_the_book():
    step = haunt(start(*FOUR, house_rules=HouseRules(haunt_mode="book")), 13, revealer=0)
    assert step.state.haunt.mode == "book" and not step.state.haunt.monsters


def test_H3_3_the_traitor_turns_the_revolving_wall_without_a_roll():
    step = do(book(2, revealer=1), "ready")
    step.state.tokens.update({"Wall Switch": "Foyer", "Wall Switch 2": "Grand Staircase"})
    step = do(arrange(step, at={1: "Foyer"}, seat=1), "use 'Wall Switch'")
    assert step.state.explorers[1].room == "Grand Staircase"
    assert not any("rolls" in t for t in texts(step))


def test_H3_3_a_hero_still_rolls_for_the_revolving_wall():
    step = do(book(2, revealer=1), "ready")
    step.state.tokens.update({"Wall Switch": "Foyer", "Wall Switch 2": "Grand Staircase"})
    step = do(arrange(step, at={2: "Foyer"}, seat=2), "use 'Wall Switch'")
    assert step.awaiting.kind == "roll" and step.awaiting.trait == "knowledge"


def test_H3_A_Moment_of_Hope_gives_heroes_but_not_the_traitor_an_extra_die():
    step = do(book(2, revealer=1), "ready")
    step.state.tokens["Blessing"] = "Entrance Hall"
    w = World(step.state, CONTENT)
    hero_dice = w.dice_for(2, "might")
    traitor_dice = w.dice_for(1, "might")
    from gamekit import value

    assert hero_dice == value(step, 2, "might") + 1
    assert traitor_dice == value(step, 1, "might")


def test_Bottle_can_be_used_once_the_haunt_has_begun():
    step = do(book(2, revealer=1), "ready")
    seat = step.state.turn.seat
    step.state.explorers[seat].items.append("Bottle")
    step = arrange(step)
    assert "use Bottle" in choices(step)
    step = do(step, "use Bottle")
    assert step.awaiting.kind == "roll" and step.awaiting.dice == 3


def test_H5_2_book_monsters_with_a_speed_roll_it_together_by_type():
    step = do(book(2, revealer=1), "ready")
    step = do(step, "monster 'Bat 1' Foyer speed=3 type=Bats", "monster 'Bat 2' Foyer speed=3 type=Bats")
    while step.awaiting.kind == "action":
        step = do(step, "end")
    assert step.awaiting.kind == "roll" and step.awaiting.dice == 3 and step.awaiting.purpose == "Bats speed"
    step = do(step, "roll 2,2,1")
    assert step.awaiting.monster == "Bat 1" and step.awaiting.movement_left == 5
    step = do(step, "end")
    assert step.awaiting.monster == "Bat 2" and step.awaiting.movement_left == 5


def test_E2_the_haunts_actions_are_refused_before_the_haunt():
    step = start(*FOUR)
    for text in ("claim heroes", "tools", "check 0 might target=4",
                 "monster Zombie Foyer", "stun Zombie", "token Rune Foyer", "traitor 1",
                 "reveal 0", "act burn", "ready", "go Foyer"):  # fmt: skip
        assert refused(step, text).code == "input/not_awaited", text


def test_Crystal_Ball_after_the_haunt_puts_a_chosen_card_on_top_of_a_stack():
    step = do(book(2, revealer=1), "ready")
    seat = step.state.turn.seat
    step.state.explorers[seat].omens.append("Crystal Ball")
    step = arrange(step)
    assert "use 'Crystal Ball'" in choices(step)
    step = do(step, "use 'Crystal Ball'")
    assert step.awaiting.trait == "knowledge"
    step = do(step, "roll " + ",".join(["2"] * step.awaiting.dice), "choose item")
    wanted = step.state.decks["item"][-1]
    step = do(step, f"choose '{wanted}'")
    assert step.state.decks["item"][0] == wanted
    assert "use 'Crystal Ball'" not in choices(step)  # once a turn


def test_Crystal_Ball_a_low_roll_costs_sanity():
    step = do(book(2, revealer=1), "ready")
    seat = step.state.turn.seat
    step.state.explorers[seat].omens.append("Crystal Ball")
    before = step.state.explorers[seat].traits["sanity"]
    step = do(arrange(step), "use 'Crystal Ball'")
    step = do(step, "roll " + ",".join(["0"] * step.awaiting.dice))
    assert step.state.explorers[seat].traits["sanity"] == before - 2

"""Set-up (G1): players, the first ghost, the start rooms, four keys each, one-colour hands swapped."""

from __future__ import annotations

from collections import Counter

import pytest

from geistkit import CONTENT, codes, do, refused, start, texts
from hauntable.engine.game import find_game
from hauntable.engine.rejections import BadConfig
from hauntable.games.geisterstunde import GAME, GameConfig, HouseRules


def _cards(state) -> Counter:
    return Counter([*state.pile, *state.discards, *(k for h in state.hands for k in h)])


@pytest.mark.parametrize("n", [1, 5])
def test_G1_1_two_to_four_players(n: int):
    with pytest.raises(BadConfig, match="2 to 4 players"):
        GAME.new_game(GameConfig(players=tuple(f"P{i}" for i in range(n))))


def test_G1_1_names_must_differ_and_the_ghost_must_sit_at_the_table():
    with pytest.raises(BadConfig, match="no two the same"):
        GAME.new_game(GameConfig(players=("Anna", "Anna")))
    with pytest.raises(BadConfig, match="first ghost"):
        GAME.new_game(GameConfig.quick(3, ghost=3))


def test_G1_2_the_ghost_starts_in_the_dungeon_and_the_runners_in_the_treasury():
    step = start(4, ghost=2)
    assert step.state.rooms == ["02", "02", "dungeon", "02"]
    assert step.state.ghost == 2 and step.state.hands[2] == ()
    assert "Cleo is the ghost in the Verlies" in texts(step)[0]
    assert step.awaiting.player == 2 and step.awaiting.kind == "plan"


def test_G1_3_each_runner_holds_four_keys_and_no_card_is_lost_or_made():
    for n in (2, 3, 4):
        step = start(n, seed=n)
        assert [len(h) for h in step.state.hands] == [0] + [4] * (n - 1)
        assert _cards(step.state) == Counter(CONTENT.keys)


def test_G1_3_the_deal_depends_only_on_the_seed():
    assert start(seed=5).state.hands == start(seed=5).state.hands
    assert start(seed=5).state.hands != start(seed=6).state.hands


def _seed_with_swap(**kwargs) -> int:
    for seed in range(2000):
        if "deal.swap" in codes(start(4, seed=seed, **kwargs)):
            return seed
    raise AssertionError("no seed dealt a one-colour hand")


def test_G1_4_a_starting_hand_of_one_colour_is_swapped_until_mixed():
    seed = _seed_with_swap()
    step = start(4, seed=seed)
    assert any("swaps them for four new ones (G1.4)" in t for t in texts(step))
    for hand in step.state.hands[1:]:
        assert len({k.split("-")[0] for k in hand}) > 1
    assert _cards(step.state) == Counter(CONTENT.keys)
    assert len(step.state.discards) == 4 * codes(step).count("deal.swap")


def test_G1_4_in_table_mode_the_deal_is_read_card_by_card_and_a_one_colour_hand_is_swapped():
    step = start(2, cards="table")
    assert step.awaiting.kind == "draw" and step.awaiting.purpose == "deal" and step.awaiting.player == 1
    assert refused(step, "pass").rule == "G4.1"
    step = do(step, "draw red-lion", "draw red-eagle", "draw red-lily")
    step = do(step, "draw red-tower")
    assert "deal.swap" in codes(step)
    assert step.state.hands[1] == () and step.awaiting.text.startswith("Ben: take key card 1 of 4")
    step = do(step, "draw red-lion", "draw blue-eagle", "draw green-lily", "draw red-dragon")
    assert step.state.hands[1] == ("red-lion", "blue-eagle", "green-lily", "red-dragon")
    assert step.awaiting.kind == "plan"


def test_G1_4_house_rule_once_swaps_a_one_colour_hand_only_one_time():
    step = start(2, cards="table", house_rules=HouseRules(mono_hand="once"))
    step = do(step, *(f"draw red-{c}" for c in ("lion", "eagle", "lily", "tower")))
    step = do(step, *(f"draw blue-{c}" for c in ("lion", "eagle", "lily", "tower")))
    assert step.awaiting.kind == "plan" and codes(step).count("deal.swap") == 0
    assert step.state.hands[1] == tuple(f"blue-{c}" for c in ("lion", "eagle", "lily", "tower"))


def test_G1_a_bad_card_name_is_unreadable():
    step = start(2, cards="table")
    assert refused(step, "draw purple-lion").code == "input/unreadable"


def test_the_game_is_registered_by_name_and_alias():
    assert find_game("Geisterstunde") is GAME and find_game("ghost-hour") is GAME


def test_G1_4_house_rule_mono_swap_discard_puts_the_swapped_hand_on_the_discards():
    seed = _seed_with_swap()
    step = start(4, seed=seed, house_rules=HouseRules(mono_swap="discard"))
    swaps = codes(step).count("deal.swap")
    assert len(step.state.discards) == 4 * swaps and "deal.shuffle_back" not in codes(step)
    assert len({k.split("-")[0] for k in step.state.discards[:4]}) == 1  # the four of one colour
    assert _cards(step.state) == Counter(CONTENT.keys)


def test_G1_4_house_rule_mono_swap_shuffle_back_returns_the_swapped_hand_to_the_pile():
    seed = _seed_with_swap(house_rules=HouseRules(mono_swap="shuffle_back"))
    step = start(4, seed=seed, house_rules=HouseRules(mono_swap="shuffle_back"))
    assert "deal.shuffle_back" in codes(step) and step.state.discards == []
    dealt = sum(len(h) for h in step.state.hands)
    assert len(step.state.pile) == len(CONTENT.keys) - dealt  # nothing set aside: all but the hands
    assert _cards(step.state) == Counter(CONTENT.keys)


def test_G1_4_house_rule_mono_swap_shuffle_back_at_a_table_leaves_the_shuffle_to_the_players():
    step = start(2, cards="table", house_rules=HouseRules(mono_swap="shuffle_back"))
    step = do(step, *(f"draw red-{c}" for c in ("lion", "eagle", "lily", "tower")))
    assert "deal.shuffle_back" in codes(step) and step.state.discards == []
    assert step.state.hands[1] == () and step.awaiting.purpose == "deal"
    # the players shuffled the four back: the same cards may be dealt again, read one by one
    step = do(step, "draw red-lion", "draw blue-eagle", "draw green-lily", "draw red-dragon")
    assert step.state.hands[1] == ("red-lion", "blue-eagle", "green-lily", "red-dragon")

"""The engine contract: apply never mutates, seq counts inputs, replay is a fold, chance is seeded."""

from __future__ import annotations

import ast
import pathlib

import pytest

from gamekit import arrange, do, start
from hauntable.engine import find_game, replay, state_hash
from hauntable.engine.bots import RandomBot, play
from hauntable.engine.dice import BETRAYAL_DIE, FixedDice, VirtualDice
from hauntable.engine.rejections import Rejection, UnreadableInput
from hauntable.engine.rng import Rng
from hauntable.games.betrayal import GAME, GameConfig
from hauntable.games.betrayal.inputs import Roll

ENGINE = pathlib.Path(__file__).parents[2] / "app" / "hauntable"


def test_apply_returns_a_new_state_and_leaves_the_old_one_alone():
    step = start()
    before = state_hash(step.state)
    after = do(step, "move N")
    assert state_hash(step.state) == before
    assert after.state.seq == step.state.seq + 1
    assert step.state.current.room == "Entrance Hall" and after.state.current.room == "Foyer"


def test_a_rejection_changes_nothing_and_does_not_count():
    step = start()
    before = state_hash(step.state)
    with pytest.raises(Rejection):
        GAME.apply(step.state, GAME.inputs.parse("move S"))
    assert state_hash(step.state) == before and step.state.seq == 0


def test_the_same_config_and_inputs_give_the_same_game():
    config = GameConfig.quick("zoe", "ox", "vivian", today="11-30", seed=11)
    live, inputs = play(GAME, GAME.new_game(config), RandomBot(5, Roll), 400)
    again = replay(GAME, config, inputs)
    assert state_hash(again.state) == state_hash(live.state)
    assert again.state.seq == len(inputs)


def test_different_seeds_shuffle_the_room_stack_differently():
    a = GAME.new_game(GameConfig.quick("zoe", "ox", "vivian", seed=1)).state.stack
    b = GAME.new_game(GameConfig.quick("zoe", "ox", "vivian", seed=2)).state.stack
    assert sorted(a) == sorted(b) and a != b


def test_find_game_knows_betrayal_and_refuses_unknown_games():
    assert find_game("Betrayal") is GAME and find_game("bahoth") is GAME
    with pytest.raises(UnreadableInput, match="Unknown game"):
        find_game("monopoly")


def test_virtual_dice_are_betrayal_dice_and_repeatable():
    faces, source = VirtualDice(seed=7).roll(8)
    assert set(faces) <= {0, 1, 2} and source == "virtual:seed=7#1"
    assert VirtualDice(seed=7).roll(8) == (faces, source)
    assert sorted(BETRAYAL_DIE.faces) == [0, 0, 1, 1, 2, 2] and BETRAYAL_DIE.in_box == 8
    assert FixedDice([2, 0, 1]).roll(2) == ((2, 0), "fixed")


def test_rng_is_uniform_enough_and_resumable():
    rng = Rng(3)
    counts = [0] * 6
    for _ in range(6000):
        counts[rng.below(6)] += 1
    assert all(900 < c < 1100 for c in counts)
    a = Rng(9)
    a.next64()
    b = Rng(a.state, raw=True)
    assert a.next64() == b.next64()


def test_the_engine_does_no_io_reads_no_clock_and_imports_no_random():
    banned = {"random", "time", "datetime", "os", "socket", "sqlite3", "subprocess", "pathlib"}
    for path in [*(ENGINE / "engine").glob("*.py"), *(ENGINE / "games").rglob("*.py")]:
        if path.name in ("content.py", "content_files.py") and "games" in path.parts:
            continue  # a game's data loader reads its files once; apply() never calls it
        tree = ast.parse(path.read_text())
        for node in ast.walk(tree):
            names = []
            if isinstance(node, ast.Import):
                names = [a.name.split(".")[0] for a in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module:
                names = [node.module.split(".")[0]]
            assert not banned & set(names), f"{path.name} imports {banned & set(names)}"
            if isinstance(node, ast.Call) and getattr(node.func, "id", "") == "open":
                raise AssertionError(f"{path.name} opens a file")


def test_explorers_shared_between_states_are_copied_before_they_change():
    step = arrange(start(today="11-05"), rooms={"Crypt": ("basement", 0, 1, 2)}, at={0: "Crypt"})
    after = do(step, "end", "split sanity=1")
    assert step.state.explorers[0].traits["sanity"] == 2
    assert after.state.explorers[0].traits["sanity"] == 1
    assert after.state.explorers[1] is step.state.explorers[1]  # untouched explorers are shared

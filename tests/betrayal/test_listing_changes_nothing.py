"""Listing a turn's choices is a read (E1): a screen asks for them after every input, a replay or a resume
never does, so listing must change nothing in the state, or a game replays to another state than the one
played. Haunt 43 once recorded an empty list of inoculated explorers when its ``inoculate_other`` action was
offered or refused, and the listing ran on the state itself: the live game then hashed differently from its
replay (found by test_haunt_properties with game seed 800, 3 players, scripted haunts)."""

from __future__ import annotations

import random

import pytest

from gamekit import ClaimingBot, do, haunt, start
from hauntable.engine.hashing import canonical_json, state_hash
from hauntable.engine.takeback import replay
from hauntable.games.betrayal import GAME, GameConfig, HouseRules
from hauntable.games.betrayal.haunts.printed import PRINTED
from hauntable.games.betrayal.prompts import ChooseAction
from printedkit import begin, turn

# the accepted inputs of the failing draw (its refused haunt-tool inputs left out: they changed nothing)
SEED_800_INPUTS = """\
move E
rotate 3
roll 2,0,0,0 source='virtual:seed=800#1'
roll 0,0 source='virtual:seed=800#2'
split speed=1 might=1
end
roll 1,0,1,1,0,1 source='virtual:seed=800#3'
move W
end
move W
move E
move E
move W
end
move W
move W
move E
move E
end
move E
move E
move N
roll 1,2 source='virtual:seed=800#4'
target upper 0 -1
move N
end
move N
move E
roll 0,1,1,2 source='virtual:seed=800#5'
target basement 0 1
roll 0 source='virtual:seed=800#6'
drop Mask
end
roll 0,2,1,1,2,0 source='virtual:seed=800#7'
move W
move W
move E
move W
end
move down
move S
move S
move W
end
move S
move S
end
roll 1,2,2,2,0,2 source='virtual:seed=800#8'
end
move E
move N
move S
move N
end
move S
roll 1,1,0,0,1 source='virtual:seed=800#9'
drop Medallion
drop 'Crystal Ball'
end
roll 2,0,0,2,2,1 source='virtual:seed=800#10'
move E
move W
move E
move E
end
move N
end
take 'Crystal Ball'
move N
roll 2,2,2 source='virtual:seed=800#11'
move E
roll 0,1,2,2,2 source='virtual:seed=800#12'
rotate 2
end
roll 1,1,0,1,1,2 source='virtual:seed=800#13'
move W
move W
move E
move N
end
move S
end
drop 'Crystal Ball'
drop 'Spirit Board'
move W
move S
roll 2,0,2,2,2 source='virtual:seed=800#14'
take Medallion
move N
move E
roll 0,0,1,2,2 source='virtual:seed=800#15'
move W
end
move W
end
roll 1,2,2,2,2,0 source='virtual:seed=800#16'
move W
move N
use Closet
roll 1,1 source='virtual:seed=800#17'
target basement -1 -1
drop Spear
end
roll 1,2,0,0,0,2 source='virtual:seed=800#18'
ready
move N
roll 2,2,2,0,1 source='virtual:seed=800#19'
drop Medallion
move S
move S
roll 2,2,2,2,2 source='virtual:seed=800#20'
move N
roll 2,1,1 source='virtual:seed=800#21'
move E
roll 2,2,2,0,0 source='virtual:seed=800#22'
end
move N
use Closet
roll 1,1 source='virtual:seed=800#23'
choose yes
roll 2,2,1,0,1 source='virtual:seed=800#24'
drop 'Angel Feather'
end
move W
roll 2,1,2,2 source='virtual:seed=800#25'
act research option=knowledge
roll 0,1,2 source='virtual:seed=800#26'
claim traitor
choose accept
"""


def unlisted_json(state) -> str:
    """The state's canonical JSON without its prompt: made without listing the prompt's choices."""
    twin = state.clone()
    twin.awaiting = None
    return canonical_json(twin.to_json())


def test_e1_seed_800_haunt_43_replays_to_the_state_of_the_game_whose_choices_were_listed():
    config = GameConfig.quick(
        "zoe", "ox", "vivian", today="11-30", seed=800, house_rules=HouseRules(haunt_mode="scripted")
    )
    inputs = [GAME.inputs.parse(line) for line in SEED_800_INPUTS.splitlines()]
    step = GAME.new_game(config)
    for inp in inputs:
        step.awaiting.choices()  # what a player's screen shows before the input
        step = GAME.apply(step.state, inp)
    assert step.state.haunt.number == 43 and step.state.haunt.winner == "traitor"
    assert state_hash(replay(GAME, config, inputs).state) == state_hash(step.state)


def test_h43_offering_inoculate_other_records_no_one_inoculated():
    step = begin(43, "Research Laboratory", "Gardens", at={0: "Foyer", 1: "Foyer"})
    assert isinstance(step.awaiting, ChooseAction)
    step.awaiting.choices()  # inoculate_other's place: an explorer not yet inoculated in the room
    assert "_inoculated" not in step.state.haunt.vars
    step = do(turn(step, 0, "Foyer"), "end")  # the revealer's turn ends: the disease asks who is inoculated
    assert step.awaiting.purpose == "the Star-Sickness"
    assert "_inoculated" not in step.state.haunt.vars


@pytest.mark.parametrize("number", sorted(PRINTED))
def test_e1_listing_a_turns_choices_changes_nothing_in_printed_haunt(number):
    """Every printed haunt, forced after some exploration, played 150 bot inputs on: before each input the
    turn's choices are listed, and the state (its prompt left out) reads the same before and after."""
    pick = random.Random(number)
    step = start("zoe", "ox", "vivian", "peter", seed=number)
    bot = ClaimingBot(number)
    for _ in range(pick.randrange(20, 60)):
        if step.state.phase != "explore":
            break
        step = GAME.apply(step.state, bot.choose(step))
    if step.state.phase == "explore":
        step = haunt(step, number, revealer=pick.randrange(4))
    for _ in range(150):
        if step.awaiting is None:
            break
        before = unlisted_json(step.state)
        step.awaiting.choices()
        assert unlisted_json(step.state) == before, f"listing {step.awaiting.kind} changed the state"
        step = GAME.apply(step.state, bot.choose(step))

"""Issue 17: a dead explorer's companion (the Dog, the Girl, the Madman) waits in the room where they died;
the next explorer to enter takes custody of it and gets its card with its trait changes (K9; de l.403).
Before, it became an item pile and an explorer walking in got nothing."""

from __future__ import annotations

import pytest

from gamekit import arrange, choices, do, in_haunt, refused, start

ZOE, OX, VIVIAN = 0, 1, 2


def _ox_dies_with(companion: str):
    """Ox (the traitor) holds ``companion`` and the Candle; Zoe kills him in the Entrance Hall; Vivian waits
    in the Foyer next door."""
    step = start()
    step.state.explorers[OX].omens.append(companion)
    step.state.explorers[OX].items.append("Candle")
    step = arrange(step, at={VIVIAN: "Foyer"}, traits={OX: {"speed": 0}}, seat=ZOE)
    step = in_haunt(step, OX, seat=ZOE)
    step = do(step, "attack 1", "roll 2,2,2", "roll 1,0,0,0,0", "choose 'deal 5 damage'", "split speed=5")
    assert not step.state.explorers[OX].alive
    return step


@pytest.mark.parametrize(
    "companion, gains",
    [
        ("Dog", {"might": 1, "sanity": 1}),
        ("Girl", {"sanity": 1, "knowledge": 1}),
        ("Madman", {"might": 2, "sanity": -1}),
    ],
)
def test_de403_the_next_explorer_to_enter_takes_in_the_dead_ones_companion(companion, gains):
    step = _ox_dies_with(companion)
    assert step.state.tokens[f"companion:{companion}"] == "Entrance Hall"
    assert f"item:{companion}" not in step.state.tokens  # not an item pile
    assert step.state.tokens["item:Candle"] == "Entrance Hall"  # other cards are (C4)
    assert f"take {companion}" not in choices(step)
    vivian = arrange(step, seat=VIVIAN)
    before = dict(vivian.state.explorers[VIVIAN].traits)  # clip positions on the tracks
    after = do(vivian, "move S")  # from the Foyer into the Entrance Hall
    assert companion in after.state.explorers[VIVIAN].omens
    assert f"companion:{companion}" not in after.state.tokens
    assert "companion.custody" in [o.code for o in after.outcomes]
    for trait, steps in gains.items():  # the card's lasting changes come with it (C5)
        assert after.state.explorers[VIVIAN].traits[trait] == before[trait] + steps
    # the Candle still lies there: walking in does not pick up the item piles
    assert "Candle" not in after.state.explorers[VIVIAN].items


def test_de403_an_explorer_already_in_the_room_does_not_take_it_until_entering():
    step = _ox_dies_with("Girl")
    assert "Girl" not in step.state.explorers[ZOE].omens
    assert refused(step, "take Girl").rule == "C4"
    zoe = do(step, "move N", "move S")  # out to the Foyer and back in
    assert "Girl" in zoe.state.explorers[ZOE].omens

"""Card effects (issue 3, in progress): each implemented card tested through its main branches."""

from __future__ import annotations

import pytest

from gamekit import choices, do, refused, start, texts, value
from hauntable.engine.prompts import RollDice
from hauntable.games.betrayal.cards import CARD_RULES
from hauntable.games.betrayal.content import load_content
from hauntable.games.betrayal.prompts import SplitDamage


def drawn(card: str, tile: str = "Gardens", rotation: int = 1):
    """Zoe discovers ``tile`` east of the Entrance Hall and draws ``card`` from the table."""
    step = start("zoe", "ox", "vivian", today="11-05", rooms="table", cards="table")
    return do(step, "move E", f"place {tile} ground 1 0 rotation={rotation}", f"card '{card}'")


def test_every_card_with_rules_is_a_card_of_the_game():
    assert set(CARD_RULES) <= set(load_content().cards)


def test_Book_gives_2_knowledge():
    step = drawn("Book", "Kitchen", 3)
    assert step.state.explorers[0].traits["knowledge"] == 4
    assert any("Book: +2 Knowledge" in t for t in texts(step))


def test_Girl_gives_1_sanity_and_1_knowledge():
    step = drawn("Girl", "Kitchen", 3)
    assert step.state.explorers[0].traits["sanity"] == 3
    assert step.state.explorers[0].traits["knowledge"] == 3


@pytest.mark.parametrize(
    ("faces", "speed", "damage"),
    [("2,2,1,0", 4, None), ("1,1,0,0", 3, "mental"), ("1,0,0,0", 3, "mental")],
)
def test_Angry_Being_speed_roll_branches(faces, speed, damage):
    step = drawn("Angry Being")
    assert isinstance(step.awaiting, RollDice) and step.awaiting.trait == "speed"
    step = do(step, f"roll {faces}")
    assert step.state.explorers[0].traits["speed"] == speed
    if damage is None:
        assert not isinstance(step.awaiting, RollDice)
    else:
        assert step.awaiting.purpose == f"{damage} damage"


def test_Angry_Being_worst_result_deals_mental_then_physical_damage():
    step = do(drawn("Angry Being"), "roll 0,0,1,0", "roll 1")
    assert isinstance(step.awaiting, SplitDamage) and step.awaiting.damage == "mental"
    step = do(step, "split sanity=1", "roll 2")
    assert step.awaiting.damage == "physical" and step.awaiting.amount == 2


def test_Something_Hidden_finds_an_item_on_4_or_more():
    step = do(drawn("Something Hidden"), "choose yes", "roll 2,2,0")
    assert step.awaiting.kind == "card" and step.awaiting.deck == "item"
    step = do(step, "card Axe")
    assert step.state.explorers[0].items == ["Axe"]


def test_Something_Hidden_costs_sanity_below_4():
    step = do(drawn("Something Hidden"), "choose yes", "roll 1,1,0")
    assert step.state.explorers[0].traits["sanity"] == 1
    assert step.state.card_discards["event"] == ["Something Hidden"]


def test_Creepy_Crawlies_zero_loses_2_sanity():
    step = do(drawn("Creepy Crawlies"), "roll 0,0,0,0,0")
    assert value(step, 0, "sanity") == 3  # Zoe: 5 -> two steps down
    assert choices(step) == ["end"]


def test_a_card_choice_must_be_one_of_those_offered():
    from hauntable.games.betrayal.cards.language import gain_any
    from hauntable.games.betrayal.world import World

    step = start(today="11-05")
    s = step.state
    w = World(s, load_content())
    s.pending = [("effects", dict(seat=0, card="Test", effects=[gain_any(1, ("might", "speed"))]))]
    s.awaiting = None
    from hauntable.games.betrayal.rules import _run

    _run(w)
    assert choices(step) == ["choose might", "choose speed"]
    assert refused(step, "choose sanity").code == "rule/illegal"
    step = do(step, "choose might")
    assert step.state.explorers[0].traits["might"] == 4


def test_every_card_has_rules_and_a_status_that_is_not_pending():
    import pathlib

    content = load_content()
    assert set(CARD_RULES) == set(content.cards)
    doc = (pathlib.Path(__file__).parents[2] / "docs" / "cards.md").read_text(encoding="utf-8")
    rows = [line.split("|") for line in doc.splitlines() if line.startswith("| ") and "| Deck |" not in line]
    statuses = {r[1].strip().removesuffix(" x2"): r[4].strip() for r in rows if len(r) > 5}
    assert set(statuses) == set(content.cards)
    assert all(s.startswith(("done", "partial: ")) for s in statuses.values())


@pytest.mark.parametrize("seed", range(8))
def test_random_games_with_card_effects_list_only_legal_choices(seed):
    """With card effects on, every answer a prompt lists is accepted, and applying never changes the state
    it was given (so the bot can play any game to the haunt)."""
    from hauntable.engine.bots import RandomBot
    from hauntable.engine.hashing import state_hash
    from hauntable.games.betrayal import GAME, GameConfig
    from hauntable.games.betrayal.inputs import Roll

    chars = ("zoe", "ox", "vivian", "peter", "longfellow", "heather")
    step = GAME.new_game(GameConfig.quick(*chars[: 3 + seed % 4], today="11-30", seed=1000 + seed))
    bot = RandomBot(seed, Roll)
    for _ in range(3000):
        if step.awaiting is None:
            break
        before = state_hash(step.state)
        for c in step.awaiting.choices():
            GAME.apply(step.state, c)
        nxt = GAME.apply(step.state, bot.choose(step))
        assert state_hash(step.state) == before
        step = nxt
    assert step.state.phase == "haunt"

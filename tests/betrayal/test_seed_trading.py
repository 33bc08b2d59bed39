"""Issue 17: trading (C3). de l.207 lets you give an item to an explorer in your room, both agreeing; ru
l.161 speaks of exchanging items. House rule ``trading``: ``exchange`` (default) lets the explorer whose turn
it is trade both ways with ``trade SEAT`` (a card offered, a card asked for, either may be nothing), the other
accepting or refusing; ``give`` keeps de's one-way gift as the only trade."""

from __future__ import annotations

import pytest

from gamekit import arrange, choices, do, refused, start
from hauntable.games.betrayal import GameConfig, HouseRules

ZOE, OX, VIVIAN = 0, 1, 2


def _in_the_hall(reading: str = "exchange"):
    """All in the Entrance Hall: Zoe holds the Axe, Ox the Candle and the Girl (not tradeable)."""
    step = start("zoe", "ox", "vivian", house_rules=HouseRules(trading=reading))
    s = step.state
    s.explorers[ZOE].items.append("Axe")
    s.explorers[OX].items.append("Candle")
    s.explorers[OX].omens.append("Girl")
    return arrange(step, seat=ZOE)


@pytest.mark.parametrize("reading", ["exchange", "give"])
def test_C3_house_rule_trading_exchange_both_ways_or_give_only(reading):
    step = _in_the_hall(reading)
    assert "give Axe 1" in choices(step)  # the one-way gift stays in both readings
    if reading == "give":
        assert not [c for c in choices(step) if c.startswith("trade")]
        assert refused(step, "trade 1").rule == "C3"
        return
    assert {"trade 1", "trade 2"} <= set(choices(step))
    step = do(step, "trade 1")
    assert step.awaiting.player == ZOE and step.awaiting.options == ("Axe", "nothing")
    assert refused(step, "choose Girl").rule == "C3"  # not Zoe's to offer
    step = do(step, "choose Axe")
    assert step.awaiting.options == ("Candle", "nothing")  # not the Girl: companions are never traded
    step = do(step, "choose Candle")
    assert step.awaiting.player == OX and step.awaiting.code == "trade_swap"
    step = do(step, "choose accept")
    assert step.state.explorers[ZOE].items == ["Candle"] and step.state.explorers[OX].items == ["Axe"]
    # each card's action of the turn is spent (C2): neither is given or traded again this turn
    assert not [c for c in choices(step) if c.startswith(("give", "trade"))]


def test_C3_asking_for_a_card_alone_and_the_other_may_refuse():
    step = do(_in_the_hall(), "trade 1", "choose nothing")
    assert step.awaiting.options == ("Candle",)  # nothing for nothing is no trade
    step = do(step, "choose Candle")
    assert step.awaiting.player == OX and step.awaiting.code == "trade_give"
    refused_step = do(step, "choose refuse")
    assert refused_step.state.explorers[OX].items == ["Candle"]
    assert "item.trade_refused" in [o.code for o in refused_step.outcomes]
    given = do(step, "choose accept")
    assert given.state.explorers[ZOE].items == ["Axe", "Candle"] and given.state.explorers[OX].items == []


def test_C3_a_trade_with_nothing_to_trade_on_either_side_is_refused():
    step = _in_the_hall()
    assert "trade 2" in choices(step)  # Zoe has the Axe to offer Vivian
    step.state.explorers[ZOE].items.clear()
    step = arrange(step)
    assert "trade 2" not in choices(step)
    assert refused(step, "trade 2").rule == "C3"
    assert refused(step, "trade 0").rule == "C3"  # not with oneself


def test_de151_no_trade_across_a_barrier():
    step = _in_the_hall()
    step = arrange(step, rooms={"Chasm": ("ground", 1, 0, 0)}, at={ZOE: "Chasm", OX: "Chasm"})
    step.state.explorers[ZOE].side, step.state.explorers[OX].side = "W", "E"
    step = arrange(step)
    assert "trade 1" not in choices(step)
    assert refused(step, "trade 1").rule == "B6.1"


def test_C3_a_game_logged_before_trading_both_ways_resumes_with_one_way_trades():
    """A logged config's JSON has no ``trading``: read back, it plays de's gift only, as it was played; a new
    game's JSON names ``exchange``, and both round-trip."""
    new = GameConfig.quick("zoe", "ox", "vivian")
    assert new.house_rules.trading == "exchange" and new.to_json()["house_rules"]["trading"] == "exchange"
    assert GameConfig.from_json(new.to_json()) == new
    logged = new.to_json()
    del logged["house_rules"]["trading"]
    assert GameConfig.from_json(logged).house_rules.trading == "give"
    old = GameConfig.quick("zoe", "ox", "vivian", house_rules=HouseRules(trading="give"))
    assert "trading" not in old.to_json()["house_rules"] and GameConfig.from_json(old.to_json()) == old

"""Haunt 24, Fly Away Home, refereed from its file (data/haunts/24.toml)."""

from __future__ import annotations

from gamekit import refused
from printedkit import begin, turn
from printedplay import act, monster_kills_last_hero, strong

ROOMS = ("Organ Room", "Attic", "Catacombs")


def bats():
    return begin(24, *ROOMS, revealer=0, omen="Bite")


def test_h24_fly_away_home_set_up_three_bats_in_the_attic_and_three_in_the_catacombs():
    step = bats()
    h = step.state.haunt
    assert not step.state.explorers[h.traitor].alive
    rooms = sorted(m.room for m in h.monsters.values() if m.kind == "Bat")
    assert rooms == ["Attic"] * 3 + ["Catacombs"] * 3


def test_h24_fly_away_home_heroes_win_with_the_organ_and_the_noise():
    step = bats()
    hero = next(s for s in range(4) if s != step.state.haunt.traitor)
    strong(step, hero)
    step = act(step, hero, "Organ Room", "organ", "might")
    assert step.state.haunt.vars["_organ"] == 1 and not step.state.haunt.winner
    step = act(step, hero, "Organ Room", "noise", "knowledge")
    h = step.state.haunt
    assert h.winner == "heroes" and not any(m.kind == "Bat" for m in h.monsters.values())


def test_h24_fly_away_home_traitor_wins_when_every_hero_is_dead():
    step = bats()
    bat = next(mid for mid, m in step.state.haunt.monsters.items() if m.kind == "Bat")
    assert monster_kills_last_hero(step, bat).state.haunt.winner == "traitor"


def test_h24_the_noise_before_the_organ_is_refused():
    step = bats()
    hero = next(s for s in range(4) if s != step.state.haunt.traitor)
    rej = refused(turn(step, hero, "Organ Room"), "act noise option=knowledge")
    assert "organ" in rej.sentence and "haunt 24" in rej.sentence

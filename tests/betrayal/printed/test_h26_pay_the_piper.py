"""Haunt 26, Pay the Piper, refereed from its file (app/hauntable/games/betrayal/data/haunts/26.toml)."""

from __future__ import annotations

from gamekit import CONTENT, do, refused, texts
from hauntable.games.betrayal.house import adjacent, door_leads
from printedkit import begin, roll, turn

ROOMS = ("Pentagram Chamber", "Library", "Chapel", "Gymnasium")


def piper(**kw):
    return begin(26, *ROOMS, revealer=0, **kw)


def test_h26_pay_the_piper_hand_off_then_set_up_the_traitor_left_of_the_revealer_and_rats():
    step = piper()
    h = step.state.haunt
    assert h.mode == "scripted" and h.name == "Pay the Piper" and h.traitor == 1  # left of the revealer
    rats = [m for m in h.monsters.values() if m.kind == "Rat"]
    assert len(rats) == 8  # 2 per player
    assert all(m.beaten == "kill" and m.might == 2 and m.sanity == 1 for m in rats)
    assert not any(m.room == "Pentagram Chamber" for m in rats)
    assert h.vars["_n"] == {"rats": 8, "ritual": 5, "target": 3}


def test_h26_the_two_hand_offs_come_before_the_set_up():
    from gamekit import haunt
    from gamekit import start as new_game
    from printedkit import build

    step = haunt(build(new_game("zoe", "ox", "vivian", "peter"), *ROOMS), 26)
    assert step.awaiting.code == "printed.traitor" and step.awaiting.player == 1
    assert not step.state.haunt.monsters
    step = do(step, "ready")
    assert step.awaiting.code == "printed.heroes" and step.awaiting.player != 1
    assert not step.state.haunt.monsters
    step = do(step, "ready")
    assert step.state.haunt.monsters and step.awaiting.kind == "action"


def test_h26_traitor_wins_when_the_ritual_is_complete():
    step = piper()
    for n in range(1, 6):
        step = turn(step, 1, "Pentagram Chamber")
        assert "act ritual option=sanity" in [str(c) for c in step.awaiting.choices()]
        step = roll(do(step, "act ritual option=sanity"), 2)
        if n < 5:
            assert step.state.haunt.vars["ritual"] == n
    assert step.state.haunt.winner == "traitor"
    assert any("ritual is complete" in t for t in texts(step))


def test_h26_heroes_win_when_every_rat_is_destroyed():
    step = piper()
    for mid in [m for m in step.state.haunt.monsters if m != "Rat"]:
        del step.state.haunt.monsters[mid]
    step = turn(step, 2)
    step.state.haunt.monsters["Rat"].room = step.state.explorers[2].room
    step = turn(step, 2)
    step = do(step, "attack Rat")
    while step.awaiting is not None and step.awaiting.kind == "roll":
        step = roll(step, 2 if step.awaiting.player == 2 else 0)
    assert step.state.haunt.winner == "heroes"


def test_h26_heroes_win_when_the_traitor_dies_before_reaching_the_chamber():
    step = piper()
    step = turn(step, 2)
    step.state.explorers[1].traits.update(might=0, speed=0)
    step.state.explorers[1].room = step.state.explorers[2].room
    step = turn(step, 2)
    step = do(step, "attack 1")
    while step.awaiting is not None and step.awaiting.kind in ("roll", "split"):
        step = (
            roll(step, 2 if step.awaiting.player == 2 else 0)
            if step.awaiting.kind == "roll"
            else do(step, str(step.awaiting.choices()[0]))
        )
    assert step.state.haunt.winner == "heroes"


def test_h26_the_ritual_outside_the_chamber_is_refused_naming_the_haunt():
    step = turn(piper(), 1, "Library")
    rej = refused(step, "act ritual option=sanity")
    assert "Pentagram Chamber" in rej.sentence and "haunt 26" in rej.sentence


def test_h26_heroes_cannot_take_the_traitors_ritual():
    step = turn(piper(), 2, "Pentagram Chamber")
    assert "traitor" in refused(step, "act ritual option=sanity").sentence


def test_h26_a_hero_may_not_enter_the_pentagram_chamber_but_the_traitor_may():
    step = piper()
    nextdoor = adjacent(step.state, CONTENT, "Pentagram Chamber")[0]
    way = next(
        f"move {d}"
        for d in ("N", "E", "S", "W")
        if door_leads(step.state, CONTENT, nextdoor, d)[1:] == ("Pentagram Chamber", True)
    )
    step = turn(step, 2, nextdoor)
    assert way not in [str(c) for c in step.awaiting.choices()]
    assert "haunt 26" in refused(step, way).sentence
    step = turn(step, 1, nextdoor)
    assert way in [str(c) for c in step.awaiting.choices()]


def test_h26_the_traitor_in_the_pentagram_chamber_cannot_be_attacked_by_heroes():
    step = piper()
    step.state.explorers[1].room = "Pentagram Chamber"
    step = turn(step, 2, "Pentagram Chamber")  # a hero who got in anyway (a fall, a card)
    assert "cannot be attacked" in refused(step, "attack 1").sentence
    step.state.explorers[1].room = "Library"
    step = turn(step, 2, "Library")
    assert "attack 1" in [str(c) for c in step.awaiting.choices()]

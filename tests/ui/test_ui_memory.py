"""Issue 18, start and memory: the start builds only the attract screen (the others follow, and each is
there when asked for); a floor keeps its framebuffer while play moves between floors, and shows exactly
the part it painted; the table collects Kivy's cyclic garbage every ``collector.EVERY`` inputs and when
a game follows another."""

from __future__ import annotations

from hauntable.ui import collector, demo
from hauntable.ui.app import SCREENS
from hauntable.ui.widgets import floor_paint


def test_the_start_builds_the_attract_screen_and_every_other_screen_is_there_when_asked(table_app):
    h = table_app
    built = h.app.build()  # what the start's first frame waits for: the attract screen alone
    assert built.current == "attract" and built.screen_names == ["attract"]
    assert all(built.has_screen(name) for name in SCREENS)
    built.current = "castle"  # asked for before its turn came: built on the spot
    assert built.current_screen.name == "castle" and "castle" in built.screen_names
    assert h.app.root.current == "attract"  # the attract screen idles: the others are built meanwhile
    assert h.frames_until(lambda: len(h.app.root.screen_names) == len(SCREENS), seconds=20)
    assert sorted(h.app.root.screen_names) == sorted(SCREENS)


def test_a_floor_keeps_its_framebuffer_as_play_moves_between_floors_and_shows_what_it_painted(
    table_app, monkeypatch
):
    made = []
    real = floor_paint.Fbo
    monkeypatch.setattr(floor_paint, "Fbo", lambda **kw: made.append(kw["size"]) or real(**kw))
    h = table_app
    assert h.app.controller.start_game([demo.SIX[i] for i in range(3)], seed=1) is None
    h.app.go("play")
    h.frames(3)
    house = h.app.root.current_screen.ids.house
    views = {v.floor_id: v for v in house.children}
    rounds = []
    for _ in range(3):  # each floor large, then small again, three times
        before = len(made)
        for focus in ("upper", "basement", "ground"):
            house.focus = focus
            h.frames(2)
            big = views[focus]
            w, h_ = big.painting().size  # the painting shown is the painted floor, not the whole buffer
            assert (w, h_) == big._used and w <= big._fbo.size[0] and h_ <= big._fbo.size[1]
        rounds.append(len(made) - before)
    assert rounds[1:] == [0, 0]  # once each floor has been large, its framebuffer serves both sizes


def test_a_collection_is_due_when_a_game_follows_another_and_every_EVERY_inputs():
    c = collector.Collector()

    class Game:
        seq = 0

    one, two = Game(), Game()
    assert not c.due(one)  # the first game of the process: the count starts
    one.seq = collector.EVERY - 1
    assert not c.due(one)
    one.seq = collector.EVERY
    assert c.due(one)
    assert not c.due(one)
    assert c.due(two)  # the next game

"""A walk-up group finishes a game on the table (issue 18): the real app driven by taps only, from the
attract screen through set-up, exploration, the haunt and a confirmed victory, for Betrayal with six
players and for Geisterstunde, with pictures of the key moments checked in their pixels.

Betrayal: seed 3 with six seats reaches haunt 29 (a printed haunt: Frankenstein's Legacy, a monster) in
~85 taps; the taps decide from what the screen shows (``test_ui_game.play_one``), and once the monster has
moved the table claims the end and the other side accepts (H6.2) unless the haunt's own check ends it
first. Pictures: the six explorer panels (each panel's seat stripe in its colour, inside the window), the
haunt banner, the monster on the map (its red label in its room's cell), the end screen (the winner's
colour, every floor readable). Geisterstunde: four seats, played to a winner with the secrets test's
checker after every tap (no plan card on the shared screen), pictures of the plan pad (five crest buttons
alike in pixels) and the end.
"""

from __future__ import annotations

from pathlib import Path

import cv2
import numpy as np
from test_ui_castle_secrets import check_one_screen, settled
from test_ui_game import choice_buttons, play_one
from test_ui_play_fit import inside

from hauntable.engine.rng import Rng
from hauntable.gamelog import GameLog
from hauntable.games.betrayal.haunts.printed import PRINTED
from hauntable.games.geisterstunde.content import load_content
from hauntable.session import Session
from hauntable.ui.harness import plain
from hauntable.ui.hauntview import haunt_layer
from hauntable.ui.viewmodel import SEAT_COLORS
from hauntable.ui.widgets.floor_paint import FLOOR_COLORS, monster_colour

TAPS = 400
GHOST_CONTENT = load_content()


def picture(h, path: Path) -> np.ndarray:
    """The window as a player sees it, written to ``path`` and read back (rows top-down, RGB 0-255)."""
    settled(h)
    h.screenshot(str(path))
    bgr = cv2.imread(str(path))
    assert bgr is not None and bgr.shape[:2] == (h.window.height, h.window.width), path
    return bgr[:, :, ::-1].astype(int)


def region(h, img: np.ndarray, widget, x: float, y: float, w: float, ht: float) -> np.ndarray:
    """The pixels of a rectangle given in ``widget``'s parent coordinates."""
    (x0, y0), (x1, y1) = widget.to_window(x, y), widget.to_window(x + w, y + ht)
    top, bottom = h.window.height - int(y1), h.window.height - int(y0)
    return img[max(0, top) : bottom, max(0, int(x0)) : int(x1)]


def pixels_like(pixels: np.ndarray, rgb: tuple[float, ...], tolerance: int = 14) -> int:
    """How many pixels are within ``tolerance`` of ``rgb`` (0-1 floats) in every channel."""
    want = np.array([round(c * 255) for c in rgb[:3]])
    return int((np.abs(pixels.reshape(-1, 3) - want).max(axis=1) <= tolerance).sum())


def check_six_panels(h, img: np.ndarray) -> None:
    screen = h.app.root.get_screen("play")
    assert len(screen.panels) == 6
    scroll, column = screen.ids.panel_scroll, screen.ids.panels
    if column.height <= scroll.height:  # a column that fits starts at the top, no gap above it
        top = max(p.to_window(p.x, p.top)[1] for p in screen.panels)
        assert abs(top - scroll.to_window(scroll.x, scroll.top)[1]) <= 6, "the panels hang below the top"
    for panel in screen.panels:
        assert inside(panel, screen.ids.panel_scroll), f"{panel.model.name}'s panel is cut off"
        x0, y0 = panel.to_window(panel.x, panel.y)
        x1, y1 = panel.to_window(panel.right, panel.top)
        assert min(x0, y0) >= 0 and x1 <= h.window.width and y1 <= h.window.height
        stripe = region(h, img, panel, panel.x, panel.y + 2, 6, panel.height - 4)
        colour = SEAT_COLORS[panel.model.seat % len(SEAT_COLORS)]
        assert pixels_like(stripe, colour) >= stripe.shape[0] * 4, (
            f"seat {panel.model.seat}'s stripe not drawn"
        )


def check_monsters_drawn(h, img: np.ndarray) -> int:
    """Each monster the map shows is drawn in its colour inside its room's cell; returns how many."""
    state = h.app.controller.channel.step.state
    screen = h.app.root.get_screen("play")
    checked = 0
    for room, marks in haunt_layer(state).monsters.items():
        placed = state.house[room]
        view = screen.ids[placed.floor]
        if not view.mini and (
            not view.visible(placed.x, placed.y) or all(m.label in view.hidden for m in marks)
        ):
            continue  # off the large floor's part in view, or counted as "+n"
        ox, oy = view.cell_origin(placed.x, placed.y)
        s = view.cell_size()
        cell = region(h, img, view, ox, oy, s, s)
        for mark in marks:
            assert pixels_like(cell, monster_colour(mark), 10) >= 20, f"{mark.label} not drawn in the {room}"
            checked += 1
    return checked


def test_H6_2_six_walk_up_players_play_betrayal_by_taps_through_a_monster_haunt_to_a_confirmed_victory(
    make_app, tmp_path
):
    shots = tmp_path / "betrayal"
    shots.mkdir()
    with GameLog(tmp_path / "table.sqlite3") as log:
        h = make_app(seed=3, log=log)
        h.tap_text("Touch to play")
        for _ in range(3):
            h.tap_text("Add a seat")
        assert "Seat 6" in h.texts()
        h.tap_text("Start the game")
        assert h.app.root.current == "play"
        check_six_panels(h, picture(h, shots / "six-panels.png"))
        rng, taps = Rng(11), 0
        while h.app.root.current == "play" and taps < TAPS:
            play_one(h, rng)
            taps += 1
            assert h.app.controller.channel.last_refusal is None, h.app.controller.channel.last_refusal
        haunt = h.app.controller.channel.step.state.haunt
        assert h.app.root.current == "haunt" and haunt is not None, f"no haunt after {taps} taps"
        assert haunt.number in PRINTED, haunt.number  # haunt 29 today; the monster is checked below
        assert "The haunt begins" in h.texts() and f"Haunt {haunt.number}" in h.texts()
        picture(h, shots / "haunt-begins.png")
        h.tap_text("Play the haunt")
        monsters_seen, claim_from = 0, None
        while h.app.root.current == "play" and taps < 3 * TAPS:
            play_one(h, rng, claim=claim_from is not None and taps >= claim_from)
            taps += 1
            assert h.app.controller.channel.last_refusal is None, h.app.controller.channel.last_refusal
            state = h.app.controller.channel.step.state
            if monsters_seen or not state.haunt.monsters or h.app.root.current != "play":
                continue
            if choice_buttons(h):  # not a dice or card step: the map is what the picture is about
                monsters_seen = check_monsters_drawn(h, picture(h, shots / "monsters.png"))
                assert monsters_seen, "a monster is in the house but none is drawn on the map"
                check_six_panels(h, picture(h, shots / "haunt-panels.png"))
                claim_from = taps + 20  # let the monster act, then the table ends the haunt
        state = h.app.controller.channel.step.state
        assert monsters_seen and state.haunt.winner is not None, f"no winner after {taps} taps"
        # confirmed: the haunt's own win check, or a claim the other side accepted (H6.2)
        game_id = h.app.controller.channel.session.game_id
        entries = [(e.kind, e.payload) for e in log.iter_inputs(game_id)]
        end = h.app.root.get_screen("haunt")
        why = plain(end.ids.end_why.text)
        if "the other side agrees" in why:
            claimed = max(i for i, (kind, _) in enumerate(entries) if kind == "claim")
            assert "accept" in str(entries[claimed + 1 :]), entries[claimed:]
        else:
            assert "claim" not in [kind for kind, _ in entries[-2:]], why
        shown = h.texts()
        assert "The haunt is over" in shown
        assert ("The heroes win!" if state.haunt.winner == "heroes" else "The traitor's side wins!") in shown
        img = picture(h, shots / "end.png")
        winner = end.ids.end_winner
        assert pixels_like(region(h, img, winner, *winner.pos, *winner.size), winner.color) > 200
        house = end.ids.end_house
        for floor in ("ground", "upper", "basement"):
            view = end.ids[f"end_{floor}"]
            assert inside(view, house) and not view.cramped, (floor, view.cramped)
            rooms = sum(1 for p in state.house.values() if p.floor == floor)
            tiles = pixels_like(region(h, img, view, *view.pos, *view.size), FLOOR_COLORS[floor], 4)
            assert tiles >= rooms * (house.cell / 2) ** 2, (
                f"the {floor}'s tiles are not drawn"
            )  # not cut away
        assert Session.resume(log, game_id).state_hash == h.app.controller.channel.session.state_hash


def test_G5_a_walk_up_group_of_four_plays_geisterstunde_by_taps_to_its_end_with_no_plan_on_the_screen(
    make_app, tmp_path
):
    from hauntable.ui.widgets.prompt import ChoiceButton

    h = make_app(seed=5)
    h.tap(h.app.root.get_screen("attract").ids.geisterstunde)
    h.tap_text("Add a seat")
    h.tap(h.app.root.get_screen("ghostsetup").ids.start)
    assert h.app.root.current == "castle"
    state = h.app.controller.channel.step.state
    assert len(state.config.players) == 4
    pad_seen = False
    for _ in range(1500):
        state = h.app.controller.channel.step.state
        prompt = state.awaiting
        if prompt is None:
            break
        check_one_screen(h)
        if prompt.kind == "plan":
            plan = GHOST_CONTENT.plans[state.rooms[state.ghost]][(state.seq * 7) % 5]
            for crest in plan:
                h.tap(h.find(name=f"crest-{crest}"), frames=1)
            check_one_screen(h)
            if not pad_seen:  # the pad with the cards tapped, before they are laid: five buttons alike
                pad_seen = True
                img = picture(h, tmp_path / "geister-pad.png")
                pad = [w for w in h.walk() if str(getattr(w, "name", "")).startswith("crest-")]
                looks = set()
                for b in pad:
                    inner = region(h, img, b, b.x + 2, b.y + 2, 6, b.height - 4)  # the button's edge, no text
                    looks.add(tuple(np.median(inner.reshape(-1, 3), axis=0)))
                assert len(pad) == 5 and len(looks) == 1, f"the pad's buttons differ: {looks}"
            h.tap(h.find(name="plan-lay"), frames=1)
            continue
        buttons = [w for w in h.walk() if isinstance(w, ChoiceButton)]
        assert buttons, h.texts()
        keys = [b for b in buttons if b.inp.kind == "key"]  # keys first: a game ends in fewer taps
        h.tap((keys or buttons)[state.seq % len(keys or buttons)], frames=1)
        if (
            state.round == 2
            and h.app.controller.channel.step.state.round == 2
            and not (tmp_path / "geister-mid.png").exists()
        ):
            check_one_screen(h)
            picture(h, tmp_path / "geister-mid.png")
    state = h.app.controller.channel.step.state
    assert state.winner is not None and pad_seen
    check_one_screen(h)
    assert f"{state.config.players[state.winner]} escapes and wins!" in h.texts()
    picture(h, tmp_path / "geister-end.png")
    h.tap_text("New game")
    assert h.app.root.current == "attract"

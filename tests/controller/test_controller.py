"""The table app's controller without a window: start, play, abandon and resume a logged game, keep the
admin menu's settings across a restart, and play on the live readers (the mock backend, its scanner
thread) with jobs hopping to the view's thread as the Kivy app's ``post`` carries them."""

from __future__ import annotations

import subprocess
import sys

from hauntable.engine.bots import seq_seeded_choice
from hauntable.engine.dice import VirtualDice
from hauntable.engine.prompts import RollDice
from hauntable.gamelog import GameLog
from hauntable.games.betrayal.content import load_content
from hauntable.games.betrayal.inputs import Choose, Move
from hauntable.games.betrayal.prompts import AwaitCard, AwaitTile
from hauntable.table.registry import TagRegistry
from hauntable.ui.controller import TableController, UiSettings
from hauntable.ui.simulator import tag_uid
from viewkit import RecordingView

PLAYERS = [("Ann", "zoe"), ("Ben", "ox"), ("Cy", "vivian")]


def controller(tmp_path, log=None, **settings) -> tuple[TableController, RecordingView]:
    view = RecordingView()
    settings.setdefault("data_dir", str(tmp_path / "data"))
    settings.setdefault("turn_guard", 0.0)  # scripted taps come faster than fingers (test_one_door tests it)
    return TableController(view, UiSettings(**settings), log=log, seed=3, today="11-30"), view


def test_the_controller_imports_no_kivy():
    code = (
        "import sys, hauntable.ui.controller; print(sorted(m for m in sys.modules if m.startswith('kivy')))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


def test_a_game_starts_plays_by_taps_and_is_abandoned_then_not_offered_again(tmp_path):
    with GameLog(tmp_path / "table.sqlite3") as log:
        c, view = controller(tmp_path, log=log)
        assert c.start_game([("Ann", "zoe")]) is not None  # one player: refused, nothing started
        assert c.channel is None and view.screens == []
        assert c.start_game(PLAYERS) is None
        assert view.screens == ["play"] and c.game_running and c.simulator is not None
        seq = c.channel.seq
        c.submit(Move("E"), seq)
        assert c.channel.seq == seq + 1 and view.redraws >= 1
        c.submit(Move("E"), seq)  # the same prompt tapped twice: stale, refused, the game unchanged
        assert c.channel.last_refusal is not None and c.channel.seq == seq + 1
        assert c.sim("place_tile").ok and c.table_notice()
        game_id = c.channel.session.game_id
        c.abandon_game()
        assert view.screens[-1] == "attract" and not c.game_running and c.channel is None
        assert log.game(game_id).status == "abandoned"
        c.offer_resume()
        assert c.resume_offer == ""


def test_an_unfinished_game_is_offered_after_a_restart_and_resumes_where_it_stopped(tmp_path):
    with GameLog(tmp_path / "table.sqlite3") as log:
        c, _ = controller(tmp_path, log=log)
        c.start_game(PLAYERS)
        c.submit(Move("E"), c.channel.seq)
        c.sim("place_tile")
        seq, house = c.channel.seq, set(c.channel.step.state.house)
        c.close()  # the power goes out: no abandon

        again, view = controller(tmp_path, log=log)
        again.offer_resume()
        assert (
            "Ann (Zoe Ingstrom), Ben (Ox Bellows)" in again.resume_offer and "2 moves" in again.resume_offer
        )
        again.resume_offered()
        assert again.resume_offer == "" and again.notice == "" and view.screens == ["play"]
        assert again.channel.seq == seq and set(again.channel.step.state.house) == house


def test_the_admin_menus_choices_are_kept_across_a_restart(tmp_path):
    c, view = controller(tmp_path)
    c.set_language("de", keep=True)
    c.choices.turn_seat(1)
    c.choices.turn_seat(1)
    c.choices.change_idle(-300)
    c.choices.next_house_rule("revolving_wall")
    assert view.changes == 1 and c.lang == "de"
    again, _ = controller(tmp_path)
    assert again.lang == "de" and again.settings.seat_angles[1] == 180
    assert again.settings.idle_seconds == 30  # never below 30 s
    assert again.choices.house_rules().revolving_wall is True
    again.choices.default_house_rules()
    assert controller(tmp_path)[0].choices.house_rules().revolving_wall is False
    c.set_language("en")  # the players' choice: shown, not kept
    assert controller(tmp_path)[0].lang == "de"


def test_a_tile_laid_on_the_live_readers_reaches_the_game_on_the_views_thread(tmp_path):
    c, view = controller(tmp_path, table="live", backend="mock")
    with TagRegistry(c.registry_path()) as registry:
        for name in load_content().room_tiles():
            registry.enrol(tag_uid("tile", name), "tile", name)
    c.start_game(PLAYERS)
    try:
        assert c.live_table is not None and c.simulator is None
        c.submit(Move("E"), c.channel.seq)
        c.live_table.backend.reader("ground:4,0").place(tag_uid("tile", "Creaky Hallway"))
        assert view.run_jobs_until(lambda: "Creaky Hallway" in c.channel.step.state.house)
        assert c.channel.history[-1].state.house["Creaky Hallway"].x == 4
    finally:
        c.close()
    c.close()  # idempotent


def test_the_geisterstunde_table_is_opened_and_closed_with_its_game(tmp_path):
    c, view = controller(tmp_path)
    assert c.start_geisterstunde(table=True) is None
    assert view.screens == ["castle"] and c.castle_table is not None and c.simulator is None
    c.submit(Choose("x"), c.channel.seq)  # not an option: refused by the engine, said at the seat
    assert c.channel.last_refusal is not None
    c.abandon_game()
    assert c.castle_table is None and c.channel is None


def _play_to_rolls(c: TableController, rolls: int, seed: int) -> list[tuple[tuple[int, ...], str]]:
    """Play by taps and the simulator's hands until ``rolls`` rolls were taken, alternating the dice
    pad's virtual dice and the simulated tower; the (faces, source) of each roll taken."""
    taken: list[tuple[tuple[int, ...], str]] = []
    for _ in range(600):
        if len(taken) >= rolls:
            return taken
        step = c.channel.step
        prompt = step.awaiting
        if isinstance(prompt, RollDice):
            if len(taken) % 2:
                c.sim("throw")
            else:
                c.roll_virtual()
        elif isinstance(prompt, AwaitTile):
            c.sim("place_tile")
        elif isinstance(prompt, AwaitCard):
            c.sim("draw_card")
        else:
            c.submit(seq_seeded_choice(c.channel.session.game, step, seed), c.channel.seq)
        last = c.channel.step
        if last is not step and isinstance(prompt, RollDice):
            inp = c.channel.session.log.inputs(c.channel.session.game_id)[-1].payload
            taken.append((tuple(inp["faces"]), inp["source"]))
    raise AssertionError(f"only {len(taken)} rolls in 600 steps")


def test_virtual_dice_after_a_resume_throw_on_and_never_repeat_the_logged_faces(tmp_path):
    """Issue 18 item 8: the app made its dice anew on resume and threw the logged faces again. Both the
    dice pad's virtual dice and the simulated tower now roll on past the rolls already logged, as the
    terminal game does (commands/play.dice_for): the next roll is the one an uninterrupted game throws."""
    with GameLog(tmp_path / "table.sqlite3", durable=False) as log:
        c, _ = controller(tmp_path, log=log)
        c.start_game(PLAYERS)
        before = _play_to_rolls(c, 4, seed=5)
        c.close()  # the power goes out

        again, _ = controller(tmp_path, log=log)
        again.offer_resume()
        again.resume_offered()
        after = _play_to_rolls(again, 2, seed=6)
    assert {source for _, source in after}.isdisjoint(source for _, source in before)
    seed = again.channel.step.state.config.seed
    for name, dice_seed, at in (("virtual", seed + 1, 0), ("virtual-tower", seed, 1)):
        stream = VirtualDice(dice_seed, name=name)
        for faces, source in before:
            if source.startswith(stream.prefix):
                assert stream.roll(len(faces)) == (faces, source)  # the logged rolls, as thrown
        assert stream.roll(len(after[at][0])) == after[at]  # and the next one after the resume

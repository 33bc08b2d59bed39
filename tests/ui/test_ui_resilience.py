"""The app in a real window when things go wrong (issue 19): a Geisterstunde game offered again after a
crash, a long resume that shows its progress, a damaged move read back, a full disk refusing a move on
screen, F1 kept shut in kiosk mode, an idle admin menu locking itself, a lost PIN record."""

from __future__ import annotations

import pytest

from faultkit import CONFIG, fill, play, small_disk
from hauntable.engine.bots import seq_seeded_choice
from hauntable.gamelog import GameLog
from hauntable.kiosk.pin import AdminLock, PinStore
from hauntable.session import Session


def test_a_geisterstunde_game_cut_off_by_a_crash_is_offered_and_resumed(make_app, tmp_path):
    with GameLog(tmp_path / "table.sqlite3") as log:
        hashes = play(log, 12, game="geisterstunde")
        h = make_app(log=log)
        text = h.texts()
        assert "A game was not finished: Anna, Ben, Cleo" in text and "12 moves logged" in text
        h.tap_text("Resume this game")
        h.frames(3)
        assert h.app.root.current == "castle"
        assert h.app.controller.channel.session.state_hash == hashes[-1]


def test_a_long_resume_replays_off_the_main_loop_and_counts_on_screen(make_app, tmp_path):
    with GameLog(tmp_path / "table.sqlite3", durable=False) as log:
        from hauntable.games.betrayal import GameConfig

        hashes = play(log, 800, seed=5, config=GameConfig.quick("zoe", "ox", "vivian", seed=5))
        assert len(hashes) == 800  # seed 5: still playing after 800 inputs (seed 1's game ends at 662 now)
        h = make_app(log=log)
        seen = []
        changed = h.app.changed

        def record():
            seen.append(h.app.controller.resume_offer)
            changed()

        h.app.changed = record
        h.app.controller.view = h.app
        h.tap_text("Resume this game")
        for _ in range(400):
            if h.app.root.current == "play":
                break
            h.frames(1)
        assert h.app.root.current == "play"
        assert any(s.startswith("Resuming the game, replaying its moves: ") for s in seen), seen
        assert h.app.controller.channel.session.state_hash == hashes[-1]


def test_a_damaged_move_is_read_back_and_the_operator_told(make_app, tmp_path):
    import sqlite3

    path = tmp_path / "table.sqlite3"
    with GameLog(path) as log:
        hashes = play(log, 60)
        target = next(e for e in log.inputs(1) if e.kind == "move" and e.seq > 20)
    db = sqlite3.connect(path)
    db.execute("DROP TRIGGER inputs_append_only_update")
    db.execute("UPDATE inputs SET payload_json = ? WHERE seq = ?", ('{"kind":"mo\x01e"}', target.seq))
    db.commit()
    db.close()
    with GameLog(path) as log:
        h = make_app(log=log)
        h.tap_text("Resume this game")
        assert h.app.root.current == "play"
        assert h.app.controller.channel.session.state_hash == hashes[-1]
        assert f"damaged move(s) {target.seq} were read back" in h.app.controller.notice


def test_a_full_disk_refuses_the_tap_on_screen_and_loses_nothing(make_app, tmp_path):
    with small_disk(tmp_path / "disk", 2048) as disk:
        if disk is None:
            pytest.skip("cannot mount a tmpfs here (needs root)")
        with GameLog(disk / "table.sqlite3") as log:
            h = make_app(log=log)
            h.tap_text("Touch to play")
            h.tap_text("Start the game")
            channel = h.app.controller.channel
            filler = fill(disk, 0)
            refused = None
            for _ in range(300):
                seq = channel.seq
                channel.submit(seq_seeded_choice(channel.session.game, channel.step, 5), seq)
                if channel.last_refusal is not None and channel.last_refusal.code == "log/write":
                    refused = channel.last_refusal
                    break
            assert refused is not None and "storage is full" in refused.sentence
            h.frames(3)
            assert "this move was not saved" in h.texts()
            logged = log.last_seq(channel.session.game_id)
            assert logged == channel.seq  # the screen is never ahead of the log
            filler.unlink()


def test_f1_opens_no_settings_panel_over_the_kiosk(make_app):
    from kivy.core.window import Window

    def panel_shown(h) -> bool:
        panel = h.app._app_settings
        return panel is not None and panel.parent is not None

    h = make_app()
    h.app._app_window = Window  # what App.run() sets up, which the harness does not call
    h.app._install_settings_keys(Window)
    try:
        Window.dispatch("on_keyboard", 282, 0, None, [])  # F1
        h.frames(2)
        assert panel_shown(h)  # outside the kiosk it opens (development): the test can see a panel
        h.app.close_settings()
    finally:
        Window.unbind(on_keyboard=h.app._on_keyboard_settings)
    h.frames(2)
    h.app.controller.settings.kiosk = True
    h.app._install_settings_keys(Window)
    Window.dispatch("on_keyboard", 282, 0, None, [])
    h.app._on_keyboard_settings(Window, 282, 0, None, [])  # even if something bound it anyway
    h.frames(2)
    assert not panel_shown(h) and not h.app.open_settings()
    Window.unbind(on_keyboard=h.app._on_keyboard_settings)


def unlock(h):
    h.tap_text("Admin")
    for d in "1234":
        h.tap_text(d)
    h.tap_text("OK")


def test_an_unlocked_admin_menu_locks_itself_when_left_idle_mid_game(make_app):
    h = make_app()
    h.tap_text("Touch to play")
    h.tap_text("Start the game")
    h.app.go("admin")
    h.frames(3)
    admin = h.app.root.get_screen("admin")
    now = [0.0]
    admin.lock = AdminLock(clock=lambda: now[0])
    for d in "1234":
        h.tap_text(d)
    h.tap_text("OK")
    assert admin.unlocked and "Abandon the game" in h.texts()
    now[0] += 60
    admin._check_lock()
    assert admin.unlocked  # a minute: still open
    now[0] += AdminLock.IDLE + 1
    admin._check_lock()
    assert not admin.unlocked and h.app.root.current == "play"  # back to the game, menu locked
    now[0] += 8 * 3600
    h.app.go("admin")
    h.frames(3)
    assert not admin.unlocked and "Abandon the game" not in h.texts()


def test_a_lost_pin_record_keeps_the_menu_locked_and_names_the_console_reset(make_app, tmp_path):
    pin = tmp_path / "admin-pin.json"
    PinStore(pin).set("2468")
    pin.unlink()
    (tmp_path / "admin-pin.json.bak").unlink()
    h = make_app(pin_file=str(pin))
    h.tap_text("Admin")
    h.frames(2)
    assert "hauntable admin-pin --reset" in h.texts()
    for d in "5555":
        h.tap_text(d)
    h.tap_text("OK")
    admin = h.app.root.get_screen("admin")
    assert not admin.unlocked and not pin.exists()  # nobody chose a new PIN by touch
    assert "hauntable admin-pin --reset" in h.texts()


def test_a_thread_in_trouble_is_said_on_the_attract_screen(make_app):
    from hauntable.table.health import Trouble

    h = make_app()
    h.app.controller.trouble = lambda: Trouble("The table's readers stopped", True)
    h.app._ping_watchdog()
    h.frames(2)
    assert "The table's readers stopped. The table restarts by itself within a minute" in h.texts()


def test_resume_after_a_read_only_start_plays_on_in_memory(make_app, tmp_path):
    from hauntable.gamelog.opening import _in_memory

    path = tmp_path / "table.sqlite3"
    with GameLog(path) as log:
        session = Session.new("betrayal", CONFIG, log=log)
        for _ in range(10):
            session.submit(seq_seeded_choice(session.game, session.step, 5), source="test")
    opened = _in_memory(str(path), "readonly", "The table's storage is read-only.")
    h = make_app(log=opened.log)
    h.app.controller.notice = opened.notice
    h.app.changed()
    assert "NOT being saved" in h.texts()
    h.tap_text("Resume this game")
    assert h.app.root.current == "play" and h.app.controller.channel.seq == 10

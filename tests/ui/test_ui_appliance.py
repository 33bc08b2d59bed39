"""The appliance side of the app in a real window: resume at start-up, the admin tools (log export,
house rules, self-test) and a dice tower on a real pty. Assertions are on what the operator reads."""

from __future__ import annotations

from hauntable.gamelog import ABANDONED, GameLog


def start(h):
    h.tap_text("Touch to play")
    h.tap_text("Start the game")
    assert h.app.root.current == "play"


def play_a_little(h):
    start(h)
    h.tap(h.find("Go East\n?"))
    h.tap_text("Lay next tile")
    return h.app.controller.channel.seq


def unlock(h):
    h.tap_text("Admin")
    for d in "1234":
        h.tap_text(d)
    h.tap_text("OK")
    assert "Quit to desktop" in h.texts()


def test_start_up_offers_the_unfinished_game_and_resumes_it(make_app, tmp_path):
    with GameLog(tmp_path / "table.sqlite3") as log:
        h = make_app(log=log)
        assert "A game was not finished" not in h.texts()  # an empty log offers nothing
        seq = play_a_little(h)
        h.close()  # the table loses power mid-game
        h = make_app(log=log)
        text = h.texts()
        assert "A game was not finished: Player 1 (" in text and f"{seq} moves logged" in text
        assert "Vivian Lopez" in text
        h.tap_text("Resume this game")
        assert h.app.root.current == "play" and h.app.controller.channel.seq == seq
        assert "Vivian Lopez (Player 3)" in h.texts()


def test_start_up_offer_declined_sets_the_game_aside_for_a_new_one(make_app, tmp_path):
    with GameLog(tmp_path / "table.sqlite3") as log:
        h = make_app(log=log)
        play_a_little(h)
        game_id = h.app.controller.channel.session.game_id
        h.close()
        h = make_app(log=log)
        h.tap_text("Deutsch")
        assert "Ein Spiel wurde nicht beendet" in h.texts()
        h.tap_text("Neues Spiel beginnen")
        assert h.app.root.current == "setup"
        assert log.game(game_id).status == ABANDONED
        h.close()
        h = make_app(log=log)  # the next start-up offers nothing
        assert "nicht beendet" not in h.texts() and "not finished" not in h.texts()


def test_an_abandoned_game_is_not_offered_at_the_next_start(make_app, tmp_path):
    with GameLog(tmp_path / "table.sqlite3") as log:
        h = make_app(log=log)
        play_a_little(h)
        h.app.go("admin")
        h.frames(3)
        for d in "1234":
            h.tap_text(d)
        h.tap_text("OK")
        h.tap_text("Abandon the game")
        assert h.app.root.current == "attract"
        h.close()
        h = make_app(log=log)
        assert "not finished" not in h.texts() and "Touch to play" in h.texts()


def test_a_game_log_is_exported_as_json_lines_to_the_usb_drive(make_app, tmp_path):
    from hauntable.gamelog.jsonl import replay_jsonl

    stick = tmp_path / "stick"
    stick.mkdir()
    with GameLog(tmp_path / "table.sqlite3") as log:
        h = make_app(log=log, export_dir=str(stick))
        seq = play_a_little(h)
        game_id = h.app.controller.channel.session.game_id
        h.app.go("admin")
        h.frames(3)
        for d in "1234":
            h.tap_text(d)
        h.tap_text("OK")
        h.tap_text("Export game logs to a USB drive")
        assert f"Drive: {stick}" in h.texts()
        h.tap(h.find(f"Game {game_id} · ", contains=True))
        written = stick / f"hauntable-{log.game(game_id).created[:10]}-game{game_id}.jsonl"
        assert f"Game {game_id} written to {written}. The drive can be removed." in h.texts()
        lines = written.read_text().splitlines()
        assert len(lines) == 1 + seq and '"type": "game"' in lines[0]
        assert replay_jsonl(lines).state.seq == seq


def test_with_no_drive_mounted_the_export_says_so(make_app, tmp_path):
    with GameLog(tmp_path / "table.sqlite3") as log:
        h = make_app(log=log, export_dir=str(tmp_path / "not-mounted"))
        unlock(h)
        h.tap_text("Export game logs to a USB drive")
        assert "No USB drive is mounted. Plug one in, wait a moment, then look again." in h.texts()
        (tmp_path / "not-mounted").mkdir()  # the operator plugs a stick in
        h.tap_text("Look for a drive again")
        assert f"Drive: {tmp_path / 'not-mounted'}" in h.texts()


def test_house_rules_chosen_in_the_admin_menu_apply_to_the_next_game(table_app):
    h = table_app
    unlock(h)
    h.tap_text("House rules for the next game")
    h.tap_text("Haunt roll dice: six dice")
    h.tap_text("Revolving Wall room tile: off")
    assert "Haunt roll dice: one die per omen" in h.texts()
    assert "Revolving Wall room tile: on" in h.texts()
    h.tap_text("< Back")
    h.tap_text("Close")
    start(h)
    rules = h.app.controller.channel.step.state.config.house_rules
    assert rules.haunt_roll_dice == "per_omen" and rules.revolving_wall is True
    assert rules.door_matching == "connect_all"  # untouched rules keep their defaults


def wait_for(h, text: str, frames: int = 400) -> str:
    for _ in range(frames):
        h.frames(1)
        if text in h.texts():
            break
    return h.texts()


def test_the_self_test_runs_on_the_mock_table_and_shows_faults(make_app, tmp_path):
    from hauntable.table.layout import REPO_HARDWARE

    layout = tmp_path / "bench.toml"
    text = (REPO_HARDWARE / "bench.toml").read_text()
    layout.write_text(text.replace("[mock]", '[mock]\ndead = ["ground:2,0"]\ndead_towers = ["tower:1"]'))
    h = make_app(layout=str(layout))
    unlock(h)
    h.tap_text("Hardware self-test")
    text = wait_for(h, " faults")
    assert "bench on the mock backend: 7 devices, 2 faults" in text, text
    assert "FAULT tower tower:1 (/dev/ttyACM0): no HELLO reply (mock fault)" in text
    assert "FAULT reader ground:2,0" in text and "RFID readers: 3 ok" in text


# --- the dice tower over a real pty (the firmware's loop in a subprocess, tests/dice's SimulatedDiceTower)


def logged_game_at_a_roll(log: GameLog, seed: int = 5):
    """A 4-seat table-mode game in ``log``, played by the simulator up to a dice roll prompt."""
    from hauntable.engine.prompts import RollDice
    from hauntable.session import Session
    from hauntable.table.channel import Channel
    from hauntable.ui import demo
    from hauntable.ui.simulator import TableSimulator

    channel = Channel(Session.new("betrayal", demo.config(seed, 4), log=log))
    demo.play(channel, TableSimulator(channel, seed), seed, 400, lambda p: isinstance(p, RollDice))
    assert isinstance(channel.step.awaiting, RollDice)
    return channel.step.awaiting.dice, channel.seq


def until(h, predicate, seconds: float = 10.0) -> bool:
    import time

    end = time.monotonic() + seconds
    while time.monotonic() < end:
        h.frames(1)
        if predicate():
            return True
    return predicate()


def test_a_tower_on_a_real_pty_answers_the_roll_prompt(make_app, tmp_path):
    from hauntable.table.dice_link.simulated import SimulatedDiceTower

    with GameLog(tmp_path / "table.sqlite3") as log, SimulatedDiceTower(tmp_path / "sim") as sim:
        dice, seq = logged_game_at_a_roll(log)
        h = make_app(log=log, tower_port=sim.path)
        h.tap_text("Resume this game")
        assert until(h, lambda: "Dice tower ready (tower:1)" in h.texts()), h.texts()
        assert "Throw into the tower" not in h.texts()  # the real tower replaces the simulator's button
        sim.throw(*([1] * dice))
        assert until(h, lambda: h.app.controller.channel.seq == seq + 1), sim.stderr[-5:]
        h.frames(3)  # the redraw follows on the next frame
        assert f"rolls {'+'.join(['1'] * dice)} = {dice} (Angry Being, dice tower)" in h.texts()
        game_id = h.app.controller.channel.session.game_id
        last = log.inputs(game_id)[-1]
        assert last.source == "tower" and last.payload["source"].startswith("tower:1#")
        assert until(h, lambda: sim.pending_in_flash() == [])  # ACKed once the game took it


def test_a_roll_resent_after_a_host_crash_is_not_applied_twice(make_app, tmp_path):
    """The Pi applies and logs a roll, then dies before its ACK reaches the tower (rx1:drop); after the
    restart the tower resends it, and the link drops it because the game log already holds it."""
    from hauntable.table.dice_link.simulated import SimulatedDiceTower

    faults = ["rx1:drop"]
    with (
        GameLog(tmp_path / "table.sqlite3") as log,
        SimulatedDiceTower(tmp_path / "sim", faults=faults, resend_ms=4000) as sim,
    ):
        dice, seq = logged_game_at_a_roll(log)
        h = make_app(log=log, tower_port=sim.path)
        h.tap_text("Resume this game")
        assert until(h, lambda: h.app.controller.tower_state == "ready")
        sim.throw(*([2] * dice))
        assert until(h, lambda: h.app.controller.channel.seq == seq + 1)
        assert sim.pending_in_flash() != []  # the ACK was lost: the tower still holds the roll
        h.close()  # the host dies before the tower resends
        h = make_app(log=log, tower_port=sim.path)
        h.tap_text("Resume this game")
        assert h.app.controller.channel.seq == seq + 1
        assert until(h, lambda: sim.pending_in_flash() == [], seconds=15), sim.stderr[-5:]
        h.frames(5)
        assert h.app.controller.tower.tower.health().duplicates >= 1
        assert h.app.controller.channel.seq == seq + 1 and h.app.controller.channel.last_refusal is None
        assert "No roll" not in h.texts()


def test_without_a_tower_the_virtual_tower_button_stays(make_app, tmp_path):
    with GameLog(tmp_path / "table.sqlite3") as log:
        _dice, seq = logged_game_at_a_roll(log)
        h = make_app(log=log)
        h.tap_text("Resume this game")
        assert h.app.controller.tower is None and "Throw into the tower" in h.texts()
        h.tap_text("Roll virtual dice")
        assert (
            h.app.controller.channel.seq == seq + 1 and ", virtual dice)" in h.texts()
        )  # the seed is in the log only


def test_the_self_test_reports_the_tower_the_app_holds_instead_of_probing_it(make_app, tmp_path):
    from hauntable.table.dice_link.simulated import SimulatedDiceTower
    from hauntable.table.layout import REPO_HARDWARE

    layout = tmp_path / "bench.toml"
    text = (REPO_HARDWARE / "bench.toml").read_text()  # the mock says its tower is dead: not asked here
    layout.write_text(text.replace("[mock]", '[mock]\ndead_towers = ["tower:1"]'))
    with GameLog(tmp_path / "table.sqlite3") as log, SimulatedDiceTower(tmp_path / "sim") as sim:
        logged_game_at_a_roll(log)
        h = make_app(log=log, tower_port=sim.path, layout=str(layout))
        h.tap_text("Resume this game")
        assert until(h, lambda: h.app.controller.tower_state == "ready")
        h.app.go("admin")
        h.frames(3)
        for d in "1234":
            h.tap_text(d)
        h.tap_text("OK")
        h.tap_text("Hardware self-test")
        text = wait_for(h, " faults")
        assert "bench on the mock backend: 7 devices, 0 faults" in text, text
        assert "dice towers: 1 ok" in text and "FAULT" not in text


def test_a_logged_game_that_no_longer_replays_is_named_not_crashed_on(make_app, tmp_path):
    with GameLog(tmp_path / "table.sqlite3") as log:
        log.new_game("betrayal", {"players": [{"name": "Ann", "character": "nobody"}], "seed": 1})
        h = make_app(log=log)
        assert "A game was not finished: Ann (nobody)" in h.texts()
        h.tap_text("Resume this game")
        assert h.app.root.current == "attract" and h.app.controller.channel is None
        assert "game 1, seq 0: the logged config no longer starts a game" in h.texts()
        assert "Touch to play" in h.texts()


# --- the Kivy app itself killed mid-game (tests/appliance/test_power_loss.py kills the bot)


def test_the_app_killed_mid_game_offers_the_game_back_at_the_logged_state(make_app, tmp_path):
    from hauntable.engine.hashing import state_hash
    from hauntable.session import Session
    from hauntable.ui.harness import kill_app_after

    db, pin = tmp_path / "table.sqlite3", tmp_path / "pin.json"
    for kill_after in (7, 23, 41):  # inputs accepted (and shown) before the power goes
        shown = kill_app_after(db, pin, kill_after)
        assert shown >= kill_after, "the app did not get that far"
        with GameLog(db) as log:
            record = log.latest_unfinished()
            entries = log.inputs(record.id)
            assert entries[-1].seq >= shown  # nothing the screen showed is lost
            session = Session.resume(log, record.id)  # checks every logged hash: nothing doubled
            assert state_hash(session.step.state) == entries[-1].state_hash
            h = make_app(log=log)
            h.tap_text("Resume this game")
            assert h.app.controller.channel.seq == entries[-1].seq
            h.app.controller.abandon_game()  # the next round starts a fresh game
            h.close()


def test_admin_choices_survive_a_restart_and_the_next_game_uses_them(make_app, tmp_path):
    """A house rule, the language, a seat's angle and the idle time chosen in the admin menu are kept in
    the data directory (admin-settings.json beside the log) and hold for a new app on the same table."""
    data = str(tmp_path / "data")
    h = make_app(data_dir=data)
    unlock(h)
    h.tap_text("Seat 2 faces 0°")
    h.tap_text("Back to the attract screen after 120 s idle  +30")
    h.tap_text("House rules for the next game")
    h.tap_text("Haunt roll dice: six dice")
    assert "Haunt roll dice: one die per omen" in h.texts()
    h.tap_text("< Back")
    h.tap_text("Language: Deutsch")
    assert (tmp_path / "data" / "admin-settings.json").exists()
    h.close()  # the table is switched off

    h = make_app(data_dir=data)
    assert "Zum Spielen berühren" in h.texts()  # the admin's language, from the start
    h.app.controller.set_language("en")  # a player's choice on the attract screen is not kept...
    h.close()
    h = make_app(data_dir=data)
    assert h.app.lang == "de"  # ...the admin's is
    h.app.controller.set_language("en")
    unlock(h)
    text = h.texts()
    assert "Seat 2 faces 90°" in text and "after 150 s idle" in text
    h.tap_text("House rules for the next game")
    assert "Haunt roll dice: one die per omen" in h.texts()
    h.tap_text("< Back")
    h.tap_text("Close")
    start(h)
    assert h.app.controller.channel.step.state.config.house_rules.haunt_roll_dice == "per_omen"


def test_a_damaged_settings_file_gives_the_defaults(make_app, tmp_path):
    data = tmp_path / "data"
    data.mkdir()
    (data / "admin-settings.json").write_text('{"language": "xx", "house_rules": {"haunt_roll_dice": "nine"')
    h = make_app(data_dir=str(data))
    assert h.app.lang == "en" and h.app.controller.choices.house_rules().haunt_roll_dice == "six"
    (data / "admin-settings.json").write_text(
        '{"house_rules": {"haunt_roll_dice": "nine", "revolving_wall": true}}'
    )
    h = make_app(data_dir=str(data))
    assert (
        h.app.controller.choices.house_rules().haunt_roll_dice == "six"
        and h.app.controller.choices.house_rules().revolving_wall is True
    )

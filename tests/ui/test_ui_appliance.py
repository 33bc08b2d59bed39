"""The appliance side of the app in a real window: resume at start-up, the admin tools (log export,
house rules, self-test) and a dice tower on a real pty. Assertions are on what the operator reads."""

from __future__ import annotations

from hauntable.engine.log import ABANDONED, GameLog


def start(h):
    h.tap_text("Touch to play")
    h.tap_text("Start the game")
    assert h.app.root.current == "play"


def play_a_little(h):
    start(h)
    h.tap(h.find("Go East\n?"))
    h.tap_text("Lay next tile")
    return h.app.channel.seq


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
        assert h.app.root.current == "play" and h.app.channel.seq == seq
        assert "Vivian Lopez (Player 3)" in h.texts()


def test_start_up_offer_declined_sets_the_game_aside_for_a_new_one(make_app, tmp_path):
    with GameLog(tmp_path / "table.sqlite3") as log:
        h = make_app(log=log)
        play_a_little(h)
        game_id = h.app.channel.session.game_id
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

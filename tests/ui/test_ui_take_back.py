"""Take back on the play screen (rule E3, issue 18 item 1), driven by taps in a real window: the other
players agree on screen, the game returns to the state before the move, the simulator's hands put the
tile back on top of the stack, the log resumes to the same state; a roll is refused with its rule."""

from __future__ import annotations

from hauntable.engine.prompts import RollDice
from hauntable.gamelog import GameLog
from hauntable.games.betrayal.prompts import AwaitTile
from hauntable.session import Session
from hauntable.ui import demo
from hauntable.ui.widgets.takeback import TakeBackOverlay


def _without_seq(state) -> dict:
    data = state.to_json()
    data.pop("seq")
    return data


def overlay(h) -> TakeBackOverlay:
    return next(w for w in h.walk() if isinstance(w, TakeBackOverlay))


def agree_and_take_back(h) -> None:
    o = overlay(h)
    assert o.go is not None and o.go.disabled  # nobody has agreed yet
    for toggle in o.agreed:
        h.tap(toggle)
    assert not o.go.disabled
    h.tap(h.find(name="takeback-confirm"))


def start(h) -> None:
    h.tap_text("Touch to play")
    h.tap_text("Start the game")


def test_a_tile_and_the_move_are_taken_back_with_everyones_agreement(make_app, tmp_path):
    with GameLog(tmp_path / "table.sqlite3") as log:
        h = make_app(seed=5, log=log)
        start(h)
        channel = h.app.controller.channel
        at_start = channel.step.state
        h.tap(h.find("Go East\n?"))
        at_tile = channel.step.state
        assert isinstance(channel.step.awaiting, AwaitTile)
        h.tap_text("Lay next tile")
        (tile,) = set(channel.step.state.house) - set(at_tile.house)
        seq = channel.seq

        h.tap_text("Take back")
        shown = h.texts()
        assert f"Take back Vivian Lopez's last move: the {tile} laid at Ground floor" in shown
        assert f"the {tile} off the table, back on top of the room stack" in shown
        assert "Vivian Lopez's figure into the Entrance Hall" in shown
        assert "Zoe Ingstrom (Player 1) agrees" in shown and "Ox Bellows (Player 2) agrees" in shown
        agree_and_take_back(h)
        assert channel.seq == seq + 1
        assert _without_seq(channel.step.state) == _without_seq(at_tile)
        assert "Taken back" in h.texts() and "The simulator's hands put the table back" in h.texts()

        h.tap_text("Take back")  # and the move: the figure goes back
        assert "Take back Vivian Lopez's last move: Go East ?" in h.texts()
        agree_and_take_back(h)
        assert _without_seq(channel.step.state) == _without_seq(at_start)
        h.tap_text("Take back")  # nothing more: the game's start
        assert "There is nothing to take back." in h.texts()
        h.tap(h.find(name="takeback-close"))

        h.tap(h.find("Go East\n?"))
        h.tap_text("Lay next tile")  # the hands lay the same tile again: it went back on top
        assert tile in channel.step.state.house
        game_id, final = channel.session.game_id, channel.session.state_hash
        assert Session.resume(log, game_id, check="every").state_hash == final


def test_a_card_drawn_at_the_table_goes_back_on_top_of_its_deck(make_app):
    h = make_app(seed=3)
    start(h)
    channel = h.app.controller.channel
    h.tap(h.find("Go East\n?"))
    h.tap_text("Lay next tile")
    before = channel.step.state
    h.tap_text("Card on draw pad")
    card = next(o for o in channel.step.outcomes if o.code.startswith("card."))
    name = dict(card.params)["card"]
    h.tap_text("Take back")
    assert f"the card {name} back on top of its deck" in h.texts()
    h.tap(h.find(name="takeback-cancel"))  # not agreed: nothing happens
    assert channel.step.state is not before and channel.step.outcomes[0] == card
    h.tap_text("Take back")
    agree_and_take_back(h)
    assert _without_seq(channel.step.state) == _without_seq(before)
    h.tap_text("Card on draw pad")
    assert any(dict(o.params).get("card") == name for o in channel.step.outcomes)


def test_a_roll_is_not_taken_back_and_the_screen_says_why(make_app):
    h = make_app()
    channel, sim = demo.game_at(5, 400, 4, lambda p: isinstance(p, RollDice))
    h.app.controller.take_over(channel, sim)
    h.app.refresh()
    h.frames(3)
    h.tap(h.find(name="dice-virtual"))
    seq = channel.seq
    h.tap_text("Take back")
    assert "Dice were rolled: a roll cannot be taken back." in h.texts()
    h.tap(h.find(name="takeback-close"))
    assert channel.seq == seq and not any(isinstance(w, TakeBackOverlay) for w in h.walk())

"""A whole game of Betrayal played through taps, from the attract screen to the haunt banner, then through
the haunt to the winner's screen.

The test reads only the screen to decide what to tap (a dice pad, a prompt's buttons, a lit map cell,
the simulator's card button), like a person would, and asserts on the words shown. The game is logged,
and the log must resume to the same state: every tap went through the one channel into the session.
"""

from __future__ import annotations

from hauntable.engine.rng import Rng
from hauntable.gamelog import GameLog
from hauntable.session import Session
from hauntable.ui.widgets.prompt import ChoiceButton

MAX_TAPS = 600


def choice_buttons(h) -> list[ChoiceButton]:
    return [w for w in h.walk() if isinstance(w, ChoiceButton)]


def tap_a_lit_cell(h) -> bool:
    """Tap the first cell the map lights up (where the game waits for a tile)."""
    screen = h.app.root.get_screen("play")
    for floor in ("basement", "ground", "upper"):
        view = screen.ids[floor]
        if view.model is not None and view.model.offered:
            x, y = view.model.offered[0]
            h.tap(pos=view.to_window(*view.cell_center(x, y)))
            return True
    return False


CLAIM = ("Haunt tools", "The traitor claims victory", "Accept")  # the players end a book haunt (H6.2)


def play_one(h, rng: Rng, claim: bool = False) -> None:
    """One decision made from what the screen shows; ``claim``: the players claim the haunt's end and agree
    (a tap at random finds the claim, in the haunt tools, too rarely)."""
    for text in CLAIM if claim else ():
        try:
            h.tap_text(text)
            return
        except LookupError:
            pass
    if claim:  # a scripted haunt's claims: behind the haunt button, on an explorer's turn and a monster's
        try:
            h.tap(h.find(name="group-haunt"))
            h.tap_text(CLAIM[1])
            return
        except LookupError:
            pass
    for name in ("dice-tower", "sim-card", "monster-place"):  # a new book monster's pad: placed as it is
        try:
            h.tap(h.find(name=name))
            return
        except LookupError:
            pass
    try:
        h.find(name="sim-tile")
        # alternate: a tap on the lit map cell, or the simulator panel button
        if rng.below(2) or not tap_a_lit_cell(h):
            h.tap_text("Lay next tile")
        return
    except LookupError:
        pass
    buttons = choice_buttons(h)
    # a group of answers opens its page; a new monster's pad is placed as the book says or left
    names = ("group-", "monster-place", "monster-back")
    buttons += [w for w in h.walk() if str(getattr(w, "name", "")).startswith(names)]
    assert buttons, f"nothing to tap on screen:\n{h.texts()}"
    moves = [b for b in buttons if b.text != "End turn"]
    pool = moves if moves and rng.below(10) < 8 else buttons
    h.tap(pool[rng.below(len(pool))])


def test_a_whole_game_through_taps_reaches_the_haunt_and_a_winner(make_app, tmp_path):
    with GameLog(tmp_path / "table.sqlite3") as log:
        h = make_app(seed=3, log=log)
        assert "Touch to play" in h.texts()
        h.tap_text("Touch to play")
        assert "Who plays?" in h.texts()
        h.tap(h.find(name="char-missy"))  # seat 1 takes Missy instead of Zoe (the other side of her card)
        h.tap_text("Start the game")
        assert h.app.root.current == "play"
        texts = h.texts()
        assert "Missy Dubourde (Player 1)" in texts and "Round 1" in texts
        rng = Rng(11)
        taps = 0
        while h.app.root.current == "play" and taps < MAX_TAPS:
            play_one(h, rng)
            taps += 1
            assert h.app.controller.channel.last_refusal is None, h.app.controller.channel.last_refusal
        assert h.app.root.current == "haunt", f"no haunt after {taps} taps"
        shown = h.texts()
        haunt = h.app.controller.channel.step.state.haunt
        assert "The haunt begins" in shown
        assert f"Haunt {haunt.number}" in shown
        assert f"The {haunt.omen} in the {haunt.room}" in shown
        assert h.app.controller.channel.step.awaiting.kind == "handoff"
        h.tap_text("Play the haunt")
        assert h.app.root.current == "play"
        while h.app.root.current == "play" and taps < 2 * MAX_TAPS:
            play_one(h, rng, claim=taps > MAX_TAPS + 150)
            taps += 1
            assert h.app.controller.channel.last_refusal is None, h.app.controller.channel.last_refusal
        haunt = h.app.controller.channel.step.state.haunt
        assert h.app.root.current == "haunt" and haunt.winner is not None, f"no winner after {taps} taps"
        shown = h.texts()
        assert "The haunt is over" in shown
        assert ("The heroes win!" if haunt.winner == "heroes" else "The traitor's side wins!") in shown
        play = h.app.root.get_screen("haunt").ids.play
        assert play.opacity == 0 and play.disabled  # the game is over: nothing more to play
        game_id = h.app.controller.channel.session.game_id
        final = h.app.controller.channel.session.state_hash
        assert Session.resume(log, game_id).state_hash == final

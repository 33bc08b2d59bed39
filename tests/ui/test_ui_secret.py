"""The hidden traitor's private hand-off on the shared screen (H2.2, H4.1, H4.3): pass the table to each
player, show only their own token, hide it again; the holder of token 1 reveals from there."""

from __future__ import annotations

from gamekit import haunt, start
from hauntable.games.betrayal import GAME
from hauntable.session import Session

FOUR = ("zoe", "ox", "vivian", "peter")


def hidden_haunt(h):
    """Haunt 34 (a hidden traitor who may reveal; 43's may not) revealed by seat 1, its banner shown."""
    step = haunt(start(*FOUR), 34, revealer=1)
    h.app.controller.attach(Session(GAME, step))
    h.app.go("haunt")
    h.frames(3)
    return step.state.haunt.secret


def test_H4_1_each_player_in_turn_sees_only_their_own_token_then_it_is_hidden(table_app):
    h = table_app
    tokens = hidden_haunt(h)
    h.tap_text("Play the haunt")
    assert h.app.root.current == "secret"
    for seat, e in enumerate(h.app.controller.channel.step.state.explorers):
        shown = h.texts()
        assert f"Pass the table to {e.name} ({e.player})" in shown and "Your token" not in shown
        h.tap_text(f"I am {e.name}: show my token")
        shown = h.texts()
        assert f"Your token: {tokens[seat]}" in shown
        assert not any(f"token: {t}" in shown for i, t in enumerate(tokens) if i != seat)
        assert ("you are the traitor" in shown) is (tokens[seat] == 1)
        assert "Reveal" not in shown  # the hand-off prompt awaits "ready", not a reveal
        h.tap_text("Hide it and pass on")
    assert h.app.root.current == "play"


def test_H4_3_the_traitor_reveals_in_private_from_the_secret_tokens_button(table_app):
    h = table_app
    tokens = hidden_haunt(h)
    h.app.go("play")
    h.app.controller.submit(GAME.inputs.parse("ready"), h.app.controller.channel.step.state.seq)
    h.frames(3)
    explorers = h.app.controller.channel.step.state.explorers
    innocent = next(e for e in explorers if tokens[e.seat] != 1)
    h.tap_text("Secret tokens")
    h.tap_text(f"{innocent.name} ({innocent.player})")
    h.tap_text(f"I am {innocent.name}: show my token")
    assert "Reveal" not in h.texts()  # nobody but token 1 is offered the reveal
    h.tap_text("Hide it and pass on")
    traitor = next(e for e in explorers if tokens[e.seat] == 1)
    h.tap_text("Secret tokens")
    h.tap_text(f"{traitor.name} ({traitor.player})")
    h.tap_text(f"I am {traitor.name}: show my token")
    h.tap_text("Reveal: I am the traitor")
    assert h.app.root.current == "play"
    haunt_now = h.app.controller.channel.step.state.haunt
    assert haunt_now.traitor == traitor.seat and not haunt_now.hidden


def test_H4_1_table_tokens_each_player_in_turn_tells_their_token_in_private(table_app):
    """Tokens dealt by hand (cards="table"): after "ready" the screen passes to each player, who taps the
    number on their own token; the numbers never show on the shared screen, and play goes on after the
    last."""
    h = table_app
    step = haunt(start(*FOUR, cards="table"), 43, revealer=1)
    h.app.controller.attach(Session(GAME, step))
    h.app.go("haunt")
    h.frames(3)
    h.tap_text("Play the haunt")
    assert h.app.root.current == "play"  # nothing private to show yet: the tokens are still to be dealt
    h.app.controller.submit(GAME.inputs.parse("ready"), h.app.controller.channel.step.state.seq)
    h.frames(3)
    assert h.app.root.current == "secret"
    told = (2, 4, 1, 3)
    for seat, e in enumerate(h.app.controller.channel.step.state.explorers):
        shown = h.texts()
        assert f"Pass the table to {e.name} ({e.player})" in shown and "which number" not in shown
        h.tap_text(f"I am {e.name}: tell my token")
        assert "which number is it?" in h.texts()
        h.tap(h.find(name=f"secret-tell-{told[seat]}"))
    assert h.app.root.current == "play"
    assert h.app.controller.channel.step.state.haunt.secret == list(told)

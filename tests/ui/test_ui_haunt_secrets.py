"""No secret of the traitor's on the shared screen during a printed haunt (rule H2.2, de
"Spuk-Vorbereitungen": the traitor reads the Traitor's Tome away from the others, and each side tells what
it does, never why).
Like the castle's plan test (test_ui_castle_secrets.py), every widget of the screen in front of the table is
read after every step; here the traitor's card lines and goals are sentences no other part of a correct
screen says, so a search for them is a fair test: it finds them on the private view, where they belong."""

from __future__ import annotations

from gamekit import do, haunt
from gamekit import start as new_game
from hauntable.engine.bots import RandomBot
from hauntable.games.betrayal import GAME
from hauntable.games.betrayal.haunts.printed import PRINTED
from hauntable.games.betrayal.inputs import Roll
from hauntable.session import Session
from hauntable.ui.harness import plain
from hauntable.ui.hauntview import card_lines
from printedkit import build

ROOMS = ("Pentagram Chamber", "Library", "Chapel", "Gymnasium")


def traitor_only(state) -> list[str]:
    """The traitor's card lines and win reasons that the heroes' card does not share (a gap both cards
    list, like what is left to the players, is no secret)."""
    printed = PRINTED[state.haunt.number]
    heroes = card_lines(state, printed.spec.number, "heroes")
    traitor = card_lines(state, printed.spec.number, "traitor")
    goals = [w.why for w in printed.spec.wins if w.side == "traitor"]
    return [line for line in [*traitor, *goals] if line not in heroes and len(line) > 12]


def shared(h) -> str:
    """Every text of every widget on the current screen, markup removed, as one string."""
    return "\n".join(plain(t) for w in h.walk() if isinstance(t := getattr(w, "text", None), str) and t)


def assert_no_secret(h, secrets: list[str]) -> None:
    text = shared(h)
    for line in secrets:
        assert line not in text, f"traitor-only {line!r} on the shared {h.app.root.current} screen"


def ritual(h):
    """Haunt 26 with a known traitor, its banner on the screen and the traitor's hand-off awaited."""
    step = haunt(build(new_game("zoe", "ox", "vivian", "peter"), *ROOMS), 26)
    h.app.controller.attach(Session(GAME, step))
    h.app.go("haunt")
    h.frames(3)
    return step.state


def read_privately(h, button: str, show: str, secrets: list[str], mine: list[str]) -> None:
    """A side's card button: first a look-away view with nothing on it, then the card, then hidden again."""
    h.tap(h.find(button))
    assert h.app.root.current == "secret"
    assert_no_secret(h, secrets)
    assert not any(line in shared(h) for line in mine)
    h.tap_text(show)
    text = shared(h)
    assert all(line in text for line in mine), text
    h.tap_text("Hide the card and go back")
    assert h.app.root.current == "play"
    assert_no_secret(h, secrets)
    secret = h.app.root.get_screen("secret")
    assert not secret.ids.title.text and not secret.ids.body.text  # nothing left behind off screen


def test_H2_2_no_traitor_only_text_on_the_shared_screen_through_hand_off_and_play(table_app):
    h = table_app
    state = ritual(h)
    secrets = traitor_only(state)
    assert any("ritual has 5 successes" in s for s in secrets)  # the test knows a real secret
    traitor = state.explorers[state.haunt.traitor]
    assert_no_secret(h, secrets)
    h.tap_text("Play the haunt")
    assert h.app.root.current == "play" and h.app.controller.channel.step.awaiting.code == "printed.traitor"
    assert_no_secret(h, secrets)
    assert "stays away" not in shared(h) and "Traitor: read your card" in shared(h)
    card = card_lines(state, 26, "traitor")
    read_privately(h, "Traitor: read your card", f"I am {traitor.name}: show my card", [], card)
    channel = h.app.controller.channel
    h.app.controller.submit(GAME.inputs.parse("ready"), channel.step.state.seq)  # the traitor is back
    h.frames(3)
    assert channel.step.awaiting.code == "printed.heroes"
    assert_no_secret(h, secrets)
    assert f"{traitor.name}, the traitor, stays away" in shared(h)
    assert "You may not enter the Pentagram Chamber." in shared(h)  # the heroes' card, theirs to read
    h.app.controller.submit(GAME.inputs.parse("ready"), channel.step.state.seq)
    h.frames(3)
    box = plain(h.app.root.get_screen("play").ids.haunt_box.text)
    assert "each side's goal is its own" in box
    heroes = card_lines(channel.step.state, 26, "heroes")
    read_privately(h, "Heroes' card", "We are the heroes: show our card", secrets, heroes[:2])
    bot = RandomBot(5, Roll)
    for _ in range(60):  # play on: after every input, the screen in front of the table
        step = channel.step
        if step.awaiting is None or step.state.haunt.winner:
            break
        h.app.controller.submit(bot.choose(step), step.state.seq)
        h.frames(2)
        if h.app.root.current in ("play", "haunt"):
            assert_no_secret(h, secrets)
    for lang in ("de", "ru", "zh"):
        h.app.controller.set_language(lang)
        h.app.go("play")
        h.frames(3)
        assert_no_secret(h, secrets)


def test_H2_2_the_traitors_private_card_shows_this_tables_numbers_after_a_correction(make_app):
    h = make_app()
    step = haunt(build(new_game("zoe", "ox", "vivian", "peter"), *ROOMS), 26)
    step.state.config.haunt_numbers["26"] = {"ritual": 3, "target": 4}
    h.app.controller.attach(Session(GAME, do(step, "ready")))
    h.app.controller.haunt_shown = True
    h.app.go("play")
    h.frames(3)
    traitor = step.state.explorers[step.state.haunt.traitor]
    h.tap(h.find("Traitor: read your card"))
    h.tap_text(f"I am {traitor.name}: show my card")
    text = shared(h)
    assert "ritual has 3 successes" in text and "Sanity 4+" in text
    assert "Left to the players:" in text and "Low confidence" in text


def test_H4_a_hidden_traitor_haunts_card_is_everyones_and_opens_at_once(table_app):
    """Haunt 43 (hidden traitor): everyone reads Secrets of Survival (de "Spukszenarien mit verstecktem
    Verräter"), so one "Rules card" opens with no one looking away, both sides' lines on it."""
    h = table_app
    step = haunt(new_game("zoe", "ox", "vivian", "peter"), 43, revealer=1)
    while step.awaiting is not None and step.awaiting.kind == "handoff":
        step = do(step, "ready")
    h.app.controller.attach(Session(GAME, step))
    h.app.controller.haunt_shown = True
    h.app.go("play")
    h.frames(3)
    assert "Traitor: read your card" not in shared(h) and "Heroes' card" not in shared(h)
    h.tap(h.find("Rules card"))
    text = shared(h)
    assert "Rules card: Haunt 43" in text and "look away" not in text
    for side in ("heroes", "traitor"):
        assert all(line in text for line in card_lines(step.state, 43, side))
    h.tap_text("Hide the card and go back")
    assert h.app.root.current == "play"


def test_the_haunt_banner_offers_no_one_tap_new_game(table_app):
    """The haunt begins an hour into a game: its banner plays on; abandoning is the admin menu's (behind the
    PIN), not a button beside "Play the haunt" that a stray tap would hit (seen driving the app by taps)."""
    h = table_app
    ritual(h)
    assert h.app.root.current == "haunt" and "Play the haunt" in h.texts()
    banner = h.app.root.get_screen("haunt").ids.banner
    found = [w for w in banner.walk(restrict=True) if getattr(w, "text", "") == "New game"]
    assert not found

# ruff: noqa: RUF001  (the minus sign is meant)
"""Labels that misled (issue 18 item 9), read as a player reads them: a damage split's buttons say what
each trait loses, the status line counts the haunt's rounds and names the monsters' turn, the newest
outcome line is never cut off."""

from __future__ import annotations

from gamekit import do, in_haunt, monster, start
from hauntable.games.betrayal.inputs import Split
from hauntable.games.betrayal.prompts import SplitDamage
from hauntable.ui import demo, i18n
from hauntable.ui.button_labels import choice_label
from hauntable.ui.prompt_heading import heading
from hauntable.ui.statusline import status_line


def test_a_damage_splits_buttons_say_what_each_trait_loses():
    state = start().state
    prompt = SplitDamage(0, "", damage="physical", amount=3, traits=("might", "speed"))
    label = choice_label(state, None, prompt, Split(might=1, speed=2))
    assert label == "Might −1 · Speed −2"
    assert "choose how much each trait loses" in heading(state, prompt)
    try:
        i18n.set_language("de")
        assert choice_label(state, None, prompt, Split(might=1, speed=2)) == "Kraft −1 · Tempo −2"
    finally:
        i18n.set_language("en")


def test_the_status_line_counts_haunt_rounds_and_names_the_monsters_turn():
    step = start()
    assert status_line(step.state).startswith("Round 1   ·   Omens drawn: 0   ·   ")
    step = in_haunt(step, traitor=1, monsters={"m1": monster("Shade", might=4, speed=3)})
    step.state.round = 9  # the exploration's rounds: no longer what the table counts
    assert status_line(step.state) == f"Haunt round 1   ·   {step.state.current.name}'s turn"
    for _ in range(6):
        if step.state.haunt.in_monster_turn:
            break
        step = do(step, "end")
    assert step.state.haunt.in_monster_turn
    line = status_line(step.state)
    assert line.endswith("The monsters' turn") and step.state.explorers[1].name not in line
    try:
        i18n.set_language("ru")
        assert status_line(step.state).endswith("Ход монстров")
    finally:
        i18n.set_language("en")


def test_the_newest_outcome_line_is_never_cut_off(make_app):
    from kivy.core.text import Label as CoreLabel

    h = make_app()
    for lang in ("en", "ru", "de"):
        h.app.controller.set_language(lang)
        channel, sim = demo.game_at(5, 160, 4)
        h.app.controller.take_over(channel, sim)
        h.app.refresh()
        h.frames(3)
        label = h.app.root.get_screen("play").ids.happened
        newest = i18n.outcome_text(next(o for s in reversed(channel.history) for o in reversed(s.outcomes)))
        assert label.text.endswith(newest), lang
        whole = CoreLabel(text=label.text, font_size=label.font_size, text_size=(label.text_size[0], None))
        whole.refresh()  # the text wrapped to the box's width, uncut: it must fit the box's height
        assert whole.texture.size[1] <= label.height, (lang, whole.texture.size, label.height)
    h.app.controller.set_language("en")


def test_the_first_time_pin_prompt_is_not_clipped(make_app, tmp_path):
    h = make_app(pin_file=str(tmp_path / "no-pin-yet.json"))
    for lang in ("en", "de", "ru", "zh"):
        h.app.controller.set_language(lang)
        h.app.go("admin")
        h.frames(4)
        title = h.app.root.get_screen("admin").ids.pin_title
        assert title.text == i18n.tr("admin.choose_pin")
        assert title.texture_size[0] <= title.width and title.texture_size[1] <= title.height, lang
        h.app.go("attract")
    h.app.controller.set_language("en")


def test_a_monsters_fight_roll_names_the_monster_and_who_throws_for_it():
    """H3.5: the traitor throws a monster's dice; the heading named the traitor as if they fought."""
    step = in_haunt(start(), traitor=1, monsters={"m1": monster("Shade", might=4, speed=3)})
    traitor = f"{step.state.explorers[1].name} ({step.state.explorers[1].player})"
    defends = do(step, "attack m1")  # an explorer attacks the monster; the roll after theirs is its own
    defends = do(defends, "roll " + ",".join(["1"] * defends.awaiting.dice))
    text = heading(defends.state, defends.awaiting)
    assert text.startswith(f"m1 (thrown by {traitor}): roll 4 dice for Might (defence against ")
    for _ in range(6):
        if step.state.haunt.in_monster_turn:
            break
        step = do(step, "end")
    attacks = do(do(step, "roll 1,1,1"), "attack 0")
    assert heading(attacks.state, attacks.awaiting).startswith(f"m1 (thrown by {traitor}): roll 4 dice")
    answer = do(attacks, "roll 1,1,1,1")  # the explorer's own defence: their own name
    assert heading(answer.state, answer.awaiting).startswith(step.state.explorers[0].name)


def test_the_haunt_roll_says_what_is_at_stake():
    from hauntable.engine.prompts import OptionText, RollDice

    state = start().state
    state.omens_drawn = 3
    prompt = RollDice(0, "", 6, "haunt", purpose_text=OptionText.of("haunt"))
    assert heading(state, prompt).endswith(
        "haunt roll, 6 dice: a total below 3 (the omens drawn) and the haunt begins"
    )


def test_the_first_outcomes_of_a_new_game_all_show(make_app):
    """The first refresh comes before the layout gives the outcome box its width: fitted then, only one
    line showed; the box fits its lines again once it has its size."""
    h = make_app()
    h.tap_text("Touch to play")
    h.tap_text("Start the game")
    h.frames(3)
    text = h.app.root.get_screen("play").ids.happened.text
    assert "A new game" in text and "goes first" in text

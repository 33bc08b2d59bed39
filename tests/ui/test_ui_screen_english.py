# ruff: noqa: RUF001  (Russian and Chinese text in the expectations)
"""Issue 18: a bot game through each printed haunt, read in German as the play screen words it (outcome lines,
prompt headings, the haunt box's counters, tokens and monsters), shows no English sentence or word apart
from the printed names of rooms, cards, explorers, haunts and books; and the words that were English last
(haunt 29's Torch, haunt 34's collars, the Turn/Damage track's clip, Dynamite's escape roll, a roll into a
printed haunt's counter) are worded in all four languages."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest

from gamekit import CONTENT, haunt, start
from hauntable.engine.bots import RandomBot
from hauntable.engine.outcomes import Outcome
from hauntable.games.betrayal import GAME
from hauntable.games.betrayal import inputs as bi
from hauntable.games.betrayal.haunts.printed import PRINTED
from hauntable.ui import i18n
from hauntable.ui.hauntview import carried_by_seat, counter_lines, haunt_layer
from hauntable.ui.prompt_heading import heading
from langkit import language

PRINTED_NAMES = sorted(
    set(CONTENT.rooms)
    | set(CONTENT.cards)
    | {c.name for c in CONTENT.characters.values()}
    | {h.spec.name for h in PRINTED.values()}
    | {"Secrets of Survival", "Traitor's Tome", "The Beastmaster"},  # the books; another edition's haunt 19
    key=len,
    reverse=True,
)
ENGLISH = re.compile(
    r"\b(the|The|of|to|and|is|for|from|with|rolls|moves|escape|on|at|by|your|you|its|takes|gets|roll|attack"
    r"|turn|it|or|Torch|Collar|dodges|thrown|flies)\b"
)


def screen_lines(number: int, seeds=(1, 2), steps: int = 150) -> Iterator[str]:
    """What the play screen words along bot games through printed haunt ``number`` (current language)."""
    for seed in seeds:
        step = haunt(start("zoe", "ox", "vivian", "peter", seed=seed), number, omen="Skull")
        bot = RandomBot(seed, bi.Roll)
        for _ in range(steps):
            if step.awaiting is None or step.state.haunt.winner:
                break
            yield from heading(step.state, step.awaiting).split("\n")
            yield from counter_lines(step.state)
            layer = haunt_layer(step.state)
            yield from (t for ts in layer.tokens.values() for t in ts)
            for ms in layer.monsters.values():
                yield from (m.label for m in ms)
                yield from (t for m in ms for t in m.carries)
            yield from (t for ts in carried_by_seat(step.state).values() for t in ts)
            step = GAME.apply(step.state, bot.choose(step))
            yield from (i18n.outcome_text(o, haunt=number) for o in step.outcomes)


def english_left(line: str) -> bool:
    for name in PRINTED_NAMES:
        line = line.replace(name, "")
    return bool(ENGLISH.search(re.sub(r"\(Player \d\)", "", line)))  # a profile's name as the player set it


def test_a_german_screen_through_every_printed_haunt_shows_no_english_but_printed_names():
    left = {}
    with language("de"):
        for number in sorted(PRINTED):
            for line in screen_lines(number):
                if english_left(line):
                    left.setdefault(number, line)
    assert not left, left


TORCH = {"en": "Torch of Vivian Lopez", "de": "Fackel von Vivian Lopez", "ru": "Факел (Vivian Lopez)"}
TORCH["zh"] = "Vivian Lopez的火把"


@pytest.mark.parametrize("lang", sorted(TORCH))
def test_haunt_29s_torch_is_named_in_the_tables_language_on_the_map_panels_and_outcome_lines(lang):
    with language(lang):
        lines = [line for line in screen_lines(29) if "Vivian Lopez" in line]
    assert any(TORCH[lang] == line for line in lines)  # the map's token, the panel's carried token
    assert [line for line in lines if TORCH[lang] in line and line != TORCH[lang]]  # "... lights/carries ..."
    if lang != "en":
        assert not [line for line in lines if "Torch" in line]


COLLAR = {"en": "Collar of Zoe Ingstrom", "de": "Halsband von Zoe Ingstrom", "ru": "Ошейник (Zoe Ingstrom)"}
COLLAR["zh"] = "Zoe Ingstrom的项圈"


@pytest.mark.parametrize("lang", sorted(COLLAR))
def test_haunt_34s_public_collar_numbers_are_counter_lines_and_outcomes_in_the_tables_language(lang):
    with language(lang):
        lines = list(screen_lines(34, seeds=(1,), steps=20))
    assert any(re.fullmatch(re.escape(COLLAR[lang]) + r": \d", line) for line in lines), lines[:20]
    if lang != "en":
        assert not [line for line in lines if "Collar" in line]


TRACK = {"en": "Turn/Damage track (turn): 3", "de": "Runden/Schadensanzeiger (Zug): 3"}
TRACK |= {"ru": "Трек хода/повреждений (ход): 3", "zh": "回合/伤害记录表（回合）：3"}


@pytest.mark.parametrize("lang", sorted(TRACK))
def test_the_turn_damage_tracks_clip_is_worded_in_the_box_and_the_outcome(lang):
    step = haunt(start("zoe", "ox", "vivian", "peter", seed=1), 40, omen="Skull")
    step.state.haunt.tracks["turn"] = 3
    out = Outcome("The turn track stands at 3", "haunt.track", (("name", "turn"), ("value", 3)))
    with language(lang):
        assert TRACK[lang] in counter_lines(step.state)
        line = i18n.outcome_text(out)
    assert "3" in line and (lang == "en" or "turn" not in line), line


ESCAPE = {"en": "escape the Dynamite", "de": "dem Dynamite entkommen", "ru": "спастись от Dynamite"}
ESCAPE["zh"] = "躲开Dynamite"


@pytest.mark.parametrize("lang", sorted(ESCAPE))
def test_dynamites_speed_roll_to_escape_is_worded_in_the_heading_and_roll_line(lang):
    """Dynamite (card effect): everyone in the room it lands in rolls Speed 5+ to escape; its heading and
    roll line say so in the table's language."""
    found = []
    with language(lang):
        for seed in range(1, 40):
            step = haunt(start("zoe", "ox", "vivian", "peter", seed=seed), 44, omen="Skull")
            for e in step.state.explorers:
                e.items.append("Dynamite")
            bot = RandomBot(seed, bi.Roll)
            for _ in range(150):
                if step.awaiting is None or step.state.haunt.winner:
                    break
                if getattr(step.awaiting, "purpose", "") == "escape the Dynamite":
                    found.append(heading(step.state, step.awaiting))
                    step = GAME.apply(step.state, bot.choose(step))
                    found += [i18n.outcome_text(o) for o in step.outcomes if o.code == "roll"]
                    break
                step = GAME.apply(step.state, bot.choose(step))
            if len(found) >= 2:
                break
    assert len(found) >= 2 and all(ESCAPE[lang] in line for line in found), found


BURIED = {"de": "Schaden", "ru": "Урон", "zh": "伤害"}


@pytest.mark.parametrize("lang", sorted(BURIED))
def test_a_roll_into_a_printed_haunts_counter_is_named_by_the_counters_label(lang):
    """Haunt 40: each turn the buried person takes a roll of damage; the roll's heading and line name it by
    the counter's label in the haunts catalog, not the file's English 'damage to the buried person'."""
    label = i18n.printed_counter(40, "buried_damage", lang)
    assert label is not None and BURIED[lang] in label
    with language(lang):
        lines = [line for line in screen_lines(40, seeds=(1, 2, 3)) if label in line]
        assert lines and not [line for line in screen_lines(40) if "buried person" in line]


FROG = {"de": "Froschhaut", "ru": "Лягушачья кожа", "zh": "蛙皮术"}


@pytest.mark.parametrize("lang", sorted(FROG))
def test_haunt_3s_witch_roll_for_skin_of_frog_is_named_by_the_spells_button_words(lang):
    """Haunt 3: the witch rolls her Sanity into a counter of her own for the spell; the roll is named by
    the spell's action label in the table's language."""
    assert i18n.labelled_action(3, "Skin of Frog", lang) == FROG[lang]
    params = {"who": "Ox", "faces": "2+1", "total": 3, "purpose": "Skin of Frog", "source": "hand"}
    assert FROG[lang] in i18n.roll_text(params, lang, haunt=3)
    assert "Skin of Frog" in i18n.roll_text(params, "en", haunt=3)
    assert i18n.labelled_action(0, "Skin of Frog", lang) == "Skin of Frog"  # no printed haunt running

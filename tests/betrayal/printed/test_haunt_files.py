"""The haunt files' format (docs/haunt-files.md): every file loads, an error names the file, the haunt and
the field, the expression language runs nothing outside its vocabulary, and the vocabulary the loader
accepts is exactly what a running haunt can call."""

from __future__ import annotations

from pathlib import Path

import pytest

from gamekit import CONTENT, start
from hauntable.games.betrayal.haunts.printed import PRINTED, load_all
from hauntable.games.betrayal.haunts.printed.content_files import load_file
from hauntable.games.betrayal.haunts.printed.expr import ExprError, parse
from hauntable.games.betrayal.haunts.printed.spec import HauntFileError, parse_file
from hauntable.games.betrayal.haunts.printed.vocab import CONTEXT, FUNCTIONS, VALUES, Ctx, namespace
from hauntable.games.betrayal.haunts.printed.vocab_extra import NAMES
from hauntable.games.betrayal.records import Haunt
from hauntable.games.betrayal.world import World

HAUNT = """number = 7
name = "Test"
confidence = "low"
"""


def write(tmp_path: Path, text: str, name: str = "07.toml") -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def test_every_haunt_file_loads_with_its_printed_name_and_a_win_for_some_side():
    assert PRINTED, "no haunt file"
    for number, haunt in PRINTED.items():
        assert haunt.spec.number == number and haunt.spec.name
        assert haunt.spec.wins, number
        assert haunt.spec.confidence in ("medium", "low", "high")
        assert haunt.spec.sources, f"haunt {number}: say where the facts come from"


@pytest.mark.parametrize(
    ("text", "field"),
    [
        ('setup = ["explode()"]\n', "setup[0]"),
        ('[[win]]\nside = "heroes"\nwhen = "count(\'x\') >= nope"\nwhy = "w"\n', "win[0].when"),
        ('[[win]]\nside = "ghosts"\nwhen = "true"\nwhy = "w"\n', "win[0].side"),
        ('[[monsters]]\nkind = "Rat"\nmight = 20\n', "monsters[0].might"),
        ('[[actions]]\nid = "go"\nside = "heroes"\nlabel = "Go"\nroll = "luck"\n', "actions.go.roll"),
        ('[[actions]]\nid = "go"\nside = "heroes"\nlabel = "Go"\nlimit = "twice"\n', "actions.go.limit"),
        ("colour = 3\n", "colour"),
        ("setup = [\"__import__('os')\"]\n", "setup[0]"),
        ('setup = ["(lambda: 1)()"]\n', "setup[0]"),
        ('setup = ["count.__class__"]\n', "setup[0]"),
    ],
)
def test_a_bad_haunt_file_is_refused_naming_the_file_the_haunt_and_the_field(tmp_path, text, field):
    with pytest.raises(HauntFileError) as err:
        load_file(write(tmp_path, HAUNT + text))
    message = str(err.value)
    assert message.startswith("07.toml: haunt 7: ") and field in message


def test_a_file_whose_number_is_not_its_name_is_refused(tmp_path):
    with pytest.raises(HauntFileError, match="match the file name"):
        load_file(write(tmp_path, HAUNT, "08.toml"))


def test_load_all_reads_a_folder_of_files(tmp_path):
    write(tmp_path, HAUNT + '[[win]]\nside = "heroes"\nwhen = "round >= 3"\nwhy = "dawn"\n')
    assert list(load_all(tmp_path)) == [7]


def test_the_expression_language_accepts_only_its_own_constructs():
    known = {"count", "players"}.__contains__
    assert parse("count('a') >= players * 2 - 1 if players > 3 else 4", known)
    for bad in ("x.y", "a[0]", "[x for x in y]", "lambda: 0", "{1: 2}", "f'{players}'", "players ** 2"):
        with pytest.raises(ExprError):
            parse(bad, known)


def test_every_name_the_loader_accepts_is_one_a_running_haunt_provides():
    step = start("zoe", "ox", "vivian")
    step.state.phase = "haunt"
    step.state.haunt = Haunt(revealer=0, omen="Skull", room="Entrance Hall", number=26, total=0)
    ns = namespace(Ctx(World(step.state, CONTENT), PRINTED[26].spec, me=0), {})
    assert set(FUNCTIONS) | set(VALUES) == set(ns)
    assert not set(CONTEXT) & set(ns)


def test_a_haunt_file_holds_its_words_in_english_only_the_catalog_translates_them():
    """One mechanism for the haunts' words in the table's four languages: the ``haunts`` gettext catalog
    (docs/ui.md; tests/ui/test_ui_catalogs.py checks it is complete). An inline language table is refused
    at load, naming the field."""
    for number, haunt in PRINTED.items():
        assert all(isinstance(text, str) for text in haunt.spec.texts.values()), number
    data = {"number": 1, "name": "The Mummy Walks", "confidence": "medium"}
    with pytest.raises(HauntFileError, match=r"texts\.hello: one English string"):
        parse_file("01.toml", {**data, "texts": {"hello": {"en": "Hi", "de": "Hallo"}}})
    action = {"id": "go", "side": "heroes", "label": {"en": "Go", "de": "Geh"}}
    with pytest.raises(HauntFileError, match=r"actions\.go\.label: the button needs words, one English"):
        parse_file("01.toml", {**data, "actions": [action]})


def test_docs_haunts_md_lists_every_haunt_as_its_file_says():
    """docs/haunts.md's list is written from the files: rerun scripts/haunts_doc.py after changing one."""
    import subprocess
    import sys

    root = Path(__file__).resolve().parents[3]
    done = subprocess.run(
        [sys.executable, str(root / "scripts" / "haunts_doc.py"), "--check"], capture_output=True
    )
    assert done.returncode == 0, done.stderr.decode()


def test_H7_2_one_word_asks_a_roll_whose_total_runs_a_file_action_by_its_target():
    """roll_for is the one word (task printed_roll) for a roll the haunt asks for; the old second word is
    unknown to the loader, and an action only such a roll runs is a "table" action, never offered."""
    assert "roll_dice" not in FUNCTIONS and "roll_for" in FUNCTIONS
    assert "roll_dice" not in NAMES
    bomb = PRINTED[16].spec.action("bomb")
    assert bomb is not None and bomb.side == "table" and bomb.target is not None
    step = start("zoe", "ox", "vivian", "peter")
    step.state.phase = "haunt"
    step.state.haunt = Haunt(revealer=0, omen="Girl", room="Chapel", number=16, total=0, traitor=1)
    w = World(step.state, CONTENT)
    w.haunt.vars["_n"] = PRINTED[16].spec.resolve_numbers(4, 3, {})
    PRINTED[16].roll_result(w, 1, "bomb", 6, "")  # under 7 (4 players): the failure side, nothing
    assert not w.haunt.vars.get("_blown")
    PRINTED[16].roll_result(w, 1, "bomb", 7, "")
    assert w.haunt.vars.get("_blown") == 1

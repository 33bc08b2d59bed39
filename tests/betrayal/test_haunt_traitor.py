"""Who becomes the traitor (H1) and the haunt data: haunts.toml against the reference, docs/haunts.md."""

from __future__ import annotations

import csv
import dataclasses
import pathlib

import pytest

from gamekit import CONTENT, start
from hauntable.games.betrayal.haunt import choose_traitor
from hauntable.games.betrayal.haunts import SCENARIOS
from hauntable.games.betrayal.haunts.printed import PRINTED

ROOT = pathlib.Path(__file__).resolve().parents[2]
REFERENCE = ROOT.parent / "shared" / "reference" / "betrayal" / "haunt_traitors.csv"
# seats: Zoe (age 8), Ox (23), Vivian (42), Peter (13); start values:
#   Zoe speed 4 might 3 sanity 5 knowledge 3; Ox 4 5 3 3; Vivian 4 2 4 5; Peter 4 3 4 4
FOUR = ("zoe", "ox", "vivian", "peter")


def at_value(character: str, trait: str, value: int) -> int:
    """The track index where ``character``'s ``trait`` shows ``value``."""
    return CONTENT.characters[character].tracks[trait].index(value)


def traitor(number: int, revealer: int, traits=None, characters=FOUR) -> int | None:
    s = start(*characters).state
    for seat, values in (traits or {}).items():
        s.explorers[seat].traits.update(values)
    return choose_traitor(s, CONTENT, CONTENT.haunts[number], revealer)


def test_H1_1_the_revealer_or_the_player_on_their_left():
    assert traitor(2, revealer=3) == 3  # haunt 2: the revealer
    assert traitor(16, revealer=3) == 0  # haunt 16: left of the revealer, clockwise round the table


def test_H1_1_highest_and_lowest_trait():
    assert traitor(42, revealer=0) == 1  # highest Might: Ox (5)
    assert traitor(37, revealer=1) == 2  # lowest Might: Vivian (2)
    assert traitor(35, revealer=0) == 2  # highest Knowledge: Vivian (5)


def test_H1_2_except_the_revealer():
    # highest Might except Ox (5): Zoe and Peter tie at 3; clockwise from Ox, Peter (seat 3) comes first
    assert traitor(4, revealer=1) == 3
    assert traitor(27, revealer=2) == 3  # highest Knowledge except Vivian: Peter (4)


def test_H1_3_a_tie_goes_to_the_revealer_when_tied():
    zoe_low = {0: {"sanity": at_value("zoe", "sanity", 3)}}
    assert traitor(32, revealer=2, traits=zoe_low) == 2  # highest Sanity: Vivian 4 = Peter 4, Vivian revealed


def test_H1_3_a_tie_without_the_revealer_goes_to_the_first_clockwise_from_the_revealer():
    zoe_weak = {0: {"might": at_value("zoe", "might", 2)}}  # lowest Might: Zoe 2 ties Vivian 2
    assert traitor(37, revealer=2, traits=zoe_weak) == 2  # Vivian revealed: Vivian
    assert traitor(37, revealer=3, traits=zoe_weak) == 0  # Peter revealed: Zoe comes before Vivian
    assert traitor(37, revealer=1, traits=zoe_weak) == 2  # Ox revealed: Vivian comes before Zoe


def test_H1_1_a_named_explorer_else_the_fallback():
    assert traitor(24, revealer=0, characters=("zoe", "ox", "brandon")) == 2  # Brandon Jaspers plays
    assert traitor(24, revealer=1) == 1  # not playing: lowest Speed, all four tie at 4: the revealer
    assert traitor(20, revealer=1, characters=("zoe", "ox", "peter")) == 2  # no Vivian: left of the revealer


def test_H1_1_oldest_and_youngest_except_the_revealer():
    assert traitor(21, revealer=0) == 2  # oldest: Vivian (42)
    assert traitor(21, revealer=2) == 1  # Vivian revealed: then Ox (23)
    assert traitor(44, revealer=1) == 0  # youngest: Zoe (8)
    assert traitor(44, revealer=0) == 3  # Zoe revealed: then Peter (13)


def test_H1_4_hidden_and_no_traitor_haunts_start_without_one():
    assert traitor(34, revealer=0) is None and traitor(43, revealer=0) is None
    assert traitor(12, revealer=0) is None and traitor(9, revealer=0) is None


def test_haunts_toml_matches_the_reference_traitor_table():
    rows = list(csv.DictReader(REFERENCE.open(encoding="utf-8"))) if REFERENCE.exists() else []
    if not rows:
        pytest.skip("reference table not available")
    names = {c.name: c.id for c in CONTENT.characters.values()}
    for row in rows:
        h = CONTENT.haunts[int(row["haunt"])]
        assert h.traitor == row["traitor_rule"], h.number
        assert (h.trait or "") == row["trait"], h.number
        assert h.except_revealer == (row["except_haunt_revealer"] == "yes"), h.number
        assert h.character == (names[row["character"]] if row["character"] else None), h.number


def test_every_haunt_number_is_refereed_from_its_printed_file():
    """Issue 16: no scenario of our own stands under a printed haunt's number; each of the 50 runs from its
    file (data/haunts/NN.toml) and says each side's goal."""
    assert set(SCENARIOS) == set(PRINTED) == set(CONTENT.haunts)
    for n, sc in SCENARIOS.items():
        assert sc.printed and sc.number == n, n
        assert sc.heroes_goal or sc.traitor_goal, n


def test_book_mode_calls_a_haunt_by_its_number_not_by_a_name_of_ours():
    """Issue 16 item 4: no name of our old scenarios stands under a printed number (book mode says
    haunts.toml's name: "haunt 1", not "haunt 1, The bound spirit")."""
    for n, h in CONTENT.haunts.items():
        assert h.name == f"Haunt {n}", n


def test_docs_haunts_md_lists_all_50_with_how_the_table_runs_them():
    text = (ROOT / "docs" / "haunts.md").read_text(encoding="utf-8")
    for n in CONTENT.haunts:
        name = PRINTED[n].spec.name if n in PRINTED else "(book mode)"
        assert f"### {n}. {name}\n" in text, n


def test_a_haunt_spec_is_frozen_data():
    with pytest.raises(dataclasses.FrozenInstanceError):
        CONTENT.haunts[1].name = "x"  # type: ignore[misc]

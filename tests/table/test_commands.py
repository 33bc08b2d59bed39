"""``hauntable selftest`` and ``hauntable enroll`` on the mock backend."""

from __future__ import annotations

import json
import re
from pathlib import Path

from tablekit import BENCH, KITCHEN

from hauntable.cli import main
from hauntable.table.backends.mock import MockBackend
from hauntable.table.enrolment import walk
from hauntable.table.registry import TagRegistry


def test_selftest_passes_on_the_mock_reference_table(capsys, monkeypatch):
    monkeypatch.setenv("HAUNTABLE_BACKEND", "mock")
    assert main(["selftest"]) == 0
    out = capsys.readouterr().out
    assert "reference on the mock backend: 172 devices, 0 fault(s)" in out
    assert re.search(r"reader ground:3,4 +spi0 dec 35 +ok +MFRC522 v2.0, empty", out)


def test_selftest_exits_non_zero_on_a_fault(tmp_path, capsys):
    layout = tmp_path / "bench.toml"
    text = (
        Path(BENCH.path)
        .read_text()
        .replace("[mock]", '[mock]\ndead = ["ground:2,0"]\ndead_towers = ["tower:1"]')
    )
    layout.write_text(text)
    assert main(["selftest", "--layout", str(layout), "--backend", "mock", "--faults-only"]) == 1
    out = capsys.readouterr().out
    assert "reader ground:2,0  spi0 cs GPIO5  FAULT   no chip (version 0x00)" in out
    assert "tower tower:1" in out and "2 fault(s)" in out
    assert "reader ground:4,0" not in out


def test_selftest_reports_a_bad_layout_with_exit_2(tmp_path, capsys):
    layout = tmp_path / "bad.toml"
    layout.write_text('[[bus]]\nid = "spi0"\ndevice = [0, 0]\nselect = "telepathy"\n')
    assert main(["selftest", "--layout", str(layout), "--backend", "mock"]) == 2
    assert f"{layout}:4: bus 'spi0': select is 'gpio' or 'decoder'" in capsys.readouterr().err


def test_enroll_walk_scans_confirms_and_refuses_duplicates():
    backend = MockBackend(BENCH)
    pad = backend.reader("draw")
    registry = TagRegistry(":memory:")
    said = []
    pad.place(KITCHEN, at=0.5)
    pad.lift(KITCHEN, at=1.0)
    pad.place(KITCHEN, at=2.0)  # the same sticker offered as the Library: refused
    answers = iter(["y", "y"])
    count = walk(
        registry,
        pad,
        backend.clock,
        "tile",
        ["Kitchen", "Library"],
        {},
        lambda q: next(answers),
        said.append,
        5.0,
    )
    assert count == 1
    assert registry.lookup(KITCHEN).name == "Kitchen"
    assert any(
        s.startswith("Refused: Tag 04:A2:5B:1C:7F:80:01 is already enrolled as the tile Kitchen")
        for s in said
    )


def test_enroll_walk_skips_when_no_tag_comes():
    backend = MockBackend(BENCH)
    said = []
    count = walk(
        TagRegistry(":memory:"),
        backend.reader("draw"),
        backend.clock,
        "tile",
        ["Kitchen"],
        {},
        input,
        said.append,
        0.5,
    )
    assert count == 0 and "No tag seen for the Kitchen; skipped." in said


def test_enroll_export_import_and_list(tmp_path, capsys):
    a, b = tmp_path / "a", tmp_path / "b"
    a.mkdir()
    b.mkdir()
    with TagRegistry(a / "table.sqlite3") as reg:
        reg.enrol(KITCHEN, "tile", "Kitchen")
    out = tmp_path / "tags.json"
    assert main(["enroll", "--data-dir", str(a), "--export", str(out)]) == 0
    assert json.loads(out.read_text())["tags"][0]["name"] == "Kitchen"
    assert main(["enroll", "--data-dir", str(b), "--import", str(out)]) == 0
    capsys.readouterr()
    assert main(["enroll", "--data-dir", str(b), "--list"]) == 0
    assert capsys.readouterr().out == f"{KITCHEN}\ttile\tKitchen\n"
    (tmp_path / "broken.json").write_text("{")
    assert main(["enroll", "--data-dir", str(b), "--import", str(tmp_path / "broken.json")]) == 2


def test_enroll_refuses_unknown_piece_names(tmp_path, capsys):
    assert (
        main(["enroll", "--data-dir", str(tmp_path), "--names", "Ballroom,Moon Base", "--backend", "mock"])
        == 2
    )
    assert "no tile called Moon Base" in capsys.readouterr().err


def test_enroll_on_the_mock_backend_skips_a_piece_nobody_lays_down(tmp_path, capsys):
    args = ["enroll", "--data-dir", str(tmp_path), "--layout", BENCH.path, "--backend", "mock"]
    assert main([*args, "--names", "Kitchen", "--timeout", "0.05"]) == 1
    out = capsys.readouterr().out
    assert "Lay the Kitchen on the enrol pad (tile)." in out and "enroll: 0 of 1 enrolled" in out

"""The admin menu's table layout page in a real window: the layout in use drawn per floor with its readers,
a choice among the packaged layouts and the data folder's, kept for the next start, and a broken file
named with its error instead of offered."""

from __future__ import annotations

import json

import pytest

from hauntable.table.layout import LAYOUTS


def open_layout_page(h) -> str:
    h.tap_text("Admin")
    for d in "1234":
        h.tap_text(d)
    h.tap_text("OK")
    h.tap_text("Table layout")
    return h.texts()


def test_the_page_shows_the_reference_layouts_readers_per_floor_and_its_slots(table_app):
    text = open_layout_page(table_app)
    assert "In use now: reference (reference.toml), pi backend, board table7, 166 readers" in text
    for floor in ("Ground floor", "Upper floor", "Basement"):
        assert f"{floor}: the reader under each cell, north at the top (49 readers)" in text
    # decoder addresses: ground 0..54, upper 64..118, basement 128..182 (address = first + y*8 + x)
    cells = text.split("\n")
    for address in (0, 54, 64, 118, 128, 182):
        assert f"#{address}" in cells
    assert "#7" not in cells and "#55" not in cells and "#127" not in cells  # each row's 8th output unused
    assert "draw pad: #192" in cells and "enrol pad: #193" in cells and "key slot: #194" in cells
    assert "seat 1: #200" in cells
    assert "Choose a layout; it is used from the next start of the app:" in text
    assert "bench  (bench.toml, packaged)" in text and "reference  (reference.toml, packaged)" in text


def test_the_bench_layout_chosen_holds_after_a_restart(make_app, tmp_path):
    data = str(tmp_path / "data")
    h = make_app(data_dir=data)
    open_layout_page(h)
    h.tap_text("bench  (bench.toml, packaged)")
    text = h.texts()
    assert "bench.toml chosen: used from the next start of the app." in text
    assert "bench  (bench.toml, packaged)  —  chosen" in text
    assert "In use now: reference" in text  # this run keeps its readers
    saved = json.loads((tmp_path / "data" / "admin-settings.json").read_text())
    assert saved["layout"] == "packaged:bench.toml"
    h.close()  # the table is switched off

    h = make_app(data_dir=data)
    assert h.app.controller.settings.layout == str(LAYOUTS / "bench.toml")
    text = open_layout_page(h)
    assert "In use now: bench (bench.toml), pi backend, board table7, 4 readers" in text
    assert "Ground floor: the reader under each cell, north at the top (3 readers)" in text
    cells = text.split("\n")
    assert "GPIO23" in cells and "GPIO25" in cells and "draw pad: GPIO24" in cells
    assert "Upper floor" not in text and "#0" not in cells
    assert "bench  (bench.toml, packaged)  —  chosen" in text
    h.tap_text("< Back")
    h.tap_text("Language: Deutsch")  # another admin change keeps the layout choice
    assert json.loads((tmp_path / "data" / "admin-settings.json").read_text())["layout"] == (
        "packaged:bench.toml"
    )


def test_a_broken_layout_in_the_data_folder_is_listed_with_its_error_and_cannot_be_chosen(make_app, tmp_path):
    folder = tmp_path / "data" / "layouts"
    folder.mkdir(parents=True)
    broken = folder / "garage.toml"
    broken.write_text(
        'name = "garage"\nbackend = "pi"\nboard = "table7"\n\n'
        '[[bus]]\nid = "spi0"\ndevice = [0, 0]\nselect = "gpio"\n\n'
        '[[reader]]\ncell = ["ground", 0, 0]\nbus = "spi9"\ncs_pin = 8\n'
    )
    good = folder / "shed.toml"
    good.write_text((LAYOUTS / "bench.toml").read_text().replace('name = "bench"', 'name = "shed"'))
    h = make_app(data_dir=str(tmp_path / "data"))
    text = open_layout_page(h)
    line = next(t for t in text.split("\n") if t.startswith("garage.toml (data folder) cannot be chosen: "))
    assert line.endswith(f"{broken}:12: reader 1: no bus 'spi9'")  # file:line, for the screwdriver
    with pytest.raises(LookupError):
        h.find("garage", contains=True)  # a label, not a button
    h.tap_text("shed  (shed.toml, data folder)")
    assert "shed.toml chosen: used from the next start of the app." in h.texts()
    saved = json.loads((tmp_path / "data" / "admin-settings.json").read_text())
    assert saved["layout"] == "data:shed.toml"
    h.close()
    h = make_app(data_dir=str(tmp_path / "data"))
    assert h.app.controller.settings.layout == str(good)
    good.unlink()  # the chosen file removed: the next start falls back to the default layout
    h.close()
    h = make_app(data_dir=str(tmp_path / "data"))
    assert h.app.controller.settings.layout is None
    assert "In use now: reference" in open_layout_page(h)

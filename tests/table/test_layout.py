"""Layout files: the shipped tables load, and every mistake is reported with its file and line."""

from __future__ import annotations

from pathlib import Path

import pytest
from tablekit import BENCH, HARDWARE, REFERENCE

from hauntable.table.layout import LayoutError, load_layout, parse_layout


def test_reference_table_has_three_floors_of_7x7_and_the_slots():
    cells = [rd.cell for rd in REFERENCE.readers if rd.cell]
    assert len(cells) == 3 * 49
    assert {floor for floor, _, _ in cells} == {"ground", "upper", "basement"}
    slots = {rd.slot for rd in REFERENCE.readers if rd.slot}
    assert {"draw", "key", "enrol", "ghost:1", "ghost:4", "seat:1", "seat:6", "figure:1"} <= slots
    assert REFERENCE.cell_reader("ground", 3, 4).address == 35  # first_address + y * row_stride (8) + x
    assert REFERENCE.towers and REFERENCE.buttons and REFERENCE.leds


def test_bench_table_has_four_readers_on_gpio_selects():
    assert len(BENCH.readers) == 4
    assert sorted(rd.cs_pin for rd in BENCH.readers) == [5, 23, 24, 25]


BUS = """\
name = "t"
[[bus]]
id = "spi0"
device = [0, 0]
select = "decoder"
address_pins = [5, 6, 13]
strobe_pin = 21
"""


def error(text: str) -> LayoutError:
    with pytest.raises(LayoutError) as info:
        parse_layout(text, "t.toml")
    return info.value


@pytest.mark.parametrize(
    ("extra", "line", "words"),
    [
        (
            '[[reader]]\nslot = "draw"\nbus = "spi0"\naddress = 1\n'
            '[[reader]]\nslot = "key"\nbus = "spi0"\naddress = 1\n',
            12,
            "address 1 is already used by 'draw' (line 8)",
        ),
        ('[[reader]]\nslot = "draw"\nbus = "spi0"\naddres = 1\n', 11, "unknown key 'addres'"),
        (
            '[[reader]]\nslot = "draw"\nbus = "spi0"\naddress = 9\n',
            11,
            "address 9 is beyond bus 'spi0' (0..7)",
        ),
        ('[[reader]]\nslot = "dinner"\nbus = "spi0"\naddress = 1\n', 9, "unknown slot 'dinner'"),
        ('[[reader]]\nslot = "draw"\nbus = "spi1"\naddress = 1\n', 10, "no bus 'spi1'"),
        (
            '[[reader]]\nslot = "draw"\nbus = "spi0"\naddress = 1\n[[button]]\nname = "a"\npin = 13\n',
            14,
            "GPIO 13 is already used by bus 'spi0' address bit 2 (line 6)",
        ),
        ('[[reader]]\nslot = "draw"\nbus = "spi0"\naddress = 1\n[[led]]\nname = "x"\npin = 10\n', 14, "SPI0"),
        ('[[reader]]\ncell = ["attic", 1, 1]\nbus = "spi0"\naddress = 1\n', 9, "'attic' is not a floor"),
    ],
)
def test_errors_name_the_line(extra, line, words):
    exc = error(BUS + extra)
    assert exc.line == line, str(exc)
    assert words in str(exc)
    assert str(exc).startswith(f"t.toml:{line}: ")


def test_cells_off_the_board_and_syntax_errors():
    exc = error(
        'board = "table7"\n' + BUS + '[[reader]]\ncell = ["ground", 7, 0]\nbus = "spi0"\naddress = 1\n'
    )
    assert exc.line == 10 and "off the table7 board" in str(exc)
    exc = error(BUS + "[[reader]\n")
    assert exc.line == 8 and "not valid TOML" in str(exc)


def test_a_layout_without_readers_or_with_an_unknown_backend_is_refused():
    assert "at least one reader" in str(error(BUS))
    exc = error('backend = "arduino"\n' + BUS)
    assert exc.line == 1 and "backend" in str(exc)


def test_mock_faults_must_name_real_readers():
    exc = error(BUS + '[[reader]]\nslot = "draw"\nbus = "spi0"\naddress = 1\n[mock]\ndead = ["ground:0,0"]\n')
    assert exc.line == 13 and "no reader 'ground:0,0'" in str(exc)


def test_a_missing_file_is_a_layout_error(tmp_path):
    with pytest.raises(LayoutError, match="cannot read"):
        load_layout(tmp_path / "nope.toml")


def test_the_layouts_ship_inside_the_package_and_hardware_links_to_them():
    """An installed app (no checkout, no HAUNTABLE_LAYOUT) finds the reference layout as package data."""
    import tomllib

    from hauntable.table.layout import LAYOUTS, default_layout_path, reference_layout_path

    assert reference_layout_path().parent == LAYOUTS and reference_layout_path().is_file()
    assert LAYOUTS.parent.name == "table" and not LAYOUTS.is_symlink()
    assert default_layout_path(env={}) == reference_layout_path()
    assert default_layout_path(env={"HAUNTABLE_LAYOUT": "/x.toml"}) == Path("/x.toml")
    for name in ("reference.toml", "bench.toml"):
        assert (HARDWARE / name).resolve() == (LAYOUTS / name).resolve()
    pyproject = tomllib.loads((HARDWARE.parent / "pyproject.toml").read_text())
    assert "layouts/*.toml" in pyproject["tool"]["setuptools"]["package-data"]["hauntable.table"]

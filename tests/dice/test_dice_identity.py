"""Two Pico towers share MicroPython's USB id; their serial numbers tell them apart, and nothing guesses
when the layout names neither."""

from __future__ import annotations

from pathlib import Path

import pytest

from hauntable.cli import main
from hauntable.table.dice_link import identity
from hauntable.table.dice_link.identity import Plugged, TowerAmbiguous, find_port, udev_rule
from hauntable.table.layout import LayoutError, TowerSpec, load_layout

TWO = [
    Plugged("/dev/ttyACM0", "2e8a:0005", "E66141040396562F"),
    Plugged("/dev/ttyACM1", "2e8a:0005", "E661410403A13C2B"),
    Plugged("/dev/ttyUSB0", "0403:6001", "A10K"),
]


def test_a_serial_picks_its_tower_whichever_port_it_landed_on():
    spec = TowerSpec("tower:2", usb="2e8a:0005", serial="e661410403a13c2b")
    assert find_port(spec, TWO) == "/dev/ttyACM1"
    assert find_port(spec, list(reversed(TWO))) == "/dev/ttyACM1"
    assert find_port(spec, TWO[:1]) is None  # not plugged in


def test_two_picos_and_no_serial_is_refused_naming_both():
    with pytest.raises(TowerAmbiguous) as err:
        find_port(TowerSpec("tower:1", usb="2e8a:0005"), TWO)
    assert "E66141040396562F" in str(err.value) and "E661410403A13C2B" in str(err.value)
    assert find_port(TowerSpec("tower:1", usb="2e8a:0005"), TWO[1:]) == "/dev/ttyACM1"  # one: no doubt
    assert find_port(TowerSpec("tower:1", port="/dev/hauntable/tower-1"), TWO) == "/dev/hauntable/tower-1"


def test_the_udev_rule_names_the_board_by_serial():
    rule = udev_rule("E66141040396562F", "tower-1")
    assert 'ATTRS{serial}=="E66141040396562F"' in rule and 'SYMLINK+="hauntable/tower-1"' in rule
    assert 'ATTRS{idVendor}=="2e8a"' in rule and 'ATTRS{idProduct}=="0005"' in rule


def layout_with(tmp_path, tower: str):
    base = Path(identity.__file__).resolve().parents[4] / "hardware" / "bench.toml"
    text = base.read_text().replace('[[tower]]\nid = "tower:1"\nport = "/dev/ttyACM0"', tower)
    path = tmp_path / "layout.toml"
    path.write_text(text)
    return path


def test_a_layout_names_a_tower_by_usb_id_and_serial(tmp_path):
    path = layout_with(tmp_path, '[[tower]]\nid = "tower:1"\nusb = "2e8a:0005"\nserial = "E66141040396562F"')
    assert load_layout(path).towers[0] == TowerSpec("tower:1", None, "2e8a:0005", "E66141040396562F")
    with pytest.raises(LayoutError, match="serial"):
        load_layout(layout_with(tmp_path, '[[tower]]\nid = "tower:1"\nport = "/dev/x"\nserial = "E6"'))


def test_hauntable_towers_lists_the_boards_and_prints_their_rules(tmp_path, monkeypatch, capsys):
    monkeypatch.setattr(identity, "plugged", lambda ports=None: TWO)
    monkeypatch.setattr("hauntable.commands.towers.plugged", lambda ports=None: TWO)
    path = layout_with(tmp_path, '[[tower]]\nid = "tower:1"\nusb = "2e8a:0005"')
    assert main(["towers", "--layout", str(path)]) == 1  # ambiguous: said, and a failing exit
    out = capsys.readouterr().out
    assert "/dev/ttyACM1  usb 2e8a:0005  serial E661410403A13C2B" in out
    assert "tower:1: tower tower:1: 2 boards with USB id 2e8a:0005" in out
    assert out.count('SYMLINK+="hauntable/tower-') == 2

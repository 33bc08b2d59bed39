"""The referee's LEDs on the mock backend (gpiozero's MockFactory under them): lit where the game waits
for a tile, a card or a roll; a refusal flashes ``fault`` and the LED of the place it happened."""

from __future__ import annotations

import time
from pathlib import Path

import pytest
import tablekit
from tablekit import ATTIC, AXE, CRYSTAL_BALL, HALLWAY, KITCHEN, REFERENCE, table_session

from hauntable.games.betrayal.inputs import Rotate
from hauntable.table.backends.mock import MockBackend
from hauntable.table.layout import parse_layout
from hauntable.table.lights import Lights
from hauntable.table.referee import Referee
from hauntable.table.scanner import Scanner

registry = tablekit.registry

# the reference table plus an LED at a doorway cell and one for the tower
LAYOUT = parse_layout(
    Path(REFERENCE.path).read_text()
    + '\n[[led]]\nname = "ground:4,0"\npin = 25\n\n[[led]]\nname = "tower:1"\npin = 18\n',
    REFERENCE.path,
)


class LitTable:
    def __init__(self, tmp_path, registry):
        self.backend = MockBackend(LAYOUT)
        self.session = table_session(tmp_path)
        self.scanner = Scanner(self.backend.readers(), self.backend.clock)
        self.lights = Lights.from_backend(self.backend)
        self.referee = Referee(self.session, LAYOUT, registry, scanner=self.scanner, lights=self.lights)
        self.scanner.on_event = self.referee.observe

    def lay(self, uid, reader, seconds=0.06):
        self.backend.reader(reader).place(uid)
        self.scanner.run_for(seconds)

    def lift(self, uid, reader, seconds=1.0):
        self.backend.reader(reader).lift(uid)
        self.scanner.run_for(seconds)

    def lit(self) -> set[str]:
        return {name for name in self.lights.leds if self.backend.led_state(name)}

    def touch(self, text):
        self.session.submit(self.session.game.inputs.parse(text), source="touch")
        self.referee.refresh()


@pytest.fixture
def table(tmp_path, registry):
    t = LitTable(tmp_path, registry)
    yield t
    t.lights.close()
    t.backend.close()


def test_the_cell_for_the_awaited_tile_then_the_draw_pad_then_the_tower_are_lit(table):
    assert table.lit() == {"status"}  # the explorer chooses on screen: nothing to lay yet
    table.touch("move E")
    assert table.lit() == {"status", "ground:4,0"}
    table.lay(KITCHEN, "ground:4,0")
    table.touch("rotate 3")
    assert table.lit() == {"status", "draw"}
    table.lay(CRYSTAL_BALL, "draw")
    table.touch("end")
    assert table.lit() == {"status", "tower:1"}  # six dice for the haunt roll


def test_a_refused_tile_flashes_fault_and_its_cell_then_the_cell_is_lit_again(table):
    table.touch("move E")
    table.lay(ATTIC, "ground:4,0")  # no Attic on the ground floor
    assert table.lights.flashes == ["fault", "ground:4,0"]
    time.sleep(Lights.FLASHES * (Lights.FLASH_ON + Lights.FLASH_OFF) + 0.2)
    assert table.lit() == {"status", "ground:4,0"}  # the flash ends; the cell still waits


def test_an_unasked_roll_flashes_the_tower(table):
    assert table.referee.on_roll([1, 1], "tower:1") is False
    assert table.lights.flashes == ["fault", "tower:1"]


def test_a_lifted_tile_lights_the_cell_it_must_go_back_to_and_blinks_status(table):
    table.touch("move E")
    table.lay(HALLWAY, "ground:4,0")
    table.touch("move E")  # on into the Hallway, the cell behind is no longer awaited
    table.lift(HALLWAY, "ground:4,0")
    assert table.referee.paused and table.lights.paused
    assert "ground:4,0" in table.lights.wanted and "fault" in table.lights.flashes
    table.lay(HALLWAY, "ground:4,0")
    assert not table.referee.paused and not table.lights.paused


def test_a_card_on_the_wrong_deck_flashes_the_draw_pad(table):
    table.touch("move E")
    table.lay(KITCHEN, "ground:4,0")
    table.session.submit(Rotate(3), source="touch")
    table.referee.refresh()
    table.lay(AXE, "draw")
    assert table.lights.flashes == ["fault", "draw"]

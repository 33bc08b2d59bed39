"""Devices read like gpiozero: events, waits, repr with wiring and state, close() and DeviceClosed."""

from __future__ import annotations

import pytest
import tablekit

from hauntable.table.devices import Button, CardSlot, DeviceClosed, Led, RfidCell
from hauntable.table.scanner import Scanner

mock_table = tablekit.mock_table
TAG = "04:A2:5B:1C:7F:80:00"


def test_a_cell_learns_its_tags_from_the_scanner_and_fires_events(mock_table):
    cell = RfidCell(floor="ground", x=3, y=4)  # the default backend: the installed mock
    placed, removed = [], []
    cell.when_tag_placed = placed.append
    cell.when_tag_removed = removed.append
    scanner = Scanner(mock_table.readers(), mock_table.clock, on_event=mock_table.dispatch)
    scanner.expect([cell.reader_id])
    mock_table.reader(cell.reader_id).place(TAG)
    scanner.run_for(0.05)
    assert placed == [TAG] and cell.is_occupied and cell.tag == TAG
    assert repr(cell) == f"<RfidCell ground 3,4 (spi0 dec 35): {TAG}>"
    mock_table.reader(cell.reader_id).lift(TAG)
    scanner.run_for(0.05)
    assert removed == [TAG] and not cell.is_occupied


def test_card_slot_aliases_and_a_broken_handler_does_not_stop_the_scan(mock_table):
    slot = CardSlot("draw", backend=mock_table)
    cards = []

    def broken(uid):
        raise RuntimeError("screen gone")

    slot.when_card_placed = broken
    assert slot.when_tag_placed is broken
    slot.when_card_placed = cards.append
    scanner = Scanner(mock_table.readers(), mock_table.clock, on_event=mock_table.dispatch)
    scanner.expect(["draw"])
    mock_table.reader("draw").place(TAG)
    scanner.run_for(0.05)
    assert cards == [TAG] and slot.card == TAG
    assert repr(slot).startswith("<CardSlot draw (spi0 dec 192):")


def test_close_is_idempotent_and_use_after_close_raises(mock_table):
    with RfidCell("ground", 0, 0) as cell:
        assert not cell.closed
    assert cell.closed
    cell.close()
    with pytest.raises(DeviceClosed):
        _ = cell.tags
    assert repr(cell).endswith(": closed>")


def test_unknown_cells_and_slots_are_key_errors(mock_table):
    with pytest.raises(KeyError, match="no reader under ground 9,9"):
        RfidCell("ground", 9, 9)
    with pytest.raises(KeyError):
        CardSlot("ghost:9")


def test_button_and_led_by_name_or_pin(mock_table):
    pressed = []
    with Button("admin") as button, Led(22) as led:
        button.when_pressed = lambda: pressed.append(True)
        assert repr(button) == "<Button admin on GPIO17: released>"
        mock_table.press("admin")
        assert button.is_pressed and button.wait_for_press(timeout=1)
        mock_table.release("admin")
        led.on()
        assert led.is_lit and repr(led) == "<Led status on GPIO22: lit>"
        led.off()
        assert not mock_table.led_state(22)
    with pytest.raises(DeviceClosed):
        led.on()
    assert pressed  # gpiozero calls back on its own thread; wait_for_press above synchronised
    with pytest.raises(KeyError):
        Button("self-destruct")

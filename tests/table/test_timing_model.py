"""The mock backend's per-read costs agree with our driver on the byte-level emulator (within 25 %),
so the benchmark's timing model is not a number picked to look good."""

from __future__ import annotations

import pytest
from tablekit import REFERENCE

from hauntable.table.backends.mock import MockBackend
from hauntable.table.mfrc522.driver import Mfrc522
from hauntable.table.mfrc522.emulator import EmulatedMfrc522, EmulatedTag, FakeSpiDevice


def driver_read_cost(*tags) -> float:
    chip = EmulatedMfrc522(tags=tags)
    spi = FakeSpiDevice(chip, hz=1_000_000)  # the reference table's bus speed
    driver = Mfrc522(spi, chip.clock)
    driver.init()
    start = chip.clock.now()
    driver.poll()
    return chip.clock.now() - start


def test_mock_timing_model_matches_the_driver_on_the_emulator():
    backend = MockBackend(REFERENCE)
    assert driver_read_cost() == pytest.approx(backend.empty_s, rel=0.25)
    assert driver_read_cost(EmulatedTag.ntag("04:A2:5B:1C:7F:80:00")) == pytest.approx(
        backend.tag_s, rel=0.25
    )

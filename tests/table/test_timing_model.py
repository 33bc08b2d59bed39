"""The mock backend's per-read costs agree with our driver on the byte-level emulator (within 25 %), with a
Pi 4's per-call costs for the spidev call and the lgpio chip select (hauntable/table/mfrc522/costs.py), so
the benchmark's timing model is not a number picked to look good."""

from __future__ import annotations

import pytest
from tablekit import REFERENCE

from hauntable.table.backends.mock import MockBackend
from hauntable.table.mfrc522.costs import PI4, XFER_S
from hauntable.table.mfrc522.driver import Mfrc522
from hauntable.table.mfrc522.emulator import EmulatedMfrc522, EmulatedTag, FakeSpiDevice


def driver_read_cost(*tags, prepared_ms: float = 0.0) -> float:
    """What one poll costs; ``prepared_ms``: the field was switched on that long before (prepare)."""
    chip = EmulatedMfrc522(tags=tags)
    spi = FakeSpiDevice(chip, hz=1_000_000, overhead=XFER_S, select=PI4.per_transfer_s)  # the reference bus
    driver = Mfrc522(spi, chip.clock)
    driver.init()
    if prepared_ms:
        driver.prepare()
        chip.clock.advance(prepared_ms / 1000)
    start = chip.clock.now()
    driver.poll_all()
    return chip.clock.now() - start + PI4.per_visit_s


def mock_read_cost(backend: MockBackend, *tags: str, prepared_ms: float = 0.0) -> float:
    reader = backend.reader("ground:0,0")
    for tag in tags:
        reader.place(tag)
    if prepared_ms:
        reader.prepare()
        backend.clock.advance(prepared_ms / 1000)
    start = backend.clock.now()
    reader.read()
    for tag in tags:
        reader.lift(tag)
    return backend.clock.now() - start


def test_mock_timing_model_matches_the_driver_on_the_emulator():
    backend = MockBackend(REFERENCE)
    assert driver_read_cost() == pytest.approx(backend.empty_s, rel=0.25)
    assert driver_read_cost(EmulatedTag.ntag("04:A2:5B:1C:7F:80:00")) == pytest.approx(
        backend.tag_s, rel=0.25
    )


@pytest.mark.parametrize("prepared_ms", [0.3, 2.0])
def test_a_prepared_read_saves_the_same_settle_time_in_the_mock_and_the_driver(prepared_ms):
    backend = MockBackend(REFERENCE)
    ntag = "04:A2:5B:1C:7F:80:00"
    assert mock_read_cost(backend, prepared_ms=prepared_ms) == pytest.approx(
        driver_read_cost(prepared_ms=prepared_ms), rel=0.25
    )
    assert mock_read_cost(backend, ntag, prepared_ms=prepared_ms) == pytest.approx(
        driver_read_cost(EmulatedTag.ntag(ntag), prepared_ms=prepared_ms), rel=0.25
    )
    assert driver_read_cost(prepared_ms=prepared_ms) < driver_read_cost() - 0.0002


def test_the_mock_prices_a_second_stacked_tag_like_the_driver_walking_the_collision():
    backend = MockBackend(REFERENCE)
    uids = ("04:A2:5B:1C:7F:80:00", "04:11:22:33:44:55:66")
    assert mock_read_cost(backend, *uids) == pytest.approx(
        driver_read_cost(*(EmulatedTag.ntag(u) for u in uids)), rel=0.25
    )


def test_a_presence_check_costs_about_an_empty_read_in_the_mock_and_the_driver():
    chip = EmulatedMfrc522(tags=[EmulatedTag.ntag("04:A2:5B:1C:7F:80:00")])
    driver = Mfrc522(FakeSpiDevice(chip, hz=1_000_000), chip.clock)
    driver.init()
    start = chip.clock.now()
    assert driver.present()
    backend = MockBackend(REFERENCE)
    reader = backend.reader("ground:0,0")
    reader.place("04:A2:5B:1C:7F:80:00")
    mock_start = backend.clock.now()
    assert reader.is_present()
    assert backend.clock.now() - mock_start == pytest.approx(chip.clock.now() - start, rel=0.25)

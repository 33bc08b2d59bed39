"""The Pi backend on a PC: spidev replaced by a fake whose transfers reach emulated MFRC522 chips, chosen
by the chip-select pins the backend drives through gpiozero's MockFactory. So the real backend, bus,
chip-select and driver code run end to end; only the silicon is emulated."""

from __future__ import annotations

import sys
import types

import pytest
from tablekit import BENCH

from hauntable.table.clock import SimClock
from hauntable.table.mfrc522.emulator import EmulatedMfrc522, EmulatedTag, FakeSpiDevice

NTAG = "04:A2:5B:1C:7F:80:00"


@pytest.fixture
def emulated_pi(monkeypatch):
    """Install fake ``spidev`` and gpiozero's MockFactory; yield {cs pin: emulated chip}."""
    from gpiozero import Device
    from gpiozero.pins.mock import MockFactory

    factory = MockFactory()
    monkeypatch.setattr(Device, "pin_factory", factory)
    clock = SimClock()
    chips = {rd.cs_pin: EmulatedMfrc522(clock) for rd in BENCH.readers}

    class SpiDev:
        def open(self, bus, device):
            self.opened = (bus, device)

        def xfer2(self, data):
            low = [pin for pin in chips if factory.pin(pin).state == 0]
            assert len(low) == 1, f"chip selects low: {low}"
            return FakeSpiDevice(chips[low[0]]).xfer2(data)

        def close(self):
            pass

    monkeypatch.setitem(sys.modules, "spidev", types.SimpleNamespace(SpiDev=SpiDev))
    yield chips, clock
    factory.reset()


def test_pi_backend_reads_a_whole_ntag_uid_through_gpio_chip_selects(emulated_pi):
    from hauntable.table.backends.pi import PiBackend

    chips, clock = emulated_pi
    chips[24].place(EmulatedTag.ntag(NTAG))  # the draw pad's reader
    with PiBackend(BENCH, clock=clock) as backend:
        assert {rid: r.version() for rid, r in backend.readers().items()} == dict.fromkeys(
            [rd.id for rd in BENCH.readers], 0x92
        )
        assert backend.reader("draw").read() == {NTAG}
        assert backend.reader("ground:4,0").read() == frozenset()
        chips[24].place(EmulatedTag.ntag("04:11:22:33:44:55:66"))  # a second card on the pad
        assert backend.reader("draw").read() == {NTAG, "04:11:22:33:44:55:66"}


def test_pi_backend_turns_driver_errors_into_reader_faults(emulated_pi):
    from hauntable.table.backends.base import ReaderFault
    from hauntable.table.backends.pi import PiBackend

    chips, clock = emulated_pi
    chips[8].stuck = True
    with PiBackend(BENCH, clock=clock) as backend, pytest.raises(ReaderFault, match="ground:4,0"):
        backend.reader("ground:4,0").read()


def test_pi_backend_selftest_says_hello_to_a_simulated_tower(emulated_pi, tmp_path):
    simulated = pytest.importorskip("hauntable.table.dice_link.simulated")
    from hauntable.table.backends.pi import PiBackend
    from hauntable.table.layout import TowerSpec

    _, clock = emulated_pi
    with simulated.SimulatedDiceTower(tmp_path) as tower, PiBackend(BENCH, clock=clock) as backend:
        ok, detail = backend.check_tower(TowerSpec("tower:1", port=tower.path))
        assert ok, detail
        assert "HELLO ok" in detail
        ok, detail = backend.check_tower(TowerSpec("tower:2", port=str(tmp_path / "nothing")))
        assert not ok and "missing" in detail

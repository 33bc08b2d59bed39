"""The Pi backend on a PC: spidev replaced by a fake whose transfers reach emulated MFRC522 chips, chosen
by the chip-select pins the backend drives through gpiozero's MockFactory. So the real backend, bus,
chip-select and driver code run end to end; only the silicon is emulated."""

from __future__ import annotations

import sys
import types
from pathlib import Path

import pytest
from tablekit import BENCH, REFERENCE

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
    chips[23].stuck = True
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


class FakeLgpio(types.ModuleType):
    """lgpio as the backend uses it, on a pretend gpiochip: levels per line, claims, and lines the kernel
    holds (``held``: claiming one raises ``lgpio.error('GPIO busy')`` as the real module does)."""

    class error(Exception):  # lgpio's own name
        pass

    def __init__(self, held=()):
        super().__init__("lgpio")
        self.held, self.level, self.claimed, self.groups, self.calls = set(held), {}, set(), {}, 0

    def gpio_claim_output(self, handle, pin, level=0, flags=0):
        if pin in self.held or pin in self.claimed:
            raise self.error("GPIO busy")
        self.claimed.add(pin)
        self.level[pin] = level
        return 0

    def group_claim_output(self, handle, pins, levels=(0,), flags=0):
        if self.held & set(pins) or self.claimed & set(pins):
            raise self.error("GPIO busy")
        self.claimed |= set(pins)
        self.groups[pins[0]] = list(pins)
        self.level.update(dict(zip(pins, levels, strict=True)))
        return 0

    def gpio_write(self, handle, pin, level):
        self.calls += 1
        self.level[pin] = level

    def group_write(self, handle, leader, bits, mask):
        self.calls += 1
        for i, pin in enumerate(self.groups[leader]):
            if mask >> i & 1:
                self.level[pin] = bits >> i & 1

    def gpio_free(self, handle, pin):
        self.claimed.discard(pin)

    def group_free(self, handle, leader):
        self.claimed -= set(self.groups.pop(leader))


@pytest.fixture
def fake_lgpio(monkeypatch):
    """gpiozero on lgpio (a factory named LGPIOFactory with a chip handle) over FakeLgpio, and a fake
    spidev whose transfers reach the chip the select lines pick: GPIO selects or the decoder address
    while the strobe is low. Yields (lgpio, chips by select, clock, spi devices)."""
    from gpiozero import Device

    class LGPIOFactory:  # the name is what the backend checks
        _handle = 0

    lgpio = FakeLgpio(held={7, 8})  # a stock Pi with dtparam=spi=on: the kernel holds CE0/CE1
    monkeypatch.setitem(sys.modules, "lgpio", lgpio)
    monkeypatch.setattr(Device, "pin_factory", LGPIOFactory())
    clock = SimClock()
    chips: dict = {}
    spis: list = []

    class SpiDev:
        refuse_no_cs = False

        def open(self, bus, device):
            spis.append(self)

        @property
        def no_cs(self):
            return True

        @no_cs.setter
        def no_cs(self, value):
            if self.refuse_no_cs:
                raise OSError(22, "Invalid argument")

        def xfer2(self, data):
            decoder = {5, 6, 13, 19, 26, 12, 16, 20}
            if decoder <= set(lgpio.level) and lgpio.level.get(21) == 0:
                pins = [5, 6, 13, 19, 26, 12, 16, 20]
                address = sum(lgpio.level[p] << i for i, p in enumerate(pins))
                return FakeSpiDevice(chips[address]).xfer2(data)
            low = [pin for pin in chips if lgpio.level.get(pin) == 0]
            assert len(low) == 1, f"chip selects low: {low}"
            return FakeSpiDevice(chips[low[0]]).xfer2(data)

        def close(self):
            self.closed = True

    monkeypatch.setitem(sys.modules, "spidev", types.SimpleNamespace(SpiDev=SpiDev))
    yield lgpio, chips, clock, SpiDev


def test_a_chip_select_the_kernel_holds_is_a_clear_error_and_nothing_stays_claimed(fake_lgpio, tmp_path):
    """Issue 21: GPIO8 as a chip select with the kernel holding it raised lgpio.error past every handler."""
    from hauntable.table.backends import BackendError, load_backend
    from hauntable.table.layout import load_layout

    lgpio, _chips, clock, _ = fake_lgpio
    old = tmp_path / "old-bench.toml"
    old.write_text(Path(BENCH.path).read_text().replace("cs_pin = 23", "cs_pin = 8"))
    with pytest.raises(BackendError) as caught, pytest.warns(RuntimeWarning, match="GPIO busy"):
        load_backend(load_layout(old), name="pi", clock=clock)
    message = str(caught.value)
    assert "GPIO8 (chip select of reader ground:4,0)" in message
    assert "GPIO busy" in message and "dtoverlay=spi0-0cs" in message
    assert lgpio.claimed == set()  # the reset line and the selects claimed before GPIO8 are free again


def test_the_bench_layout_starts_on_lgpio_with_the_kernel_holding_ce0_and_ce1(fake_lgpio):
    from hauntable.table.backends.pi import PiBackend

    lgpio, chips, clock, _ = fake_lgpio
    chips.update({rd.cs_pin: EmulatedMfrc522(clock) for rd in BENCH.readers})
    chips[24].place(EmulatedTag.ntag(NTAG))
    with PiBackend(BENCH, clock=clock) as backend:
        assert backend.reader("draw").read() == {NTAG}
        assert backend.reader("ground:4,0").read() == frozenset()
        assert not backend.notes
    assert lgpio.claimed == set()


def test_the_reference_decoder_writes_its_address_as_one_group_per_reader_visit(fake_lgpio):
    from hauntable.table.backends.pi import PiBackend

    lgpio, chips, clock, _ = fake_lgpio
    chips.update({rd.address: EmulatedMfrc522(clock) for rd in REFERENCE.readers})
    chips[REFERENCE.cell_reader("upper", 3, 4).address].place(EmulatedTag.ntag(NTAG))
    with PiBackend(REFERENCE, clock=clock) as backend:
        reader = backend.reader("upper:3,4")
        reader.read()  # both initialised; the bus is at ground:0,0 now
        backend.reader("ground:0,0").read()
        select = backend._buses["spi0"].chip_select
        calls, writes, transfers = lgpio.calls, select.address_writes, 0
        original = select.select

        def counting(address):
            nonlocal transfers
            transfers += 1
            original(address)

        select.select = counting
        assert reader.read() == {NTAG}
        assert backend.reader("ground:0,0").read() == frozenset()
        assert select.address_writes - writes == 2  # one group write per reader visited
        assert lgpio.calls - calls == 2 * transfers + 2  # strobe low/high per transfer, + the addresses


def test_a_kernel_that_refuses_no_cs_is_noted_not_fatal(fake_lgpio):
    from hauntable.table.backends.pi import PiBackend

    _lgpio, chips, clock, spidev = fake_lgpio
    chips.update({rd.cs_pin: EmulatedMfrc522(clock) for rd in BENCH.readers})
    spidev.refuse_no_cs = True
    with pytest.warns(RuntimeWarning, match="no-chip-select"), PiBackend(BENCH, clock=clock) as backend:
        assert "refused the no-chip-select mode" in backend.notes[0]
        assert backend.reader("draw").read() == frozenset()


def test_a_second_backend_on_the_same_pins_says_pin_in_use(emulated_pi):
    """gpiozero's GPIOPinInUse (the admin self-test opening a backend during a game) is a BackendError."""
    from hauntable.table.backends import BackendError, load_backend

    _chips, clock = emulated_pi
    with load_backend(BENCH, name="pi", clock=clock) as first:
        with pytest.raises(BackendError, match="pin in use"), pytest.warns(RuntimeWarning):
            load_backend(BENCH, name="pi", clock=clock)
        assert first.reader("draw").read() == frozenset()  # the first one still reads


def test_any_exception_while_a_backend_starts_is_a_backend_error(monkeypatch):
    """Whatever a driver library raises (not only OSError/RuntimeError) reaches the app as BackendError."""
    from hauntable.table import backends
    from hauntable.table.backends.mock import MockBackend

    class Strange(Exception):
        pass

    def boom(*_a, **_k):
        raise Strange("the library's own error class")

    monkeypatch.setattr(MockBackend, "__init__", boom)
    with pytest.warns(RuntimeWarning), pytest.raises(backends.BackendError, match="Strange"):
        backends.load_backend(BENCH, name="mock")


def test_the_selftest_pulses_the_reset_line_and_every_reader_initialises_again(emulated_pi):
    from gpiozero import Device

    from hauntable.table.backends.pi import PiBackend
    from hauntable.table.selftest import check

    chips, clock = emulated_pi
    with PiBackend(BENCH, clock=clock) as backend:
        backend.reader("draw").read()
        inits = {pin: chip.soft_resets for pin, chip in chips.items()}
        rows = list(check(backend, towers=False))
        reset = Device.pin_factory.pin(4)
    assert rows[0][:2] == ("reader reset", "spi0 NRSTPD GPIO4") and rows[0][3]
    assert [state for _, state in reset.states][-2:] == [False, True]  # low, then high again
    assert all(chip.soft_resets == inits[pin] + 1 for pin, chip in chips.items())  # each re-initialised
    assert [r[0] for r in rows if not r[3]] == []


def test_no_pin_factory_off_a_pi_is_a_sentence_not_a_class_name(monkeypatch):
    """What arm64-check saw off a Pi: gpiozero's BadPinFactory, now with what to do about it."""
    from gpiozero import Device
    from gpiozero.exc import BadPinFactory

    from hauntable.table.backends import BackendError
    from hauntable.table.backends.pi import PiBackend

    def refuse():
        raise BadPinFactory("Unable to load any default pin factory!")

    monkeypatch.setattr(Device, "pin_factory", None)
    monkeypatch.setattr(Device, "ensure_pin_factory", staticmethod(refuse))
    monkeypatch.setitem(sys.modules, "spidev", types.SimpleNamespace(SpiDev=object))
    with pytest.raises(BackendError, match=r"no GPIO pin factory .*install lgpio.*HAUNTABLE_BACKEND=mock"):
        PiBackend(BENCH)

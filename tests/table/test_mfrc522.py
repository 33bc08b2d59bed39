"""Our MFRC522 driver against the byte-level emulator: wake-up, cascade levels, timeouts, faults, buses."""

from __future__ import annotations

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from hauntable.table.clock import SimClock
from hauntable.table.mfrc522 import registers as r
from hauntable.table.mfrc522.bus import DecoderSelect, GpioSelect, SharedBus
from hauntable.table.mfrc522.driver import ChipTimeout, Collision, FrameError, Mfrc522, NoTag
from hauntable.table.mfrc522.emulator import (
    ACTIVE,
    HALT,
    IDLE,
    EmulatedMfrc522,
    EmulatedTag,
    FakeSpiDevice,
    emulated_reader,
)

NTAG = "04:A2:5B:1C:7F:80:00"


def reader(*tags, **kw):
    chip, spi = emulated_reader(*tags)
    driver = Mfrc522(spi, chip.clock, **kw)
    driver.init()
    return chip, spi, driver


def test_datasheet_numbers_the_emulator_and_driver_share():
    assert (r.COMMAND, r.COM_IRQ, r.FIFO_DATA, r.BIT_FRAMING, r.TX_CONTROL, r.VERSION) == (
        1,
        4,
        9,
        0x0D,
        0x14,
        0x37,
    )
    assert (r.CMD_TRANSCEIVE, r.CMD_SOFT_RESET, r.REQA, r.WUPA, r.HLTA) == (0x0C, 0x0F, 0x26, 0x52, 0x50)
    assert r.crc_a(bytes([r.HLTA, 0])) == bytes([0x57, 0xCD])  # the HLTA CRC printed in ISO 14443-3


def test_spi_address_bytes_follow_the_datasheet():
    chip, spi = emulated_reader()
    assert spi.xfer2([0x80 | (r.VERSION << 1), 0]) == [0, 0x92]  # read: MSB set, address in bits 6..1
    spi.xfer2([r.T_RELOAD_L << 1, 0x42])
    assert chip.regs[r.T_RELOAD_L] == 0x42


def test_version_of_a_genuine_chip_and_of_an_empty_socket():
    chip, _, driver = reader()
    assert driver.version() == 0x92
    chip.dead = True
    assert driver.version() == 0x00


def test_seven_byte_ntag_uid_is_read_whole_through_two_cascade_levels():
    chip, _, driver = reader(EmulatedTag.ntag(NTAG))
    assert r.format_uid(driver.poll()) == NTAG
    selects = [f for f in chip.frames if len(f) == 9]
    assert [f[0] for f in selects] == [0x93, 0x95]  # CL1 then CL2
    assert selects[0][2] == r.CASCADE_TAG


def test_four_and_ten_byte_uids():
    _, _, driver = reader(EmulatedTag.classic("DE:AD:BE:EF"))
    assert driver.poll() == bytes.fromhex("deadbeef")
    ten = bytes(range(1, 11))
    _, _, driver = reader(EmulatedTag(ten, bytes([0x84, 0]), 0x00))
    assert driver.poll() == ten


def test_reqa_ignores_a_halted_tag_and_wupa_wakes_it():
    tag = EmulatedTag.ntag(NTAG)
    _, _, driver = reader(tag, field="always")
    assert driver.read_uid() == r.parse_uid(NTAG)
    assert tag.state == HALT
    assert driver.read_uid(halted_too=False) is None  # REQA: the halted tag stays silent
    assert driver.read_uid(halted_too=True) == r.parse_uid(NTAG)  # WUPA: it answers


def test_no_tag_ends_on_the_chips_timer_within_a_few_ms():
    chip, _, driver = reader()
    start = chip.clock.now()
    with pytest.raises(NoTag):
        driver.wake()
    assert chip.clock.now() - start < 0.002
    assert driver.poll() is None


def test_a_half_millisecond_timer_still_reads_a_tag_because_reception_stops_it():
    """The timer starts after our frame and stops at the answer's fifth bit (~140 us in): 0.5 ms is
    enough, while a timer shorter than the tag's frame delay fires first and the tag looks absent."""
    _, _, driver = reader(EmulatedTag.ntag(NTAG))
    assert driver.timeout_ms == 0.5 and driver.poll().hex(":").upper() == NTAG
    _, _, hasty = reader(EmulatedTag.ntag(NTAG), timeout_ms=0.1)
    assert hasty.poll() is None


def test_a_prepared_reader_waits_only_for_what_is_left_of_the_settle_time():
    chip, _, driver = reader(EmulatedTag.ntag(NTAG))
    driver.poll()  # both measured polls start with the select's timer in TReloadReg
    driver.prepare()
    assert chip.field_on
    chip.clock.advance(0.0004)
    start = chip.clock.now()
    assert driver.poll().hex(":").upper() == NTAG
    prepared_cost = chip.clock.now() - start
    assert not chip.field_on  # per_read: off again after the read
    start = chip.clock.now()
    driver.poll()
    assert prepared_cost == pytest.approx(chip.clock.now() - start - 0.0004, abs=0.0001)


def test_a_chip_that_never_interrupts_hits_the_host_deadline():
    chip, _, driver = reader(EmulatedTag.ntag(NTAG), deadline_ms=10)
    chip.stuck = True
    start = chip.clock.now()
    with pytest.raises(ChipTimeout):
        driver.poll()
    assert 0.010 <= chip.clock.now() - start < 0.015


def test_two_tags_on_one_reader_are_both_read_by_walking_the_collision_bits():
    """ISO 14443-3 6.5.3: anticollision with the known bits, choose 1 at the colliding bit, select one,
    halt it, REQA for the rest; poll() (one tag expected) raises Collision naming the count."""
    other = "04:11:22:33:44:55:66"
    chip, _, driver = reader(EmulatedTag.ntag(NTAG), EmulatedTag.ntag(other))
    assert {uid.hex(":").upper() for uid in driver.poll_all()} == {NTAG, other}
    assert {uid.hex(":").upper() for uid in driver.poll_all()} == {NTAG, other}  # and again
    assert any(frame[:1] == bytes([0x93]) and 0x20 < frame[1] < 0x70 for frame in chip.frames)
    with pytest.raises(Collision, match="2 tags"):
        driver.poll()


@pytest.mark.parametrize(
    "uids",
    [
        ("04:A2:5B:1C:7F:80:00", "04:A2:5B:1C:7F:80:01"),  # same CL1: they part in CL2's last bit
        ("04:A2:5B:1C:7F:80:00", "DE:AD:BE:EF"),  # an NTAG and a Classic: even the ATQAs collide
        ("04:A2:5B:1C:7F:80:00", "04:11:22:33:44:55:66", "04:A2:5B:00:00:00:01"),
    ],
)
@pytest.mark.parametrize("field", ["per_read", "always"])
def test_stacked_tags_of_any_kind_are_told_apart(uids, field):
    tags = [EmulatedTag.ntag(u) if len(u) > 12 else EmulatedTag.classic(u) for u in uids]
    _, _, driver = reader(*tags, field=field)
    for _ in range(2):
        assert {uid.hex(":").upper() for uid in driver.poll_all()} == set(uids)


def test_a_single_tag_costs_no_extra_frames_for_stacking():
    chip, _, driver = reader(EmulatedTag.ntag(NTAG))
    driver.poll_all()
    assert [f[0] for f in chip.frames] == [r.WUPA, 0x93, 0x93, 0x95, 0x95]  # no HLTA, no REQA round


def test_a_half_coupled_tag_is_a_frame_error_not_a_uid():
    tag = EmulatedTag.ntag(NTAG)
    tag.partial = True
    _, _, driver = reader(tag)
    with pytest.raises(FrameError):
        driver.poll()


def test_per_read_field_leaves_every_tag_powered_off_between_reads():
    tag = EmulatedTag.ntag(NTAG)
    chip, _, driver = reader(tag)
    driver.poll()
    assert not chip.field_on and tag.state == IDLE


def test_field_cycling_recovers_a_tag_left_active_by_an_interrupted_select():
    tag = EmulatedTag.ntag(NTAG)
    _, _, driver = reader(tag, field="always")
    assert driver.poll() is not None
    driver.wake()
    driver.select()  # interrupted here: no HLTA, the tag stays ACTIVE and ignores WUPA
    assert tag.state == ACTIVE
    assert driver.read_uid() is None
    assert driver.poll() == r.parse_uid(NTAG)  # seen last time, silent now: cycle the field, read again


def test_removal_is_seen_even_though_tags_are_halted_after_each_read():
    tag = EmulatedTag.ntag(NTAG)
    chip, _, driver = reader(tag, field="always")
    assert [driver.poll() is not None for _ in range(3)] == [True, True, True]
    chip.lift(tag)
    assert driver.poll() is None


def test_soft_reset_returns_registers_to_reset_values():
    chip, _, driver = reader()
    driver.antenna(True)
    driver.init()
    assert not chip.field_on


class Line:
    def __init__(self, log, name):
        self.log, self.name = log, name

    def on(self):
        self.log.append((self.name, 1))

    def off(self):
        self.log.append((self.name, 0))


def test_decoder_select_raises_the_strobe_while_the_address_changes():
    log: list = []
    select = DecoderSelect([Line(log, f"A{i}") for i in range(3)], Line(log, "strobe"))
    log.clear()
    select.select(5)
    assert log == [("A0", 1), ("A1", 0), ("A2", 1), ("strobe", 0)]
    log.clear()
    select.select(4)  # not released: the strobe goes high before the address changes; only A0 changes
    assert log == [("strobe", 1), ("A0", 0), ("strobe", 0)]
    with pytest.raises(ValueError):
        select.select(8)


def test_decoder_select_writes_the_address_once_per_reader_visit():
    """Every transfer toggles the strobe (NSS high between register accesses); the address lines are
    written only when the bus moves to another reader (issue 21: 11 pin writes per transfer before)."""
    log: list = []
    select = DecoderSelect([Line(log, f"A{i}") for i in range(8)], Line(log, "strobe"))
    for address in (3, 3, 3, 7, 7):
        select.select(address)
        select.release()
    assert select.address_writes == 2
    writes = [name for name, _ in log[1:]]  # after the constructor's strobe high
    assert writes.count("strobe") == 10
    assert len(writes) - 10 == 8 + 1  # the first address in full, then the one line that differs (3 -> 7: A2)


class DecodedSpi:
    """One SPI bus, several emulated chips; the chip whose NSS the select pulls low answers."""

    def __init__(self, chips):
        self.chips = chips
        self.selected = None

    def xfer2(self, data):
        assert self.selected is not None, "transfer with no chip selected"
        return FakeSpiDevice(self.chips[self.selected]).xfer2(data)


def test_many_readers_on_one_bus_each_read_their_own_tag():
    clock = SimClock()
    chips = [EmulatedMfrc522(clock) for _ in range(4)]
    chips[2].place(EmulatedTag.ntag(NTAG))
    spi = DecodedSpi(chips)

    class Select(GpioSelect):
        def select(self, address):
            spi.selected = address

        def release(self):
            spi.selected = None

    bus = SharedBus(spi, Select([]))
    drivers = [Mfrc522(bus.port(i), clock) for i in range(4)]
    for d in drivers:
        d.init()
    assert [d.poll() for d in drivers] == [None, None, r.parse_uid(NTAG), None]
    assert spi.selected is None


@settings(max_examples=60, deadline=None)
@given(
    st.lists(
        st.sampled_from([4, 7]).flatmap(lambda n: st.binary(min_size=n, max_size=n)),
        min_size=1,
        max_size=4,
        unique=True,
    )
)
def test_any_one_to_four_stacked_tags_are_all_read_and_nothing_else(raw_uids):
    """Whatever bits the UIDs share, the collision walk ends with every tag on the antenna, once."""
    uids = [
        bytes([0x04]) + u[1:] if len(u) == 7 else bytes([0x08 if u[0] == 0x88 else u[0]]) + u[1:]
        for u in raw_uids
    ]
    assume(len(set(uids)) == len(uids))
    tags = [EmulatedTag.ntag(u) if len(u) == 7 else EmulatedTag.classic(u) for u in uids]
    _, _, driver = reader(*tags)
    assert sorted(driver.poll_all()) == sorted(uids)


def test_a_presence_check_wakes_without_selecting_and_leaves_the_tag_readable():
    chip, _, driver = reader(EmulatedTag.ntag(NTAG))
    assert driver.present() is True
    assert [f[0] for f in chip.frames] == [r.WUPA]  # no anticollision, no select
    assert driver.poll().hex(":").upper() == NTAG
    _, _, empty = reader()
    assert empty.present() is False

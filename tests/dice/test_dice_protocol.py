"""The line protocol: the shared vectors under CPython, an independent CRC oracle, round trips, and the
one-file rule (the host's protocol module is the firmware's file)."""

from __future__ import annotations

import binascii

import pytest
from dice_paths import FIRMWARE, ROOT, VECTORS, use_firmware
from hypothesis import given
from hypothesis import strategies as st

use_firmware()

import mp_vectors  # noqa: E402 - needs the firmware on the path first

from hauntable.table.dice_link import protocol  # noqa: E402

CASES = mp_vectors.cases(str(VECTORS))


@pytest.mark.parametrize("case", [fn for _n, fn in CASES], ids=[n for n, _f in CASES])
def test_vector(case):
    case(None)


def test_the_vector_file_covers_every_frame_kind_and_bad_reason():
    doc = mp_vectors.load(str(VECTORS))
    assert {c["kind"] for c in doc["encode"]} == set(protocol.KINDS)
    assert {c["reason"] for c in doc["decode_bad"]} == {
        "too_long",
        "not_ascii",
        "no_crc",
        "crc",
        "syntax",
        "unknown",
    }


def test_host_and_firmware_share_one_protocol_file():
    host = ROOT / "app" / "hauntable" / "table" / "dice_link" / "protocol.py"
    assert host.resolve() == (FIRMWARE / "protocol.py").resolve()


@given(st.binary(max_size=200))
def test_crc_matches_an_independent_implementation(data):
    assert protocol.crc16(data) == binascii.crc_hqx(data, 0xFFFF)


TOKEN = st.text(
    st.characters(min_codepoint=0x21, max_codepoint=0x7E, exclude_characters="*"), min_size=1, max_size=8
)


@given(
    st.sampled_from(protocol.KINDS),
    st.integers(0, 0xFFFF),
    st.text("0123456789abcdef", min_size=8, max_size=8),
    st.lists(TOKEN, max_size=5),
)
def test_encode_decode_round_trip(kind, seq, boot, args):
    line = protocol.encode(kind, seq, boot, *args)
    assert protocol.decode(line) == protocol.Frame(kind, seq, boot, args)


@given(st.binary(max_size=150))
def test_decode_never_raises_on_noise(data):
    for line in protocol.LineSplitter().feed(data + b"\n"):
        assert isinstance(protocol.decode(line), protocol.Frame | protocol.BadFrame)


@given(st.integers(0, 0xFFFF), st.integers(0, 30), st.integers(0, 255))
def test_any_single_byte_change_is_caught(seq, position, new_byte):
    line = protocol.roll(seq, "3f2a91c0", "betrayal", (2, 1, 0)).rstrip(b"\n")
    position %= len(line)
    if line[position] == new_byte or new_byte == ord("\n"):
        return
    damaged = line[:position] + bytes([new_byte]) + line[position + 1 :]
    assert isinstance(protocol.decode(damaged), protocol.BadFrame)

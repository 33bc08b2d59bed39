"""One contract for every backend: readers answer with a chip version and a set of UIDs, close() is
idempotent. Runs on the mock everywhere and on the Pi backend only on a Pi with SPI enabled."""

from __future__ import annotations

import os

import pytest
from tablekit import BENCH

from hauntable.table.backends import load_backend


@pytest.fixture(params=["mock", "pi"])
def backend(request):
    if request.param == "pi" and not os.path.exists("/dev/spidev0.0"):
        pytest.skip("the pi backend needs /dev/spidev0.0 (a Raspberry Pi with SPI enabled)")
    b = load_backend(BENCH, name=request.param)
    yield b
    b.close()


def test_every_reader_answers_with_a_known_version_and_a_set_of_uids(backend):
    for reader_id, reader in backend.readers().items():
        assert reader.version() in (0x91, 0x92, 0x88, 0x12, 0xB2), reader_id
        uids = reader.read()
        assert isinstance(uids, frozenset) and all(len(u.split(":")) in (4, 7, 10) for u in uids)


def test_close_is_idempotent(backend):
    backend.close()
    backend.close()
    assert backend.closed


def test_towers_report_a_result(backend):
    for tower in backend.layout.towers:
        ok, detail = backend.check_tower(tower)
        assert isinstance(ok, bool) and detail

"""Checking and repairing the log's write-ahead log (``table.sqlite3-wal``) before SQLite reads it.

After a crash the newest inputs may live only in the WAL. SQLite trusts a WAL frame only while the frame's
salts match the WAL header and its running checksum adds up; at the first frame that fails it silently
drops that frame *and every frame after it*, so one flipped bit rolls a game back by any number of inputs.
Here the frames of the WAL's current generation (salts equal to the header's, or a few bits off) are kept:
their salts and checksums are written back as SQLite expects, so every committed input is replayed, and a
damaged page then shows up where it can be judged (``PRAGMA quick_check``, the JSON of a row, the state
hash of the resume). Frames of an older generation (stale leftovers, salts wholly different) stay dropped.

The file format is SQLite's (https://www.sqlite.org/fileformat2.html#walformat): a 32-byte header, then
frames of a 24-byte header and one page, big-endian fields, checksums over 32-bit words in the byte order
the magic number names.
"""

from __future__ import annotations

import dataclasses
import os
import shutil
import struct

MAGICS = (0x377F0682, 0x377F0683)  # the low bit: checksum words are big-endian
VERSION = 3007000
HEADER = 32
FRAME_HEADER = 24
SALT_BITS_OFF = 4  # salts this many bits or fewer from the header's: a damaged frame of this generation


@dataclasses.dataclass(frozen=True)
class WalReport:
    """What the check found: ``frames`` of the current generation, ``bad`` of them SQLite would have
    refused (and dropped with all after them), ``header_bad`` when the header itself failed."""

    frames: int
    bad: int
    header_bad: bool
    committed: int  # frames up to the last commit frame
    lost: int = 0  # frames the wal-index (-shm) says the WAL held that are no longer in it
    pages: frozenset[int] = frozenset()  # the page numbers its committed frames hold

    @property
    def damaged(self) -> bool:
        return self.bad > 0 or self.header_bad


def _checksum(data: bytes, big: bool, s0: int = 0, s1: int = 0) -> tuple[int, int]:
    words = struct.unpack(f"{'>' if big else '<'}{len(data) // 4}I", data)
    mask = 0xFFFFFFFF
    for i in range(0, len(words), 2):
        s0 = (s0 + words[i] + s1) & mask
        s1 = (s1 + words[i + 1] + s0) & mask
    return s0, s1


def _bits(a: int, b: int) -> int:
    return (a ^ b).bit_count()


def _page_size(db_path: str, fallback: int) -> int:
    """The page size from the database header (offset 16; 1 means 65536), for a damaged WAL header."""
    try:
        with open(db_path, "rb") as f:
            head = f.read(18)
        value = struct.unpack(">H", head[16:18])[0]
        return 65536 if value == 1 else value
    except (OSError, struct.error):
        return fallback


def _plausible_page_size(size: int) -> bool:
    return 512 <= size <= 65536 and size & (size - 1) == 0


def _indexed_frames(shm_path: str, salt1: int, salt2: int) -> int:
    """How many valid frames the wal-index says the WAL of this generation holds (0 if unknown).

    The wal-index header (two equal 48-byte copies, host byte order) is written after every commit; it is
    not synced, so it is trusted only when both copies agree and name the WAL header's salts.
    """
    try:
        with open(shm_path, "rb") as f:
            head = f.read(96)
    except OSError:
        return 0
    if len(head) < 96 or head[:48] != head[48:96]:
        return 0
    version, _u, _change, init, _big, _page, max_frame = struct.unpack("=IIIBBHI", head[:20])
    salts = struct.unpack(">II", head[32:40])  # copied from the WAL header as bytes
    if version != VERSION or not init or salts != (salt1, salt2):
        return 0
    return max_frame


def check(wal_path: str, db_path: str, repair: bool = False) -> WalReport | None:
    """Check the WAL at ``wal_path`` (None when it is missing or empty); with ``repair``, rewrite the
    current generation's salts and checksums in place so SQLite replays all of its committed frames."""
    try:
        with open(wal_path, "rb") as f:
            data = bytearray(f.read())
    except FileNotFoundError:
        return None
    if len(data) < HEADER:
        return None
    magic, version, page_size, ckpt, salt1, salt2, c1, c2 = struct.unpack(">8I", data[:HEADER])
    header_bad = False
    if magic not in MAGICS:
        magic = min(MAGICS, key=lambda m: _bits(m, magic))
        header_bad = True
    big = bool(magic & 1)
    if not _plausible_page_size(page_size):
        page_size, header_bad = _page_size(db_path, 4096), True
    if (c1, c2) != _checksum(bytes(data[:24]), big) or version != VERSION:
        header_bad = True
    frame_size = FRAME_HEADER + page_size
    count = (len(data) - HEADER) // frame_size
    if header_bad and count:  # the first frame's salts are the best witness of the header's
        salt1, salt2 = struct.unpack(">II", data[HEADER + 8 : HEADER + 16])
    s0, s1 = _checksum(struct.pack(">6I", magic, VERSION, page_size, ckpt, salt1, salt2), big)
    header = struct.pack(">8I", magic, VERSION, page_size, ckpt, salt1, salt2, s0, s1)
    frames = bad = committed = 0
    last_commit = 0
    pages: list[int] = []
    for i in range(count):
        at = HEADER + i * frame_size
        pgno, commit, f1, f2, k1, k2 = struct.unpack(">6I", data[at : at + FRAME_HEADER])
        if _bits(f1, salt1) + _bits(f2, salt2) > SALT_BITS_OFF:
            break  # an older generation's frame: SQLite rightly ignores it and all after it
        stored_commit = commit
        if commit and commit < last_commit:  # an append-only log never shrinks: a damaged size field
            commit = last_commit
        page = bytes(data[at + FRAME_HEADER : at + frame_size])
        s0, s1 = _checksum(struct.pack(">II", pgno, commit) + page, big, s0, s1)
        if (f1, f2, k1, k2) != (salt1, salt2, s0, s1) or commit != stored_commit:
            bad += 1
        data[at : at + FRAME_HEADER] = struct.pack(">6I", pgno, commit, salt1, salt2, s0, s1)
        frames += 1
        pages.append(pgno)
        if commit:
            last_commit, committed = commit, frames
    expected = _indexed_frames(wal_path[: -len("-wal")] + "-shm", salt1, salt2)
    lost = max(0, expected - committed)
    report = WalReport(frames, bad, header_bad, committed, lost, frozenset(pages[:committed]))
    if repair and report.damaged:
        shutil.copyfile(wal_path, f"{wal_path}.before-repair")
        data[:HEADER] = header
        with open(wal_path, "r+b") as f:
            f.write(data[: HEADER + frames * frame_size])
            f.flush()
            os.fsync(f.fileno())
    return report

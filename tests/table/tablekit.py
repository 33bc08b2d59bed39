"""Helpers for the table tests: layouts, a mock table, a table-mode Betrayal session, a registry.

Not a conftest.py (two conftest modules under tests/ clash by name in pytest's prepend import mode);
test modules bind the fixtures they use with ``mock_table = tablekit.mock_table``.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from hauntable.gamelog import GameLog
from hauntable.games.betrayal import GameConfig
from hauntable.session import Session
from hauntable.table.backends import set_default_backend
from hauntable.table.backends.mock import MockBackend
from hauntable.table.layout import load_layout
from hauntable.table.referee import Referee
from hauntable.table.registry import TagRegistry
from hauntable.table.scanner import Scanner

HARDWARE = Path(__file__).resolve().parents[2] / "hardware"
REFERENCE = load_layout(HARDWARE / "reference.toml")
BENCH = load_layout(HARDWARE / "bench.toml")

KITCHEN = "04:A2:5B:1C:7F:80:01"
HALLWAY = "04:A2:5B:1C:7F:80:02"
DINING = "04:A2:5B:1C:7F:80:03"
CRYSTAL_BALL = "04:A2:5B:1C:7F:80:04"
ATTIC = "04:A2:5B:1C:7F:80:05"
AXE = "04:A2:5B:1C:7F:80:06"
STRANGER = "04:A2:00:00:00:00:99"


@pytest.fixture
def mock_table():
    """The reference table on the mock backend, installed as the default backend; reset in finally."""
    backend = MockBackend(REFERENCE)
    set_default_backend(backend)
    try:
        yield backend
    finally:
        set_default_backend(None)
        backend.close()


def make_registry() -> TagRegistry:
    """An in-memory registry with the tiles and cards the table tests use."""
    reg = TagRegistry(":memory:")
    for uid, kind, name in (
        (KITCHEN, "tile", "Kitchen"),
        (HALLWAY, "tile", "Creaky Hallway"),
        (DINING, "tile", "Dining Room"),
        (ATTIC, "tile", "Attic"),
        (CRYSTAL_BALL, "card", "Crystal Ball"),
        (AXE, "card", "Axe"),
    ):
        reg.enrol(uid, kind, name)
    return reg


@pytest.fixture
def registry():
    reg = make_registry()
    try:
        yield reg
    finally:
        reg.close()


def table_session(tmp_path: Path | None = None, **kw) -> Session:
    """A table-mode Betrayal game on the table7 board (Zoe starts in the Entrance Hall at ground 3,0)."""
    config = GameConfig.quick(
        "zoe", "ox", "vivian", today="11-05", rooms="table", cards="table", board="table7", **kw
    )
    if tmp_path is None:
        return Session.new("betrayal", config)
    return Session.new("betrayal", config, log=GameLog(tmp_path / "table.sqlite3"))


class RefereeTable:
    """A mock reference table wired to a session: backend -> scanner -> referee -> session. ``lay`` and
    ``lift`` move a tag and scan for ``seconds`` of simulated time; they return every verdict."""

    def __init__(self, session: Session, registry: TagRegistry):
        self.backend = MockBackend(REFERENCE)
        self.session = session
        self.scanner = Scanner(self.backend.readers(), self.backend.clock)
        self.referee = Referee(session, REFERENCE, registry, scanner=self.scanner)
        self.verdicts: list = []
        self.scanner.on_event = lambda e: self.verdicts.append(self.referee.observe(e))

    def lay(self, uid: str, reader: str, seconds: float = 0.06) -> list:
        self.backend.reader(reader).place(uid)
        return self.run(seconds)

    def lift(self, uid: str, reader: str, seconds: float = 0.06) -> list:
        self.backend.reader(reader).lift(uid)
        return self.run(seconds)

    def run(self, seconds: float) -> list:
        self.verdicts.clear()
        self.scanner.run_for(seconds)
        return list(self.verdicts)

    @property
    def awaiting(self):
        return self.session.step.awaiting

"""Python's cyclic collector, run where the table can afford it (issue 18: RSS after a long game).

The engine's states are freed by reference counting, but Kivy's widgets and canvas instructions refer to
their parents, so what a screen drops (the prompt bar's buttons every step, their label textures) waits
for the cyclic collector. In a steady game as many objects are freed as made, so Python's allocation
counter hardly moves and a full collection can wait for an hour, the dead widgets' native memory held
meanwhile. So the table collects once per ``EVERY`` logged inputs and when a game follows another, on
the main loop a little after the redraw that showed the input (not in the frame a tile's latency is
measured to). The table's process (``freeze_next``) then freezes everything alive after its first
collection (modules, content, kv rules, the screens) out of the collector's walk: a full collection then
costs ~20 ms of CPU here instead of ~80. After it,
glibc's ``malloc_trim`` hands the heap's free pages back to the system (~8 MB after a long game: freed
blocks inside the heap otherwise stay resident, the heap only shrinks from its top).
"""

from __future__ import annotations

import ctypes
import gc
from typing import Any

EVERY = 100  # logged inputs between two full collections
_malloc_trim: Any
try:
    _malloc_trim = ctypes.CDLL(None).malloc_trim  # glibc's (Raspberry Pi OS, Debian)
except (OSError, AttributeError):  # another C library: the free pages stay with the process
    _malloc_trim = None


class Collector:
    """Says when a collection is due (``due``: a new game, or ``EVERY`` inputs on) and makes it."""

    def __init__(self) -> None:
        self.channel: Any = None
        self.at = 0  # the channel's sequence number at the last collection
        self.freeze_next = False  # the table's own process: freeze what is alive after the next collection

    def due(self, channel: Any) -> bool:
        """After a redraw: True (and counted from here) if ``channel`` follows another game or ``EVERY``
        inputs went by since the last collection (the first game of the process only starts the count)."""
        seq = channel.seq if channel is not None else 0
        if channel is self.channel and seq - self.at < EVERY:
            return False
        first = self.channel is None
        self.channel, self.at = channel, seq
        return not first

    def collect(self, *_args) -> None:
        gc.collect()
        if self.freeze_next:
            self.freeze_next = False
            gc.freeze()
        if _malloc_trim is not None:
            _malloc_trim(0)

"""The mock backend: simulated readers with hands, gpiozero's MockFactory under buttons and LEDs.

Hands, in the manner of gpiozero's ``MockPin.drive_high``::

    backend = MockBackend(load_layout("hardware/bench.toml"))
    cell = backend.reader("ground:4,0")
    cell.place("04:A2:5B:1C:7F:80:00")            # now
    cell.lift("04:A2:5B:1C:7F:80:00", at=0.250)   # at 250 ms on the simulated clock
    cell.flicker("04:A2:5B:1C:7F:80:00", times=3) # half on the antenna: seen, missed, seen, ...
    backend.press("admin"); backend.release("admin")

Timing model: every read costs simulated time on the backend's :class:`SimClock`, ``empty_read_ms`` with
no tag and ``tag_read_ms`` with one (a whole 7-byte select), times ``slow_factor`` for readers listed in
``[mock] slow``; a reader in ``[mock] dead`` costs the driver's host deadline and raises ReaderFault.
Both include ``settle_ms`` of field-on time, which a reader :meth:`~MockRfidReader.prepare`-d earlier
has (partly) spent already, as with the driver. The numbers come from our driver on the byte-level
emulator (tests/table/test_timing_model.py).
"""

from __future__ import annotations

import bisect
import itertools
import threading
from typing import TYPE_CHECKING, Any

from hauntable.table.backends.base import Backend, ReaderFault
from hauntable.table.clock import Clock, SimClock
from hauntable.table.mfrc522.registers import normal_uid

if TYPE_CHECKING:
    from hauntable.table.layout import Layout, ReaderSpec, TowerSpec

DEAD_READ_MS = 15.0  # the driver's host-side deadline: what a dead reader costs per read


class MockRfidReader:
    """A simulated reader with hands. Actions with ``at=`` are scheduled on the simulated clock and take
    effect for reads that start at or after that time."""

    def __init__(
        self,
        spec: ReaderSpec,
        clock: Clock,
        empty_s: float = 0.0025,
        tag_s: float = 0.008,
        slow_factor: float = 1.0,
        dead: bool = False,
        settle_s: float = 0.001,
        stacked_s: float = 0.012,
    ):
        self.spec = spec
        self.clock = clock
        self.empty_s, self.tag_s, self.slow_factor = empty_s, tag_s, slow_factor
        self.settle_s = settle_s
        self.stacked_s = stacked_s  # each tag beyond the first: a collision walk, HLTA, REQA, select
        self.prepared_at: float | None = None  # field switched on early (prepare), not yet read
        self._warm = 0.0
        self.dead = dead
        self.reads = 0
        self.closed = False
        self._tags: set[str] = set()
        self._schedule: list[tuple[float, int, str, str]] = []  # (at, order, "place"|"lift", uid)
        self._order = itertools.count()
        self._flicker: dict[str, int] = {}  # uid -> reads left in which it alternates
        self._lock = threading.RLock()  # hands on the test's thread, reads on a scanner thread

    # --- hands -----------------------------------------------------------------------------------------

    def place(self, uid: str | bytes, at: float | None = None) -> None:
        self._act("place", uid, at)

    def lift(self, uid: str | bytes, at: float | None = None) -> None:
        self._act("lift", uid, at)

    def flicker(self, uid: str | bytes, times: int = 3) -> None:
        """The tag is half on the antenna for the next ``2 * times`` reads: seen every other read, then
        back to where it was. With the scanner's defaults this makes no event at all."""
        self._flicker[normal_uid(uid)] = 2 * times

    def clear(self) -> None:
        self._tags.clear()
        self._schedule.clear()
        self._flicker.clear()

    def _act(self, action: str, uid: str | bytes, at: float | None) -> None:
        item = (self.clock.now() if at is None else at, next(self._order), action, normal_uid(uid))
        with self._lock:
            bisect.insort(self._schedule, item)
            self._apply_due()

    def _apply_due(self) -> None:
        now = self.clock.now()
        with self._lock:
            while self._schedule and self._schedule[0][0] <= now:
                _, _, action, uid = self._schedule.pop(0)
                (self._tags.add if action == "place" else self._tags.discard)(uid)

    @property
    def tags(self) -> frozenset[str]:
        """What is physically on the antenna now (not what the scanner has concluded)."""
        self._apply_due()
        return frozenset(self._tags)

    # --- RfidReader ------------------------------------------------------------------------------------

    def prepare(self) -> None:
        """Switch the field on early, as the driver's ``prepare``: the next read skips what has passed of
        the settle time."""
        if self.prepared_at is None:
            self.prepared_at = self.clock.now()

    def read(self) -> frozenset[str]:
        seen = self._sense()
        cost = self.tag_s + (len(seen) - 1) * self.stacked_s if seen else self.empty_s
        self._spend(cost)
        return seen

    def is_present(self) -> bool:
        """The driver's cheap presence check (WUPA only): does any tag answer? Costs about an empty read."""
        seen = self._sense()
        self._spend(self.empty_s)
        return bool(seen)

    def _sense(self) -> frozenset[str]:
        """What this read sees (flickers included); raises ReaderFault for a dead or closed reader."""
        if self.closed:
            raise ReaderFault(f"reader {self.spec.id} is closed")
        self._apply_due()
        self.reads += 1
        self._warm = (
            0.0 if self.prepared_at is None else min(self.settle_s, self.clock.now() - self.prepared_at)
        )
        self.prepared_at = None
        if self.dead:
            self.clock.sleep(DEAD_READ_MS / 1000)
            raise ReaderFault(f"reader {self.spec.id} ({self.spec.wiring}): no interrupt from the chip")
        with self._lock:
            seen = set(self._tags)
        for uid, left in list(self._flicker.items()):
            if left <= 0:
                del self._flicker[uid]
                continue
            self._flicker[uid] = left - 1
            if left % 2 == 0:  # the first, third, ... flicker read sees the opposite of the truth
                seen.symmetric_difference_update({uid})
        return frozenset(seen)

    def _spend(self, cost: float) -> None:
        self.clock.sleep(cost * self.slow_factor - self._warm)

    def version(self) -> int:
        return 0x00 if self.dead else 0x92

    def close(self) -> None:
        self.closed = True

    def __repr__(self) -> str:
        state = "dead" if self.dead else ", ".join(sorted(self.tags)) or "empty"
        return f"<MockRfidReader {self.spec.id} ({self.spec.wiring}): {state}>"


class MockBackend(Backend):
    """Simulated table for a layout. ``clock`` defaults to a fresh SimClock (reads cost no real time);
    with a :class:`~hauntable.table.clock.MonotonicClock` reads take their modelled time for real, so a
    scanner thread runs at a real table's pace (:mod:`hauntable.table.live`)."""

    name = "mock"

    def __init__(self, layout: Layout, clock: Clock | None = None, pin_factory: Any = None):
        super().__init__(layout, clock or SimClock())
        mock = layout.mock
        self.empty_s = float(mock.get("empty_read_ms", 2.2)) / 1000
        self.tag_s = float(mock.get("tag_read_ms", 8.2)) / 1000
        self.settle_s = float(mock.get("settle_ms", 1.0)) / 1000
        self.stacked_s = float(mock.get("stacked_read_ms", 12.0)) / 1000
        self.slow_factor = float(mock.get("slow_factor", 4.0))
        self.dead_readers = set(mock.get("dead", ()))
        self.slow_readers = set(mock.get("slow", ()))
        self.dead_towers = set(mock.get("dead_towers", ()))
        self._pin_factory = pin_factory
        self._pins: dict[str, int] = {p.name: p.pin for p in (*layout.buttons, *layout.leds)}

    def reader(self, reader_id: str) -> MockRfidReader:
        """The simulated reader with this layout id: the hands (place, lift, flicker) of the simulator."""
        made = super().reader(reader_id)
        assert isinstance(made, MockRfidReader)  # every reader of this backend is made below
        return made

    def _make_reader(self, spec: ReaderSpec) -> MockRfidReader:
        return MockRfidReader(
            spec,
            self.clock,
            self.empty_s,
            self.tag_s,
            self.slow_factor if spec.id in self.slow_readers else 1.0,
            spec.id in self.dead_readers,
            self.settle_s,
            self.stacked_s,
        )

    # --- pins ------------------------------------------------------------------------------------------

    @property
    def pin_factory(self) -> Any:
        """gpiozero's own MockFactory (imported on first use, so the readers need no gpiozero)."""
        if self._pin_factory is None:
            from gpiozero.pins.mock import MockFactory

            self._pin_factory = MockFactory()
        return self._pin_factory

    def make_button(self, pin: int, **kwargs: Any) -> Any:
        from gpiozero import Button

        return Button(pin, pin_factory=self.pin_factory, **kwargs)

    def make_led(self, pin: int, **kwargs: Any) -> Any:
        from gpiozero import LED

        return LED(pin, pin_factory=self.pin_factory, **kwargs)

    def _pin(self, name_or_pin: str | int) -> Any:
        pin = self._pins[name_or_pin] if isinstance(name_or_pin, str) else name_or_pin
        return self.pin_factory.pin(pin)

    def press(self, button: str | int) -> None:
        """Press a button (by layout name or pin): drives its pin low, as a button to ground does."""
        self._pin(button).drive_low()

    def release(self, button: str | int) -> None:
        self._pin(button).drive_high()

    def led_state(self, led: str | int) -> bool:
        return bool(self._pin(led).state)

    # --- towers ----------------------------------------------------------------------------------------

    def check_tower(self, spec: TowerSpec) -> tuple[bool, str]:
        if spec.id in self.dead_towers:
            return False, "no HELLO reply (mock fault)"
        return True, "HELLO ok (mock)"

    def close(self) -> None:
        if self.closed:
            return
        super().close()
        if self._pin_factory is not None:
            self._pin_factory.reset()

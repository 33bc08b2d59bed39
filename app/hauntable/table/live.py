"""The live table for one session: the backend's readers scanned in a thread, the referee, the LEDs.

What the app runs on a real table (the simulator panel plays the same referee synchronously on the mock
instead): the scanner thread reads the readers at their own pace and the referee turns what it concludes
into inputs, submitted through the game's channel like a tap. ``post`` carries each reading to the thread
that owns the session (a Kivy app passes ``lambda fn: Clock.schedule_once(lambda _dt: fn())``) through a
:class:`~hauntable.table.handoff.Handoff`, so the session, its SQLite log and the touch inputs stay on
one thread; without ``post`` the referee runs on the scanner thread (a session without a log, tests, the
CLI). ``on_step`` / ``on_message`` (and Geisterstunde's ``on_private``, the ghost's plan checks) are
called where the referee runs. The referee is the session's game's: Betrayal's :class:`Referee` or the
:class:`GeisterstundeReferee` (the castle on the ground-floor grid, the plan slots, the key slot). The
dice link hands rolls to :meth:`LiveTable.on_roll`, which waits for the session's thread to answer.

    backend = load_backend(load_layout())                     # pi on the table, per the layout
    with LiveTable(channel, backend, TagRegistry(db_path()), post=post, on_step=redraw) as table:
        ...                                                   # the scanner runs until close()

On a PC the mock backend with a :class:`~hauntable.table.clock.MonotonicClock` runs at a real table's pace
(reads take their modelled time), which is how this module is tested.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from hauntable.engine.game import Step
from hauntable.session import Session
from hauntable.table.backends.base import Backend
from hauntable.table.channel import Channel
from hauntable.table.geisterstunde_referee import GeisterstundeReferee
from hauntable.table.handoff import Handoff
from hauntable.table.lights import Lights
from hauntable.table.referee import Referee
from hauntable.table.registry import TagRegistry
from hauntable.table.scanner import ScanEvent, Scanner


class LiveTable:
    """Backend + scanner thread + referee (+ LEDs) for one session. Starts scanning on construction
    unless ``start=False``; :meth:`close` stops the thread and puts the LEDs out (the backend stays the
    caller's)."""

    ROLL_WAIT = 5.0  # s: how long the tower's thread waits for the session's thread to judge a roll

    def __init__(
        self,
        door: Channel | Session,
        backend: Backend,
        registry: TagRegistry,
        *,
        on_step: Callable[[Step], None] | None = None,
        on_message: Callable[[str], None] | None = None,
        lights: bool = True,
        start: bool = True,
        post: Callable[[Callable[[], None]], None] | None = None,
        on_private: Callable[[int, str], None] | None = None,
    ):
        self.backend = backend
        self.handoff = Handoff(post, self.ROLL_WAIT, name="live table")
        self.scanner = Scanner(backend.readers(), backend.clock, on_event=self._seen)
        self.lights = Lights.from_backend(backend) if lights and backend.layout.leds else None
        session = door.session if isinstance(door, Channel) else door
        self.referee: Referee | GeisterstundeReferee
        shared: dict[str, Any] = dict(scanner=self.scanner, on_message=on_message, on_step=on_step)
        layout = backend.layout
        if session.game.name == "geisterstunde":  # the castle on the ground grid, the plan and key slots
            self.referee = GeisterstundeReferee(door, layout, registry, on_private=on_private, **shared)
        else:
            self.referee = Referee(door, layout, registry, lights=self.lights, **shared)
        if start:
            self.scanner.start()

    def _seen(self, event: ScanEvent) -> None:
        self.backend.dispatch(event)  # RfidCell / CardSlot devices first, then the game
        self.handoff.send(lambda: self._observe(event))

    def _observe(self, event: ScanEvent) -> None:
        self.referee.observe(event)  # its Verdict is told through on_message, not kept

    def on_roll(self, faces: Sequence[int], source: str) -> bool:
        """A tower's roll (a :data:`~hauntable.table.dice_link.rolls.RollConsumer`, on the link's I/O
        thread); True when the game took it. Unanswered by the session's thread within ``ROLL_WAIT`` it
        says False (not acknowledged), and the tower resends the roll later under the same number."""
        referee = self.referee
        if not isinstance(referee, Referee):
            return False  # Geisterstunde rolls no dice
        return self.handoff.ask(lambda: referee.on_roll(faces, source), False)

    @property
    def paused(self) -> bool:
        return self.referee.paused

    def close(self) -> None:
        """Stop the scanner thread and put the LEDs out; readings posted meanwhile are dropped. Idempotent."""
        self.handoff.close()
        self.scanner.stop()
        if self.lights is not None:
            self.lights.close()
            self.lights = None

    def __enter__(self) -> LiveTable:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

"""What both table referees (Betrayal's ``referee.py``, Geisterstunde's ``geisterstunde_referee.py``)
share: the :class:`Verdict` they answer every observation with, and :class:`TableReferee`, their plumbing.

A referee submits what the readers mean through the session's :class:`~hauntable.table.channel.Channel`
(``offer``), the same door a tap goes through, so the channel is the game's one writer. The referee
listens to that channel and re-aims its scanner (and LEDs) after every accepted input, its own or a tap's:
one :meth:`TableReferee.refresh` per step. One lock serialises the scanner's observations, the tower's
rolls and the taps' checks, so the session sees one input at a time.
"""

from __future__ import annotations

import dataclasses
import logging
import threading
from collections.abc import Callable, Sequence
from typing import Any

from hauntable.engine.game import Step
from hauntable.engine.inputs import Input
from hauntable.engine.rejections import Rejection
from hauntable.session import Session
from hauntable.table.channel import Channel
from hauntable.table.layout import Layout, ReaderSpec
from hauntable.table.registry import TagRegistry
from hauntable.table.scanner import ScanEvent, Scanner

log = logging.getLogger(__name__)

DRAW_PAD = "draw"


@dataclasses.dataclass(frozen=True)
class Verdict:
    """What came of one observation. ``accepted``: the game moved on; ``message``: tell the players.

    ``seat``: the message is for that player alone (the Geisterstunde ghost's plan), not the table.
    """

    accepted: bool
    message: str | None = None
    step: Step | None = None
    rejection: Rejection | None = None
    seat: int | None = None
    good_news: bool = False  # a message that refuses nothing ("The Kitchen is back"): no flash
    # the message's kind and its names and numbers, for a screen to word it in its language
    # (``referee.<code>``); ``message`` stays the English sentence (the CLI, the log)
    code: str = ""
    params: tuple[tuple[str, Any], ...] = ()

    @property
    def refused(self) -> bool:
        """Something the players did was refused (or must be undone): the LEDs flash."""
        return not self.accepted and bool(self.message) and not self.good_news


IGNORED = Verdict(False)


class TableReferee:
    """Maps observations to engine inputs for one game at one table; the game-specific part is
    :meth:`_observed`, :meth:`expected_readers` and the wording of an accepted step.

    ``door``: the game's channel (a bare session gets a channel of its own: the CLI, tests).
    ``on_message`` receives every message (the UI shows it; the CLI prints it); ``on_step`` every step
    the referee's own inputs made, in order. ``scanner``, if given, is told which readers to read first.
    """

    CODE_PREFIX = ""  # before each Verdict.code: the UI catalog's section is ``referee.`` + prefix + code

    def __init__(
        self,
        door: Channel | Session,
        layout: Layout,
        registry: TagRegistry,
        *,
        scanner: Scanner | None = None,
        on_message: Callable[[str], None] | None = None,
        on_step: Callable[[Step], None] | None = None,
    ):
        self.channel = door if isinstance(door, Channel) else Channel(door, source="table")
        self.session = self.channel.session
        self.layout = layout
        self.registry = registry
        self.scanner = scanner
        self.on_message = on_message
        self.on_step = on_step  # every step the referee made, in order (a move and its placement: two)
        self.messages: list[str] = []
        self.told: list[Verdict] = []  # the verdicts behind ``messages``, with their codes
        self._lock = threading.RLock()
        self.channel.bind(on_step=lambda _step: self.refresh())  # whoever moved the game on

    def refresh(self) -> None:
        """Re-read what the game awaits and tell the scanner which readers to read first."""
        with self._lock:
            if self.scanner is not None:
                self.scanner.expect(self.expected_readers())

    def expected_readers(self) -> list[str]:
        return []

    def _readers_at(self, cells: list[tuple[str, int, int]], slots: Sequence[str] = ()) -> list[str]:
        """The readers under ``cells`` and ``slots`` the layout has, in order, once each."""
        out = [spec.id for cell in cells if (spec := self.layout.cell_reader(*cell)) is not None]
        out += [spec.id for slot in slots if (spec := self.layout.slot_reader(slot)) is not None]
        return list(dict.fromkeys(out))

    # --- observations ----------------------------------------------------------------------------------

    def observe(self, event: ScanEvent) -> Verdict:
        """Handle one scanner event. Never raises for anything a player can do at the table."""
        with self._lock:
            try:
                spec = self.layout.reader(event.reader)
            except KeyError:
                log.warning("event from a reader not in the layout: %s", event.reader)
                return IGNORED
            if event.kind == "failed":
                text = f"Reader {spec.place} is not answering ({event.detail})"
                silent = self._said(False, text, "reader_silent", place=spec.place, detail=event.detail)
                return self._tell(silent)
            return self._observed(spec, event)

    def _observed(self, spec: ReaderSpec, event: ScanEvent) -> Verdict:
        return IGNORED

    # --- submitting and telling ------------------------------------------------------------------------

    def _offer(self, inp: Input, source: str | None = None) -> Step:
        """Through the channel; raises the engine's Rejection."""
        step = self.channel.offer(inp, source=source or getattr(inp, "source", None) or "table")
        if self.on_step is not None:
            self.on_step(step)
        return step

    def _submit(self, inp: Input, source: str | None = None) -> Verdict:
        try:
            step = self._offer(inp, source)
        except Rejection as exc:
            return self._refused(inp, exc)
        return self._tell(Verdict(True, self._accepted_text(step), step))

    def _refused(self, _inp: Input, exc: Rejection) -> Verdict:
        return self._tell(Verdict(False, exc.sentence, rejection=exc))

    def _accepted_text(self, step: Step) -> str | None:
        """What the table is told when its input was taken: the next prompt."""
        return step.awaiting.text if step.awaiting is not None else None

    def _said(
        self, accepted: bool, text: str | None, code: str, good_news: bool = False, **params
    ) -> Verdict:
        """A verdict with its English ``text`` and its ``code`` and names for the screen's language."""
        return Verdict(
            accepted, text, good_news=good_news, code=self.CODE_PREFIX + code, params=tuple(params.items())
        )

    def _tell(self, verdict: Verdict) -> Verdict:
        if verdict.message:
            self.messages.append(verdict.message)
            self.told.append(verdict)
            if self.on_message is not None:
                self.on_message(verdict.message)
        return verdict

"""The table's dice tower in the app: rolls from the tower's I/O thread reach the one channel on Kivy's
main thread, and the tower is ACKed only after the game took (or refused) the roll.

The tower is opened when the first game is attached (started or resumed), not at start-up: a roll the
tower still holds from before a crash is then delivered to the resumed game that awaits it. Rolls the log
already holds (the Pi crashed after applying a roll and before acknowledging it) are passed as
``delivered=delivered_in(...)``, so the tower's resend is dropped, not applied twice. Without a configured
tower nothing here runs and the virtual dice and the manual pad are used as before.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterable, Mapping
from pathlib import Path

from hauntable.table.dice_link.identity import TowerAmbiguous, find_port
from hauntable.table.dice_link.link import LinkState, TowerFault
from hauntable.table.dice_link.rolls import RollConsumer
from hauntable.table.dice_link.tower import DiceTower
from hauntable.table.handoff import Handoff
from hauntable.table.layout import Layout
from hauntable.ui.i18n import tr

log = logging.getLogger(__name__)

TOWER_ENV = "HAUNTABLE_TOWER"
ANSWER_TIMEOUT = 5.0  # s the I/O thread waits for the main loop to take a roll before refusing it


def configured_port(layout: Layout | None, backend: str, env: Mapping[str, str]) -> str | None:
    """The serial port of the table's dice tower, or None for virtual dice.

    ``$HAUNTABLE_TOWER`` wins. Otherwise the layout's first ``[[tower]]``: its ``port``, or on the pi
    backend the board whose USB id is its ``usb`` and whose serial number is its ``serial``. On the mock
    backend a layout's tower is mocked, so no real port is opened unless one is named explicitly.
    """
    if env.get(TOWER_ENV):
        return env[TOWER_ENV]
    if layout is None or not layout.towers or backend == "mock":
        return None
    try:
        return find_port(layout.towers[0])
    except TowerAmbiguous as exc:  # two Picos and no serial in the layout: virtual dice, said out loud
        log.error("%s", exc)
        return None


class AppTower:
    """A :class:`DiceTower` whose rolls are taken by ``take(faces, source) -> taken`` on the main loop.

    ``post(fn)`` runs ``fn`` on the main loop (``Clock.schedule_once`` in the app); ``on_state(state)`` is
    posted there too, for the dice pad's status line.
    """

    def __init__(
        self,
        port: str,
        take: RollConsumer,
        post: Callable[[Callable[[], None]], None],
        on_state: Callable[[LinkState], None],
        delivered: Iterable[tuple[str, int]] = (),
        raw_log: str | Path | None = None,
        on_fault: Callable[[TowerFault], None] | None = None,
    ):
        self.port = port
        self._take = take
        self.handoff = Handoff(post, ANSWER_TIMEOUT, name=f"dice tower {port}")
        self.tower = DiceTower(port, self._on_roll, delivered=delivered, raw_log=raw_log)
        self.tower.when_state_changed = lambda state: self.handoff.send(lambda: on_state(state))

        def fault(fault: TowerFault) -> None:
            log.warning("dice tower %s: %s", port, fault.sentence)
            if on_fault is not None:
                self.handoff.send(lambda: on_fault(fault))

        self.tower.when_fault = fault
        self.handoff.send(lambda: on_state(self.tower.state))

    @property
    def state(self) -> LinkState:
        return self.tower.state

    @property
    def source(self) -> str:
        return self.tower.source

    def _on_roll(self, faces: tuple[int, ...], source: str) -> bool:
        """On the tower's I/O thread: hand the roll to the main loop and wait for its answer (refused,
        and never applied, if the main loop does not answer within ANSWER_TIMEOUT)."""
        return self.handoff.ask(lambda: bool(self._take(faces, source)), False)

    def close(self) -> None:
        self.handoff.close()
        self.tower.close()


# Faults the players can act on get a sentence of their own in the table's language; the rest (wiring,
# firmware) are the operator's and read in English from the link (FAULT_SENTENCES).
PLAYER_FAULTS = ("rethrow", "clear", "kind", "overflow", "stale", "jam", "uncalibrated")


def fault_text(fault: TowerFault) -> str:
    """What the dice pad says about a tower fault: "Throw again the die at the front right: ..."."""
    if fault.code == "rethrow":
        places = [tr(f"tower.place.{p}") for p in fault.again if p.count("-") == 1] or [
            tr("tower.place.some")
        ]
        return tr("tower.rethrow", where=tr("tower.and").join(places))
    if fault.code in PLAYER_FAULTS:
        return tr(f"tower.fault.{fault.code}")
    return fault.sentence


def count_text(asked: int, seen: int) -> str:
    """The tray holds another number of dice than the game asked for."""
    return tr("tower.count", n=asked, seen=seen)

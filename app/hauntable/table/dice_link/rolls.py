"""What a dice device hands out, and the consumer interface every dice device calls.

A consumer stands in for the table referee: ``on_roll(faces, source) -> taken`` is called once per roll,
and returns True when the game took the roll, False when it refused it (a roll nobody asked for). Only
after it returns does the tower get its ACK, so a roll cannot be lost between the wire and the game.

Warning: the consumer is called on the device's I/O thread. A referee that owns a Session on another
thread must hand the roll over and wait for the answer (or lock), not return early.
"""

from __future__ import annotations

import dataclasses
import logging
import re
from collections.abc import Callable, Iterable
from typing import Any

from hauntable.engine.rejections import Rejection

log = logging.getLogger(__name__)


RollConsumer = Callable[[tuple[int, ...], str], bool]


@dataclasses.dataclass(frozen=True)
class DiceRoll:
    """A roll as a device delivered it: the faces, where they came from, and whether the game took it."""

    faces: tuple[int, ...]
    source: str
    taken: bool


def submit_to(session, make_input: Callable[[tuple[int, ...], str], object] | None = None) -> RollConsumer:
    """A consumer that submits each roll to ``session`` (a :class:`hauntable.session.Session`).

    ``make_input`` builds the game's input; by default the game's registry parses
    ``roll 2,1,0 source=...``, which every game with dice understands. A Rejection (NotAwaited: nobody
    asked for a roll; IllegalAction: wrong number of dice) means refused: the tower is still ACKed, so a
    refused roll is not resent forever, and the sentence is logged for the screen.
    """

    def build(faces: tuple[int, ...], source: str) -> object:
        if make_input is not None:
            return make_input(faces, source)
        return session.game.inputs.parse(f"roll {','.join(str(f) for f in faces)} source={source}")

    def on_roll(faces: tuple[int, ...], source: str) -> bool:
        inp = build(faces, source)
        try:
            session.submit(inp, source=source)
        except Rejection as exc:
            log.info("roll %s from %s refused (%s): %s", faces, source, exc.code, exc.sentence)
            return False
        return True

    return on_roll


_TOWER_SOURCE = re.compile(r"^tower:[^#\s]+#([0-9A-Fa-f]+)\.(\d+)$")


def delivered_in(payloads: Iterable[dict[str, Any]]) -> list[tuple[str, int]]:
    """(boot, seq) of every tower roll among logged input payloads (``GameLog.inputs(...)[i].payload``).

    After the Pi restarts, a tower still holding a roll the game already took resends it; pass these as
    ``DiceTower(port, on_roll, delivered=delivered_in(...))`` so it is acknowledged, not applied twice.
    Rolls the game refused are not in the log, and refusing their resend again is harmless.
    """
    out = []
    for payload in payloads:
        if payload.get("kind") == "roll":
            match = _TOWER_SOURCE.match(str(payload.get("source", "")))
            if match:
                out.append((match.group(1), int(match.group(2))))
    return out

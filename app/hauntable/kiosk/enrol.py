"""Tag enrolment by touch: the admin screen's desk behind ``hauntable enroll``'s own pieces.

The operator picks a piece (a room tile, a card, a figure) from the content lists, lays its tag on the
enrol pad, and the tag is recorded in the same registry the CLI writes (``table.sqlite3`` in the data
directory, :class:`~hauntable.table.registry.TagRegistry`), with the same piece lists and copy counts
(:func:`hauntable.table.enrolment.pieces`) and the same settled-read rule (:class:`PadWatch`). No Kivy
here: the screen calls :meth:`EnrolDesk.poll` from its clock and shows what each call said.

Every answer is a :class:`Said`: an i18n key and its parameters, so the screen words it in the table's
language; ``done`` says the desk stopped watching the pad.

>>> from hauntable.table.layout import reference_layout_path
>>> desk = EnrolDesk(":memory:", reference_layout_path(), "mock")
>>> desk.pick("betrayal", "tile", "Kitchen").key
'enrol.lay'
>>> desk.sim_lay_new_tag()
'04:E1:00:00:00:00:01'
>>> [desk.poll() for _ in range(2)][-1].key
'enrol.saved'
>>> desk.registry.lookup("04:E1:00:00:00:00:01")
Tag(uid='04:E1:00:00:00:00:01', kind='tile', name='Kitchen')
>>> desk.close()
"""

from __future__ import annotations

import dataclasses
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from hauntable.engine.rejections import HauntableError
from hauntable.table.backends import load_backend
from hauntable.table.backends.base import ReaderFault
from hauntable.table.enrolment import PadWatch, enrol_pad, pieces
from hauntable.table.layout import load_layout
from hauntable.table.registry import RegistryError, Tag, TagRegistry


@dataclasses.dataclass(frozen=True)
class Said:
    """What the desk tells the operator: ``tr(key, **params)``; ``done``: no longer watching the pad."""

    key: str
    params: dict[str, Any] = dataclasses.field(default_factory=dict)
    done: bool = False


@dataclasses.dataclass(frozen=True)
class Target:
    game: str
    kind: str
    name: str
    copies: int


class EnrolDesk:
    """The enrol pad of the configured table, the tag registry, and the piece being enrolled.

    Raises:
        HauntableError: the layout does not load or has no enrol/draw pad, or the backend fails to open.
    """

    TIMEOUT_S = 30.0  # an empty pad this long after a pick: "no tag was read"

    def __init__(
        self,
        registry_path: str | Path,
        layout_path: str | Path | None,
        backend: str | None,
        now: Callable[[], float] = time.monotonic,
    ):
        layout = load_layout(layout_path)
        pad = enrol_pad(layout)
        if pad is None:
            raise HauntableError(f"the layout {layout.name} has no enrol or draw pad")
        self.pad = pad
        self.backend = load_backend(layout, name=backend)
        self.reader = self.backend.reader(pad.id)
        self.registry = TagRegistry(registry_path)
        self.now = now
        self.target: Target | None = None
        self.watch = PadWatch()
        self.answered: frozenset[str] | None = None  # the pad's settled tags the desk last spoke about
        self.since = now()
        self._sim_serial = 0

    def close(self) -> None:
        self.registry.close()
        self.backend.close()

    @property
    def simulated(self) -> bool:
        """True on the mock backend: the screen offers a hand that lays made-up tags on the pad."""
        return self.backend.name == "mock"

    def held(self, game: str, kind: str) -> dict[str, int]:
        """How many tags each piece of the category holds now."""
        return {name: len(self.registry.tags_of(kind, name)) for name in pieces(kind, game)}

    def pick(self, game: str, kind: str, name: str) -> Said:
        """The operator tapped a piece: watch the pad for its tag (unless it has all its tags)."""
        copies = pieces(kind, game)[name]
        held = self.registry.tags_of(kind, name)
        self.watch, self.answered, self.since = PadWatch(), None, self.now()
        if len(held) >= copies:
            self.target = None
            return Said("enrol.full", _piece(kind, name, uids=", ".join(t.uid for t in held)), done=True)
        self.target = Target(game, kind, name, copies)
        return Said("enrol.lay", _piece(kind, name))

    def forget(self, kind: str, name: str) -> Said:
        """Drop every tag of a piece (a re-stickered tile), so it can be enrolled again."""
        uids = [t.uid for t in self.registry.tags_of(kind, name)]
        for uid in uids:
            self.registry.forget(uid)
        return Said("enrol.forgotten", _piece(kind, name, uids=", ".join(uids)), done=True)

    def poll(self) -> Said | None:
        """One read of the pad while a piece is picked; something to say, or None (nothing new)."""
        target = self.target
        if target is None:
            return None
        try:
            seen: frozenset[str] | None = self.reader.read()
        except ReaderFault as exc:
            self.target = None
            return Said("enrol.fault", {"error": str(exc)}, done=True)
        settled = self.watch.feed(seen)
        if settled is not None and not settled:  # an empty pad
            self.answered = settled  # lifted: the same tag laid again is answered again
            if self.now() - self.since > self.TIMEOUT_S:
                self.target = None
                return Said("enrol.none", {"n": int(self.TIMEOUT_S)}, done=True)
            return None
        if settled is None or settled == self.answered:
            return None
        self.answered = settled
        if len(settled) > 1:
            return Said("enrol.two", _piece(target.kind, target.name))
        uid = min(settled)
        old = self.registry.lookup(uid)
        if old is not None:
            if (old.kind, old.name) == (target.kind, target.name):
                self.target = None
                return Said("enrol.same", {"uid": uid, **_piece(old.kind, old.name)}, done=True)
            return Said("enrol.already", {"uid": uid, **_piece(old.kind, old.name)})
        try:
            tag: Tag = self.registry.enrol(uid, target.kind, target.name, target.copies)
        except RegistryError as exc:
            self.target = None
            return Said("enrol.refused", {"error": str(exc)}, done=True)
        self.target = None
        return Said("enrol.saved", {"uid": tag.uid, **_piece(tag.kind, tag.name)}, done=True)

    def waiting(self) -> bool:
        return self.target is not None

    # --- the simulator's hand (mock backend only) ----------------------------------------------------

    def sim_lay_new_tag(self) -> str:
        """Lift what lies on the pad and lay a fresh made-up tag (one no piece has) there; its UID."""
        reader = self.reader
        for uid in getattr(reader, "tags", ()):
            reader.lift(uid)  # type: ignore[attr-defined]
        while True:
            self._sim_serial += 1
            n = self._sim_serial
            uid = f"04:E1:00:00:00:{n // 256 % 256:02X}:{n % 256:02X}"
            if self.registry.lookup(uid) is None:
                break
        reader.place(uid)  # type: ignore[attr-defined]
        return uid

    def sim_lift(self) -> None:
        """Lift every tag off the pad."""
        for uid in getattr(self.reader, "tags", ()):
            self.reader.lift(uid)  # type: ignore[attr-defined]


def _piece(kind: str, name: str, **more: Any) -> dict[str, Any]:
    """The parameters naming a piece: its kind (translated by the screen) and its printed name."""
    return {"kind": kind, "name": name, **more}

"""Who is on which side once the haunt has begun: the contract the haunt, combat and monster rules share.

``state.haunt`` (None before the haunt) holds plain data: ``revealer``, ``omen``, ``room``, ``number`` and
``total`` from the haunt roll, and, once the haunt is set up, ``traitor`` (a seat, or None when the haunt
has no traitor or it is still hidden), ``hidden`` (a hidden-traitor haunt whose traitor has not revealed),
``mode`` ("scripted" or "book") and ``winner`` (None, "heroes" or "traitor").
"""

from __future__ import annotations

from hauntable.games.betrayal.state import State


def traitor_seat(state: State) -> int | None:
    """The traitor's seat, or None before the haunt, in a haunt without a traitor, or while hidden."""
    return state.haunt.get("traitor") if state.haunt else None


def side_of(state: State, seat: int) -> str | None:
    """ "traitor" or "heroes" once the haunt has begun; None during exploration."""
    if state.phase != "haunt" or state.haunt is None:
        return None
    return "traitor" if traitor_seat(state) == seat else "heroes"


def may_attack(state: State, attacker: int, defender: int) -> bool:
    """Explorers fight only after the haunt, and only across sides; in a hidden-traitor haunt anyone may
    attack anyone (the traitor is not known yet)."""
    if state.phase != "haunt" or state.haunt is None or attacker == defender:
        return False
    if state.haunt.get("hidden"):
        return True
    return side_of(state, attacker) != side_of(state, defender)


def is_traitor(state: State, seat: int) -> bool:
    """The known (revealed) traitor: the one whose traitor powers apply (H3)."""
    return state.phase == "haunt" and state.haunt is not None and state.haunt.get("traitor") == seat

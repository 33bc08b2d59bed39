"""Who is on which side once the haunt has begun: the contract the haunt, combat and monster rules share,
asked of a state (before the haunt nobody has a side). The rules themselves are methods of the haunt's
record (records.Haunt: ``side_of``, ``may_attack``, ``is_traitor``)."""

from __future__ import annotations

from hauntable.games.betrayal.state import State


def traitor_seat(state: State) -> int | None:
    """The traitor's seat, or None before the haunt, in a haunt without a traitor, or while hidden."""
    return state.haunt.traitor if state.haunt is not None else None


def side_of(state: State, seat: int) -> str | None:
    """ "traitor" or "heroes" once the haunt has begun; None during exploration."""
    if state.phase != "haunt" or state.haunt is None:
        return None
    return state.haunt.side_of(seat)


def may_attack(state: State, attacker: int, defender: int) -> bool:
    """Explorers fight only after the haunt, and only across sides; in a hidden-traitor haunt anyone may
    attack anyone (the traitor is not known yet)."""
    if state.phase != "haunt" or state.haunt is None:
        return False
    return state.haunt.may_attack(attacker, defender)


def is_traitor(state: State, seat: int) -> bool:
    """The known (revealed) traitor: the one whose traitor powers apply (H3)."""
    return state.phase == "haunt" and state.haunt is not None and state.haunt.is_traitor(seat)

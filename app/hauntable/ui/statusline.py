"""The play screen's status line (issue 18 item 9): the round, the omens and whose turn, worded for the
phase. During the haunt it counts the haunt's own rounds (the exploration round no longer moves) and says
when the monsters move, rather than naming the explorer whose turn it was. No Kivy."""

from __future__ import annotations

from hauntable.games.betrayal.state import State
from hauntable.ui.i18n import tr

SEPARATOR = "   ·   "


def status_line(state: State) -> str:
    haunt = state.haunt
    if haunt is None or not haunt.started:
        return SEPARATOR.join(
            [
                tr("play.round", n=state.round),
                tr("play.omens", n=state.omens_drawn),
                tr("play.turn", who=state.current.name),
            ]
        )
    whose = tr("play.monsters_turn") if haunt.in_monster_turn else tr("play.turn", who=state.current.name)
    return SEPARATOR.join([tr("play.haunt_round", n=max(1, haunt.round)), whose])

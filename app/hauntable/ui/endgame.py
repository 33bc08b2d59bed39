"""The end of a Betrayal game as the end screen shows it: the winner and why, the traitor unmasked, who
died where, and the haunt's turning points, read from the game's outcomes. Kivy-free.

The outcomes come from the game log when the game has one (the whole game replayed, so a resumed game
tells its story too), else from the channel's recent steps.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable

from hauntable.engine.outcomes import Outcome
from hauntable.games.betrayal.state import State
from hauntable.ui.i18n import outcome_text, tr

# outcomes that change the course of the haunt; the rest (moves, rolls, the round count) are left out
TURNING = {
    "haunt.begins",
    "haunt.traitor",
    "haunt.reveal",
    "haunt.side",
    "haunt.escaped",
    "haunt.counter",
    "haunt.traitor_dead",
    "haunt.token_shown",
    "haunt.victory",
    "monster.appears",
    "monster.stunned",
    "monster.killed",
    "combat.steal",
}
MAX_TURNING = 10
KEPT = {"haunt.begins", "haunt.traitor", "haunt.reveal", "haunt.victory"}  # never left out for space


@dataclasses.dataclass(frozen=True)
class EndSummary:
    winner: str  # "heroes" or "traitor"
    why: str  # the victory line, in the table's language
    traitor: str  # "Name (Player)", or empty when there was none
    deaths: tuple[str, ...]  # "Name in the Room (haunt round n)"
    turning: tuple[str, ...]  # the haunt's turning points, oldest first, each with its haunt round


def logged_outcomes(channel) -> list[Outcome]:
    """Every outcome of the channel's game: replayed from its log when it has one (the log holds inputs,
    not outcomes), else the channel's recent steps."""
    session = channel.session
    log, game_id = session.log, session.game_id
    if log is None or game_id is None:
        return [o for step in channel.history for o in step.outcomes]
    game = session.game
    step = game.new_game(game.config_from_json(log.game(game_id).config))
    out = list(step.outcomes)
    for entry in log.iter_inputs(game_id):
        if entry.payload is None:
            break
        step = game.apply(step.state, game.inputs.from_json(entry.payload))
        out += step.outcomes
    return out


def end_summary(state: State, outcomes: Iterable[Outcome]) -> EndSummary:
    h = state.haunt
    assert h is not None and h.winner is not None
    why, deaths, rnd = "", [], 0
    turning: list[tuple[bool, str]] = []
    for o in outcomes:
        params = dict(o.params)
        if o.code == "haunt.round":
            rnd = int(params.get("round", params.get("n", rnd)) or rnd)
        if o.code == "haunt.victory":
            why = outcome_text(o, haunt=h.number)
        if o.code == "explorer.dies":
            deaths.append(tr("end.death", who=params.get("who", ""), room=params.get("room", ""), n=rnd))
        if o.code in TURNING:
            text = (
                tr("end.when", n=rnd, what=outcome_text(o, haunt=h.number))
                if rnd
                else outcome_text(o, haunt=h.number)
            )
            turning.append((o.code in KEPT, text))
    dead = {e.name for e in state.explorers if not e.alive}
    said = " ".join(deaths)
    for e in state.explorers:  # a death the outcomes did not reach (only recent steps known)
        if e.name in dead and e.name not in said:
            deaths.append(tr("end.death_where", who=e.name, room=e.room))
    traitor = ""
    if h.traitor is not None:
        e = state.explorers[h.traitor]
        traitor = f"{e.name} ({e.player})"
    why = why or tr(f"haunt.won.{h.winner}")
    return EndSummary(h.winner, why, traitor, tuple(deaths), shortened(turning))


def shortened(turning: list[tuple[bool, str]]) -> tuple[str, ...]:
    """At most ``MAX_TURNING`` lines: the start, the traitor and the victory always, the latest of the
    rest; "…" where some were left out."""
    room = MAX_TURNING - sum(kept for kept, _ in turning)
    others = [i for i, (kept, _) in enumerate(turning) if not kept]
    dropped = set(others[: max(0, len(others) - room)])
    out: list[str] = []
    for i, (_, text) in enumerate(turning):
        if i in dropped:
            if not out or out[-1] != "…":
                out.append("…")
        else:
            out.append(text)
    return tuple(out)

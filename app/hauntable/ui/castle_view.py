"""Geisterstunde state -> what the castle screen shows, in the current language. No Kivy here.

Only what the whole table may see: the figures, the ghost's room, how many plan cards lie and those turned
over, hand sizes, the crest on the back of the top card. The plan's hidden cards never reach this module's
output (``public_json`` is the source), so no screen can show them by mistake.
"""

from __future__ import annotations

import dataclasses

from hauntable.engine.inputs import Input
from hauntable.engine.outcomes import Outcome
from hauntable.games.geisterstunde.content_model import EXIT, Content
from hauntable.games.geisterstunde.state import State, public_json
from hauntable.ui.i18n import catalog, language, placeholders, refusal_text, tr

COLOURS = {"red": (0.85, 0.2, 0.2), "green": (0.2, 0.7, 0.3), "blue": (0.25, 0.45, 0.95)}
SEAT_COLOURS = [(0.95, 0.75, 0.3), (0.4, 0.8, 0.95), (0.85, 0.5, 0.9), (0.6, 0.9, 0.5)]
SIDES = {"N": (-1, 0), "E": (0, 1), "S": (1, 0), "W": (0, -1)}


@dataclasses.dataclass(frozen=True)
class RoomView:
    """One room: grid place, crest name, doors per side (colour, "exit:<colour>", or None for a wall)."""

    id: str
    row: int
    col: int
    crest: str
    doors: dict[str, str | None]
    name: str = ""


@dataclasses.dataclass(frozen=True)
class CastleModel:
    rooms: tuple[RoomView, ...]
    figures: dict[str, tuple[tuple[int, str, bool], ...]]  # room -> (seat, name, is the ghost)
    dungeon: str
    treasury: str
    status: tuple[str, ...]  # lines for the side panel
    winner: str | None


def crest_name(crest: str) -> str:
    return tr(f"crest.{crest}")


def colour_name(colour: str) -> str:
    return tr(f"colour.{colour}")


def castle_model(state: State, content: Content) -> CastleModel:
    view = public_json(state)
    at = {(r.row, r.col): r for r in content.rooms.values()}
    rooms = []
    for r in content.rooms.values():
        doors: dict[str, str | None] = {}
        for side, (dr, dc) in SIDES.items():
            nb = at.get((r.row + dr, r.col + dc))
            colour = next((c for c, to in r.doors.items() if nb is not None and to == nb.id), None)
            if colour is None and side == "S" and r.doors.get(content.exits.get(r.id, "")) == EXIT:
                colour = f"exit:{content.exits[r.id]}"
            doors[side] = colour
        name = tr("castle.treasury") if r.id == content.treasury else ""
        rooms.append(RoomView(r.id, r.row, r.col, crest_name(r.crest or ""), doors, name))
    figures: dict[str, list[tuple[int, str, bool]]] = {}
    names = state.config.players
    for seat, room in enumerate(state.rooms):
        figures.setdefault(room, []).append((seat, names[seat], seat == state.ghost))
    status = [
        tr("castle.round", n=state.round),
        tr("castle.ghost", who=names[state.ghost], room=room_label(state.rooms[state.ghost], content)),
    ]
    if state.phase == "run" and state.turn != state.ghost:
        status.append(tr("castle.turn", who=names[state.turn]))
    status.append(
        tr("castle.hands", hands=", ".join(f"{names[s]} {len(state.hands[s])}" for s in state.runners()))
    )
    top = view["pile_top_last"]["top_crest"]
    if state.config.cards == "virtual":
        status.append(tr("castle.top", crest=crest_name(top)) if top else tr("castle.top_none"))
    plan = view["plan"]
    if plan["cards"]:
        shown = " → ".join(crest_name(c) for c in plan["revealed"])
        hidden = plan["cards"] - len(plan["revealed"])
        status.append(tr("castle.plan", shown=shown or "-", hidden=hidden))
    winner = names[state.winner] if state.winner is not None else None
    return CastleModel(
        tuple(rooms),
        {k: tuple(v) for k, v in figures.items()},
        content.dungeon,
        content.treasury,
        tuple(status),
        winner,
    )


def room_label(room: str, content: Content) -> str:
    if room == content.dungeon:
        return tr("castle.dungeon")
    if room == content.treasury:
        return tr("castle.treasury")
    return tr("castle.room", id=room)


def heading(state: State) -> str:
    """The prompt's question in the current language."""
    p = state.awaiting
    if p is None:
        return tr("castle.won", who=state.config.players[state.winner]) if state.winner is not None else ""
    who = state.config.players[p.player] if p.player is not None else ""
    key = {
        "plan": "castle.ask.plan",
        "turn": "castle.ask.turn_more" if state.keys_played else "castle.ask.turn",
        "discard": "castle.ask.discard",
        "draw": "castle.ask.draw",
        "reveal": "castle.ask.reveal",
        "victim": "castle.ask.victim",
    }[p.kind]
    return tr(key, who=who, card=getattr(p, "card", 0), of=getattr(p, "of", 0))


def choice_label(inp: Input, state: State) -> str:
    """A button's words for a legal input (the plan pad builds plans itself)."""
    kind = inp.kind
    if kind == "key":
        colour, _, crest = inp.card.partition("-")  # type: ignore[attr-defined]
        return tr("castle.key", colour=colour_name(colour))
    if kind == "end":
        return tr("castle.end")
    if kind == "skip":
        return tr("castle.skip")
    if kind == "reveal":
        return tr("castle.reveal")
    if kind == "catch":
        return tr("castle.catch", who=state.config.players[inp.seat])  # type: ignore[attr-defined]
    if kind in ("discard", "draw"):
        colour, _, crest = inp.card.partition("-")  # type: ignore[attr-defined]
        return tr(f"castle.{kind}", colour=colour_name(colour), crest=crest_name(crest))
    if kind == "pass":
        return tr("castle.pass")
    return str(inp)


def outcome_line(outcome: Outcome, content: Content) -> str:
    """An engine outcome in the current language (catalog key ``gs.<code>``), its crest, colour and room
    parameters translated too; the engine's English sentence when the catalog has no entry."""
    text = catalog(language()).get(f"gs.{outcome.code}")
    params = dict(outcome.params)
    if text is None or not placeholders(text) <= set(params):
        return outcome.text
    if "crest" in params:
        params["crest"] = crest_name(params["crest"])
    if "colour" in params:
        params["colour"] = colour_name(params["colour"])
    if "room" in params:
        params["room"] = room_label(params["room"], content)
    return text.format(**params)


def refusal_line(code: str, rule: str | None, sentence: str) -> str:
    """A refused Geisterstunde input as the shared screen says it, in every language by its rule id
    (``rej.G2.2``), never by the engine's sentence: that one may name which plan card failed and the
    rooms by their German names ("Card 1 cannot be followed: no room next to the Verlies ..."). The
    sentence stays on the refusal and in the log; it is shown only where no catalog entry exists."""
    if code == "table/paused":  # a figure astray on the table: the line under the prompt names it
        return tr("castle.paused")
    return refusal_text(code, rule, sentence, by_rule=True)


def table_line(verdict, state: State, content: Content) -> str:
    """What the table's referee said, in the current language (English included: the referee's own
    sentences name rooms as printed, "the Schatzkammer"): an accepted move as its outcome lines, a
    refused one by its rule, the referee's own message by its code (``gsref.*``); the English sentence
    when the catalog or a name is missing. A message the referee meant for the ghost alone
    (``Verdict.seat``) says nothing of the plan's crests here either: a refused plan is worded by its
    rule, the others name only slots and counts the table can see."""
    if verdict.accepted and verdict.step is not None:
        return "; ".join(outcome_line(o, content) for o in verdict.step.outcomes) or (verdict.message or "")
    if verdict.rejection is not None:
        r = verdict.rejection
        return refusal_line(r.code, r.rule, r.sentence)
    sentence = verdict.message or ""
    code = verdict.code
    if not code.startswith("gsref."):
        return sentence
    params = dict(verdict.params)
    players = state.config.players

    def figure(seat) -> str:
        if seat is None or seat >= len(players):
            return ""
        return tr("gsref.the_ghost") if seat == state.ghost else tr("gsref.figure", name=players[seat])

    values = dict(params)
    for key in ("room", "here", "there", "back_room"):
        if params.get(key):
            values[key] = room_label(params[key], content)
    if params.get("colour"):
        values["colour"] = colour_name(params["colour"])
    values["who"] = figure(params.get("seat"))
    values["player"] = players[params["seat"]] if params.get("seat") is not None else ""
    values["back"] = figure(params.get("back_seat"))
    text = catalog(language()).get(code)
    if code.startswith("gsref.stray."):
        pause = catalog(language()).get("gsref.put_back")
        if text is None or pause is None or params.get("back_seat") is None:
            return sentence
        line = f"{text.format(**values)}: {pause.format(**values)}"
    elif text is None or not placeholders(text) <= set(values):
        return sentence
    else:
        line = text.format(**values)
    return line[:1].upper() + line[1:]  # "die Figur von ... ist zurück" opens a sentence

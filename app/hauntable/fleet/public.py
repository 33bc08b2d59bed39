"""What a table may tell the room about its game: a whitelisted summary of the state, and events.

Everything published over MQTT about a game is built here, field by field from what every player at the
table can see, never by filtering the whole state: a field added to a state later stays private until
someone adds it here on purpose. Secrets that must never leave the table (tests/fleet/test_public.py
changes them and checks that no summary changes): a hidden traitor's tokens (who holds token 1), the
ghost's plan cards and the players' key cards, the order of every pile, and the config's seed (from which
all of those follow).
"""

from __future__ import annotations

from typing import Any

# the events the companion publishes (docs/fleet.md); faults come from the health, not the game
GAME_STARTED, HAUNT_REVEALED, TRAITOR_REVEALED, GAME_WON, GAME_ABANDONED = (
    "game_started",
    "haunt_revealed",
    "traitor_revealed",
    "game_won",
    "game_abandoned",
)


def summary(game: str, game_id: int, status: str, state: Any) -> dict[str, Any]:
    """The public state of one logged game (``status`` from the log: playing, over, abandoned)."""
    base = {"game": game, "game_id": game_id, "status": status, "seq": state.seq, "round": state.round}
    if game == "betrayal":
        return base | _betrayal(state)
    if game == "geisterstunde":
        return base | _geisterstunde(state)
    return base | {"phase": None, "players": []}  # a game this version does not know: nothing of it


def _betrayal(s: Any) -> dict[str, Any]:
    h = s.haunt
    haunt = None
    if h is not None and h.started:  # set up (H2): before that only the roll is known, and it is public
        haunt = {
            "number": h.number,
            "name": h.name,
            "hidden_traitor": h.hidden,
            # the traitor's seat once known to all; a hidden traitor stays None until revealed (H4.3)
            "traitor": None if h.hidden else h.traitor,
            "winner": h.winner,
        }
    return {
        "phase": s.phase,
        "turn": s.turn.seat if s.awaiting is not None else None,
        "players": [
            {"seat": e.seat, "name": e.player, "character": e.character, "alive": bool(e.alive)}
            for e in s.explorers
        ],
        "haunt": haunt,
        "winner": h.winner if h is not None else None,
    }


def _geisterstunde(s: Any) -> dict[str, Any]:
    return {
        "phase": s.phase,
        "turn": s.turn if s.awaiting is not None else None,
        "players": [
            {"seat": i, "name": name, "ghost": i == s.ghost} for i, name in enumerate(s.config.players)
        ],
        # how many plan cards lie face down and how many are turned, never which
        "plan": {"laid": len(s.plan), "revealed": s.revealed},
        "winner": s.winner,
    }


def events_between(before: dict[str, Any] | None, after: dict[str, Any]) -> list[dict[str, Any]]:
    """The events from one summary to the next (``before`` None: the game was just found in the log).

    Each has an ``id`` made from the game and where in it the event happened, so a companion restarted
    on the same log sends the same ids again and the operator counts each event once.
    """
    gid, seq = after["game_id"], after["seq"]
    where = {"game": after["game"], "game_id": gid, "seq": seq}
    out = []
    if before is None or before["game_id"] != gid:
        players = [p["name"] for p in after["players"]]
        out.append({"id": f"{gid}:start", "kind": GAME_STARTED, **where, "players": players})
        before = None
    haunt, was = after.get("haunt"), (before or {}).get("haunt")
    if haunt is not None and was is None:
        out.append(
            {
                "id": f"{gid}:haunt",
                "kind": HAUNT_REVEALED,
                **where,
                "number": haunt["number"],
                "name": haunt["name"],
                "hidden_traitor": haunt["hidden_traitor"],
                "traitor": haunt["traitor"],
            }
        )
    if haunt is not None and haunt["hidden_traitor"] is False and was is not None and was["hidden_traitor"]:
        out.append({"id": f"{gid}:reveal", "kind": TRAITOR_REVEALED, **where, "traitor": haunt["traitor"]})
    if after["winner"] is not None and (before is None or before["winner"] is None):
        winner = after["winner"]
        by = after["players"][winner]["name"] if isinstance(winner, int) else winner  # a seat, or a side
        out.append({"id": f"{gid}:won", "kind": GAME_WON, **where, "winner": winner, "won_by": by})
    if after["status"] == "abandoned" and (before is None or before["status"] != "abandoned"):
        out.append({"id": f"{gid}:abandoned", "kind": GAME_ABANDONED, **where})
    return out

"""The operator's side: every table's retained topics and events, collected into one view; log pulls.

:class:`FleetView` subscribes to ``hauntable/+/...`` and keeps, per table, the last availability, state and
health and every event seen (by id, so an event sent again after a reconnect counts once, and the retained
``events`` backlog fills in what was sent while this view was away). :meth:`FleetView.snapshot` is what the
page shows: online or offline, the game, idle time and faults. :func:`pull` fetches a table's export file.
"""

from __future__ import annotations

import datetime
import json
import threading
import time
import uuid
from collections.abc import Callable
from typing import Any

from hauntable.fleet.broker import NAME, QOS, BrokerSettings, topic
from hauntable.fleet.mqtt import make_client, start

SILENT_AFTER = 90.0  # seconds without a health heartbeat (sent every 30 s): the table is not heard from
KEEP_EVENTS = 500  # per table


class FleetView:
    """Thread-safe: paho's thread feeds :meth:`receive`, the web server reads :meth:`snapshot`."""

    def __init__(self, prefix: str = "hauntable", clock: Callable[[], float] = time.time):
        self.prefix = prefix
        self.clock = clock
        self._lock = threading.Lock()
        self.tables: dict[str, dict[str, Any]] = {}

    def subscriptions(self) -> list[str]:
        return [f"{self.prefix}/+/{leaf}" for leaf in ("availability", "state", "health", "event", "events")]

    def receive(self, topic_name: str, body: bytes) -> None:
        parts = topic_name.split("/")
        if len(parts) != 3 or parts[0] != self.prefix or not NAME.match(parts[1]):
            return
        table, leaf = parts[1], parts[2]
        try:
            data: Any = body.decode() if leaf == "availability" else json.loads(body)
        except (UnicodeDecodeError, ValueError):
            return
        with self._lock:
            row = self.tables.setdefault(
                table, {"availability": None, "state": None, "health": None, "events": {}, "heard": None}
            )
            row["heard"] = self.clock()
            if leaf in ("availability", "state", "health"):
                row[leaf] = data
            elif leaf == "event" and isinstance(data, dict):
                self._add_event(row, data)
            elif leaf == "events" and isinstance(data, list):
                for event in data:
                    if isinstance(event, dict):
                        self._add_event(row, event)

    @staticmethod
    def _add_event(row: dict[str, Any], event: dict[str, Any]) -> None:
        events = row["events"]
        if "id" in event and event["id"] not in events:
            events[event["id"]] = event
            while len(events) > KEEP_EVENTS:
                events.pop(next(iter(events)))

    def events(self, table: str) -> list[dict[str, Any]]:
        with self._lock:
            row = self.tables.get(table)
            return sorted(row["events"].values(), key=lambda e: e.get("at", 0)) if row else []

    def snapshot(self) -> dict[str, Any]:
        """The page's data: one row per table, sorted by name, and the counts for the header."""
        now = self.clock()
        with self._lock:
            rows = [self._row(name, row, now) for name, row in sorted(self.tables.items())]
        return {
            "at": now,
            "tables": rows,
            "counts": {
                "tables": len(rows),
                "offline": sum(r["status"] != "online" for r in rows),
                "faults": sum(bool(r["faults"]) for r in rows),
                "playing": sum(r["game"] is not None and r["game_status"] == "playing" for r in rows),
            },
        }

    @staticmethod
    def _row(name: str, row: dict[str, Any], now: float) -> dict[str, Any]:
        state = row["state"] or {}
        health = row["health"] or {}
        status = "online" if row["availability"] == "online" else "offline"
        if status == "online" and health.get("at") is not None and now - float(health["at"]) > SILENT_AFTER:
            status = "silent"
        last = _parse_time(state.get("last_input_at"))
        events = sorted(row["events"].values(), key=lambda e: e.get("at", 0))
        return {
            "table": name,
            "status": status,
            "game": state.get("game"),
            "game_id": state.get("game_id"),
            "game_status": state.get("status"),
            "seq": state.get("seq"),
            "phase": state.get("phase"),
            "round": state.get("round"),
            "turn": state.get("turn"),
            "players": state.get("players") or [],
            "haunt": state.get("haunt"),
            "plan": state.get("plan"),
            "winner": state.get("winner"),
            "last_input_at": state.get("last_input_at"),
            "idle_s": None if last is None else max(0.0, now - last),
            "faults": health.get("faults") or [],
            "app": health.get("app"),
            "screen": health.get("screen"),
            "last_error": health.get("last_error"),
            "app_starts_seen": health.get("app_starts_seen"),
            "disk_free_mb": health.get("disk_free_mb"),
            "dropped_events": health.get("dropped_events"),
            "events": len(events),
            "recent": [_event_line(e) for e in events[-5:]],
        }


def _parse_time(text: Any) -> float | None:
    if not isinstance(text, str):
        return None
    try:
        return datetime.datetime.fromisoformat(text).timestamp()
    except ValueError:
        return None


def _event_line(event: dict[str, Any]) -> str:
    kind = event.get("kind", "?")
    if kind == "fault":
        return f"fault {event.get('fault')} {'raised' if event.get('raised') else 'cleared'}"
    extra = {"game_won": "won_by", "haunt_revealed": "name", "game_started": "game"}.get(kind)
    return f"{kind} {event.get(extra, '')}".strip() if extra else kind


class Subscriber:
    """A FleetView fed from the broker by paho's thread."""

    def __init__(self, settings: BrokerSettings, view: FleetView | None = None):
        self.settings = settings
        self.view = view or FleetView(settings.prefix)
        self.client = make_client(settings, client_id=f"hauntable-operator-{uuid.uuid4().hex[:8]}")
        self.client.on_connect = self._on_connect
        self.client.on_message = lambda _c, _u, m: self.view.receive(m.topic, bytes(m.payload))

    def _on_connect(self, client, _userdata, _flags, reason_code, _properties) -> None:
        if not reason_code.is_failure:
            client.subscribe([(t, QOS) for t in self.view.subscriptions()])

    def broker_state(self) -> str:
        return "connected" if self.client.is_connected() else "disconnected"

    def start(self) -> None:
        start(self.client, self.settings)

    def stop(self) -> None:
        self.client.disconnect()
        self.client.loop_stop()


def pull(settings: BrokerSettings, table: str, game_id: int | None, timeout: float = 10.0) -> dict[str, Any]:
    """Ask a table for its list of games (``game_id`` None) or one finished game's export; the reply dict.

    Raises TimeoutError when the table does not answer (offline, or no companion).
    """
    if not NAME.match(table):
        raise ValueError(f"not a table name: {table!r}")
    rid = uuid.uuid4().hex[:16]
    reply: dict[str, Any] = {}
    done = threading.Event()
    client = make_client(settings)

    def connected(c, _u, _f, reason_code, _p) -> None:
        if reason_code.is_failure:
            return
        c.subscribe(topic(table, f"export/{rid}", settings.prefix), qos=QOS)

    def subscribed(c, _u, _mid, _codes, _p) -> None:
        request = {"request": rid} | ({} if game_id is None else {"game_id": game_id})
        c.publish(topic(table, "export/request", settings.prefix), json.dumps(request), qos=QOS)

    def message(_c, _u, m) -> None:
        reply.update(json.loads(m.payload))
        done.set()

    client.on_connect, client.on_subscribe, client.on_message = connected, subscribed, message
    start(client, settings)
    try:
        if not done.wait(timeout):
            raise TimeoutError(f"table {table} did not answer within {timeout:g} s")
    finally:
        client.disconnect()
        client.loop_stop()
    return reply

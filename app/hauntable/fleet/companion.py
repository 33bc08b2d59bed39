"""The table's companion service: publishes the game and the table's health to the event's MQTT broker.

It runs as its own user beside the kiosk app (which has no network) and only reads: the game log through
:class:`~hauntable.fleet.follow.LogFollower` and the app's status file through
:class:`~hauntable.fleet.health.HealthWatch`. Topics, payloads and QoS are in docs/fleet.md.

Never in the table's way: the app does not know the companion exists, and the companion never waits on
the broker. paho's network thread connects and reconnects (with backoff) on its own; the main loop polls
the log twice a second, publishes only while connected and otherwise keeps events in a bounded outbox
(oldest dropped first, counted in the health) until the broker acknowledges them. Retained topics are
simply published again on each connect.
"""

from __future__ import annotations

import collections
import json
import os
import sqlite3
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import paho.mqtt.client as mqtt

from hauntable.fleet import discovery
from hauntable.fleet.broker import NAME, QOS, BrokerSettings, topic
from hauntable.fleet.follow import LogFollower, ReadOnlyLog
from hauntable.fleet.health import HealthWatch
from hauntable.fleet.mqtt import make_client, start
from hauntable.gamelog.jsonl import export_jsonl
from hauntable.gamelog.store import PLAYING, LogError
from hauntable.kiosk.status import status_path
from hauntable.paths import DB_NAME

OFFLINE, ONLINE = "offline", "online"
RECENT = 50  # events kept on the retained ``events`` topic for an operator page that subscribes late
HEALTH_EVERY = 30.0  # seconds: health is republished this often even when unchanged (a heartbeat)


def payload(data: Any) -> bytes:
    return json.dumps(data, ensure_ascii=False, sort_keys=True, separators=(",", ":")).encode()


class Companion:
    """One table's publisher. Call :meth:`step` in a loop (``run`` does), from one thread."""

    def __init__(
        self,
        table: str,
        data_dir: str | os.PathLike[str],
        broker: BrokerSettings,
        *,
        buffer: int = 1000,
        discovery_prefix: str | None = discovery.PREFIX,
        clock: Callable[[], float] = time.time,
    ):
        if not NAME.match(table):
            raise ValueError(f"a table name is 1-64 letters, digits, '-' or '_', not {table!r}")
        self.table = table
        self.broker = broker
        self.discovery_prefix = discovery_prefix
        self.clock = clock
        data = Path(data_dir)
        self.db_file = data / DB_NAME
        self.follower = LogFollower(self.db_file)
        self.health_watch = HealthWatch(data, status_path(self.db_file))
        self.outbox: collections.deque[dict[str, Any]] = collections.deque(maxlen=buffer)
        self.unacked: dict[int, dict[str, Any]] = {}
        self.recent: collections.deque[dict[str, Any]] = collections.deque(maxlen=RECENT)
        self.dropped = 0  # events lost because the outbox was full while the broker was away
        self.published = 0
        self.faults: set[str] = set()
        self.health: dict[str, Any] = {}
        self._health_sent: tuple[Any, float] | None = None
        self._state_sent: Any = None
        self._connects_seen = 0
        # written by paho's network thread, read by ours: plain appends and counters, no shared lock
        self._connects = 0
        self._acked: collections.deque[int] = collections.deque()
        self._requests: collections.deque[bytes] = collections.deque()
        self.wake = threading.Event()
        self.client = make_client(broker, client_id=f"hauntable-table-{table}")
        self.client.will_set(self._t("availability"), OFFLINE, qos=QOS, retain=True)
        self.client.on_connect = self._on_connect
        self.client.on_publish = self._on_publish
        self.client.on_message = self._on_message

    def _t(self, leaf: str) -> str:
        return topic(self.table, leaf, self.broker.prefix)

    # --- paho's thread ---------------------------------------------------------------------------------

    def _on_connect(self, client, _userdata, _flags, reason_code, _properties) -> None:
        if reason_code.is_failure:
            return  # paho tries again after its backoff
        client.subscribe(self._t("export/request"), qos=QOS)
        self._connects += 1
        self.wake.set()

    def _on_publish(self, _client, _userdata, mid, _reason_code, _properties) -> None:
        self._acked.append(mid)

    def _on_message(self, _client, _userdata, message) -> None:
        self._requests.append(message.payload)
        self.wake.set()

    # --- our thread ------------------------------------------------------------------------------------

    def start(self) -> None:
        start(self.client, self.broker)

    def stop(self) -> None:
        """Say offline on purpose (the broker's last will covers a crash), then disconnect."""
        if self.client.is_connected():
            self.client.publish(self._t("availability"), OFFLINE, qos=QOS, retain=True).wait_for_publish(2)
        self.client.disconnect()
        self.client.loop_stop()
        self.follower.close()

    def run(self, stop: threading.Event, poll: float = 0.5) -> None:
        self.start()
        try:
            while not stop.is_set():
                self.step()
                self.wake.wait(poll)
                self.wake.clear()
        finally:
            self.stop()

    def step(self) -> None:
        """Read the log and the health, queue what changed, and publish if the broker is there."""
        now = self.clock()
        for event in self.follower.poll():
            self._queue(event, now)
        self.health = self.health_watch.check(now, self.follower.problem)
        self.health.update(dropped_events=self.dropped, pending_events=len(self.outbox) + len(self.unacked))
        faults = set(self.health["faults"])
        for code in sorted(faults - self.faults):
            self._queue(
                {"id": f"fault:{code}:{now:.3f}", "kind": "fault", "fault": code, "raised": True}, now
            )
        for code in sorted(self.faults - faults):
            self._queue(
                {"id": f"fault:{code}:{now:.3f}", "kind": "fault", "fault": code, "raised": False}, now
            )
        self.faults = faults
        while self._acked:
            self.unacked.pop(self._acked.popleft(), None)
        if not self.client.is_connected():
            return
        if self._connects != self._connects_seen:  # a new connection: everything retained again
            self._connects_seen = self._connects
            self._announce()
            self.outbox.extendleft(reversed(list(self.unacked.values())))  # resent; ids make them idempotent
            self.unacked.clear()
        self._publish_state()
        self._publish_health(now)
        self._flush_events()
        while self._requests:
            self._answer(self._requests.popleft())

    def _queue(self, event: dict[str, Any], now: float) -> None:
        event = {"table": self.table, "at": now, **event}
        if len(self.outbox) == self.outbox.maxlen:
            self.dropped += 1
        self.outbox.append(event)
        self.recent.append(event)

    def _announce(self) -> None:
        self._pub("availability", ONLINE)
        self._state_sent = self._health_sent = None
        if self.discovery_prefix:
            for config_topic, config in discovery.configs(
                self.table, self.broker.prefix, self.discovery_prefix
            ):
                self.client.publish(config_topic, payload(config), qos=QOS, retain=True)

    def _pub(self, leaf: str, data: Any, retain: bool = True) -> mqtt.MQTTMessageInfo:
        body = data if isinstance(data, str) else payload(data)
        self.published += 1
        return self.client.publish(self._t(leaf), body, qos=QOS, retain=retain)

    def _publish_state(self) -> None:
        state = self.follower.public
        if state != self._state_sent:
            self._pub("state", {"table": self.table, **(state or {"game": None})})
            self._state_sent = state

    def _publish_health(self, now: float) -> None:
        """On a change, and with the heartbeat; the disk's free space alone (it moves all the time) only
        with the heartbeat."""
        sent = self._health_sent
        steady = {k: v for k, v in self.health.items() if k != "disk_free_mb"}
        if sent is None or sent[0] != steady or now - sent[1] >= HEALTH_EVERY:
            self._pub("health", {"table": self.table, "at": now, **self.health})
            self._health_sent = (steady, now)

    def _flush_events(self) -> None:
        if not self.outbox:
            return
        while self.outbox:
            event = self.outbox.popleft()
            info = self._pub("event", event, retain=False)
            if info.rc != mqtt.MQTT_ERR_SUCCESS:
                self.outbox.appendleft(event)  # the connection went; kept for the next one
                return
            self.unacked[info.mid] = event
        self._pub("events", list(self.recent))

    def _answer(self, body: bytes) -> None:
        """An operator's export request: ``{"request": ID}`` lists the games, with ``"game_id": N`` sends one.

        A game still being played is refused: its log holds what is secret until it ends (a hidden plan,
        the seed that dealt the traitor's token).
        """
        try:
            request = json.loads(body)
            rid = str(request["request"])
        except (ValueError, KeyError, TypeError):
            return
        if not NAME.match(rid):
            return
        reply: dict[str, Any] = {"table": self.table, "request": rid}
        try:
            with ReadOnlyLog(self.db_file) as log:
                game_id = request.get("game_id")
                if game_id is None:
                    reply["games"] = [
                        {
                            "id": g.id,
                            "game": g.game,
                            "created": g.created,
                            "status": g.status,
                            "inputs": g.inputs,
                        }
                        for g in log.games()
                    ]
                elif log.game(int(game_id)).status == PLAYING:
                    reply["error"] = f"game {game_id} is still being played; its log is sent once it ends"
                else:
                    reply["game_id"] = int(game_id)
                    reply["jsonl"] = "".join(line + "\n" for line in export_jsonl(log, int(game_id)))
        except (LogError, OSError, ValueError) as exc:
            reply["error"] = str(exc)
        except sqlite3.Error as exc:  # the log is missing or locked
            reply["error"] = f"the game log cannot be read: {exc}"
        self._pub(f"export/{rid}", reply, retain=False)

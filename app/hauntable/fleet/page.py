"""The operator page: every table on one screen, served by ``hauntable fleet page`` from a FleetView.

``/`` is one self-contained HTML page (no external scripts, fonts or styles: the event hall may have no
internet) that fetches ``/api/tables`` twice a second and draws a card per table: offline tables and
faults in red, idle games in amber, so a glance across the room says where to walk. ``/api/events?table=T``
lists every event seen from a table; ``/api/export?table=T&game=N`` pulls a finished game's JSON Lines
from the table over MQTT (:func:`hauntable.fleet.operator.pull`; without ``game``: the list of games).
"""

from __future__ import annotations

import json
import threading
import urllib.parse
from http import HTTPStatus
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

from hauntable.fleet.broker import BrokerSettings
from hauntable.fleet.operator import FleetView, pull

IDLE_WARN = 15 * 60  # seconds without an input in a game being played: amber on the page

PAGE = Path(__file__).with_name("page.html")  # package data: one file, no external scripts or styles


def page_html() -> bytes:
    return PAGE.read_text(encoding="utf-8").replace("__IDLE_WARN__", str(IDLE_WARN)).encode()


class FleetPage:
    """An HTTP server for the page and its API, on its own thread. ``broker_state`` is a callable."""

    def __init__(self, view: FleetView, settings: BrokerSettings, host: str, port: int, broker_state):
        self.view = view
        handler = _handler(view, settings, broker_state)
        self.server = ThreadingHTTPServer((host, port), handler)
        self.server.daemon_threads = True
        self.thread = threading.Thread(target=self.server.serve_forever, name="fleet-page", daemon=True)

    @property
    def url(self) -> str:
        host, port = self.server.server_address[:2]
        return f"http://{host!s}:{port}/"

    def start(self) -> None:
        self.thread.start()

    def stop(self) -> None:
        self.server.shutdown()
        self.server.server_close()


def _handler(view: FleetView, settings: BrokerSettings, broker_state) -> type[BaseHTTPRequestHandler]:
    class Handler(BaseHTTPRequestHandler):
        def log_message(self, *_args: Any) -> None:  # no line per poll in the journal
            pass

        def _send(self, status: int, body: bytes, kind: str, extra: dict[str, str] | None = None) -> None:
            self.send_response(status)
            self.send_header("Content-Type", kind)
            self.send_header("Content-Length", str(len(body)))
            self.send_header("Cache-Control", "no-store")
            for key, value in (extra or {}).items():
                self.send_header(key, value)
            self.end_headers()
            self.wfile.write(body)

        def do_GET(self) -> None:
            url = urllib.parse.urlsplit(self.path)
            if url.path == "/":
                self._send(HTTPStatus.OK, page_html(), "text/html; charset=utf-8")
            elif url.path == "/api/tables":
                data = view.snapshot() | {"broker": broker_state()}
                self._send(HTTPStatus.OK, json.dumps(data).encode(), "application/json")
            elif url.path == "/api/events":
                table = (urllib.parse.parse_qs(url.query).get("table") or [""])[0]
                self._send(HTTPStatus.OK, json.dumps(view.events(table)).encode(), "application/json")
            elif url.path == "/api/export":
                self._export(urllib.parse.parse_qs(url.query))
            else:
                self._send(HTTPStatus.NOT_FOUND, b"not found\n", "text/plain")

        def _export(self, query: dict[str, list[str]]) -> None:
            table = (query.get("table") or [""])[0]
            game = (query.get("game") or [""])[0]
            try:
                reply = pull(settings, table, int(game) if game else None, timeout=5.0)
            except (ValueError, TimeoutError) as exc:
                self._send(HTTPStatus.BAD_GATEWAY, f"{exc}\n".encode(), "text/plain")
                return
            if "jsonl" in reply:
                name = f"{table}-game-{reply['game_id']}.jsonl"
                disposition = {"Content-Disposition": f'attachment; filename="{name}"'}
                self._send(HTTPStatus.OK, reply["jsonl"].encode(), "application/x-ndjson", disposition)
            else:
                self._send(HTTPStatus.OK, json.dumps(reply).encode(), "application/json")

    return Handler

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
from typing import Any

from hauntable.fleet.broker import BrokerSettings
from hauntable.fleet.operator import FleetView, pull

IDLE_WARN = 15 * 60  # seconds without an input in a game being played: amber on the page

PAGE = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Hauntable tables</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>
body { font: 15px system-ui, sans-serif; margin: 0; background: #1b1b22; color: #eee; }
header { padding: 10px 16px; background: #2a2a35; display: flex; gap: 24px; align-items: baseline; }
header h1 { font-size: 18px; margin: 0; }
#broker.down { color: #ff6b6b; font-weight: bold; }
main { display: grid; grid-template-columns: repeat(auto-fill, minmax(260px, 1fr)); gap: 10px; padding: 12px; }
.table { background: #2e2e3a; border-radius: 8px; padding: 10px 12px; border-left: 8px solid #4caf50; }
.table.offline, .table.silent { border-left-color: #ff5252; opacity: .85; }
.table.fault { border-left-color: #ff9800; }
.table h2 { font-size: 17px; margin: 0 0 4px; display: flex; justify-content: space-between; }
.status { font-size: 13px; text-transform: uppercase; }
.offline .status, .silent .status { color: #ff6b6b; }
.faults { color: #ffb74d; }
.idle.warn { color: #ffd54f; font-weight: bold; }
.small { color: #aaa; font-size: 13px; }
ul { margin: 4px 0 0 18px; padding: 0; }
</style></head>
<body>
<header><h1>Hauntable tables</h1><span id="counts"></span><span id="broker"></span></header>
<main id="tables"></main>
<script>
const IDLE_WARN = %(idle_warn)d;
function esc(s) { return String(s ?? "").replace(/[&<>"]/g, c => ({"&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;"}[c])); }
function idle(s) {
  if (s === null || s === undefined) return "";
  if (s < 60) return Math.round(s) + " s";
  if (s < 3600) return Math.round(s / 60) + " min";
  return (s / 3600).toFixed(1) + " h";
}
function card(t) {
  const cls = ["table", t.status];
  if (t.faults.length) cls.push("fault");
  let game = "no game";
  if (t.game) {
    game = esc(t.game) + " #" + esc(t.game_id) + " · " + esc(t.game_status) + " · " + esc(t.phase) + ", round " + esc(t.round);
  }
  const players = t.players.map(p => esc(p.name) + (p.character ? " (" + esc(p.character) + ")" : "") + (p.ghost ? " 👻" : "") + (p.alive === false ? " †" : "")).join(", ");
  const haunt = t.haunt ? "Haunt " + esc(t.haunt.number) + ": " + esc(t.haunt.name) + (t.haunt.hidden_traitor ? " (hidden traitor)" : "") : "";
  const warn = t.game_status === "playing" && t.idle_s > IDLE_WARN ? " warn" : "";
  return `<section class="${cls.join(" ")}" data-table="${esc(t.table)}" data-status="${esc(t.status)}" data-game-id="${esc(t.game_id)}" data-seq="${esc(t.seq)}" data-faults="${esc(t.faults.join(" "))}">
<h2><span class="name">${esc(t.table)}</span><span class="status">${esc(t.status)}</span></h2>
<div class="game">${game}</div>
<div class="players small">${players}</div>
<div class="haunt small">${haunt}${t.winner !== null && t.winner !== undefined ? " · won by " + esc(t.winner) : ""}</div>
<div>idle <span class="idle${warn}">${idle(t.idle_s)}</span> · screen ${esc(t.screen)} · app ${esc(t.app)}</div>
<div class="faults">${t.faults.map(esc).join(", ")}</div>
<div class="small error">${t.last_error ? "last error: " + esc(t.last_error) : ""}</div>
<div class="small">events <span class="events">${t.events}</span>${t.dropped_events ? " (" + t.dropped_events + " dropped)" : ""}</div>
<ul class="small">${t.recent.map(e => "<li>" + esc(e) + "</li>").join("")}</ul>
</section>`;
}
async function refresh() {
  try {
    const r = await fetch("/api/tables", {cache: "no-store"});
    const data = await r.json();
    const c = data.counts;
    document.getElementById("counts").textContent = `${c.tables} tables · ${c.playing} playing · ${c.offline} offline · ${c.faults} with faults`;
    const b = document.getElementById("broker");
    b.textContent = data.broker === "connected" ? "broker connected" : "broker unreachable: showing the last known state";
    b.className = data.broker === "connected" ? "" : "down";
    document.getElementById("tables").innerHTML = data.tables.map(card).join("");
  } catch (e) {
    document.getElementById("broker").textContent = "page server unreachable";
  }
}
refresh();
setInterval(refresh, 500);
</script></body></html>
"""


def page_html() -> bytes:
    return (PAGE % {"idle_warn": IDLE_WARN}).encode()


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
        return f"http://{host}:{port}/"

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
            game = (query.get("game") or [None])[0]
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

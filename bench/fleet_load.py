"""What the MQTT companion costs a table, and what 50 tables cost the broker and the operator page.

Why: the companion shares the Pi with the game (goal: < 2 % of one core, < 40 MB RSS, docs/fleet.md), and
one Mosquitto on one table may have to carry a whole convention hall.

1. One table: a real Mosquitto on loopback, a simulated table playing bot games (``--pace`` seconds per
   input; people are far slower) and ``hauntable companion`` as its own process, as systemd runs it.
   Its CPU time (utime + stime from /proc) over ``--seconds``, its RSS at the end and its peak (VmHWM).
2. ``--tables`` tables: their logs written by one process (round-robin, the same pace per table), their
   companions as many paho clients in a second process (each its own connection, will and topics, as
   50 Pis would be), the operator's FleetView subscribed. Mosquitto's CPU and RSS, the messages and
   bytes it received and sent per second ($SYS), and the cost of one operator page snapshot.

    .venv/bin/python bench/fleet_load.py [--seconds 60] [--tables 50] [--pace 0.5]
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
import threading
import time
from pathlib import Path

import paho.mqtt.client as mqtt

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "fleet"))
from fleetkit import Mosquitto, companion, end, simtable, spawn, wait_for

from hauntable.fleet.broker import BrokerSettings
from hauntable.fleet.operator import Subscriber

TICKS = os.sysconf("SC_CLK_TCK")


def cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / TICKS  # utime, stime


def memory_mb(pid: int) -> tuple[float, float]:
    """(VmRSS, VmHWM) in MB."""
    status = dict(
        line.split(":", 1) for line in Path(f"/proc/{pid}/status").read_text().splitlines() if ":" in line
    )
    return int(status["VmRSS"].split()[0]) / 1024, int(status["VmHWM"].split()[0]) / 1024


def one_table(root: Path, seconds: float, pace: float) -> None:
    broker = Mosquitto(root / "broker1").start()
    data = root / "table"
    try:
        sim = simtable(data, 1, pace=pace, max_inputs=2000)
        comp = companion("bench", data, broker.port, "--poll", "0.5")
        sub = Subscriber(BrokerSettings(port=broker.port))
        sub.start()
        try:
            wait_for(lambda: sub.view.snapshot()["tables"], 30, "the companion on the broker")
            time.sleep(2)  # past start-up (imports, the first replay)
            c0, t0 = cpu_seconds(comp.pid), time.monotonic()
            time.sleep(seconds)
            used, wall = cpu_seconds(comp.pid) - c0, time.monotonic() - t0
            rss, peak = memory_mb(comp.pid)
            seq = sub.view.snapshot()["tables"][0]["seq"]
        finally:
            sub.stop()
            end(comp)
            end(sim)
    finally:
        broker.stop()
    print(f"one table, an input every {pace:g} s, {wall:.0f} s (the table at seq {seq} of its current game):")
    print(f"  companion CPU {100 * used / wall:.2f} % of one core, RSS {rss:.1f} MB (peak {peak:.1f} MB)")
    print("  goal: < 2 % of one core, < 40 MB RSS")


MANY_COMPANIONS = """
import sys, threading, time
from hauntable.fleet.broker import BrokerSettings
from hauntable.fleet.companion import Companion
port, root, n = int(sys.argv[1]), sys.argv[2], int(sys.argv[3])
tables = [Companion(f"table-{i:02d}", f"{root}/t{i:02d}", BrokerSettings(port=port)) for i in range(n)]
for t in tables:
    t.start()
while True:
    for t in tables:
        t.step()
    time.sleep(0.5)
"""

MANY_TABLES = """
import sys, threading, time, pathlib
from hauntable.engine.bots import seq_seeded_choice
from hauntable.engine.game import find_game
from hauntable.fleet.simtable import new_config
from hauntable.gamelog.store import GameLog
from hauntable.kiosk.status import StatusWriter, status_path
from hauntable.session import Session
root, n, pace = sys.argv[1], int(sys.argv[2]), float(sys.argv[3])
tables = []
for i in range(n):
    d = pathlib.Path(f"{root}/t{i:02d}"); d.mkdir(parents=True, exist_ok=True)
    log = GameLog(d / "table.sqlite3", durable=False)
    game = ("betrayal", "geisterstunde")[i % 2]
    s = Session.new(game, find_game(game).config_from_json(new_config(game, i)), log=log)
    tables.append([log, s, StatusWriter(status_path(log.path)), i, game])
k = 0
while True:
    t0 = time.monotonic()
    for t in tables:
        log, s, w, i, game = t
        if s.over or s.step.state.seq >= 1000:
            k += 1
            config = find_game(game).config_from_json(new_config(game, 1000 + k))
            s = t[1] = Session.new(game, config, log=log)
        s.submit(seq_seeded_choice(s.game, s.step, i), source="bot")
        w.update({"screen": "play", "readers_failed": [], "table": "simulated"})
    time.sleep(max(0.0, pace - (time.monotonic() - t0)))
"""


def sys_counter(port: int, topics: list[str]) -> dict[str, float]:
    """Mosquitto's $SYS counters, read once."""
    got: dict[str, float] = {}
    done = threading.Event()
    client = mqtt.Client(mqtt.CallbackAPIVersion.VERSION2)

    def message(_c, _u, m) -> None:
        got[m.topic] = float(m.payload.decode().split()[0])
        if len(got) == len(topics):
            done.set()

    client.on_connect = lambda c, *_a: c.subscribe([(t, 0) for t in topics])
    client.on_message = message
    client.connect("127.0.0.1", port)
    client.loop_start()
    done.wait(15)
    client.disconnect()
    client.loop_stop()
    return got


def many_tables(root: Path, n: int, seconds: float, pace: float) -> None:
    extra = "allow_anonymous true\nsys_interval 1\n"
    broker = Mosquitto(root / "broker50", extra=extra).start()
    counters = [
        f"$SYS/broker/{k}" for k in ("messages/received", "messages/sent", "bytes/received", "bytes/sent")
    ]
    try:
        tables = spawn(["-c", MANY_TABLES, str(root / "many"), str(n), str(pace)], root / "many-tables.out")
        time.sleep(3)
        comps = spawn(
            ["-c", MANY_COMPANIONS, str(broker.port), str(root / "many"), str(n)], root / "many-c.out"
        )
        sub = Subscriber(BrokerSettings(port=broker.port))
        sub.start()
        try:
            wait_for(lambda: len(sub.view.snapshot()["tables"]) == n, 60, f"{n} tables on the broker")
            time.sleep(3)
            c0 = cpu_seconds(comps.pid)
            before, b0, t0 = (
                sys_counter(broker.port, counters),
                cpu_seconds(broker.proc.pid),
                time.monotonic(),
            )
            time.sleep(seconds)
            after, b1, t1 = sys_counter(broker.port, counters), cpu_seconds(broker.proc.pid), time.monotonic()
            rss, peak = memory_mb(broker.proc.pid)
            comp_cpu = cpu_seconds(comps.pid) - c0
            snaps = []
            for _ in range(20):
                s0 = time.perf_counter()
                body = json.dumps(sub.view.snapshot())
                snaps.append(time.perf_counter() - s0)
            online = sum(r["status"] == "online" for r in sub.view.snapshot()["tables"])
        finally:
            sub.stop()
            end(comps)
            end(tables)
    finally:
        broker.stop()
    wall = t1 - t0
    rate = {
        k.split("/broker/")[1]: (after[k] - before[k]) / wall for k in counters if k in after and k in before
    }
    print(f"{n} tables, an input every {pace:g} s each, {wall:.0f} s ({online} online on the operator view):")
    print(
        f"  mosquitto CPU {100 * (b1 - b0) / wall:.2f} % of one core, RSS {rss:.1f} MB (peak {peak:.1f} MB)"
    )
    print(
        f"  messages in {rate.get('messages/received', 0):.0f}/s, out {rate.get('messages/sent', 0):.0f}/s; "
        f"bytes in {rate.get('bytes/received', 0) / 1000:.1f} kB/s, "
        f"out {rate.get('bytes/sent', 0) / 1000:.1f} kB/s"
    )
    print(f"  the {n} companions as threads of one process: {100 * comp_cpu / wall:.1f} % of one core in all")
    print(
        f"  operator page snapshot of {n} tables: median {1000 * sorted(snaps)[10]:.2f} ms, "
        f"{len(body) / 1000:.1f} kB of JSON"
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument("--tables", type=int, default=50)
    parser.add_argument("--pace", type=float, default=0.5, help="seconds between one table's inputs")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        one_table(root, args.seconds, args.pace)
        many_tables(root, args.tables, args.seconds, args.pace)
    return 0


if __name__ == "__main__":
    sys.exit(main())

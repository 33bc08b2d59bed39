"""``hauntable fleet``: the operator's side of many tables (docs/fleet.md).

``hauntable fleet page`` serves a page showing every table's game, faults and idle time from the broker;
``hauntable fleet pull TABLE [GAME_ID]`` lists a table's logged games or fetches a finished one's JSON Lines
export over MQTT, so nobody has to walk over with a USB stick.
"""

from __future__ import annotations

import argparse
import contextlib
import signal
import sys
import threading
from pathlib import Path

from hauntable.fleet.broker import add_broker_arguments, settings_from


def add_parser(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser(
        "fleet", help="the operator's page of all tables, and log pulls", description=__doc__.splitlines()[0]
    )
    sub = parser.add_subparsers(dest="fleet_command", required=True)
    page = sub.add_parser("page", help="serve the operator page of all tables")
    page.add_argument(
        "--listen",
        default="127.0.0.1:8088",
        metavar="HOST:PORT",
        help="where to serve it (default %(default)s)",
    )
    add_broker_arguments(page)
    page.set_defaults(run=run_page)
    pull = sub.add_parser("pull", help="list a table's games, or fetch a finished game's export")
    pull.add_argument("table", help="the table's name")
    pull.add_argument("game_id", nargs="?", type=int, help="the game to fetch (none: list the games)")
    pull.add_argument("-o", "--output", metavar="FILE", help="write the export here instead of stdout")
    pull.add_argument(
        "--timeout", type=float, default=10.0, help="seconds to wait for the table (default 10)"
    )
    add_broker_arguments(pull)
    pull.set_defaults(run=run_pull)


def run_page(args: argparse.Namespace) -> int:
    from hauntable.fleet.operator import Subscriber  # paho-mqtt: the [fleet] extra, only when run
    from hauntable.fleet.page import FleetPage

    host, _, port = args.listen.rpartition(":")
    try:
        settings = settings_from(args)
        subscriber = Subscriber(settings)
        page = FleetPage(subscriber.view, settings, host or "127.0.0.1", int(port), subscriber.broker_state)
    except (OSError, ValueError) as exc:
        print(f"fleet: {exc}", file=sys.stderr)
        return 2
    stop = threading.Event()
    signal.signal(signal.SIGTERM, lambda *_a: stop.set())
    subscriber.start()
    page.start()
    print(
        f"fleet: page at {page.url}, broker {settings.host}:{settings.effective_port}",
        file=sys.stderr,
        flush=True,
    )
    with contextlib.suppress(KeyboardInterrupt):
        stop.wait()
    page.stop()
    subscriber.stop()
    return 0


def run_pull(args: argparse.Namespace) -> int:
    from hauntable.fleet.operator import pull
    from hauntable.gamelog.jsonl import write_atomically

    try:
        reply = pull(settings_from(args), args.table, args.game_id, timeout=args.timeout)
    except (OSError, ValueError, TimeoutError) as exc:
        print(f"fleet pull: {exc}", file=sys.stderr)
        return 1
    if "error" in reply:
        print(f"fleet pull: {args.table}: {reply['error']}", file=sys.stderr)
        return 2
    if "games" in reply:
        for g in reply["games"]:
            print(f"{g['id']}\t{g['game']}\t{g['status']}\t{g['inputs']} inputs\t{g['created']}")
        return 0
    if args.output in (None, "-"):
        sys.stdout.write(reply["jsonl"])
    else:
        write_atomically(Path(args.output), reply["jsonl"])
    return 0

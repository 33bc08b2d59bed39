"""``hauntable companion``: the table's MQTT companion service (docs/fleet.md), run by its own systemd unit.

Reads the game log read-only and the app's status file, publishes the table's state, health and events to
the event's broker, answers the operator's log pulls. Stops on SIGTERM or Ctrl-C, saying "offline" first.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import re
import signal
import socket
import sys
import threading

from hauntable.fleet.broker import add_broker_arguments, settings_from
from hauntable.paths import add_data_dir_argument, data_dir


def default_table_name() -> str:
    """``HAUNTABLE_TABLE``, else the host name (letters, digits, '-' and '_' only)."""
    name = os.environ.get("HAUNTABLE_TABLE") or socket.gethostname().split(".")[0]
    return re.sub(r"[^A-Za-z0-9_-]", "-", name)[:64] or "table"


def add_parser(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser(
        "companion",
        help="publish this table's game and health to an MQTT broker",
        description="Publish this table's game state, health and events to an MQTT broker (docs/fleet.md).",
    )
    parser.add_argument(
        "--table", default=None, help="this table's name (env HAUNTABLE_TABLE, else the host)"
    )
    parser.add_argument(
        "--discovery-prefix",
        default="homeassistant",
        help="Home Assistant discovery prefix (default %(default)s; '' sends no discovery)",
    )
    parser.add_argument("--poll", type=float, default=0.5, help="seconds between log polls (default 0.5)")
    add_broker_arguments(parser)
    add_data_dir_argument(parser)
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    from hauntable.fleet.companion import Companion  # paho-mqtt: the [fleet] extra, only when run

    try:
        settings = settings_from(args)
        companion = Companion(
            args.table or default_table_name(),
            data_dir(args.data_dir),
            settings,
            discovery_prefix=args.discovery_prefix or None,
        )
    except (OSError, ValueError) as exc:
        print(f"companion: {exc}", file=sys.stderr)
        return 2
    stop = threading.Event()
    signal.signal(signal.SIGTERM, lambda *_a: stop.set())
    print(
        f"companion: table {companion.table}, log {companion.db_file}, broker {settings.host}:"
        f"{settings.effective_port}{' (TLS)' if settings.tls else ''}",
        file=sys.stderr,
        flush=True,
    )
    with contextlib.suppress(KeyboardInterrupt):
        companion.run(stop, poll=args.poll)
    return 0

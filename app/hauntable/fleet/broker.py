"""Where the broker is and how to log in, and the topic names: what the companion and the operator share.

Settings come from command-line flags, else ``HAUNTABLE_MQTT_*`` environment variables (the systemd unit
reads them from ``/etc/hauntable/fleet.env``), so no password ever shows in ``ps``: it is read from a file.
Free of paho-mqtt, so the command line parses on a table installed without the ``fleet`` extra.
"""

from __future__ import annotations

import argparse
import dataclasses
import os
import re
from collections.abc import Mapping
from pathlib import Path

PREFIX = "hauntable"
NAME = re.compile(r"^[A-Za-z0-9_-]{1,64}$")  # a table name or request id: one topic level, no wildcards

# QoS per topic kind (docs/fleet.md): retained facts and events at least once; nothing needs exactly once
QOS = 1


def topic(table: str, leaf: str, prefix: str = PREFIX) -> str:
    """``hauntable/<table>/<leaf>``: availability, state, health, event, events, export/..."""
    return f"{prefix}/{table}/{leaf}"


@dataclasses.dataclass(frozen=True)
class BrokerSettings:
    host: str = "localhost"
    port: int | None = None  # None: 1883, or 8883 with TLS
    username: str | None = None
    password: str | None = None
    ca: str | None = None  # TLS: the CA that signed the broker's certificate
    cert: str | None = None  # TLS client certificate and its key (mosquitto require_certificate)
    key: str | None = None
    keepalive: int = 10  # seconds; the broker sends the last will 1.5 keepalives after a table goes silent
    prefix: str = PREFIX

    @property
    def tls(self) -> bool:
        return self.ca is not None or self.cert is not None

    @property
    def effective_port(self) -> int:
        return self.port if self.port is not None else (8883 if self.tls else 1883)


def add_broker_arguments(parser: argparse.ArgumentParser) -> None:
    """``--broker HOST[:PORT]``, login and TLS flags; each defaults to its HAUNTABLE_MQTT_* variable."""
    parser.add_argument("--broker", metavar="HOST[:PORT]", help="the MQTT broker (env HAUNTABLE_MQTT_BROKER)")
    parser.add_argument("--username", help="broker login (env HAUNTABLE_MQTT_USERNAME)")
    parser.add_argument(
        "--password-file", metavar="FILE", help="file holding the password (env HAUNTABLE_MQTT_PASSWORD_FILE)"
    )
    parser.add_argument(
        "--ca", metavar="PEM", help="TLS: the broker's CA certificate (env HAUNTABLE_MQTT_CA)"
    )
    parser.add_argument("--cert", metavar="PEM", help="TLS client certificate (env HAUNTABLE_MQTT_CERT)")
    parser.add_argument("--key", metavar="PEM", help="TLS client key (env HAUNTABLE_MQTT_KEY)")
    parser.add_argument("--prefix", help=f"topic prefix (default {PREFIX})")


def settings_from(args: argparse.Namespace, env: Mapping[str, str] | None = None) -> BrokerSettings:
    env = os.environ if env is None else env

    def pick(flag: str | None, var: str) -> str | None:
        return flag if flag else (env.get(f"HAUNTABLE_MQTT_{var}") or None)

    broker = pick(args.broker, "BROKER") or "localhost"
    host, _, port = broker.rpartition(":") if broker.count(":") == 1 else (broker, "", "")
    password_file = pick(args.password_file, "PASSWORD_FILE")
    password = Path(password_file).read_text(encoding="utf-8").strip() if password_file else None
    return BrokerSettings(
        host=host or "localhost",
        port=int(port) if port else None,
        username=pick(args.username, "USERNAME"),
        password=password,
        ca=pick(args.ca, "CA"),
        cert=pick(args.cert, "CERT"),
        key=pick(args.key, "KEY"),
        prefix=pick(args.prefix, "PREFIX") or PREFIX,
    )

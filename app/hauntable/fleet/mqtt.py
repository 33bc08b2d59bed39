"""The paho-mqtt client both sides use: login, TLS and reconnect backoff set from :class:`BrokerSettings`.

paho's network thread connects and reconnects by itself with an exponential backoff (1 s doubling to
30 s) and never raises into the caller while the broker is absent.
"""

from __future__ import annotations

import ssl
import uuid

import paho.mqtt.client as mqtt

from hauntable.fleet.broker import BrokerSettings

RECONNECT_MIN, RECONNECT_MAX = 1, 30  # seconds


def make_client(settings: BrokerSettings, client_id: str | None = None) -> mqtt.Client:
    """A paho client with login, TLS and backoff set, not yet connected (see :func:`start`)."""
    client = mqtt.Client(
        mqtt.CallbackAPIVersion.VERSION2,
        client_id=client_id or f"hauntable-{uuid.uuid4().hex[:12]}",
        protocol=mqtt.MQTTv311,
    )
    if settings.username is not None:
        client.username_pw_set(settings.username, settings.password)
    if settings.tls:
        client.tls_set(
            ca_certs=settings.ca,
            certfile=settings.cert,
            keyfile=settings.key,
            tls_version=ssl.PROTOCOL_TLS_CLIENT,
        )
    client.reconnect_delay_set(RECONNECT_MIN, RECONNECT_MAX)
    return client


def start(client: mqtt.Client, settings: BrokerSettings) -> None:
    """Connect in the background: returns at once, and keeps trying while the broker is away."""
    client.connect_async(settings.host, settings.effective_port, keepalive=settings.keepalive)
    client.loop_start()

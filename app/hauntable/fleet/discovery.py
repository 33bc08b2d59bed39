"""Home Assistant MQTT discovery: each table appears as a device with sensors, a problem sensor and events.

Published retained under ``homeassistant/<component>/hauntable_<table>/<object>/config`` on every connect,
so an operator running Home Assistant gets a card per table, a "problem" to alert on and an event entity
to automate from, with no code. The entities read the same topics as the operator page (docs/fleet.md).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from hauntable.fleet.broker import topic
from hauntable.fleet.public import GAME_ABANDONED, GAME_STARTED, GAME_WON, HAUNT_REVEALED, TRAITOR_REVEALED

PREFIX = "homeassistant"
EVENT_TYPES = [GAME_STARTED, HAUNT_REVEALED, TRAITOR_REVEALED, GAME_WON, GAME_ABANDONED, "fault"]

# (component, object, name, topic leaf, value template, extra fields)
_ENTITIES: list[tuple[str, str, str, str, str, dict[str, Any]]] = [
    ("sensor", "game", "Game", "state", "{{ value_json.game or 'none' }}", {"icon": "mdi:ghost"}),
    ("sensor", "phase", "Phase", "state", "{{ value_json.phase or 'none' }}", {}),
    ("sensor", "round", "Round", "state", "{{ value_json.round }}", {"state_class": "measurement"}),
    ("sensor", "players", "Players", "state", "{{ value_json.players | default([]) | count }}", {}),
    ("sensor", "haunt", "Haunt", "state", "{{ (value_json.haunt or {}).name | default('none') }}", {}),
    (
        "sensor",
        "last_input",
        "Last input",
        "state",
        "{{ value_json.last_input_at or None }}",
        {"device_class": "timestamp"},
    ),
    (
        "sensor",
        "screen",
        "Screen",
        "health",
        "{{ value_json.screen or 'none' }}",
        {"entity_category": "diagnostic"},
    ),
    (
        "sensor",
        "disk_free",
        "Disk free",
        "health",
        "{{ value_json.disk_free_mb }}",
        {"unit_of_measurement": "MB", "entity_category": "diagnostic"},
    ),
    (
        "binary_sensor",
        "problem",
        "Problem",
        "health",
        "{{ 'ON' if value_json.faults else 'OFF' }}",
        {"device_class": "problem", "json_attributes_topic": None},
    ),
]


def configs(table: str, prefix: str, discovery_prefix: str = PREFIX) -> Iterator[tuple[str, dict[str, Any]]]:
    """(config topic, config payload) for every entity of one table."""
    device = {
        "identifiers": [f"hauntable_{table}"],
        "name": f"Hauntable {table}",
        "manufacturer": "Hauntable",
        "model": "game table",
    }
    availability = topic(table, "availability", prefix)
    for component, obj, name, leaf, template, extra in _ENTITIES:
        uid = f"hauntable_{table}_{obj}"
        config = {
            "name": name,
            "unique_id": uid,
            "object_id": uid,
            "state_topic": topic(table, leaf, prefix),
            "value_template": template,
            "availability_topic": availability,
            "device": device,
            **extra,
        }
        if "json_attributes_topic" in config:
            config["json_attributes_topic"] = config["state_topic"]
        yield f"{discovery_prefix}/{component}/hauntable_{table}/{obj}/config", config
    uid = f"hauntable_{table}_events"
    yield (
        f"{discovery_prefix}/event/hauntable_{table}/events/config",
        {
            "name": "Events",
            "unique_id": uid,
            "object_id": uid,
            "state_topic": topic(table, "event", prefix),
            "event_types": EVENT_TYPES,
            "value_template": '{ "event_type": "{{ value_json.kind }}" }',
            "availability_topic": availability,
            "device": device,
        },
    )

"""A stable hash of game state, so replay and resume can be checked against the live game."""

from __future__ import annotations

import dataclasses
import hashlib
import json
from typing import Any


def canonical_json(data: Any) -> str:
    """JSON with sorted keys and no spaces: the same data always gives the same text."""
    return json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def rules_json(rules: Any) -> dict[str, Any]:
    """A house rules dataclass as JSON, leaving out the fields named in its ``_LATER`` (options added after
    games were logged) while they hold their default, or for those in its ``_LEGACY`` (field -> the value
    logged games played) while they hold that value: a logged game's state hashes stay as they were."""
    data = dataclasses.asdict(rules)
    legacy = getattr(rules, "_LEGACY", {})
    for field in dataclasses.fields(rules):
        if field.name in legacy:
            if data[field.name] == legacy[field.name]:
                del data[field.name]
        elif field.name in getattr(rules, "_LATER", ()) and data[field.name] == field.default:
            del data[field.name]
    return data


def state_hash(state: Any) -> str:
    """SHA-256 (hex) of the canonical JSON of ``state.to_json()``."""
    return hashlib.sha256(canonical_json(state.to_json()).encode()).hexdigest()

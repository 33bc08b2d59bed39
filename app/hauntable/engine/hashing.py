"""A stable hash of game state, so replay and resume can be checked against the live game."""

from __future__ import annotations

import hashlib
import json
from typing import Any


def canonical_json(data: Any) -> str:
    """JSON with sorted keys and no spaces: the same data always gives the same text."""
    return json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def state_hash(state: Any) -> str:
    """SHA-256 (hex) of the canonical JSON of ``state.to_json()``."""
    return hashlib.sha256(canonical_json(state.to_json()).encode()).hexdigest()

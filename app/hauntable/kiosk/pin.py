"""The admin PIN: stored as a salted scrypt hash, with a lockout that survives a restart.

The PIN guards the admin menu (enrol tags, house rules, quit to desktop), so a player at an event must not
be able to guess it by trying: after ``MAX_FAILURES`` wrong PINs the menu locks for ``LOCKOUT`` seconds,
doubling each time. The state lives in one small JSON file in the data directory, written atomically.
"""

from __future__ import annotations

import dataclasses
import hashlib
import hmac
import json
import os
import secrets
import time
from collections.abc import Callable
from pathlib import Path

MAX_FAILURES = 5
LOCKOUT = 60.0  # seconds, doubled after each further lockout
SCRYPT = {"n": 2**14, "r": 8, "p": 1}


class PinError(ValueError):
    """A PIN that cannot be set: not 4 to 8 digits, or the old PIN was wrong."""


@dataclasses.dataclass(frozen=True)
class PinCheck:
    ok: bool
    locked_for: float = 0.0  # seconds until another try is allowed
    tries_left: int = MAX_FAILURES

    @property
    def sentence(self) -> str:
        if self.ok:
            return "PIN accepted."
        if self.locked_for > 0:
            return f"Too many wrong PINs: try again in {int(self.locked_for + 0.999)} s."
        return f"Wrong PIN; {self.tries_left} tries left before the menu locks."


class PinStore:
    """The admin PIN of one table, in ``path`` (JSON). ``clock`` gives wall-clock seconds (injectable)."""

    def __init__(self, path: str | os.PathLike[str], clock: Callable[[], float] = time.time):
        self.path = Path(path)
        self._clock = clock

    def _load(self) -> dict:
        try:
            return json.loads(self.path.read_text(encoding="utf-8"))
        except FileNotFoundError:
            return {}
        except (OSError, ValueError):
            return {"damaged": True}  # a damaged file locks nothing open: the PIN must be set again

    def _save(self, data: dict) -> None:
        self.path.parent.mkdir(parents=True, exist_ok=True)
        tmp = self.path.with_suffix(".tmp")
        with open(tmp, "w", encoding="utf-8") as f:
            json.dump(data, f)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, self.path)
        os.chmod(self.path, 0o600)

    @property
    def is_set(self) -> bool:
        """False on first run (the UI then asks for a new PIN before anything else)."""
        return "hash" in self._load()

    def set(self, pin: str) -> None:
        """Set the PIN (first run, or after ``change`` checked the old one)."""
        if not (pin.isdigit() and 4 <= len(pin) <= 8):
            raise PinError("A PIN is 4 to 8 digits.")
        salt = secrets.token_bytes(16)
        digest = hashlib.scrypt(pin.encode(), salt=salt, **SCRYPT)
        self._save(
            {
                "salt": salt.hex(),
                "hash": digest.hex(),
                **SCRYPT,
                "failures": 0,
                "lockouts": 0,
                "locked_until": 0.0,
            }
        )

    def check(self, pin: str) -> PinCheck:
        data = self._load()
        if "hash" not in data:
            return PinCheck(False, 0.0, 0)
        now = self._clock()
        if now < data.get("locked_until", 0.0):
            return PinCheck(False, data["locked_until"] - now, 0)
        params = {k: data[k] for k in ("n", "r", "p")}
        digest = hashlib.scrypt(pin.encode(), salt=bytes.fromhex(data["salt"]), **params)
        if hmac.compare_digest(digest.hex(), data["hash"]):
            data.update(failures=0, lockouts=0, locked_until=0.0)
            self._save(data)
            return PinCheck(True)
        data["failures"] = data.get("failures", 0) + 1
        if data["failures"] >= MAX_FAILURES:
            wait = LOCKOUT * 2 ** data.get("lockouts", 0)
            data.update(failures=0, lockouts=data.get("lockouts", 0) + 1, locked_until=now + wait)
            self._save(data)
            return PinCheck(False, wait, 0)
        self._save(data)
        return PinCheck(False, 0.0, MAX_FAILURES - data["failures"])

    def change(self, old: str, new: str) -> None:
        result = self.check(old)
        if not result.ok:
            raise PinError(result.sentence)
        self.set(new)

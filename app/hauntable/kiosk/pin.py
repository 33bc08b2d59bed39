"""The admin PIN: a salted scrypt hash, a lockout on a clock that cannot be stepped, and no way for a player
to choose the PIN when its file is lost or damaged.

The PIN guards the admin menu (enrol tags, house rules, quit to desktop), so a player at an event must not be
able to guess it by trying, nor take the menu over by luck. The rules (docs/operator.md):

- ``MAX_FAILURES`` wrong PINs in a row lock the menu for ``LOCKOUT`` seconds, doubling with each further
  lockout up to ``MAX_LOCKOUT``. Wrong tries are forgotten ``FAILURE_DECAY`` seconds after the last one, and
  the doubling steps down one level per ``LOCKOUT_DECAY`` seconds without a lockout.
- Time is the monotonic clock of this boot (a Pi has no real-time clock: the wall clock can jump by hours
  when NTP arrives). A lockout outlives a restart of the app (same boot: the same deadline) and a reboot
  (a new boot: the whole lockout again, counted from the first try after it).
- The record is written atomically twice (``admin-pin.json`` and ``admin-pin.json.bak``) and a marker
  (``admin-pin.json.set``) says a PIN was ever set. A lost or damaged record with the marker present (or
  a backup that survived) is never "first run": the menu stays locked and the screen says to reset the
  PIN at the table's console (``hauntable admin-pin --reset``), which only someone with the Pi in hand can.
- A full or read-only card never crashes a try: the state is kept in memory for this process.
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
from typing import Any

MAX_FAILURES = 5
LOCKOUT = 60.0  # seconds, doubled after each further lockout
MAX_LOCKOUT = 15 * 60.0
FAILURE_DECAY = 15 * 60.0  # wrong tries are forgotten this long after the last one
LOCKOUT_DECAY = 60 * 60.0  # the doubling steps down one level per hour without a lockout
SCRYPT = {"n": 2**14, "r": 8, "p": 1}
BOOT_ID = "/proc/sys/kernel/random/boot_id"
_UNSAVED: dict[str, dict[str, Any]] = {}  # path -> state a full or read-only card would not take


class PinError(ValueError):
    """A PIN that cannot be set: not 4 to 8 digits, the old PIN was wrong, or the record is damaged."""


def boot_id() -> str:
    """This boot's id (Linux); a monotonic deadline means something only within one boot."""
    try:
        return Path(BOOT_ID).read_text().strip()
    except OSError:
        return "unknown"


@dataclasses.dataclass(frozen=True)
class PinCheck:
    ok: bool
    locked_for: float = 0.0  # seconds until another try is allowed
    tries_left: int = MAX_FAILURES
    damaged: bool = False  # the record is lost or damaged: only the console can set a PIN

    @property
    def sentence(self) -> str:
        if self.ok:
            return "PIN accepted."
        if self.damaged:
            return "The admin PIN record is damaged; reset it at the console: hauntable admin-pin --reset."
        if self.locked_for > 0:
            return f"Too many wrong PINs: try again in {int(self.locked_for + 0.999)} s."
        return f"Wrong PIN; {self.tries_left} tries left before the menu locks."


class PinStore:
    """The admin PIN of one table, in ``path`` (JSON). ``clock`` gives monotonic seconds and ``boot``
    this boot's id (both injectable for tests)."""

    def __init__(
        self,
        path: str | os.PathLike[str],
        clock: Callable[[], float] = time.monotonic,
        boot: Callable[[], str] = boot_id,
    ):
        self.path = Path(path)
        self._clock = clock
        self._boot = boot
        self._backup = self.path.with_name(self.path.name + ".bak")
        self._marker = self.path.with_name(self.path.name + ".set")

    # --- the record ---------------------------------------------------------------------------------

    def _read(self, path: Path) -> dict[str, Any] | None:
        """The record at ``path``; None if missing; {"damaged": True} if unreadable or malformed."""
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
        except FileNotFoundError:
            return None
        except (OSError, ValueError):
            return {"damaged": True}
        sound = (
            isinstance(data, dict)
            and all(isinstance(data.get(k), str) for k in ("salt", "hash"))
            and all(isinstance(data.get(k), int) for k in ("n", "r", "p"))
        )
        return data if sound else {"damaged": True}

    def _load(self) -> dict[str, Any]:
        if str(self.path) in _UNSAVED:
            return dict(_UNSAVED[str(self.path)])
        for path in (self.path, self._backup):
            data = self._read(path)
            if data is not None and not data.get("damaged"):
                return data
        lost = self._marker.exists() or self.path.exists() or self._backup.exists()
        return {"damaged": True} if lost else {}

    def _save(self, data: dict[str, Any]) -> None:
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            for path in (self.path, self._backup):
                tmp = path.with_name(path.name + ".tmp")
                with open(tmp, "w", encoding="utf-8") as f:
                    json.dump(data, f)
                    f.flush()
                    os.fsync(f.fileno())
                os.replace(tmp, path)
                os.chmod(path, 0o600)
            self._marker.touch(exist_ok=True)
        except OSError:
            _UNSAVED[str(self.path)] = dict(data)  # a full or read-only card: hold it for this process
            return
        _UNSAVED.pop(str(self.path), None)

    @property
    def is_set(self) -> bool:
        """False on first run only (the UI then asks for a new PIN before anything else)."""
        return self._load() != {}

    @property
    def damaged(self) -> bool:
        """The record is lost or damaged: the screen must not offer to choose a PIN."""
        return bool(self._load().get("damaged"))

    def set(self, pin: str, reset: bool = False) -> None:
        """Set the PIN: first run, after ``change`` checked the old one, or ``reset`` (the console's
        ``hauntable admin-pin --reset``) over a damaged or forgotten record."""
        if not (pin.isdigit() and 4 <= len(pin) <= 8):
            raise PinError("A PIN is 4 to 8 digits.")
        if self.damaged and not reset:
            raise PinError(PinCheck(False, damaged=True).sentence)
        _UNSAVED.pop(str(self.path), None)
        salt = secrets.token_bytes(16)
        digest = hashlib.scrypt(pin.encode(), salt=salt, **SCRYPT)
        self._save({"salt": salt.hex(), "hash": digest.hex(), **SCRYPT, "failures": 0, "level": 0})

    # --- a try --------------------------------------------------------------------------------------

    def _decayed(self, data: dict[str, Any], now: float, boot: str) -> None:
        """Forget old wrong tries and step the doubling down; move deadlines from another boot to now."""
        for key in ("last_failure", "last_lockout"):
            stamp = data.get(key)
            if isinstance(stamp, list) and stamp[0] != boot:
                data[key] = [boot, now]  # a reboot: the monotonic clock restarted; count from here
        lock = data.get("lock")
        if isinstance(lock, dict) and lock.get("boot") != boot:
            data["lock"] = {
                "boot": boot,
                "until": now + float(lock.get("secs", 0.0)),
                "secs": lock.get("secs"),
            }
        last = data.get("last_failure")
        if isinstance(last, list) and now - last[1] > FAILURE_DECAY:
            data["failures"] = 0
        lockout = data.get("last_lockout")
        if isinstance(lockout, list) and data.get("level", 0) > 0:
            steps = int((now - lockout[1]) // LOCKOUT_DECAY)
            if steps > 0:
                data["level"] = max(0, data["level"] - steps)
                data["last_lockout"] = [boot, lockout[1] + steps * LOCKOUT_DECAY]

    def check(self, pin: str) -> PinCheck:
        data = self._load()
        if data.get("damaged"):
            return PinCheck(False, 0.0, 0, damaged=True)
        if "hash" not in data:
            return PinCheck(False, 0.0, 0)
        now, boot = self._clock(), self._boot()
        before = json.dumps(data, sort_keys=True)
        self._decayed(data, now, boot)
        lock = data.get("lock")
        if isinstance(lock, dict) and now < lock.get("until", 0.0):
            if json.dumps(data, sort_keys=True) != before:
                self._save(data)
            return PinCheck(False, lock["until"] - now, 0)
        params = {k: data[k] for k in ("n", "r", "p")}
        try:
            digest = hashlib.scrypt(pin.encode(), salt=bytes.fromhex(data["salt"]), **params)
        except ValueError:
            return PinCheck(False, 0.0, 0, damaged=True)
        if hmac.compare_digest(digest.hex(), data["hash"]):
            data.update(failures=0, level=0, lock=None)  # the operator is here: start afresh
            self._save(data)
            return PinCheck(True)
        data["failures"] = int(data.get("failures", 0)) + 1
        data["last_failure"] = [boot, now]
        if data["failures"] >= MAX_FAILURES:
            level = int(data.get("level", 0))
            wait = min(MAX_LOCKOUT, LOCKOUT * 2**level)
            data.update(failures=0, level=level + 1, lock={"boot": boot, "until": now + wait, "secs": wait})
            data["last_lockout"] = [boot, now + wait]
            self._save(data)
            return PinCheck(False, wait, 0)
        self._save(data)
        return PinCheck(False, 0.0, MAX_FAILURES - data["failures"])

    def change(self, old: str, new: str) -> None:
        result = self.check(old)
        if not result.ok:
            raise PinError(result.sentence)
        self.set(new)


class AdminLock:
    """The unlocked admin menu locks itself again after ``idle`` seconds without a touch on it, on the
    monotonic clock, game running or not (an operator who walks away leaves no open menu behind)."""

    IDLE = 120.0

    def __init__(self, clock: Callable[[], float] = time.monotonic, idle: float = IDLE):
        self._clock = clock
        self.idle = idle
        self._since: float | None = None

    @property
    def unlocked(self) -> bool:
        return self._since is not None and self._clock() - self._since <= self.idle

    def unlock(self) -> None:
        self._since = self._clock()

    def touched(self) -> None:
        if self._since is not None:
            self._since = self._clock()

    def lock(self) -> None:
        self._since = None

    def expired(self) -> bool:
        """True once when an unlocked menu has timed out (then it is locked)."""
        if self._since is not None and not self.unlocked:
            self._since = None
            return True
        return False

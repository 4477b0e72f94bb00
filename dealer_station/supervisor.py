"""Supervisor credentials: salted scrypt PIN hashes, lockout, every attempt reported.

Supervisor actions (void, accept a mismatch, clear a fault, correct a keyed card) need a
badge and PIN. The store is a small JSON file replaced atomically (write, fsync, rename)
so a crash never leaves it half-written. Only ``scrypt(pin, salt)`` is stored; failure
counters and lockouts are stored too, so restarting the station does not lift a lockout.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import os
import re
import secrets
import tempfile
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .errors import DealerStationError

if TYPE_CHECKING:
    from .journal import Journal

__all__ = ["AuthError", "CredentialError", "CredentialStore", "Supervisor"]

FORMAT_NAME = "dealer-station-credentials"
SCRYPT_N, SCRYPT_R, SCRYPT_P = 2**14, 8, 1
_SALT_BYTES = 16
_KEY_BYTES = 32
_PIN = re.compile(r"[0-9]{4,12}")
_BADGE = re.compile(r"[A-Za-z0-9_.-]{1,32}")
_ROLE = re.compile(r"[a-z][a-z_]{0,31}")

# Reasons reported to on_attempt and journaled (never the PIN itself).
OK, UNKNOWN_BADGE, WRONG_PIN, LOCKED_OUT = "ok", "unknown badge", "wrong PIN", "locked out"


class CredentialError(DealerStationError):
    """A credential that cannot be stored (bad PIN format, duplicate badge, unreadable file)."""


class AuthError(DealerStationError):
    """A refused supervisor authentication; ``reason`` is one of the module's reason strings."""

    def __init__(self, problem: str, field: str | None = None, *, reason: str = WRONG_PIN) -> None:
        super().__init__(problem, field)
        self.reason = reason


@dataclass(frozen=True, slots=True)
class Supervisor:
    """An authenticated person: who acted, and with which role."""

    badge: str
    role: str

    @property
    def actor(self) -> str:
        """The journal's actor name for this person."""
        return f"supervisor:{self.badge}"


AttemptCallback = Callable[[str, bool, str], None]


def _scrypt(pin: str, salt: bytes, n: int, r: int, p: int) -> bytes:
    return hashlib.scrypt(pin.encode(), salt=salt, n=n, r=r, p=p, maxmem=64 * 1024 * 1024, dklen=_KEY_BYTES)


class CredentialStore:
    """Badges with salted PIN hashes in one JSON file; thread-safe.

    ``clock`` returns wall-clock seconds (``time.time``) and is injectable for tests;
    wall clock rather than monotonic because lockouts are persisted across restarts.
    """

    def __init__(
        self,
        path: str | os.PathLike[str],
        *,
        max_failures: int = 3,
        lockout_seconds: float = 300.0,
        clock: Callable[[], float] = time.time,
        on_attempt: AttemptCallback | None = None,
        journal: Journal | None = None,
    ) -> None:
        if max_failures < 1 or lockout_seconds < 0:
            raise ValueError("max_failures must be >= 1 and lockout_seconds >= 0")
        self.path = Path(path)
        self.max_failures = max_failures
        self.lockout_seconds = lockout_seconds
        self._clock = clock
        self._on_attempt = on_attempt
        self._journal = journal
        self._lock = threading.Lock()
        self._records: dict[str, dict[str, Any]] = self._load()
        # Hash for unknown badges so "no such badge" costs the same time as "wrong PIN".
        self._decoy = {"salt": secrets.token_bytes(_SALT_BYTES).hex(), "n": SCRYPT_N, "r": SCRYPT_R, "p": SCRYPT_P,
                       "hash": "00" * _KEY_BYTES}

    # ----------------------------------------------------------------- storage

    def _load(self) -> dict[str, dict[str, Any]]:
        if not self.path.exists():
            return {}
        try:
            data = json.loads(self.path.read_text(encoding="utf-8"))
            if data.get("format") != FORMAT_NAME or not isinstance(data.get("supervisors"), dict):
                raise ValueError
            return data["supervisors"]
        except (OSError, ValueError, AttributeError):
            raise CredentialError(f"{self.path} is not a readable credential file") from None

    def _save(self) -> None:
        """Replace the file atomically: a crash leaves the old or the new version, never half."""
        text = json.dumps({"format": FORMAT_NAME, "version": 1, "supervisors": self._records}, indent=1, sort_keys=True)
        self.path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=".credentials-", dir=self.path.parent)
        try:
            with os.fdopen(fd, "w", encoding="utf-8") as fh:
                fh.write(text)
                fh.flush()
                os.fsync(fh.fileno())
            os.chmod(tmp, 0o600)
            os.replace(tmp, self.path)
        except BaseException:
            Path(tmp).unlink(missing_ok=True)
            raise
        dir_fd = os.open(self.path.parent, os.O_RDONLY)
        try:
            os.fsync(dir_fd)
        finally:
            os.close(dir_fd)

    # ----------------------------------------------------------------- management

    def add(self, badge: str, pin: str, role: str = "supervisor", *, replace: bool = False) -> Supervisor:
        """Store a badge with a new random salt; ``replace=True`` changes an existing PIN/role."""
        if not isinstance(badge, str) or not _BADGE.fullmatch(badge):
            raise CredentialError("badge must be 1-32 letters, digits, '.', '_' or '-'", "badge")
        if not isinstance(pin, str) or not _PIN.fullmatch(pin):
            raise CredentialError("PIN must be 4 to 12 digits", "pin")
        if not isinstance(role, str) or not _ROLE.fullmatch(role):
            raise CredentialError("role must be a lower-case word", "role")
        salt = secrets.token_bytes(_SALT_BYTES)
        digest = _scrypt(pin, salt, SCRYPT_N, SCRYPT_R, SCRYPT_P)
        with self._lock:
            if badge in self._records and not replace:
                raise CredentialError(f"badge {badge} already exists", "badge")
            self._records[badge] = {
                "role": role, "salt": salt.hex(), "hash": digest.hex(),
                "n": SCRYPT_N, "r": SCRYPT_R, "p": SCRYPT_P, "failures": 0, "locked_until": None,
            }
            self._save()
        return Supervisor(badge, role)

    def remove(self, badge: str) -> None:
        with self._lock:
            if self._records.pop(badge, None) is None:
                raise CredentialError(f"unknown badge {badge}", "badge")
            self._save()

    def badges(self) -> list[str]:
        with self._lock:
            return sorted(self._records)

    # ----------------------------------------------------------------- authentication

    def authenticate(self, badge: str, pin: str) -> Supervisor:
        """Return the supervisor, or raise ``AuthError`` naming why; every attempt is reported."""
        with self._lock:
            ok, reason, message, role = self._check(badge, pin)
        self._report(badge, ok, reason)
        if not ok:
            raise AuthError(message, reason=reason)
        return Supervisor(badge, role)

    def _check(self, badge: str, pin: str) -> tuple[bool, str, str, str]:
        now = self._clock()
        record = self._records.get(badge) if isinstance(badge, str) else None
        if record is None:
            self._matches(self._decoy, pin)
            return False, UNKNOWN_BADGE, f"unknown badge {badge!s}", ""
        locked_until = record.get("locked_until")
        if locked_until is not None and now < locked_until:
            return False, LOCKED_OUT, f"badge {badge} is locked out for {int(locked_until - now) + 1} more s", ""
        if self._matches(record, pin):
            if record["failures"] or locked_until is not None:
                record.update(failures=0, locked_until=None)
                self._save()
            return True, OK, "ok", record["role"]
        record["failures"] += 1
        message = f"wrong PIN for badge {badge}"
        if record["failures"] >= self.max_failures:
            record.update(failures=0, locked_until=now + self.lockout_seconds)
            message += f"; badge locked out for {int(self.lockout_seconds)} s"
        self._save()
        return False, WRONG_PIN, message, ""

    @staticmethod
    def _matches(record: dict[str, Any], pin: str) -> bool:
        if not isinstance(pin, str) or not pin.isascii():
            pin = ""  # still spend the scrypt time: no shortcut reveals anything
        actual = _scrypt(pin, bytes.fromhex(record["salt"]), record["n"], record["r"], record["p"])
        return hmac.compare_digest(actual, bytes.fromhex(record["hash"]))

    def _report(self, badge: str, ok: bool, reason: str) -> None:
        """Tell the controller and journal the attempt; outside the lock so callbacks may re-enter."""
        if self._journal is not None:
            self._journal.append("supervisor_auth", {"ok": ok, "reason": reason}, actor=f"supervisor:{badge}")
        if self._on_attempt is not None:
            self._on_attempt(badge, ok, reason)

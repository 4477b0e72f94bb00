"""The pit web page's users: names, scrypt-hashed passwords, roles, lockout.

The same store as the station's supervisor badges (``dealer_station.supervisor``: salted
scrypt, failure counters and lockouts kept in the file, atomic replacement, an OS lock
around every change, one refusal text whatever the reason), with a person's name and a
password instead of a badge and a PIN. It lives in the pit server's own folder
(``<state-dir>/users.json``), never in the floor database, which the page only reads.
Users come only from ``dealer-station pit users add``: there is no built-in user and no
default password.

Roles: ``supervisor`` (the floor, rounds, reports) and ``auditor`` (also the integrity
page and the raw events of a round); the table bank adds ``cage`` (issues fill and credit slips,
confirms a credit's chips arrived, voids a slip with a second person) and ``count`` (enters each
table-shift's drop, or imports the soft count's CSV). Each acts on the Bank page only as its role
allows, and the floor checks the role again (migration 0019). ``compliance`` sees the floor's pages and the Compliance page: the
MTL, CTR dues and alerts filed as handled, the cage's cash-outs, the exclusion list.

A user may hold a station badge (``pit users add --badge 0412``): the journal names a supervisor by
badge only (``supervisor:0412``), and the pages then say who that is ("maria (supervisor, badge 0412)").
"""

from __future__ import annotations

import os
import re
import unicodedata
from pathlib import Path

from ..supervisor import CredentialError, CredentialStore, Supervisor

SUPERVISOR, AUDITOR, CAGE, COUNT, COMPLIANCE = "supervisor", "auditor", "cage", "count", "compliance"
ROLES = (SUPERVISOR, AUDITOR, CAGE, COUNT, COMPLIANCE)
MIN_PASSWORD, MAX_PASSWORD = 10, 256
MAX_FAILURES, LOCKOUT_SECONDS = 5, 900.0
_NAME = re.compile(r"[A-Za-z0-9_.@-]{1,64}")
_BADGE = re.compile(r"[A-Za-z0-9_-]{1,32}")


def users_path(state_dir: str | os.PathLike[str]) -> Path:
    return Path(state_dir) / "users.json"


def _normal(password: str) -> str:
    """One form of a password however it was typed (a terminal and a browser may compose é differently)."""
    return unicodedata.normalize("NFC", password)


class PitUsers(CredentialStore):
    """People who may sign in to the pit's web page."""

    FILE_FORMAT = "dealer-station-pit-users"
    RECORDS_KEY = "users"
    NOT_ACCEPTED = "user name or password not accepted"
    ID_FIELD, SECRET_FIELD = "user", "password"
    FOLDER_FIELD = "state-dir"

    def __init__(self, path: str | os.PathLike[str], **kwargs: object) -> None:
        kwargs.setdefault("max_failures", MAX_FAILURES)
        kwargs.setdefault("lockout_seconds", LOCKOUT_SECONDS)
        super().__init__(path, **kwargs)  # type: ignore[arg-type]

    def _check_id(self, badge: object) -> None:
        if not isinstance(badge, str) or not _NAME.fullmatch(badge):
            raise CredentialError("user name must be 1-64 letters, digits, '.', '_', '@' or '-'", "user")

    def _check_secret(self, pin: object) -> None:
        if not isinstance(pin, str) or not MIN_PASSWORD <= len(pin) <= MAX_PASSWORD:
            raise CredentialError(f"password must be {MIN_PASSWORD} to {MAX_PASSWORD} characters", "password")
        if not pin.isprintable() or not pin.strip():
            raise CredentialError("password must be printable characters, not only spaces", "password")

    def _check_role(self, role: object) -> None:
        if role not in ROLES:
            raise CredentialError(f"role must be one of {', '.join(ROLES)}", "role")

    @classmethod
    def _usable_secret(cls, pin: object) -> bool:
        return isinstance(pin, str) and len(pin) <= MAX_PASSWORD

    def add(self, badge: str, pin: str, role: str = SUPERVISOR, *, replace: bool = False,
            builtin: bool = False, holds: str | None = None) -> Supervisor:
        """Add a user (``badge`` is the user's name here); ``holds``: the station badge this person holds."""
        if holds is not None and not _BADGE.fullmatch(holds):
            raise CredentialError("a badge is 1-32 letters, digits, '_' or '-'", "badge")
        if replace and holds is None and self.path.exists():  # a new password keeps the badge held
            holds = next((b for b, name in self.badge_holders().items() if name == badge), None)
        person = super().add(badge, _normal(pin) if isinstance(pin, str) else pin, role, replace=replace,
                             builtin=builtin)  # (refused: there is no built-in pit user)
        if holds is not None:
            with self._updating() as records:
                for name, record in records.items():
                    if name != badge and record.get("holds") == holds:
                        record.pop("holds")  # a badge has one holder: the last one named
                records[badge]["holds"] = holds
                self._save()
        return person

    def badge_holders(self) -> dict[str, str]:
        """Station badge -> the user holding it, read fresh from the file."""
        with self._lock:
            self._records = self._load()
            return {str(r["holds"]): name for name, r in self._records.items()
                    if isinstance(r, dict) and isinstance(r.get("holds"), str)}

    def authenticate(self, badge: str, pin: str) -> Supervisor:
        return super().authenticate(badge, _normal(pin) if isinstance(pin, str) else pin)

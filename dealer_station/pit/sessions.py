"""Signed, expiring sessions and CSRF tokens for the pit's web page.

A session is a cookie holding who signed in, their role, when, when they were last seen
and a random nonce, signed with HMAC-SHA256 under the server's session key
(``state.session_key``): it cannot be forged or edited, and survives a server restart. It
is refused when its signature is wrong, it is older than ``lifetime`` (a shift and a bit)
or idle longer than ``idle``, its nonce was revoked (signed out), or its user was removed,
given another role or another password since: the cookie names the enrolment that signed
in (``supervisor.enrolment_id``, new with every ``pit users add``), so a name removed and
added again is a new identity whose old sessions never come back. The user file is
re-read whenever it is replaced, checked on every request and every few seconds of a live
stream. The last-seen time is re-signed at most once a minute.

CSRF: the sign-in form carries HMAC(key, "login." + a random pre-session cookie), and any
other form HMAC(key, "post." + the session's nonce): a page on another site can neither
read nor compute either. Cookies are HttpOnly and SameSite=Strict on top of that.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import json
import os
import secrets
import tempfile
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..supervisor import Supervisor
from .users import PitUsers

LIFETIME = 12 * 3600.0
IDLE = 30 * 60.0
REFRESH_AFTER = 60.0
Clock = Callable[[], float]


@dataclass(frozen=True, slots=True)
class Session:
    user: str
    role: str
    issued: float
    seen: float
    nonce: str
    enrolment: str
    """The user's enrolment that signed in: another password, or the name added anew, ends the session."""


def _b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode("ascii")


def _unb64(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


class Sessions:
    """Issues and checks session cookies and CSRF tokens under one key."""

    def __init__(self, key: bytes, users: PitUsers, *, revoked_path: Path | None = None, clock: Clock = time.time,
                 lifetime: float = LIFETIME, idle: float = IDLE) -> None:
        self._key = key
        self._users = users
        self._clock = clock
        self.lifetime = lifetime
        self.idle = idle
        self._revoked_path = revoked_path
        self._lock = threading.Lock()
        self._revoked: dict[str, float] = self._load_revoked()
        self._roles: dict[str, tuple[str, str]] = {}  # user -> (role, enrolment)
        self._seen: dict[str, float] = {}  # nonce -> last request seen (what the cookie may not say yet)
        self._users_seen: tuple[int, int, int, int] | None = None

    # ------------------------------------------------------------------ signing

    def _sign(self, purpose: str, text: str) -> str:
        return _b64(hmac.new(self._key, f"{purpose}.{text}".encode(), hashlib.sha256).digest())

    def issue(self, person: Supervisor) -> str:
        """A fresh session cookie value for someone who just signed in (as ``PitUsers.authenticate`` returned)."""
        now = self._clock()
        return self._encode(Session(person.badge, person.role, now, now, secrets.token_urlsafe(18), person.enrolment))

    def _encode(self, session: Session) -> str:
        body = _b64(json.dumps({"u": session.user, "r": session.role, "i": session.issued, "s": session.seen,
                                "n": session.nonce, "e": session.enrolment}, separators=(",", ":")).encode())
        return f"{body}.{self._sign('session', body)}"

    def read(self, cookie: str | None) -> Session | None:
        """The session a cookie holds, or None when it is not (or no longer) good."""
        if not cookie or len(cookie) > 1024 or cookie.count(".") != 1:
            return None
        body, signature = cookie.split(".")
        if not hmac.compare_digest(signature, self._sign("session", body)):
            return None
        try:
            data: dict[str, Any] = json.loads(_unb64(body))
            session = Session(str(data["u"]), str(data["r"]), float(data["i"]), float(data["s"]), str(data["n"]),
                              str(data["e"]))
        except (ValueError, KeyError, TypeError):
            return None
        now = self._clock()
        if now - session.issued > self.lifetime or now - session.seen > self.idle or session.seen > now + 60:
            return None
        with self._lock:
            if session.nonce in self._revoked:
                return None
        if not self._current(session):
            return None
        with self._lock:
            if len(self._seen) > 10_000:
                self._seen = {n: t for n, t in self._seen.items() if now - t < self.idle}
            self._seen[session.nonce] = now
        return session

    def alive(self, session: Session) -> bool:
        """Whether a session read earlier still holds now (a live stream asks every few seconds):
        not signed out, its user and role unchanged, neither too old nor idle since its last request."""
        now = self._clock()
        with self._lock:
            if session.nonce in self._revoked:
                return False
            seen = max(session.seen, self._seen.get(session.nonce, 0.0))
        return now - session.issued <= self.lifetime and now - seen <= self.idle and self._current(session)

    def refreshed(self, session: Session) -> str | None:
        """A re-signed cookie with a new last-seen time, when the old one is over a minute old."""
        now = self._clock()
        if now - session.seen < REFRESH_AFTER:
            return None
        return self._encode(Session(session.user, session.role, session.issued, now, session.nonce,
                                    session.enrolment))

    def expires_in(self, session: Session) -> float:
        """Seconds until the session ends by itself (lifetime or idleness, whichever first)."""
        now = self._clock()
        return max(0.0, min(session.issued + self.lifetime, session.seen + self.idle) - now)

    # ------------------------------------------------------------------ users

    def _current(self, session: Session) -> bool:
        """Whether the session's user is still enrolled as it was when signing in: same role, same enrolment."""
        return self._enrolment_of(session.user) == (session.role, session.enrolment)

    def _enrolment_of(self, user: str) -> tuple[str, str] | None:
        """The user's (role, enrolment) now, re-reading the user file whenever it was replaced (a new inode
        each time: atomic replacement), so removal or a new password signs them out at once."""
        path = self._users.path
        try:
            info = path.stat()
            seen: tuple[int, int, int, int] | None = (info.st_dev, info.st_ino, info.st_mtime_ns, info.st_size)
        except OSError:
            seen = None
        with self._lock:
            if seen != self._users_seen or seen is None:
                self._roles = {e.badge: (e.role, e.enrolment) for e in self._users.enrolments()} if seen else {}
                self._users_seen = seen
            return self._roles.get(user)

    # ------------------------------------------------------------------ signing out

    def revoke(self, session: Session) -> None:
        """Sign a session out for good (kept until it would have expired anyway)."""
        with self._lock:
            now = self._clock()
            self._revoked = {n: until for n, until in self._revoked.items() if until > now}
            self._revoked[session.nonce] = session.issued + self.lifetime
            self._save_revoked()

    def _load_revoked(self) -> dict[str, float]:
        if self._revoked_path is None or not self._revoked_path.exists():
            return {}
        try:
            data = json.loads(self._revoked_path.read_text(encoding="utf-8"))
            return {str(k): float(v) for k, v in data.items()}
        except (OSError, ValueError, AttributeError):
            return {}

    def _save_revoked(self) -> None:
        if self._revoked_path is None:
            return
        fd, tmp = tempfile.mkstemp(prefix=".revoked-", dir=self._revoked_path.parent)
        try:
            with os.fdopen(fd, "w", encoding="utf-8") as fh:
                json.dump(self._revoked, fh)
            os.replace(tmp, self._revoked_path)
        except BaseException:
            Path(tmp).unlink(missing_ok=True)
            raise

    # ------------------------------------------------------------------ CSRF

    def login_token(self, pre_session: str) -> str:
        """The sign-in form's token, bound to the browser's pre-session cookie."""
        return self._sign("login", pre_session)

    def post_token(self, session: Session) -> str:
        """The token of every form a signed-in user posts, bound to their session."""
        return self._sign("post", session.nonce)

    @staticmethod
    def same(given: str | None, expected: str) -> bool:
        return isinstance(given, str) and hmac.compare_digest(given.encode(), expected.encode())

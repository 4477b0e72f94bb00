"""The gate every request passes: sign-in required, security headers, same-origin posts.

``Gate`` is plain ASGI middleware around the whole app, so no route can forget it: a
request for anything but the sign-in page and the stylesheet needs a good session
(``sessions.Sessions``); without one a page answers 303 to ``/login`` and an API route 401,
before any route code runs. Every response gets the security headers (a strict Content
Security Policy: scripts and styles from this server only, no frames, forms post here
only; nosniff; no referrer). A POST whose Origin is another site is refused outright, and
each form also carries its CSRF token (checked by the route that reads the form).
Roles are checked by the routes (``require``): an auditor sees everything a supervisor does.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, MutableMapping
from http.cookies import SimpleCookie
from typing import Any
from urllib.parse import quote, urlsplit

from starlette.exceptions import HTTPException
from starlette.requests import Request

from .sessions import Session, Sessions
from .users import AUDITOR, COMPLIANCE, SUPERVISOR

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]

PUBLIC = frozenset({"/login", "/static/pit.css"})
"""The only paths served without a session: the sign-in form and its stylesheet (no floor data)."""

CSP = ("default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; "
       "form-action 'self'; frame-ancestors 'none'; base-uri 'none'")
SECURITY_HEADERS = (
    (b"content-security-policy", CSP.encode()),
    (b"x-frame-options", b"DENY"),
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"same-origin"),
    (b"cross-origin-opener-policy", b"same-origin"),
    (b"cross-origin-resource-policy", b"same-origin"),
    (b"permissions-policy", b"camera=(), microphone=(), geolocation=(), payment=(), usb=(), serial=()"),
)
RANK = {SUPERVISOR: 1, COMPLIANCE: 1, AUDITOR: 2}


class CookieNames:
    """Cookie names: ``__Host-`` prefixed (bound to this host, Secure, path /) when served over TLS."""

    def __init__(self, secure: bool) -> None:
        self.secure = secure
        prefix = "__Host-" if secure else ""
        self.session = f"{prefix}pit_session"
        self.login = f"{prefix}pit_login"

    def header(self, name: str, value: str, max_age: int) -> str:
        """A Set-Cookie value: HttpOnly, SameSite=Strict, path /, Secure when served over TLS."""
        parts = [f"{name}={value}", "Path=/", "HttpOnly", "SameSite=Strict", f"Max-Age={max_age}"]
        if self.secure:
            parts.append("Secure")
        return "; ".join(parts)


def cookies_of(scope: Scope) -> dict[str, str]:
    jar: SimpleCookie = SimpleCookie()
    for key, value in scope.get("headers", []):
        if key == b"cookie":
            try:
                jar.load(value.decode("latin-1"))
            except Exception:  # a malformed cookie header is no session, not an error page
                return {}
    return {k: m.value for k, m in jar.items()}


def _header(scope: Scope, name: bytes) -> str | None:
    for key, value in scope.get("headers", []):
        if key == name:
            return str(value.decode("latin-1"))
    return None


def same_origin(scope: Scope) -> bool:
    """A request comes from a page of this server: the browser's Sec-Fetch-Site says so, or (older
    browsers) its Origin is this host. A client that sends neither is no browser: the CSRF token
    still applies to it."""
    fetch_site = _header(scope, b"sec-fetch-site")
    if fetch_site is not None:
        return fetch_site in ("same-origin", "none")
    origin = _header(scope, b"origin")
    if origin is None:
        return True
    host = _header(scope, b"host")
    parts = urlsplit(origin)
    return bool(host) and parts.netloc == host and parts.scheme in ("http", "https")


class Gate:
    """ASGI middleware: sessions, refusals, security headers (see the module docstring)."""

    def __init__(self, app: ASGIApp, sessions: Sessions, cookies: CookieNames) -> None:
        self.app = app
        self.sessions = sessions
        self.cookies = cookies

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        path: str = scope.get("path", "")
        refresh: str | None = None
        secure = self.cookies.secure

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = list(message.get("headers", []))
                headers += SECURITY_HEADERS
                if secure:
                    headers.append((b"strict-transport-security", b"max-age=31536000"))
                if not path.startswith("/static/"):
                    headers.append((b"cache-control", b"no-store"))
                if refresh is not None:
                    cookie = self.cookies.header(self.cookies.session, refresh, int(self.sessions.lifetime))
                    headers.append((b"set-cookie", cookie.encode()))
                message["headers"] = headers
            await send(message)

        if scope.get("method") not in ("GET", "HEAD") and not same_origin(scope):
            await _respond(send_with_headers, 403, b"cross-site request refused")
            return
        session = self.sessions.read(cookies_of(scope).get(self.cookies.session))
        scope.setdefault("state", {})["session"] = session
        if session is None and path not in PUBLIC:
            if path.startswith("/api/") or scope.get("method") not in ("GET", "HEAD"):
                await _respond(send_with_headers, 401, b"sign in first", content_type=b"text/plain; charset=utf-8")
            else:
                target = path + ("?" + scope["query_string"].decode("latin-1") if scope.get("query_string") else "")
                await _respond(send_with_headers, 303, b"", location=f"/login?next={quote(target, safe='')}")
            return
        if session is not None and not path.startswith("/api/floor/stream"):
            refresh = self.sessions.refreshed(session)
        await self.app(scope, receive, send_with_headers)


async def _respond(send: Send, status: int, body: bytes, *, location: str | None = None,
                   content_type: bytes = b"text/plain; charset=utf-8") -> None:
    headers = [(b"content-type", content_type), (b"content-length", str(len(body)).encode())]
    if location is not None:
        headers.append((b"location", location.encode("latin-1")))
    await send({"type": "http.response.start", "status": status, "headers": headers})
    await send({"type": "http.response.body", "body": body})


def session_of(request: Request) -> Session:
    """The signed-in person (the gate let the request through, so there is one)."""
    session = request.scope.get("state", {}).get("session")
    if not isinstance(session, Session):
        raise HTTPException(401, "sign in first")
    return session


def require(request: Request, role: str) -> Session:
    """The session, when its role is ``role`` or above (an auditor is also a supervisor); else 403."""
    session = session_of(request)
    if RANK.get(session.role, 0) < RANK[role]:
        raise HTTPException(403, f"this page is for the {role} role")
    return session


FORM_LIMIT = 8192


async def form_of(request: Request, limit: int = FORM_LIMIT) -> dict[str, str]:
    """A posted urlencoded form (first value of each field); a larger body than ``limit`` is refused."""
    from urllib.parse import parse_qs

    kind = request.headers.get("content-type", "").split(";")[0].strip().lower()
    if kind != "application/x-www-form-urlencoded":
        raise HTTPException(415, "send the form as application/x-www-form-urlencoded")
    body = b""
    async for chunk in request.stream():
        body += chunk
        if len(body) > limit:
            raise HTTPException(413, "form too large")
    try:
        fields = parse_qs(body.decode("utf-8"), keep_blank_values=True, strict_parsing=False, max_num_fields=20)
    except (UnicodeDecodeError, ValueError):
        raise HTTPException(400, "unreadable form") from None
    return {k: v[0] for k, v in fields.items()}


def safe_next(target: str | None) -> str:
    """Where to go after signing in: a path on this server only (no open redirect)."""
    if not target or not target.startswith("/") or target.startswith("//") or "\\" in target or target == "/login":
        return "/floor"
    return target

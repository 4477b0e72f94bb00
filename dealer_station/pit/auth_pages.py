"""Signing in and out.

The sign-in form is the only page served without a session. It carries a CSRF token bound
to a random pre-session cookie; a refused attempt says only "user name or password not
accepted" (unknown user, wrong password and locked-out user look the same, and cost the
same scrypt), while the log gets the true reason. After ``MAX_FAILURES`` failures a user
is locked out for ``LOCKOUT_SECONDS`` (kept in the user file: a restart does not lift it),
and an address with too many failures on any names waits (``throttle.py``), answered 429.
"""

from __future__ import annotations

import math
import secrets

import structlog
from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import JSONResponse, RedirectResponse, Response
from starlette.routing import Route

from ..supervisor import UNKNOWN_BADGE, WRONG_PIN, AuthError
from .page import pit_of
from .web import form_of, safe_next, session_of

log = structlog.get_logger("dealer_station.pit.auth")
LOGIN_COOKIE_AGE = 3600
REASONS = {WRONG_PIN: "wrong password", UNKNOWN_BADGE: "unknown user"}  # the store's words, for a web login


def _login_form(request: Request, status: int = 200, message: str | None = None, next_path: str = "/floor") -> Response:
    pit = pit_of(request)
    pre = request.cookies.get(pit.cookies.login) or secrets.token_urlsafe(24)
    response = pit.render(request, "login.html", status=status, csrf=pit.sessions.login_token(pre), message=message,
                          next_path=next_path)
    response.headers.append("set-cookie", pit.cookies.header(pit.cookies.login, pre, LOGIN_COOKIE_AGE))
    return response


async def login_page(request: Request) -> Response:
    next_path = safe_next(request.query_params.get("next"))
    if request.scope.get("state", {}).get("session") is not None:
        return RedirectResponse(next_path, status_code=303)
    return _login_form(request, next_path=next_path)


async def login_submit(request: Request) -> Response:
    pit = pit_of(request)
    form = await form_of(request)
    next_path = safe_next(form.get("next"))
    pre = request.cookies.get(pit.cookies.login)
    if not pre or not pit.sessions.same(form.get("csrf"), pit.sessions.login_token(pre)):
        log.warning("pit_login_refused", reason="csrf token missing or wrong")
        return _login_form(request, 403, "The sign-in form expired or did not come from this page: try again.",
                           next_path)
    user = form.get("user", "")
    address = request.client.host if request.client else "unknown"
    started = pit.throttle.attempt(address)
    if started is None:
        log.warning("pit_login_refused", user=user[:64], address=address, reason="too many failures from this address")
        minutes = max(1, math.ceil(pit.throttle.wait(address) / 60))
        return _login_form(request, 429, f"Too many refused sign-ins from this computer: try again in {minutes} min.",
                           next_path)
    try:
        person = await run_in_threadpool(pit.users.authenticate, user, form.get("password", ""))
    except AuthError as exc:
        log.warning("pit_login_refused", user=user[:64], address=address,
                    reason=REASONS.get(exc.reason, exc.reason))
        return _login_form(request, 401, pit.users.NOT_ACCEPTED, next_path)
    pit.throttle.succeeded(address, started)
    log.info("pit_login", user=person.badge, role=person.role, failed_before=person.failed_attempts)
    response = RedirectResponse(next_path, status_code=303)
    response.headers.append("set-cookie", pit.cookies.header(pit.cookies.session,
                                                             pit.sessions.issue(person),
                                                             int(pit.sessions.lifetime)))
    response.headers.append("set-cookie", pit.cookies.header(pit.cookies.login, "", 0))
    return response


async def logout(request: Request) -> Response:
    pit = pit_of(request)
    session = session_of(request)
    form = await form_of(request)
    if not pit.sessions.same(form.get("csrf"), pit.sessions.post_token(session)):
        return pit.render(request, "error.html", status=403, status_code=403,
                          detail="The form did not come from this page: not signed out.")
    pit.sessions.revoke(session)
    log.info("pit_logout", user=session.user)
    response = RedirectResponse("/login", status_code=303)
    response.headers.append("set-cookie", pit.cookies.header(pit.cookies.session, "", 0))
    return response


async def session_info(request: Request) -> Response:
    """Who is signed in and for how long; a visible floor page calls it to stay signed in."""
    pit = pit_of(request)
    session = session_of(request)
    return JSONResponse({"user": session.user, "role": session.role,
                         "expires_in": round(pit.sessions.expires_in(session))})


ROUTES = [
    Route("/login", login_page, methods=["GET"]),
    Route("/login", login_submit, methods=["POST"]),
    Route("/logout", logout, methods=["POST"]),
    Route("/api/session", session_info, methods=["GET"]),
]

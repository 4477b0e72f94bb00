"""The pit's web application: what it is made of and how it starts.

``create_app(settings)`` builds a Starlette app: the gate (``web.Gate``: sign-in, security
headers), the pages (``*_pages.py``), the live floor (``live.FloorLive``) and the chain
watch (``chains.ChainWatch``), the shuffle audit (``shuffle_watch.ShuffleWatch``), a small pool of read-only connections to the floor. On start it
refuses a floor login that could write anything: the page reads with the report role only.
"""

from __future__ import annotations

import contextlib
import json
import time
from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime
from datetime import time as dtime
from importlib import resources
from pathlib import Path
from typing import Any
from zoneinfo import ZoneInfo

import psycopg
import structlog
from jinja2 import Environment
from markupsafe import Markup
from psycopg_pool import ConnectionPool
from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import HTMLResponse, Response
from starlette.routing import Route

from ..errors import DealerStationError
from ..floor.db import FloorError, connect, one_line, redact
from ..floor.link_report import LINK_SCHEMA
from ..floor.migrate import require_version
from ..floor.queries import REPORT_SCHEMA
from ..shifts import DEFAULT_SHIFTS
from .chains import ChainWatch
from .live import STALE_BETWEEN, STALE_OPEN, FloorLive, Tile
from .outage import CONNECT_TIMEOUT, KEEPALIVE, floor_trouble, is_floor_trouble
from .par_keeper import PAR_SCHEMA, ParKeeper
from .sessions import IDLE, LIFETIME, Session, Sessions
from .shuffle_watch import EVERY as SHUFFLE_EVERY
from .shuffle_watch import WINDOW as SHUFFLE_WINDOW
from .shuffle_watch import ShuffleWatch
from .state import session_key
from .throttle import AddressThrottle
from .users import PitUsers, users_path
from .views import environment
from .web import CookieNames, Gate

log = structlog.get_logger("dealer_station.pit.app")

READ_ONLY: dict[str, Any] = {"options": "-c default_transaction_read_only=on", "connect_timeout": CONNECT_TIMEOUT,
                             **KEEPALIVE}
"""Every connection the page opens is read-only, whatever role the URL names; it gives up quickly
on a floor that does not answer (``outage``)."""
STATEMENT_TIMEOUT = 20.0
"""Seconds a page's query may run (a shift report over ten million events takes about one)."""
POOL_WAIT = 3.0
"""Seconds a page waits for a floor connection; 0.5 while the live floor already knows the floor is down."""
PIT_SCHEMA = max(REPORT_SCHEMA, PAR_SCHEMA, LINK_SCHEMA)
"""The floor migration the page needs: its par sheets' (0008), after its reports' (0006) and the table layout
and change notifications (0004)."""
STATIC = ("pit.css", "pit.js", "tables.js")


@dataclass(frozen=True)
class PitSettings:
    floor_url: str
    state_dir: Path
    tz: ZoneInfo = field(default_factory=lambda: ZoneInfo("UTC"))
    shifts: tuple[dtime, ...] = DEFAULT_SHIFTS
    par_rounds: int | None = None
    secure_cookies: bool = False
    session_lifetime: float = LIFETIME
    session_idle: float = IDLE
    poll: float = 1.0
    pool_size: int = 8
    stale_open: float = STALE_OPEN
    stale_between: float = STALE_BETWEEN
    statement_timeout: float = STATEMENT_TIMEOUT
    shuffle_every: float = SHUFFLE_EVERY
    shuffle_window: float = SHUFFLE_WINDOW
    clock: Callable[[], float] = time.time


class Pit:
    """Everything a page needs: settings, users, sessions, the live floor, the floor's connections."""

    def __init__(self, settings: PitSettings) -> None:
        self.settings = settings
        self.users = PitUsers(users_path(settings.state_dir), clock=settings.clock)
        self.throttle = AddressThrottle(clock=settings.clock)
        self.sessions = Sessions(session_key(settings.state_dir), self.users, clock=settings.clock,
                                 revoked_path=settings.state_dir / "revoked.json",
                                 lifetime=settings.session_lifetime, idle=settings.session_idle)
        self.cookies = CookieNames(settings.secure_cookies)
        self.live = FloorLive(settings.floor_url, tz=settings.tz, shifts=settings.shifts, poll=settings.poll,
                              clock=settings.clock, connect_kwargs=READ_ONLY, stale_open=settings.stale_open,
                              stale_between=settings.stale_between)
        self.chains = ChainWatch(settings.floor_url, connect_kwargs=READ_ONLY)
        self.shuffles = ShuffleWatch(settings.floor_url, every=settings.shuffle_every, window=settings.shuffle_window,
                                     connect_kwargs=READ_ONLY, clock=settings.clock,
                                     on_alarms=self.live.set_audit_alarms)
        self.par = ParKeeper(settings.floor_url, samples=settings.par_rounds, connect_kwargs=READ_ONLY)
        timeout = int(settings.statement_timeout * 1000)
        self.pool = ConnectionPool(
            settings.floor_url, min_size=1, max_size=settings.pool_size, open=False, name="pit-floor",
            kwargs={"autocommit": True, **READ_ONLY, "options": f"{READ_ONLY['options']} -c statement_timeout={timeout}"},
            check=ConnectionPool.check_connection)
        self.templates: Environment = environment(settings.tz, settings.clock)
        self._tiles: dict[str, tuple[int, Markup]] = {}

    def tile_html(self, tile: Tile) -> Markup:
        """A tile's HTML, rendered once per version of the tile (a floor page of 200 tables joins
        200 strings instead of rendering 200 templates; the page's script keeps "ago" times current)."""
        cached = self._tiles.get(tile.table_id)
        if cached is not None and cached[0] == tile.version:
            return cached[1]
        html = Markup(self.templates.get_template("_tile.html").render(tile=tile))
        self._tiles[tile.table_id] = (tile.version, html)
        return html

    def connection(self) -> contextlib.AbstractContextManager[psycopg.Connection[Any]]:
        """A floor connection for a page: checked before use (a server restarted since leaves dead ones),
        waited for a few seconds at most, half a second while the live floor says the floor is down."""
        return self.pool.connection(timeout=0.5 if self.live.down else POOL_WAIT)

    def render(self, request: Request, template: str, status: int = 200, **context: Any) -> HTMLResponse:
        session = request.scope.get("state", {}).get("session")
        base = {"session": session, "path": request.url.path, "tile_html": self.tile_html,
                "now": datetime.fromtimestamp(self.settings.clock(), UTC),
                "post_token": self.sessions.post_token(session) if isinstance(session, Session) else ""}
        html = self.templates.get_template(template).render(**base, **context)
        return HTMLResponse(html, status_code=status)


def pit_of(request: Request) -> Pit:
    pit: Pit = request.app.state.pit
    return pit


def check_read_only(url: str) -> None:
    """Refuse a floor login that may write any floor table or call the ingest: the page only reads."""
    with connect(url, **READ_ONLY) as conn:
        try:
            row = conn.execute(
                """SELECT current_user,
                          (SELECT string_agg(format('%s on floor.%s', p, c.relname), ', ')
                           FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace,
                                unnest(ARRAY['INSERT', 'UPDATE', 'DELETE', 'TRUNCATE']) p
                           WHERE n.nspname = 'floor' AND c.relkind = 'r' AND has_table_privilege(c.oid, p)),
                          has_function_privilege('floor.ingest(text, bigint, text, bigint[], text[], text[], text[], '
                                                 'text[], text[], text[], text[])', 'EXECUTE'),
                          has_table_privilege('floor.events', 'SELECT')""").fetchone()
        except psycopg.Error as exc:
            raise FloorError(f"cannot read the floor at {redact(url)}: {one_line(exc)}", "floor") from None
    assert row is not None
    user, writes, ingest, reads = row
    if writes or ingest:
        what = writes or "EXECUTE on floor.ingest"
        raise FloorError(f"the pit reads the floor with the report role only; {user} may write ({what}): "
                         "give the URL of the report role (floor_report)", "floor")
    if not reads:
        raise FloorError(f"{user} may not read the floor (run dealer-station floor init-roles)", "floor")
    with connect(url, **READ_ONLY) as conn:
        require_version(conn, PIT_SCHEMA, "the pit page")


async def _static(request: Request) -> Response:
    name = request.path_params["name"]
    if name not in STATIC:
        raise HTTPException(404)
    body = resources.files("dealer_station.pit").joinpath("static").joinpath(name).read_bytes()
    kind = "text/css" if name.endswith(".css") else "text/javascript"
    return Response(body, media_type=f"{kind}; charset=utf-8", headers={"cache-control": "max-age=300"})


async def _error(request: Request, exc: Exception) -> Response:
    """A refusal (4xx) says why; a floor that cannot be read now is a 503 in a readable sentence (the
    driver's text, with its socket paths and host names, goes to the log only); anything else 500."""
    headers: dict[str, str] = {}
    if isinstance(exc, HTTPException):
        status, detail = exc.status_code, str(exc.detail)
    elif is_floor_trouble(exc) or isinstance(exc, psycopg.Error):
        log.warning("page_floor_trouble", path=request.url.path, error=one_line(exc))
        status, detail, headers = 503, floor_trouble(exc), {"retry-after": "5"}
    elif isinstance(exc, DealerStationError):
        status, detail = 400, str(exc)
    else:
        log.error("page_failed", path=request.url.path, error=f"{type(exc).__name__}: {one_line(exc)}")
        status, detail = 500, "the page failed (see the server's log)"
    if request.url.path.startswith("/api/") or request.url.path.endswith(".csv"):
        return Response(json.dumps({"error": detail}) + "\n", status_code=status, media_type="application/json",
                        headers=headers)
    response = pit_of(request).render(request, "error.html", status=status, status_code=status, detail=detail,
                                      outage=status == 503)
    response.headers.update(headers)
    return response


EXPECTED_FAILURES: dict[Any, Any] = {HTTPException: _error, psycopg.Error: _error, DealerStationError: _error,
                                     Exception: _error}
"""Failures a page answers for itself. The named classes are answered by Starlette's exception
middleware and the connection carries on; only an unexpected ``Exception`` reaches the server-error
middleware, which answers too but then re-raises, so the server closes the connection (a client that
already sent its next request on it gets a reset: a floor outage must not look like that)."""


def create_app(settings: PitSettings, *, check_role: bool = True) -> Starlette:
    """The web app; its lifespan opens the pool and starts the live floor, the chain watch and the shuffle audit."""
    from . import auth_pages, floor_pages, integrity_pages, link_pages, report_pages, round_pages, table_pages

    pit = Pit(settings)

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        if check_role:
            check_read_only(settings.floor_url)
        pit.pool.open(wait=True, timeout=10.0)
        pit.live.start()
        pit.chains.start()
        pit.shuffles.start()
        pit.par.start()
        try:
            yield
        finally:
            pit.live.stop()
            pit.chains.stop()
            pit.shuffles.stop()
            pit.par.stop()
            pit.pool.close()

    routes = [
        *auth_pages.ROUTES, *floor_pages.ROUTES, *report_pages.ROUTES, *round_pages.ROUTES, *integrity_pages.ROUTES,
        *table_pages.ROUTES, *link_pages.ROUTES,
        Route("/static/{name}", _static, methods=["GET"]),
    ]
    app = Starlette(routes=routes, lifespan=lifespan,
                    middleware=[Middleware(Gate, sessions=pit.sessions, cookies=pit.cookies)],
                    exception_handlers=EXPECTED_FAILURES)
    app.state.pit = pit
    return app

"""The pit's web application: what it is made of and how it starts.

``create_app(settings)`` builds a Starlette app: the gate (``web.Gate``: sign-in, security
headers), the pages (``*_pages.py``: the only module that imports them) and the ``Pit`` they
are all given (``page``: the live floor ``live.FloorLive``, the chain watch
``chains.ChainWatch``, the shuffle audit ``shuffle_watch.ShuffleWatch``, a small pool of
read-only connections to the floor). On start it refuses a floor login that could write
anything: the page reads with the report role only.
"""

from __future__ import annotations

import contextlib
import json
from collections.abc import AsyncIterator
from importlib import resources
from typing import Any

import psycopg
import structlog
from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from ..errors import DealerStationError
from ..floor.alarm_work import ALARM_WORK_SCHEMA
from ..floor.compliance import COMPLIANCE_SCHEMA
from ..floor.db import FloorError, connect, one_line, redact
from ..floor.link_report import LINK_SCHEMA
from ..floor.migrate import require_version
from ..floor.queries import REPORT_SCHEMA
from . import (
    alarm_pages,
    auth_pages,
    bank_pages,
    floor_pages,
    integrity_pages,
    link_pages,
    player_pages,
    report_pages,
    round_pages,
    table_pages,
)
from .outage import floor_trouble, is_floor_trouble
from .page import READ_ONLY, Pit, PitSettings, pit_of
from .par_keeper import PAR_SCHEMA
from .web import Gate

log = structlog.get_logger("dealer_station.pit.app")

PIT_SCHEMA = max(REPORT_SCHEMA, PAR_SCHEMA, LINK_SCHEMA, ALARM_WORK_SCHEMA, COMPLIANCE_SCHEMA)
"""The floor migration the page needs: players and compliance (0020), the steps taken on alarms (0017), after its reports' (0014), the linked
progressives' (0010), its par sheets' (0008) and the table layout and change notifications (0004)."""
STATIC = ("pit.css", "pit.js", "tables.js", "bank.js")


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
        *table_pages.ROUTES, *link_pages.ROUTES, *alarm_pages.ROUTES, *bank_pages.ROUTES, *player_pages.ROUTES,
        Route("/static/{name}", _static, methods=["GET"]),
    ]
    app = Starlette(routes=routes, lifespan=lifespan,
                    middleware=[Middleware(Gate, sessions=pit.sessions, cookies=pit.cookies)],
                    exception_handlers=EXPECTED_FAILURES)
    app.state.pit = pit
    return app

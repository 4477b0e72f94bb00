"""The floor view: every table as a tile, by pit, updating by itself.

The page is rendered whole on the server; then ``/api/floor/stream`` (server-sent events)
sends the tiles that changed, rendered by the same template, as soon as the live floor has
folded a table's new events (``live.FloorLive``, woken by the floor's notification). The
stream ends when the session does (signed out, removed, too old or idle).
"""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import AsyncIterator
from dataclasses import asdict
from datetime import datetime
from decimal import Decimal
from itertools import groupby
from typing import Any

from starlette.requests import Request
from starlette.responses import JSONResponse, RedirectResponse, Response, StreamingResponse
from starlette.routing import Route

from .alarm_pages import local_time
from .alarms import AlarmItem
from .live import FloorLive, FloorSummary, Tile
from .page import Pit, pit_of
from .web import session_of

STREAM_TICK = 0.2  # seconds between looks at the live floor (in memory: cheap)
SESSION_CHECK = 2.0
HEARTBEAT = 15.0
CLOCK_SLIP = 1.0
"""Seconds the pit's clock may move against the page's count before the page is told it again."""


def by_pit(tiles: list[Tile]) -> list[tuple[str, list[Tile]]]:
    return [(pit, list(group)) for pit, group in groupby(tiles, key=lambda t: t.pit)]


def _plain(value: Any) -> Any:
    if isinstance(value, Decimal):
        return str(value)
    if isinstance(value, datetime):
        return value.isoformat()
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    return value


async def home(request: Request) -> Response:
    return RedirectResponse("/floor", status_code=303)


def page_status(live: FloorLive) -> dict[str, Any]:
    """The floor's status as the page's badge and banner say it (``FloorLive.status``): its times as the pit
    tells time (its zone, a 24-hour clock), never the browser's, and the pit's clock now (``now``, ms), by which
    the page counts "ago"."""
    status = live.status()
    since, read_at = live.down_since, live.read_at
    return {**status, "since": since, "since_ms": int(since.timestamp() * 1000) if since else None,
            "since_text": since.astimezone(live.tz).strftime("%H:%M:%S") if since else "",
            "as_of": f"as of {read_at.astimezone(live.tz):%H:%M}" if read_at else "as of: nothing read yet",
            "now": int(live.now() * 1000)}


async def floor_page(request: Request) -> Response:
    pit = pit_of(request)
    tiles = pit.live.tiles()
    return pit.render(request, "floor.html", pits=by_pit(tiles), tables=len(tiles), version=pit.live.version,
                      open_alarms=open_items(pit), when=lambda at: local_time(pit, at),
                      alarms_version=pit.live.alarms_version,
                      ready=pit.live.ready.is_set(), floor_status=page_status(pit.live), summary=FloorSummary.of(tiles),
                      shift_started=pit.live.shift_started, stale_open=pit.live.stale_open,
                      stale_between=pit.live.stale_between)


def open_items(pit: Pit) -> list[AlarmItem]:
    return [i for i in pit.live.alarm_items() if not i.resolved]


def open_alarms_html(pit: Pit) -> str:
    """The floor page's open alarms, as the page shows them (the stream sends it again when they change)."""
    return pit.templates.get_template("_open_alarms.html").render(open_alarms=open_items(pit),
                                                                  when=lambda at: local_time(pit, at))


async def floor_grid(request: Request) -> Response:
    pit = pit_of(request)
    return pit.render(request, "_grid.html", pits=by_pit(pit.live.tiles()))


async def floor_json(request: Request) -> Response:
    pit = pit_of(request)
    tiles = pit.live.tiles()
    return JSONResponse({"version": pit.live.version, "ready": pit.live.ready.is_set(), "error": pit.live.error,
                         "status": pit.live.status(), "summary": _plain(asdict(FloorSummary.of(tiles))),
                         "tiles": [_plain(asdict(t)) for t in tiles]})


async def floor_stream(request: Request) -> Response:
    pit = pit_of(request)
    session = session_of(request)
    try:
        version = max(0, int(request.query_params.get("v", "0")))
    except ValueError:
        version = 0

    async def events() -> AsyncIterator[str]:
        nonlocal version
        yield "retry: 1000\n\n"
        checked = beat = time.monotonic()
        status_seen = -1
        try:
            alarms_seen = int(request.query_params.get("a", "-1"))
        except ValueError:
            alarms_seen = -1
        told = (pit.live.now(), checked)  # the pit's clock as last told to the page, and when
        while True:
            now = time.monotonic()
            if abs(pit.live.now() - (told[0] + now - told[1])) > CLOCK_SLIP:  # the pit's clock was stepped
                told = (pit.live.now(), now)
                yield f"event: clock\ndata: {json.dumps({'now': int(told[0] * 1000)})}\n\n"
            if now - checked >= SESSION_CHECK:
                checked = now
                if not pit.sessions.alive(session):
                    yield "event: expired\ndata: {}\n\n"
                    return
            if pit.live.status_version != status_seen:  # the floor went away or came back
                status_seen = pit.live.status_version
                yield f"event: floor\ndata: {json.dumps(_plain(page_status(pit.live)))}\n\n"
                beat = now
            if pit.live.alarms_version != alarms_seen:  # an alarm raised, worked or resolved
                alarms_seen = pit.live.alarms_version
                yield f"event: alarms\ndata: {json.dumps({'html': open_alarms_html(pit)})}\n\n"
                beat = now
            version, changed = pit.live.changed_since(version)
            if changed:
                summary = pit.templates.get_template("_summary.html").render(summary=pit.live.summary())
                data = {"version": version, "summary": summary, "now": int(pit.live.now() * 1000),
                        "tiles": [{"id": t.table_id, "pit": t.pit, "seq": t.last_seq, "halted": t.halted,
                                   "halt": t.halt_text, "stale": t.stale, "html": str(pit.tile_html(t))}
                                  for t in changed]}
                yield f"event: tiles\ndata: {json.dumps(data)}\n\n"
                beat = now
            elif now - beat >= HEARTBEAT:
                yield ": still here\n\n"
                beat = now
            await asyncio.sleep(STREAM_TICK)

    return StreamingResponse(events(), media_type="text/event-stream", headers={"x-accel-buffering": "no"})


ROUTES = [
    Route("/", home, methods=["GET"]),
    Route("/floor", floor_page, methods=["GET"]),
    Route("/floor/grid", floor_grid, methods=["GET"]),
    Route("/api/floor", floor_json, methods=["GET"]),
    Route("/api/floor/stream", floor_stream, methods=["GET"]),
]

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

from .app import pit_of
from .live import Tile
from .web import session_of

STREAM_TICK = 0.2  # seconds between looks at the live floor (in memory: cheap)
SESSION_CHECK = 2.0
HEARTBEAT = 15.0


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


async def floor_page(request: Request) -> Response:
    pit = pit_of(request)
    tiles = pit.live.tiles()
    return pit.render(request, "floor.html", pits=by_pit(tiles), tables=len(tiles), version=pit.live.version,
                      ready=pit.live.ready.is_set(), error=pit.live.error, shift_started=pit.live.shift_started)


async def floor_grid(request: Request) -> Response:
    pit = pit_of(request)
    return pit.render(request, "_grid.html", pits=by_pit(pit.live.tiles()))


async def floor_json(request: Request) -> Response:
    pit = pit_of(request)
    return JSONResponse({"version": pit.live.version, "ready": pit.live.ready.is_set(), "error": pit.live.error,
                         "tiles": [_plain(asdict(t)) for t in pit.live.tiles()]})


async def floor_stream(request: Request) -> Response:
    pit = pit_of(request)
    session = session_of(request)
    try:
        version = max(0, int(request.query_params.get("v", "0")))
    except ValueError:
        version = 0

    async def events() -> AsyncIterator[str]:
        nonlocal version
        yield "retry: 2000\n\n"
        checked = beat = time.monotonic()
        while True:
            now = time.monotonic()
            if now - checked >= SESSION_CHECK:
                checked = now
                if not pit.sessions.alive(session):
                    yield "event: expired\ndata: {}\n\n"
                    return
            version, changed = pit.live.changed_since(version)
            if changed:
                data = {"version": version, "tiles": [{"id": t.table_id, "pit": t.pit, "seq": t.last_seq,
                                                       "html": str(pit.tile_html(t))} for t in changed]}
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

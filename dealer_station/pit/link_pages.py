"""Linked progressives (issue 22): each link's shared meter, its member tables, the hits held for
verification anywhere on it (pending on every member's screen too) and its latest awards in the
controller's commit order. Read from the floor at each request (``floor.link_report.links_overview``)."""

from __future__ import annotations

from typing import Any

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from ..floor.link_report import links_overview
from ..money import format_cents
from .page import Pit, pit_of
from .web import session_of


def _read(pit: Pit) -> list[dict[str, Any]]:
    with pit.connection() as conn:
        return links_overview(conn)


async def links_page(request: Request) -> Response:
    session_of(request)
    pit = pit_of(request)
    return pit.render(request, "links.html", links=await run_in_threadpool(_read, pit))


async def links_json(request: Request) -> Response:
    session_of(request)
    links = await run_in_threadpool(_read, pit_of(request))
    for link in links:
        for award in (*link["pending"], *link["recent"]):
            award["amount"] = format_cents(award["amount"])
            award["at"] = award["at"].isoformat()
    return JSONResponse({"links": links})


ROUTES = [
    Route("/links", links_page, methods=["GET"]),
    Route("/api/links", links_json, methods=["GET"]),
]

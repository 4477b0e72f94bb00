"""Integrity (auditors only): per table, whether its chain verifies on the floor, the last
anchored hash and when it came, and every integrity alarm with its first diverging seq.

The anchor is ``floor.stations`` (the last record the floor accepted, what a station's file
is checked against); the chain check is ``chains.ChainWatch``'s latest, re-run in the
background; the alarms are ``queries.alarms``, raised by the ingest when a journal stopped
extending what the floor holds.
"""

from __future__ import annotations

from typing import Any

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from ..floor.queries import LOGIN_ALARM_PREFIX, StationStatus, alarms, stations
from ..floor.report_data import Alarm
from .app import Pit, pit_of
from .users import AUDITOR
from .web import require


def _read(pit: Pit) -> tuple[list[StationStatus], list[Alarm]]:
    with pit.connection() as conn:
        return stations(conn), alarms(conn)


def integrity_rows(pit: Pit, heard: list[StationStatus], raised: list[Alarm]) -> list[dict[str, Any]]:
    checks = pit.chains.results()
    return [{"station": s, "check": checks.get(s.table_id), "alarms": [a for a in raised if a.table_id == s.table_id]}
            for s in heard]


def login_alarms(raised: list[Alarm]) -> list[tuple[str, Alarm]]:
    """(login, alarm) of the alarms about a station login (one per login: it sent tables it is not
    pinned to), not about a table."""
    return [(a.table_id[len(LOGIN_ALARM_PREFIX):], a) for a in raised if a.table_id.startswith(LOGIN_ALARM_PREFIX)]


async def integrity_page(request: Request) -> Response:
    require(request, AUDITOR)
    pit = pit_of(request)
    pit.chains.check_soon()
    heard, raised = await run_in_threadpool(_read, pit)
    return pit.render(request, "integrity.html", rows=integrity_rows(pit, heard, raised), alarms=raised,
                      logins=login_alarms(raised), chain_error=pit.chains.error)


async def integrity_json(request: Request) -> Response:
    require(request, AUDITOR)
    pit = pit_of(request)
    heard, raised = await run_in_threadpool(_read, pit)
    out = []
    for row in integrity_rows(pit, heard, raised):
        s, check = row["station"], row["check"]
        out.append({
            "table": s.table_id, "anchored_seq": s.last_seq, "anchored_hash": s.last_hash,
            "anchored_at": s.last_ingest.isoformat() if s.last_ingest else None,
            "chain": None if check is None else {"ok": check.ok, "checked_seq": check.checked_seq,
                                                 "first_bad_seq": check.first_bad_seq, "reason": check.reason},
            "alarms": [{"first_bad_seq": a.first_bad_seq, "reason": a.reason, "raised_at": a.raised_at.isoformat(),
                        "last_seen_at": a.last_seen_at.isoformat(), "attempts": a.attempts} for a in row["alarms"]]})
    logins = [{"login": login, "reason": a.reason, "raised_at": a.raised_at.isoformat(),
               "last_seen_at": a.last_seen_at.isoformat(), "attempts": a.attempts} for login, a in login_alarms(raised)]
    return JSONResponse({"tables": out, "logins": logins})


ROUTES = [
    Route("/integrity", integrity_page, methods=["GET"]),
    Route("/api/integrity", integrity_json, methods=["GET"]),
]

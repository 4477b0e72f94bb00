"""Integrity (auditors only): per table, whether its chain verifies on the floor, the last
anchored hash and when it came, and every integrity alarm with its first diverging seq.

The anchor is ``floor.stations`` (the last record the floor accepted, what a station's file
is checked against); the chain check is ``chains.ChainWatch``'s latest, re-run in the
background; the alarms are ``queries.alarms``, raised by the ingest when a journal stopped
extending what the floor holds (and the linked progressive's controller, when it refused a member's
step: shown apart, they say nothing of the chain), and the shuffle audit's (``shuffle_watch.ShuffleWatch``, also
re-run in the background): a failing shuffler's alarm on every table it dealt at, and every
shuffler's verdict, deals and failing tests under "Shufflers".
"""

from __future__ import annotations

from typing import Any

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from ..floor.queries import LOGIN_ALARM_PREFIX, StationStatus, alarms, is_link_alarm, stations
from ..floor.report_data import Alarm
from .page import Pit, pit_of
from .users import AUDITOR
from .web import require


def _read(pit: Pit) -> tuple[list[StationStatus], list[Alarm]]:
    with pit.connection() as conn:
        return stations(conn), alarms(conn)


def integrity_rows(pit: Pit, heard: list[StationStatus], raised: list[Alarm]) -> list[dict[str, Any]]:
    checks = pit.chains.results()
    audited = pit.shuffles.latest()
    shuffle_alarms = audited.alarms if audited is not None else []
    return [{"station": s, "check": checks.get(s.table_id),
             "alarms": [a for a in raised if a.table_id == s.table_id and not is_link_alarm(a)],
             "link_alarms": [a for a in raised if a.table_id == s.table_id and is_link_alarm(a)],
             "shuffle_alarms": [a for a in shuffle_alarms if a.table_id == s.table_id]}
            for s in heard]


def _alarm_json(a: Alarm) -> dict[str, Any]:
    return {"first_bad_seq": a.first_bad_seq, "reason": a.reason, "raised_at": a.raised_at.isoformat(),
            "last_seen_at": a.last_seen_at.isoformat(), "attempts": a.attempts}


def shufflers_json(pit: Pit) -> dict[str, Any]:
    """The shuffle audit's latest pass (``audit shuffles --format json``'s shufflers), and whether it can read."""
    audited = pit.shuffles.latest()
    if audited is None:
        return {"audited_at": None, "since": None, "error": pit.shuffles.error, "shufflers": []}
    return {"audited_at": audited.at.isoformat(), "since": audited.since.isoformat(), "error": pit.shuffles.error,
            "shufflers": [{**a.as_json(), "failed": [t.name for t in a.failed()]} for a in audited.audits]}


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
                      logins=login_alarms(raised), chain_error=pit.chains.error, shuffles=pit.shuffles.latest(),
                      shuffle_error=pit.shuffles.error)


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
            "alarms": [_alarm_json(a) for a in row["alarms"]],
            "link_alarms": [_alarm_json(a) for a in row["link_alarms"]],
            "shuffle_alarms": [_alarm_json(a) for a in row["shuffle_alarms"]]})
    logins = [{"login": login, "reason": a.reason, "raised_at": a.raised_at.isoformat(),
               "last_seen_at": a.last_seen_at.isoformat(), "attempts": a.attempts} for login, a in login_alarms(raised)]
    return JSONResponse({"tables": out, "logins": logins, "shuffle_audit": shufflers_json(pit)})


ROUTES = [
    Route("/integrity", integrity_page, methods=["GET"]),
    Route("/api/integrity", integrity_json, methods=["GET"]),
]

"""Reports: the ``dealer-station report`` figures in the browser, as CSV and as JSON.

The same parameters as the command (``from``, ``to``, ``tz``, ``shifts``, ``by``, ``table``),
parsed by the same functions, and the same computation: ``queries.report_data`` on the
floor, then ``report.make_report`` with the par sheets (``par_keeper.ParKeeper``: kept on the
floor, computed in the background; a sheet not computed yet leaves the theoretical figures blank
and the page says "par pending", while CSV and JSON answer 503: they are only ever whole). The CSV is
``render.as_csv`` and the JSON ``render.as_json``, byte for byte what the command prints;
the charts are the HTML report's (``floor.html``).
"""

from __future__ import annotations

import json
from datetime import UTC, datetime
from typing import Any

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from ..errors import DealerStationError
from ..floor import html, render
from ..floor.bank_report import floor_shift_lines
from ..floor.queries import report_data
from ..floor.report import ALL, GROUP_KEYS, SENSOR, Report, ReportRow, make_report, parse_group
from ..floor.report_data import Period
from ..periods import moment, zone
from ..shifts import parse_shifts, shift_of, shift_start
from .outage import is_floor_trouble
from .page import Pit, pit_of
from .par_keeper import Job
from .texts import game_name

VERDICT = "in"
"""The report's column saying whether a row's win is inside its par band (``yes``/``NO``, blank without par)."""
FIRST = (VERDICT, "voids", "faults")
"""What a pit boss looks for first, shown right after the row's keys: on a tablet they are on screen."""
VERDICT_WORDS = {"yes": "in band", "NO": "OUTSIDE"}
DEFAULT_BY = "table,day,shift"
BY_CHOICES = (DEFAULT_BY, "table", "table,shift", "table,day", "game", "day,shift", "day", "shift", "dealer",
              "dealer,shift", "table,dealer,shift")


def report_params(pit: Pit, request: Request) -> dict[str, str]:
    """The form's values; a first visit (no ``from`` at all) starts at the current gaming day."""
    q = request.query_params
    settings = pit.settings
    start = q.get("from")
    if start is None:
        now = datetime.fromtimestamp(settings.clock(), UTC)
        day, _shift = shift_of(shift_start(now, settings.tz, settings.shifts).replace(tzinfo=None), settings.shifts)
        start = f"{day.isoformat()}T{settings.shifts[0]:%H:%M}"
    return {"from": start.strip(), "to": q.get("to", "").strip(), "tz": q.get("tz", settings.tz.key).strip(),
            "shifts": q.get("shifts", ",".join(f"{s:%H:%M}" for s in settings.shifts)).strip(),
            "by": q.get("by", DEFAULT_BY).strip(), "table": q.get("table", "").strip()}


def build_report(pit: Pit, params: dict[str, str]) -> tuple[Report, list[Job]]:
    """The report the command would print for these parameters (blocking: run it off the event loop),
    and the par sheets it lacks because they are still being computed (``ParKeeper``: never waited for)."""
    tz = zone(params["tz"] or "UTC")
    period = Period(moment(params["from"] or None, tz, "from"), moment(params["to"] or None, tz, "to", end=True), tz,
                    parse_shifts(params["shifts"]))
    by = parse_group(params["by"])
    tables = [t.strip() for t in params["table"].split(",") if t.strip()] or None
    with pit.connection() as conn:
        data = report_data(conn, period, tables)
        shifts = floor_shift_lines(conn, period.start, period.end, tables) if "shift" in by else []
    # The shuffle audit's alarms from the pit's background watch (its window: docs/pit.md), not a fresh read
    # of every card dealt in the period at each load: a report page stays as fast as its figures.
    latest = pit.shuffles.latest()
    if latest is not None:
        data.alarms += [a for a in latest.alarms if (not tables or a.table_id in tables)
                        and (period.start is None or a.last_seen_at >= period.start)
                        and (period.end is None or a.raised_at < period.end)]

    asked: set[tuple[str, str]] = set()

    def par(game: str, paytables: str | None) -> Any:
        if paytables is not None:
            asked.add((game, paytables))
        return pit.par.lookup(game, paytables)

    report = make_report(data, by, par)
    report.table_shifts = shifts  # the table bank's table-shifts, as the command adds them
    return report, pit.par.pending(asked)


async def _report_or_error(request: Request) -> tuple[dict[str, str], Report | None, list[Job], str | None]:
    pit = pit_of(request)
    params = report_params(pit, request)
    try:
        report, pending = await run_in_threadpool(build_report, pit, params)
        return params, report, pending, None
    except DealerStationError as exc:
        if is_floor_trouble(exc):
            raise
        return params, None, [], str(exc)


def page_columns(rows: list[ReportRow]) -> list[tuple[int, str]]:
    """The report table's columns on the page, as (index in ``render.COLUMNS``, heading): the row's keys that
    say something (a key that is "all" on every row, as the day in a report by table, is left out), then the
    verdict, voids and faults, then the other figures. CSV and JSON keep the command's columns."""
    index = {c: i for i, c in enumerate(render.COLUMNS)}
    keys = [c for c in render.COLUMNS if c in GROUP_KEYS
            and any(row.cells()[index[c]] != ALL for row in rows)] or ["table"]
    rest = [c for c in render.COLUMNS if c not in GROUP_KEYS and c not in FIRST]
    return [(index[c], c) for c in (*keys, *FIRST, *rest)]


def pending_text(pending: list[Job]) -> str:
    return "par pending: " + "; ".join(f"{j.game} ({j.progress})" for j in pending)


def _pending_response(pending: list[Job], media_type: str, body: str) -> Response:
    """A script's report waits for no par sheet either: 503 and when to ask again (the page shows the
    figures it has at once; the command's JSON and CSV are only ever whole)."""
    return Response(body, status_code=503, media_type=media_type, headers={"retry-after": "10"})


async def report_page(request: Request) -> Response:
    pit = pit_of(request)
    params, report, pending, error = await _report_or_error(request)
    context: dict[str, Any] = {"params": params, "error": error, "report": report, "pending": pending,
                               "by_choices": BY_CHOICES if params["by"] in BY_CHOICES else (*BY_CHOICES, params["by"])}
    if report is not None:
        rows = [*report.rows, report.totals()] if len(report.rows) > 1 else report.rows
        columns = page_columns(rows)
        context.update(
            period=render.period_text(report), columns=[c for _, c in columns], verdict_words=VERDICT_WORDS,
            group_keys=GROUP_KEYS,
            rows=[(r, [(c, cells[i]) for i, c in columns]) for r, cells in ((r, render.row_cells(r)) for r in rows)],
            sensor_columns=render.SENSOR_COLUMNS, sensor_rows=[(r, r.cells(SENSOR)) for r in report.sensor_rows],
            hold_chart=html.hold_chart(report.series), bars_chart=html.bars_chart(report.per_table),
            voids=[(r.table, r.game, cause, n) for r in report.per_table for cause, n in sorted(r.voids_by_cause.items())],
            faults=[(r.table, *name.split("/", 1), n) for r in report.per_table for name, n in sorted(r.faults_by.items())],
            jackpots=[(r.table, k, v) for r in report.per_table for k, v in sorted(r.jackpot.items())],
            query=request.url.query)
    return pit.render(request, "report.html", status=400 if error else 200, **context)


async def report_csv(request: Request) -> Response:
    params, report, pending, error = await _report_or_error(request)
    if report is None:
        return Response(f"{error}\n", status_code=400, media_type="text/plain; charset=utf-8")
    if pending:
        return _pending_response(pending, "text/plain; charset=utf-8", pending_text(pending) + "\n")
    name = "pit-report-" + "".join(c for c in (params["from"] or "all") if c.isalnum() or c in "-T") + ".csv"
    return Response(render.as_csv(report), media_type="text/csv; charset=utf-8",
                    headers={"content-disposition": f'attachment; filename="{name}"'})


async def report_json(request: Request) -> Response:
    params, report, pending, error = await _report_or_error(request)
    if report is None:
        return Response(json.dumps({"error": error}) + "\n", status_code=400, media_type="application/json")
    if pending:
        return _pending_response(pending, "application/json", json.dumps(
            {"error": pending_text(pending), "par_pending": [{"game": j.game, "progress": j.progress} for j in pending]})
            + "\n")
    return Response(render.as_json(report), media_type="application/json")


async def par_json(request: Request) -> Response:
    """The par sheets being computed (a report page waiting for its theoretical figures asks)."""
    pit = pit_of(request)
    return JSONResponse({"loaded": pit.par.loaded.is_set(), "error": pit.par.error,
                         "pending": [{"game": j.game, "name": game_name(j.game), "progress": j.progress}
                                     for j in pit.par.pending()]})


ROUTES = [
    Route("/api/par", par_json, methods=["GET"]),
    Route("/reports", report_page, methods=["GET"]),
    Route("/reports.csv", report_csv, methods=["GET"]),
    Route("/api/report", report_json, methods=["GET"]),
]

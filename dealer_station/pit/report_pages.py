"""Reports: the ``dealer-station report`` figures in the browser, as CSV and as JSON.

The same parameters as the command (``from``, ``to``, ``tz``, ``shifts``, ``by``, ``table``),
parsed by the same functions, and the same computation: ``queries.report_data`` on the
floor, then ``report.make_report`` with the par sheets (``par.par_sheet``). The CSV is
``render.as_csv`` and the JSON ``render.as_json``, byte for byte what the command prints;
the charts are the HTML report's (``floor.html``).
"""

from __future__ import annotations

import json
from datetime import UTC, datetime
from typing import Any

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from ..errors import DealerStationError
from ..floor import html, render
from ..floor.queries import report_data
from ..floor.report import Report, make_report, parse_group
from ..floor.report_data import Period
from ..periods import moment, zone
from ..shifts import parse_shifts, shift_of, shift_start
from .app import Pit, pit_of

DEFAULT_BY = "table,day,shift"


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


def build_report(pit: Pit, params: dict[str, str]) -> Report:
    """The report the command would print for these parameters (blocking: run it off the event loop)."""
    from ..par import par_sheet

    tz = zone(params["tz"] or "UTC")
    period = Period(moment(params["from"] or None, tz, "from"), moment(params["to"] or None, tz, "to", end=True), tz,
                    parse_shifts(params["shifts"]))
    by = parse_group(params["by"])
    tables = [t.strip() for t in params["table"].split(",") if t.strip()] or None
    with pit.connection() as conn:
        data = report_data(conn, period, tables)

    def par(game: str, paytables: str | None) -> Any:
        return par_sheet(game, paytables, samples=pit.settings.par_rounds, progress=None)

    return make_report(data, by, par)


async def _report_or_error(request: Request) -> tuple[dict[str, str], Report | None, str | None]:
    pit = pit_of(request)
    params = report_params(pit, request)
    try:
        return params, await run_in_threadpool(build_report, pit, params), None
    except DealerStationError as exc:
        return params, None, str(exc)


async def report_page(request: Request) -> Response:
    pit = pit_of(request)
    params, report, error = await _report_or_error(request)
    context: dict[str, Any] = {"params": params, "error": error, "report": report}
    if report is not None:
        rows = [*report.rows, report.totals()] if len(report.rows) > 1 else report.rows
        context.update(
            period=render.period_text(report), columns=render.COLUMNS,
            rows=[(r, render.row_cells(r)) for r in rows],
            hold_chart=html.hold_chart(report.series), bars_chart=html.bars_chart(report.per_table),
            voids=[(r.table, r.game, cause, n) for r in report.per_table for cause, n in sorted(r.voids_by_cause.items())],
            faults=[(r.table, *name.split("/", 1), n) for r in report.per_table for name, n in sorted(r.faults_by.items())],
            jackpots=[(r.table, k, v) for r in report.per_table for k, v in sorted(r.jackpot.items())],
            query=request.url.query)
    return pit.render(request, "report.html", status=400 if error else 200, **context)


async def report_csv(request: Request) -> Response:
    params, report, error = await _report_or_error(request)
    if report is None:
        return Response(f"{error}\n", status_code=400, media_type="text/plain; charset=utf-8")
    name = "pit-report-" + "".join(c for c in (params["from"] or "all") if c.isalnum() or c in "-T") + ".csv"
    return Response(render.as_csv(report), media_type="text/csv; charset=utf-8",
                    headers={"content-disposition": f'attachment; filename="{name}"'})


async def report_json(request: Request) -> Response:
    params, report, error = await _report_or_error(request)
    if report is None:
        return Response(json.dumps({"error": error}) + "\n", status_code=400, media_type="application/json")
    return Response(render.as_json(report), media_type="application/json")


ROUTES = [
    Route("/reports", report_page, methods=["GET"]),
    Route("/reports.csv", report_csv, methods=["GET"]),
    Route("/api/report", report_json, methods=["GET"]),
]

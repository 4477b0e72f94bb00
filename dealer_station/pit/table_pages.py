"""The page behind every tile (``/tables/T01``): the table now and what a supervisor looks up next.

The tile itself (``live.FloorLive``), the table's last rounds (``queries.find_rounds``, as the
finder), its devices with their faults this shift by code and, at a table with a bet sensor, the
sensor's alarms, overrides and catches (mispays, losing bets left, counterfeit chips) this shift
(the shift report's own figures, by table), its integrity alarms (``queries.alarms``) and its
progressive: the meters and the last hits with what happened to each (``views.hit_state``), the opening
balance and whether the meters reconcile, as ``dealer-station jackpot`` prints them. A table on a linked
progressive shows the link as its controller holds it now (migration 0016: the floor computes the shared
meter) and the ``jackpot --link`` reconciliation, this table's journal checked from the floor's copy of it.
"""

from __future__ import annotations

from typing import Any

from starlette.concurrency import run_in_threadpool
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from ..floor.link_report import floor_journal_commits, link_rows, reconcile
from ..floor.queries import RoundFilter, alarms, find_rounds
from ..floor.report import SENSOR
from ..floor.report_data import Alarm
from .page import Pit, pit_of
from .round_pages import round_line
from .timeline import Names

LAST_ROUNDS = 25
LAST_HITS = 25


def _read(pit: Pit, table_id: str) -> tuple[list[dict[str, Any]], list[Alarm]]:
    with pit.connection() as conn:
        return find_rounds(conn, RoundFilter(tables=(table_id,), limit=LAST_ROUNDS)), alarms(conn, tables=[table_id])


def linked_figures(pit: Pit, link: str, table_id: str) -> dict[str, Any]:
    """The link as its controller holds it now and ``jackpot --link``'s reconciliation of it, this member's
    journal taken from the floor (the other members' are checked on their own pages)."""
    with pit.connection() as conn:
        data = link_rows(conn, link)
        commits = floor_journal_commits(conn, table_id)
    report = reconcile(data, link, [(commits, table_id, "the floor's copy of its journal")], history=len(data["awards"]))
    journal = report["journals"][table_id]
    hits = [h for h in report["history"] if h["table_id"] == table_id][:LAST_HITS]
    return {**report, "mine": report["tables"].get(table_id), "journal": journal, "commits": data["version"], "table_hits": hits,
            "floor_ok": all(report["floor"].values()), "reconciled": all(report["floor"].values()) and journal["reconciled"]}


async def table_page(request: Request) -> Response:
    pit = pit_of(request)
    table_id = request.path_params["table_id"]
    tile = pit.live.tile(table_id)
    if tile is None:
        raise HTTPException(404, f"the floor has heard nothing from table {table_id}")
    found, raised = await run_in_threadpool(_read, pit, table_id)
    row = pit.live.shift_row(table_id)
    faults = sorted(((*name.split("/", 1), n) for name, n in (row.faults_by if row else {}).items()),
                    key=lambda f: (f[0], f[1]))
    sensor = row.figures(SENSOR) if row is not None and row.sensed else None
    link = pit.live.jackpot_link(table_id)
    linked = await run_in_threadpool(linked_figures, pit, link, table_id) if link else None
    return pit.render(request, "table.html", tile=tile, lines=[round_line(r) for r in reversed(found)],
                      alarms=raised, faults=faults, sensor=sensor, jackpot=pit.live.jackpot_summary(table_id),
                      linked=linked, who=Names(holders=pit.users.badge_holders()).who,
                      shift_started=pit.live.shift_started, chain=pit.chains.results().get(table_id))


ROUTES = [Route("/tables/{table_id}", table_page, methods=["GET"])]

"""Any round: the finder (``dealer-station rounds`` in a form) and a round's own page.

The finder takes the command's filters, parsed by the same functions, and runs the same
query (``queries.find_rounds``). A round's page is built from the floor's copy of its events
(``queries.round_events``): its record in the recalled format (``recall.recalled_from_events``,
what ``recall`` prints at the station), each seat's cards, bets, decisions and settlement as
journaled, the void with its cause, who and why, the jackpot hits with who verified them
(``jackpot.JackpotLedger``), and the timeline: every event, who, local time. Auditors also
get the raw events: payload text, hashes, when the floor received each.
"""

from __future__ import annotations

import csv
import io
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from starlette.concurrency import run_in_threadpool
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from ..errors import ConfigError, DealerStationError
from ..errors import one_line as clipped
from ..floor.queries import FloorEvent, RoundFilter, find_rounds, round_dealer, round_events
from ..floor.render import _csv_value as csv_value  # the report CSV's quoting, not a second one
from ..jackpot import JackpotLedger
from ..money import parse_money
from ..periods import moment, zone
from ..recall import recalled_from_events
from .jackpot_view import awards_held, round_meter
from .page import Pit, pit_of
from .poker_round import STREETS, poker_players
from .timeline import Names, sentence
from .users import AUDITOR
from .web import require

MAX_LIMIT = 1000


@dataclass(frozen=True)
class _Event:
    """What ``recalled_from_events`` and the ledger read: the payload parsed once."""

    seq: int
    kind: str
    payload: dict[str, Any]
    at: str
    round_id: str | None
    actor: str


def finder_params(request: Request) -> dict[str, str]:
    q = request.query_params
    return {key: q.get(key, "").strip() for key in
            ("table", "from", "to", "tz", "seat", "min_payout", "void_cause", "supervisor", "jackpot", "limit")}


def _whole(text: str, field: str) -> int:
    if not text.isascii() or not text.isdigit() or len(text) > 9:
        raise ConfigError(f"must be a whole number, not {text[:20]!r}", field)
    return int(text)


def round_filter(params: dict[str, str], default_tz: str) -> RoundFilter:
    """The command's filter from the form, with the command's checks and messages."""
    tz = zone(params["tz"] or default_tz)
    limit = _whole(params["limit"] or "100", "limit")
    seat = _whole(params["seat"], "seat") if params["seat"] else None
    if not 1 <= limit <= MAX_LIMIT:
        raise ConfigError(f"must be from 1 to {MAX_LIMIT}", "limit")
    if seat is not None and seat < 1:
        raise ConfigError("must be a seat number (1 or more)", "seat")
    return RoundFilter(
        tables=tuple(t.strip() for t in params["table"].split(",") if t.strip()),
        start=moment(params["from"] or None, tz, "from"), end=moment(params["to"] or None, tz, "to", end=True),
        seat=seat, min_payout=parse_money(params["min_payout"], "min-payout") if params["min_payout"] else None,
        void_cause=params["void_cause"] or None, supervisor_acted=params["supervisor"] == "on",
        jackpot_hit=params["jackpot"] == "on", limit=limit)


def _found(pit: Pit, where: RoundFilter) -> list[dict[str, Any]]:
    with pit.connection() as conn:
        return find_rounds(conn, where)


def round_line(record: dict[str, Any]) -> dict[str, Any]:
    """What the finder's list says of a recalled round."""
    nets = [Decimal(str(s["net"])) for s in (record.get("settlement") or {}).get("seats", []) if "net" in s]
    return {"record": record, "outcome": "void" if record.get("void") else "paid",
            "best_win": max((n for n in nets if n > 0), default=None),
            "seats": [s.get("seat") for s in record.get("seats") or []]}


async def rounds_page(request: Request) -> Response:
    pit = pit_of(request)
    params = finder_params(request)
    error, lines = None, []
    try:
        where = round_filter(params, pit.settings.tz.key)
        found = await run_in_threadpool(_found, pit, where)
        lines = [round_line(r) for r in reversed(found)]  # newest first on the page
    except DealerStationError as exc:
        error = str(exc)
    return pit.render(request, "rounds.html", status=400 if error else 200, params=params, error=error, lines=lines,
                      query=request.url.query)


CSV_FIELDS = ("table", "round", "game", "started", "ended", "seats", "outcome", "void_cause", "voided_by",
              "void_reason", "best_seat_win")


def rounds_csv_text(lines: list[dict[str, Any]]) -> str:
    """The finder's rounds as CSV, newest first, cells quoted as the report's CSV quotes them (a station's
    table ids and causes never run as a spreadsheet formula)."""
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    writer.writerow(CSV_FIELDS)
    for line in lines:
        r, void = line["record"], line["record"].get("void") or {}
        writer.writerow([csv_value(v) for v in (
            r.get("table_id"), r.get("round_id"), r.get("game"), r.get("started_at"), r.get("ended_at"),
            " ".join(str(s) for s in line["seats"]), line["outcome"], void.get("cause"), void.get("by"),
            void.get("reason"), line["best_win"])])
    return buffer.getvalue()


async def rounds_csv(request: Request) -> Response:
    pit = pit_of(request)
    params = finder_params(request)
    try:
        where = round_filter(params, pit.settings.tz.key)
    except DealerStationError as exc:
        return Response(f"{exc}\n", status_code=400, media_type="text/plain; charset=utf-8")
    found = await run_in_threadpool(_found, pit, where)
    name = "pit-rounds-" + "".join(c for c in (params["from"] or "last") if c.isalnum() or c in "-T") + ".csv"
    return Response(rounds_csv_text([round_line(r) for r in reversed(found)]), media_type="text/csv; charset=utf-8",
                    headers={"content-disposition": f'attachment; filename="{name}"'})


def _events(pit: Pit, table_id: str, round_id: str) -> list[FloorEvent]:
    with pit.connection() as conn:
        return round_events(conn, table_id, round_id)


def _round_dealer(pit: Pit, table_id: str, round_id: str) -> str | None:
    with pit.connection() as conn:
        return round_dealer(conn, table_id, round_id)


async def _round_events_or_404(request: Request) -> tuple[str, str, list[FloorEvent]]:
    pit = pit_of(request)
    table_id, round_id = request.path_params["table_id"], request.path_params["round_id"]
    events = await run_in_threadpool(_events, pit, table_id, round_id)
    if not events:
        raise HTTPException(404, f"the floor holds no round {round_id} of table {table_id}")
    return table_id, round_id, events


async def round_page(request: Request) -> Response:
    pit = pit_of(request)
    table_id, round_id, raw = await _round_events_or_404(request)
    events = [_Event(e.seq, e.kind, e.payload, e.at, e.round_id, e.actor) for e in raw]
    record = recalled_from_events(table_id, round_id, [e for e in events if e.round_id == round_id])
    ledger = JackpotLedger()
    for e in events:
        ledger.feed(e)
    settled = {s["seat"]: s for s in (record.get("settlement") or {}).get("seats", [])}
    seats = [{"seat": s, "result": settled.get(s.get("seat"))} for s in record.get("seats") or []]
    names = Names(holders=pit.users.badge_holders(),
                  dealer=await run_in_threadpool(_round_dealer, pit, table_id, round_id))
    timeline = [{"event": e, "what": sentence(e.kind, e.payload, names), "who": names.who(e.actor),
                 "table_level": e.round_id is None} for e in events]
    players, problem = [], None
    if any(e.kind == "hand_started" for e in events):
        try:
            players = poker_players(record, [e for e in events if e.round_id == round_id])
        except Exception as exc:  # a station's record, whatever is wrong with it, must not hide the rest of the page
            problem = f"the hand could not be replayed: {type(exc).__name__}: {clipped(str(exc), 200)}"
    held = {(e.round_id, seat): held for e in events for seat, held in awards_held(e.kind, e.payload)}
    hits = [{**h, "held": held.get((h["round_id"], h["seat"])), "amount_value": Decimal(h["amount"])}
            for h in ledger.hits()]
    return pit.render(request, "round.html", record=record, seats=seats, timeline=timeline, hits=hits,
                      players=players, poker_problem=problem, streets=STREETS[1:], who=names.who,
                      meter=round_meter(record, events, round_id),
                      jackpot=(record.get("settlement") or {}).get("jackpot"), table_id=table_id, round_id=round_id)


async def round_raw(request: Request) -> Response:
    require(request, AUDITOR)
    pit = pit_of(request)
    table_id, round_id, events = await _round_events_or_404(request)
    return pit.render(request, "raw.html", events=events, table_id=table_id, round_id=round_id)


ROUTES = [
    Route("/rounds", rounds_page, methods=["GET"]),
    Route("/rounds.csv", rounds_csv, methods=["GET"]),
    Route("/rounds/{table_id}/{round_id}", round_page, methods=["GET"]),
    Route("/rounds/{table_id}/{round_id}/raw", round_raw, methods=["GET"]),
]

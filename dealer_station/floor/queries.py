"""What the pit reads from the floor: the queries behind ``report``, ``rounds`` and the web page.

Every function takes an open connection (the report role suffices: SELECT only) and
returns plain data; none prints or formats. Times are aware datetimes; money is Decimal.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from decimal import Decimal
from typing import Any

import psycopg

from ..figures.measures import MEASURES, Measure, measure_values
from ..recall import recalled_from_events
from .migrate import require_version
from .report_data import (
    Alarm,
    FaultCount,
    JackpotSums,
    Period,
    ReportData,
    RoundSums,
    StakeSums,
    SupervisorAction,
    VoidCount,
    paytables_key,
)

Conn = psycopg.Connection[Any]
REPORT_SCHEMA = 14
"""The floor migration the reports need: 0005 derives the meter each Pool stake was paid from,
0006 checks records for what the reports compute with, 0007 keeps what it cannot read flagged
(``events.flagged``) and holds the alarms about logins (``login_alarms``), 0009 derives the facts
with the small functions later rule changes replace (the same facts: a floor at 0007 is brought up
by ``floor migrate``, nothing re-derived), 0012 the bet sensor's round facts and 0013 what it caught at
the croupier's commands (both re-derived from the events a floor holds), 0014 who dealt each round
(``rounds.dealer``, filled for the rounds a floor holds)."""


def _range(column: str, period: Period) -> tuple[str, dict[str, Any]]:
    where: list[str] = []
    params: dict[str, Any] = {"tz": period.tz.key, "unit": period.unit}
    if period.start is not None:
        where.append(f"{column} >= %(start)s")
        params["start"] = period.start
    if period.end is not None:
        where.append(f"{column} < %(end)s")
        params["end"] = period.end
    return (" AND ".join(where) or "true"), params


def report_data(conn: Conn, period: Period, tables: Sequence[str] | None = None, *,
                with_stakes: bool = True) -> ReportData:
    """The report's sums over the floor's derived facts (one GROUP BY per fact table).

    ``with_stakes=False`` leaves out the stake sums, which only the par figures need (the
    pit's floor tiles show results, not par: the stake sums are most of the query's time).

    JIT compilation is off for these short aggregations: compiling them costs more than
    running them (0.8 s of JIT for a 0.15 s query). The planner expects 100 rows from
    each ``jsonb_each`` (there are 3 or so) and would sort millions of imagined rows; the
    larger ``work_mem`` lets it hash the few real groups instead (measured 1.3 -> 0.5 s
    over 50,000 rounds; memory actually used: a few MB).
    """
    if with_stakes:
        require_version(conn, REPORT_SCHEMA, "a report with par figures")
    with conn.transaction():
        conn.execute("SET LOCAL jit = off")
        conn.execute("SET LOCAL work_mem = '256MB'")
        return _report_data(conn, period, tables, with_stakes)


def _report_data(conn: Conn, period: Period, tables: Sequence[str] | None, with_stakes: bool,
                 measures: Sequence[Measure] = MEASURES, dealers: bool = True) -> ReportData:
    """``report_data``'s queries; ``measures``: those to read (the rest stay 0: a test reads an older floor),
    ``dealers``: whether to read who dealt (``rounds.dealer``, 0014; else nobody: an older floor)."""
    data = ReportData(period)
    only = " AND table_id = ANY(%(tables)s)" if tables else ""
    cond, params = _range("ended_at", period)
    params["tables"] = list(tables or [])
    bucket = "date_trunc(%(unit)s, ended_at AT TIME ZONE %(tz)s)"
    sums = ", ".join(m.sql for m in measures)
    who = "dealer" if dealers else "NULL::text"
    rounds = conn.execute(
        f"""SELECT table_id, coalesce(game, '?'), par_key, {bucket}, {who}, {sums}
            FROM floor.rounds WHERE outcome <> 'open' AND {cond}{only} GROUP BY 1, 2, 3, 4, 5""", params).fetchall()
    stakes = [] if not with_stakes else conn.execute(
        f"""SELECT table_id, coalesce(game, '?'), par_key, {bucket}, {who}, s.key,
                   sum((s.value->>0)::numeric), sum((s.value->>1)::numeric),
                   sum((s.value->>0)::numeric * (s.value->>0)::numeric)
            FROM floor.rounds, jsonb_each(stakes) s
            WHERE outcome = 'paid' AND {cond}{only} GROUP BY 1, 2, 3, 4, 5, 6""", params).fetchall()
    pays = _paytables_by_key(conn, {row[2] for row in rounds} | {row[2] for row in stakes})
    for table_id, game, key, b, dealer, *values in rounds:
        data.rounds.append(RoundSums(table_id, game, pays.get(key), b, dealer=dealer,
                                     **measure_values(values, measures)))
    for table_id, game, key, b, dealer, spot, total, squares, total_squared in stakes:
        data.stakes.append(StakeSums(table_id, game, pays.get(key), b, spot, total, squares, total_squared, dealer))
    for table_id, game, b, dealer, cause, count in conn.execute(
        f"""SELECT table_id, coalesce(game, '?'), {bucket}, {who}, coalesce(void_cause, 'unknown'), count(*)
            FROM floor.rounds WHERE outcome = 'voided' AND {cond}{only} GROUP BY 1, 2, 3, 4, 5""", params):
        data.voids.append(VoidCount(table_id, game, b, cause, count, dealer))
    cond, params2 = _range("at", period)
    params2["tables"] = params["tables"]
    at_bucket = "date_trunc(%(unit)s, at AT TIME ZONE %(tz)s)"
    for table_id, b, device, code, count in conn.execute(
        f"""SELECT table_id, {at_bucket}, coalesce(device, '?'), coalesce(code, '?'), count(*)
            FROM floor.faults WHERE {cond}{only} GROUP BY 1, 2, 3, 4""", params2):
        data.faults.append(FaultCount(table_id, b, device, code, count))
    for table_id, at, round_id, badge, ok, action, reason, detail in conn.execute(
        f"""SELECT table_id, at, round_id, coalesce(badge, '?'), coalesce(ok, false), coalesce(action, '?'), reason,
                   detail
            FROM floor.supervisor_actions WHERE {cond}{only} ORDER BY at, table_id, seq""", params2):
        data.supervisor.append(SupervisorAction(table_id, at, round_id, badge, ok, action, reason, detail))
    for table_id, b, kind, count, amount in conn.execute(
        f"""SELECT table_id, {at_bucket}, kind, count(*), coalesce(sum(amount), 0)
            FROM floor.jackpot_events WHERE {cond}{only} GROUP BY 1, 2, 3""", params2):
        data.jackpot.append(JackpotSums(table_id, b, kind, count, amount))
    data.alarms = alarms(conn, since=period.start, tables=tables)
    data.table_games = table_games(conn)
    return data


def _paytables_by_key(conn: Conn, keys: set[str | None]) -> dict[str | None, str | None]:
    """The pay tables (canonical JSON) behind each ``par_key``: one look-up per distinct key."""
    found: dict[str | None, str | None] = {}
    for key in keys:
        if key is None:
            found[key] = None
            continue
        row = conn.execute("SELECT paytables FROM floor.rounds WHERE par_key = %s LIMIT 1", (key,)).fetchone()
        found[key] = paytables_key(row[0]) if row else None
    return found


def table_games(conn: Conn) -> dict[str, str]:
    """Each table's game, from its latest round record.

    The tables are found by skipping through the rounds' key (one index probe per table) and each
    one's latest record by ``rounds_table_record`` (0011): a few dozen probes where ``DISTINCT ON``
    read every round of the floor (2.2 s of a 10-million-event floor's shift report)."""
    return {t: g for t, g in conn.execute(
        """WITH RECURSIVE t(table_id) AS (
               (SELECT table_id FROM floor.rounds ORDER BY table_id LIMIT 1)
               UNION ALL
               SELECT (SELECT r.table_id FROM floor.rounds r WHERE r.table_id > t.table_id ORDER BY r.table_id LIMIT 1)
               FROM t WHERE t.table_id IS NOT NULL)
           SELECT t.table_id, g.game FROM t,
                  LATERAL (SELECT r.game FROM floor.rounds r WHERE r.table_id = t.table_id AND r.game IS NOT NULL
                           ORDER BY r.record_seq DESC LIMIT 1) g""")}


LOGIN_ALARM_PREFIX = "login:"
"""An alarm about a station login rather than a table shows under this 'table': ``login:NAME``."""


def is_link_alarm(alarm: Alarm) -> bool:
    """An alarm the linked progressive's controller raised (it refused a member's step: migration 0016),
    not one about the table's chain."""
    return is_link_reason(alarm.reason)


def is_link_reason(reason: str) -> bool:
    """The reason of an alarm the linked progressive's controller raised."""
    return reason.startswith("link ") and " refused " in reason[:120]


def alarms(conn: Conn, since: datetime | None = None, tables: Sequence[str] | None = None) -> list[Alarm]:
    """Integrity alarms seen since ``since`` (all when None), newest first: the ingest's (a record it
    held flagged included), every record the floor holds but could not derive facts from (its round
    is missing from the reports), and, for the whole floor (no ``tables``), those about station logins
    that sent tables they are not pinned to (one each, under ``login:NAME``)."""
    rows = conn.execute(
        """SELECT table_id, first_bad_seq, reason, raised_at, last_seen_at, attempts FROM floor.alarms
           WHERE (%(since)s::timestamptz IS NULL OR last_seen_at >= %(since)s)
             AND (cardinality(%(tables)s::text[]) = 0 OR table_id = ANY(%(tables)s))
           UNION ALL
           SELECT %(login)s || role_name, 0, reason || ' (last: ' || last_table || ')', raised_at, last_seen_at, attempts
           FROM floor.login_alarms
           WHERE (%(since)s::timestamptz IS NULL OR last_seen_at >= %(since)s) AND cardinality(%(tables)s::text[]) = 0
           UNION ALL
           SELECT d.table_id, d.seq, 'the floor holds this ' || d.kind || ' record but cannot read it, so its round '
                  || 'is missing from the reports: ' || d.error, e.received_at, e.received_at, 1
           FROM floor.derive_errors d JOIN floor.events e ON e.table_id = d.table_id AND e.seq = d.seq
           WHERE (%(since)s::timestamptz IS NULL OR e.received_at >= %(since)s)
             AND (cardinality(%(tables)s::text[]) = 0 OR d.table_id = ANY(%(tables)s))
           ORDER BY 5 DESC""", {"since": since, "tables": list(tables or []), "login": LOGIN_ALARM_PREFIX})
    return [Alarm(*row) for row in rows]


@dataclass(frozen=True)
class StationStatus:
    """One table as the floor sees it: the last record it accepted (the off-station anchor), when."""

    table_id: str
    last_seq: int
    last_hash: str
    first_seen: datetime
    last_ingest: datetime | None
    alarms: int


def stations(conn: Conn, tables: Sequence[str] | None = None) -> list[StationStatus]:
    """Every table the floor has heard from (or only ``tables``), by table id."""
    rows = conn.execute(
        """SELECT s.table_id, s.last_seq, s.last_hash, s.first_seen, s.last_ingest,
                  (SELECT count(*) FROM floor.alarms a WHERE a.table_id = s.table_id)
           FROM floor.stations s
           WHERE cardinality(%(tables)s::text[]) = 0 OR s.table_id = ANY(%(tables)s)
           ORDER BY s.table_id""", {"tables": list(tables or [])})
    return [StationStatus(*row) for row in rows]


@dataclass(frozen=True)
class Placement:
    """Where a table stands: its pit and its place in it (``floor.table_layout``, kept by the owner)."""

    table_id: str
    pit: str
    position: int


def table_layout(conn: Conn) -> dict[str, Placement]:
    return {row[0]: Placement(*row) for row in conn.execute(
        "SELECT table_id, pit, position FROM floor.table_layout ORDER BY pit, position, table_id")}


@dataclass(frozen=True)
class FloorEvent:
    """One journal record as the floor holds it; ``payload_text`` is the exact text the hash covers.

    The readers below leave out a record the floor holds flagged (``events.flagged``, migration 0007:
    one it cannot read); its integrity alarm names it."""

    table_id: str
    seq: int
    at: str
    round_id: str | None
    kind: str
    actor: str
    payload_text: str
    prev_hash: str
    hash: str
    received_at: datetime

    @property
    def payload(self) -> dict[str, Any]:
        value = json.loads(self.payload_text)
        return value if isinstance(value, dict) else {"value": value}


_EVENT_COLUMNS = "e.table_id, e.seq, e.at, e.round_id, e.kind, e.actor, e.payload::text, e.prev_hash, e.hash, e.received_at"
TABLE_STATE_KINDS = ("station_started", "device_link", "device_status", "dealer_signed_in", "dealer_signed_out")
JACKPOT_LEDGER_KINDS = ("jackpot_installed", "jackpot_contribution", "jackpot_award", "jackpot_overflow",
                        "jackpot_seed", "jackpot_reversal", "jackpot_verified")


def events_after(conn: Conn, table_id: str, after_seq: int, limit: int = 5000) -> list[FloorEvent]:
    """A table's events after ``after_seq``, oldest first, at most ``limit``."""
    rows = conn.execute(f"SELECT {_EVENT_COLUMNS} FROM floor.events e WHERE e.table_id = %s AND e.seq > %s "
                        "AND e.flagged IS NULL ORDER BY e.seq LIMIT %s", (table_id, after_seq, limit))
    return [FloorEvent(*row) for row in rows]


def state_events(conn: Conn, table_id: str) -> list[FloorEvent]:
    """The events a table's state now is folded from, in seq order: everything since its last
    ``round_opened``; before that, its devices since its last ``station_started`` and its
    progressive's facts (each found through the partial index ``events_live_marks``)."""
    marks = conn.execute(
        """SELECT (SELECT max(seq) FROM floor.events WHERE table_id = %(t)s AND kind = 'round_opened'),
                  (SELECT max(seq) FROM floor.events WHERE table_id = %(t)s AND kind = 'station_started')""",
        {"t": table_id}).fetchone()
    opened, started = (marks[0] or 0, marks[1] or 0) if marks else (0, 0)
    rows = conn.execute(
        f"""SELECT {_EVENT_COLUMNS} FROM floor.events e
            WHERE e.table_id = %(t)s AND e.seq >= %(opened)s AND e.flagged IS NULL
            UNION ALL
            SELECT {_EVENT_COLUMNS} FROM floor.events e
            WHERE e.table_id = %(t)s AND e.kind = ANY(%(table_kinds)s) AND e.seq >= %(started)s AND e.seq < %(opened)s
              AND e.flagged IS NULL
            UNION ALL
            SELECT {_EVENT_COLUMNS} FROM floor.events e
            WHERE e.table_id = %(t)s AND e.kind = ANY(%(jackpot_kinds)s) AND e.seq < %(opened)s AND e.flagged IS NULL
            ORDER BY 2""",
        {"t": table_id, "opened": opened, "started": started, "table_kinds": list(TABLE_STATE_KINDS),
         "jackpot_kinds": list(JACKPOT_LEDGER_KINDS)})
    return [FloorEvent(*row) for row in rows]


def round_events(conn: Conn, table_id: str, round_id: str) -> list[FloorEvent]:
    """Every event of a round, oldest first: its own and the table's (a device's link, say) between
    its opening and its end (the end of what the floor holds while it is open)."""
    rows = conn.execute(
        f"""SELECT {_EVENT_COLUMNS} FROM floor.rounds r
            JOIN floor.stations s ON s.table_id = r.table_id
            JOIN floor.events e ON e.table_id = r.table_id
                 AND e.seq BETWEEN coalesce(r.opened_seq, r.record_seq, r.ended_seq) AND coalesce(r.ended_seq, s.last_seq)
            WHERE r.table_id = %s AND r.round_id = %s AND (e.round_id = r.round_id OR e.round_id IS NULL)
              AND e.flagged IS NULL
            ORDER BY e.seq""", (table_id, round_id))
    return [FloorEvent(*row) for row in rows]


def round_dealer(conn: Conn, table_id: str, round_id: str) -> str | None:
    """Who dealt a round: the dealer signed in when it opened (``floor.rounds.dealer``, migration 0014)."""
    row = conn.execute("SELECT dealer FROM floor.rounds WHERE table_id = %s AND round_id = %s",
                       (table_id, round_id)).fetchone()
    return None if row is None else row[0]


@dataclass(frozen=True)
class RoundFilter:
    """What ``find_rounds`` looks for; every given condition must hold."""

    tables: tuple[str, ...] = ()
    start: datetime | None = None
    end: datetime | None = None
    seat: int | None = None
    min_payout: Decimal | None = None
    void_cause: str | None = None
    supervisor_acted: bool = False
    jackpot_hit: bool = False
    limit: int = 100


def void_causes(conn: Any) -> list[str]:
    """The causes the floor's voided rounds were voided for, sorted."""
    return [str(row[0]) for row in conn.execute(
        "SELECT DISTINCT void_cause FROM floor.rounds WHERE void_cause IS NOT NULL ORDER BY 1")]


def find_rounds(conn: Conn, where: RoundFilter) -> list[dict[str, Any]]:
    """Finished rounds matching ``where``, oldest first, in the recalled-round format."""
    cond = ["outcome <> 'open'"]
    params: dict[str, Any] = {"limit": where.limit}
    if where.tables:
        cond.append("table_id = ANY(%(tables)s)")
        params["tables"] = list(where.tables)
    if where.start is not None:
        cond.append("ended_at >= %(start)s")
        params["start"] = where.start
    if where.end is not None:
        cond.append("ended_at < %(end)s")
        params["end"] = where.end
    if where.seat is not None:
        cond.append("seats @> ARRAY[%(seat)s]::integer[]")
        params["seat"] = where.seat
    if where.min_payout is not None:
        cond.append("max_payout >= %(min_payout)s")
        params["min_payout"] = where.min_payout
    if where.void_cause is not None:
        cond.append("outcome = 'voided' AND void_cause = %(cause)s")
        params["cause"] = where.void_cause
    if where.supervisor_acted:
        cond.append("supervisor_acted")
    if where.jackpot_hit:
        cond.append("jackpot_hit")
    found = conn.execute(
        f"""SELECT table_id, round_id, opened_seq, record_seq, ended_seq FROM (
                SELECT * FROM floor.rounds WHERE {' AND '.join(cond)} ORDER BY ended_at DESC, table_id LIMIT %(limit)s
            ) last ORDER BY ended_at, table_id""", params).fetchall()
    return [recalled_round(conn, table_id, round_id, [s for s in seqs if s is not None])
            for table_id, round_id, *seqs in found]


@dataclass(frozen=True)
class _Event:
    kind: str
    payload: dict[str, Any]
    at: str


def recalled_round(conn: Conn, table_id: str, round_id: str, seqs: Sequence[int]) -> dict[str, Any]:
    """A round in the recalled format from the floor's copy of its opening, record and end events."""
    rows = conn.execute("SELECT kind, payload::text, at FROM floor.events WHERE table_id = %s AND seq = ANY(%s) "
                        "AND flagged IS NULL ORDER BY seq", (table_id, list(seqs))).fetchall()
    return recalled_from_events(table_id, round_id, [_Event(k, json.loads(p), at) for k, p, at in rows])

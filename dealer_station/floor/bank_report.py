"""The table bank in the pit report: each table-shift's figures (``report --floor URL --by shift``) and the
statistical report (``report --floor URL --statistical``, COMAR 36.05.03.25).

A table-shift's line is the bank record's answer (``bank.record.answer``: PIT's names, amounts as strings)
with the gaming day, the shift's number in its table's journal and when it opened and closed. The
statistical report is ``bank.statistical.statistical_report`` for each gaming day asked, over the floor's
counted table-shifts (drop and accounting win); a table-game whose month falls outside its 95% band opens
an investigation on the floor (once per table, game and month) that a supervisor closes with a written
finding on the pit's Bank page.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date, timedelta
from decimal import Decimal
from typing import Any

import psycopg

from ..bank.record import answer
from ..bank.statistical import Period as StatPeriod
from ..bank.statistical import StatisticalLine, statistical_report
from ..errors import ConfigError
from ..money import format_money
from .bank import BankShift, bank_shifts, daily_results

Conn = psycopg.Connection[Any]
MAX_DAYS = 366
"""Most gaming days one statistical report covers (a day each)."""


def shift_lines(shifts: Sequence[BankShift]) -> list[dict[str, Any]]:
    """Each table-shift's line: where it is, then the bank answer's figures (None: a count not known yet)."""
    lines = []
    for s in shifts:
        line: dict[str, Any] = {"table_id": s.table_id, "gaming_day": s.gaming_day.isoformat(), "shift_number": s.shift,
                                "opened_at": s.opened_at.isoformat(),
                                "closed_at": s.closed_at.isoformat() if s.closed_at else None}
        figures = s.figures
        if figures is None:
            line["problem"] = s.problem
        else:
            line.update({k: v for k, v in answer(figures).items() if k != "table_id"})
        lines.append(line)
    return lines


SHIFT_COLUMNS = ("table", "shift", "opener", "closer", "fills", "credits", "recorded drop", "drop", "computed win",
                 "accounting win", "tray var", "class", "drop var", "class", "win var", "class")


def shift_cells(line: dict[str, Any]) -> list[str]:
    def v(key: str) -> str:
        value = line.get(key)
        return "-" if value is None else str(value)

    return [line["table_id"], line.get("shift") or f"{line['gaming_day']}/{line['shift_number']}",
            *(v(k) for k in ("opener_value", "closer_value", "fills", "credits", "recorded_drop", "drop",
                             "computed_win", "accounting_win", "tray_variance", "tray_class", "drop_variance",
                             "drop_class", "win_variance", "win_class"))]


def floor_shift_lines(conn: Conn, start: Any, end: Any, tables: Sequence[str] | None) -> list[dict[str, Any]]:
    """The table-shifts that opened in [start, end) (either None: open-ended): what ``report --by ...shift`` and
    the pit's report page add to the report (a floor before 0019 has none)."""
    from .bank import BANK_SCHEMA
    from .migrate import current_version

    if current_version(conn) < BANK_SCHEMA:
        return []
    shifts = [s for s in bank_shifts(conn, tables=tables)
              if (start is None or s.opened_at >= start) and (end is None or s.opened_at < end)]
    return shift_lines(shifts)


# ------------------------------------------------------------------------------------------ statistical


@dataclass(frozen=True)
class Investigation:
    id: int
    table_id: str
    game: str
    month: date
    win_drop: Decimal | None
    opened_at: Any
    closed_at: Any
    closed_by: str | None
    finding: str | None


def days_between(first: date, last: date) -> list[date]:
    if last < first:
        raise ConfigError(f"--to {last} is before --from {first}", "to")
    if (last - first).days >= MAX_DAYS:
        raise ConfigError(f"at most {MAX_DAYS} gaming days in one statistical report", "to")
    return [first + timedelta(days=n) for n in range((last - first).days + 1)]


def statistical(conn: Conn, first: date, last: date, tables: Sequence[str] | None = None,
                open_investigations: bool = True) -> dict[str, Any]:
    """The statistical report for each gaming day from ``first`` to ``last``; investigations opened for the
    table-games outside their band (``open_investigations``), and the months' investigations."""
    days = days_between(first, last)
    month = first.replace(day=1)
    history_start = month.replace(year=month.year - 1)  # the first day's band's twelve months, and its year
    rows = daily_results(bank_shifts(conn, tables=tables, day_from=history_start, day_to=last))
    report = []
    for day in days:
        lines = statistical_report(rows, day)
        report.append({"day": day.isoformat(), "lines": [_line(line) for line in lines]})
        if open_investigations:
            for line in lines:
                if line.investigate and line.band is not None:
                    conn.execute("SELECT floor.open_investigation(%s, %s, %s, %s, %s, %s)",
                                 (line.table_id, line.game, day.replace(day=1), line.month.win_drop_pct,
                                  line.band.low_pct, line.band.high_pct))
    if open_investigations:
        conn.commit()
    found = investigations(conn, first.replace(day=1), last)
    return {"from": first.isoformat(), "to": last.isoformat(), "days": report,
            "investigations": [_investigation(i) for i in found]}


def investigations(conn: Conn, month_from: date | None = None, month_to: date | None = None,
                   open_only: bool = False) -> list[Investigation]:
    where, params = ["true"], []
    if month_from is not None:
        where.append("month >= %s")
        params.append(month_from.replace(day=1))
    if month_to is not None:
        where.append("month <= %s")
        params.append(month_to)
    if open_only:
        where.append("closed_at IS NULL")
    return [Investigation(*row) for row in conn.execute(
        f"""SELECT id, table_id, game, month, win_drop, opened_at, closed_at, closed_by, finding
            FROM floor.investigations WHERE {' AND '.join(where)} ORDER BY month, table_id, game""", params)]


def _period(p: StatPeriod) -> dict[str, Any]:
    pct = p.win_drop_pct
    return {"drop": format_money(p.drop), "win": format_money(p.win), "win_drop_pct": None if pct is None else str(pct)}


def _line(line: StatisticalLine) -> dict[str, Any]:
    band = line.band
    return {"table_id": line.table_id, "game": line.game, "day": _period(line.day), "month_to_date": _period(line.month),
            "year_to_date": _period(line.year),
            "band": None if band is None else {"low_pct": str(band.low_pct), "high_pct": str(band.high_pct),
                                               "history_days": band.history_days, "month_days": band.month_days},
            "investigate": line.investigate}


def _investigation(i: Investigation) -> dict[str, Any]:
    return {"id": i.id, "table_id": i.table_id, "game": i.game, "month": i.month.isoformat()[:7],
            "win_drop_pct": None if i.win_drop is None else format_money(i.win_drop),
            "opened_at": i.opened_at.isoformat(), "closed_at": i.closed_at.isoformat() if i.closed_at else None,
            "closed_by": i.closed_by, "finding": i.finding}


def statistical_json(doc: dict[str, Any]) -> str:
    return json.dumps(doc, indent=1) + "\n"

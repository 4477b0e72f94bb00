"""A pit report as an aligned terminal table, CSV or JSON (HTML: ``html.py``)."""

from __future__ import annotations

import csv
import io
import json
import re
from collections.abc import Sequence
from typing import Any

from ..money import format_money
from .report import SENSOR, Report, ReportRow, section_columns

COLUMNS = tuple(c.header for c in section_columns() if c.header is not None)
"""The terminal and HTML table's headings (``report.COLUMNS``)."""
SENSOR_COLUMNS = tuple(c.header for c in section_columns(SENSOR) if c.header is not None)
"""The bet sensor section's headings: the row's keys, then the sensor's figures."""


def row_cells(row: ReportRow) -> list[str]:
    return row.cells()


def aligned(header: Sequence[str], rows: Sequence[Sequence[str]]) -> str:
    widths = [max(len(str(h)), *(len(str(r[i])) for r in rows)) if rows else len(str(h)) for i, h in enumerate(header)]
    numeric = [all(_is_number(r[i]) for r in rows) and bool(rows) for i in range(len(header))]
    lines = []
    for cells in (header, *rows):
        lines.append("  ".join(str(c).rjust(w) if num else str(c).ljust(w)
                               for c, w, num in zip(cells, widths, numeric)).rstrip())
        if cells is header:
            lines.append("  ".join("-" * w for w in widths))
    return "\n".join(lines)


def _is_number(text: str) -> bool:
    try:
        float(text.replace("%", ""))
    except ValueError:
        return text == ""
    return True


def as_text(report: Report) -> str:
    out = [f"Pit report {period_text(report)}", ""]
    rows = [row_cells(r) for r in report.rows] + ([row_cells(report.totals())] if len(report.rows) > 1 else [])
    out.append(aligned(COLUMNS, rows))
    if report.sensor_rows:
        out += ["", SENSOR, aligned(SENSOR_COLUMNS, [r.cells(SENSOR) for r in report.sensor_rows])]
    voids = [(r.table, r.game, cause, str(n)) for r in report.per_table for cause, n in sorted(r.voids_by_cause.items())]
    if voids:
        out += ["", "Voids by cause", aligned(("table", "game", "cause", "voids"), voids)]
    faults = [(r.table, *name.split("/", 1), str(n)) for r in report.per_table for name, n in sorted(r.faults_by.items())]
    if faults:
        out += ["", "Device faults", aligned(("table", "device", "code", "count"), faults)]
    if report.data.supervisor:
        out += ["", "Supervisor actions", aligned(("when", "table", "round", "badge", "action", "granted", "reason"), [
            (a.at.astimezone(report.data.period.tz).strftime("%Y-%m-%d %H:%M:%S"), a.table_id, a.round_id or "",
             a.badge, a.what, "yes" if a.ok else "DENIED", a.reason or "") for a in report.data.supervisor])]
    jackpots = [(r.table, k, format_money(v)) for r in report.per_table for k, v in sorted(r.jackpot.items())]
    if jackpots:
        out += ["", "Jackpot", aligned(("table", "what", "amount"), jackpots)]
    if report.table_shifts:
        from .bank_report import SHIFT_COLUMNS, shift_cells

        out += ["", "Table-shifts (the table bank: accounting win against computed win)",
                aligned(SHIFT_COLUMNS, [shift_cells(line) for line in report.table_shifts])]
    out += ["", "Integrity alarms"]
    if report.data.alarms:
        out.append(aligned(("table", "first bad seq", "raised", "attempts", "reason"), [
            (a.table_id, str(a.first_bad_seq), a.raised_at.astimezone(report.data.period.tz).strftime("%Y-%m-%d %H:%M:%S"),
             str(a.attempts), a.reason) for a in report.data.alarms]))
    else:
        out.append("none")
    if report.par_notes:
        out += ["", "Par: " + "; ".join(report.par_notes.values())]
    return "\n".join(out) + "\n"


def period_text(report: Report) -> str:
    p = report.data.period
    start = p.start.astimezone(p.tz).isoformat(timespec="minutes") if p.start else "the beginning"
    end = p.end.astimezone(p.tz).isoformat(timespec="minutes") if p.end else "now"
    shifts = ",".join(f"{s:%H:%M}" for s in p.shifts)
    return f"from {start} to {end} ({p.tz.key}, shifts {shifts}), by {','.join(report.by) or 'game'}"


def as_json(report: Report) -> str:
    p = report.data.period
    doc = {
        "period": {"from": p.start.isoformat() if p.start else None, "to": p.end.isoformat() if p.end else None,
                   "tz": p.tz.key, "shifts": [f"{s:%H:%M}" for s in p.shifts], "by": list(report.by)},
        "rows": [r.as_json() for r in report.rows],
        "totals": report.totals().as_json(),
        "supervisor_actions": [{"at": a.at.isoformat(), "table": a.table_id, "round_id": a.round_id, "badge": a.badge,
                                "action": a.action, "detail": a.detail, "ok": a.ok, "reason": a.reason}
                               for a in report.data.supervisor],
        "alarms": [{"table": a.table_id, "first_bad_seq": a.first_bad_seq, "reason": a.reason,
                    "raised_at": a.raised_at.isoformat(), "last_seen_at": a.last_seen_at.isoformat(),
                    "attempts": a.attempts} for a in report.data.alarms],
        "par": report.par_notes,
    }
    if report.table_shifts:
        doc["table_shifts"] = report.table_shifts
    return json.dumps(doc, indent=1) + "\n"


def as_csv(report: Report) -> str:
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    fields = list(report.rows[0].as_json()) if report.rows else ["table", "game", "day", "shift", "rounds"]
    writer.writerow(fields)
    for row in report.rows:
        values = row.as_json()
        writer.writerow([_csv_value(values[f]) for f in fields])
    return buffer.getvalue()


_FORMULA_START = ("=", "+", "-", "@", "\t", "\r")
_AMOUNT_OR_BAND = re.compile(r"-?\d+(\.\d+)?(\.\.-?\d+(\.\d+)?)?")


def _csv_value(value: Any) -> str:
    if value is None:
        return ""
    if isinstance(value, dict):
        text = ";".join(f"{k}={v}" for k, v in value.items())
    elif isinstance(value, list):
        text = "..".join(str(v) for v in value)
    elif isinstance(value, bool):
        text = "yes" if value else "no"
    else:
        text = str(value)
    # A cell a spreadsheet would run as a formula (a station names its own table ids and causes)
    # is quoted; a negative amount or band stays a number.
    if text.startswith(_FORMULA_START) and not _AMOUNT_OR_BAND.fullmatch(text):
        return "'" + text
    return text


def statistical_as_text(doc: dict[str, Any]) -> str:
    """The statistical report (``bank_report.statistical``'s document) as aligned tables."""
    out = [f"Statistical report (drop, win, win/drop %) from {doc['from']} to {doc['to']}"]
    header = ("table", "game", "day drop", "day win", "day %", "MTD drop", "MTD win", "MTD %", "YTD drop", "YTD win",
              "YTD %", "95% band", "investigate")
    for day in doc["days"]:
        cells = []
        for line in day["lines"]:
            periods = [line[k] for k in ("day", "month_to_date", "year_to_date")]
            band = line["band"]
            cells.append([line["table_id"], line["game"],
                          *(p[k] or "-" for p in periods for k in ("drop", "win", "win_drop_pct")),
                          f"{band['low_pct']}..{band['high_pct']}" if band else "-",
                          "YES" if line["investigate"] else "no"])
        out += ["", day["day"], aligned(header, cells) if cells else "no table-shift counted"]
    out += ["", "Investigations"]
    if doc["investigations"]:
        out.append(aligned(("id", "table", "game", "month", "win/drop %", "closed by", "finding"), [
            [str(i["id"]), i["table_id"], i["game"], i["month"], i["win_drop_pct"] or "-", i["closed_by"] or "OPEN",
             i["finding"] or ""] for i in doc["investigations"]]))
    else:
        out.append("none")
    return "\n".join(out) + "\n"

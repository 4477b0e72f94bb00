"""A pit report as one self-contained HTML page (inline CSS and SVG): mail it or print it."""

from __future__ import annotations

from collections.abc import Sequence
from html import escape

from ..money import format_money
from .render import COLUMNS, period_text, row_cells
from .report import Report, ReportRow

WIDTH, HEIGHT, PAD = 760, 240, 44
STYLE = """
body{font:14px/1.4 system-ui,sans-serif;margin:24px;color:#222}h1{font-size:20px}h2{font-size:16px;margin-top:28px}
table{border-collapse:collapse;margin:8px 0}td,th{border:1px solid #ccc;padding:3px 7px;font-size:12px}
th{background:#f1f1f1}td.n{text-align:right}.no{color:#b00;font-weight:bold}.alarm{background:#fde8e8}
svg text{font:11px system-ui,sans-serif}@media print{body{margin:0}}
"""


def as_html(report: Report) -> str:
    parts = [f"<!doctype html><html><head><meta charset='utf-8'><title>Pit report</title><style>{STYLE}</style>",
             "</head><body>", "<h1>Pit report</h1>", f"<p>{escape(period_text(report))}</p>"]
    if report.data.alarms:
        parts.append(f"<p class='no'>{len(report.data.alarms)} integrity alarm(s): see below.</p>")
    rows = [*report.rows, report.totals()] if len(report.rows) > 1 else report.rows
    parts.append(_table(COLUMNS, [row_cells(r) for r in rows]))
    parts += ["<h2>Hold over time against par (95% band)</h2>", hold_chart(report.series)]
    parts += ["<h2>Voids and device faults per table</h2>", bars_chart(report.per_table)]
    voids = [(r.table, cause, str(n)) for r in report.per_table for cause, n in sorted(r.voids_by_cause.items())]
    parts += ["<h2>Voids by cause</h2>", _table(("table", "cause", "voids"), voids)]
    faults = [(r.table, *name.split("/", 1), str(n)) for r in report.per_table for name, n in sorted(r.faults_by.items())]
    parts += ["<h2>Device faults</h2>", _table(("table", "device", "code", "count"), faults)]
    tz = report.data.period.tz
    parts += ["<h2>Supervisor actions</h2>", _table(("when", "table", "round", "badge", "action", "granted", "reason"), [
        (a.at.astimezone(tz).strftime("%Y-%m-%d %H:%M:%S"), a.table_id, a.round_id or "", a.badge, a.what,
         "yes" if a.ok else "DENIED", a.reason or "") for a in report.data.supervisor])]
    jackpots = [(r.table, k, format_money(v)) for r in report.per_table for k, v in sorted(r.jackpot.items())]
    if jackpots:
        parts += ["<h2>Jackpot</h2>", _table(("table", "what", "amount"), jackpots)]
    parts += ["<h2>Integrity alarms</h2>", _table(("table", "first bad seq", "raised", "attempts", "reason"), [
        (a.table_id, str(a.first_bad_seq), a.raised_at.astimezone(tz).strftime("%Y-%m-%d %H:%M:%S"), str(a.attempts),
         a.reason) for a in report.data.alarms], css="alarm")]
    if report.par_notes:
        parts.append("<p>Par: " + escape("; ".join(report.par_notes.values())) + "</p>")
    parts.append("</body></html>\n")
    return "\n".join(parts)


def _table(header: Sequence[str], rows: Sequence[Sequence[str]], css: str = "") -> str:
    if not rows:
        return "<p>none</p>"
    head = "".join(f"<th>{escape(h)}</th>" for h in header)
    body = []
    for r in rows:
        cells = "".join(
            f"<td class='{'no' if c == 'NO' else 'n' if _numeric(c) else ''}'>{escape(str(c))}</td>" for c in r)
        body.append(f"<tr class='{css}'>{cells}</tr>")
    return f"<table><tr>{head}</tr>{''.join(body)}</table>"


def _numeric(text: str) -> bool:
    try:
        float(str(text).replace("%", ""))
    except ValueError:
        return False
    return True


def hold_chart(series: Sequence[ReportRow]) -> str:
    """Actual hold % per gaming day and shift, the par hold and its 95% band for that handle."""
    points = [r for r in series if r.handle]
    if not points:
        return "<p>no paid rounds</p>"
    values: list[float] = []
    for r in points:
        values.append(float(r.hold_pct or 0))
        band = r.band
        if band is not None:
            values += [float(band[0] / r.handle * 100), float(band[1] / r.handle * 100)]
    low, high = min(values + [0.0]), max(values + [0.0])
    span = (high - low) or 1.0
    step = (WIDTH - 2 * PAD) / max(len(points) - 1, 1)

    def x(i: int) -> float:
        return PAD + i * step if len(points) > 1 else WIDTH / 2

    def y(v: float) -> float:
        return HEIGHT - PAD - (v - low) / span * (HEIGHT - 2 * PAD)

    svg = [f"<svg xmlns='http://www.w3.org/2000/svg' width='{WIDTH}' height='{HEIGHT}' role='img' "
           "aria-label='hold over time against par'>",
           f"<line x1='{PAD}' y1='{y(0):.1f}' x2='{WIDTH - PAD}' y2='{y(0):.1f}' stroke='#999' stroke-dasharray='3 3'/>",
           f"<text x='4' y='{y(high):.1f}'>{high:.1f}%</text><text x='4' y='{y(low):.1f}'>{low:.1f}%</text>"]
    band_points = [(i, r.band, r.handle) for i, r in enumerate(points) if r.band is not None]
    if band_points:
        upper = [f"{x(i):.1f},{y(float(b[1] / h * 100)):.1f}" for i, b, h in band_points if b]
        lower = [f"{x(i):.1f},{y(float(b[0] / h * 100)):.1f}" for i, b, h in reversed(band_points) if b]
        svg.append(f"<polygon points='{' '.join(upper + lower)}' fill='#cfe3f7' stroke='none'><title>95% band"
                   "</title></polygon>")
        theo = [f"{x(i):.1f},{y(float(r.theo_hold_pct or 0)):.1f}" for i, r in enumerate(points) if r.theo_win is not None]
        svg.append(f"<polyline points='{' '.join(theo)}' fill='none' stroke='#2b6cb0' stroke-width='2'/>")
        for i, b, h in band_points:  # the band as an error bar too: visible with a single point
            if b:
                svg.append(f"<line x1='{x(i):.1f}' x2='{x(i):.1f}' y1='{y(float(b[0] / h * 100)):.1f}' "
                           f"y2='{y(float(b[1] / h * 100)):.1f}' stroke='#6b9bd1' stroke-width='6' opacity='0.6'/>")
        for i, r in enumerate(points):
            if r.theo_win is not None:
                svg.append(f"<line x1='{x(i) - 6:.1f}' x2='{x(i) + 6:.1f}' y1='{y(float(r.theo_hold_pct or 0)):.1f}' "
                           f"y2='{y(float(r.theo_hold_pct or 0)):.1f}' stroke='#2b6cb0' stroke-width='2'/>")
    actual = [f"{x(i):.1f},{y(float(r.hold_pct or 0)):.1f}" for i, r in enumerate(points)]
    svg.append(f"<polyline points='{' '.join(actual)}' fill='none' stroke='#c53030' stroke-width='2'/>")
    for i, r in enumerate(points):
        par = f"par {r.theo_hold_pct}%" if r.theo_hold_pct is not None else "no par"
        label = f"{r.day} {r.shift}: hold {r.hold_pct}% ({par})"
        svg.append(f"<circle cx='{x(i):.1f}' cy='{y(float(r.hold_pct or 0)):.1f}' r='3' fill='#c53030'>"
                   f"<title>{escape(label)}</title></circle>")
        if i % max(-(-len(points) // 8), 1) == 0:  # at most 8 labels
            svg.append(f"<text x='{x(i):.1f}' y='{HEIGHT - 8}' text-anchor='middle'>{escape(r.day[5:])} "
                       f"{escape(r.shift[:2])}h</text>")
    svg.append(f"<text x='{PAD}' y='14'><tspan fill='#c53030'>actual hold</tspan>  "
               "<tspan fill='#2b6cb0'>par hold</tspan>  <tspan fill='#6b9bd1'>par 95% band</tspan>  "
               "<tspan fill='#999'>(by gaming day and shift)</tspan></text></svg>")
    return "".join(svg)


def bars_chart(per_table: Sequence[ReportRow]) -> str:
    if not per_table:
        return "<p>no tables</p>"
    top = max([r.voids for r in per_table] + [r.faults for r in per_table] + [1])
    group = (WIDTH - 2 * PAD) / len(per_table)
    bar = min(group / 3, 40)
    svg = [f"<svg xmlns='http://www.w3.org/2000/svg' width='{WIDTH}' height='{HEIGHT}' role='img' "
           "aria-label='voids and faults per table'>"]
    for i, r in enumerate(per_table):
        x0 = PAD + i * group + group / 2 - bar
        for j, (value, colour, what) in enumerate(((r.voids, "#dd6b20", "voids"), (r.faults, "#6b46c1", "faults"))):
            h = value / top * (HEIGHT - 2 * PAD)
            svg.append(f"<rect x='{x0 + j * bar:.1f}' y='{HEIGHT - PAD - h:.1f}' width='{bar - 2:.1f}' height='{h:.1f}' "
                       f"fill='{colour}'><title>{escape(r.table)}: {value} {what}</title></rect>")
        svg.append(f"<text x='{x0 + bar:.1f}' y='{HEIGHT - PAD + 14}' text-anchor='middle'>{escape(r.table)}</text>")
    svg.append(f"<text x='{PAD}' y='14'><tspan fill='#dd6b20'>voids</tspan>  <tspan fill='#6b46c1'>device faults"
               f"</tspan>  <tspan fill='#999'>(highest bar: {top})</tspan></text></svg>")
    return "".join(svg)

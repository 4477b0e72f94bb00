"""A pit report as one self-contained HTML page (inline CSS and SVG): mail it or print it."""

from __future__ import annotations

import math
from collections.abc import Sequence
from html import escape

from ..money import format_money
from .render import COLUMNS, SENSOR_COLUMNS, period_text, row_cells
from .report import SENSOR, Report, ReportRow

WIDTH, HEIGHT, PAD = 760, 240, 44
STYLE = """
body{font:14px/1.4 system-ui,sans-serif;margin:24px;color:#222}h1{font-size:20px}h2{font-size:16px;margin-top:28px}
table{border-collapse:collapse;margin:8px 0}td,th{border:1px solid #ccc;padding:3px 7px;font-size:12px}
th{background:#f1f1f1}td.n{text-align:right}.no{color:#b00;font-weight:bold}.alarm{background:#fde8e8}
svg text{font:11px system-ui,sans-serif}svg{max-width:100%;height:auto}@media print{body{margin:0}}
"""


def as_html(report: Report) -> str:
    parts = [f"<!doctype html><html><head><meta charset='utf-8'><title>Pit report</title><style>{STYLE}</style>",
             "</head><body>", "<h1>Pit report</h1>", f"<p>{escape(period_text(report))}</p>"]
    if report.data.alarms:
        parts.append(f"<p class='no'>{len(report.data.alarms)} integrity alarm(s): see below.</p>")
    rows = [*report.rows, report.totals()] if len(report.rows) > 1 else report.rows
    parts.append(_table(COLUMNS, [row_cells(r) for r in rows]))
    if report.sensor_rows:
        parts += [f"<h2>{SENSOR}</h2>", _table(SENSOR_COLUMNS, [r.cells(SENSOR) for r in report.sensor_rows])]
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
    if report.table_shifts:
        from .bank_report import SHIFT_COLUMNS, shift_cells

        parts += ["<h2>Table-shifts: accounting win against computed win</h2>",
                  _table(SHIFT_COLUMNS, [shift_cells(line) for line in report.table_shifts])]
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


GAME_COLOURS = ("#c53030", "#2b6cb0", "#2f855a", "#b7791f", "#6b46c1", "#c05621", "#2c7a7b", "#97266d")
LEFT, BOTTOM, TOP = 56, 46, 34


def _ticks(low: float, high: float, count: int = 5) -> list[float]:
    """Round axis values covering ``low..high`` (1, 2 or 5 times a power of ten apart)."""
    span = (high - low) or 1.0
    raw = span / count
    power = 10 ** math.floor(math.log10(raw))
    step = next(m * power for m in (1, 2, 5, 10) if m * power >= raw)
    first = math.floor(low / step) * step
    ticks = [first]
    while ticks[-1] < high - 1e-9:
        ticks.append(ticks[-1] + step)
    return ticks


def hold_chart(series: Sequence[ReportRow]) -> str:
    """Actual hold % per gaming day and shift, the par hold and its 95% band for that handle: one line
    per game (games hold differently: one line through them all would mean nothing), every gaming day
    and shift once on the x axis, round values on the y axis."""
    points = [r for r in series if r.handle]
    if not points:
        return "<p>no paid rounds</p>"
    buckets = sorted({(r.day, r.shift) for r in points})
    where = {b: i for i, b in enumerate(buckets)}
    games = sorted({r.game for r in points})
    colour = {g: GAME_COLOURS[i % len(GAME_COLOURS)] for i, g in enumerate(games)}
    values: list[float] = [0.0]
    for r in points:
        values.append(float(r.hold_pct or 0))
        if r.band is not None:
            values += [float(r.band[0] / r.handle * 100), float(r.band[1] / r.handle * 100)]
    ticks = _ticks(min(values), max(values))
    low, high = ticks[0], ticks[-1]
    span = (high - low) or 1.0
    right = WIDTH - 16
    step = (right - LEFT - 20) / max(len(buckets) - 1, 1)

    def x(r: ReportRow) -> float:
        return LEFT + 10 + where[(r.day, r.shift)] * step if len(buckets) > 1 else (LEFT + right) / 2

    def y(v: float) -> float:
        return HEIGHT - BOTTOM - (v - low) / span * (HEIGHT - BOTTOM - TOP)

    svg = [f"<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 {WIDTH} {HEIGHT}' width='{WIDTH}' height='{HEIGHT}' "
           "role='img' aria-label='hold over time against par, one line per game' style='max-width:100%;height:auto'>"]
    for t in ticks:  # the y axis: round values, a light grid line each (dashed at zero)
        line = "stroke='#888' stroke-dasharray='3 3'" if t == 0 else "stroke='#e2e6ea'"
        svg.append(f"<line x1='{LEFT}' x2='{right}' y1='{y(t):.1f}' y2='{y(t):.1f}' {line}/>"
                   f"<text x='{LEFT - 6}' y='{y(t) + 4:.1f}' text-anchor='end'>{t:g}%</text>")
    svg.append(f"<text x='12' y='{(TOP + HEIGHT - BOTTOM) / 2:.0f}' transform='rotate(-90 12 {(TOP + HEIGHT - BOTTOM) / 2:.0f})' "
               "text-anchor='middle'>hold %</text>")
    every = max(-(-len(buckets) // 8), 1)  # at most 8 labels on the x axis, each bucket once
    for i, (day, shift) in enumerate(buckets):
        bx = LEFT + 10 + i * step if len(buckets) > 1 else (LEFT + right) / 2
        svg.append(f"<line x1='{bx:.1f}' x2='{bx:.1f}' y1='{HEIGHT - BOTTOM}' y2='{HEIGHT - BOTTOM + 4}' stroke='#888'/>")
        if i % every == 0:
            svg.append(f"<text x='{bx:.1f}' y='{HEIGHT - BOTTOM + 16}' text-anchor='middle'>{escape(day)}</text>"
                       f"<text x='{bx:.1f}' y='{HEIGHT - BOTTOM + 29}' text-anchor='middle' fill='#666'>{escape(shift)}</text>")
    for game in games:
        mine = sorted((r for r in points if r.game == game), key=lambda r: where[(r.day, r.shift)])
        c = colour[game]
        banded = [r for r in mine if r.band is not None]
        if banded:
            upper = [f"{x(r):.1f},{y(float(r.band[1] / r.handle * 100)):.1f}" for r in banded if r.band]
            lower = [f"{x(r):.1f},{y(float(r.band[0] / r.handle * 100)):.1f}" for r in reversed(banded) if r.band]
            svg.append(f"<polygon points='{' '.join(upper + lower)}' fill='{c}' opacity='0.12' stroke='none'>"
                       f"<title>{escape(game)}: par 95% band</title></polygon>")
            for r in banded:  # the band as an error bar too: visible with a single point
                if r.band:
                    svg.append(f"<line x1='{x(r):.1f}' x2='{x(r):.1f}' y1='{y(float(r.band[0] / r.handle * 100)):.1f}' "
                               f"y2='{y(float(r.band[1] / r.handle * 100)):.1f}' stroke='{c}' stroke-width='6' opacity='0.25'/>")
        theo = [f"{x(r):.1f},{y(float(r.theo_hold_pct or 0)):.1f}" for r in mine if r.theo_win is not None]
        if theo:
            svg.append(f"<polyline points='{' '.join(theo)}' fill='none' stroke='{c}' stroke-width='1.5' "
                       "stroke-dasharray='5 3'/>")
        actual = [f"{x(r):.1f},{y(float(r.hold_pct or 0)):.1f}" for r in mine]
        svg.append(f"<polyline points='{' '.join(actual)}' fill='none' stroke='{c}' stroke-width='2' "
                   f"data-game='{escape(game)}'/>")
        for r in mine:
            par = f"par {r.theo_hold_pct}%" if r.theo_hold_pct is not None else "no par"
            label = f"{game} {r.day} {r.shift}: hold {r.hold_pct}% ({par})"
            svg.append(f"<circle cx='{x(r):.1f}' cy='{y(float(r.hold_pct or 0)):.1f}' r='3' fill='{c}'>"
                       f"<title>{escape(label)}</title></circle>")
    legend = "  ".join(f"<tspan fill='{colour[g]}'>\u25cf {escape(g)}</tspan>" for g in games)
    svg.append(f"<text x='{LEFT}' y='14'>{legend}  <tspan fill='#555'>solid: actual hold; dashed: par hold; "
               "shaded: par 95% band</tspan></text></svg>")
    return "".join(svg)


def bars_chart(per_table: Sequence[ReportRow]) -> str:
    if not per_table:
        return "<p>no tables</p>"
    top = max([r.voids for r in per_table] + [r.faults for r in per_table] + [1])
    group = (WIDTH - 2 * PAD) / len(per_table)
    bar = min(group / 3, 40)
    svg = [f"<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 {WIDTH} {HEIGHT}' width='{WIDTH}' height='{HEIGHT}' role='img' "
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

"""`report --floor --by shift` carries each table-shift's bank figures; `report --floor --statistical` gives
the statistical report and opens an investigation for a month outside its 95% band, which only a supervisor
closes, with a written finding. The band's decision is checked here independently, in Fractions."""

from __future__ import annotations

import json
from datetime import date, timedelta
from fractions import Fraction

import psycopg
import pytest

from dealer_station.cli import main
from tests.floor.conftest import Floor

OPENER = 5000
HISTORY = [(date(2026, 11, 1) + timedelta(days=i), 1000, 150 + 10 * i) for i in range(10)]  # T1, T2: ~20 %


def _shifts(floor: Floor) -> dict[str, list[tuple[date, int, int]]]:
    """Counted table-shifts (gaming day, drop, accounting win) written straight into the floor's tables."""
    made = {"T1": HISTORY + [(date(2026, 12, d), 1000, 600) for d in (1, 2, 3)],  # December at 60 %: outside
            "T2": HISTORY + [(date(2026, 12, d), 1000, 195) for d in (1, 2, 3)]}  # December at 19.5 %: inside
    with psycopg.connect(floor.owner_url) as conn:
        for table_id, days in made.items():
            for n, (day, drop, win) in enumerate(days, start=1):
                closer = OPENER + win - drop
                conn.execute("INSERT INTO floor.table_shifts (table_id, shift, gaming_day, opened_seq, opened_at, "
                             "opener, closed_seq, closed_at, closer) VALUES (%s, %s, %s, %s, %s, %s, %s, %s, %s)",
                             (table_id, n, day, 10 * n, f"{day}T08:00:00Z", json.dumps({"1": OPENER}), 10 * n + 5,
                              f"{day}T16:00:00Z", json.dumps({"1": closer})))
                conn.execute("INSERT INTO floor.drops (table_id, shift, gaming_day, amount, counted_by, source) "
                             "VALUES (%s, %s, %s, %s, 'carl', 'csv')", (table_id, n, day, drop))
    return made


def outside_band(history: list[Fraction], month: list[tuple[int, int]]) -> bool:
    """|r - m| > 1.96 s / sqrt(n), squared: m, s over the history's daily win/drop; r the month's Σwin/Σdrop."""
    k = len(history)
    mean = sum(history, Fraction(0)) / k
    s2 = sum(((x - mean) ** 2 for x in history), Fraction(0)) / (k - 1)
    r = Fraction(sum(w for _, w in month), sum(d for d, _ in month))
    return (r - mean) ** 2 * len(month) > Fraction(196, 100) ** 2 * s2


def run(capsys: pytest.CaptureFixture[str], *args: str) -> str:
    assert main(list(args)) == 0
    return capsys.readouterr().out


def test_statistical_report_opens_and_a_supervisor_closes_an_investigation_refusals_one_line(
        floor: Floor, capsys: pytest.CaptureFixture[str]) -> None:
    made = _shifts(floor)
    doc = json.loads(run(capsys, "report", "--floor", floor.report_url, "--statistical", "--from", "2026-12-02",
                         "--to", "2026-12-03", "--format", "json", "--quiet"))
    assert [d["day"] for d in doc["days"]] == ["2026-12-02", "2026-12-03"]
    third = {line["table_id"]: line for line in doc["days"][1]["lines"]}
    for table_id, days in made.items():
        history = [Fraction(w, d) for day, d, w in days if day.month == 11]
        month = [(d, w) for day, d, w in days if day.month == 12]
        line = third[table_id]
        assert line["investigate"] is outside_band(history, month)
        assert (line["day"]["drop"], line["day"]["win"]) == ("1000", str(month[-1][1]))
        assert Fraction(line["day"]["win_drop_pct"]) == Fraction(month[-1][1] * 100, 1000)
        assert line["month_to_date"]["drop"] == "3000" and Fraction(line["month_to_date"]["win"]) == sum(w for _, w in month)
        assert Fraction(line["year_to_date"]["drop"]) == sum(d for day, d, _ in days if day <= date(2026, 12, 3))
        assert line["band"]["history_days"] == 10
    assert third["T1"]["investigate"] and not third["T2"]["investigate"]
    [opened] = doc["investigations"]
    assert (opened["table_id"], opened["month"], opened["closed_by"]) == ("T1", "2026-12", None)
    text = run(capsys, "report", "--floor", floor.report_url, "--statistical", "--from", "2026-12-03", "--to",
               "2026-12-03", "--quiet")
    assert "OPEN" in text and text.count("YES") == 1

    with psycopg.connect(floor.report_url) as pit:
        for by, role, finding, why in (("maria", "auditor", "ok", "the auditor role may not"),
                                       ("maria", "supervisor", "  ", "write the finding")):
            with pytest.raises(psycopg.errors.DatabaseError, match=why), pit.transaction():
                pit.execute("SELECT floor.close_investigation(%s, %s, %s, %s)", (opened["id"], by, role, finding))
        with pit.transaction():
            pit.execute("SELECT floor.close_investigation(%s, 'maria', 'supervisor', %s)",
                        (opened["id"], "Promotional dead chips counted as drop; recount agreed."))
    again = json.loads(run(capsys, "report", "--floor", floor.report_url, "--statistical", "--from", "2026-12-03",
                           "--to", "2026-12-03", "--format", "json", "--quiet"))
    assert [(i["id"], i["closed_by"], i["finding"][:11]) for i in again["investigations"]] == [
        (opened["id"], "maria", "Promotional")]  # closed, and not opened twice

    shifts = json.loads(run(capsys, "report", "--floor", floor.report_url, "--by", "table,shift", "--from",
                            "2026-12-01", "--to", "2026-12-03", "--format", "json", "--quiet"))["table_shifts"]
    december = [(day, d, w) for table_id in ("T1", "T2") for day, d, w in made[table_id] if day.month == 12]
    assert [(s["table_id"], s["gaming_day"]) for s in shifts] == [
        (t, day.isoformat()) for t in ("T1", "T2") for day in (date(2026, 12, 1), date(2026, 12, 2), date(2026, 12, 3))]
    for line, (_, drop, win) in zip(shifts, december, strict=True):
        assert Fraction(line["accounting_win"]) == win and line["computed_win"] == "0.00"
        assert Fraction(line["win_variance"]) == win and Fraction(line["drop_variance"]) == drop  # nothing journaled
        assert line["win_class"] == "regulator"
    text = run(capsys, "report", "--floor", floor.report_url, "--by", "shift", "--from", "2026-12-03", "--to",
               "2026-12-03", "--quiet").split("Table-shifts")[1]
    rows = [r.split() for r in text.splitlines() if r.startswith(("T1 ", "T2 "))]
    assert [(r[0], r[1], r[-2], r[-1]) for r in rows] == [("T1", "2026-12-03/13", "600.00", "regulator"),
                                                          ("T2", "2026-12-03/13", "195.00", "regulator")]
    for args, why in ((["--from", "2026-12-03", "--to", "2026-12-01"], "before --from"),
                      (["--from", "2025-01-01", "--to", "2026-12-01"], "at most 366"),
                      (["--to", "2026-12-01"], "give the gaming days"),
                      (["--from", "2026-12-01", "--to", "2026-12-01", "--format", "csv"], "table or json")):
        assert main(["report", "--floor", floor.report_url, "--statistical", *args, "--quiet"]) == 2
        err = capsys.readouterr().err.strip()
        assert why in err and len(err.splitlines()) == 1

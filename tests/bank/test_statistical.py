"""The statistical report: day, month and year to date sums and win/drop %, and the month's
win/drop held against mean ± 1.96 x s / √n of the previous twelve months' daily win/drop."""

from __future__ import annotations

import random
import statistics
from datetime import date, timedelta
from decimal import Context, Decimal
from fractions import Fraction

from dealer_station.bank.statistical import DailyResult, Period, statistical_report

D = Decimal
DAY = date(2026, 12, 4)


def row(day: date, drop: str, win: str, table: str = "T1", game: str = "uth") -> DailyResult:
    return DailyResult(table, game, day, D(drop), D(win))


# history: three days in the previous twelve months at 10%, 20% and 30% (mean 0.2, s 0.1)
HISTORY = [row(date(2026, 1, 10), "1000", "100"), row(date(2026, 6, 1), "500", "100"),
           row(date(2025, 12, 1), "1000", "300")]


def month(ratio_wins: list[str]) -> list[DailyResult]:
    """Four December days of drop 1000 with these wins."""
    return [row(date(2026, 12, 1 + i), "1000", win) for i, win in enumerate(ratio_wins)]


def test_the_band_by_hand() -> None:
    # n = 4 days: se = 0.1 / 2 = 0.05; band 0.2 ± 0.098 = 10.20% .. 29.80%
    [line] = statistical_report(HISTORY + month(["250", "250", "250", "250"]), DAY)
    assert line.band is not None
    assert (line.band.low_pct, line.band.high_pct, line.band.history_days, line.band.month_days) == (
        D("10.20"), D("29.80"), 3, 4)
    assert line.month.win_drop_pct == D("25.00") and not line.investigate
    [line] = statistical_report(HISTORY + month(["350", "350", "350", "350"]), DAY)
    assert line.investigate
    [line] = statistical_report(HISTORY + month(["50", "100", "100", "150"]), DAY)  # 10% < 10.20%
    assert line.investigate


def test_on_the_edge_is_inside() -> None:
    [line] = statistical_report(HISTORY + month(["298", "298", "298", "298"]), DAY)  # exactly 0.298
    assert not line.investigate
    [line] = statistical_report(HISTORY + month(["298", "298", "298", "298.01"]), DAY)
    assert line.investigate
    [line] = statistical_report(HISTORY + month(["102", "102", "102", "102"]), DAY)  # exactly 0.102
    assert not line.investigate
    [line] = statistical_report(HISTORY + month(["102", "102", "102", "101.99"]), DAY)
    assert line.investigate


def test_day_month_and_year_to_date() -> None:
    rows = [
        row(DAY, "300", "100"), row(DAY, "500", "-100"),              # two shifts of the day
        row(date(2026, 12, 1), "200", "50"),
        row(date(2026, 11, 30), "1000", "1"),                          # last month: the year only
        row(date(2025, 12, 31), "999", "999"),                         # last year: neither
        row(date(2026, 12, 5), "777", "777"),                          # after the day: nothing
    ]
    [line] = statistical_report(rows, DAY)
    assert line.day == Period(D("800"), D("0")) and line.day.win_drop_pct == D("0.00")
    assert line.month == Period(D("1000"), D("50")) and line.month.win_drop_pct == D("5.00")
    assert line.year == Period(D("2000"), D("51")) and line.year.win_drop_pct == D("2.55")


def test_percent_half_away_from_zero_and_no_drop() -> None:
    assert Period(D("800"), D("1")).win_drop_pct == D("0.13")      # 0.125 %
    assert Period(D("800"), D("-1")).win_drop_pct == D("-0.13")
    assert Period(D("3"), D("1")).win_drop_pct == D("33.33")
    assert Period(D("3"), D("2")).win_drop_pct == D("66.67")
    assert Period(D("0"), D("5")).win_drop_pct is None


def test_no_band_without_two_days_of_history_or_a_month_drop() -> None:
    [line] = statistical_report(HISTORY[:1] + month(["900"]), DAY)
    assert line.band is None and not line.investigate
    [line] = statistical_report(HISTORY + [row(DAY, "0", "0")], DAY)
    assert line.band is None and not line.investigate and line.month.win_drop_pct is None
    # a history day with no drop has no win/drop: it is not in the history
    [line] = statistical_report([*HISTORY, row(date(2026, 2, 2), "0", "40"), *month(["250"] * 4)], DAY)
    assert line.band is not None and line.band.history_days == 3


def test_each_table_game_apart_and_only_those_of_the_year() -> None:
    rows = [row(DAY, "100", "10", "T2", "thb"), row(DAY, "100", "20", "T1", "uth"), row(DAY, "100", "30", "T1", "thb"),
            row(date(2025, 6, 1), "100", "30", "T9", "uth")]
    lines = statistical_report(rows, DAY)
    assert [(line.table_id, line.game, line.day.win) for line in lines] == [
        ("T1", "thb", D(30)), ("T1", "uth", D(20)), ("T2", "thb", D(10))]


def test_random_floors_against_statistics_and_a_decimal_band() -> None:
    """The decision by another route: Python's statistics on Fractions, the band's edges as 50-digit
    Decimals, and the month's ratio compared with them."""
    rng = random.Random(25)
    wide = Context(prec=50)
    outside_seen = inside_seen = 0
    for _ in range(600):
        day = date(2026, rng.randint(1, 12), rng.randint(1, 28))
        first = day.replace(day=1)
        start = first.replace(year=first.year - 1)
        rows = []
        for _ in range(rng.randint(0, 40)):
            when = start + timedelta(days=rng.randint(0, (day - start).days + 20))
            rows.append(row(when, str(rng.randint(0, 5000)), str(rng.randint(-800, 2000)), rng.choice(["T1", "T2"])))
        for line in statistical_report(rows, day):
            mine = [r for r in rows if r.table_id == line.table_id]
            per_day: dict[date, list[Fraction]] = {}
            for r in mine:
                pair = per_day.setdefault(r.day, [Fraction(0), Fraction(0)])
                pair[0] += Fraction(r.drop)
                pair[1] += Fraction(r.win)
            history = [w / d for when, (d, w) in per_day.items() if start <= when < first and d]
            month_days = {when: p for when, p in per_day.items() if first <= when <= day}
            drop = sum((d for d, _ in month_days.values()), Fraction(0))
            win = sum((w for _, w in month_days.values()), Fraction(0))
            n = sum(1 for d, _ in month_days.values() if d)
            assert (line.month.drop, line.month.win) == (drop, win)
            if len(history) < 2 or not n or not drop:
                assert line.band is None and not line.investigate
                continue
            mean, s2 = statistics.mean(history), statistics.variance(history)
            half = wide.multiply(wide.sqrt(wide.divide(D(s2.numerator), D(s2.denominator * n))), D("1.96"))
            centre = wide.divide(D(mean.numerator), D(mean.denominator))
            ratio = wide.divide(D((win / drop).numerator), D((win / drop).denominator))
            outside = ratio < wide.subtract(centre, half) or ratio > wide.add(centre, half)
            assert line.investigate == outside
            assert line.band is not None and line.band.history_days == len(history) and line.band.month_days == n
            outside_seen += outside
            inside_seen += not outside
    assert outside_seen >= 20 and inside_seen >= 20, (outside_seen, inside_seen)

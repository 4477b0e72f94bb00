"""The statistical report (COMAR 36.05.03.25): per table and game, for a day, the month to date
and the year to date, the drop, the (accounting) win and win/drop %, and whether the month's
win/drop falls outside the 95% band of that table-game's daily win/drop.

The reading, exactly (docs/bank.md says why):
- A row is one table-game's drop and accounting win for a gaming day, or for one shift of it:
  rows of one table, game and day are added up first.
- ``win/drop %`` = Σ win / Σ drop x 100 over the period, to 0.01 (half up); none when the
  period's drop is 0.
- **The band.** The history is the previous twelve calendar months (for a day of December
  2026: 2025-12-01 to 2026-11-30); each of its days with a drop gives a daily win/drop
  x = win / drop. Their mean m and sample standard deviation s (divisor k - 1 over the k
  days) need k >= 2 days. The month's win/drop r (month to date) is read as the mean of
  its n days with a drop, so its standard error is s / √n, and the band is
  m ± 1.96 x s / √n. It is outside when |r - m| > 1.96 x s / √n (on the edge is inside).
- That decision is exact: it compares (r - m)² x n with 1.96² x s² in fractions, no square
  root. The band's edges (shown in %) need one: a Decimal square root, correctly rounded to
  34 digits, then rounded to 0.01 % for showing. No binary float anywhere.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import date
from decimal import ROUND_HALF_UP, Context, Decimal
from fractions import Fraction

from ..money import ZERO, exact_money

Z95 = Fraction(196, 100)
PERCENT_STEP = Decimal("0.01")
_SQRT = Context(prec=34)


@dataclass(frozen=True)
class DailyResult:
    """A table-game's drop and accounting win for one gaming day (or one shift of it)."""

    table_id: str
    game: str
    day: date
    drop: Decimal
    win: Decimal

    def __post_init__(self) -> None:
        if self.drop < 0:
            raise ValueError(f"a drop is never negative: {self.drop}")


@dataclass(frozen=True)
class Period:
    """Drop and win over a period, and win/drop in % (None when the drop is 0)."""

    drop: Decimal
    win: Decimal

    @property
    def win_drop_pct(self) -> Decimal | None:
        if self.drop == 0:
            return None
        return _percent(Fraction(self.win) / Fraction(self.drop))


@dataclass(frozen=True)
class Band:
    """The 95% band the month's win/drop is held against (edges in %, rounded for showing)."""

    low_pct: Decimal
    high_pct: Decimal
    history_days: int
    month_days: int


@dataclass(frozen=True)
class StatisticalLine:
    """One table-game of the report."""

    table_id: str
    game: str
    day: Period
    month: Period
    year: Period
    band: Band | None
    investigate: bool
    """The month's win/drop falls outside the band: an investigation is opened."""


def statistical_report(rows: Iterable[DailyResult], day: date) -> list[StatisticalLine]:
    """The report for ``day``: one line per table-game with a row in its year to date, by table and game."""
    with exact_money():
        return _report(rows, day)


def _report(rows: Iterable[DailyResult], day: date) -> list[StatisticalLine]:
    daily: dict[tuple[str, str], dict[date, tuple[Decimal, Decimal]]] = {}
    for row in rows:
        if row.day > day:
            continue
        days = daily.setdefault((row.table_id, row.game), {})
        drop, win = days.get(row.day, (ZERO, ZERO))
        days[row.day] = (drop + row.drop, win + row.win)
    month_start, year_start = day.replace(day=1), day.replace(month=1, day=1)
    history_start = month_start.replace(year=month_start.year - 1)
    lines = []
    for (table_id, game), days in sorted(daily.items()):
        if not any(d >= year_start for d in days):
            continue
        month_days = {d: v for d, v in days.items() if d >= month_start}
        history = [Fraction(win) / Fraction(drop) for d, (drop, win) in days.items()
                   if history_start <= d < month_start and drop != 0]
        month = _period(month_days.values())
        band, outside = _band(history, month, sum(1 for drop, _ in month_days.values() if drop != 0))
        lines.append(StatisticalLine(
            table_id, game, _period([days[day]] if day in days else []), month,
            _period(v for d, v in days.items() if d >= year_start), band, outside))
    return lines


def _period(values: Iterable[tuple[Decimal, Decimal]]) -> Period:
    drop, win = ZERO, ZERO
    for d, w in values:
        drop, win = drop + d, win + w
    return Period(drop, win)


def _band(history: list[Fraction], month: Period, n: int) -> tuple[Band | None, bool]:
    k = len(history)
    if k < 2 or n == 0 or month.drop == 0:
        return None, False
    mean = sum(history, Fraction(0)) / k
    variance = sum(((x - mean) ** 2 for x in history), Fraction(0)) / (k - 1)
    ratio = Fraction(month.win) / Fraction(month.drop)
    outside = (ratio - mean) ** 2 * n > Z95**2 * variance
    half = _SQRT.multiply(_SQRT.sqrt(_decimal(variance / n)), _decimal(Z95))
    centre = _decimal(mean)
    return Band(_shown(_SQRT.subtract(centre, half)), _shown(_SQRT.add(centre, half)), k, n), outside


def _decimal(value: Fraction) -> Decimal:
    return _SQRT.divide(Decimal(value.numerator), Decimal(value.denominator))


def _percent(value: Fraction) -> Decimal:
    """``value`` x 100 to 0.01, half away from zero, exactly (no intermediate rounding)."""
    scaled = abs(value) * 10_000
    hundredths = math.floor(scaled + Fraction(1, 2))
    return Decimal(-hundredths if value < 0 else hundredths).scaleb(-2)


def _shown(value: Decimal) -> Decimal:
    """A band's edge (irrational: computed to 34 digits) in % to 0.01, half up."""
    return _SQRT.multiply(value, Decimal(100)).quantize(PERCENT_STEP, rounding=ROUND_HALF_UP, context=_SQRT)

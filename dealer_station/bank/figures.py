"""Every figure of a table-shift, from its book, in one function (``shift_figures``).

- ``accounting_win = drop + closer - opener + credits - fills`` (values of received slips);
- ``computed_win`` = Σ over the shift's rounds of (collected - paid), a voided round 0;
- ``recorded_drop`` = Σ buy-ins (cash and markers);
- ``expected_closer_value = opener + fills - credits - recorded_drop + computed_win``;
- variances, counted minus expected: ``tray_variance = closer - expected_closer_value``,
  ``drop_variance = drop - recorded_drop``, ``win_variance = accounting_win - computed_win``
  (= tray_variance + drop_variance); all 0 when nothing is wrong anywhere;
- ``opener_discrepancy = opener - previous closer``;
- each variance's class by its absolute value: 0 ``ok``, under ``report_at`` ``note``,
  under ``regulator_at`` ``report``, else ``regulator``.
Exact: computed in the money context, nothing rounded.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from decimal import Decimal

from ..money import ZERO, exact_money
from .book import ShiftBook, Thresholds
from .slips import Slip, SlipProblem, slip_problems


class VarianceClass(enum.StrEnum):
    OK = "ok"
    NOTE = "note"
    REPORT = "report"
    REGULATOR = "regulator"


def classify(variance: Decimal, thresholds: Thresholds) -> VarianceClass:
    """A variance's class, by its absolute value against the thresholds."""
    size = abs(variance)
    if size == 0:
        return VarianceClass.OK
    if size < thresholds.report_at:
        return VarianceClass.NOTE
    if size < thresholds.regulator_at:
        return VarianceClass.REPORT
    return VarianceClass.REGULATOR


@dataclass(frozen=True)
class ShiftFigures:
    """A table-shift's figures (None: the closer or the drop it needs is not known yet)."""

    table_id: str
    shift: str
    currency: str
    opener_value: Decimal
    closer_value: Decimal | None
    fills: Decimal
    credits: Decimal
    recorded_drop: Decimal
    drop: Decimal | None
    computed_win: Decimal
    accounting_win: Decimal | None
    expected_closer_value: Decimal
    tray_variance: Decimal | None
    drop_variance: Decimal | None
    win_variance: Decimal | None
    tray_class: VarianceClass | None
    drop_class: VarianceClass | None
    win_class: VarianceClass | None
    opener_discrepancy: Decimal | None
    opener_class: VarianceClass | None
    slip_problems: tuple[SlipProblem, ...]


def _received(slips: tuple[Slip, ...]) -> Decimal:
    return sum((slip.chips.value for slip in slips if slip.counts), ZERO)


def shift_figures(book: ShiftBook) -> ShiftFigures:
    """Every figure of the shift (module docstring); a sum beyond the money context is refused."""
    with exact_money():
        opener = book.opener.value
        closer = None if book.closer is None else book.closer.value
        fills, credits = _received(book.fills), _received(book.credits)
        recorded_drop = sum((b.amount for b in book.buy_ins), ZERO)
        computed_win = sum((r.win for r in book.rounds), ZERO)
        expected = opener + fills - credits - recorded_drop + computed_win
        drop = book.drop
        tray_variance = None if closer is None else closer - expected
        drop_variance = None if drop is None else drop - recorded_drop
        accounting_win = None if closer is None or drop is None else drop + closer - opener + credits - fills
        win_variance = None if accounting_win is None else accounting_win - computed_win
        discrepancy = None if book.previous_closer is None else opener - book.previous_closer.value

    def klass(variance: Decimal | None) -> VarianceClass | None:
        return None if variance is None else classify(variance, book.thresholds)

    return ShiftFigures(
        table_id=book.table_id, shift=book.shift, currency=book.currency,
        opener_value=opener, closer_value=closer, fills=fills, credits=credits,
        recorded_drop=recorded_drop, drop=drop, computed_win=computed_win, accounting_win=accounting_win,
        expected_closer_value=expected, tray_variance=tray_variance, drop_variance=drop_variance,
        win_variance=win_variance, tray_class=klass(tray_variance), drop_class=klass(drop_variance),
        win_class=klass(win_variance), opener_discrepancy=discrepancy, opener_class=klass(discrepancy),
        slip_problems=tuple(slip_problems((*book.fills, *book.credits))),
    )

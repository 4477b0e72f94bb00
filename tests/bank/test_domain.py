"""The bank's values as the station will build them: an open shift, an uncounted drop, the buy-in
shared with the cash rules, and the invariants the types keep."""

from __future__ import annotations

from decimal import Decimal

import pytest

from dealer_station.bank.book import RoundMove, ShiftBook, Thresholds
from dealer_station.bank.chips import ChipCount
from dealer_station.bank.figures import VarianceClass, shift_figures
from dealer_station.bank.slips import Slip, SlipKind, SlipState
from dealer_station.buy_in import BuyIn, BuyInKind

D = Decimal
OPENER = ChipCount.of({D(5): 100, D(25): 40})  # 1,500


def book(**more: object) -> ShiftBook:
    return ShiftBook("T1", "day", OPENER, fills=(Slip(SlipKind.FILL, 7, SlipState.RECEIVED, ChipCount.of({D(100): 5})),),
                     buy_ins=(BuyIn(2, BuyInKind.MARKER, D(300)),), rounds=(RoundMove("R1", D(40), D(15)),),
                     **more)  # type: ignore[arg-type]


def test_an_open_shift_has_what_it_can_know() -> None:
    figures = shift_figures(book())
    assert figures.expected_closer_value == D(1500 + 500 - 300 + 25)
    assert (figures.recorded_drop, figures.computed_win, figures.fills) == (D(300), D(25), D(500))
    assert figures.closer_value is figures.tray_variance is figures.accounting_win is figures.win_variance is None
    assert figures.drop_variance is figures.drop_class is figures.tray_class is figures.opener_class is None


def test_a_closed_shift_before_the_count() -> None:
    figures = shift_figures(book(closer=ChipCount.of({D(5): 45, D(25): 40, D(100): 5})))  # 1,725: 0 variance
    assert (figures.tray_variance, figures.tray_class) == (D(0), VarianceClass.OK)
    assert figures.drop is figures.drop_variance is figures.accounting_win is None
    counted = shift_figures(book(closer=ChipCount.of({D(5): 45, D(25): 40, D(100): 5}), drop=D(270)))
    assert (counted.drop_variance, counted.drop_class, counted.win_variance) == (D(-30), VarianceClass.REPORT, D(-30))


def test_the_buy_in_says_cash_or_credit() -> None:
    assert BuyIn(1, BuyInKind.CASH, D(3500), "P-1").is_cash
    assert not BuyIn(1, BuyInKind.MARKER, D(3500)).is_cash
    with pytest.raises(ValueError):
        BuyIn(0, BuyInKind.CASH, D(10))
    with pytest.raises(ValueError):
        BuyIn(1, BuyInKind.CASH, D(0))


def test_the_types_keep_their_invariants() -> None:
    with pytest.raises(ValueError):
        ChipCount(((D(5), -1),))
    with pytest.raises(ValueError):
        ChipCount(((D(0), 1),))
    with pytest.raises(ValueError):
        ChipCount(((D(5), 1), (D("5.0"), 2)))
    assert ChipCount(((D(25), 1), (D(5), 2))) == ChipCount.of({D(5): 2, D(25): 1, D(1): 0})
    with pytest.raises(ValueError):
        Thresholds(D(100), D(25))
    with pytest.raises(ValueError):
        ShiftBook("T1", "day", OPENER, credits=(Slip(SlipKind.FILL, 1, SlipState.VOID, OPENER),))

"""What the croupier's Bank panel shows (docs/bank.md): the shift open or closed, the tray's expected value,
the shift's buy-ins, the slips in flight, and the shift's figures so far.

It reads the snapshot only: the bank part of the table's state (``table/bank.py``, folded from the journal
like everything else) and the profile's ``[bank]``; the figures are ``bank.figures.shift_figures``, the one
formula the floor and the ``bank`` command use. The tray's expected value is the shift's
``expected_closer_value`` so far: opener + received fills - received credits - buy-ins + what the rounds won.
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from ..bank.book import Thresholds
from ..bank.figures import ShiftFigures, shift_figures
from ..buy_in import BuyIn
from ..table.bank import ShiftState, SlipLine
from .banner import tray_alarm
from .texts import Text

QUICK_AMOUNTS = (Decimal(100), Decimal(200), Decimal(500), Decimal(1000), Decimal(2000), Decimal(5000))
"""The round buy-in amounts the panel offers as one tap each (Buy-in -> seat -> amount -> OK)."""


@dataclass(frozen=True)
class BankView:
    """The Bank panel's content (``enabled`` False: the table keeps no bank, the panel is not offered)."""

    enabled: bool
    chips: tuple[Decimal, ...] = ()
    """The tray's chip set, largest first (how the tray is counted, row by row)."""
    par: dict[Decimal, int] | None = None
    shift: ShiftState | None = None
    """The open shift, or the last one once closed (None: the table never opened one)."""
    figures: ShiftFigures | None = None
    seats: int = 0
    sensed: dict[Decimal, int] | None = None
    """The tray antenna's last whole scan (every column read, every chip known), per denomination: the closer
    the panel offers to confirm (None: no antenna, no scan yet, or the last one not whole: count by hand)."""
    tray_alarm: Text | None = None
    """The shift's tray alarm, as the banner says it, until a supervisor clears it (None: none)."""

    @property
    def open(self) -> bool:
        return self.shift is not None and self.shift.open

    @property
    def status(self) -> Text:
        """One line: which shift is open and since when, or that none is."""
        shift = self.shift
        if not self.enabled:
            return Text("bank:none")
        if shift is None:
            return Text("bank:no_shift_yet")
        if shift.open:
            return Text("bank:shift_open", {"shift": shift.number, "day": shift.gaming_day, "dealer": shift.dealer,
                                            "supervisor": shift.supervisor})
        return Text("bank:shift_closed", {"shift": shift.number, "day": shift.gaming_day})

    @property
    def tray_expected(self) -> Decimal | None:
        """What the tray should hold now (None: no shift open)."""
        return self.figures.expected_closer_value if self.figures is not None and self.open else None

    @property
    def buy_ins(self) -> tuple[BuyIn, ...]:
        """The shift's buy-ins, latest first."""
        return tuple(reversed(self.shift.buy_ins)) if self.shift is not None else ()

    @property
    def in_flight(self) -> tuple[SlipLine, ...]:
        """Slips requested or issued and not yet received, refused or voided."""
        return tuple(s for s in self.shift.slips if s.in_flight) if self.shift is not None else ()

    def discrepancy(self) -> Text | None:
        """The opener against the last closer, when they differ."""
        shift = self.shift
        if shift is None or not shift.discrepancy:
            return None
        return Text("bank:discrepancy", {"amount": shift.discrepancy, "class": Text(f"class:{shift.discrepancy_class}")})


def bank_view(snapshot: Any) -> BankView:
    """The Bank panel of the table as of ``snapshot`` (a ``TableSnapshot``)."""
    profile = snapshot.profile
    bank = profile.bank
    if bank is None:
        return BankView(False)
    shift = snapshot.state.bank.shift
    figures = None
    if shift is not None:
        book = shift.book(profile.table_id, profile.currency, Thresholds(bank.report_at, bank.regulator_at),
                          bank.chip_set)
        figures = shift_figures(book)
    seen = snapshot.tray_seen
    sensed = dict(seen.sensed.items) if seen is not None and seen.whole else None
    return BankView(True, tuple(sorted(bank.chips, reverse=True)), bank.par_counts(), shift, figures, profile.seats,
                    sensed, tray_alarm(snapshot))

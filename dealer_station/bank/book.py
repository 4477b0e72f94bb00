"""A table-shift's book: everything the pit keeps for one table between an opener and a
closer, typed. The bank record (``record.py``) and the journal's projection build it; one
function (``figures.shift_figures``) reads every figure from it.

``closer`` is None while the shift is open and ``drop`` until the count team has counted
the drop box; the figures that need them are None until then.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from decimal import Decimal

from ..buy_in import BuyIn
from ..money import ZERO
from .chips import ChipCount
from .currency import DEFAULT_CURRENCY
from .slips import Slip, SlipKind

REPORT_AT = Decimal(25)
REGULATOR_AT = Decimal(100)


@dataclass(frozen=True)
class RoundMove:
    """What one settled round moved through the tray: chips collected into it and paid from it.

    A voided round moves nothing, whatever its figures say.
    """

    round_id: str
    collected: Decimal
    paid: Decimal
    voided: bool = False

    @property
    def win(self) -> Decimal:
        """Collected - paid (0 for a voided round)."""
        return ZERO if self.voided else self.collected - self.paid


@dataclass(frozen=True)
class Thresholds:
    """Where a variance's class changes (values in the table's currency; NJ 13:69D-1.21 defaults)."""

    report_at: Decimal = REPORT_AT
    regulator_at: Decimal = REGULATOR_AT

    def __post_init__(self) -> None:
        if not 0 < self.report_at <= self.regulator_at:
            raise ValueError(f"need 0 < report_at <= regulator_at, not {self.report_at} / {self.regulator_at}")


@dataclass(frozen=True)
class ShiftBook:
    """One table-shift, as counted, slipped and journaled."""

    table_id: str
    shift: str
    opener: ChipCount
    closer: ChipCount | None = None
    drop: Decimal | None = None
    previous_closer: ChipCount | None = None
    fills: tuple[Slip, ...] = ()
    credits: tuple[Slip, ...] = ()
    buy_ins: tuple[BuyIn, ...] = ()
    rounds: tuple[RoundMove, ...] = ()
    currency: str = DEFAULT_CURRENCY
    thresholds: Thresholds = field(default_factory=Thresholds)
    chip_set: frozenset[Decimal] | None = None

    def __post_init__(self) -> None:
        if any(s.kind is not SlipKind.FILL for s in self.fills) or any(
                s.kind is not SlipKind.CREDIT for s in self.credits):
            raise ValueError("fills hold fill slips and credits credit slips")

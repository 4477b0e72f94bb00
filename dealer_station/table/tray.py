"""The sensed tray's part of a shift's state: what moved since the last scan the table journaled, the
rule's standing (``bank.tray.TrayCheck``) and the alarm on the croupier's banner (docs/bank.md, "The
sensed tray at the table").

Immutable, replaced whole by the folds (through ``table/bank.py``). Nothing here decides: the rule is
``bank.tray``; when a scan is journaled is the engine's (``engine/bank.py``, ``on_tray_sensed``).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from decimal import Decimal

from ..bank.book import RoundMove
from ..bank.chips import ChipCount
from ..bank.slips import SlipKind
from ..bank.tray import TrayAlarm, TrayCheck, TrayScan
from ..money import ZERO, exact_money


def _plus(count: ChipCount, more: ChipCount) -> ChipCount:
    totals = dict(count.items)
    for denomination, number in more:
        totals[denomination] = totals.get(denomination, 0) + number
    return ChipCount.of(totals)


@dataclass(frozen=True, slots=True)
class TrayWatch:
    """One shift's sensed tray: the check from its opener on, and the moves since the last journaled scan."""

    check: TrayCheck
    due: str | None = None
    """The round that ended since the last scan: the next scan is its (None: no round to check)."""
    collected: Decimal = ZERO
    paid: Decimal = ZERO
    buy_ins: Decimal = ZERO
    fills: ChipCount = ChipCount()
    credits: ChipCount = ChipCount()
    alarm: TrayAlarm | None = None
    """The last tray alarm: on the croupier's banner until a supervisor clears it (``clear_tray_alarm``) or the
    shift closes."""
    scans: int = 0
    """Scans journaled in the shift."""

    def ended(self, move: RoundMove) -> TrayWatch:
        """A round ended (a voided one moved nothing): its scan is due."""
        with exact_money():
            won = not move.voided
            return replace(self, due=move.round_id, collected=self.collected + (move.collected if won else ZERO),
                           paid=self.paid + (move.paid if won else ZERO))

    def adjusted(self, move: RoundMove) -> TrayWatch:
        """A supervisor corrected the last round: the tray moved by it too."""
        with exact_money():
            return replace(self, collected=self.collected + move.collected, paid=self.paid + move.paid)

    def bought_in(self, amount: Decimal) -> TrayWatch:
        with exact_money():
            return replace(self, buy_ins=self.buy_ins + amount)

    def slip_received(self, kind: SlipKind, chips: ChipCount) -> TrayWatch:
        if kind is SlipKind.FILL:
            return replace(self, fills=_plus(self.fills, chips))
        return replace(self, credits=_plus(self.credits, chips))

    def scan_of(self, sensed: ChipCount) -> TrayScan:
        """The scan of the due round (with everything else that moved since the last scan)."""
        assert self.due is not None
        return TrayScan(RoundMove(self.due, self.collected, self.paid), sensed, self.buy_ins, self.fills,
                        self.credits)

    def step(self, sensed: ChipCount, confirm_rounds: int) -> tuple[TrayWatch, TrayAlarm | None]:
        """The watch after the due round's scan, and the alarm it raises (journaled as its own event, whose fold
        puts it on the banner: ``raised``)."""
        check, alarm = self.check.step(self.scan_of(sensed), confirm_rounds)
        return TrayWatch(check, alarm=self.alarm, scans=self.scans + 1), alarm

    def raised(self, alarm: TrayAlarm | None) -> TrayWatch:
        """The banner's alarm (None: a supervisor cleared it)."""
        return replace(self, alarm=alarm)


@dataclass(frozen=True, slots=True)
class TraySeen:
    """The tray antenna's last scan as the table read it (not journaled: a scan every second or so; the one
    after each round is, as ``tray_scanned``): what the croupier's screen shows and a sensed closer offers."""

    scan: int
    sensed: ChipCount
    unread: tuple[int, ...] = ()
    """Columns the antenna could not read: their chips are not in ``sensed``."""
    unknown: int = 0
    """Tags the chip inventory does not know (no value here)."""

    @property
    def whole(self) -> bool:
        """Every column read and every chip known: a scan that may stand for a count."""
        return not self.unread and not self.unknown

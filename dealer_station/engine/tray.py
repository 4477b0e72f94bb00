"""What the RFID tray antenna's scans do at the table (docs/bank.md, "The sensed tray at the table").

The antenna scans the tray every second or so; the table reads each scan (``tray_seen``: the screen
shows it, a sensed closer offers it) and journals one per round: the first scan after a round ended
in the open shift is that round's (``tray_scanned``), stepped through the sensed tray rule
(``bank.tray.TrayCheck``). A difference that holds for the profile's ``[bank] confirm_rounds`` scans
is a ``tray_alarm`` naming the round it appeared after and the denominations that moved.

**A tray alarm halts nothing.** The round it names is over and paid (its players have their chips),
the next round's stakes and cards are untouched by the tray, and a skim, a miscounted payout and an
antenna gone blind all look the same from here: which it was is a supervisor's call with the camera
and the rack, not the croupier's. So it is journaled, put on the croupier's banner and the pit's
timeline, and stays there until a supervisor clears it saying what was found (``clear_tray_alarm``,
journaled) or the shift closes; the table plays on meanwhile. A scan with a column unread or a tag the
inventory does not know is journaled as read (its value is short): for one scan that is nothing, held
for ``confirm_rounds`` scans it is an alarm too (a tray nobody can check is the supervisor's).
"""

from __future__ import annotations

from decimal import Decimal
from typing import TYPE_CHECKING

from ..bank.chips import ChipCount, count_payload
from ..config import TableConfig
from ..errors import RuleError
from ..money import format_money
from ..table import events as ev
from ..table.event_base import STATION
from ..table.tray import TraySeen
from ..wire import reports as rp
from ..wire.roles import Role

if TYPE_CHECKING:
    from ..table.transaction import Transaction


def seen_of(report: rp.TraySensed, table: TableConfig) -> TraySeen:
    """A scan's chips per denomination, by the casino's chip inventory (the bet sensor's)."""
    inventory = table.chip_inventory
    counts: dict[Decimal, int] = {}
    unknown = 0
    for column in report.columns:
        for chip_id in column.chips:
            chip = inventory.chip(chip_id) if inventory is not None else None
            if chip is None:
                unknown += 1
                continue
            counts[chip.denomination] = counts.get(chip.denomination, 0) + 1
    return TraySeen(report.scan, ChipCount.of(counts), report.unread, unknown)


class TrayRules:
    """The sensed tray's report handler and supervisor action, mixed into the bank's rules (``TableBank``)."""

    table: TableConfig
    tray_seen: TraySeen | None = None
    """The antenna's last scan as read (``TableSnapshot.tray_seen``); None: no scan yet."""

    def on_tray_sensed(self, tx: Transaction, report: rp.TraySensed) -> None:
        """A scan: remembered for the screen; journaled when it is the first after a round of the open shift."""
        seen = seen_of(report, self.table)
        self.tray_seen = seen
        shift = tx.state.bank.open_shift
        bank = self.table.bank
        if shift is None or shift.tray is None or shift.tray.due is None or bank is None:
            return
        watch = shift.tray
        due = watch.due
        assert due is not None
        _, alarm = watch.step(seen.sensed, bank.confirm_rounds)
        tx.emit(ev.TrayScanned(shift.number, due, count_payload(seen.sensed), bank.confirm_rounds, seen.unread,
                               seen.unknown), f"device:{Role.TRAY}")
        if alarm is not None:
            tx.emit(ev.TrayAlarmRaised(shift.number, alarm.round_id, alarm.confirmed_by, alarm.difference,
                                       {format_money(d): n for d, n in alarm.moved}), STATION)

    def clear_tray_alarm(self, tx: Transaction, actor: str, reason: str) -> None:
        """A supervisor looked into the tray alarm (the camera, the rack) and says what was found."""
        shift = tx.state.bank.open_shift
        alarm = None if shift is None or shift.tray is None else shift.tray.alarm
        if shift is None or alarm is None:
            raise RuleError("there is no tray alarm to clear", key="bank:no_tray_alarm")
        tx.emit(ev.TrayAlarmCleared(shift.number, alarm.round_id, actor.split(":", 1)[-1], reason.strip()), actor)

    def sensed_closer(self) -> ChipCount:
        """The tray as the antenna last read it whole, for a closer the dealer and the supervisor confirm."""
        seen = self.tray_seen
        if seen is None:
            raise RuleError("the tray antenna has not read the tray: count the closer by hand",
                            key="bank:no_tray_scan")
        if not seen.whole:
            raise RuleError("the tray antenna's last scan is not whole (a column unread or an unknown chip): "
                            "count the closer by hand", key="bank:tray_scan_partial")
        return seen.sensed

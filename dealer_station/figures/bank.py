"""The table-shifts of a journal file, with every figure of the table bank (docs/bank.md): what
``report --journal FILE --by shift`` lists, with no floor at hand.

The bank's events go through the table's own fold (``table.bank.apply``), and each round's move
through the tray is read by the same functions the table's folds use (``settlement_move`` from its
``settled`` record, ``round_adjusted`` for a supervisor's correction, a void moves nothing): one
definition, not a second reading. A journal alone knows no drop (the count team's, on the floor):
the drop and the figures that need it (accounting win, drop and win variances) are null. The
thresholds are the profile's, which the journal does not carry: 25 / 100 unless given.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from ..bank.book import RoundMove, Thresholds
from ..bank.currency import DEFAULT_CURRENCY
from ..bank.figures import ShiftFigures, shift_figures
from ..bank.record import answer
from ..journal import JournalEvent
from ..table import events as ev
from ..table.bank import BankState, ShiftState, apply, round_adjusted, round_moved, settlement_move
from ..table.event_base import decode

BANK_KINDS = frozenset(cls.kind for cls in ev.BANK_EVENTS)
KINDS = BANK_KINDS | {"journal_created", "terms_installed", "settled", "round_paid", "round_voided", "round_adjusted"}
"""The journal records a table-shift's figures need (``Journal.events(kinds=KINDS)``)."""


@dataclass(frozen=True)
class JournalShift:
    """One table-shift as a journal holds it (``closed_at`` None: still open when the journal ends)."""

    table_id: str
    shift: ShiftState
    currency: str

    def figures(self, thresholds: Thresholds | None = None) -> ShiftFigures:
        return shift_figures(self.shift.book(self.table_id, self.currency, thresholds or Thresholds()))


def journal_shifts(records: Iterable[JournalEvent]) -> Iterator[JournalShift]:
    """Every table-shift of one table's journal records (in order), each once it closes, the open one last."""
    bank = BankState()
    settlements: dict[str, Any] = {}
    currency = DEFAULT_CURRENCY
    table_id = ""
    for record in records:
        table_id = table_id or record.table_id
        kind, payload, round_id = record.kind, record.payload, record.round_id or ""
        if kind in BANK_KINDS:
            bank = apply(bank, decode(kind, payload), record.at)
            if kind == "shift_closed" and bank.shift is not None:
                yield JournalShift(table_id, bank.shift, currency)
        elif kind in ("journal_created", "terms_installed"):
            info = payload if kind == "journal_created" else payload.get("terms") or {}
            currency = str(info.get("currency") or currency)
        elif kind == "settled":
            settlements[round_id] = payload.get("settlement")
        elif kind == "round_paid":
            rake = payload.get("rake")
            bank = round_moved(bank, settlement_move(round_id, settlements.pop(round_id, None),
                                                     None if rake is None else Decimal(str(rake))))
        elif kind == "round_voided":
            settlements.pop(round_id, None)
            bank = round_moved(bank, RoundMove(round_id, Decimal(0), Decimal(0), voided=True))
        elif kind == "round_adjusted":
            event = decode(kind, payload)
            assert isinstance(event, ev.RoundAdjusted)
            bank = round_adjusted(bank, event.round_id, dict(event.adjustments))
    if bank.open_shift is not None:
        yield JournalShift(table_id, bank.open_shift, currency)


def shift_line(shift: JournalShift, thresholds: Thresholds | None = None) -> dict[str, Any]:
    """A table-shift's report line: where and when, then the bank answer's figures (PIT's names, amounts as
    strings; null what the journal cannot know), as the floor's ``report --by shift`` writes it."""
    s = shift.shift
    line: dict[str, Any] = {"table_id": shift.table_id, "gaming_day": s.gaming_day, "shift_number": s.number,
                            "opened_at": s.opened_at, "closed_at": s.closed_at}
    line.update({k: v for k, v in answer(shift.figures(thresholds)).items() if k != "table_id"})
    return line

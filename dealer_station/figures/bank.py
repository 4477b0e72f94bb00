"""The table-shifts of a journal file, with every figure of the table bank (docs/bank.md): what
``report --journal FILE --by shift`` lists, with no floor at hand.

The journal is replayed through the table's own folds (the live station's, ``table/folds.py`` and the
game's), so a shift's opener, buy-ins, slips, rounds and closer are exactly what the station held:
one definition, not a second reading of the events. A journal alone knows no drop (the count team's,
on the floor): the drop and the figures that need it (accounting win, drop and win variances) are
null. The thresholds are the profile's, which the journal does not carry: 25 / 100 unless given.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import Any

from ..bank.book import Thresholds
from ..bank.currency import DEFAULT_CURRENCY
from ..bank.figures import ShiftFigures, shift_figures
from ..bank.record import answer
from ..journal import JournalEvent
from ..table.bank import ShiftState
from ..table.event_base import decode
from ..table.fold import Folds
from ..table.folds import COMMON
from ..table.state import TableState


@dataclass(frozen=True)
class JournalShift:
    """One table-shift as a journal holds it (``closed_at`` None: still open when the journal ends)."""

    table_id: str
    shift: ShiftState
    currency: str

    def figures(self, thresholds: Thresholds | None = None) -> ShiftFigures:
        return shift_figures(self.shift.book(self.table_id, self.currency, thresholds or Thresholds()))


def _folds(game: object) -> Folds:
    if not isinstance(game, str):
        return COMMON
    from ..games import GAMES

    found = GAMES.get(game)
    return found.folds if found is not None else COMMON


def journal_shifts(records: Iterable[JournalEvent]) -> Iterator[JournalShift]:
    """Every table-shift of one table's journal records (in order), each once it closes, the open one last."""
    state: TableState | None = None
    folds = COMMON
    currency = DEFAULT_CURRENCY
    for record in records:
        if state is None:
            state = TableState(record.table_id)
        if record.kind in ("journal_created", "terms_installed"):
            info: dict[str, Any] = record.payload if record.kind == "journal_created" else record.payload.get(
                "terms", {})
            if info.get("game"):
                folds = _folds(info.get("game"))
            currency = str(info.get("currency") or currency)
        folds.evolve(state, decode(record.kind, record.payload), record.at, record.seq)
        if record.kind == "shift_closed" and state.bank.shift is not None:
            yield JournalShift(state.table_id, state.bank.shift, currency)
    if state is not None and state.bank.open_shift is not None:
        yield JournalShift(state.table_id, state.bank.open_shift, currency)


def shift_line(shift: JournalShift, thresholds: Thresholds | None = None) -> dict[str, Any]:
    """A table-shift's report line: where and when, then the bank answer's figures (PIT's names, amounts as
    strings; null what the journal cannot know), as the floor's ``report --by shift`` writes it."""
    s = shift.shift
    line: dict[str, Any] = {"table_id": shift.table_id, "gaming_day": s.gaming_day, "shift_number": s.number,
                            "opened_at": s.opened_at, "closed_at": s.closed_at}
    line.update({k: v for k, v in answer(shift.figures(thresholds)).items() if k != "table_id"})
    return line


SHIFT_COLUMNS = ("table", "shift", "opened", "closed", "opener", "closer", "fills", "credits", "recorded drop", "drop",
                 "computed win", "accounting win", "expected closer", "tray var", "class", "drop var", "class",
                 "win var", "class", "opener disc", "class", "slip problems")


def shift_cells(line: dict[str, Any]) -> list[str]:
    """A line's cells under ``SHIFT_COLUMNS`` (``-``: not known from the journal)."""
    def v(key: str) -> str:
        value = line.get(key)
        return "-" if value is None else str(value)

    problems = ", ".join(f"{p['kind']} {p['slip']}" for p in line.get("slip_problems") or []) or "-"
    return [line["table_id"], line["shift"], v("opened_at"), v("closed_at"),
            *(v(k) for k in ("opener_value", "closer_value", "fills", "credits", "recorded_drop", "drop",
                             "computed_win", "accounting_win", "expected_closer_value", "tray_variance", "tray_class",
                             "drop_variance", "drop_class", "win_variance", "win_class", "opener_discrepancy",
                             "opener_class")), problems]

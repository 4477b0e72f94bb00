"""The table bank as the floor holds it: each table-shift's book, read from the rows migration 0019 derives
from the stations' bank events, the cage's slips and the count team's drops, and its figures.

No figure is computed here: a shift's rows become the bank's ``ShiftBook`` and
``bank.figures.shift_figures`` (the one formula, shared with ``dealer-station bank`` and the station)
reads every figure, variance and class from it. What the floor adds:

- a shift's rounds are its table's rounds opened between its ``shift_opened`` and ``shift_closed`` (a
  shift cannot close while a round is open); each moves its ``win`` through the tray (the round fact the
  reports sum, ``figures.facts``: the house's net, less corrections; a voided round 0);
- a fill counts when the table received it, a credit when the cage confirmed it (``floor.slips.state``);
- the drop is the count team's latest entry for the shift; the earlier ones are its history, and
  ``BankShift.history`` gives the figures after each entry (a variance's history).
Counts are read as the table's currency writes them (EUR by default: a floor knows no profile), with
the default thresholds (25 / 100).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date, datetime
from decimal import Decimal
from functools import cached_property
from typing import Any

import psycopg

from ..bank.book import RoundMove, ShiftBook
from ..bank.chips import ChipCount, parse_chip_count
from ..bank.currency import DEFAULT_CURRENCY, minor_units
from ..bank.figures import ShiftFigures, shift_figures
from ..bank.slips import Slip, SlipKind, SlipState
from ..bank.statistical import DailyResult
from ..buy_in import BuyIn, BuyInKind
from ..errors import RecordError
from ..money import ZERO
from .migrate import require_version
from .queries import table_games

Conn = psycopg.Connection[Any]
BANK_SCHEMA = 19
"""The floor migration the bank needs (0019: slips, table-shifts, buy-ins, drops, investigations)."""
_PLACES = minor_units(DEFAULT_CURRENCY)


@dataclass(frozen=True)
class DropEntry:
    """One entry of the count team for a table-shift."""

    at: datetime
    amount: Decimal
    counted_by: str
    source: str


@dataclass(frozen=True)
class BankShift:
    """One table-shift on the floor: who opened and closed it, its book and its drop entries."""

    table_id: str
    shift: int
    gaming_day: date
    game: str | None
    opened_at: datetime
    closed_at: datetime | None
    dealer: str | None
    supervisor: str | None
    book: ShiftBook | None
    """None when a count the station journaled cannot be read (``problem`` says which)."""
    drops: tuple[DropEntry, ...] = ()
    problem: str | None = None

    @property
    def name(self) -> str:
        """``2026-12-05/3``: the gaming day and the shift's number in its table's journal."""
        return shift_name(self.gaming_day, self.shift)

    @cached_property
    def figures(self) -> ShiftFigures | None:
        return None if self.book is None else shift_figures(self.book)

    def history(self) -> list[tuple[DropEntry, ShiftFigures]]:
        """The figures as they stood after each drop entry, oldest first (a variance's history)."""
        if self.book is None:
            return []
        return [(entry, shift_figures(dataclasses.replace(self.book, drop=entry.amount))) for entry in self.drops]


@dataclass(frozen=True)
class SlipRow:
    """A slip as the floor holds it (the cage's list)."""

    slip: str
    kind: SlipKind
    table_id: str
    shift: int | None
    state: SlipState
    amount: Decimal
    chips: dict[str, int]
    requested_by: str | None
    requested_at: datetime
    issued_by: str | None
    handed_at: datetime | None

    @property
    def cage_may_confirm(self) -> bool:
        """A credit the cage has issued: it confirms the chips arrived."""
        return self.kind is SlipKind.CREDIT and self.state is SlipState.ISSUED


def shift_name(gaming_day: date, shift: int) -> str:
    return f"{gaming_day.isoformat()}/{shift}"


def bank_shifts(conn: Conn, *, tables: Sequence[str] | None = None, day_from: date | None = None,
                day_to: date | None = None, open_only: bool = False) -> list[BankShift]:
    """The table-shifts (by table and shift), with their books (``day_to`` inclusive)."""
    require_version(conn, BANK_SCHEMA, "the table bank")
    where = ["true"]
    params: dict[str, Any] = {}
    if tables:
        where.append("t.table_id = ANY(%(tables)s)")
        params["tables"] = list(tables)
    if day_from is not None:
        where.append("t.gaming_day >= %(day_from)s")
        params["day_from"] = day_from
    if day_to is not None:
        where.append("t.gaming_day <= %(day_to)s")
        params["day_to"] = day_to
    if open_only:
        where.append("t.closed_seq IS NULL")
    chosen = " AND ".join(where)
    shifts = conn.execute(
        f"""SELECT t.table_id, t.shift, t.gaming_day, t.opened_at, t.closed_at, t.dealer, t.supervisor, t.opener,
                   t.previous_closer, t.closer FROM floor.table_shifts t WHERE {chosen}
            ORDER BY t.table_id, t.shift""", params).fetchall()
    if not shifts:
        return []
    rounds = _grouped(conn.execute(
        f"""SELECT t.table_id, t.shift, r.round_id, r.win, r.outcome FROM floor.table_shifts t
            JOIN floor.rounds r ON r.table_id = t.table_id AND r.opened_seq > t.opened_seq
                 AND (t.closed_seq IS NULL OR r.opened_seq < t.closed_seq) AND r.outcome <> 'open'
            WHERE {chosen} ORDER BY r.opened_seq""", params))
    buy_ins = _grouped(conn.execute(
        f"""SELECT b.table_id, b.shift, b.seat, b.kind, b.amount, b.player FROM floor.buy_ins b
            JOIN floor.table_shifts t ON t.table_id = b.table_id AND t.shift = b.shift
            WHERE {chosen} ORDER BY b.seq""", params))
    slips = _grouped(conn.execute(
        f"""SELECT s.table_id, s.shift, s.kind, s.number, s.state, s.chips FROM floor.slips s
            JOIN floor.table_shifts t ON t.table_id = s.table_id AND t.shift = s.shift
            WHERE {chosen} ORDER BY s.kind, s.number""", params))
    drops = _grouped(conn.execute(
        f"""SELECT d.table_id, d.shift, d.at, d.amount, d.counted_by, d.source FROM floor.drops d
            JOIN floor.table_shifts t ON t.table_id = d.table_id AND t.shift = d.shift
            WHERE {chosen} ORDER BY d.id""", params))
    games = table_games(conn)
    found = []
    for table_id, shift, day, opened_at, closed_at, dealer, supervisor, opener, previous, closer in shifts:
        key = (table_id, shift)
        entries = tuple(DropEntry(at, amount, by, source) for at, amount, by, source in drops.get(key, []))
        try:
            book = _book(table_id, shift_name(day, shift), opener, previous, closer, rounds.get(key, []),
                         buy_ins.get(key, []), slips.get(key, []), entries)
            problem = None
        except (RecordError, ValueError) as exc:
            book, problem = None, f"cannot read the shift's records: {exc}"
        found.append(BankShift(table_id, shift, day, games.get(table_id), opened_at, closed_at, dealer, supervisor,
                               book, entries, problem))
    return found


def _grouped(cursor: psycopg.Cursor[Any]) -> dict[tuple[str, int], list[tuple[Any, ...]]]:
    out: dict[tuple[str, int], list[tuple[Any, ...]]] = {}
    for row in cursor:
        out.setdefault((row[0], row[1]), []).append(tuple(row[2:]))
    return out


def _count(raw: object, field: str) -> ChipCount:
    return parse_chip_count(raw, field, _PLACES)


def _book(table_id: str, name: str, opener: object, previous: object, closer: object,
          rounds: list[tuple[Any, ...]], buy_ins: list[tuple[Any, ...]], slips: list[tuple[Any, ...]],
          drops: tuple[DropEntry, ...]) -> ShiftBook:
    moves = tuple(RoundMove(round_id, max(win, ZERO), max(-win, ZERO), outcome == "voided")
                  for round_id, win, outcome in rounds)
    kept = tuple(Slip(SlipKind(kind), number, SlipState(state), _count(chips, f"slip {number}"))
                 for kind, number, state, chips in slips)
    return ShiftBook(
        table_id=table_id, shift=name, opener=_count(opener, "opener"),
        closer=None if closer is None else _count(closer, "closer"),
        drop=drops[-1].amount if drops else None,
        previous_closer=None if previous is None else _count(previous, "previous_closer"),
        fills=tuple(s for s in kept if s.kind is SlipKind.FILL),
        credits=tuple(s for s in kept if s.kind is SlipKind.CREDIT),
        buy_ins=tuple(BuyIn(seat, BuyInKind(kind), amount, player) for seat, kind, amount, player in buy_ins),
        rounds=moves)


def bank_shift(conn: Conn, table_id: str, shift: int) -> BankShift | None:
    """One table-shift, or None."""
    found = [s for s in bank_shifts(conn, tables=[table_id]) if s.shift == shift]
    return found[0] if found else None


def slips_in_flight(conn: Conn, *, limit: int = 500) -> list[SlipRow]:
    """Slips requested or issued, oldest first: what the cage has to act on."""
    require_version(conn, BANK_SCHEMA, "the table bank")
    return [SlipRow(slip, SlipKind(kind), table_id, shift, SlipState(state), amount, chips, requested_by,
                    requested_at, issued_by, handed_at)
            for slip, kind, table_id, shift, state, amount, chips, requested_by, requested_at, issued_by, handed_at
            in conn.execute(
                """SELECT slip, kind, table_id, shift, state, amount, chips, requested_by, requested_at, issued_by,
                          handed_at FROM floor.slips WHERE state IN ('requested', 'issued')
                   ORDER BY requested_at, kind, number LIMIT %s""", (limit,))]


def daily_results(shifts: Sequence[BankShift]) -> list[DailyResult]:
    """The statistical report's rows: each counted table-shift's drop and accounting win, by gaming day."""
    rows = []
    for s in shifts:
        figures = s.figures
        if figures is None or figures.drop is None or figures.accounting_win is None:
            continue
        rows.append(DailyResult(s.table_id, s.game or "-", s.gaming_day, figures.drop, figures.accounting_win))
    return rows

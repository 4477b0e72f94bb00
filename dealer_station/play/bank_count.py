"""After the rounds: the simulated cage and count team do their part, and the product's checks are read back
(docs/bank.md, "Faults in simulate").

With a floor, the cage issues every credit its tables handed over and confirms those whose chips reached it
(``floor.slips``: not the ``missing_credit`` ones), and the count team enters each closed shift's drop box as a
soft count's CSV (``floor.count``: the pit page's own path). Without one, the drop is set in the shift's book as
the count would enter it (``bank.figures.shift_figures`` reads every figure, as ``dealer-station bank`` does).

Then what caught each fault is what the product recorded, never the list of injections:
- the station's journal: a refused fill slip (``short_fill``), the opener discrepancy (``opener_mismatch``),
  the tray variance of the table's own figures, over (``unslipped_fill``) or short (``tray_skim``);
- the floor (or the count's figures): the drop variance short (``drop_short``), a credit the table handed over
  that the cage never confirmed (``missing_credit``).
A check that fires with no fault of its kind possible behind it (a refused credit, a drop over the buy-ins) is a
false alarm; so is any fault caught more often than injected.
"""

from __future__ import annotations

import csv
import io
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, replace
from decimal import Decimal
from pathlib import Path
from typing import Any

from ..bank.figures import ShiftFigures, shift_figures
from ..bank.record import answer
from ..bank.slips import SlipKind, SlipState
from ..figures.bank import KINDS, JournalShift, journal_shifts
from ..journal import Journal
from ..money import format_money
from .bank_faults import BANK_FAULTS
from .bank_play import BankRun

CAGE = "Sim Cage"
COUNT = "Sim Count"


@dataclass(frozen=True)
class CheckedShift:
    """One closed table-shift as the product recorded it."""

    table_id: str
    number: int
    accounts: ShiftFigures
    """As accounted: the floor's figures (or, with no floor, the journal's book with the count's drop)."""
    table: ShiftFigures
    """The table's own figures, from its journal: its tray count and its opener's check."""
    refused: tuple[SlipKind, ...]
    """Slips the table refused (the chips counted were not the slip's)."""
    unconfirmed_credits: int
    """Credits the table handed over that the cage has not confirmed."""


def _journal_shifts(run: BankRun) -> dict[int, JournalShift]:
    """The run's closed shifts, as its journal holds them."""
    wanted = set(run.shifts)
    with Journal.open_readonly(Path(run.journal)) as journal:
        return {s.shift.number: s for s in journal_shifts(journal.events(kinds=set(KINDS)))
                if s.shift.number in wanted and s.shift.closer is not None}


def _table_figures(shift: JournalShift, run: BankRun) -> ShiftFigures:
    return shift_figures(shift.shift.book(shift.table_id, run.currency, run.thresholds))


def checked_without_floor(runs: Sequence[BankRun]) -> list[CheckedShift]:
    """Each closed shift with the count's drop set in its book: the figures ``dealer-station bank`` answers."""
    checked = []
    for run in runs:
        for number, shift in _journal_shifts(run).items():
            book = shift.shift.book(shift.table_id, run.currency, run.thresholds)
            accounts = shift_figures(replace(book, drop=run.drop_boxes.get(number)))
            refused = tuple(s.kind for s in shift.shift.slips if s.state is SlipState.REFUSED)
            checked.append(CheckedShift(run.table_id, number, accounts, shift_figures(book), refused, 0))
    return checked


def count_on_floor(runs: Sequence[BankRun], floor_url: str) -> list[CheckedShift]:
    """The cage's and the count team's steps on the floor, then each closed shift as the floor accounts it
    (``floor_url``: a login that may act as the cage and the count, and read the floor)."""
    import psycopg

    from ..floor.db import FloorError, floor_problem

    try:
        return _count_on_floor(runs, floor_url)
    except FloorError:
        raise
    except psycopg.Error as exc:
        raise floor_problem(exc, "the simulated cage and count team") from None


def _count_on_floor(runs: Sequence[BankRun], floor_url: str) -> list[CheckedShift]:
    from ..floor.bank import bank_shifts
    from ..floor.count import enter_drops, parse_drop_csv
    from ..floor.db import FloorError, connect
    from ..floor.slips import confirm_credit, issue_slip

    journals = {run.table_id: _journal_shifts(run) for run in runs}
    tables = [run.table_id for run in runs]
    with connect(floor_url) as conn:
        handed = conn.execute(
            """SELECT slip FROM floor.slips WHERE kind = 'credit' AND state = 'requested' AND handed_at IS NOT NULL
               AND table_id = ANY(%s) ORDER BY number""", (tables,)).fetchall()
        lost = set().union(*(run.lost_credits for run in runs))
        for (slip,) in handed:
            issue_slip(conn, slip, CAGE, "cage")
            if slip not in lost:  # the runner brought the chips: the cage counts them in and confirms
                confirm_credit(conn, slip, CAGE, "cage")
        text = io.StringIO()
        out = csv.writer(text, lineterminator="\n")
        out.writerow(("table_id", "gaming_day", "shift", "amount"))
        for run in runs:
            for number, shift in journals[run.table_id].items():
                out.writerow((run.table_id, shift.shift.gaming_day, number, format_money(run.drop_boxes[number])))
        lines = parse_drop_csv(text.getvalue().encode())
        enter_drops(conn, lines, COUNT, "count", "csv")
        unconfirmed = Counter((table_id, shift) for table_id, shift in conn.execute(
            """SELECT table_id, shift FROM floor.slips WHERE kind = 'credit' AND handed_at IS NOT NULL
               AND state <> 'received' AND table_id = ANY(%s)""", (tables,)))
        floor_shifts = {(s.table_id, s.shift): s for s in bank_shifts(conn, tables=tables)}
    checked = []
    for run in runs:
        for number, shift in journals[run.table_id].items():
            held = floor_shifts.get((run.table_id, number))
            if held is None or held.figures is None:
                raise FloorError(f"the floor holds no figures of {run.table_id} shift {number}"
                                 f"{f' ({held.problem})' if held is not None and held.problem else ''}", "floor")
            refused = tuple(s.kind for s in (*held.book.fills, *held.book.credits)  # type: ignore[union-attr]
                            if s.state is SlipState.REFUSED)
            checked.append(CheckedShift(run.table_id, number, held.figures, _table_figures(shift, run), refused,
                                        unconfirmed[(run.table_id, number)]))
    return checked


def may_count(floor_url: str) -> bool:
    """Whether the login of ``floor_url`` may act as the cage and the count team (their functions; reading the
    slips): a station's login may not. A floor that cannot be reached says so in one line (``FloorError``)."""
    import psycopg

    from ..floor.db import connect, floor_problem
    from ..floor.roles import CAGE_FUNCTIONS, COUNT_FUNCTIONS

    wanted = [f for f in (*CAGE_FUNCTIONS, *COUNT_FUNCTIONS) if "void_slip" not in f]
    try:
        with connect(floor_url) as conn:
            row = conn.execute(
                "SELECT bool_and(has_function_privilege(f, 'EXECUTE')) AND has_table_privilege('floor.slips', 'SELECT')"
                " FROM unnest(%s::text[]) AS f", (wanted,)).fetchone()
    except psycopg.Error as exc:
        raise floor_problem(exc, "the simulated cage and count team") from None
    return bool(row and row[0])


def tally(checked: Sequence[CheckedShift], injected: Counter[str]) -> dict[str, Any]:
    """``simulate --json``'s ``bank``: per kind injected and caught, the false alarms, each shift's figures."""
    caught: Counter[str] = Counter()
    false_alarms = 0
    for c in checked:
        if c.table.opener_discrepancy:
            caught["opener_mismatch"] += 1
        tray = c.table.tray_variance or Decimal(0)
        if tray:
            caught["unslipped_fill" if tray > 0 else "tray_skim"] += 1
        caught["short_fill"] += sum(1 for kind in c.refused if kind is SlipKind.FILL)
        false_alarms += sum(1 for kind in c.refused if kind is SlipKind.CREDIT)
        drop = c.accounts.drop_variance or Decimal(0)
        if drop < 0:
            caught["drop_short"] += 1
        false_alarms += drop > 0
        caught["missing_credit"] += c.unconfirmed_credits
    false_alarms += sum(max(0, caught[kind] - injected[kind]) for kind in BANK_FAULTS)
    shifts = []
    for c in sorted(checked, key=lambda c: (c.table_id, c.number)):
        line = answer(c.accounts)
        del line["slip_problems"]  # a shift's slips are numbered in its casino's series, between other tables'
        shifts.append(line)
    return {**{kind: {"injected": injected[kind], "caught": caught[kind]} for kind in BANK_FAULTS},
            "false_alarms": false_alarms, "shifts": shifts}


def reconcile(runs: Sequence[BankRun], floor_url: str | None) -> dict[str, Any]:
    """The count after the rounds (on the floor when there is one) and the tally of the product's checks."""
    injected: Counter[str] = Counter()
    for run in runs:
        injected.update(run.injected)
    checked = count_on_floor(runs, floor_url) if floor_url else checked_without_floor(runs)
    return tally(checked, injected)

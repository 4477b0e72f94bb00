"""The count team's drops on the floor: one table-shift's drop from the pit page, or a soft count's CSV.

The CSV (UTF-8, comma separated, a header line first)::

    table_id,gaming_day,shift,amount
    T1,2026-12-05,3,1250.00

``gaming_day`` is checked against the shift's own (a drop counted for another day is refused), ``amount``
is the drop box's cash and markers, exact decimal text (``1250``, ``1250.00``; no sign, no exponent, no
thousands separator). A file is read whole before anything is written and then written in one
transaction: one bad line (a column missing or extra, a table-shift given twice, a cell a spreadsheet
would run as a formula, a shift the floor does not know, a file that is not UTF-8 or too big) is one
line naming the line and the field, and nothing is written.
"""

from __future__ import annotations

import csv
import io
import re
from dataclasses import dataclass
from datetime import date
from decimal import Decimal
from typing import Any

import psycopg
from psycopg import errors

from ..errors import RecordError
from ..money import parse_money
from .db import FloorError, floor_problem, one_line

HEADER = ("table_id", "gaming_day", "shift", "amount")
MAX_BYTES = 1 << 20
"""A soft count's file of a casino's day holds a few hundred lines; 1 MiB is refused above."""
MAX_LINES = 10_000
_TABLE_ID = re.compile(r"[A-Za-z0-9_-]{1,32}")
_AMOUNT = re.compile(r"[0-9]{1,18}(\.[0-9]{1,10})?")
_DAY = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}")


class DropRefused(FloorError):
    """The floor (or the file) refused a drop: one line, nothing written."""


@dataclass(frozen=True)
class DropLine:
    table_id: str
    gaming_day: date | None
    shift: int
    amount: Decimal


def parse_drop_amount(text: str, field: str) -> Decimal:
    """A drop as the count team types it: exact decimal text, not negative (``1250``, ``1250.00``)."""
    if not isinstance(text, str) or not _AMOUNT.fullmatch(text.strip()):
        raise RecordError(f"a drop is an amount such as 1250.00 (digits, an optional decimal point), not {text!r:.40}",
                          field)
    return parse_money(text.strip(), field)


def parse_shift_number(text: str, field: str) -> int:
    if not isinstance(text, str) or not text.strip().isdigit() or not 1 <= int(text.strip()[:9]) <= 10**8:
        raise RecordError(f"a shift is its number in the table's journal (1, 2, ...), not {text!r:.40}", field)
    return int(text.strip())


def parse_drop_csv(data: bytes) -> list[DropLine]:
    """The soft count's file, or one ``RecordError`` naming the line and the field."""
    if len(data) > MAX_BYTES:
        raise RecordError(f"the file is larger than {MAX_BYTES // 1024} KiB", "csv")
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise RecordError(f"the file is not UTF-8 (byte {exc.start})", "csv") from None
    if "\x00" in text:
        raise RecordError("the file holds a NUL byte: not a CSV file", "csv")
    rows = list(csv.reader(io.StringIO(text, newline=""), strict=True)) if text.strip() else []
    if not rows:
        raise RecordError(f"the file is empty: its first line is {','.join(HEADER)}", "csv")
    if tuple(cell.strip() for cell in rows[0]) != HEADER:
        raise RecordError(f"the first line must be {','.join(HEADER)}, not {','.join(rows[0])[:80]!r}", "line 1")
    if len(rows) - 1 > MAX_LINES:
        raise RecordError(f"more than {MAX_LINES} lines", "csv")
    lines: list[DropLine] = []
    seen: dict[tuple[str, int], int] = {}
    for number, row in enumerate(rows[1:], start=2):
        where = f"line {number}"
        if not any(cell.strip() for cell in row):
            continue
        if len(row) != len(HEADER):
            raise RecordError(f"{len(row)} columns, expected {len(HEADER)} ({','.join(HEADER)})", where)
        cells = dict(zip(HEADER, row, strict=True))
        for name, cell in cells.items():
            if cell[:1] in ("=", "+", "-", "@", "\t", "\r"):
                raise RecordError(f"a cell starting with {cell[:1]!r} is a spreadsheet formula, not a value", f"{where}.{name}")
        table_id = cells["table_id"].strip()
        if not _TABLE_ID.fullmatch(table_id):
            raise RecordError(f"a table id is 1-32 letters, digits, - or _, not {table_id!r:.40}", f"{where}.table_id")
        day_text = cells["gaming_day"].strip()
        try:
            day = date.fromisoformat(day_text) if _DAY.fullmatch(day_text) else None
        except ValueError:
            day = None
        if day is None:
            raise RecordError(f"a gaming day is YYYY-MM-DD, not {day_text!r:.40}", f"{where}.gaming_day")
        shift = parse_shift_number(cells["shift"], f"{where}.shift")
        amount = parse_drop_amount(cells["amount"], f"{where}.amount")
        if (table_id, shift) in seen:
            raise RecordError(f"table {table_id} shift {shift} is also on line {seen[(table_id, shift)]}", where)
        seen[(table_id, shift)] = number
        lines.append(DropLine(table_id, day, shift, amount))
    if not lines:
        raise RecordError("the file has no drop: one line per table-shift after the header", "csv")
    return lines


def enter_drops(conn: psycopg.Connection[Any], lines: list[DropLine], by: str, role: str, source: str) -> int:
    """Write ``lines`` in one transaction (all or none); returns how many. Raises ``DropRefused``."""
    done = 0
    where = ""
    try:
        with conn.transaction():
            conn.execute("SET TRANSACTION READ WRITE")  # the pit's connections are read-only by default
            for index, line in enumerate(lines):
                where = f"line {index + 2}: " if source == "csv" else ""
                conn.execute("SELECT floor.enter_drop(%s, %s, %s, %s, %s, %s, %s)",
                             (line.table_id, line.shift, line.gaming_day, line.amount, by, role, source))
                done += 1
    except (errors.RaiseException, errors.InsufficientPrivilege, errors.NoDataFound, errors.InvalidParameterValue,
            errors.CheckViolation, errors.NumericValueOutOfRange) as exc:
        raise DropRefused(f"{where}{one_line(exc)}: nothing written", "drop") from None
    except psycopg.Error as exc:
        raise floor_problem(exc, "enter the drop") from None
    return done

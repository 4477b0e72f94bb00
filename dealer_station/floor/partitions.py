"""The floor's months (migration 0021, docs/floor-years.md): partitions made ahead, and the months past
the retention period retired - detached, exported to a compressed, checksummed file, the file read back
and checked, the retirement recorded - never deleted row by row, never dropped unexported.

A month is kept for ``years`` whole years counted back from the first day of the month of ``today``: with
7 years, on any day of December 2033 every month up to and including November 2026 is retired.
"""

from __future__ import annotations

import gzip
import hashlib
import os
import re
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, date, datetime
from pathlib import Path
from typing import Any

import psycopg
from psycopg import sql

from .db import FloorError, connect, floor_problem
from .migrate import require_version

PARTITIONED = ("events", "faults", "supervisor_actions", "jackpot_events")
"""The tables partitioned by month (RANGE on the event's time)."""
PARTITION_SCHEMA = 21
DEFAULT_YEARS = 7
RETENTION_YEARS: dict[str, int] = {"us": 7, "uk": 7, "macau": 7}
"""Years a floor keeps its records, per jurisdiction (the names of players/compliance.py's profiles);
a casino whose regulator asks for another period says so with ``--years``."""
DEFAULT_AHEAD = 3
_MONTH = re.compile(r"_(\d{4})_(\d{2})$")

Conn = psycopg.Connection[Any]


def retention_years(jurisdiction: str | None, years: int | None) -> int:
    """The period to keep: ``years`` when given, else the jurisdiction's, else the default."""
    if years is not None:
        if not 1 <= years <= 100:
            raise FloorError(f"a retention period is 1 to 100 years, not {years}", "--years")
        return years
    if jurisdiction is None:
        return DEFAULT_YEARS
    if jurisdiction not in RETENTION_YEARS:
        raise FloorError(f"unknown jurisdiction {jurisdiction!r} (known: {', '.join(sorted(RETENTION_YEARS))})",
                         "--jurisdiction")
    return RETENTION_YEARS[jurisdiction]


def month_start(day: date) -> date:
    return day.replace(day=1)


def add_months(month: date, n: int) -> date:
    index = month.year * 12 + month.month - 1 + n
    return date(index // 12, index % 12 + 1, 1)


def today_utc() -> date:
    return datetime.now(UTC).date()


def make_ahead(url: str, ahead: int = DEFAULT_AHEAD, today: date | None = None) -> list[str]:
    """The partitions of this month and the ``ahead`` months after it that did not exist yet, and of every
    month the default partition caught rows of (a station's clock, records of months before the floor
    was set up), made now; those rows are moved into them."""
    first = month_start(today or today_utc())
    made: list[str] = []
    with connect(url, autocommit=True) as conn:  # each month its own transaction: locks held briefly
        try:
            require_version(conn, PARTITION_SCHEMA, "floor partitions")
            wanted = {(add_months(first, n), table) for n in range(ahead + 1) for table in PARTITIONED}
            for table in PARTITIONED:
                wanted |= {(m, table) for (m,) in conn.execute("SELECT floor.default_months(%s)", (table,))}
            for month, table in sorted(wanted):
                with conn.transaction():
                    row = conn.execute("SELECT floor.add_month(%s, %s)", (table, month)).fetchone()
                if row is not None and row[0]:
                    made.append(f"{table}_{month:%Y_%m}")
        except psycopg.Error as exc:
            raise floor_problem(exc, "cannot make the floor's partitions") from None
    return made


@dataclass(frozen=True, slots=True)
class Retired:
    """One table's month, detached and exported: ``file`` holds ``rows`` rows, its sha256 ``sha256``."""

    table: str
    month: date
    rows: int
    file: Path
    sha256: str


def monthly_partitions(conn: Conn, table: str) -> list[tuple[date, str]]:
    """``table``'s month partitions attached now, oldest first."""
    found = []
    for (name,) in conn.execute(
            """SELECT c.relname FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
               WHERE i.inhparent = to_regclass(%s)""", (f"floor.{table}",)):
        match = _MONTH.search(name)
        if match and name == f"{table}_{match.group(1)}_{match.group(2)}":
            found.append((date(int(match.group(1)), int(match.group(2)), 1), name))
    return sorted(found)


def retire(url: str, export_dir: str | os.PathLike[str], years: int, label: str, today: date | None = None,
           progress: Callable[[Retired], None] | None = None) -> list[Retired]:
    """Retire every month that ended ``years`` years or more before this month began: per table and month
    one transaction detaches the partition, exports it, reads the file back, records it in
    ``floor.retired_partitions`` and drops the detached table; a failure leaves that month attached."""
    keep_from = add_months(month_start(today or today_utc()), -12 * years)
    folder = Path(export_dir)
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise FloorError(f"cannot use the export folder {folder}: {exc.strerror}", "--export-dir") from None
    retention = f"{label}: {years} years"
    done: list[Retired] = []
    make_ahead(url, 0, today)  # the default partition's months get theirs first: they may be due too
    with connect(url, autocommit=True) as conn:
        try:
            require_version(conn, PARTITION_SCHEMA, "floor retention")
            months = sorted({m for table in PARTITIONED for m, _ in monthly_partitions(conn, table) if m < keep_from})
            for month in months:
                for table in PARTITIONED:
                    names = dict(monthly_partitions(conn, table))
                    if month in names:
                        done.append(_retire_partition(conn, folder, table, names[month], month, retention))
                        if progress:
                            progress(done[-1])
                with conn.transaction():
                    done.append(_retire_rounds(conn, folder, month, retention))
                if progress:
                    progress(done[-1])
        except psycopg.Error as exc:
            raise floor_problem(exc, "cannot retire the floor's old months") from None
    return done


def _retire_partition(conn: Conn, folder: Path, table: str, partition: str, month: date, retention: str) -> Retired:
    """Export the month while it is still attached (ingest goes on: minutes for a big month), then in one
    short transaction detach it, check it still holds exactly the rows exported (a record that came for
    that month meanwhile: refused, run again), record it and drop it. DETACH locks the whole table only
    for that transaction."""
    part = sql.Identifier("floor", partition)
    with conn.transaction():
        retired = _export(conn, folder, table, month, sql.SQL("SELECT * FROM {} ORDER BY 1, 2").format(part))
    with conn.transaction():
        conn.execute(sql.SQL("ALTER TABLE {} DETACH PARTITION {}").format(sql.Identifier("floor", table), part))
        held = conn.execute(sql.SQL("SELECT count(*) FROM {}").format(part)).fetchone()
        if held is None or held[0] != retired.rows:
            raise FloorError(f"{partition} took rows while it was exported ({retired.rows} exported): run the "
                             "retirement again", "floor")
        if table == "events":  # where each table's chain on the floor now starts
            conn.execute(sql.SQL(
                """INSERT INTO floor.retired_tails AS t (table_id, last_seq, last_hash)
                   SELECT DISTINCT ON (table_id) table_id, seq, hash FROM {} ORDER BY table_id, seq DESC
                   ON CONFLICT (table_id) DO UPDATE SET last_seq = EXCLUDED.last_seq, last_hash = EXCLUDED.last_hash
                   WHERE EXCLUDED.last_seq > t.last_seq""").format(part))
        _record(conn, retired, partition, retention)
        conn.execute(sql.SQL("DROP TABLE {}").format(part))
    return retired


ROUNDS_OF_MONTH = "coalesce(ended_at, opened_at) >= %(lo)s AND coalesce(ended_at, opened_at) < %(hi)s"


def _retire_rounds(conn: Conn, folder: Path, month: date, retention: str) -> Retired:
    """The rounds that ended (or, never ended, opened) in ``month``: exported, then deleted (floor.rounds
    is not partitioned: migration 0021 says why)."""
    bounds = {"lo": datetime(month.year, month.month, 1, tzinfo=UTC),
              "hi": datetime(add_months(month, 1).year, add_months(month, 1).month, 1, tzinfo=UTC)}
    query = sql.SQL(f"SELECT * FROM floor.rounds WHERE {ROUNDS_OF_MONTH} ORDER BY table_id, round_id")
    retired = _export(conn, folder, "rounds", month, query, bounds)
    deleted = conn.execute(f"DELETE FROM floor.rounds WHERE {ROUNDS_OF_MONTH}", bounds).rowcount
    if deleted != retired.rows:
        raise FloorError(f"exported {retired.rows} rounds of {month:%Y-%m} but would delete {deleted}", "floor")
    _record(conn, retired, f"rounds of {month:%Y-%m}", retention)
    return retired


def _export(conn: Conn, folder: Path, table: str, month: date, query: sql.Composable,
            params: dict[str, Any] | None = None) -> Retired:
    """COPY ``query`` as CSV with a header into ``<folder>/<table>/<table>_YYYY_MM.csv.gz`` (written aside,
    flushed to disk, then renamed), with a ``.sha256`` beside it; the file is read back and its rows
    counted before it is trusted."""
    target_dir = folder / table
    target_dir.mkdir(parents=True, exist_ok=True)
    target = target_dir / f"{table}_{month:%Y_%m}.csv.gz"
    partial = target.with_name(target.name + ".partial")
    copy = sql.SQL("COPY ({}) TO STDOUT WITH (FORMAT csv, HEADER true)").format(query)
    with partial.open("wb") as raw:
        with gzip.GzipFile(fileobj=raw, mode="wb", mtime=0) as out, conn.cursor().copy(copy, params) as data:
            for chunk in data:
                out.write(chunk)
        raw.flush()
        os.fsync(raw.fileno())
    digest = _sha256(partial)
    os.replace(partial, target)
    (target_dir / f"{target.name}.sha256").write_text(f"{digest}  {target.name}\n", encoding="utf-8")
    _fsync_dir(target_dir)
    rows = _rows_in(target)
    if _sha256(target) != digest:
        raise FloorError(f"the export {target} does not read back as written", "floor")
    counted = conn.execute(sql.SQL("SELECT count(*) FROM ({}) q").format(query), params).fetchone()
    if counted is None or counted[0] != rows:
        raise FloorError(f"the export {target} holds {rows} rows, the floor {counted}", "floor")
    return Retired(table, month, rows, target, digest)


def _record(conn: Conn, retired: Retired, partition: str, retention: str) -> None:
    conn.execute("""INSERT INTO floor.retired_partitions (table_name, partition, month, rows, file, sha256, retention)
                    VALUES (%s, %s, %s, %s, %s, %s, %s)""",
                 (retired.table, partition, retired.month, retired.rows, str(retired.file), retired.sha256, retention))


def _sha256(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as handle:
        for block in iter(lambda: handle.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def _rows_in(path: Path) -> int:
    """The CSV rows of an export (its header not counted), read back through gzip: a record's text may hold
    newlines inside quotes, so the rows are counted by the csv module, not by lines."""
    import csv
    import io

    with gzip.open(path, "rb") as raw, io.TextIOWrapper(raw, encoding="utf-8", newline="") as text:
        return sum(1 for _ in csv.reader(text)) - 1


def _fsync_dir(path: Path) -> None:
    fd = os.open(path, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)

"""The client side of ``floor.ingest``: one batch, one transaction.

The batch is copied (``COPY``) into the session's stage - a temporary table the floor's
owner made for this session, which the station may only add rows to (``floor.open_stage``,
migration 0011) - and ``floor.ingest_staged`` hands it to the ``SECURITY DEFINER`` ingest,
which checks the chain and inserts (or refuses and raises an alarm) atomically. COPY is
psycopg's C row formatting; the column arrays the ingest also takes cost the station more
Python time than the floor spends checking them (measured: docs/performance-floor.md). A
floor older than 0011, or a login not granted the COPY path yet (``floor init-roles`` grants
it), gets the arrays, as before.
"""

from __future__ import annotations

import weakref
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import psycopg

from .db import connect, floor_problem
from .journal_rows import JournalRows, Row

INGEST_SQL = ("SELECT status, acked_seq, acked_hash, inserted, bad_seq, reason FROM floor.ingest("
              "%s, %s, %s, %s::bigint[], %s::text[], %s::text[], %s::text[], %s::text[], %s::text[], "
              "%s::text[], %s::text[])")
STAGED_SQL = "SELECT status, acked_seq, acked_hash, inserted, bad_seq, reason FROM floor.ingest_staged(%s, %s, %s)"
COPY_SQL = "COPY pg_temp.floor_ingest_stage (seq, at, round_id, kind, actor, payload, prev_hash, hash) FROM STDIN"

COPY_MIN_ROWS = 20
"""A smaller batch (a live table's trickle) goes as arrays: one round trip fewer, and a few records cost
the station no measurable time to put in arrays."""

_stages: weakref.WeakKeyDictionary[psycopg.Connection[Any], bool] = weakref.WeakKeyDictionary()
"""Per connection: whether the floor gave its session a stage (False: a floor before 0011, or no grant)."""


@dataclass(frozen=True, slots=True)
class Ack:
    """What the floor answered: ``ok`` (acked up to ``acked_seq``), ``refused`` (alarm raised),
    ``gap`` (resend from ``acked_seq + 1``) or ``bad`` (malformed request)."""

    status: str
    acked_seq: int
    acked_hash: str
    inserted: int
    bad_seq: int | None
    reason: str | None


def send_batch(conn: psycopg.Connection[Any], table_id: str, journal_tail: tuple[int, str],
               rows: Sequence[Row]) -> Ack:
    """Offer ``rows`` (consecutive records of ``table_id``'s journal) to the floor, in one transaction."""
    if len(rows) >= COPY_MIN_ROWS and _has_stage(conn):
        with conn.transaction(), conn.cursor() as cursor:
            with cursor.copy(COPY_SQL) as copy:
                for row in rows:
                    copy.write_row((row.seq, row.at, row.round_id, row.kind, row.actor, row.payload, row.prev_hash,
                                    row.hash))
            found = cursor.execute(STAGED_SQL, (table_id, journal_tail[0], journal_tail[1])).fetchone()
    else:
        columns: list[list[Any]] = [[], [], [], [], [], [], [], []]
        for row in rows:
            for i, value in enumerate((row.seq, row.at, row.round_id, row.kind, row.actor, row.payload,
                                       row.prev_hash, row.hash)):
                columns[i].append(value)
        with conn.transaction():
            found = conn.execute(INGEST_SQL, (table_id, journal_tail[0], journal_tail[1], *columns)).fetchone()
    assert found is not None
    status, acked_seq, acked_hash, inserted, bad_seq, reason = found
    return Ack(status, int(acked_seq or 0), acked_hash or "", int(inserted or 0), bad_seq, reason)


def _has_stage(conn: psycopg.Connection[Any]) -> bool:
    """Open this session's stage once; remember a floor that has none (older schema, no grant yet)."""
    known = _stages.get(conn)
    if known is None:
        try:
            with conn.transaction():
                conn.execute("SELECT floor.open_stage()")
            known = True
        except (psycopg.errors.UndefinedFunction, psycopg.errors.InsufficientPrivilege):
            known = False
        _stages[conn] = known
    return known


def floor_tail(conn: psycopg.Connection[Any], table_id: str) -> tuple[int, str]:
    """(last seq, last hash) the floor holds for ``table_id``."""
    with conn.transaction():
        row = conn.execute("SELECT last_seq, last_hash FROM floor.tail(%s)", (table_id,)).fetchone()
    assert row is not None
    return int(row[0]), str(row[1])


def check_takes_journals(url: str) -> None:
    """Refuse at once, in one line saying what to do, a floor that cannot take journals: unreachable,
    never initialised, or a login without the station role's privileges. Writes nothing."""
    with connect(url) as conn:
        try:
            floor_tail(conn, "")
        except psycopg.Error as exc:
            raise floor_problem(exc, "the floor cannot take journals") from None


def floor_hash_at(conn: psycopg.Connection[Any], table_id: str, seq: int) -> str | None:
    with conn.transaction():
        row = conn.execute("SELECT floor.hash_at(%s, %s)", (table_id, seq)).fetchone()
    return None if row is None or row[0] is None else str(row[0])


def first_divergence(conn: psycopg.Connection[Any], table_id: str, journal: JournalRows, floor_seq: int) -> int | None:
    """The first seq (<= ``floor_seq``) where the journal's record differs from the floor's, else None.

    A hash covers its record and, through ``prev_hash``, every record before it: equal hashes
    at seq s mean equal journals up to s. So "same up to s" is monotone and a binary search
    over seq finds the first difference in log2(n) look-ups.
    """
    journal_seq = journal.tail()[0]
    top = min(floor_seq, journal_seq)
    if top == 0 or journal.hash_at(top) == floor_hash_at(conn, table_id, top):
        return None  # the journal holds the floor's records as they are (and may go further)
    lo, hi = 1, top  # invariant: the first difference lies in [lo, hi]
    while lo < hi:
        mid = (lo + hi) // 2
        if journal.hash_at(mid) == floor_hash_at(conn, table_id, mid):
            lo = mid + 1
        else:
            hi = mid
    return lo

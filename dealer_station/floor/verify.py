"""A journal file checked against the floor: the off-station anchor the journal docs ask for.

A file passes when its own chain verifies and it holds every record the floor holds for
its table, unchanged (it may go further: records not forwarded yet). Otherwise the first
diverging seq is named: a rewritten file (hashes and anchor recomputed) or an older copy
verifies on its own, but not against the floor.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from typing import Any

from ..journal import Journal
from .db import reading
from .ingest import first_divergence, floor_tail
from .journal_rows import JournalRows


@dataclass(frozen=True, slots=True)
class FloorVerifyResult:
    ok: bool
    table_id: str
    journal_seq: int
    floor_seq: int
    first_bad_seq: int | None
    reason: str


def verify_against_floor(path: str | os.PathLike[str], floor_url: str,
                         archive: str | os.PathLike[str] | None = None) -> FloorVerifyResult:
    with Journal.open_readonly(path, archive=archive) as journal:
        own = journal.verify()
        table_id = journal.table_id
    with JournalRows(path, archive) as rows, reading(floor_url, "cannot check the journal against the floor") as conn:
        journal_seq = rows.tail()[0]
        floor_seq, floor_hash = floor_tail(conn, table_id)
        if not own.ok:
            return FloorVerifyResult(False, table_id, journal_seq, floor_seq, own.first_bad_seq,
                                     f"journal broken on its own: {own.reason}")
        if floor_seq == 0:
            return FloorVerifyResult(True, table_id, journal_seq, 0, None, "the floor holds no record of this table yet")
        if rows.hash_at(floor_seq) == floor_hash:
            ahead = journal_seq - floor_seq
            how = "equals" if ahead == 0 else f"extends (by {ahead} records not yet forwarded)"
            return FloorVerifyResult(True, table_id, journal_seq, floor_seq, None, f"journal {how} what the floor holds")
        diverged = first_divergence(conn, table_id, rows, floor_seq)
    if diverged is None:
        return FloorVerifyResult(False, table_id, journal_seq, floor_seq, journal_seq + 1,
                                 f"journal ends at seq {journal_seq} but the floor holds up to {floor_seq} "
                                 "(truncated or an older copy)")
    return FloorVerifyResult(False, table_id, journal_seq, floor_seq, diverged,
                             "record differs from the one the floor holds (edited, rewritten or replaced)")


GENESIS_HASH = "0" * 64


@dataclass(frozen=True, slots=True)
class FloorChainCheck:
    """The floor's own copy of a table's chain, re-checked: every record's hash recomputed by the
    database (``floor.record_hash``), every link and seq followed, the tail against the anchor."""

    table_id: str
    checked_seq: int  # the chain holds from seq 1 up to here
    checked_hash: str
    first_bad_seq: int | None
    reason: str | None

    @property
    def ok(self) -> bool:
        return self.first_bad_seq is None


def retired_tail(conn: Any, table_id: str) -> tuple[int, str] | None:
    """The seq and hash of a table's last record the retention job exported and detached, if any."""
    if conn.execute("SELECT to_regclass('floor.retired_tails')").fetchone() in (None, (None,)):
        return None
    row = conn.execute("SELECT last_seq, last_hash FROM floor.retired_tails WHERE table_id = %s", (table_id,)).fetchone()
    return None if row is None else (int(row[0]), str(row[1]))


def check_floor_chain(conn: Any, table_id: str, after: tuple[int, str] = (0, GENESIS_HASH),
                      limit: int = 100_000) -> FloorChainCheck:
    """Check the floor's records of ``table_id`` after ``after`` (a seq and hash already checked), at
    most ``limit`` of them: the report role suffices (SELECT and ``floor.record_hash``). A record
    changed in the database itself (by whoever could get past the append-only trigger) fails here.
    From the start (``after`` at seq 0), a table whose first months were retired (migration 0021) is checked
    from its last retired record on: the export holds the records before it."""
    if after[0] == 0:
        after = retired_tail(conn, table_id) or after
    seq, last_hash = after
    rows = conn.execute(
        """SELECT e.seq, e.hash, e.prev_hash,
                  floor.record_hash(e.seq, e.at, e.table_id, e.round_id, e.kind, e.actor, e.payload::text, e.prev_hash)
           FROM floor.events e WHERE e.table_id = %s AND e.seq > %s ORDER BY e.seq LIMIT %s""",
        (table_id, seq, limit))
    for row_seq, row_hash, prev_hash, computed in rows:
        if row_seq != seq + 1:
            return FloorChainCheck(table_id, seq, last_hash, seq + 1, f"record {seq + 1} is missing from the floor")
        if prev_hash != last_hash:
            return FloorChainCheck(table_id, seq, last_hash, row_seq, "does not link to the record before it")
        if computed != row_hash:
            return FloorChainCheck(table_id, seq, last_hash, row_seq, "hash does not match the record")
        seq, last_hash = row_seq, row_hash
    anchor = conn.execute("SELECT last_seq, last_hash FROM floor.stations WHERE table_id = %s", (table_id,)).fetchone()
    if anchor is not None and seq >= anchor[0] > 0:
        anchored = conn.execute("SELECT hash FROM floor.events WHERE table_id = %s AND seq = %s",
                                (table_id, anchor[0])).fetchone()
        if anchored is None or anchored[0] != anchor[1]:
            return FloorChainCheck(table_id, seq, last_hash, anchor[0], "the anchor (last accepted hash) differs")
    return FloorChainCheck(table_id, seq, last_hash, None, None)

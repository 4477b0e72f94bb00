"""A journal file checked against the floor: the off-station anchor the journal docs ask for.

A file passes when its own chain verifies and it holds every record the floor holds for
its table, unchanged (it may go further: records not forwarded yet). Otherwise the first
diverging seq is named: a rewritten file (hashes and anchor recomputed) or an older copy
verifies on its own, but not against the floor.
"""

from __future__ import annotations

import os
from dataclasses import dataclass

from ..journal import Journal
from .db import connect
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


def verify_against_floor(path: str | os.PathLike[str], floor_url: str) -> FloorVerifyResult:
    with Journal.open_readonly(path) as journal:
        own = journal.verify()
        table_id = journal.table_id
    with JournalRows(path) as rows, connect(floor_url) as conn:
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

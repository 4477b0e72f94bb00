"""Raw records of a journal file, read-only, exactly as stored (what the floor re-hashes).

The forwarder and ``journal verify --floor`` read the stored text (payload included), not
``JournalEvent``s: a parsed payload re-serialised could differ from the text that was
hashed. A separate read-only SQLite connection in WAL mode never blocks the station's
writer, so forwarding never makes the croupier wait.

Records archived out of the live file (docs/journal-archive.md) are read from their segments in the journal's
archive folder, so a floor that lost them (restored from a backup taken before they were sent) is caught up
from record 1 all the same.
"""

from __future__ import annotations

import os
import sqlite3
from collections.abc import Iterator
from pathlib import Path
from typing import Any, NamedTuple

from .. import segments
from ..journal import _COLUMNS, GENESIS_HASH, JournalError


class Row(NamedTuple):
    """One stored journal record."""

    seq: int
    at: str
    table_id: str
    round_id: str | None
    kind: str
    actor: str
    payload: str
    prev_hash: str
    hash: str


class JournalRows:
    """Read-only access to one journal file's records (archived ones included) and tail."""

    def __init__(self, path: str | os.PathLike[str], archive: str | os.PathLike[str] | None = None) -> None:
        self.path = Path(path)
        if not self.path.is_file():
            raise JournalError(f"no journal at {self.path}")
        try:
            self._conn = sqlite3.connect(f"{self.path.resolve().as_uri()}?mode=ro", uri=True,
                                         check_same_thread=False, isolation_level=None)
            meta = dict(self._conn.execute("SELECT key, value FROM meta"))
        except sqlite3.Error as exc:
            raise JournalError(f"{self.path} is not a readable journal: {exc}") from None
        self.table_id: str = meta.get("table_id", "")
        self._archive = Path(archive) if archive is not None else None
        self._segment: tuple[segments.Manifest, list[Row]] | None = None  # the last one read: batches walk it

    def _live_from(self) -> int:
        row = self._query("SELECT min(seq) FROM events WHERE seq > 1", ())
        return int(row[0][0]) if row and row[0][0] is not None else 2

    def _archived(self, seq: int) -> list[Row]:
        """The archived segment's rows from ``seq`` on (its whole tail), read from the journal's archive folder."""
        if self._segment is None or not self._segment[0].first_seq <= seq <= self._segment[0].last_seq:
            folder = self._archive
            if folder is None:
                hint = self._query("SELECT value FROM meta WHERE key = 'archive'", ())
                folder = Path(hint[0][0]) if hint else None
            if folder is None:
                raise JournalError(f"record {seq} of {self.path} is archived and no archive folder is known")
            try:
                found = [m for m in segments.manifests(folder, self.table_id) if m.first_seq <= seq <= m.last_seq]
                if not found:
                    raise JournalError(f"archive {folder} lacks record {seq} of table {self.table_id}")
                self._segment = found[0], [Row(*r) for r in segments.load_rows(folder, found[0])]
            except segments.SegmentError as exc:
                raise JournalError(exc.problem) from None
        manifest, rows = self._segment
        return rows[seq - manifest.first_seq:]

    def tail(self) -> tuple[int, str]:
        """(last seq, its hash) of the records in the file; (0, genesis) when empty."""
        row = self._query("SELECT seq, hash FROM events ORDER BY seq DESC LIMIT 1", ())
        return (int(row[0][0]), str(row[0][1])) if row else (0, GENESIS_HASH)

    def hash_at(self, seq: int) -> str | None:
        row = self._query("SELECT hash FROM events WHERE seq = ?", (seq,))
        if not row and 1 < seq < self._live_from():
            return self._archived(seq)[0].hash
        return str(row[0][0]) if row else None

    def rows(self, since_seq: int, limit: int) -> list[Row]:
        """Up to ``limit`` records with seq > ``since_seq``, in order (from the archive while they are there)."""
        live_from = self._live_from()
        if 1 <= since_seq and since_seq + 1 < live_from:
            return [r for r in self._archived(since_seq + 1)[:limit] if r.seq < live_from]
        found = self._query(f"SELECT {_COLUMNS} FROM events WHERE seq > ? ORDER BY seq LIMIT ?", (since_seq, limit))
        rows = [Row(*r) for r in found]
        if since_seq == 0 and live_from > 2:  # record 1, then the archived ones
            return rows[:1]
        return rows

    def iter_rows(self, since_seq: int = 0, page: int = 5000) -> Iterator[Row]:
        cursor = since_seq
        while True:
            batch = self.rows(cursor, page)
            yield from batch
            if len(batch) < page:
                return
            cursor = batch[-1].seq

    def _query(self, sql: str, params: tuple[object, ...]) -> list[tuple[Any, ...]]:
        try:
            return self._conn.execute(sql, params).fetchall()
        except sqlite3.Error as exc:
            raise JournalError(f"cannot read journal {self.path}: {exc}") from None

    def close(self) -> None:
        self._conn.close()

    def __enter__(self) -> JournalRows:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

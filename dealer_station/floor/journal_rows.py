"""Raw records of a journal file, read-only, exactly as stored (what the floor re-hashes).

The forwarder and ``journal verify --floor`` read the stored text (payload included), not
``JournalEvent``s: a parsed payload re-serialised could differ from the text that was
hashed. A separate read-only SQLite connection in WAL mode never blocks the station's
writer, so forwarding never makes the croupier wait.
"""

from __future__ import annotations

import os
import sqlite3
from collections.abc import Iterator
from pathlib import Path
from typing import Any, NamedTuple

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
    """Read-only access to one journal file's records and tail."""

    def __init__(self, path: str | os.PathLike[str]) -> None:
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

    def tail(self) -> tuple[int, str]:
        """(last seq, its hash) of the records in the file; (0, genesis) when empty."""
        row = self._query("SELECT seq, hash FROM events ORDER BY seq DESC LIMIT 1", ())
        return (int(row[0][0]), str(row[0][1])) if row else (0, GENESIS_HASH)

    def hash_at(self, seq: int) -> str | None:
        row = self._query("SELECT hash FROM events WHERE seq = ?", (seq,))
        return str(row[0][0]) if row else None

    def rows(self, since_seq: int, limit: int) -> list[Row]:
        """Up to ``limit`` records with seq > ``since_seq``, in order."""
        found = self._query(f"SELECT {_COLUMNS} FROM events WHERE seq > ? ORDER BY seq LIMIT ?", (since_seq, limit))
        return [Row(*r) for r in found]

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

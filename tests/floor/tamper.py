"""Tamper with a journal file so that it verifies on its own: the attacks only the floor catches."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

from dealer_station.journal import GENESIS_HASH, _record_hash
from tests.journal._tamper import attacker


def rewrite_from(path: Path, seq: int, payload_change: dict[str, object]) -> None:
    """Change record ``seq``'s payload, then recompute every hash from it onwards and the anchor."""
    conn = attacker(path)
    rows = conn.execute("SELECT seq, at, table_id, round_id, kind, actor, payload FROM events WHERE seq >= ? "
                        "ORDER BY seq", (seq,)).fetchall()
    prev_row = conn.execute("SELECT hash FROM events WHERE seq = ?", (seq - 1,)).fetchone()
    prev = prev_row[0] if prev_row else GENESIS_HASH
    for s, at, table_id, round_id, kind, actor, payload in rows:
        if s == seq:
            data = json.loads(payload)
            data.update(payload_change)
            payload = json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
        digest = _record_hash(s, at, table_id, round_id, kind, actor, payload, prev)
        conn.execute("UPDATE events SET payload = ?, prev_hash = ?, hash = ? WHERE seq = ?", (payload, prev, digest, s))
        prev = digest
    conn.execute("UPDATE anchor SET last_hash = ? WHERE id = 1", (prev,))
    conn.close()


def truncate_after(path: Path, seq: int) -> None:
    """Drop every record after ``seq`` and move the anchor back: a consistent, shorter journal."""
    conn = attacker(path)
    conn.execute("DELETE FROM events WHERE seq > ?", (seq,))
    last = conn.execute("SELECT hash FROM events WHERE seq = ?", (seq,)).fetchone()
    conn.execute("UPDATE anchor SET last_seq = ?, last_hash = ? WHERE id = 1", (seq, last[0] if last else GENESIS_HASH))
    conn.close()


def copy_journal(source: Path, target: Path) -> None:
    """A consistent copy (SQLite backup API): how an older copy of a journal is kept."""
    with sqlite3.connect(source) as src, sqlite3.connect(target) as dst:
        src.backup(dst)
    src.close()
    dst.close()

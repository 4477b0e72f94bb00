"""Edit a journal file the way an attacker would: a separate connection, guards dropped."""

from __future__ import annotations

import sqlite3
from pathlib import Path
from typing import Any

FIELDS = ("at", "table_id", "round_id", "kind", "actor", "payload", "prev_hash", "hash")


def attacker(path: Path) -> sqlite3.Connection:
    conn = sqlite3.connect(path, isolation_level=None)
    for (name,) in conn.execute("SELECT name FROM sqlite_master WHERE type = 'trigger'").fetchall():
        conn.execute(f"DROP TRIGGER {name}")
    return conn


def set_field(path: Path, seq: int, field: str, value: Any) -> None:
    with attacker(path) as conn:
        conn.execute(f"UPDATE events SET {field} = ? WHERE seq = ?", (value, seq))
    conn.close()


def delete(path: Path, seq: int) -> None:
    conn = attacker(path)
    conn.execute("DELETE FROM events WHERE seq = ?", (seq,))
    conn.close()


def swap(path: Path, a: int, b: int) -> None:
    conn = attacker(path)
    cols = ", ".join(FIELDS)
    ra = conn.execute(f"SELECT {cols} FROM events WHERE seq = ?", (a,)).fetchone()
    rb = conn.execute(f"SELECT {cols} FROM events WHERE seq = ?", (b,)).fetchone()
    assign = ", ".join(f"{f} = ?" for f in FIELDS)
    conn.execute(f"UPDATE events SET {assign} WHERE seq = ?", (*rb, a))
    conn.execute(f"UPDATE events SET {assign} WHERE seq = ?", (*ra, b))
    conn.close()


def set_meta(path: Path, key: str, value: str) -> None:
    conn = attacker(path)
    conn.execute("UPDATE meta SET value = ? WHERE key = ?", (value, key))
    conn.close()

"""Where each table stands on the casino floor: its pit and its place in the pit.

The floor owner keeps this (``dealer-station floor place``), in ``floor.table_layout``:
moving a table to another pit is the floor manager's decision and needs no change at the
station, and a station does not get to say where it stands. The pit's web page lays its
floor view out by it (``queries.table_layout``); a table with no place shows as unassigned.
"""

from __future__ import annotations

import re

import psycopg

from .db import FloorError, connect, one_line

_TABLE_ID = re.compile(r"[A-Za-z0-9_-]{1,32}")  # the table profile's table_id
MAX_PIT_NAME = 64


def place(url: str, table_id: str, pit: str, position: int = 0) -> None:
    """Put ``table_id`` in ``pit`` at ``position`` (a table is in one pit: placing it again moves it)."""
    if not _TABLE_ID.fullmatch(table_id):
        raise FloorError("must be 1-32 letters, digits, '_' or '-' (a table profile's table_id)", "table-id")
    name = pit.strip()
    if not name or len(name) > MAX_PIT_NAME or not name.isprintable():
        raise FloorError(f"must be 1-{MAX_PIT_NAME} printable characters", "pit")
    if not 0 <= position <= 100_000:
        raise FloorError("must be from 0 to 100000", "position")
    with connect(url) as conn:
        try:
            conn.execute("""INSERT INTO floor.table_layout (table_id, pit, position) VALUES (%s, %s, %s)
                            ON CONFLICT (table_id) DO UPDATE
                            SET pit = EXCLUDED.pit, position = EXCLUDED.position, updated_at = now()""",
                         (table_id, name, position))
        except psycopg.Error as exc:
            raise FloorError(f"cannot place the table: {one_line(exc)}", "floor") from None


def unplace(url: str, table_id: str) -> bool:
    """Take ``table_id`` out of its pit; False when it had none."""
    with connect(url) as conn:
        try:
            done = conn.execute("DELETE FROM floor.table_layout WHERE table_id = %s", (table_id,))
        except psycopg.Error as exc:
            raise FloorError(f"cannot change the layout: {one_line(exc)}", "floor") from None
        return done.rowcount > 0

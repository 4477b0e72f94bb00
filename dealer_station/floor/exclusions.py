"""The casino's exclusion list on the floor (migration 0020): added and removed by the compliance role on the
pit page, each with who, when and why (journaled: a listing is never deleted, a removal fills its columns
once), read by the stations (``fetch_exclusions``, with the station role: ``floor.exclusion_list()``)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any

from ..players.exclusion import ExclusionList

MAX_REASON = 2000


@dataclass(frozen=True)
class Listing:
    """One listing of a player, and its removal when it was removed."""

    player: str
    reason: str
    added_by: str
    added_at: datetime
    removed_by: str | None
    removed_at: datetime | None
    removal_note: str | None

    @property
    def listed(self) -> bool:
        return self.removed_at is None


def fetch_exclusions(conn: Any) -> ExclusionList:
    """The players listed now, as of the floor's time it read them (any floor role granted the function)."""
    rows = conn.execute("SELECT player, as_of FROM floor.exclusion_list()").fetchall()
    return ExclusionList(frozenset(p for p, _ in rows if p is not None), max((at for _, at in rows), default=None))


def listings(conn: Any) -> list[Listing]:
    """Every listing, the ones in force first, then the latest change first."""
    return [Listing(*row) for row in conn.execute(
        "SELECT player, reason, added_by, added_at, removed_by, removed_at, removal_note FROM floor.exclusions "
        "ORDER BY removed_at IS NOT NULL, coalesce(removed_at, added_at) DESC, id DESC")]


def exclude(conn: Any, player: str, reason: str, by_user: str) -> int:
    """List ``player`` (``floor.exclude``; a player listed already is refused by the floor)."""
    with conn.transaction():
        conn.execute("SET TRANSACTION READ WRITE")
        row = conn.execute("SELECT floor.exclude(%s, %s, %s)", (player, reason, by_user)).fetchone()
    assert row is not None
    return int(row[0])


def unexclude(conn: Any, player: str, note: str, by_user: str) -> int:
    """Take ``player`` off the list (``floor.unexclude``; one not listed is refused by the floor)."""
    with conn.transaction():
        conn.execute("SET TRANSACTION READ WRITE")
        row = conn.execute("SELECT floor.unexclude(%s, %s, %s)", (player, note, by_user)).fetchone()
    assert row is not None
    return int(row[0])


def fetch_from(url: str) -> ExclusionList:
    """The list as the floor at ``url`` has it now, over a short-lived connection (a station's periodic ask:
    ``Station.watch_exclusions``); an unreachable floor raises, and the station keeps its last list."""
    from .db import connect

    with connect(url, autocommit=True, connect_timeout=3) as conn:
        return fetch_exclusions(conn)

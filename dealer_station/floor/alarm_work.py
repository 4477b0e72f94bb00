"""Alarms as work items on the floor (migration 0017): every alarm the floor holds, under one key each, and
the steps taken on them (acknowledge, assign, resolve, each with a note, who and when).

The floor's alarms are three tables of different shapes (``floor.alarms``: the ingest's and the linked
progressive's; ``floor.login_alarms``: a station login's; ``floor.derive_errors``: a record the floor
cannot read). ``floor_alarms`` reads them as ``FloorAlarm`` rows under a stable key (``alarm:<id>``,
``login:<role>``, ``unreadable:<table>:<seq>``), the key a step names in ``floor.alarm_work``. The pit adds
its own shuffle audit's alarms (``shuffle:<serial>``); their steps are kept here all the same.

``take_step`` appends one step through ``floor.work_alarm`` (SECURITY DEFINER, the one write the report role
is granted besides a par sheet), in one read-write transaction on an otherwise read-only connection.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from .queries import is_link_reason

ALARM_WORK_SCHEMA = 17
"""The floor migration that keeps the steps (0017_alarm_work)."""
STEPS = ("acknowledge", "assign", "resolve")
MAX_NOTE, MAX_ASSIGNEE = 2000, 100
BOUNDED = "more than 99 different alarms"
"""The reason of the row that counts a table's 100th alarm and every later one (migration 0007)."""


@dataclass(frozen=True)
class FloorAlarm:
    """One alarm the floor holds: ``kind`` is journal, link, bounded (floor.alarms), login or unreadable."""

    key: str
    kind: str
    table_id: str | None
    seq: int
    reason: str
    raised_at: datetime
    last_seen_at: datetime
    attempts: int
    subject: str = ""  # a login's name; the last table a login tried


@dataclass(frozen=True)
class Step:
    alarm: str
    step: str
    assignee: str | None
    note: str
    by_user: str
    by_role: str
    at: datetime


def _kind(reason: str) -> str:
    if reason.startswith(BOUNDED):
        return "bounded"
    if is_link_reason(reason):  # the controller's (0016)
        return "link"
    return "journal"


def floor_alarms(conn: Any) -> list[FloorAlarm]:
    """Every alarm the floor holds, each under its key, the last seen first."""
    out = [FloorAlarm(f"alarm:{i}", _kind(reason), table, seq, reason, raised, seen, attempts)
           for i, table, seq, reason, raised, seen, attempts in conn.execute(
               "SELECT id, table_id, first_bad_seq, reason, raised_at, last_seen_at, attempts FROM floor.alarms")]
    out += [FloorAlarm(f"login:{role}", "login", None, 0, reason, raised, seen, attempts, subject=last)
            for role, reason, last, raised, seen, attempts in conn.execute(
                "SELECT role_name, reason, last_table, raised_at, last_seen_at, attempts FROM floor.login_alarms")]
    out += [FloorAlarm(f"unreadable:{table}:{seq}", "unreadable", table, seq, f"{kind}: {error}", at, at, 1, subject=kind)
            for table, seq, kind, error, at in conn.execute(
                "SELECT d.table_id, d.seq, d.kind, d.error, e.received_at FROM floor.derive_errors d "
                "JOIN floor.events e ON e.table_id = d.table_id AND e.seq = d.seq")]
    return sorted(out, key=lambda a: a.last_seen_at, reverse=True)


def steps_of(conn: Any, keys: Sequence[str]) -> list[Step]:
    """The steps taken on these alarms, oldest first."""
    if not keys:
        return []
    return [Step(*row) for row in conn.execute(
        "SELECT alarm, step, assignee, note, by_user, by_role, at FROM floor.alarm_work WHERE alarm = ANY(%s) "
        "ORDER BY id", (list(keys),))]


def take_step(conn: Any, alarm: str, table_id: str | None, step: str, note: str, by_user: str, by_role: str,
              assignee: str | None = None) -> int:
    """Append one step (``floor.work_alarm``); returns its id. ``conn`` may be read-only by default."""
    with conn.transaction():
        conn.execute("SET TRANSACTION READ WRITE")
        row = conn.execute("SELECT floor.work_alarm(%s, %s, %s, %s, %s, %s, %s)",
                           (alarm, table_id or "", step, assignee or "", note, by_user, by_role)).fetchone()
    assert row is not None
    return int(row[0])

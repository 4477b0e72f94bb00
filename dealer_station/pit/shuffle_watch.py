"""Every shuffler's shuffle audit, re-run in the background, for the integrity and floor pages.

The audit (``audit.report.audit_all``: chi-squared, runs, serial correlation, persistence,
repeats) is the one ``dealer-station audit shuffles`` runs, over the deals of the last
``window`` seconds (default 7 days: about 2,000 deals a shuffler after a day and a half of
play, what finding one weak shuffle in ten takes, docs/audit.md). The floor is read
incrementally: each pass reads only the records every table added since the last one
(``audit.deals.read_floor``) and deals older than the window are forgotten, so a pass costs the
new records and the tests, never a re-read of the week. A failing shuffler raises an alarm per
table it dealt at (``audit.report.alarms``): on the integrity page and on those tables' tiles.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any

import psycopg
import structlog

from ..audit.deals import DealReader, read_floor
from ..audit.report import DEFAULT_LEVEL, ShufflerAudit, alarms, audit_all
from ..floor.report_data import Alarm
from .floor_watch import FloorWatch

log = structlog.get_logger("dealer_station.pit.shuffle_watch")

EVERY = 300.0
"""Seconds between audits (a shuffler deals a round a minute: five more deals each)."""
WINDOW = 7 * 86400.0
"""Seconds of deals audited."""
FAILED = "The shuffle audit failed (the server's log says why)."


@dataclass(frozen=True)
class ShuffleAudits:
    """One pass: every shuffler's audit over the window, and the alarms of those that fail."""

    audits: list[ShufflerAudit]
    alarms: list[Alarm]
    since: datetime
    at: datetime
    seconds: float

    def table_alarms(self) -> dict[str, tuple[str, ...]]:
        """Each table a failing shuffler dealt at: the alarms' texts."""
        out: dict[str, tuple[str, ...]] = {}
        for alarm in self.alarms:
            out[alarm.table_id] = (*out.get(alarm.table_id, ()), alarm.reason)
        return out


class ShuffleWatch(FloorWatch):
    """Keeps the latest ``ShuffleAudits``; ``latest()`` never waits on the floor. ``on_alarms`` is told the
    tables' alarms after every pass (the live floor's tiles)."""

    name = "shuffle_audit"
    defect = FAILED

    def __init__(self, url: str, *, every: float = EVERY, window: float = WINDOW, level: int = DEFAULT_LEVEL,
                 connect_kwargs: dict[str, Any] | None = None, clock: Callable[[], float] = time.time,
                 on_alarms: Callable[[Mapping[str, tuple[str, ...]]], None] | None = None) -> None:
        super().__init__(url, every=every, connect_kwargs=connect_kwargs)
        self.window = window
        self.level = level
        self._clock = clock
        self._on_alarms = on_alarms
        self._reader = DealReader()
        self._latest: ShuffleAudits | None = None

    def latest(self) -> ShuffleAudits | None:
        return self._latest

    def _pass(self, conn: psycopg.Connection[Any]) -> None:
        started = time.monotonic()
        now = datetime.fromtimestamp(self._clock(), UTC)
        since = now - timedelta(seconds=self.window)
        read = read_floor(conn, self._reader, since)
        audits = audit_all(self._reader.window(since), self.level)
        result = ShuffleAudits(audits, alarms(audits), since, now, time.monotonic() - started)
        self._latest = result
        if self._on_alarms is not None:
            self._on_alarms(result.table_alarms())
        log.info("shuffle_audit", records=read, shufflers=len(audits), failing=sum(a.verdict == "fail" for a in audits),
                 seconds=round(result.seconds, 3))

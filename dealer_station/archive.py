"""Archiving a journal that lives for years: closed segments out to the archive folder, then off the live file.

A segment is cut at a round boundary - just before the ``round_opened`` of a round in a later gaming day,
or of any round once the segment holds ``max_records`` records - so a round is never split and the round
in progress is never in a closed segment. One pass (``archive_journal``), safe to repeat and to kill at any
instant:

1. **export** every closed segment whose records the floor has all acknowledged and whose gaming day is
   older than ``keep_days``: written atomically, read back and compared with the live rows
   (``segments.write_segment``); the archive's manifests say where the next segment starts, so a pass
   after a crash re-exports nothing twice (a segment file without its manifest is simply written again);
2. **journal** a ``segment_archived`` record for each archived segment the live file holds that has none;
3. **trim** each such segment whose ``segment_archived`` record the floor has acknowledged too
   (``Journal.trim_archived``: one transaction, all or nothing). A floor that holds the record holds every
   record before it, so the forwarder never needs a trimmed record again.

A table with no floor never reaches step 1: what the floor has not acknowledged stays in the live file.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from datetime import date, datetime, time, timedelta, tzinfo
from pathlib import Path
from typing import Any

import structlog

from .journal import SEGMENT_ARCHIVED, Journal, JournalError
from .segments import Manifest, SegmentError, manifests, write_segment
from .shifts import gaming_day

log = structlog.get_logger("dealer_station.archive")

KEEP_DAYS = 7
"""Gaming days kept in the live file after they close, whatever the floor holds (a week of recall at the
table without the archive)."""
MAX_RECORDS = 200_000
"""Records a segment holds at most (about 2,700 rounds): a busy day is cut in several segments."""


@dataclass(frozen=True, slots=True)
class Cut:
    """A closed segment to export: records ``first..last`` of gaming day ``day``."""

    first: int
    last: int
    day: date


@dataclass(slots=True)
class Outcome:
    """What one pass did (for its log line and the command's answer)."""

    exported: list[Manifest] = field(default_factory=list)
    journaled: list[str] = field(default_factory=list)
    trimmed: list[str] = field(default_factory=list)
    records_trimmed: int = 0
    acked_seq: int = 0

    def as_dict(self) -> dict[str, Any]:
        return {"exported": [m.name for m in self.exported], "journaled": self.journaled, "trimmed": self.trimmed,
                "records_trimmed": self.records_trimmed, "acked_seq": self.acked_seq}


def day_of(tz: tzinfo, day_start: time) -> Callable[[str], date]:
    """The gaming day of a record's ``at`` (UTC text) at a casino whose day starts at ``day_start`` in ``tz``."""

    def day(at: str) -> date:
        return gaming_day(datetime.fromisoformat(at.replace("Z", "+00:00")), tz, day_start)

    return day


def closed_segments(rows: Iterator[tuple[Any, ...]], start: int, day: Callable[[str], date],
                    max_records: int = MAX_RECORDS) -> Iterator[Cut]:
    """The closed segments among ``rows`` (records from ``start`` on, in order): each ends just before the
    ``round_opened`` that begins a later gaming day (or overfills it); the records after the last such cut are
    still open. Records before a segment's first round belong to it (a day is named by its rounds)."""
    first, current, count = start, None, 0
    for row in rows:
        seq, at, kind = row[0], row[1], row[4]
        if kind == "round_opened":
            opened = day(at)
            if current is None:
                current = opened
            elif opened != current or count >= max_records:
                yield Cut(first, seq - 1, current)
                first, current, count = seq, opened, 0
        count += 1


def archive_journal(journal: Journal, folder: Path, acked: Callable[[], int], *, day: Callable[[str], date],
                    today: date, keep_days: int = KEEP_DAYS, max_records: int = MAX_RECORDS,
                    ship: Callable[[], None] | None = None) -> Outcome:
    """One archiving pass over ``journal`` (open for writing) into ``folder`` (see the module). ``acked()``
    says how far the floor has acknowledged the journal now; ``ship()``, when given, waits for the floor to
    take what was just journaled (the command line runs a forwarder; the station's own forwarder runs
    anyway)."""
    outcome = Outcome()
    table = journal.table_id
    if journal.version == "1":
        raise JournalError(f"{journal.path} is a format-1 journal (no creation record to keep live): it is not "
                           "archived")
    try:
        found = manifests(folder, table)
    except SegmentError as exc:
        raise JournalError(exc.problem) from None
    outcome.acked_seq = acked_seq = acked()
    exported_to = found[-1].last_seq if found else 0
    live_from = journal.live_from
    if exported_to + 1 < live_from and live_from > 2:
        raise JournalError(f"the archive {folder} ends at seq {exported_to} but the live file goes on from "
                           f"{live_from}: a segment is missing from it")
    newest = today - timedelta(days=keep_days)
    rows = journal.stored_rows(exported_to, acked_seq)
    for cut in closed_segments(rows, exported_to + 1, day, max_records):
        if cut.day >= newest or cut.last > acked_seq:
            break
        segment = list(journal.stored_rows(cut.first - 1, cut.last))
        try:
            manifest = write_segment(folder, segment, cut.day.isoformat())
        except SegmentError as exc:
            raise JournalError(exc.problem) from None
        log.info("segment_exported", table_id=table, segment=manifest.name, records=manifest.records,
                 gaming_day=manifest.gaming_day, sha256=manifest.sha256)
        outcome.exported.append(manifest)
        found.append(manifest)
    pending = [m for m in found if m.last_seq >= journal.live_from]
    vouched = _vouched(journal)
    for manifest in pending:
        if (manifest.first_seq, manifest.last_seq, manifest.sha256) not in vouched:
            event = journal.append(SEGMENT_ARCHIVED, _payload(manifest), actor="station")
            vouched[(manifest.first_seq, manifest.last_seq, manifest.sha256)] = event.seq
            outcome.journaled.append(manifest.name)
    if ship is not None and outcome.journaled:
        ship()
    acked_seq = outcome.acked_seq = acked() if outcome.journaled else acked_seq
    for manifest in pending:
        record = vouched[(manifest.first_seq, manifest.last_seq, manifest.sha256)]
        if record > acked_seq:
            break  # the floor has not acknowledged its record yet: the next pass trims it
        outcome.records_trimmed += journal.trim_archived(manifest, folder)
        outcome.trimmed.append(manifest.name)
    log.info("journal_archived", table_id=table, folder=str(folder), exported=len(outcome.exported),
             journaled=len(outcome.journaled), trimmed=len(outcome.trimmed), records_trimmed=outcome.records_trimmed,
             acked_seq=outcome.acked_seq)
    return outcome


def _payload(manifest: Manifest) -> dict[str, Any]:
    return {"first_seq": manifest.first_seq, "last_seq": manifest.last_seq,
            "first_prev_hash": manifest.first_prev_hash, "last_hash": manifest.last_hash, "sha256": manifest.sha256,
            "gaming_day": manifest.gaming_day, "records": manifest.records, "file": manifest.data_file}


def _vouched(journal: Journal) -> dict[tuple[int, int, str], int]:
    """(first, last, sha256) -> seq of the live file's ``segment_archived`` records."""
    out: dict[tuple[int, int, str], int] = {}
    for event in journal.events(since_seq=journal.live_from - 1, kinds={SEGMENT_ARCHIVED}):
        data = event.payload
        out[(int(data["first_seq"]), int(data["last_seq"]), str(data["sha256"]))] = event.seq
    return out

"""A station's background shipper: its journal, in order and in batches, to the floor.

The croupier never waits for it: the station's journal writer commits to its SQLite file
and returns; the forwarder reads the file on its own read-only connection (WAL readers
never block the writer) in its own thread. After any outage it asks the floor where to
resume (``floor.tail``), never a local cursor, so a lost acknowledgement or a restarted
process neither loses nor duplicates anything (the floor also treats a re-sent batch as a
no-op). Connection problems are retried with exponential backoff up to a cap. When the
journal no longer extends what the floor holds, the forwarder locates the first
differing record (``first_divergence``) and offers it, so the floor's alarm names the exact
seq; it keeps offering it, at the backoff cap, until someone deals with it.
"""

from __future__ import annotations

import os
import threading
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import psycopg
import structlog

from ..journal import Journal, JournalError
from .db import FloorError, connect, floor_problem, one_line, schema_missing
from .ingest import first_divergence, floor_tail, send_batch
from .journal_rows import JournalRows

log = structlog.get_logger("dealer_station.floor.forwarder")

BATCH_SIZE = 2000
"""Records per batch at most: a backlog (a station back from a network cut) goes in 2,000 at a time, about
a tenth faster than 500 since 0015 (docs/performance-floor.md); a live table sends what it has, a few."""
POLL_INTERVAL = 0.05  # seconds between looks at the journal when caught up (notify() wakes sooner)
BACKOFF_START = 0.1
BACKOFF_CAP = 5.0


@dataclass(frozen=True, slots=True)
class ForwarderStatus:
    """What the station and its screen show: how far the floor has acknowledged the journal."""

    table_id: str
    acked_seq: int
    journal_seq: int
    last_error: str | None
    refused: bool  # the floor refused the journal (integrity alarm raised)
    unready: bool = False  # the floor cannot take journals until someone acts (no schema, no privilege)

    @property
    def lag(self) -> int:
        """Journal records the floor has not acknowledged yet."""
        return max(0, self.journal_seq - self.acked_seq)


class Forwarder:
    """Forward ``source`` (a journal path or an open ``Journal``) to the floor at ``floor_url``.

    ``start()`` runs it in a daemon thread; ``stop()`` ends it; ``wait_acknowledged()`` waits
    until the floor holds every record the journal had when it was called.
    """

    def __init__(
        self,
        source: str | os.PathLike[str] | Journal,
        floor_url: str,
        table_id: str | None = None,
        *,
        batch_size: int = BATCH_SIZE,
        poll_interval: float = POLL_INTERVAL,
        backoff_cap: float = BACKOFF_CAP,
    ) -> None:
        path = source.path if isinstance(source, Journal) else Path(source)
        if not floor_url:
            raise FloorError("no floor URL", "floor")
        self._rows = JournalRows(path, source.archive_folder if isinstance(source, Journal) else None)
        self.table_id = table_id or self._rows.table_id
        self._logger = log.bind(table_id=self.table_id)
        if self._rows.table_id != self.table_id:  # forwarded anyway: the floor refuses it and raises the alarm
            self._log("warning", "journal_of_another_table", journal_table_id=self._rows.table_id, path=str(path))
        self.floor_url = floor_url
        self.batch_size = batch_size
        self.poll_interval = poll_interval
        self.backoff_cap = backoff_cap
        self._stop = threading.Event()
        self._wake = threading.Event()
        self._changed = threading.Condition()
        self._thread: threading.Thread | None = None
        self._conn: psycopg.Connection[Any] | None = None
        self._acked_seq = 0
        self._journal_seq = self._rows.tail()[0]
        self._last_error: str | None = None
        self._refused = False
        self._unready = False

    # ---------------------------------------------------------------- control

    def start(self) -> Forwarder:
        if self._thread is None:
            self._thread = threading.Thread(target=self._run, name=f"floor-forwarder-{self.table_id}", daemon=True)
            self._thread.start()
        return self

    def notify(self) -> None:
        """A record was appended: look at the journal now rather than at the next poll."""
        self._wake.set()

    def request_stop(self) -> None:
        """Ask the thread to end without waiting for it (``stop()`` waits): many forwarders end at once."""
        self._stop.set()
        self._wake.set()

    def stop(self, timeout: float = 5.0) -> None:
        self.request_stop()
        if self._thread is not None:
            self._thread.join(timeout)
            self._thread = None
        self._close_conn()
        self._rows.close()

    def status(self) -> ForwarderStatus:
        with self._changed:
            return ForwarderStatus(self.table_id, self._acked_seq, self._journal_seq, self._last_error, self._refused,
                                   self._unready)

    def wait_acknowledged(self, timeout: float) -> bool:
        """True once the floor holds every record the journal has now; False after ``timeout`` s,
        or as soon as the floor refused the journal or cannot take it until someone acts."""
        target = self._rows.tail()[0]
        self._wake.set()
        deadline = time.monotonic() + timeout
        with self._changed:
            while self._acked_seq < target:
                left = deadline - time.monotonic()
                if left <= 0 or self._refused or self._unready:
                    return False
                self._changed.wait(min(left, 0.2))
            return True

    # ---------------------------------------------------------------- loop

    def _run(self) -> None:
        backoff = BACKOFF_START
        shipped: tuple[int, str] | None = None  # the journal tail the floor was last seen to hold
        while not self._stop.is_set():
            try:
                if shipped is None or self._rows.tail() != shipped:  # idle tables cost the floor nothing
                    shipped = self._ship_until_refused_or_idle()
                backoff = BACKOFF_START
                if self._refused:
                    shipped = None
                    self._sleep(self.backoff_cap)
                else:
                    self._wake.wait(self.poll_interval)
                    self._wake.clear()
            except (psycopg.Error, FloorError) as exc:
                shipped = None
                self._close_conn()
                if isinstance(exc, psycopg.Error) and _needs_someone(exc):
                    # No schema, no privilege: retrying soon cannot help; say what to do, retry at the cap.
                    problem = str(floor_problem(exc, "the floor cannot take this journal"))
                    self._set_error(problem, unready=True)
                    self._log("error", "floor_not_ready", error=problem, retry_in=self.backoff_cap)
                    self._sleep(self.backoff_cap)
                    continue
                self._set_error(one_line(exc))
                self._log("warning", "floor_unreachable", error=one_line(exc), retry_in=round(backoff, 3))
                self._sleep(backoff)
                backoff = min(backoff * 2, self.backoff_cap)
            except JournalError as exc:
                shipped = None
                self._set_error(str(exc))
                self._log("error", "journal_unreadable", error=str(exc), retry_in=self.backoff_cap)
                self._sleep(self.backoff_cap)
            except Exception as exc:  # the forwarder must outlive any surprise; the table keeps playing
                shipped = None
                self._set_error(f"{type(exc).__name__}: {exc}")
                self._log("exception", "forwarder_failed", retry_in=self.backoff_cap)
                self._sleep(self.backoff_cap)

    def _log(self, level: str, event: str, **fields: Any) -> None:
        """A log line that can never stop the forwarder (a closed or full log stream is ignored)."""
        try:
            getattr(self._logger, level)(event, **fields)
        except Exception:
            pass

    def _sleep(self, seconds: float) -> None:
        self._stop.wait(seconds)

    def _connection(self) -> psycopg.Connection[Any]:
        if self._conn is None or self._conn.closed:
            self._conn = connect(self.floor_url)
            self._log("info", "floor_connected")
        return self._conn

    def _close_conn(self) -> None:
        if self._conn is not None:
            try:
                self._conn.close()
            except Exception:  # closing a broken connection must not stop the retry loop
                pass
            self._conn = None

    def _ship_until_refused_or_idle(self) -> tuple[int, str] | None:
        """Resume from the floor's tail and send batches until the journal is shipped.

        Returns the journal tail the floor now holds, or None when it was refused."""
        conn = self._connection()
        held_seq, held_hash = floor_tail(conn, self.table_id)
        tail = self._rows.tail()
        start = held_seq + 1
        agreed = held_seq  # how far the floor holds this journal's own records
        if held_seq > 0 and self._rows.hash_at(held_seq) != held_hash:
            # The journal does not extend what the floor holds: offer the first differing record, or, when
            # it holds fewer records than the floor, its last one (the floor raises an alarm on a record
            # it can check, never on a bare claim).
            diverged = first_divergence(conn, self.table_id, self._rows, held_seq)
            start = diverged or max(tail[0], 1)
            agreed = diverged - 1 if diverged else tail[0]
        self._set(agreed, tail[0], self._last_error, refused=self._refused)
        while not self._stop.is_set():
            rows = self._rows.rows(start - 1, self.batch_size)
            tail = self._rows.tail()
            if not rows and start > held_seq and tail[0] >= held_seq:
                self._set(held_seq, tail[0], None, refused=False)
                return tail if tail[0] == held_seq else None
            ack = send_batch(conn, self.table_id, tail, rows)
            if ack.status == "ok":
                held_seq = agreed = ack.acked_seq
                start = held_seq + 1
                self._set(held_seq, tail[0], None, refused=False)
                self._log("debug", "batch_acknowledged", acked_seq=held_seq, inserted=ack.inserted)
                continue
            if ack.status == "gap":
                held_seq = agreed = ack.acked_seq
                start = held_seq + 1
                continue
            self._set(agreed, tail[0], f"floor {ack.status}: seq {ack.bad_seq}: {ack.reason}",
                      refused=ack.status == "refused")
            self._log("error", "journal_refused_by_floor", status=ack.status, bad_seq=ack.bad_seq, reason=ack.reason,
                            retry_in=self.backoff_cap)
            return None
        return None

    def _set(self, acked: int, journal: int, error: str | None, *, refused: bool) -> None:
        with self._changed:
            self._acked_seq, self._journal_seq, self._last_error, self._refused = acked, journal, error, refused
            self._unready = False
            self._changed.notify_all()

    def _set_error(self, error: str, *, unready: bool = False) -> None:
        with self._changed:
            self._last_error, self._unready = error, unready
            self._changed.notify_all()

    def __enter__(self) -> Forwarder:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()


def _needs_someone(exc: psycopg.Error) -> bool:
    """A floor without the schema or a login without the privilege: only a person can fix it."""
    return schema_missing(exc) or isinstance(exc, psycopg.errors.InsufficientPrivilege)

"""Par sheets for the pit's reports: kept on the floor, computed in the background, never waited for.

A par sheet (``dealer_station.par.par_sheet``) is computed once per game and pay tables; a main
game's figure is simulated, tens of seconds at the production sample count. A report must not
wait for it: ``ParKeeper.lookup`` answers at once with the sheet, or ``None`` while it is being
computed (the report's theoretical figures are then blank and the page says "par pending", with
the computation's progress), and the sheet is computed in a child process (the page's process
keeps serving: the simulation would otherwise hold its interpreter) and stored on the floor
(``floor.par_sheets``, migration 0008, through ``floor.put_par_sheet``: the only thing the
report role may add), where every pit server of the floor finds it from then on.

On start the keeper reads every sheet the floor holds, then looks at the pay tables the floor's
rounds were played with and computes the missing ones, so the first report is seldom pending.
"""

from __future__ import annotations

import hashlib
import multiprocessing
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from multiprocessing.connection import Connection
from typing import Any

import psycopg
import structlog
from psycopg.types.json import Jsonb

from ..errors import DealerStationError
from ..errors import one_line as clipped
from ..floor.db import connect, one_line
from ..floor.report_data import paytables_key
from ..par import ParSheet, current
from .outage import floor_trouble

log = structlog.get_logger("dealer_station.pit.par")

PAR_SCHEMA = 8
"""The floor migration that keeps par sheets (``0008_par_sheets``)."""
Key = tuple[str, str]  # (game, canonical pay tables)
SEED = 1  # what the command line's report uses (par_sheet's default)


@dataclass
class Job:
    """One sheet being computed (or waiting to be): what the page's "par pending" line says."""

    game: str
    paytables: str
    progress: str = "waiting to be computed"
    started: float | None = None


def _compute(out: Connection, game: str, paytables: str, samples: int | None) -> None:
    """In the child process: the sheet by ``par_sheet``, its progress lines sent as they come."""
    try:
        from ..par import par_sheet

        sheet = par_sheet(game, paytables, samples=samples, seed=SEED, progress=lambda m: out.send(("progress", m)))
        out.send(("done", None if sheet is None else sheet.as_json()))
    except Exception as exc:  # whatever the provider raised, the parent says it in one line
        out.send(("error", f"{type(exc).__name__}: {clipped(str(exc), 200)}"))
    finally:
        out.close()


class ParKeeper:
    """The par sheets of a floor's pay tables: ``lookup`` never waits; one thread computes what is missing."""

    def __init__(self, url: str, *, samples: int | None, connect_kwargs: dict[str, Any] | None = None,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.url = url
        self.samples = samples
        self._kwargs = connect_kwargs or {}
        self._clock = clock
        self._sheets: dict[Key, ParSheet | None] = {}
        self._failed: dict[Key, str] = {}
        self._jobs: dict[Key, Job] = {}
        self._lock = threading.Lock()
        self._wake = threading.Event()
        self._stop = threading.Event()
        self._child: multiprocessing.process.BaseProcess | None = None
        self._thread: threading.Thread | None = None
        self.loaded = threading.Event()  # the floor's stored sheets were read (or could not be)
        self.stored = True  # False: the floor has no par table (older schema): sheets kept in memory only
        self.error: str | None = None

    # ------------------------------------------------------------------ readers

    def lookup(self, game: str, paytables: str | None) -> ParSheet | None:
        """The sheet if known; else None, and it is queued (``pending`` says so). A provider's refusal
        is raised again as the command's would be (``make_report`` notes it)."""
        if paytables is None:
            return None
        key = (game, paytables)
        with self._lock:
            if key in self._sheets:
                return self._sheets[key]
            if key in self._failed:
                raise DealerStationError(self._failed[key], "paytables")
            if key not in self._jobs:
                self._jobs[key] = Job(game, paytables)
                self._wake.set()
        return None

    def pending(self, keys: set[Key] | None = None) -> list[Job]:
        """Sheets being computed (only those of ``keys`` when given), in the order they were asked for."""
        with self._lock:
            return [Job(j.game, j.paytables, j.progress, j.started) for k, j in self._jobs.items()
                    if keys is None or k in keys]

    def idle(self) -> bool:
        with self._lock:
            return self.loaded.is_set() and not self._jobs

    def wait_idle(self, timeout: float) -> bool:
        """Until nothing is pending (tests, benchmarks)."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.idle():
                return True
            time.sleep(0.1)
        return False

    # ------------------------------------------------------------------ the thread

    def start(self) -> ParKeeper:
        self._thread = threading.Thread(target=self._run, name="pit-par", daemon=True)
        self._thread.start()
        return self

    def stop(self) -> None:
        self._stop.set()
        self._wake.set()
        child = self._child
        if child is not None and child.is_alive():
            child.terminate()
        if self._thread is not None:
            self._thread.join(5.0)

    def _run(self) -> None:
        while not self._stop.is_set():
            try:
                if not self.loaded.is_set():
                    self._load()
                    self.loaded.set()
                job = self._next()
                if job is None:
                    self._wake.wait(5.0)
                    self._wake.clear()
                    continue
                self._settle(job)
                self.error = None
            except (psycopg.Error, DealerStationError) as exc:
                self.error = floor_trouble(exc)
                log.warning("par_floor_unreachable", error=one_line(exc))
                self._stop.wait(2.0)

    def _next(self) -> Job | None:
        with self._lock:
            return next(iter(self._jobs.values()), None)

    def _load(self) -> None:
        """Every sheet the floor holds for this sample count, and the floor's pay tables queued."""
        with connect(self.url, autocommit=True, **self._kwargs) as conn:
            try:
                rows = conn.execute("SELECT game, paytables, sheet FROM floor.par_sheets WHERE samples = %s AND seed = %s",
                                    (self.samples or 0, SEED)).fetchall()
            except psycopg.errors.UndefinedTable:
                self.stored, rows = False, []
                log.warning("par_not_stored", why="the floor has no floor.par_sheets (migration 0008): "
                            "par sheets are kept in this server's memory only")
            in_use = conn.execute("SELECT DISTINCT coalesce(game, '?'), par_key FROM floor.rounds "
                                  "WHERE par_key IS NOT NULL").fetchall()
            pays: dict[tuple[str, str], str | None] = {}
            for game, par_key in in_use:
                row = conn.execute("SELECT paytables FROM floor.rounds WHERE par_key = %s LIMIT 1", (par_key,)).fetchone()
                if row is not None and row[0] is not None:
                    pays[(game, par_key)] = paytables_key(row[0])
        stale = 0
        with self._lock:
            for game, paytables, sheet in rows:
                kept = ParSheet.from_json(sheet)
                if current(kept):
                    self._sheets[(game, paytables)] = kept
                else:  # an older version's figures: computed again (kept in memory: the floor keeps the first)
                    stale += 1
            for (game, _par_key), paytables in pays.items():
                if paytables is not None and (game, paytables) not in self._sheets | self._jobs:
                    self._jobs[(game, paytables)] = Job(game, paytables)
        if stale:
            log.warning("par_stale", stored=stale, why="sheets of an older par version on the floor are computed "
                        "again by every pit server start until removed from floor.par_sheets")
        log.info("par_loaded", stored=len(rows) - stale, queued=len(self._jobs))

    def _settle(self, job: Job) -> None:
        """Compute one sheet in a child process, store it on the floor, make it known."""
        key = (job.game, job.paytables)
        stored = self._read_stored(key) if self.stored else None
        if stored is not None:
            self._finish(key, stored)
            return
        job.started = self._clock()
        receive, send = multiprocessing.get_context("spawn").Pipe(duplex=False)
        child = multiprocessing.get_context("spawn").Process(
            target=_compute, args=(send, job.game, job.paytables, self.samples), name="pit-par-sheet", daemon=True)
        self._child = child
        child.start()
        send.close()
        outcome: tuple[str, Any] = ("error", "the par computation ended without a result")
        try:
            while not self._stop.is_set():
                if not receive.poll(0.5):
                    if not child.is_alive() and not receive.poll(0):
                        break
                    continue
                try:
                    what, value = receive.recv()
                except EOFError:
                    break
                if what == "progress":
                    job.progress = str(value)
                else:
                    outcome = (what, value)
                    break
        finally:
            receive.close()
            child.join(5.0)
            self._child = None
        if self._stop.is_set():
            return
        what, value = outcome
        if what == "error":
            log.warning("par_failed", game=job.game, error=value)
            with self._lock:
                self._failed[key] = str(value)
                self._jobs.pop(key, None)
            return
        sheet = None if value is None else ParSheet.from_json(value)
        if sheet is not None and self.stored:
            self._store(job, value)
        log.info("par_computed", game=job.game, seconds=round(self._clock() - (job.started or 0), 1))
        self._finish(key, sheet)

    def _finish(self, key: Key, sheet: ParSheet | None) -> None:
        with self._lock:
            self._sheets[key] = sheet
            self._jobs.pop(key, None)

    def _read_stored(self, key: Key) -> ParSheet | None:
        with connect(self.url, autocommit=True, **self._kwargs) as conn:
            row = conn.execute("SELECT sheet FROM floor.par_sheets WHERE game = %s AND paytables_sha256 = %s "
                               "AND samples = %s AND seed = %s",
                               (key[0], _sha256(key[1]), self.samples or 0, SEED)).fetchone()
        sheet = None if row is None else ParSheet.from_json(row[0])
        return sheet if sheet is not None and current(sheet) else None

    def _store(self, job: Job, sheet: dict[str, Any]) -> None:
        """On the floor, through the one function the report role may call (read-only connection, one
        read-write transaction: nothing else of the floor is writable from here)."""
        try:
            with connect(self.url, autocommit=True, **self._kwargs) as conn, conn.transaction():
                conn.execute("SET TRANSACTION READ WRITE")
                conn.execute("SELECT floor.put_par_sheet(%s, %s, %s, %s, %s)",
                             (job.game, job.paytables, self.samples or 0, SEED, Jsonb(sheet)))
        except psycopg.Error as exc:  # kept in memory all the same; the next server computes it again
            log.warning("par_not_stored", game=job.game, error=one_line(exc))


def _sha256(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()

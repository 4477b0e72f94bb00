"""Each table's chain re-checked on the floor, in the background, for the integrity page.

The ingest checks every batch before it is stored; this checks what is stored: every record's
hash recomputed by the database and every link followed (``floor.verify.check_floor_chain``),
so a row changed inside the database afterwards shows here with its seq. A table's check
resumes where the last one ended (seq and hash); a broken chain is checked again from the
start each round, so it stays broken until the floor's records are right again.
"""

from __future__ import annotations

import threading
from typing import Any

import psycopg
import structlog

from ..errors import DealerStationError
from ..floor.db import connect, one_line
from ..floor.queries import stations
from ..floor.verify import GENESIS_HASH, FloorChainCheck, check_floor_chain
from .outage import floor_trouble

log = structlog.get_logger("dealer_station.pit.chains")


class ChainWatch:
    """Keeps the latest ``FloorChainCheck`` of every table; ``results()`` never waits on the floor."""

    def __init__(self, url: str, *, every: float = 10.0, connect_kwargs: dict[str, Any] | None = None) -> None:
        self.url = url
        self.every = every
        self._kwargs = connect_kwargs or {}
        self._results: dict[str, FloorChainCheck] = {}
        self._wake = threading.Event()
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self.error: str | None = None
        self.rounds_done = 0

    def results(self) -> dict[str, FloorChainCheck]:
        return dict(self._results)

    def check_soon(self) -> None:
        self._wake.set()

    def start(self) -> ChainWatch:
        self._thread = threading.Thread(target=self._run, name="pit-chain-watch", daemon=True)
        self._thread.start()
        return self

    def stop(self) -> None:
        self._stop.set()
        self._wake.set()
        if self._thread is not None:
            self._thread.join(5.0)

    def _run(self) -> None:
        while not self._stop.is_set():
            try:
                with connect(self.url, autocommit=True, **self._kwargs) as conn:
                    while not self._stop.is_set():
                        self._check_all(conn)
                        self.error = None
                        self.rounds_done += 1
                        self._wake.wait(self.every)
                        self._wake.clear()
            except (psycopg.Error, DealerStationError) as exc:
                self.error = floor_trouble(exc)  # the page's sentence; the driver's text goes to the log
                log.warning("chain_check_failed", error=one_line(exc))
                self._stop.wait(2.0)

    def _check_all(self, conn: psycopg.Connection[Any]) -> None:
        for station in stations(conn):
            if self._stop.is_set():
                return
            before = self._results.get(station.table_id)
            after = (0, GENESIS_HASH) if before is None or not before.ok else (before.checked_seq, before.checked_hash)
            while True:
                result = check_floor_chain(conn, station.table_id, after)
                self._results[station.table_id] = result
                if not result.ok or result.checked_seq >= station.last_seq or result.checked_seq == after[0]:
                    break
                after = (result.checked_seq, result.checked_hash)

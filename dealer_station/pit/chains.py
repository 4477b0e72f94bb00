"""Each table's chain re-checked on the floor, in the background, for the integrity page.

The ingest checks every batch before it is stored; this checks what is stored: every record's
hash recomputed by the database and every link followed (``floor.verify.check_floor_chain``),
so a row changed inside the database afterwards shows here with its seq. A table's check
resumes where the last one ended (seq and hash); a broken chain is checked again from the
start each round, so it stays broken until the floor's records are right again.
"""

from __future__ import annotations

from typing import Any

import psycopg

from ..floor.queries import stations
from ..floor.verify import GENESIS_HASH, FloorChainCheck, check_floor_chain
from .floor_watch import FloorWatch


class ChainWatch(FloorWatch):
    """Keeps the latest ``FloorChainCheck`` of every table; ``results()`` never waits on the floor."""

    name = "chain_check"
    defect = "The chain check failed (the server's log says why)."

    def __init__(self, url: str, *, every: float = 10.0, connect_kwargs: dict[str, Any] | None = None) -> None:
        super().__init__(url, every=every, connect_kwargs=connect_kwargs)
        self._results: dict[str, FloorChainCheck] = {}

    def results(self) -> dict[str, FloorChainCheck]:
        return dict(self._results)

    def _pass(self, conn: psycopg.Connection[Any]) -> None:
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

"""The shared work of the pit's background watches over the floor (the chain check, the shuffle
audit): one thread, one autocommit connection, a pass every ``every`` seconds, a reconnect after
an outage, and the outage or a defect said in the page's words. A watch says what a pass does
(``_pass``), as python-can's bus says what ``_recv_internal`` does around the shared work."""

from __future__ import annotations

import threading
from typing import Any, ClassVar, Self

import psycopg
import structlog

from ..errors import DealerStationError
from ..floor.db import connect, one_line
from .outage import floor_trouble

log = structlog.get_logger("dealer_station.pit.floor_watch")

RETRY = 2.0
"""Seconds before a watch that lost the floor connects again (at most its own period)."""


class FloorWatch:
    """A pass over the floor every ``every`` seconds in the background; the pages read what the last
    pass kept and never wait on the floor. ``error`` is the page's sentence while passes fail."""

    name: ClassVar[str]
    """The thread's name and the prefix of the watch's log events."""
    defect: ClassVar[str]
    """What the page says when a pass fails for a reason that is not the floor's (a defect)."""

    def __init__(self, url: str, *, every: float, connect_kwargs: dict[str, Any] | None = None) -> None:
        self.url = url
        self.every = every
        self._kwargs = connect_kwargs or {}
        self._wake = threading.Event()
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self.error: str | None = None
        self.rounds_done = 0

    def _pass(self, conn: psycopg.Connection[Any]) -> None:
        raise NotImplementedError

    def check_soon(self) -> None:
        """Run the next pass now, not at the end of the period."""
        self._wake.set()

    def start(self) -> Self:
        self._thread = threading.Thread(target=self._run, name=f"pit-{self.name}", daemon=True)
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
                        self._pass(conn)
                        self.error = None
                        self.rounds_done += 1
                        self._wake.wait(self.every)
                        self._wake.clear()
            except (psycopg.Error, DealerStationError) as exc:
                self.error = floor_trouble(exc)  # the page's sentence; the driver's text goes to the log
                log.warning(f"{self.name}_cannot_read", error=one_line(exc))
                self._stop.wait(min(RETRY, self.every))
            except Exception as exc:  # a defect must not end the watch silently: say so, and go on
                log.exception(f"{self.name}_failed", error=one_line(exc))
                self.error = self.defect
                self._stop.wait(self.every)

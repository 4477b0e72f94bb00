"""A running table: the table session wired to real drivers, with one event pump.

Drivers deliver typed events on their own I/O threads; a single pump thread feeds them
to the session in arrival order, so the session never blocks a driver and the UI
never waits on a device. Drivers are imported lazily: ``dealer_station`` itself imports
no serial or USB library.
"""

from __future__ import annotations

import queue
import threading
import time
from pathlib import Path
from typing import Any

import structlog

from .config import TableConfig
from .engine.session import TableSession
from .journal import Journal, Purpose, ensure_folder

log = structlog.get_logger("dealer_station.station")

_STOP = object()
CLOCK_TICK = 0.5
"""Seconds without a device report after which the pump lets the round's clock act."""


class Station:
    """TableSession + its devices (shoe, reader, reading shoe, bet sensor) for one table."""

    def __init__(
        self,
        table: TableConfig,
        *,
        journal_path: str | Path | None = None,
        shoe: Any = None,
        reader: Any = None,
        reading_shoe: Any = None,
        bet_sensor: Any = None,
        credentials: Any = None,
        program: dict[str, Any] | None = None,
        purpose: Purpose = "live",
        floor_url: str | None = None,
    ) -> None:
        self.table = table
        self.journal_path = Path(journal_path or table.journal)
        self.shoe = shoe
        self.reader = reader
        self.reading_shoe = reading_shoe
        """A reading shoe's driver (``drivers.registry.open_reading_shoe``): its reports reach
        ``session.report`` like any device's; assigning its draws to deal positions is the engine's."""
        self.bet_sensor = bet_sensor
        """The RFID bet sensor's driver (``open_bet_sensor``; the profile's ``devices.bet_sensor`` when not given)."""
        self.credentials = credentials
        self.program = program
        self.purpose: Purpose = purpose
        """What the journal is for (``live``, ``demo``, ``simulation``): a journal of another is refused."""
        self._events: queue.Queue[Any] = queue.Queue()
        self._pump: threading.Thread | None = None
        self.journal: Journal | None = None
        self.session: TableSession | None = None
        self.floor_url = floor_url if floor_url is not None else (
            table.floor.url if table.floor and purpose == "live" else None)
        """Where the journal is forwarded: ``floor_url`` when given; else the profile's floor, for a live
        journal only - a demo or simulation journal never reaches the casino's floor by default."""
        self.forwarder: Any = None  # dealer_station.floor.forwarder.Forwarder when the table names a floor

    # -- life cycle -------------------------------------------------------------

    def start(self) -> TableSession:
        """Open the journal, recover the table, connect devices, start the pump."""
        self.journal = Journal(ensure_folder(self.journal_path), table_id=self.table.table_id, purpose=self.purpose)
        bind = getattr(self.credentials, "bind", None)
        if bind is not None:  # credentials of this journal only (a leftover demo's or simulation's is refused)
            try:
                bind(self.journal)
            except BaseException:
                self.journal.close()
                self.journal = None
                raise
        devices = self.table.devices
        if self.shoe is None and devices.shuffler:
            from drivers.registry import open_shuffler

            self.shoe = open_shuffler(devices.shuffler, open=False, link_timeout=devices.link_timeout)
        if self.reader is None and devices.reader:
            from drivers.registry import open_reader

            self.reader = open_reader(devices.reader, open=False, link_timeout=devices.link_timeout)
        if self.bet_sensor is None and devices.bet_sensor:
            from drivers.registry import open_bet_sensor

            self.bet_sensor = open_bet_sensor(devices.bet_sensor, open=False)
        self.session = TableSession(self.table, self.journal, shoe=self.shoe, has_reader=self.reader is not None,
                                    credentials=self.credentials)
        self.session.start(self.program)
        if self.floor_url:  # ships the journal to the floor in the background; never blocks the table
            from .floor.forwarder import Forwarder

            self.forwarder = Forwarder(self.journal, self.floor_url, self.table.table_id).start()
            self.session.add_listener(lambda _session: self.forwarder.notify())
        self._pump = threading.Thread(target=self._run_pump, name="station-pump", daemon=True)
        self._pump.start()
        for device in self._drivers().values():
            device.on_event = self._events.put
            device.open()
        self.session.devices_ready()
        return self.session

    def _drivers(self) -> dict[str, Any]:
        """The table's device drivers by role ("shuffler", "reader", "reading_shoe", "bet_sensor")."""
        devices = {"shuffler": self.shoe, "reader": self.reader, "reading_shoe": self.reading_shoe,
                   "bet_sensor": self.bet_sensor}
        return {role: driver for role, driver in devices.items() if driver is not None}

    def simulator(self, device: str) -> Any:
        """The in-process simulator behind a ``sim://`` device (None for real hardware)."""
        return getattr(self._drivers().get(device), "simulator", None)

    def last_heard(self, device: str) -> float | None:
        """When the device last answered (heartbeat or any frame), wall-clock seconds."""
        return getattr(self._drivers().get(device), "last_heard", None)

    @property
    def present_card(self) -> Any:
        """``present(card)`` on the simulated reader (the dealer passing a card), or None."""
        sim = self.simulator("reader")
        return None if sim is None else sim.present

    def stop(self) -> None:
        for device in self._drivers().values():
            try:
                device.close()
            except Exception:  # closing must go on for the rest
                log.exception("device_close_failed")
        if self._pump is not None:
            self._events.put(_STOP)
            self._pump.join(timeout=5)
            self._pump = None
        if self.forwarder is not None:
            self.forwarder.wait_acknowledged(1.0)  # a short grace for the last records; the next start resumes
            self.forwarder.stop()
            self.forwarder = None
        if self.journal is not None:
            self.journal.close()

    def __enter__(self) -> Station:
        self.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop()

    # -- pump ---------------------------------------------------------------------

    def _run_pump(self) -> None:
        next_tick = time.monotonic() + CLOCK_TICK
        while True:
            try:
                event = self._events.get(timeout=max(0.0, next_tick - time.monotonic()))
            except queue.Empty:
                event = None
            if time.monotonic() >= next_tick:
                self._tick()
                next_tick = time.monotonic() + CLOCK_TICK
            if event is None:
                continue
            if event is _STOP:
                return
            try:
                dispatch(self.session, event)
            except Exception as exc:  # a failed report must never stop the table: halt it visibly
                log.exception("event_dispatch_failed", report=type(event).__name__, table_id=self.table.table_id)
                if self.session is not None:
                    self.session.report_failure(type(event).__name__, exc)

    def _tick(self) -> None:
        """Time passes with no report: a time limit of the round (poker's action clock) may act."""
        if self.session is None:
            return
        try:
            self.session.check_clock()
        except Exception:  # a clock that cannot act now acts on a later tick
            log.exception("clock_check_failed", table_id=self.table.table_id)

    def drain(self, timeout: float = 5.0) -> bool:
        """Wait until every event received so far was handled (tests, headless runs)."""
        done = threading.Event()
        self._events.put(_Marker(done))
        return done.wait(timeout)


class _Marker:
    def __init__(self, done: threading.Event) -> None:
        self.done = done


def dispatch(session: TableSession | None, event: Any) -> None:
    """Feed one driver report to the session's one entry point (``TableSession.report``)."""
    if isinstance(event, _Marker):
        event.done.set()
        return
    if session is not None:
        session.report(event)

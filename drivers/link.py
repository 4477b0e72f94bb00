"""The driver's I/O thread, the same for every dialect and transport.

* ``DriverLink`` - connect the transport with backoff, run the dialect on the bytes (its
  handshake, heartbeat and verdict on the link), report link up / down, reconnect.
* ``LinkedDriver`` - a ``DeviceABC`` on a DriverLink: a role class (shuffler, reader,
  reading shoe) says which transport it opens and which dialect it speaks; the link gives
  it typed reports.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from typing import Any, ClassVar

import structlog

from dealer_station.wire import codec as p
from dealer_station.wire.channel import ReliableChannel
from dealer_station.wire.reports import DeviceFault, DeviceIdentity, DeviceReport, LinkDown, LinkUp

from .base import DeviceABC, DeviceError, EventCallback
from .commands import Command
from .dialect import Dialect, Feed
from .dialects.house import DEFAULT_LINK_TIMEOUT, HouseDialect
from .transport import LinkBroken, SerialTransport, Transport, wake

log = structlog.get_logger()

IDLE_WAIT = 0.05
"""The longest the link thread waits for input when nothing is due sooner: an idle link looks 20 times a second,
not 200 (at ``poll``). Twenty tables in one process woke some 16,000 times a second between their links and
simulators, each waking taking the interpreter's lock from the tables at work (issue 42). Well under the stall
the house dialect allows for (``STALL_S``); a command queued meanwhile cuts the wait short (``wake``)."""

__all__ = ["DEFAULT_LINK_TIMEOUT", "DriverLink", "LinkBroken", "LinkedDriver", "SerialLinkedDriver", "Transport"]


class DriverLink:
    """The driver side's I/O thread: connect, run the dialect, detect loss, reconnect.

    What counts as loss is the dialect's (``broken``: the house protocol's heartbeat and
    retry budget) or the transport's (``LinkBroken``: the port went away).
    """

    def __init__(
        self,
        connect: Callable[[], Transport],
        name: str,
        dialect: Dialect,
        on_report: Callable[[DeviceReport], None],
        on_up: Callable[[DeviceIdentity], None],
        on_down: Callable[[str, str | None], None],
        backoff: tuple[float, float] = (0.05, 2.0),
        poll: float = 0.005,
    ) -> None:
        self._connect = connect
        self.name = name
        self.dialect = dialect
        self._on_report = on_report
        self._on_up = on_up
        self._on_down = on_down
        self.backoff = backoff
        self.poll = poll
        self.up = threading.Event()
        self._transport: Transport | None = None
        self.last_heard: float | None = None
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self.connect_error: str | None = None
        """Why the last attempt to open the transport failed (None: it opened), for a driver that gives up."""

    @property
    def link_timeout(self) -> float:
        return self.dialect.link_timeout

    @property
    def last_refused(self) -> str | None:
        return self.dialect.last_refused

    @property
    def channel(self) -> ReliableChannel:
        """The house dialect's reliable channel (its statistics); AttributeError for a dialect without one."""
        if not isinstance(self.dialect, HouseDialect):
            raise AttributeError(f"the {self.dialect.name} dialect has no reliable channel")
        return self.dialect.channel

    def start(self) -> None:
        self._stop.clear()
        self._thread = threading.Thread(target=self._run, name=f"{self.name}-link", daemon=True)
        self._thread.start()

    def stop(self) -> None:
        self._stop.set()
        if self._thread is not None:
            self._thread.join(timeout=5.0)
            self._thread = None

    def send(self, command: Command) -> None:
        self.dialect.command(command)
        wake(self._transport)

    def _run(self) -> None:
        delay = self.backoff[0]
        while not self._stop.is_set():
            try:
                transport = self._connect()
            except Exception as exc:
                self.connect_error = str(exc)
                log.debug("link.connect_failed", device=self.name, error=str(exc), retry_in=delay)
                self._stop.wait(delay)
                delay = min(delay * 2, self.backoff[1])
                continue
            self._transport, self.connect_error = transport, None
            opened = time.monotonic()
            try:
                reason, fault = self._session(transport)
            finally:
                self._transport = None
                self.dialect.disconnected()
                try:
                    transport.close()
                except Exception:
                    pass
            if self.up.is_set():
                self.up.clear()
                if self._stop.is_set():
                    break  # closed on purpose: not a link loss
                if time.monotonic() - opened >= self.link_timeout:
                    delay = self.backoff[0]  # a link that worked a while gets a quick retry; a flapping one backs off
                log.warning("link.down", device=self.name, reason=reason)
                self._on_down(reason, fault)
            if not self._stop.is_set():
                self._stop.wait(delay)
                delay = min(delay * 2, self.backoff[1])

    def _session(self, transport: Transport) -> tuple[str, str | None]:
        """Run one connection until it fails; returns (reason, fault code or None)."""
        dialect = self.dialect
        out = bytearray(self._handle(dialect.connected(time.monotonic())))
        while not self._stop.is_set():
            try:
                data = transport.read(self._wait(time.monotonic()))
            except LinkBroken as exc:
                return f"disconnected: {exc}", "link_lost"
            now = time.monotonic()
            if data:
                out += self._handle(dialect.feed(data, now))
            out += dialect.pump(now)
            if out:
                try:
                    transport.write(bytes(out))
                except LinkBroken as exc:
                    return f"disconnected: {exc}", "link_lost"
                out.clear()
            verdict = dialect.broken(now)
            if verdict is not None:
                return verdict
        return "closed", None

    def _wait(self, now: float) -> float:
        """How long to wait for input: ``IDLE_WAIT`` when the dialect has nothing due sooner (``next_due``: no
        frame awaiting its ACK, no heartbeat), else ``poll``; queued output cuts either short (``wake``)."""
        due = getattr(self.dialect, "next_due", None)
        if due is None:
            return self.poll
        return IDLE_WAIT if due(now) - now >= IDLE_WAIT else self.poll

    def _handle(self, fed: Feed) -> bytes:
        """Deliver what the dialect made of the input (identity first); returns its reply bytes."""
        if fed.heard:
            self.last_heard = time.time()  # wall clock, for "last heartbeat" on screens
        for item in fed.received:
            if isinstance(item, DeviceIdentity):
                self.up.set()
                log.info("link.up", device=self.name, model=item.model, serial=item.serial_number)
                self._on_up(item)
            else:
                self._on_report(item)
        return fed.reply


class LinkedDriver(DeviceABC):
    """A DeviceABC on top of DriverLink: a role class implements ``_open_transport`` and
    names its dialect (``dialect_class``, the house protocol unless it says otherwise)."""

    dialect_class: ClassVar[Callable[..., Dialect]] = HouseDialect
    transport: ClassVar[str] = "serial"
    """Which transport the registry builds arguments for ("serial": a port path; "usb": VID:PID)."""

    def __init__(self, *, on_event: EventCallback | None = None, **dialect_options: Any) -> None:
        super().__init__(on_event)
        self._identity: DeviceIdentity | None = None
        self.dialect: Dialect = self.dialect_class(self.kind, **dialect_options)
        self._link = DriverLink(self._open_transport, self.kind, self.dialect, self._deliver, self._up, self._down)
        self._opened = False
        self.owned: list[Any] = []  # things to stop at close (e.g. an in-process simulator)

    def _open_transport(self) -> Transport:
        raise NotImplementedError

    @property
    def identity(self) -> DeviceIdentity | None:
        return self._identity

    @property
    def last_heard(self) -> float | None:
        return self._link.last_heard

    @property
    def connected(self) -> bool:
        return self._link.up.is_set()

    @property
    def link(self) -> DriverLink:
        return self._link

    def open(self, wait: bool = True) -> None:
        """Start the I/O thread; with ``wait``, fail with DeviceError if no LinkUp within the link timeout."""
        if self._opened:
            return
        self._opened = True
        self._link.start()
        if wait and not self._link.up.wait(self._link.link_timeout):
            self.close()
            raise self.not_up()

    def not_up(self) -> DeviceError:
        """Why the device is not up after its link timeout: a port that does not exist is said so."""
        missing = self._link.connect_error
        if missing is not None and missing.startswith("no such port"):
            return DeviceError(f"{self.kind}: {missing}")
        refused = self._link.last_refused
        why = f" ({refused})" if refused else ""
        return DeviceError(f"{self.kind} did not answer within {self._link.link_timeout:g} s{why}")

    def close(self) -> None:
        if self._opened:
            self._opened = False
            self._link.stop()
        while self.owned:
            self.owned.pop().stop()

    def _command(self, command: Command) -> None:
        if not self._opened:
            raise DeviceError(f"{self.kind} is not open")
        if not self._link.up.is_set():
            raise DeviceError(f"{self.kind} link is down")
        self._link.send(command)  # CommandRefused (a ValueError) for what the dialect cannot say

    def _up(self, identity: DeviceIdentity) -> None:
        self._identity = identity
        self._deliver(LinkUp(device=self.kind, identity=identity))

    def _down(self, reason: str, fault: str | None) -> None:
        reason = p.printable(reason)  # it may quote an OS error: journaled, so made safe first
        if fault is not None:
            self._deliver(DeviceFault(device=self.kind, code=fault, text=reason))  # type: ignore[arg-type]
        self._deliver(LinkDown(device=self.kind, reason=reason))


class SerialLinkedDriver(LinkedDriver):
    """A LinkedDriver on a pyserial port: what every serial role shares."""

    default_baudrate: ClassVar[int] = 115200

    def __init__(self, port: str, baudrate: int | None = None, **options: Any) -> None:
        self.port = port
        self.baudrate = baudrate or self.default_baudrate
        super().__init__(**options)

    def _open_transport(self) -> Transport:
        return SerialTransport(self.port, self.baudrate, self.link.poll)

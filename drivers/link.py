"""The reliable link every backend and both simulators share.

Two layers here, on the one sans-I/O ``ReliableChannel`` (``dealer_station.wire.channel``:
sequence numbers, ACK/NAK, bounded retransmission, duplicate suppression) that drivers
and simulators both use:

* ``DriverLink`` - the driver's I/O thread: connect with backoff, identify handshake,
  heartbeat, link-loss detection, reconnect.
* ``LinkedDriver`` - turns the link into typed events for any ``DeviceABC`` backend, so a
  backend only says how to open its transport.
"""

from __future__ import annotations

import random
import threading
import time
from collections.abc import Callable
from typing import Any, Protocol

import structlog

from dealer_station.wire import codec as p
from dealer_station.wire.channel import DEFAULT_ACK_TIMEOUT, DEFAULT_MAX_RETRIES, ReliableChannel

from .base import DeviceABC, DeviceError, EventCallback
from .events import DeviceFault, DeviceIdentity, LinkDown, LinkUp, event_from_message, identity_from

log = structlog.get_logger()

DEFAULT_LINK_TIMEOUT = 2.0


class LinkBroken(Exception):
    """The transport went away (cable pulled, device re-enumerated, port closed)."""


class Transport(Protocol):
    """A byte pipe. ``read`` returns b"" on timeout and raises LinkBroken on disconnect."""

    def read(self, timeout: float) -> bytes: ...

    def write(self, data: bytes) -> None: ...

    def close(self) -> None: ...


def wake(transport: object | None) -> None:
    """Cut short a blocked ``read`` so queued output goes out now, not after the poll.

    Optional for a transport (``wake()``); without it output waits at most one poll.
    """
    waker = getattr(transport, "wake", None)
    if waker is not None:
        try:
            waker()
        except Exception:
            pass


class DriverLink:
    """The driver side's I/O thread: connect, identify, heartbeat, detect loss, reconnect.

    Link loss is declared when nothing valid arrives for ``link_timeout`` seconds; the
    heartbeat (PING) runs at a quarter of that so a healthy device always answers in time.
    The channel (and its dedup state) outlives reconnects, so events retransmitted after a
    reconnect are delivered once.
    """

    def __init__(
        self,
        connect: Callable[[], Transport],
        name: str,
        on_message: Callable[[p.Message], None],
        on_up: Callable[[p.Identity], None],
        on_down: Callable[[str, str | None], None],
        link_timeout: float = DEFAULT_LINK_TIMEOUT,
        ack_timeout: float = DEFAULT_ACK_TIMEOUT,
        max_retries: int = DEFAULT_MAX_RETRIES,
        backoff: tuple[float, float] = (0.05, 2.0),
        poll: float = 0.005,
    ) -> None:
        self._connect = connect
        self.name = name
        self._on_message = on_message
        self._on_up = on_up
        self._on_down = on_down
        self.link_timeout = link_timeout
        self.heartbeat = link_timeout / 4
        self.backoff = backoff
        self.poll = poll
        self.channel = ReliableChannel(random.randrange(1, 256), ack_timeout, max_retries)
        self.up = threading.Event()
        self.device_session: int | None = None
        self.instance = random.getrandbits(32)
        self._transport: Transport | None = None
        self.last_heard: float | None = None
        self.last_refused: str | None = None
        """Why the last frame with a good CRC but a malformed payload was refused (for the operator)."""
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None

    def start(self) -> None:
        self._stop.clear()
        self._thread = threading.Thread(target=self._run, name=f"{self.name}-link", daemon=True)
        self._thread.start()

    def stop(self) -> None:
        self._stop.set()
        if self._thread is not None:
            self._thread.join(timeout=5.0)
            self._thread = None

    def send(self, message: p.Message) -> None:
        self.channel.send(message)
        wake(self._transport)

    def _run(self) -> None:
        delay = self.backoff[0]
        while not self._stop.is_set():
            try:
                transport = self._connect()
            except Exception as exc:
                log.debug("link.connect_failed", device=self.name, error=str(exc), retry_in=delay)
                self._stop.wait(delay)
                delay = min(delay * 2, self.backoff[1])
                continue
            self._transport = transport
            opened = time.monotonic()
            try:
                reason, fault = self._session(transport)
            finally:
                self._transport = None
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
        decoder = p.FrameDecoder()
        channel = self.channel
        now = time.monotonic()
        last_rx, next_beat = now, now
        malformed = 0  # good-CRC frames refused since the last delivered one: the device repeating itself
        while not self._stop.is_set():
            try:
                data = transport.read(self.poll)
            except LinkBroken as exc:
                return f"disconnected: {exc}", "link_lost"
            now = time.monotonic()
            out = bytearray()
            up = self.up.is_set()
            for item in decoder.feed(data) if data else ():
                if isinstance(item, p.Frame):
                    last_rx = now
                    self.last_heard = time.time()  # wall clock, for "last heartbeat" on screens
                    message = item.message
                    if isinstance(message, p.Identity):
                        if not up:
                            self._link_up(message)
                            up = True
                        continue
                    if item.is_control and message.CODE not in (p.Msg.ACK, p.Msg.NAK):
                        continue  # PONG: its arrival is the heartbeat
                    if not up:
                        continue  # no ACK before identify: the device will resend after LinkUp
                else:
                    if item.malformed:
                        malformed += 1
                        self.last_refused = item.reason
                        log.warning("link.frame_refused", device=self.name, reason=item.reason)
                    if not up:
                        continue
                delivered, reply = channel.receive(item, now)
                out += reply
                if delivered:
                    malformed = 0
                for msg in delivered:
                    self._on_message(msg)
            if up:
                out += channel.pump(now)
            if now >= next_beat:
                out += p.encode(p.Ping() if up else p.Identify(self.instance))
                next_beat = now + (self.heartbeat if up else min(self.heartbeat, 0.1))
            if out:
                try:
                    transport.write(bytes(out))
                except LinkBroken as exc:
                    return f"disconnected: {exc}", "link_lost"
            if now - last_rx > self.link_timeout:
                return f"no reply for {self.link_timeout:g} s", "link_lost"
            if up and malformed > channel.max_retries:
                # A frame refused again and again is the device resending what it cannot say
                # correctly: as CRC errors beyond the budget (docs/protocol.md), not a silent wedge.
                return f"malformed frames beyond the retry budget ({self.last_refused})", "crc_errors"
            if up and channel.stalled:
                crc = channel.corrupt_since_ack > 0
                return ("CRC errors beyond the retry budget" if crc else "no ACK within the retry budget"), (
                    "crc_errors" if crc else "link_lost"
                )
        return "closed", None

    def _link_up(self, identity: p.Identity) -> None:
        if self.device_session is not None and identity.session != self.device_session:
            dropped = self.channel.clear()
            log.warning("link.device_restarted", device=self.name, dropped_commands=len(dropped))
        self.device_session = identity.session
        self.channel.kick()
        self.up.set()
        log.info("link.up", device=self.name, model=identity.model, serial=identity.serial_number)
        self._on_up(identity)


class LinkedDriver(DeviceABC):
    """A DeviceABC on top of DriverLink: backends only implement ``_open_transport``."""

    def __init__(
        self,
        *,
        link_timeout: float = DEFAULT_LINK_TIMEOUT,
        ack_timeout: float = DEFAULT_ACK_TIMEOUT,
        max_retries: int = DEFAULT_MAX_RETRIES,
        on_event: EventCallback | None = None,
    ) -> None:
        super().__init__(on_event)
        self._identity: DeviceIdentity | None = None
        self._link = DriverLink(
            self._open_transport,
            self.kind,
            self._message,
            self._up,
            self._down,
            link_timeout=link_timeout,
            ack_timeout=ack_timeout,
            max_retries=max_retries,
        )
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
            refused = self._link.last_refused
            why = f" (its frames were refused: {refused})" if refused else ""
            raise DeviceError(f"{self.kind} did not answer within {self._link.link_timeout:g} s{why}")

    def close(self) -> None:
        if self._opened:
            self._opened = False
            self._link.stop()
        while self.owned:
            self.owned.pop().stop()

    def _command(self, message: p.Message) -> None:
        if not self._opened:
            raise DeviceError(f"{self.kind} is not open")
        if not self._link.up.is_set():
            raise DeviceError(f"{self.kind} link is down")
        message.pack()  # validate arguments in the caller's thread, not the I/O thread
        self._link.send(message)

    def _message(self, message: p.Message) -> None:
        event = event_from_message(message, self.kind)
        if event is None:
            log.warning("driver.unexpected_message", device=self.kind, message=type(message).__name__)
            return
        self._deliver(event)

    def _up(self, identity: p.Identity) -> None:
        self._identity = identity_from(identity)
        self._deliver(LinkUp(device=self.kind, identity=self._identity))

    def _down(self, reason: str, fault: str | None) -> None:
        reason = p.printable(reason)  # it may quote an OS error: journaled, so made safe first
        if fault is not None:
            self._deliver(DeviceFault(device=self.kind, code=fault, text=reason))  # type: ignore[arg-type]
        self._deliver(LinkDown(device=self.kind, reason=reason))


class SerialLinkedDriver(LinkedDriver):
    """A LinkedDriver on a pyserial port: what every serial backend shares."""

    def __init__(self, port: str, baudrate: int = 115200, **link: Any) -> None:
        self.port = port
        self.baudrate = baudrate
        super().__init__(**link)

    def _open_transport(self) -> Transport:
        return SerialTransport(self.port, self.baudrate, self.link.poll)


class SerialTransport:
    """pyserial port as a Transport (imported lazily so callers need no serial at import)."""

    def __init__(self, port: str, baudrate: int = 115200, poll: float = 0.005) -> None:
        import serial

        self._errors: tuple[type[BaseException], ...] = (serial.SerialException, OSError, TypeError)
        self._port = serial.Serial(port, baudrate=baudrate, timeout=poll, write_timeout=2.0)

    def read(self, timeout: float) -> bytes:
        try:
            data: bytes = self._port.read(1)
            if data:
                waiting = self._port.in_waiting
                if waiting:
                    data += bytes(self._port.read(waiting))
            return data
        except self._errors as exc:
            raise LinkBroken(str(exc)) from exc

    def write(self, data: bytes) -> None:
        try:
            self._port.write(data)
        except self._errors as exc:
            raise LinkBroken(str(exc)) from exc

    def wake(self) -> None:
        self._port.cancel_read()  # pyserial (POSIX) interrupts a read blocked in select

    def close(self) -> None:
        self._port.close()

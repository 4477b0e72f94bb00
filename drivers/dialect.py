"""The dialect seam: one wire format, bytes in and typed reports out, commands in and bytes out.

As pymodbus has one framer per wire format, a dialect is sans-I/O: the driver's link
thread (``drivers/link.py``) reads the transport, hands the bytes to ``feed`` and writes
whatever ``feed`` and ``pump`` return. The dialect owns everything its wire format has or
lacks: framing and checksums, its handshake (``DeviceIdentity`` out when the device has
said who it is; a receive-only dialect says it at once), its heartbeat and its verdict on
link health (``broken``). A receive-only dialect refuses every command and never calls the
link broken: for it, link loss is the transport raising ``LinkBroken`` (the port went away).

One module per dialect in ``drivers/dialects/``: ``house`` (docs/protocol.md), ``beetek``
(the Bee-Tek USPC reading shoe) and ``betsensor`` (the house RFID bet sensor). The two
receive-only ones are ``ReceiveOnlyDialect``s: they write only how bytes become reports.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import ClassVar, Protocol

from dealer_station.wire.reports import DeviceIdentity, DeviceReport

from .commands import Command


class CommandRefused(ValueError):
    """The dialect cannot say this command (bad argument, or a receive-only device)."""


@dataclass(slots=True)
class Feed:
    """What one ``feed`` produced: reports in arrival order (a ``DeviceIdentity`` first when
    the device identified), the bytes to write back, and whether anything valid arrived."""

    received: list[DeviceIdentity | DeviceReport] = field(default_factory=list)
    reply: bytes = b""
    heard: bool = False


class Dialect(Protocol):
    """One wire format, driven by the link thread; ``command`` is called from the caller's thread."""

    name: str
    link_timeout: float
    """How long ``open`` waits for the device to identify (and, if the dialect has a heartbeat, its loss timeout)."""
    last_refused: str | None
    """Why the last message that arrived intact but could not be understood was refused (for the operator)."""

    def connected(self, now: float) -> Feed:
        """A fresh connection: forget partial input, start the handshake. A receive-only
        dialect returns its ``DeviceIdentity`` here: the port being open is all it will know."""

    def feed(self, data: bytes, now: float) -> Feed:
        """Bytes that arrived: reports out, bytes to write back."""

    def pump(self, now: float) -> bytes:
        """Bytes to write now: handshake, heartbeat, queued commands, retransmissions."""

    def broken(self, now: float) -> tuple[str, str] | None:
        """(reason, fault code) when this connection must be given up, else None."""

    def disconnected(self) -> None:
        """The connection ended (either way)."""

    def command(self, command: Command) -> None:
        """Queue ``command`` for sending; raises CommandRefused for what the device cannot take."""


class ReceiveOnlyDialect:
    """The part of ``Dialect`` every receive-only device shares, around the vendor's parser.

    As python-can's ``BusABC`` does the shared work around a backend's ``_recv_internal``, this
    base keeps the input between reads and a vendor writes ``take``: the reports in ``buf`` (the
    unfinished tail of the last read, then what arrived) appended to ``out``, returning the tail to
    keep. The rest is what a device that never listens implies: its identity is what the profile
    says (``model``, ``protocol_version``, the URL's ``serial_number``) and is known as soon as the
    port opens; it takes no command; it has no handshake and no heartbeat, so the link is never
    called broken (link loss is the transport's ``LinkBroken``); and what was half-sent before a
    connection is a torn message, forgotten (``forget``: what else the vendor keeps of the last one).
    """

    name: str
    model: ClassVar[str]
    protocol_version: ClassVar[int] = 0
    stat_names: ClassVar[tuple[str, ...]] = ()
    """The vendor's counters in ``stats`` (bytes skipped, messages refused...), all from 0."""

    def __init__(self, device: str, link_timeout: float = 2.0, serial_number: str = "") -> None:
        self.device = device
        self.link_timeout = link_timeout  # only how long open() waits: the port opening is the whole handshake
        self.identity = DeviceIdentity(model=self.model, serial_number=serial_number, firmware="",
                                       protocol_version=self.protocol_version)
        self.last_refused: str | None = None
        self.stats = dict.fromkeys(self.stat_names, 0)
        self._pending = b""

    def take(self, buf: bytes, out: Feed) -> bytes:
        """The vendor's parser: reports from ``buf`` into ``out``; returns the unfinished tail to keep."""
        raise NotImplementedError

    def forget(self) -> None:
        """A new connection: drop what the vendor remembers of the last one (nothing by default)."""

    def connected(self, now: float) -> Feed:
        self._pending = b""  # whatever was half-sent before we listened is a torn message: skipped
        self.forget()
        return Feed(received=[self.identity])

    def disconnected(self) -> None:
        self._pending = b""

    def feed(self, data: bytes, now: float) -> Feed:
        out = Feed()
        self._pending = self.take(self._pending + data, out)
        return out

    def command(self, command: Command) -> None:
        raise CommandRefused(f"{self.model} is receive-only: it takes no {type(command).__name__}")

    def pump(self, now: float) -> bytes:
        return b""

    def broken(self, now: float) -> tuple[str, str] | None:
        return None  # no heartbeat to miss: link loss is the transport's LinkBroken

"""The dialect seam: one wire format, bytes in and typed reports out, commands in and bytes out.

As pymodbus has one framer per wire format, a dialect is sans-I/O: the driver's link
thread (``drivers/link.py``) reads the transport, hands the bytes to ``feed`` and writes
whatever ``feed`` and ``pump`` return. The dialect owns everything its wire format has or
lacks: framing and checksums, its handshake (``DeviceIdentity`` out when the device has
said who it is; a receive-only dialect says it at once), its heartbeat and its verdict on
link health (``broken``). A receive-only dialect refuses every command and never calls the
link broken: for it, link loss is the transport raising ``LinkBroken`` (the port went away).

One module per dialect in ``drivers/dialects/``: ``house`` (docs/protocol.md) and ``beetek``
(the Bee-Tek USPC reading shoe).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Protocol

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

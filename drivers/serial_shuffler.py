"""Shuffler / dealing shoe on a serial port (RS-232 or USB-serial, 8N1)."""

from __future__ import annotations

from typing import Any

from . import protocol as p
from .base import ShufflerABC
from .link import LinkedDriver, SerialTransport, Transport


class SerialShuffler(LinkedDriver, ShufflerABC):
    """Speaks docs/protocol.md over pyserial; commands return once queued for sending."""

    def __init__(self, port: str, baudrate: int = 115200, **link: Any) -> None:
        self.port = port
        self.baudrate = baudrate
        super().__init__(**link)

    def _open_transport(self) -> Transport:
        return SerialTransport(self.port, self.baudrate, self.link.poll)

    def shuffle(self, seed: int | None = None) -> None:
        self._command(p.Shuffle(seed))

    def verify_deck(self) -> None:
        self._command(p.VerifyDeck())

    def deal_packet(self, position: str, count: int) -> None:
        self._command(p.DealPacket(position, count))

    def reset(self) -> None:
        self._command(p.Reset())

    def stop(self) -> None:
        self._command(p.Stop())

    def request_status(self) -> None:
        """Ask for a DeviceStatus event (state re-synchronisation after a reconnect)."""
        self._command(p.StatusRequest())

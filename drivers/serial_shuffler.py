"""Shuffler / dealing shoe on a serial port (RS-232 or USB-serial, 8N1)."""

from __future__ import annotations

from dealer_station.wire import codec as p

from .base import ShufflerABC
from .link import SerialLinkedDriver


class SerialShuffler(SerialLinkedDriver, ShufflerABC):
    """Speaks docs/protocol.md over pyserial; commands return once queued for sending."""

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

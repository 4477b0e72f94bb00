"""Shuffler / dealing shoe on a serial port (RS-232 or USB-serial, 8N1).

The role's commands are dialect-neutral (``drivers.commands``); the house protocol is the
default dialect, and a vendor's shuffler is this class with its own ``dialect_class``.
"""

from __future__ import annotations

from . import commands as c
from .base import ShufflerABC
from .link import SerialLinkedDriver


class SerialShuffler(SerialLinkedDriver, ShufflerABC):
    """Commands return once queued for sending; what the device does comes back as reports."""

    def shuffle(self, seed: int | None = None) -> None:
        self._command(c.Shuffle(seed))

    def verify_deck(self) -> None:
        self._command(c.VerifyDeck())

    def deal_packet(self, position: str, count: int) -> None:
        self._command(c.DealPacket(position, count))

    def reset(self) -> None:
        self._command(c.Reset())

    def stop(self) -> None:
        self._command(c.Stop())

    def request_status(self) -> None:
        """Ask for a DeviceStatus event (state re-synchronisation after a reconnect)."""
        self._command(c.StatusRequest())

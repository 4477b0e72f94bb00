"""Typed commands a role sends, whatever the wire format: each dialect encodes them.

``ShufflerABC``'s methods build these; the dialect (``drivers/dialects/``) turns them into
its vendor's bytes, or refuses them (a receive-only shoe takes none). Arguments are checked
by the dialect in the caller's thread, so a bad one is an error there, not on the I/O thread.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Shuffle:
    seed: int | None = None


@dataclass(frozen=True, slots=True)
class VerifyDeck:
    pass


@dataclass(frozen=True, slots=True)
class DealPacket:
    position: str
    count: int


@dataclass(frozen=True, slots=True)
class Reset:
    pass


@dataclass(frozen=True, slots=True)
class Stop:
    pass


@dataclass(frozen=True, slots=True)
class StatusRequest:
    """Ask for a DeviceStatus (state re-synchronisation after a reconnect)."""


Command = Shuffle | VerifyDeck | DealPacket | Reset | Stop | StatusRequest

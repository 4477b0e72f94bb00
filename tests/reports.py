"""Typed device reports for tests that speak for a device directly (``TableSession.report``)."""

from __future__ import annotations

from dealer_station.wire import reports as rp


def identity(model: str, serial_number: str = "") -> rp.DeviceIdentity:
    """What a device says it is at connect."""
    return rp.DeviceIdentity(model=model, serial_number=serial_number, firmware="", protocol_version=1)


def link_up(device: str, model: str = "test", serial_number: str = "") -> rp.LinkUp:
    return rp.LinkUp(device=device, identity=identity(model, serial_number))


def link_down(device: str, reason: str = "") -> rp.LinkDown:
    return rp.LinkDown(device=device, reason=reason)


def card_read(card: int | None) -> rp.CardRead:
    return rp.CardRead(device="reader", card=card)


def fault(device: str, code: str, text: str) -> rp.DeviceFault:
    return rp.DeviceFault(device=device, code=code, text=text)


class Unhandled(rp.CardRead):
    """A report kind no handler knows: the station halts the round (``internal``) and goes on."""

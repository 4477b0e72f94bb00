"""Typed events every driver delivers (frozen pydantic models).

Every event names its ``device`` ("shuffler", "reader") and the monotonic time ``at``
it was delivered, so a controller can journal events from several devices in order.
"""

from __future__ import annotations

import time
from typing import Annotated, Literal

from pydantic import AfterValidator, BaseModel, ConfigDict, Field

from dealer_station.wire import codec as p


def _printable(limit: int) -> AfterValidator:
    def check(text: str) -> str:
        p.device_text(text.encode("utf-8"), limit, "device text")  # the wire's own rule, for every dialect
        return text

    return AfterValidator(check)


IdentityText = Annotated[str, _printable(p.MAX_IDENTITY_TEXT)]
FaultText = Annotated[str, _printable(p.MAX_FAULT_TEXT)]
"""Device text that reaches a journal: printable and bounded, whichever dialect or link wrote it."""


class _Event(BaseModel):
    model_config = ConfigDict(frozen=True)

    device: str
    at: float = Field(default_factory=time.monotonic)


class DeviceIdentity(BaseModel):
    model_config = ConfigDict(frozen=True)

    model: IdentityText
    serial_number: IdentityText
    firmware: IdentityText
    protocol_version: int


class CardDispensed(_Event):
    position: str
    index: int
    card: int


class CardRead(_Event):
    card: int | None  # None = unreadable; the dealer may key it in


class DeckVerified(_Event):
    count: int
    missing: list[int]
    extra: list[int]
    duplicates: list[int]


class DeviceStatus(_Event):
    state: p.DeviceState


class DeviceFault(_Event):
    code: p.WireFaultCode | Literal["link_lost", "crc_errors"]  # the last two come from the driver's link
    text: FaultText


class LinkUp(_Event):
    identity: DeviceIdentity


class LinkDown(_Event):
    reason: FaultText


class ShuffleDone(_Event):
    pass


class PacketDone(_Event):
    position: str
    count: int


DeviceEvent = (
    CardDispensed | CardRead | DeckVerified | DeviceStatus | DeviceFault | LinkUp | LinkDown | ShuffleDone | PacketDone
)


def identity_from(msg: p.Identity) -> DeviceIdentity:
    return DeviceIdentity(
        model=msg.model, serial_number=msg.serial_number, firmware=msg.firmware, protocol_version=msg.protocol_version
    )


def event_from_message(msg: p.Message, device: str) -> DeviceEvent | None:
    """Translate one delivered protocol event into its typed event (None: not an event)."""
    match msg:
        case p.CardDispensedMsg(position=pos, index=idx, card=card):
            return CardDispensed(device=device, position=pos, index=idx, card=card)
        case p.CardReadMsg(card=card):
            return CardRead(device=device, card=card)
        case p.DeckVerifiedMsg(count=n, missing=m, extra=e, duplicates=d):
            return DeckVerified(device=device, count=n, missing=list(m), extra=list(e), duplicates=list(d))
        case p.StatusMsg(state=state):
            return DeviceStatus(device=device, state=state)  # type: ignore[arg-type]
        case p.FaultMsg(code=code, text=text):
            return DeviceFault(device=device, code=code, text=text)  # type: ignore[arg-type]
        case p.ShuffleDoneMsg():
            return ShuffleDone(device=device)
        case p.PacketDoneMsg(position=pos, count=n):
            return PacketDone(device=device, position=pos, count=n)
    return None

"""Typed device reports: what every dialect's bytes become, whatever the wire format.

A dialect (``drivers/dialects/``) turns its vendor's bytes into these frozen pydantic models
and nothing else reaches the station: the session takes them at one entry point,
``TableSession.report``. They live in the core (no serial or USB here) so the session can
name them; ``drivers.events`` re-exports them for the drivers' users.

Every report names its ``device`` (the role: "shuffler", "reader", "reading_shoe", "bet_sensor", "tray") and the
monotonic time ``at`` it was delivered. Text a device sent is untrusted: it must pass the
wire's own rule (``codec.device_text``: printable, bounded) or the report is refused, so no
dialect can journal a NUL.
"""

from __future__ import annotations

import time
from typing import Annotated, Literal

from pydantic import AfterValidator, BaseModel, ConfigDict, Field

from . import codec as p


def _printable(limit: int) -> AfterValidator:
    def check(text: str) -> str:
        p.device_text(text.encode("utf-8"), limit, "device text")
        return text

    return AfterValidator(check)


IdentityText = Annotated[str, _printable(p.MAX_IDENTITY_TEXT)]
FaultText = Annotated[str, _printable(p.MAX_FAULT_TEXT)]
"""Device text that reaches a journal: printable and bounded, whichever dialect or link wrote it."""
CardCode = Annotated[int, Field(ge=0, le=51)]


class _Report(BaseModel):
    model_config = ConfigDict(frozen=True)

    device: str
    at: float = Field(default_factory=time.monotonic)


class DeviceIdentity(BaseModel):
    """What a device says it is at connect. A receive-only device says nothing: its dialect
    fills in the model it speaks for and the serial number the profile gives (or "")."""

    model_config = ConfigDict(frozen=True)

    model: IdentityText
    serial_number: IdentityText
    firmware: IdentityText
    protocol_version: int
    authenticated: bool = False
    """The device proved who it is at connect (``wire.auth``); False: it was not asked to, or cannot."""
    key_id: str = Field(default="", pattern=r"^([0-9a-f]{16})?$")
    """Which enrolled key it proved itself with (``wire.auth.key_id``; "" when it did not prove itself)."""


# -- link (every role)


class LinkUp(_Report):
    identity: DeviceIdentity


class LinkDown(_Report):
    reason: FaultText


class DeviceFault(_Report):
    code: p.WireFaultCode | Literal["link_lost", "crc_errors"]  # the last two come from the driver's link
    text: FaultText


class DeviceStatus(_Report):
    state: p.DeviceState


# -- shuffler / dealing shoe


class CardDispensed(_Report):
    position: str
    index: int
    card: CardCode


class PacketDone(_Report):
    position: str
    count: int


class DeckVerified(_Report):
    count: int
    missing: list[int]
    extra: list[int]
    duplicates: list[int]


class ShuffleDone(_Report):
    pass


# -- card reader


class CardRead(_Report):
    card: CardCode | None  # None = unreadable; the dealer may key it in


# -- reading shoe: cards in draw order, no position (the station assigns them)


class CardDrawn(_Report):
    """The dealer drew ``card`` from the shoe; ``burn`` when the shoe was in burn mode."""

    card: CardCode
    burn: bool = False


class Unreadable(_Report):
    """A card was drawn but the shoe could not read it: the dealer keys it in (manual entry)."""

    burn: bool = False
    reason: FaultText = ""


class Alarm(_Report):
    """The shoe raised an alarm (free text) or a warning (a code): shown and journaled, no card."""

    severity: Literal["alarm", "warning"]
    code: IdentityText
    text: FaultText = ""


class DeviceRefused(_Report):
    """A device that failed authentication at connect (``wire.auth``): it never comes up, and
    the station must keep it out of the round. ``program_hash`` is what it answered (hex)."""

    model: IdentityText
    serial_number: IdentityText
    program_hash: str
    reason: Literal["unknown_serial", "revoked", "impostor", "rogue_firmware", "swap"]
    detail: FaultText


# -- bet sensor: the chip ids each antenna (one per betting spot) sees, one inventory round at a time


ChipId = Annotated[str, Field(pattern=r"^[0-9A-F]{16}$")]
"""An ISO 15693 tag id: 64 bits, upper-case hex."""
SpotName = Annotated[str, Field(pattern=r"^[a-z][a-z0-9_]{0,15}$")]
SeatNumber = Annotated[int, Field(ge=1, le=99)]
MAX_CHIPS_PER_SPOT = 200
"""More ids than any stack on one antenna: a frame claiming more is refused."""


class AntennaRead(BaseModel):
    """What one antenna (the spot ``spot`` of seat ``seat``) saw in one inventory round."""

    model_config = ConfigDict(frozen=True)

    seat: SeatNumber
    spot: SpotName
    chips: tuple[ChipId, ...] = Field(default=(), max_length=MAX_CHIPS_PER_SPOT)


class ChipInventory(_Report):
    """One inventory round (``round``: the sensor's own counter): every antenna that could be
    read, with the ids it saw. An antenna missing here is faulted (an ``AntennaFault`` follows)."""

    round: int = Field(ge=0)
    antennas: tuple[AntennaRead, ...]


class AntennaFault(_Report):
    """An antenna could not be read in inventory round ``round``: its spot falls back to keyed entry."""

    round: int = Field(ge=0)
    seat: SeatNumber
    spot: SpotName
    code: IdentityText
    text: FaultText = ""


class DuplicateTag(_Report):
    """One antenna saw the tag id ``chip`` ``count`` times in inventory round ``round``: two tags share an
    id (a cloned chip on its original's spot). The antenna's reading is withheld from the round's
    inventory (which of its chips counts?); the station alarms the clone (``engine/bet_sensing.py``)."""

    round: int = Field(ge=0)
    seat: SeatNumber
    spot: SpotName
    chip: ChipId
    count: int = Field(ge=2, le=MAX_CHIPS_PER_SPOT)


# -- player card reader: the card a player swiped or held at a seat's reader (or the table's)


CardNumber = Annotated[str, Field(pattern=r"^[0-9]{1,19}$", repr=False)]
"""A card's number (ISO 7811 track 2's primary account number: 1-19 digits). Never logged, never shown in a
repr: the journal keeps the player id it stands for, nothing else does."""


class PlayerCardRead(_Report):
    """A card was read whole (sentinels, separator, a right LRC when sent): ``seat`` is the reader's seat
    (None: a reader at the table's, the croupier says the seat)."""

    seat: SeatNumber | None = None
    number: CardNumber


class PlayerCardBad(_Report):
    """A swipe the reader could not read whole (a bad swipe, a partial track, a corrupt frame): the player
    swipes again. ``reason`` never holds the card's digits."""

    seat: SeatNumber | None = None
    reason: FaultText


# -- tray antenna: the chip ids under the tray (one antenna per column of the rack, or one for the whole tray)


ColumnNumber = Annotated[int, Field(ge=1, le=32)]
"""A column of the tray (1 = the leftmost seen from the dealer; a one-antenna tray is column 1)."""
MAX_CHIPS_PER_COLUMN = 1000
"""More ids than any column of a rack holds (a column of 25 mm chips is about 100): a frame claiming more is refused."""


class TrayColumn(BaseModel):
    """What the antenna under one tray column saw in one scan."""

    model_config = ConfigDict(frozen=True)

    column: ColumnNumber
    chips: tuple[ChipId, ...] = Field(default=(), max_length=MAX_CHIPS_PER_COLUMN)


class TraySensed(_Report):
    """One scan of the tray (``scan``: the antenna's own counter): the ids each column's antenna saw, and the
    columns it could not read (``unread``). The chips' denominations are the casino's chip inventory's, the same
    as the bet sensor's (``chip_inventory``): a tag id is all a reader knows."""

    scan: int = Field(ge=0)
    columns: tuple[TrayColumn, ...] = Field(max_length=32)
    unread: tuple[ColumnNumber, ...] = Field(default=(), max_length=32)


# -- the station's own journal disk (``disk_watch.py``): not a device on a port, but watched like one


DiskLevel = Literal["ok", "warning", "halt"]


class DiskSpace(_Report):
    """The journal's filesystem crossed a threshold of the disk watch: ``level`` now, bytes free and the
    thresholds (``device`` is ``journal_disk``)."""

    level: DiskLevel
    free_bytes: int = Field(ge=0)
    warn_bytes: int = Field(ge=0)
    halt_bytes: int = Field(ge=0)


DeviceReport = (
    LinkUp | LinkDown | DeviceFault | DeviceStatus | DeviceRefused
    | CardDispensed | PacketDone | DeckVerified | ShuffleDone
    | CardRead
    | CardDrawn | Unreadable | Alarm
    | ChipInventory | AntennaFault | DuplicateTag
    | PlayerCardRead | PlayerCardBad
    | TraySensed
    | DiskSpace
)
"""Everything a device can tell the station: the one type ``TableSession.report`` takes."""

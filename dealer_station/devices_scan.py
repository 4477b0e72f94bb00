"""What ``dealer-station devices scan`` found on a table PC, and what each device is to the profile.

The scan itself (pyserial's port list, pyusb's bus, a short house-protocol handshake) is I/O and lives
in ``drivers/scan.py``; this module is the part a technician reads: for each port or USB device, its
ids and serial number, which profile role and dialect it matches and the URL to put in ``[devices]``.
A device is matched by what it said when asked (a house-protocol unit's model, from ``Known.models``)
or, for a USB device that speaks the house protocol itself, by its vendor and product ids
(``Known.usb_ids``). Both tables come from the registries (drivers' USB ids, the simulators' models),
never from a list kept here.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field, replace
from typing import Any, Literal

Bus = Literal["serial", "usb"]

RECEIVE_ONLY_HINT = ("no house-protocol answer: a receive-only device (reading shoe beetek://, bet sensor "
                     "betsensor://, player card track2://) or nothing; its role is the one on its label")


@dataclass(frozen=True, slots=True)
class Match:
    """A profile role and the dialect a device speaks there (``scheme``: the URL's, ``drivers.registry``)."""

    role: str
    dialect: str
    scheme: str


@dataclass(frozen=True, slots=True)
class Known:
    """What the station can recognise: a house-protocol unit's model, a USB device's ids."""

    models: dict[str, str] = field(default_factory=dict)
    """Model a unit names at IDENTIFY -> its role."""
    usb_ids: dict[tuple[int, int], Match] = field(default_factory=dict)
    """(vendor id, product id) of a device the station drives over USB itself -> its match."""


@dataclass(frozen=True, slots=True)
class Found:
    """One serial port or USB device, and (once matched) what it is to the profile."""

    bus: Bus
    path: str
    """The port (``/dev/ttyUSB0``), or ``bus B address A`` for a USB device."""
    vid: int | None = None
    pid: int | None = None
    serial_number: str = ""
    """The USB serial number (what a udev rule names the device by), when it has one."""
    description: str = ""
    stable_path: str = ""
    """A name that survives a replug (``/dev/serial/by-id/...``), when udev made one."""
    model: str = ""
    """What the unit said it is when probed (house protocol), else empty."""
    unit_serial: str = ""
    """The unit's own serial number, as it said it when probed."""
    role: str = ""
    dialect: str = ""
    url: str = ""
    note: str = ""

    def ids(self) -> str:
        return f"{self.vid:04x}:{self.pid:04x}" if self.vid is not None and self.pid is not None else "-"

    def as_json(self) -> dict[str, Any]:
        out = asdict(self)
        out["vid"], out["pid"] = (None if v is None else f"0x{v:04x}" for v in (self.vid, self.pid))
        return out


def usb_url(vid: int, pid: int) -> str:
    """The URL ``drivers.registry`` opens a USB device by (``usb://0x1d50:0x6018``)."""
    return f"usb://{vid:#06x}:{pid:#06x}"


def match(found: Found, known: Known) -> Found:
    """``found`` with its role, dialect, URL (or a note saying why none): by what it said, else by its ids."""
    if found.bus == "usb":
        hit = known.usb_ids.get((found.vid or 0, found.pid or 0)) if found.vid is not None else None
        if hit is None:
            return replace(found, note=found.note or "not a device the station drives over USB")
        return replace(found, role=hit.role, dialect=hit.dialect, url=usb_url(found.vid or 0, found.pid or 0))
    where = found.stable_path or found.path
    if found.model:
        role = known.models.get(found.model)
        if role is None:
            return replace(found, dialect="house", url=f"serial://{where}",
                           note=f"model {found.model!r} is not one this station knows: a shuffler or a reader "
                                "speaking the house protocol; its role is the one on its label")
        return replace(found, role=role, dialect="house", url=f"serial://{where}")
    return replace(found, note=found.note or RECEIVE_ONLY_HINT)


def line(found: Found) -> str:
    """One line a technician reads: where, ids, serial, what it is, the URL."""
    unit = f" {found.model} {found.unit_serial}".rstrip() if found.model else ""
    serial = found.serial_number or "-"
    what = f"{found.role} ({found.dialect}{',' + unit if unit else ''})" if found.role else "no role"
    head = f"{found.bus:<6} {found.path}  ids {found.ids()}  serial {serial}"
    if found.description:
        head += f"  {found.description!r}"
    tail = f"  url {found.url}" if found.url else ""
    note = f"  ({found.note})" if found.note else ""
    return f"{head}  -> {what}{tail}{note}"

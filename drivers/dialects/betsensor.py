"""The house bet sensor (docs/protocol.md "Bet sensor"): an RFID reader under the layout, ASCII, receive-only.

One line per inventory round, every antenna in it (one antenna per betting spot)::

    $INV,<round>,<antenna>;<antenna>;...*<crc>\\r\\n
    antenna := <seat>.<spot>=<id>+<id>+...     the chip ids the antenna saw (none after "=": an empty spot)
             | <seat>.<spot>!<code>            the antenna could not be read (code: letters and digits)

``<round>`` counts the sensor's inventory rounds; ``<id>`` is a tag's 64-bit ISO 15693 id in 16
upper-case hex digits; ``<crc>`` is CRC-16/KERMIT (the house codec's) of the bytes between ``$``
and ``*``, four upper-case hex digits. Without a CRC match the line is dropped and counted: a lost
round is harmless (the station waits for a stated number of consecutive rounds before it acts on
a change). A line repeating the last round number is a duplicate and ignored. Anything between
lines (noise, a line torn by the port opening) is skipped up to the next ``$``.

Inside a line each antenna stands alone (``parse_line``): one that says something wrong - an
item that is no reading, an antenna listed twice, one id seen twice (a cloned chip on its
original's spot) - is that antenna's fault or flag, and the others are read as ever. A line in
which no antenna could be read is dropped and counted (``malformed``); its flags still go out.

The sensor takes no commands and has no heartbeat: link loss is the port going away. Its identity
is what the profile says (model and the URL's serial number).
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, field
from typing import ClassVar

import structlog
from pydantic import ValidationError

from dealer_station.wire.reports import (
    MAX_CHIPS_PER_SPOT,
    AntennaFault,
    AntennaRead,
    ChipInventory,
    DeviceReport,
    DuplicateTag,
)

from ..base import BetSensorABC
from ..dialect import Feed
from ..link import SerialLinkedDriver
from .rfid_line import RfidLineDialect, crc_text, frame

__all__ = ["BAUDRATE", "MODEL", "BetSensorDialect", "SerialBetSensor", "crc_text", "encode_inventory", "parse_line"]

log = structlog.get_logger()

MODEL = "House RFID bet sensor"
BAUDRATE = 115200

_ANTENNA = re.compile(r"([1-9][0-9]?)\.([a-z][a-z0-9_]{0,15})(?:=((?:[0-9A-F]{16}(?:\+[0-9A-F]{16})*)?)|!([A-Z0-9]{1,8}))")
_LINE = re.compile(rb"\$(INV,([0-9]{1,9}),([^*\r\n]*))\*([0-9A-F]{4})\r?\n")


def encode_inventory(round_no: int, spots: dict[tuple[int, str], tuple[str, ...] | str]) -> bytes:
    """One inventory line: per (seat, spot) the ids seen, or a fault code (a ``str``)."""
    parts = []
    for (seat, spot), seen in spots.items():
        parts.append(f"{seat}.{spot}!{seen}" if isinstance(seen, str) else f"{seat}.{spot}=" + "+".join(seen))
    return frame(f"INV,{round_no}," + ";".join(parts))


_NAMED = re.compile(r"([1-9][0-9]?)\.([a-z][a-z0-9_]{0,15})[=!]")
"""The antenna an item names, when the rest of it cannot be read (that antenna's fault, not the line's)."""


@dataclass(slots=True)
class Parsed:
    """One CRC-checked line: its reports (each repeated id's flag first, then the inventory, then one
    fault per faulted antenna) and how many of its antenna items could not be read."""

    reports: list[DeviceReport] = field(default_factory=list)
    garbled: int = 0
    duplicates: int = 0
    inventory: bool = False
    """Whether the line holds an inventory round (an antenna read or faulted, or no antenna at all)."""


def parse_line(body: str, device: str) -> Parsed:
    """One CRC-checked line, antenna by antenna: what one antenna says wrong never blinds the others.

    An item that is no antenna reading is that antenna's fault (``GARBLED``; an item naming no antenna is
    skipped); an antenna listed twice is faulted (``TWICE``: which read is true?); an antenna that saw one
    id more than once is withheld and flagged (``DuplicateTag``: a cloned chip on its original's spot)."""
    _, round_text, antennas = body.split(",", 2)
    number = int(round_text)
    out = Parsed()
    items: dict[tuple[int, str], list[str]] = {}
    for item in antennas.split(";") if antennas else []:
        named = _NAMED.match(item)
        if named is None:
            out.garbled += 1
            continue
        items.setdefault((int(named.group(1)), named.group(2)), []).append(item)
    reads: list[AntennaRead] = []
    faults: list[DeviceReport] = []
    flags: list[DeviceReport] = []

    def fault(seat: int, spot: str, code: str, text: str) -> None:
        faults.append(AntennaFault(device=device, round=number, seat=seat, spot=spot, code=code, text=text))

    for (seat, spot), said in items.items():
        if len(said) > 1:
            out.garbled += 1
            fault(seat, spot, "TWICE", "antenna reported twice in one round")
            continue
        match = _ANTENNA.fullmatch(said[0])
        if match is None:
            out.garbled += 1
            fault(seat, spot, "GARBLED", "antenna reading not understood")
            continue
        if match.group(4) is not None:
            fault(seat, spot, match.group(4), "antenna could not be read")
            continue
        chips = tuple(match.group(3).split("+")) if match.group(3) else ()
        if len(chips) > MAX_CHIPS_PER_SPOT:
            out.garbled += 1
            fault(seat, spot, "GARBLED", "more tags than a spot holds")
            continue
        repeated = sorted(chip for chip, n in Counter(chips).items() if n > 1)
        if repeated:
            out.duplicates += len(repeated)
            flags.extend(DuplicateTag(device=device, round=number, seat=seat, spot=spot, chip=chip,
                                      count=chips.count(chip)) for chip in repeated)
            continue
        reads.append(AntennaRead(seat=seat, spot=spot, chips=chips))
    out.inventory = bool(reads or faults or not (items or out.garbled))
    out.reports = [*flags, *([ChipInventory(device=device, round=number, antennas=tuple(reads)), *faults]
                             if out.inventory else [])]
    return out


class BetSensorDialect(RfidLineDialect):
    """Inventory lines from the house bet sensor to typed reports; takes no commands."""

    name = "betsensor"
    model = MODEL
    protocol_version = 1
    stat_names = ("rounds", "crc_errors", "malformed", "duplicates", "garbage_bytes", "garbled_antennas",
                  "duplicate_tags")

    def __init__(self, device: str, link_timeout: float = 2.0, serial_number: str = "") -> None:
        super().__init__(device, link_timeout, serial_number)
        self._last_round: int | None = None

    def forget(self) -> None:
        self._last_round = None  # a sensor restarted meanwhile counts its rounds afresh

    def line(self, line: bytes, out: Feed) -> None:
        match = _LINE.fullmatch(line)
        if match is None:
            self.refuse("malformed", f"malformed line {line[:40]!r}")
            return
        if crc_text(match.group(1)) != match.group(4).decode("ascii"):
            self.refuse("crc_errors", "CRC mismatch")
            return
        number = int(match.group(2))
        if number == self._last_round:
            self.stats["duplicates"] += 1
            out.heard = True
            return
        try:
            parsed = parse_line(match.group(1).decode("ascii"), self.device)
        except ValidationError:  # a value no report holds, whatever its antenna: the line is not understood
            self.refuse("malformed", f"inventory round {number} not understood")
            return
        out.heard = True
        out.received.extend(parsed.reports)  # a clone is flagged even on a line with nothing else to read
        self.stats["garbled_antennas"] += parsed.garbled
        self.stats["duplicate_tags"] += parsed.duplicates
        if parsed.garbled or parsed.duplicates:
            log.warning("betsensor.antennas_refused", device=self.device, round=number, garbled=parsed.garbled,
                        duplicate_tags=parsed.duplicates)
        if not parsed.inventory:
            self.refuse("malformed", f"inventory round {number}: no antenna could be read")
            return
        self._last_round = number
        self.stats["rounds"] += 1


class SerialBetSensor(SerialLinkedDriver, BetSensorABC):
    """The house bet sensor on a serial port."""

    dialect_class = BetSensorDialect
    default_baudrate: ClassVar[int] = BAUDRATE

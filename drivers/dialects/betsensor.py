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

The sensor takes no commands and has no heartbeat: link loss is the port going away. Its identity
is what the profile says (model and the URL's serial number).
"""

from __future__ import annotations

import re
from typing import ClassVar

import structlog
from pydantic import ValidationError

from dealer_station.wire.codec import crc16_kermit
from dealer_station.wire.reports import AntennaFault, AntennaRead, ChipInventory, DeviceReport

from ..base import BetSensorABC
from ..dialect import Feed, ReceiveOnlyDialect
from ..link import SerialLinkedDriver

log = structlog.get_logger()

MODEL = "House RFID bet sensor"
BAUDRATE = 115200
MAX_LINE = 16384
"""Bytes of one inventory line at most (7 seats x 4 spots x 40 chips fits): longer is garbage."""

_ANTENNA = re.compile(r"([1-9][0-9]?)\.([a-z][a-z0-9_]{0,15})(?:=((?:[0-9A-F]{16}(?:\+[0-9A-F]{16})*)?)|!([A-Z0-9]{1,8}))")
_LINE = re.compile(rb"\$(INV,([0-9]{1,9}),([^*\r\n]*))\*([0-9A-F]{4})\r?\n")


def crc_text(body: bytes) -> str:
    """The four hex digits a line carries after ``*`` for ``body`` (what lies between ``$`` and ``*``)."""
    return f"{crc16_kermit(body):04X}"


def encode_inventory(round_no: int, spots: dict[tuple[int, str], tuple[str, ...] | str]) -> bytes:
    """One inventory line: per (seat, spot) the ids seen, or a fault code (a ``str``)."""
    parts = []
    for (seat, spot), seen in spots.items():
        parts.append(f"{seat}.{spot}!{seen}" if isinstance(seen, str) else f"{seat}.{spot}=" + "+".join(seen))
    body = f"INV,{round_no}," + ";".join(parts)
    raw = body.encode("ascii")
    return b"$" + raw + b"*" + crc_text(raw).encode("ascii") + b"\r\n"


def parse_line(body: str, device: str) -> list[DeviceReport] | None:
    """One CRC-checked line's reports (an inventory, then one fault per faulted antenna); None: malformed."""
    _, round_text, antennas = body.split(",", 2)
    number = int(round_text)
    reads: list[AntennaRead] = []
    faults: list[DeviceReport] = []
    seen: set[tuple[int, str]] = set()
    for item in antennas.split(";") if antennas else []:
        match = _ANTENNA.fullmatch(item)
        if match is None:
            return None
        seat, spot = int(match.group(1)), match.group(2)
        if (seat, spot) in seen:
            return None  # one antenna twice in a round: which read is true?
        seen.add((seat, spot))
        try:
            if match.group(4) is not None:
                faults.append(AntennaFault(device=device, round=number, seat=seat, spot=spot, code=match.group(4),
                                           text="antenna could not be read"))
            else:
                chips = tuple(match.group(3).split("+")) if match.group(3) else ()
                if len(set(chips)) != len(chips):
                    return None
                reads.append(AntennaRead(seat=seat, spot=spot, chips=chips))
        except ValidationError:
            return None
    return [ChipInventory(device=device, round=number, antennas=tuple(reads)), *faults]


class BetSensorDialect(ReceiveOnlyDialect):
    """Inventory lines from the house bet sensor to typed reports; takes no commands."""

    name = "betsensor"
    model = MODEL
    protocol_version = 1
    stat_names = ("rounds", "crc_errors", "malformed", "duplicates", "garbage_bytes")

    def __init__(self, device: str, link_timeout: float = 2.0, serial_number: str = "") -> None:
        super().__init__(device, link_timeout, serial_number)
        self._last_round: int | None = None

    def forget(self) -> None:
        self._last_round = None  # a sensor restarted meanwhile counts its rounds afresh

    def take(self, buf: bytes, out: Feed) -> bytes:
        at = 0
        while True:
            start = buf.find(b"$", at)
            if start < 0:
                self._skip(len(buf) - at)
                at = len(buf)
                break
            self._skip(start - at)
            end = buf.find(b"\n", start)
            if end < 0:
                if len(buf) - start > MAX_LINE:
                    self._skip(len(buf) - start)
                    at = len(buf)
                else:
                    at = start
                break
            nxt = buf.find(b"$", start + 1, end)
            if nxt >= 0:  # a torn line followed by a fresh one: the torn part is garbage
                self._skip(nxt - start)
                at = nxt
                continue
            self._line(buf[start:end + 1], out)
            at = end + 1
        return buf[at:]

    def _line(self, line: bytes, out: Feed) -> None:
        match = _LINE.fullmatch(line)
        if match is None:
            self._refuse("malformed", f"malformed line {line[:40]!r}")
            return
        if crc_text(match.group(1)) != match.group(4).decode("ascii"):
            self._refuse("crc_errors", "CRC mismatch")
            return
        number = int(match.group(2))
        if number == self._last_round:
            self.stats["duplicates"] += 1
            out.heard = True
            return
        reports = parse_line(match.group(1).decode("ascii"), self.device)
        if reports is None:
            self._refuse("malformed", f"inventory round {number} not understood")
            return
        self._last_round = number
        self.stats["rounds"] += 1
        out.heard = True
        out.received.extend(reports)

    def _refuse(self, stat: str, reason: str) -> None:
        self.stats[stat] += 1
        self.last_refused = reason
        log.warning("betsensor.line_refused", device=self.device, reason=reason)

    def _skip(self, count: int) -> None:
        self.stats["garbage_bytes"] += count


class SerialBetSensor(SerialLinkedDriver, BetSensorABC):
    """The house bet sensor on a serial port."""

    dialect_class = BetSensorDialect
    default_baudrate: ClassVar[int] = BAUDRATE

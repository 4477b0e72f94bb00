"""The house RFID tray antenna (docs/protocol.md "Tray antenna"): the chips in the tray, ASCII, receive-only.

One line per scan of the tray, every column in it (one antenna per column of the rack, or one for
the whole tray: column 1)::

    $TRAY,<scan>,<column>;<column>;...*<crc>\\r\\n
    column := <n>=<id>+<id>+...     the chip ids the column's antenna saw (none after "=": an empty column)
            | <n>!<code>            the column could not be read (code: 1-8 upper-case letters and digits)

``<scan>`` counts the antenna's scans; ``<n>`` is 1 to 32; ``<id>`` is a tag's 64-bit ISO 15693 id, 16
upper-case hex digits, as on the bet sensor (the same chips: the casino's chip inventory says what each
is worth); the framing and the CRC are the bet sensor's (``rfid_line``).

A scan is read whole or not at all: the station checks the tray's value after each round, so a line
with any column it cannot read as written - an item that is no column, a column listed twice, an id
seen twice in one scan, more ids than a column holds - is refused in one line (``last_refused``) and
counted, and nothing of it goes out; a missed scan is harmless (the station waits for the next). A
line repeating the last scan's number is a duplicate and ignored. The antenna takes no commands and
has no heartbeat: link loss is the port going away; its identity is the profile's (model and the
URL's serial number).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import ClassVar

from pydantic import ValidationError

from dealer_station.wire.reports import MAX_CHIPS_PER_COLUMN, TrayColumn, TraySensed

from ..base import TrayABC
from ..dialect import Feed
from ..link import SerialLinkedDriver
from .rfid_line import RfidLineDialect, crc_text, frame

MODEL = "House RFID tray antenna"
BAUDRATE = 115200
MAX_COLUMNS = 32

_LINE = re.compile(rb"\$(TRAY,([0-9]{1,9}),([^*\r\n]*))\*([0-9A-F]{4})\r?\n")
_COLUMN = re.compile(r"([1-9][0-9]?)(?:=((?:[0-9A-F]{16}(?:\+[0-9A-F]{16})*)?)|!([A-Z0-9]{1,8}))")


def encode_scan(scan: int, columns: Mapping[int, tuple[str, ...] | str]) -> bytes:
    """One scan's line: per column the ids seen, or a fault code (a ``str``)."""
    parts = [f"{n}!{seen}" if isinstance(seen, str) else f"{n}=" + "+".join(seen) for n, seen in columns.items()]
    return frame(f"TRAY,{scan}," + ";".join(parts))


class TrayRefused(ValueError):
    """A scan line that does not say a whole tray (the message is the one-line reason)."""


def parse_scan(body: str, device: str) -> TraySensed:
    """The CRC-checked ``body`` of one line as a report; ``TrayRefused`` naming what is wrong."""
    _, scan_text, items = body.split(",", 2)
    scan = int(scan_text)
    seen: dict[int, tuple[str, ...]] = {}
    unread: list[int] = []
    for item in items.split(";") if items else []:
        match = _COLUMN.fullmatch(item)
        if match is None:
            raise TrayRefused(f"scan {scan}: {item[:24]!r} is not a column reading")
        column = int(match.group(1))
        if column > MAX_COLUMNS:
            raise TrayRefused(f"scan {scan}: column {column} is not 1 to {MAX_COLUMNS}")
        if column in seen or column in unread:
            raise TrayRefused(f"scan {scan}: column {column} is reported twice")
        if match.group(3) is not None:
            unread.append(column)
            continue
        chips = tuple(match.group(2).split("+")) if match.group(2) else ()
        if len(chips) > MAX_CHIPS_PER_COLUMN:
            raise TrayRefused(f"scan {scan}: column {column} claims {len(chips)} chips (at most {MAX_CHIPS_PER_COLUMN})")
        seen[column] = chips
    if not seen and not unread:
        raise TrayRefused(f"scan {scan}: no column")
    every = [chip for chips in seen.values() for chip in chips]
    if len(set(every)) != len(every):
        twice = sorted({chip for chip in every if every.count(chip) > 1})
        raise TrayRefused(f"scan {scan}: tag {twice[0]} seen twice (a cloned chip?)")
    try:
        return TraySensed(device=device, scan=scan, unread=tuple(sorted(unread)),
                          columns=tuple(TrayColumn(column=n, chips=c) for n, c in sorted(seen.items())))
    except ValidationError as exc:
        raise TrayRefused(f"scan {scan}: not understood ({exc.errors()[0]['msg']})") from None


class TrayDialect(RfidLineDialect):
    """Scan lines from the house tray antenna to ``TraySensed`` reports; takes no commands."""

    name = "rfidtray"
    model = MODEL
    max_line = 65536
    """A whole tray is one line: about 3800 tags (17 bytes each; a tray holds a few hundred, and a line that long
    takes 6 s at 115200 baud); longer is garbage."""
    protocol_version = 1
    stat_names = ("scans", "crc_errors", "malformed", "duplicates", "garbage_bytes")

    def __init__(self, device: str, link_timeout: float = 2.0, serial_number: str = "") -> None:
        super().__init__(device, link_timeout, serial_number)
        self._last_scan: int | None = None

    def forget(self) -> None:
        self._last_scan = None  # an antenna restarted meanwhile counts its scans afresh

    def line(self, line: bytes, out: Feed) -> None:
        match = _LINE.fullmatch(line)
        if match is None:
            self.refuse("malformed", f"not a tray scan line: {line[:40]!r}")
            return
        if crc_text(match.group(1)) != match.group(4).decode("ascii"):
            self.refuse("crc_errors", "CRC mismatch")
            return
        number = int(match.group(2))
        if number == self._last_scan:
            self.stats["duplicates"] += 1
            out.heard = True
            return
        try:
            report = parse_scan(match.group(1).decode("ascii"), self.device)
        except TrayRefused as refused:
            self.refuse("malformed", str(refused))
            return
        out.heard = True
        out.received.append(report)
        self._last_scan = number
        self.stats["scans"] += 1


class SerialTrayAntenna(SerialLinkedDriver, TrayABC):
    """The house tray antenna on a serial port."""

    dialect_class = TrayDialect
    default_baudrate: ClassVar[int] = BAUDRATE

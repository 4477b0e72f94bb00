"""The house RFID readers' line framing (docs/protocol.md "Bet sensor", "Tray antenna"): one framer for both.

Both house RFID readers (the bet sensor under the layout, the tray antenna under the rack) write one
ASCII line per inventory round, ``$<body>*<crc>\\r\\n``: ``<crc>`` is CRC-16/KERMIT (the house
codec's) of the bytes between ``$`` and ``*``, four upper-case hex digits. This module finds the
lines in what arrived (anything between lines - noise, a line torn by the port opening, a line
longer than ``max_line`` - is skipped up to the next ``$`` and counted) and hands each whole line to
the reader's ``line``; what a line says is the reader's own.
"""

from __future__ import annotations

from typing import ClassVar

import structlog

from dealer_station.wire.codec import crc16_kermit

from ..dialect import Feed, ReceiveOnlyDialect

log = structlog.get_logger()


def crc_text(body: bytes) -> str:
    """The four hex digits a line carries after ``*`` for ``body`` (what lies between ``$`` and ``*``)."""
    return f"{crc16_kermit(body):04X}"


def frame(body: str) -> bytes:
    """``body`` as one line on the wire: ``$`` body ``*`` CRC CR LF."""
    raw = body.encode("ascii")
    return b"$" + raw + b"*" + crc_text(raw).encode("ascii") + b"\r\n"


class RfidLineDialect(ReceiveOnlyDialect):
    """A receive-only RFID reader writing CRC-checked ASCII lines: the framing; ``line`` reads one."""

    max_line: ClassVar[int] = 16384
    """Bytes of one line at most: longer is garbage (skipped, counted in ``garbage_bytes``)."""

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
                if len(buf) - start > self.max_line:
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
            self.line(buf[start:end + 1], out)
            at = end + 1
        return buf[at:]

    def line(self, line: bytes, out: Feed) -> None:
        """One whole line (``$`` to ``\\n``): its reports into ``out``, or refused (``refuse``)."""
        raise NotImplementedError

    def refuse(self, stat: str, reason: str) -> None:
        """A line dropped: counted in ``stats[stat]``, the reason kept (``last_refused``) and logged in one line."""
        self.stats[stat] += 1
        self.last_refused = reason
        log.warning(f"{self.name}.line_refused", device=self.device, reason=reason)

    def _skip(self, count: int) -> None:
        self.stats["garbage_bytes"] += count

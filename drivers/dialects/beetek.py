"""The Bee-Tek "USPC" reading shoe (HARDWARE.md): 9600 baud 8N1, ASCII, receive-only.

The shoe writes one message per card drawn, separated by spaces, and never reads::

     [Game]<Card:4S>            a card read (rank 2-9, T or 10, J, Q, K, A; suit C D H S)
     [Game]<Card:S4>  <4S>      some firmware writes the suit first, or drops "Card:"
     [Manual Burn Cards]<Card:7D>   a card drawn in burn mode
     [Game]<Game>               a card that could not be read
     [Game]<Alarm:E3 Card Not Read>  [GameAlarm]<Alarm:...>   an alarm with free text
     <W0x01>                    a warning code in hex

There is no checksum, no sequence number and no handshake, so this dialect is strict about
shape and forgiving about position: a message is ``[tag]<body>`` (the tag optional), found
anywhere in the stream; what lies between messages (spaces, line noise, the torn tail of a
message that was on the wire when the port opened) is skipped and counted. A message that
says "Card" but whose card or mode cannot be trusted is reported ``Unreadable`` (the dealer
keys the card), so the draw count never drifts. Link loss is the port going away: with no
heartbeat there is nothing else to miss. The identity is what the profile says (model and
the serial number given in the URL): the shoe cannot tell.
"""

from __future__ import annotations

import re
from typing import ClassVar

import structlog

from dealer_station.cards import parse_card
from dealer_station.wire.reports import Alarm, CardDrawn, DeviceReport, Unreadable

from ..base import ReadingShoeABC
from ..dialect import Feed, ReceiveOnlyDialect
from ..link import SerialLinkedDriver

log = structlog.get_logger()

MODEL = "Bee-Tek USPC"
BAUDRATE = 9600
MAX_PENDING = 128  # bytes of an unfinished message kept between reads; longer is garbage

BURN_TAG = "Manual Burn Cards"
TAGS = frozenset({"Game", "GameAlarm", BURN_TAG})

_MESSAGE = re.compile(rb"(?:\[([A-Za-z][A-Za-z ]{0,30})\])?<([\x21-\x3b\x3d\x3f-\x7e][\x20-\x3b\x3d\x3f-\x7e]{0,79})>")
"""``[tag]<body>``: a tag of letters and spaces; a body of printable ASCII without ``<`` or ``>``."""
_PARTIAL = re.compile(rb"(?:\[[A-Za-z ]{0,31}(?:\](?:<[\x20-\x3b\x3d\x3f-\x7e]{0,80})?)?|<[\x20-\x3b\x3d\x3f-\x7e]{0,80})\Z")
"""An unfinished ``[tag]<body`` at the end of the input: kept for the next read."""
_RANK = r"(10|[2-9TJQKA])"
_SUIT = r"([CDHS])"
_CARD = re.compile(rf"(?:CARD:)?(?:{_RANK}{_SUIT}|{_SUIT}{_RANK})")
_WARNING = re.compile(r"W0X[0-9A-F]{1,8}")
_ALARM_CODE = re.compile(r"[A-Z]{1,3}[0-9]{1,4}")


def parse_body(tag: str | None, body: str, device: str) -> DeviceReport | None:
    """One message's report (None: not a message this dialect knows, i.e. garbage)."""
    upper = body.upper()
    if upper.startswith("ALARM:"):
        text = body[6:].strip()
        code, _, rest = text.partition(" ")
        if _ALARM_CODE.fullmatch(code):
            return Alarm(device=device, severity="alarm", code=code, text=rest.strip())
        return Alarm(device=device, severity="alarm", code="", text=text)
    if _WARNING.fullmatch(upper):
        return Alarm(device=device, severity="warning", code="W0x" + upper[3:])
    burn = tag == BURN_TAG
    if upper == "GAME":
        return Unreadable(device=device, burn=burn, reason="the shoe could not read the card")
    card = _CARD.fullmatch(upper)
    if card is not None:
        if tag is not None and tag not in TAGS:
            return Unreadable(device=device, reason=f"card in an unknown mode [{tag}]")
        rank, suit = (card.group(1), card.group(2)) if card.group(1) else (card.group(4), card.group(3))
        return CardDrawn(device=device, card=parse_card(rank + suit), burn=burn)  # "10" and "T" alike
    if upper.startswith("CARD"):
        return Unreadable(device=device, burn=burn, reason=f"card message not understood <{body}>")
    return None


class BeetekDialect(ReceiveOnlyDialect):
    """Bytes from a Bee-Tek USPC shoe to typed reading-shoe reports; takes no commands."""

    name = "beetek"
    model = MODEL
    protocol_version = 0
    stat_names = ("messages", "garbage_bytes")

    def take(self, buf: bytes, out: Feed) -> bytes:
        at = 0
        for match in _MESSAGE.finditer(buf):
            self._skip(buf[at:match.start()])
            at = match.end()
            tag = match.group(1).decode("ascii") if match.group(1) is not None else None
            body = match.group(2).decode("ascii")
            report = parse_body(tag, body, self.device)
            if report is None:
                self._skip(match.group(0), refused=f"unknown message {match.group(0)!r}")
                continue
            self.stats["messages"] += 1
            out.heard = True
            out.received.append(report)
        tail = buf[at:]
        partial = _PARTIAL.search(tail)  # the leftmost start of what may still become a message
        start = partial.start() if partial is not None and len(tail) - partial.start() <= MAX_PENDING else len(tail)
        self._skip(tail[:start])
        return tail[start:]

    def _skip(self, junk: bytes, refused: str | None = None) -> None:
        junk = junk.strip(b" \r\n")
        if junk:
            self.stats["garbage_bytes"] += len(junk)
            if refused is not None:
                self.last_refused = refused
                log.warning("beetek.message_refused", device=self.device, reason=refused)


class BeetekShoe(SerialLinkedDriver, ReadingShoeABC):
    """The Bee-Tek USPC on a serial port (9600 baud unless the URL says otherwise)."""

    dialect_class = BeetekDialect
    default_baudrate: ClassVar[int] = BAUDRATE

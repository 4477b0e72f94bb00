"""Player card readers: ISO 7811 track 2 text, typed by a keyboard-wedge reader or sent down a serial line.

The common player card reader (magnetic stripe or proximity) presents itself as a USB keyboard and
*types* the card's track 2, ``;6010001234567890=2812?`` then Enter. Read as a keyboard it would type
into whatever has the focus; so the station reads it as the input device it is (Linux evdev, the
``evdev`` library: ``hid:///dev/input/by-id/...-event-kbd``), grabbed so its keys never reach the
screen, and turns its key events back into text here. A serial reader sends the same text, one swipe
a line (``track2:///dev/ttyUSB3``).

One framer for both (``parse_track2``): start sentinel ``;``, the card number (1-19 digits), the
separator ``=``, the card's other data (digits), end sentinel ``?``, an LRC character when the reader
sends one (checked: every bit column of the characters from ``;`` to the LRC has even parity), at most
40 characters. Anything else is a corrupt frame (``PlayerCardBad``: the player swipes again): a reader's
error read (``;E?``), a track cut short, letters, a second track, a line longer than a track can be.
The card number leaves this module only inside ``PlayerCardRead`` (whose repr hides it); no log line and
no refusal reason here carries a digit of it.
"""

from __future__ import annotations

import re
import struct
from typing import Any, ClassVar

from dealer_station.errors import ConfigError
from dealer_station.wire.reports import PlayerCardBad, PlayerCardRead

from ..base import PlayerCardABC
from ..dialect import Feed, ReceiveOnlyDialect
from ..link import LinkedDriver, SerialLinkedDriver
from ..transport import Transport

BAUDRATE = 9600
MAX_TRACK = 40
"""ISO 7813: track 2 holds at most 40 characters, sentinels and LRC included."""
MAX_LINE = 128
"""Characters kept of a line that has not ended: past this it is garbage, dropped up to the next end of line."""

_TRACK2 = re.compile(r";([0-9]{1,19})=[0-9]{0,37}\?([0-9:;<=>?]?)")


class BadTrack(ValueError):
    """A frame that is not one whole track 2 (the reason names no digit of it)."""


def lrc(track: str) -> str:
    """The LRC character of ``track`` (``;`` to ``?``): per bit column of the 4 data bits, even parity."""
    value = 0
    for ch in track:
        value ^= (ord(ch) - 0x30) & 0x0F
    return chr(0x30 + value)


def parse_track2(text: str) -> str:
    """The card number of one track 2 frame, or ``BadTrack`` saying what is wrong with it."""
    if len(text) > MAX_TRACK:
        raise BadTrack(f"{len(text)} characters: longer than a track 2 ({MAX_TRACK})")
    if not text:
        raise BadTrack("an empty swipe")
    if text[0] != ";":
        raise BadTrack("no start sentinel: not a track 2")
    if text in (";E?", ";e?"):
        raise BadTrack("the reader could not read the stripe")
    if "?" not in text:
        raise BadTrack("no end sentinel: a partial track")
    found = _TRACK2.fullmatch(text)
    if found is None:
        raise BadTrack("not a track 2 (card number, separator and digits between the sentinels)")
    check = found.group(2)
    if check and check != lrc(text[: found.start(2)]):
        raise BadTrack("the LRC does not match: a misread")
    return found.group(1)


def seat_option(value: Any) -> int | None:
    """A per-seat reader's ``seat`` URL parameter (absent: the table's reader)."""
    if value is None or value == "":
        return None
    text = str(value)
    if not text.isdigit() or not 1 <= int(text) <= 99:
        raise ConfigError(f"a player card reader's seat is 1-99, not {text[:12]!r}")
    return int(text)


class Track2Dialect(ReceiveOnlyDialect):
    """Track 2 text, one swipe a line (``\\r``, ``\\n`` or both end it): a serial reader's bytes."""

    name = "track2"
    model = "track 2 card reader (serial)"
    stat_names = ("swipes", "bad_swipes", "garbage_bytes")

    def __init__(self, device: str, link_timeout: float = 2.0, serial_number: str = "", seat: Any = None) -> None:
        super().__init__(device, link_timeout, serial_number)
        self.seat = seat_option(seat)
        self._overlong = False

    def take(self, buf: bytes, out: Feed) -> bytes:
        lines = re.split(rb"[\r\n]", buf)
        tail = lines.pop()
        for raw in lines:
            self.line(raw, out)
        if len(tail) > MAX_LINE or (self._overlong and tail):  # a line that never ends: dropped up to its end
            self.stats["garbage_bytes"] += len(tail)
            if not self._overlong:
                self._overlong = True
                self.line_refused(f"a line of over {MAX_LINE} characters", out)
            return b""
        return tail

    def line(self, raw: bytes, out: Feed) -> None:
        """One line that ended: a swipe, a refusal, or nothing (an empty line between swipes)."""
        if self._overlong:
            self._overlong = False
            self.stats["garbage_bytes"] += len(raw)
            return
        if not raw.strip(b" "):
            return
        out.heard = True
        try:
            text = raw.decode("ascii")
            if not text.isprintable():
                raise UnicodeDecodeError("ascii", raw, 0, 1, "unprintable")
            number = parse_track2(text.strip(" "))
        except UnicodeDecodeError:
            self.line_refused("bytes that are not track 2 text", out)
            return
        except BadTrack as bad:
            self.line_refused(str(bad), out)
            return
        self.stats["swipes"] += 1
        out.received.append(PlayerCardRead(device=self.device, seat=self.seat, number=number))

    def line_refused(self, reason: str, out: Feed) -> None:
        self.stats["bad_swipes"] += 1
        self.last_refused = reason
        out.received.append(PlayerCardBad(device=self.device, seat=self.seat, reason=reason))


# -- the keyboard wedge: Linux input events back to the characters the reader typed

INPUT_EVENT = struct.Struct("@llHHi")
"""``struct input_event`` (linux/input.h): a timeval, then type, code, value (24 bytes on 64-bit Linux)."""
EV_KEY = 0x01
KEY_UP, KEY_DOWN, KEY_REPEAT = 0, 1, 2
SHIFTS = frozenset({42, 54})  # KEY_LEFTSHIFT, KEY_RIGHTSHIFT
ENTERS = frozenset({28, 96})  # KEY_ENTER, KEY_KPENTER
_DIGIT_ROW = {2: "1", 3: "2", 4: "3", 5: "4", 6: "5", 7: "6", 8: "7", 9: "8", 10: "9", 11: "0"}
_KEYPAD = {79: "1", 80: "2", 81: "3", 75: "4", 76: "5", 77: "6", 71: "7", 72: "8", 73: "9", 82: "0"}
UNSHIFTED: dict[int, str] = {**_DIGIT_ROW, **_KEYPAD, 12: "-", 13: "=", 39: ";", 51: ",", 52: ".", 53: "/"}
SHIFTED: dict[int, str] = {**dict(zip(_DIGIT_ROW, "!@#$%^&*()", strict=True)), **_KEYPAD,
                           12: "_", 13: "+", 39: ":", 51: "<", 52: ">", 53: "?"}
"""What a US-layout keyboard-wedge reader's keys type (the layout such readers emulate): the digits, the
track 2 sentinels (``;`` ``=`` ``?``) and the characters an LRC may be (``:`` ``<`` ``>``). Any other key
makes the line a corrupt frame. Codes from linux/input-event-codes.h."""
UNKNOWN_KEY = "\x00"


class KeyboardText:
    """Key events to text: a key pressed types its character (shifted while a Shift is down)."""

    def __init__(self) -> None:
        self.shift: set[int] = set()

    def key(self, code: int, value: int) -> str | None:
        """The character key ``code`` typed (``"\\n"`` for Enter), or None (a release, a repeat, a Shift)."""
        if code in SHIFTS:
            if value == KEY_UP:
                self.shift.discard(code)
            else:
                self.shift.add(code)
            return None
        if value != KEY_DOWN:
            return None
        if code in ENTERS:
            return "\n"
        table = SHIFTED if self.shift else UNSHIFTED
        return table.get(code, UNKNOWN_KEY)


class KeyboardTrack2Dialect(Track2Dialect):
    """A keyboard-wedge reader's input events (``struct input_event``, whole or torn across reads) read back
    into track 2 lines, framed as a serial reader's are."""

    name = "hid"
    model = "track 2 card reader (USB keyboard)"

    def __init__(self, device: str, link_timeout: float = 2.0, serial_number: str = "", seat: Any = None) -> None:
        super().__init__(device, link_timeout, serial_number, seat)
        self.keys = KeyboardText()
        self._text = ""

    def forget(self) -> None:
        self.keys = KeyboardText()
        self._text = ""

    def take(self, buf: bytes, out: Feed) -> bytes:
        size = INPUT_EVENT.size
        whole = len(buf) - len(buf) % size
        for _sec, _usec, kind, code, value in INPUT_EVENT.iter_unpack(buf[:whole]):
            if kind != EV_KEY:
                continue  # EV_SYN, EV_MSC (scan codes), LEDs: not keys
            ch = self.keys.key(code, value)
            if ch is None:
                continue
            if ch == "\n":
                raw, self._text = self._text, ""
                if self._overlong:
                    self._overlong = False
                    self.stats["garbage_bytes"] += len(raw)
                    self.line_refused(f"a line of over {MAX_LINE} characters", out)
                else:
                    self.line(raw.encode("latin-1"), out)
            elif len(self._text) >= MAX_LINE:
                self._overlong = True
            else:
                self._text += ch
        return buf[whole:]


class SerialTrack2Reader(SerialLinkedDriver, PlayerCardABC):
    """A serial (or USB-serial) player card reader: one track 2 a line, 9600 baud unless the URL says."""

    dialect_class = Track2Dialect
    default_baudrate: ClassVar[int] = BAUDRATE


class KeyboardTrack2Reader(LinkedDriver, PlayerCardABC):
    """A keyboard-wedge player card reader read through Linux evdev, grabbed (``grab=0`` to share it)."""

    dialect_class = KeyboardTrack2Dialect
    transport: ClassVar[str] = "serial"  # the URL's path is the device node, as a serial port's is

    def __init__(self, port: str, grab: Any = True, **options: Any) -> None:
        self.port = port
        self.grab = str(grab).lower() not in ("0", "false", "no")
        super().__init__(**options)

    def _open_transport(self) -> Transport:
        from ..evdev_transport import open_input_device

        return open_input_device(self.port, grab=self.grab)

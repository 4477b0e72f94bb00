"""Dealer Station device protocol: frame codec and message catalogue.

Independent of any transport, so the serial and USB drivers and both simulators share
one implementation. Layout (see docs/protocol.md)::

    0x7E | stuffed( msg | session | seq | payload... | crc16-lo | crc16-hi ) | 0x7E

The CRC is CRC-16/KERMIT (as SAS uses) over msg..payload. 0x7E and 0x7D inside the
frame are escaped as 0x7D, byte ^ 0x20 (HDLC style), so a flag byte always means a
frame boundary and a receiver resynchronises at the next flag after any garbage.
"""

from __future__ import annotations

import struct
from dataclasses import dataclass, field
from enum import IntEnum
from typing import Any, ClassVar, Literal, get_args

PROTOCOL_VERSION = 1
FLAG = 0x7E
ESC = 0x7D
ESC_XOR = 0x20
MAX_BODY = 512  # longest unstuffed body accepted; longer runs are garbage
MAX_FAULT_TEXT = 200  # bytes of UTF-8 in a FAULT's text; longer is a malformed payload
MAX_IDENTITY_TEXT = 64  # bytes of UTF-8 in each IDENTITY string; longer is a malformed payload
UNREADABLE = 0xFF  # wire value of a card the device could not recognise
USB_VENDOR_ID = 0x1D50  # the card reader's USB ids (docs/protocol.md)
USB_PRODUCT_ID = 0x6018

POSITIONS: tuple[str, ...] = ("board", "dealer") + tuple(f"seat{i}" for i in range(1, 10)) + ("seat10", "burn")
"""Codes are indexes, so positions are only ever added at the end (poker: a tenth seat, burn cards)."""
DeviceState = Literal["ready", "shuffling", "dealing", "empty", "door_open"]
WireFaultCode = Literal[
    "jam", "misfeed", "card_unreadable", "deck_count_wrong", "door_open", "power_restored", "internal_error"
]
# The wire sends a state or fault code as its index here, so the order is part of the protocol.
STATES: tuple[str, ...] = get_args(DeviceState)
FAULT_CODES: tuple[str, ...] = get_args(WireFaultCode)


# --------------------------------------------------------------------------- CRC


def _kermit_table() -> tuple[int, ...]:
    table = []
    for byte in range(256):
        crc = byte
        for _ in range(8):
            crc = (crc >> 1) ^ 0x8408 if crc & 1 else crc >> 1
        table.append(crc)
    return tuple(table)


_TABLE = _kermit_table()


def crc16_kermit(data: bytes, crc: int = 0) -> int:
    """CRC-16/KERMIT: poly 0x1021 reflected, init 0, no final xor; check("123456789") = 0x2189."""
    for byte in data:
        crc = (crc >> 8) ^ _TABLE[(crc ^ byte) & 0xFF]
    return crc


# ---------------------------------------------------------------------- messages


class Msg(IntEnum):
    """Message type byte. 0x0_ link control, 0x1_ commands, 0x2_ events."""

    ACK = 0x01
    NAK = 0x02
    PING = 0x03  # heartbeat / status request, unsequenced
    PONG = 0x04  # heartbeat reply carrying the device state
    IDENTIFY = 0x05
    IDENTITY = 0x06
    AUTH_CHALLENGE = 0x07
    AUTH_RESPONSE = 0x08
    SHUFFLE = 0x10
    VERIFY_DECK = 0x11
    DEAL_PACKET = 0x12
    RESET = 0x13
    STOP = 0x14
    STATUS_REQUEST = 0x15
    CARD_DISPENSED = 0x20
    DECK_VERIFIED = 0x21
    STATUS = 0x22
    FAULT = 0x23
    CARD_READ = 0x24
    SHUFFLE_DONE = 0x25
    PACKET_DONE = 0x26


CONTROL = frozenset({Msg.ACK, Msg.NAK, Msg.PING, Msg.PONG, Msg.IDENTIFY, Msg.IDENTITY, Msg.AUTH_CHALLENGE,
                     Msg.AUTH_RESPONSE})


class DecodeError(ValueError):
    """A frame whose CRC is good but whose content is not a valid message."""


@dataclass(frozen=True, slots=True)
class Message:
    """Base of every catalogue entry; subclasses define CODE, pack() and unpack()."""

    CODE: ClassVar[Msg]

    def pack(self) -> bytes:
        return b""

    @classmethod
    def unpack(cls, payload: bytes) -> Message:
        if payload:
            raise DecodeError(f"{cls.__name__} takes no payload")
        return cls()


def _pos_code(position: str) -> int:
    try:
        return POSITIONS.index(position)
    except ValueError:
        raise ValueError(f"unknown position {position!r} (expected one of {', '.join(POSITIONS)})") from None


def _pos_name(code: int) -> str:
    if code >= len(POSITIONS):
        raise DecodeError(f"unknown position code {code}")
    return POSITIONS[code]


def _card_byte(card: int) -> int:
    if not 0 <= card <= 51:
        raise ValueError(f"card {card} out of range 0..51")
    return card


def _card_from(byte: int) -> int:
    if byte > 51:
        raise DecodeError(f"card byte {byte:#04x} out of range")
    return byte


def _pack_cards(cards: tuple[int, ...]) -> bytes:
    return bytes([len(cards)]) + bytes(_card_byte(c) for c in cards)


def _unpack_cards(payload: bytes, at: int) -> tuple[tuple[int, ...], int]:
    if at >= len(payload):
        raise DecodeError("truncated card list")
    n = payload[at]
    chunk = payload[at + 1 : at + 1 + n]
    if len(chunk) != n:
        raise DecodeError("truncated card list")
    return tuple(_card_from(b) for b in chunk), at + 1 + n


def device_text(raw: bytes, limit: int, what: str) -> str:
    """Text a device sent, or DecodeError: it is untrusted and ends up in the journal.

    Strict UTF-8 of at most ``limit`` bytes, printable characters only (``str.isprintable``:
    no control characters such as U+0000, no format, line-separator, private-use or
    unassigned code points). Anything else is a malformed payload, treated like a CRC error
    (docs/protocol.md), so no station record ever carries a byte a reader cannot index.
    """
    if len(raw) > limit:
        raise DecodeError(f"{what} longer than {limit} bytes")
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise DecodeError(f"{what} is not UTF-8") from None
    if not text.isprintable():
        bad = next(ch for ch in text if not ch.isprintable())
        raise DecodeError(f"{what} holds the unprintable character U+{ord(bad):04X}")
    return text


def printable(text: str, limit: int = MAX_FAULT_TEXT) -> str:
    """``text`` the station composed itself (an OS error's message) made safe to journal:
    unprintable characters escaped as ``\\xNN`` / ``\\uNNNN``, cut to ``limit`` bytes of UTF-8."""
    if not text.isprintable():
        text = "".join(ch if ch.isprintable() else ascii(ch)[1:-1] for ch in text)
    return _clip(text, limit).decode("utf-8")


def _clip(text: str, limit: int) -> bytes:
    """UTF-8 of ``text`` cut to ``limit`` bytes at a character boundary (so the far end can decode it)."""
    return text.encode("utf-8")[:limit].decode("utf-8", errors="ignore").encode("utf-8")


@dataclass(frozen=True, slots=True)
class Ack(Message):
    CODE: ClassVar[Msg] = Msg.ACK


@dataclass(frozen=True, slots=True)
class Nak(Message):
    CODE: ClassVar[Msg] = Msg.NAK


@dataclass(frozen=True, slots=True)
class Ping(Message):
    CODE: ClassVar[Msg] = Msg.PING


@dataclass(frozen=True, slots=True)
class _StateMessage(Message):
    """A message whose payload is one device state byte (PONG, STATUS)."""

    state: str = "ready"

    def pack(self) -> bytes:
        return bytes([STATES.index(self.state)])

    @classmethod
    def unpack(cls, payload: bytes) -> Any:
        if len(payload) != 1 or payload[0] >= len(STATES):
            raise DecodeError("bad state")
        return cls(STATES[payload[0]])


@dataclass(frozen=True, slots=True)
class Pong(_StateMessage):
    CODE: ClassVar[Msg] = Msg.PONG


@dataclass(frozen=True, slots=True)
class Identify(Message):
    """``instance`` is random per driver object: a device seeing a new one forgets its
    duplicate filter, so a restarted station's first command is never mistaken for a repeat."""

    CODE: ClassVar[Msg] = Msg.IDENTIFY
    instance: int = 0

    def pack(self) -> bytes:
        return struct.pack("<I", self.instance & 0xFFFFFFFF)

    @classmethod
    def unpack(cls, payload: bytes) -> Identify:
        if len(payload) != 4:
            raise DecodeError("bad identify")
        return cls(struct.unpack("<I", payload)[0])


@dataclass(frozen=True, slots=True)
class Identity(Message):
    """Reply to IDENTIFY. ``session`` changes at every device power-up."""

    CODE: ClassVar[Msg] = Msg.IDENTITY
    model: str = ""
    serial_number: str = ""
    firmware: str = ""
    protocol_version: int = PROTOCOL_VERSION
    session: int = 0

    def pack(self) -> bytes:
        parts = [_clip(s, MAX_IDENTITY_TEXT) for s in (self.model, self.serial_number, self.firmware)]
        return b"".join(bytes([len(p)]) + p for p in parts) + bytes([self.protocol_version, self.session])

    @classmethod
    def unpack(cls, payload: bytes) -> Identity:
        at, texts = 0, []
        for what in ("model", "serial number", "firmware"):
            if at >= len(payload):
                raise DecodeError("truncated identity")
            n = payload[at]
            chunk = payload[at + 1 : at + 1 + n]
            if len(chunk) != n:
                raise DecodeError("truncated identity")
            texts.append(device_text(chunk, MAX_IDENTITY_TEXT, what))
            at += 1 + n
        if len(payload) != at + 2:
            raise DecodeError("bad identity length")
        return cls(texts[0], texts[1], texts[2], payload[at], payload[at + 1])


def _fixed(payload: bytes, sizes: tuple[int, int], what: str) -> tuple[bytes, bytes]:
    if len(payload) != sum(sizes):
        raise DecodeError(f"bad {what} length")
    return payload[: sizes[0]], payload[sizes[0]:]


@dataclass(frozen=True, slots=True)
class AuthChallenge(Message):
    """Station -> device after IDENTITY: a fresh nonce and program-hash seed (``wire.auth``)."""

    CODE: ClassVar[Msg] = Msg.AUTH_CHALLENGE
    nonce: bytes = bytes(16)
    seed: bytes = bytes(16)

    def pack(self) -> bytes:
        if len(self.nonce) != 16 or len(self.seed) != 16:
            raise ValueError("nonce and seed are 16 bytes each")
        return self.nonce + self.seed

    @classmethod
    def unpack(cls, payload: bytes) -> AuthChallenge:
        return cls(*_fixed(payload, (16, 16), "auth challenge"))


@dataclass(frozen=True, slots=True)
class AuthResponse(Message):
    """Device -> station: the key's MAC over the challenge and the program's hash over the seed."""

    CODE: ClassVar[Msg] = Msg.AUTH_RESPONSE
    mac: bytes = bytes(32)
    program: bytes = bytes(32)

    def pack(self) -> bytes:
        if len(self.mac) != 32 or len(self.program) != 32:
            raise ValueError("mac and program hash are 32 bytes each")
        return self.mac + self.program

    @classmethod
    def unpack(cls, payload: bytes) -> AuthResponse:
        return cls(*_fixed(payload, (32, 32), "auth response"))


@dataclass(frozen=True, slots=True)
class Shuffle(Message):
    CODE: ClassVar[Msg] = Msg.SHUFFLE
    seed: int | None = None

    def pack(self) -> bytes:
        if self.seed is None:
            return b""
        if not 0 <= self.seed < 2**64:
            raise ValueError("shuffle seed must be in 0..2**64-1")
        return struct.pack("<Q", self.seed)

    @classmethod
    def unpack(cls, payload: bytes) -> Shuffle:
        if not payload:
            return cls(None)
        if len(payload) != 8:
            raise DecodeError("bad seed length")
        return cls(struct.unpack("<Q", payload)[0])


@dataclass(frozen=True, slots=True)
class VerifyDeck(Message):
    CODE: ClassVar[Msg] = Msg.VERIFY_DECK


@dataclass(frozen=True, slots=True)
class DealPacket(Message):
    CODE: ClassVar[Msg] = Msg.DEAL_PACKET
    position: str = "board"
    count: int = 1

    def pack(self) -> bytes:
        if not 1 <= self.count <= 255:
            raise ValueError("packet count must be 1..255")
        return bytes([_pos_code(self.position), self.count])

    @classmethod
    def unpack(cls, payload: bytes) -> DealPacket:
        if len(payload) != 2:
            raise DecodeError("bad deal packet")
        return cls(_pos_name(payload[0]), payload[1])


@dataclass(frozen=True, slots=True)
class Reset(Message):
    CODE: ClassVar[Msg] = Msg.RESET


@dataclass(frozen=True, slots=True)
class Stop(Message):
    CODE: ClassVar[Msg] = Msg.STOP


@dataclass(frozen=True, slots=True)
class StatusRequest(Message):
    CODE: ClassVar[Msg] = Msg.STATUS_REQUEST


@dataclass(frozen=True, slots=True)
class CardDispensedMsg(Message):
    CODE: ClassVar[Msg] = Msg.CARD_DISPENSED
    position: str = "board"
    index: int = 0
    card: int = 0

    def pack(self) -> bytes:
        return bytes([_pos_code(self.position), self.index, _card_byte(self.card)])

    @classmethod
    def unpack(cls, payload: bytes) -> CardDispensedMsg:
        if len(payload) != 3:
            raise DecodeError("bad card dispensed")
        return cls(_pos_name(payload[0]), payload[1], _card_from(payload[2]))


@dataclass(frozen=True, slots=True)
class DeckVerifiedMsg(Message):
    CODE: ClassVar[Msg] = Msg.DECK_VERIFIED
    count: int = 52
    missing: tuple[int, ...] = ()
    extra: tuple[int, ...] = ()
    duplicates: tuple[int, ...] = ()

    def pack(self) -> bytes:
        return bytes([self.count]) + b"".join(_pack_cards(c) for c in (self.missing, self.extra, self.duplicates))

    @classmethod
    def unpack(cls, payload: bytes) -> DeckVerifiedMsg:
        if not payload:
            raise DecodeError("empty deck verified")
        at, lists = 1, []
        for _ in range(3):
            cards, at = _unpack_cards(payload, at)
            lists.append(cards)
        if at != len(payload):
            raise DecodeError("trailing bytes in deck verified")
        return cls(payload[0], *lists)


@dataclass(frozen=True, slots=True)
class StatusMsg(_StateMessage):
    CODE: ClassVar[Msg] = Msg.STATUS


@dataclass(frozen=True, slots=True)
class FaultMsg(Message):
    CODE: ClassVar[Msg] = Msg.FAULT
    code: str = "internal_error"
    text: str = ""

    def pack(self) -> bytes:
        return bytes([FAULT_CODES.index(self.code)]) + _clip(self.text, MAX_FAULT_TEXT)

    @classmethod
    def unpack(cls, payload: bytes) -> FaultMsg:
        if not payload or payload[0] >= len(FAULT_CODES):
            raise DecodeError("bad fault code")
        return cls(FAULT_CODES[payload[0]], device_text(payload[1:], MAX_FAULT_TEXT, "fault text"))


@dataclass(frozen=True, slots=True)
class CardReadMsg(Message):
    CODE: ClassVar[Msg] = Msg.CARD_READ
    card: int | None = None

    def pack(self) -> bytes:
        return bytes([UNREADABLE if self.card is None else _card_byte(self.card)])

    @classmethod
    def unpack(cls, payload: bytes) -> CardReadMsg:
        if len(payload) != 1:
            raise DecodeError("bad card read")
        return cls(None if payload[0] == UNREADABLE else _card_from(payload[0]))


@dataclass(frozen=True, slots=True)
class ShuffleDoneMsg(Message):
    CODE: ClassVar[Msg] = Msg.SHUFFLE_DONE


@dataclass(frozen=True, slots=True)
class PacketDoneMsg(Message):
    CODE: ClassVar[Msg] = Msg.PACKET_DONE
    position: str = "board"
    count: int = 0

    def pack(self) -> bytes:
        return bytes([_pos_code(self.position), self.count])

    @classmethod
    def unpack(cls, payload: bytes) -> PacketDoneMsg:
        if len(payload) != 2:
            raise DecodeError("bad packet done")
        return cls(_pos_name(payload[0]), payload[1])


CATALOGUE: dict[int, type[Message]] = {
    cls.CODE: cls
    for cls in (
        Ack, Nak, Ping, Pong, Identify, Identity, AuthChallenge, AuthResponse, Shuffle, VerifyDeck, DealPacket, Reset, Stop,
        StatusRequest, CardDispensedMsg, DeckVerifiedMsg, StatusMsg, FaultMsg, CardReadMsg,
        ShuffleDoneMsg, PacketDoneMsg,
    )
}


# ------------------------------------------------------------------------ frames


@dataclass(frozen=True, slots=True)
class Frame:
    """One decoded frame. For ACK/NAK, session and seq name the frame acknowledged."""

    message: Message
    session: int = 0
    seq: int = 0

    @property
    def is_control(self) -> bool:
        return self.message.CODE in CONTROL


@dataclass(frozen=True, slots=True)
class Corrupt:
    """Something between two flags that is not a valid frame (the receiver NAKs it)."""

    reason: str
    raw: bytes = field(default=b"", repr=False)
    malformed: bool = False
    """The CRC was good but the content is not a valid message: not line noise, the device said it."""


def stuff(body: bytes) -> bytes:
    if FLAG not in body and ESC not in body:
        return body
    out = bytearray()
    for b in body:
        if b == FLAG or b == ESC:
            out += bytes((ESC, b ^ ESC_XOR))
        else:
            out.append(b)
    return bytes(out)


def frame_body(message: Message, session: int = 0, seq: int = 0) -> bytes:
    """Unstuffed body including the CRC (little-endian)."""
    head = bytes((message.CODE, session & 0xFF, seq & 0xFF)) + message.pack()
    crc = crc16_kermit(head)
    return head + bytes((crc & 0xFF, crc >> 8))


def encode(message: Message, session: int = 0, seq: int = 0) -> bytes:
    """Wire bytes of one frame, flags included."""
    return bytes((FLAG,)) + stuff(frame_body(message, session, seq)) + bytes((FLAG,))


def encode_frame(frame: Frame) -> bytes:
    return encode(frame.message, frame.session, frame.seq)


def decode_body(body: bytes) -> Frame | Corrupt:
    """Check the CRC and parse one unstuffed body; never raises."""
    if len(body) < 5:
        return Corrupt("short frame", body)
    if crc16_kermit(body[:-2]) != body[-2] | (body[-1] << 8):
        return Corrupt("bad crc", body)
    cls = CATALOGUE.get(body[0])
    if cls is None:
        return Corrupt(f"unknown message {body[0]:#04x}", body, malformed=True)
    try:
        message = cls.unpack(body[3:-2])
    except (DecodeError, ValueError, IndexError, UnicodeError) as exc:
        return Corrupt(f"bad payload: {exc}", body, malformed=True)
    return Frame(message, body[1], body[2])


class FrameDecoder:
    """Streaming decoder: feed any bytes, get frames and corruption reports back.

    Resynchronises at every flag: a torn frame is reported once as Corrupt and the
    next complete frame decodes normally. Empty frames (back-to-back flags) are idle
    fill and reported as nothing.
    """

    def __init__(self) -> None:
        self._buf = bytearray()
        self._in_frame = False
        self._escaped = False
        self._overflow = False

    def feed(self, data: bytes) -> list[Frame | Corrupt]:
        out: list[Frame | Corrupt] = []
        buf = self._buf
        for b in data:
            if b == FLAG:
                if self._in_frame and (buf or self._escaped or self._overflow):
                    if self._overflow:
                        out.append(Corrupt("frame too long"))
                    elif self._escaped:
                        out.append(Corrupt("escape before flag", bytes(buf)))
                    else:
                        out.append(decode_body(bytes(buf)))
                elif not self._in_frame and buf:
                    out.append(Corrupt("garbage before flag", bytes(buf)))
                buf.clear()
                self._in_frame = True
                self._escaped = False
                self._overflow = False
                continue
            if self._overflow:
                continue
            if self._escaped:
                buf.append(b ^ ESC_XOR)
                self._escaped = False
            elif b == ESC:
                self._escaped = True
            else:
                buf.append(b)
            if len(buf) > MAX_BODY:
                buf.clear()
                self._overflow = True
        return out

    def reset(self) -> None:
        self._buf.clear()
        self._in_frame = False
        self._escaped = False
        self._overflow = False


class Deduplicator:
    """Delivers each (session, seq) once: with a window of one frame in flight a
    retransmission always repeats the last key, so remembering that key is enough."""

    def __init__(self) -> None:
        self.last: tuple[int, int] | None = None

    def is_new(self, frame: Frame) -> bool:
        key = (frame.session, frame.seq)
        if key == self.last:
            return False
        self.last = key
        return True

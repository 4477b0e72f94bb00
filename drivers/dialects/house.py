"""The house protocol (docs/protocol.md) as a dialect: CRC-16 frames, the reliable channel,
IDENTIFY/IDENTITY handshake, PING/PONG heartbeat, link loss within ``link_timeout``.

The frame codec and the ARQ channel are ``dealer_station.wire`` (one module the simulators
import too, so the two ends cannot drift); this module is the station's end of them. The
channel and its duplicate filter outlive reconnects, so events the device resends after a
reconnect are delivered once.
"""

from __future__ import annotations

import random
from typing import Protocol

import structlog

from dealer_station.wire import auth
from dealer_station.wire import codec as p
from dealer_station.wire.channel import DEFAULT_ACK_TIMEOUT, DEFAULT_MAX_RETRIES, ReliableChannel
from dealer_station.wire.reports import (
    CardDispensed,
    CardRead,
    DeckVerified,
    DeviceFault,
    DeviceIdentity,
    DeviceRefused,
    DeviceReport,
    DeviceStatus,
    PacketDone,
    ShuffleDone,
)

from .. import commands as c
from ..dialect import CommandRefused, Feed

log = structlog.get_logger()

DEFAULT_LINK_TIMEOUT = 2.0
STALL_S = 0.25
"""A gap this long between two looks at the link (the link thread polls every few ms) is this station not
being scheduled - a starved machine - not the device's silence: that time is not counted against the device.
A device that kept talking meanwhile is heard from the buffered bytes at once; one that is gone is still
called lost one link timeout of the station's own running time later."""


def identity_from(msg: p.Identity, authenticated: bool = False, key_id: str = "") -> DeviceIdentity:
    return DeviceIdentity(
        model=msg.model, serial_number=msg.serial_number, firmware=msg.firmware, protocol_version=msg.protocol_version,
        authenticated=authenticated, key_id=key_id,
    )


def report_from(msg: p.Message, device: str) -> DeviceReport | None:
    """Translate one delivered protocol event into its typed report (None: not an event)."""
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


def message_for(command: c.Command) -> p.Message:
    """The house protocol's frame for a role's command."""
    match command:
        case c.Shuffle(seed=seed):
            return p.Shuffle(seed)
        case c.VerifyDeck():
            return p.VerifyDeck()
        case c.DealPacket(position=position, count=count):
            return p.DealPacket(position, count)
        case c.Reset():
            return p.Reset()
        case c.Stop():
            return p.Stop()
        case c.StatusRequest():
            return p.StatusRequest()
    raise CommandRefused(f"the house protocol has no command {type(command).__name__}")


class Authenticator(Protocol):
    """Checks one device's answer to the station's challenge (``dealer_station.wire.auth.Verifier``)."""

    def check(self, model: str, serial_number: str, nonce: bytes, seed: bytes, mac: bytes,
              program: bytes) -> tuple[str, str] | None: ...

    def key_id(self, serial_number: str) -> str: ...


class HouseDialect:
    """The station's end of docs/protocol.md for one device role."""

    name = "house"

    def __init__(
        self,
        device: str,
        link_timeout: float = DEFAULT_LINK_TIMEOUT,
        ack_timeout: float = DEFAULT_ACK_TIMEOUT,
        max_retries: int = DEFAULT_MAX_RETRIES,
        authenticator: Authenticator | None = None,
    ) -> None:
        self.device = device
        self.authenticator = authenticator
        """None: the device is up once it identifies (no authentication asked for)."""
        self.authenticated_serial: str | None = None
        """The unit that proved itself on this port: another serial later is a swap, refused. The station
        sets it from its journal before the port opens (``expect``), so a swap while it was off is one too."""
        self.authenticated_key: str = ""
        """The id of the key that unit proved itself with ("": not known yet, the serial alone decides)."""
        self._reconnect = False
        self.link_timeout = link_timeout
        self.heartbeat = link_timeout / 4
        self.channel = ReliableChannel(random.randrange(1, 256), ack_timeout, max_retries)
        self.instance = random.getrandbits(32)
        self.device_session: int | None = None
        self.last_refused: str | None = None
        self._decoder = p.FrameDecoder()
        self._up = False
        self._last_rx = 0.0
        self._last_look = 0.0  # when ``broken`` last ran: the link thread's own pulse
        self._next_beat = 0.0
        self._malformed = 0  # good-CRC frames refused since the last delivered one: the device repeating itself
        self._pending: p.Identity | None = None  # identified, challenged, not yet answered
        self._challenge: tuple[bytes, bytes] | None = None
        self._refused = False  # this connection's device was refused: hold it, say nothing, until the port goes

    def connected(self, now: float) -> Feed:
        self._decoder = p.FrameDecoder()
        self._up = False
        self._last_rx = self._last_look = self._next_beat = now
        self._malformed = 0
        self._pending = self._challenge = None
        self._refused = False
        return Feed()  # IDENTIFY goes out from pump until the device answers

    def disconnected(self) -> None:
        self._up = False
        self._pending = self._challenge = None
        self._refused = False

    def command(self, command: c.Command) -> None:
        message = message_for(command)
        try:
            message.pack()  # validate arguments in the caller's thread, not the I/O thread
        except ValueError as exc:
            raise CommandRefused(str(exc)) from None
        self.channel.send(message)

    def feed(self, data: bytes, now: float) -> Feed:
        out = Feed()
        reply = bytearray()
        channel = self.channel
        for item in self._decoder.feed(data):
            if isinstance(item, p.Frame):
                self._last_rx = now
                out.heard = True
                message = item.message
                if self._refused:
                    continue
                if isinstance(message, p.Identity):
                    if not self._up and self._pending is None:
                        out.received.extend(self._identify(message, now))
                    continue
                if isinstance(message, p.AuthResponse):
                    if self._pending is not None and self._challenge is not None:
                        out.received.append(self._authenticate(self._pending, self._challenge, message))
                    continue
                if item.is_control and message.CODE not in (p.Msg.ACK, p.Msg.NAK):
                    continue  # PONG: its arrival is the heartbeat
                if not self._up:
                    continue  # no ACK before identify: the device will resend after LinkUp
            else:
                if item.malformed:
                    self._malformed += 1
                    self.last_refused = f"its frames were refused: {item.reason}"
                    log.warning("link.frame_refused", device=self.device, reason=item.reason)
                if not self._up:
                    continue
            delivered, back = channel.receive(item, now)
            reply += back
            if delivered:
                self._malformed = 0
            for msg in delivered:
                report = report_from(msg, self.device)
                if report is None:
                    log.warning("driver.unexpected_message", device=self.device, message=type(msg).__name__)
                else:
                    out.received.append(report)
        out.reply = bytes(reply)
        return out

    def pump(self, now: float) -> bytes:
        if self._refused:
            return b""
        out = self.channel.pump(now) if self._up else b""
        if now >= self._next_beat:
            if self._up:
                out += p.encode(p.Ping())
            elif self._challenge is not None:
                out += p.encode(p.AuthChallenge(*self._challenge))  # until answered, as IDENTIFY
            else:
                out += p.encode(p.Identify(self.instance))
            self._next_beat = now + (self.heartbeat if self._up else min(self.heartbeat, 0.1))
        return out

    def next_due(self, now: float) -> float:
        """When the link must look again without input: the heartbeat (or the handshake's repeat), the frame in
        flight's ACK timeout, the link-loss verdict (``DriverLink`` sleeps until then, or until input)."""
        if self._refused:
            return now + self.link_timeout  # nothing is said to a refused unit: only its port going away
        due = min(self._next_beat, self._last_rx + self.link_timeout)
        ack = self.channel.due() if self._up else None
        return due if ack is None else min(due, ack)

    def broken(self, now: float) -> tuple[str, str] | None:
        channel = self.channel
        if self._refused:
            if self._reconnect:  # a supervisor accepted the unit held here: connect again, challenge it again
                self._reconnect = False
                return "the unit on the port was accepted: reconnecting", "link_lost"
            return None  # a refused device stays refused until its port goes away (no reconnect loop)
        stalled, self._last_look = now - self._last_look, now
        if stalled > STALL_S:  # this station was not scheduled: its own stall is not the device's silence
            self._last_rx = min(now, self._last_rx + stalled)
        if now - self._last_rx > self.link_timeout:
            return f"no reply for {self.link_timeout:g} s", "link_lost"
        if not self._up:
            return None
        if self._malformed > channel.max_retries:
            # A frame refused again and again is the device resending what it cannot say
            # correctly: as CRC errors beyond the budget (docs/protocol.md), not a silent wedge.
            return f"malformed frames beyond the retry budget ({self.last_refused})", "crc_errors"
        if channel.stalled:
            crc = channel.corrupt_since_ack > 0
            return ("CRC errors beyond the retry budget" if crc else "no ACK within the retry budget"), (
                "crc_errors" if crc else "link_lost"
            )
        return None

    def _identify(self, identity: p.Identity, now: float) -> list[DeviceIdentity | DeviceReport]:
        """IDENTITY arrived: up at once, or (with an authenticator) a challenge first."""
        if self.authenticator is None:
            return [self._identified(identity)]
        self._pending = identity  # another unit on this port is challenged too: its program hash is journaled
        self._challenge = auth.challenge()  # fresh per connection: an old answer cannot be replayed
        self._next_beat = now  # the challenge goes out with this very pump
        return []

    def _authenticate(self, identity: p.Identity, challenge: tuple[bytes, bytes],
                      answer: p.AuthResponse) -> DeviceIdentity | DeviceReport:
        assert self.authenticator is not None
        nonce, seed = challenge
        verdict = self.authenticator.check(identity.model, identity.serial_number, nonce, seed, answer.mac,
                                           answer.program)
        self._pending = self._challenge = None
        key = self.authenticator.key_id(identity.serial_number) if verdict is None else ""
        if self.authenticated_serial is not None and identity.serial_number != self.authenticated_serial:
            verdict = "swap", f"{identity.model} {identity.serial_number} appeared on the port of {self.authenticated_serial}"
        elif verdict is None and self.authenticated_key and key != self.authenticated_key:
            verdict = "swap", (f"{identity.model} {identity.serial_number} proved itself with another key than the unit "
                               "that stood on this port")
        if verdict is not None:
            return self._refuse(identity, verdict[0], verdict[1], answer.program)
        self.authenticated_serial, self.authenticated_key = identity.serial_number, key
        log.info("link.authenticated", device=self.device, model=identity.model, serial=identity.serial_number)
        return self._identified(identity, key)

    def expect(self, serial_number: str, key: str = "") -> None:
        """The unit that must stand on this port (``key``: the id of its key, "" for any enrolled one): another
        is refused as a swap. Told by the station, from its journal, before the port opens or once a
        supervisor accepted another unit (a unit held refused is then let go, to connect again)."""
        self.authenticated_serial, self.authenticated_key = serial_number, key
        if self._refused:
            self._reconnect = True

    def _refuse(self, identity: p.Identity, reason: str, detail: str, program: bytes) -> DeviceReport:
        self._refused = True
        self.last_refused = f"device refused: {reason}: {detail}"
        log.error("link.device_refused", device=self.device, model=identity.model, serial=identity.serial_number,
                  reason=reason, program_hash=program.hex())
        return DeviceRefused(device=self.device, model=identity.model, serial_number=identity.serial_number,
                             program_hash=program.hex(), reason=reason, detail=p.printable(detail))  # type: ignore[arg-type]

    def _identified(self, identity: p.Identity, key: str = "") -> DeviceIdentity:
        if self.device_session is not None and identity.session != self.device_session:
            dropped = self.channel.clear()
            log.warning("link.device_restarted", device=self.device, dropped_commands=len(dropped))
        self.device_session = identity.session
        self.channel.kick()
        self._up = True
        return identity_from(identity, authenticated=self.authenticator is not None, key_id=key)

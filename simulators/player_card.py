"""The player card reader's twin: a player swiping a casino card, as a serial reader or a keyboard wedge.

``sim://track2`` writes each swipe as a serial reader does, track 2 text and a line end, on a real pty;
``sim://track2?keyboard=1`` types it as a USB keyboard-wedge reader does, Linux ``input_event`` records
(key down and up, Shift around ``?``, Enter at the end) into a FIFO the real driver reads as it reads
``/dev/input/event*`` (``drivers/evdev_transport.py``; only the grab, an ioctl, does not apply to a pipe).

Faults a table meets: ``bad_swipe`` (the reader's own error read, ``;E?``), ``partial`` (the track cut
short), ``foreign`` (a card of another casino: the number does not start with the profile's prefix),
``unplug`` (the cable pulled for a while), and a misread LRC. ``swiped`` keeps what was swiped, in order.
"""

from __future__ import annotations

import os
import random
import struct
import tempfile
import threading
import time
from typing import Any, ClassVar

from dealer_station.errors import ConfigError

from .device import PtyEndpoint
from .streaming import StreamingTwin

KEY_EVENT = struct.Struct("@llHHi")
EV_KEY, EV_SYN = 1, 0
KEY_LEFTSHIFT, KEY_ENTER = 42, 28
KEYS = {**{str(d): 2 + (d - 1) % 10 for d in range(1, 10)}, "0": 11, "=": 13, ";": 39, "/": 53, ",": 51, ".": 52}
SHIFTED = {"?": 53, ":": 39, "<": 51, ">": 52, "+": 13}
"""linux/input-event-codes.h: KEY_1..KEY_0 = 2..11, KEY_EQUAL 13, KEY_SEMICOLON 39, KEY_COMMA 51, KEY_DOT 52,
KEY_SLASH 53; a US layout (what wedge readers emulate) types ``?`` ``:`` ``<`` ``>`` ``+`` with Shift."""
OTHER_CASINO = "999999"
EXPIRY = "2812"


def track2(number: str, data: str = EXPIRY, lrc: bool = False) -> str:
    """``;number=data?`` and, with ``lrc``, its LRC character."""
    text = f";{number}={data}?"
    if lrc:
        value = 0
        for ch in text:
            value ^= (ord(ch) - 0x30) & 0x0F
        text += chr(0x30 + value)
    return text


def key_events(text: str, at: float = 0.0) -> bytes:
    """``text`` then Enter as a keyboard types it: per key, EV_KEY down, EV_SYN, EV_KEY up, EV_SYN."""
    sec, usec = int(at), int((at % 1) * 1_000_000)
    out = bytearray()

    def event(kind: int, code: int, value: int) -> None:
        out.extend(KEY_EVENT.pack(sec, usec, kind, code, value))

    def press(code: int) -> None:
        for value in (1, 0):
            event(EV_KEY, code, value)
            event(EV_SYN, 0, 0)

    for ch in text:
        if ch in SHIFTED:
            event(EV_KEY, KEY_LEFTSHIFT, 1)
            press(SHIFTED[ch])
            event(EV_KEY, KEY_LEFTSHIFT, 0)
        elif ch in KEYS:
            press(KEYS[ch])
        else:
            press(30)  # KEY_A: a character no track has (a reader set to another layout)
    press(KEY_ENTER)
    return bytes(out)


class FifoEndpoint:
    """A FIFO the driver opens as it would an input device node; closing our end is the cable pulled."""

    def __init__(self, name: str) -> None:
        self._dir = tempfile.mkdtemp(prefix="dealer-sim-")
        self.path = os.path.join(self._dir, name)
        self._fd = -1
        self.plug()

    def plug(self) -> None:
        if self._fd < 0:
            if not os.path.exists(self.path):
                os.mkfifo(self.path, 0o600)
            self._fd = os.open(self.path, os.O_RDWR | os.O_NONBLOCK)  # a writer that never blocks on open

    def unplug(self) -> None:
        if self._fd >= 0:
            os.unlink(self.path)  # gone until replugged, as /dev/input/event* is
            os.close(self._fd)
            self._fd = -1

    def write(self, data: bytes) -> None:
        if self._fd >= 0:
            os.write(self._fd, data)

    def close(self) -> None:
        self.unplug()
        try:
            os.rmdir(self._dir)
        except OSError:
            pass


class PlayerCardSimulator(StreamingTwin):
    kind: ClassVar[str] = "player_card"
    scheme: ClassVar[str] = "track2"
    port_name: ClassVar[str] = "track2"
    baudrate = 9600

    @classmethod
    def for_url(cls, name: str, params: dict[str, Any]) -> PlayerCardSimulator:
        """``sim://track2?prefix=601000&keyboard=1&seed=3`` (``seat`` and the rest go to the driver)."""
        keyboard = str(params.pop("keyboard", "0")).lower() in ("1", "true", "yes")
        return cls(prefix=str(params.pop("prefix", "601000")), keyboard=keyboard, seed=params.pop("seed", None))

    @classmethod
    def standalone(cls, seed: int | None, delay: float, faults: list[str]) -> PlayerCardSimulator:
        """A player swiping every ``delay`` seconds (2 unless given): the casino's cards of accounts ``1001`` to
        ``1007``, and now and then (``bad_rate``, ``foreign_rate``: ``--fault bad_rate=0.1``) a bad swipe or another
        casino's card."""
        rates = {"bad_rate": 0.0, "foreign_rate": 0.0}
        for spec in faults:
            name, _, value = spec.partition("=")
            if name not in rates:
                raise ConfigError(f"unknown player card fault {name!r} (known: {', '.join(rates)})")
            try:
                rates[name] = float(value)
            except ValueError:
                raise ConfigError(f"bad value {value!r} for {name!r}") from None
        return cls(seed=seed, every=delay or 2.0, bad_rate=rates["bad_rate"], foreign_rate=rates["foreign_rate"])

    def __init__(self, prefix: str = "601000", keyboard: bool = False, seed: int | None = None,
                 every: float = 0.0, bad_rate: float = 0.0, foreign_rate: float = 0.0) -> None:
        super().__init__()
        self.every = every  # standalone: a swipe every ``every`` seconds (0: only when asked)
        self.bad_rate, self.foreign_rate = bad_rate, foreign_rate
        self.prefix = prefix
        self.keyboard = keyboard
        self.rng = random.Random(seed)
        self.serial_number = f"SIM-TRACK2-{self.rng.randrange(1 << 16):04X}"
        self.swiped: list[str] = []
        self._fifo: FifoEndpoint | None = None
        self._lock = threading.Lock()

    def start(self) -> PlayerCardSimulator:
        if not self.keyboard:
            super().start()
        elif self._fifo is None:
            self._fifo = FifoEndpoint("event-kbd")
        return self

    def stop(self) -> None:
        if self._fifo is not None:
            self._fifo.close()
            self._fifo = None
        super().stop()

    @property
    def port_path(self) -> str:
        return self._fifo.path if self._fifo is not None else super().port_path

    @property
    def url(self) -> str:
        if self.keyboard:
            return f"hid://{self.port_path}?serial_number={self.serial_number}"
        return super().url

    def _run(self) -> None:
        while not self._stop.wait(self.every or None):
            draw = self.rng.random()
            if draw < self.bad_rate:
                self.bad_swipe()
            elif draw < self.bad_rate + self.foreign_rate:
                self.foreign()
            else:
                self.swipe(str(self.rng.randrange(1001, 1008)))

    # -- what a player and the faults do
    def number(self, account: str) -> str:
        """The casino's card number for ``account`` (its prefix, then the account)."""
        return self.prefix + account

    def swipe(self, account: str, lrc: bool | None = None) -> None:
        """A player swipes the casino's card of ``account`` (an LRC or not, as readers are set)."""
        self.write_track(track2(self.number(account), lrc=self.rng.random() < 0.5 if lrc is None else lrc))

    def foreign(self, account: str = "1234567890") -> None:
        """A card of another casino: a whole, valid track 2 whose number is not the profile's."""
        self.write_track(track2(OTHER_CASINO + account))

    def bad_swipe(self) -> None:
        self.write_track(";E?")

    def partial(self, account: str = "1234567890") -> None:
        """The card pulled too fast: the start of the track, no end sentinel."""
        whole = track2(self.number(account))
        self.write_track(whole[: self.rng.randrange(2, len(whole) - 2)])

    def misread(self, account: str = "1234567890") -> None:
        """A digit flipped on the way: the LRC no longer matches."""
        good = track2(self.number(account), lrc=True)
        flipped = good[:3] + ("1" if good[3] != "1" else "2") + good[4:]
        self.write_track(flipped)

    def unplug(self, seconds: float = 0.5) -> None:
        """The reader's cable pulled for ``seconds`` (blocks that long)."""
        endpoint: Any = self._fifo if self._fifo is not None else self._pty
        endpoint.unplug()
        time.sleep(seconds)
        endpoint.plug()

    def write_track(self, text: str) -> None:
        with self._lock:
            self.swiped.append(text)
            if self._fifo is not None:
                self._fifo.write(key_events(text, time.time()))
            else:
                pty: PtyEndpoint | None = self._pty
                assert pty is not None, "start() the simulator first"
                pty.write(text.encode("ascii") + b"\r\n")

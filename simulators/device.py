"""What every simulated device shares: the device side of the link and the faults that
act on the wire (corruption, bad CRC, silence, disconnect, power-cycle, door).

The link itself is the drivers' own ``ReliableChannel`` and frame codec, so the two
ends cannot drift apart. Garbage never stops a simulator: it NAKs and resynchronises.
"""

from __future__ import annotations

import abc
import hashlib
import os
import queue
import random
import select
import shutil
import tempfile
import threading
import time
import tty
from collections.abc import Callable
from typing import Any, Protocol, Self

import structlog

from dealer_station.wire import auth
from dealer_station.wire import codec as p
from dealer_station.wire.channel import DEFAULT_ACK_TIMEOUT, DEFAULT_MAX_RETRIES, ReliableChannel

from .faults import FaultPlan

log = structlog.get_logger()

POLL = 0.005
IDLE_POLL = 0.05
"""How long an idle twin waits for input (nothing to dispense, no frame awaiting its ACK): a report from another
thread (``present``) or an injected fault wakes it at once."""


class Endpoint(Protocol):
    """The device end of a transport; unplug/plug model a cable pull."""

    def read(self, timeout: float) -> bytes: ...

    def write(self, data: bytes) -> None: ...

    def unplug(self) -> None: ...

    def plug(self) -> None: ...

    def close(self) -> None: ...

    def wake(self) -> None:
        """Make a blocked ``read`` return now (output is waiting)."""


class PtyEndpoint:
    """Master side of a real pty. The driver opens ``path``, a stable symlink to the
    current slave, so a simulated unplug/replug keeps the name like /dev/ttyUSB0 does."""

    def __init__(self, name: str) -> None:
        self._dir = tempfile.mkdtemp(prefix="dealer-sim-")
        self.path = os.path.join(self._dir, name)
        self.slave_name = ""
        self._master = -1
        self._slave = -1
        self._wake_r, self._wake_w = os.pipe()
        os.set_blocking(self._wake_r, False)
        os.set_blocking(self._wake_w, False)
        self.plug()

    def plug(self) -> None:
        if self._master >= 0:
            return
        master, slave = os.openpty()
        tty.setraw(slave)  # no echo or line editing before the driver configures the port
        os.set_blocking(master, False)  # a full buffer drops bytes like a UART, never blocks
        self._master, self._slave = master, slave  # holding the slave keeps EIO off the master
        self.slave_name = os.ttyname(slave)
        tmp = self.path + ".new"
        os.symlink(self.slave_name, tmp)
        os.replace(tmp, self.path)

    def unplug(self) -> None:
        if self._master < 0:
            return
        try:
            os.unlink(self.path)  # gone until replugged, so the driver cannot open a reused pts
        except FileNotFoundError:
            pass
        os.close(self._master)
        os.close(self._slave)
        self._master = self._slave = -1

    def read(self, timeout: float) -> bytes:
        if self._master < 0:
            time.sleep(timeout)
            return b""
        ready, _, _ = select.select([self._master, self._wake_r], [], [], timeout)
        if self._wake_r in ready:
            try:
                os.read(self._wake_r, 512)
            except BlockingIOError:
                pass
        if self._master not in ready:
            return b""
        try:
            return os.read(self._master, 4096)
        except (BlockingIOError, OSError):
            return b""

    def write(self, data: bytes) -> None:
        if self._master < 0:
            return
        try:
            os.write(self._master, data)
        except (BlockingIOError, OSError):
            pass  # nobody reading: the bytes are lost, as on a real line

    def write_all(self, data: bytes, timeout: float = 2.0) -> bool:
        """Write every byte, waiting while the reader is behind (a line cannot overrun its
        receiver: the baud rate paces it). False if unplugged or nobody drained it in time."""
        view = memoryview(data)
        deadline = time.monotonic() + timeout
        while view:
            if self._master < 0:
                return False
            try:
                view = view[os.write(self._master, view):]
            except BlockingIOError:
                if time.monotonic() > deadline:
                    return False
                time.sleep(0.0005)
            except OSError:
                return False
        return True

    def wake(self) -> None:
        try:
            os.write(self._wake_w, b"!")
        except (BlockingIOError, OSError):
            pass  # already woken (pipe full) or closed

    def close(self) -> None:
        self.unplug()
        for fd in (self._wake_r, self._wake_w):
            try:
                os.close(fd)
            except OSError:
                pass
        shutil.rmtree(self._dir, ignore_errors=True)


def device_key(serial_number: str) -> bytes:
    """The key a simulated unit holds for its serial number (what ``devices enrol`` would record)."""
    return hashlib.sha256(b"dealer-station simulated device key\0" + serial_number.encode("utf-8")).digest()


def program_image(model: str, firmware: str) -> bytes:
    """A simulated unit's program image: what an approved-programs list holds for that model."""
    return hashlib.sha256(f"{model} {firmware}".encode()).digest() * 256


class SimulatedDevice(abc.ABC):
    """Runs the device end of the protocol on its own thread."""

    kind = "device"
    model = "DS-SIM"
    firmware = "1.0.0"
    baudrate = 115200
    backend: Any = None  # an in-process pyusb backend its driver must be given (a USB reader's)

    def __init__(
        self,
        seed: int | None = None,
        faults: FaultPlan | None = None,
        ack_timeout: float = DEFAULT_ACK_TIMEOUT,
        max_retries: int = DEFAULT_MAX_RETRIES,
    ) -> None:
        self.seed = seed if seed is not None else random.SystemRandom().getrandbits(32)
        self.faults = faults if faults is not None else FaultPlan()
        self.rng = random.Random(self.seed ^ 0x5EED)  # fault dice, reproducible per seed
        self.serial_number = f"SIM-{self.kind.upper()}-{self.seed & 0xFFFF:04X}"
        self.program = program_image(self.model, self.firmware)
        """The firmware image the device hashes for the station (``wire.auth.program_hash``)."""
        self._ack_timeout = ack_timeout
        self._max_retries = max_retries
        self.trace: Callable[[p.Message, float], None] | None = None  # first send of each event
        self.session = random.randrange(1, 256)
        self.channel = self._new_channel()
        self.lock = threading.RLock()  # device state: link thread and caller (present()) both touch it
        self.door_open = False
        self._driver_instance: int | None = None
        self._actions: queue.Queue[Callable[[float], None]] = queue.Queue()
        self._silent_until = 0.0
        self._offline_until: float | None = None
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self.endpoint: Endpoint | None = None

    # -- subclass hooks
    @abc.abstractmethod
    def _make_endpoint(self) -> Endpoint: ...

    @abc.abstractmethod
    def handle(self, message: p.Message) -> None:
        """Act on one delivered command (called with ``lock`` held)."""

    def tick(self, now: float) -> None:
        """Device work between I/O (dispensing); called with ``lock`` held."""

    def busy(self) -> bool:
        """Whether ``tick`` has work to do without input (cards to dispense): the twin keeps polling at ``POLL``."""
        return False

    def _wait(self, now: float) -> float:
        if self.busy() or not self.channel.idle or not self._actions.empty() or now < self._silent_until:
            return POLL
        return IDLE_POLL

    def power_on(self) -> None:
        """Reset volatile state after a power-cycle (called with ``lock`` held)."""

    @property
    def state(self) -> str:
        return "door_open" if self.door_open else "ready"

    # -- lifecycle
    def start(self) -> Self:
        if self._thread is None:
            self.endpoint = self._make_endpoint()
            self._stop.clear()
            self._thread = threading.Thread(target=self._run, name=f"sim-{self.kind}", daemon=True)
            self._thread.start()
            log.info("sim.started", device=self.kind, url=self.url)
        return self

    def stop(self) -> None:
        self._stop.set()
        if self._thread is not None:
            self._thread.join(timeout=5.0)
            self._thread = None
        if self.endpoint is not None:
            self.endpoint.close()
            self.endpoint = None

    def __enter__(self) -> SimulatedDevice:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()

    @property
    @abc.abstractmethod
    def url(self) -> str: ...

    # -- events and faults
    def emit(self, message: p.Message) -> None:
        self.channel.send(message)
        endpoint = self.endpoint
        if endpoint is not None and threading.current_thread() is not self._thread:
            endpoint.wake()  # a report from another thread (present()) goes out now

    def set_state_event(self) -> None:
        self.emit(p.StatusMsg(self.state))

    def fault(self, code: str, text: str) -> None:
        log.info("sim.fault", device=self.kind, code=code, text=text)
        self.emit(p.FaultMsg(code, text))

    def inject(self, kind: str, **kw: Any) -> None:
        """Immediate fault: disconnect(seconds), power_cycle(seconds), door_open, door_close,
        silence(seconds), swap, jam, misfeed. Runs on the device thread, in order."""
        actions: dict[str, Callable[[float], None]] = {
            "disconnect": lambda now: self._disconnect(now, kw.get("seconds", self.faults.disconnect_seconds)),
            "power_cycle": lambda now: self._power_cycle(now, kw.get("seconds", 0.2)),
            "door_open": lambda now: self._door(True),
            "door_close": lambda now: self._door(False),
            "silence": lambda now: self._silence(now, kw.get("seconds", self.faults.silence_seconds)),
            "swap": self._swap,
            "jam": lambda now: self.mechanical_fault("jam"),
            "misfeed": lambda now: self.mechanical_fault("misfeed"),
        }
        if kind not in actions:
            raise ValueError(f"unknown fault {kind!r}; expected one of {', '.join(actions)}")
        self._actions.put(actions[kind])
        endpoint = self.endpoint
        if endpoint is not None:
            endpoint.wake()  # an idle twin waits on its input: the fault acts now

    def mechanical_fault(self, code: str) -> None:
        self.fault(code, f"{code} reported by the {self.kind}")

    @property
    def key(self) -> bytes:
        return device_key(self.serial_number)

    def _auth_response(self, challenge: p.AuthChallenge) -> p.AuthResponse:
        """The answer to the station's challenge; faults: ``impostor`` (a key that is not the
        enrolled one), ``rogue_firmware`` (a rewritten program)."""
        key = device_key("impostor:" + self.serial_number) if self.faults.impostor else self.key
        image = self.program + b"rewritten" if self.faults.rogue_firmware else self.program
        return p.AuthResponse(*auth.respond(key, image, self.serial_number, challenge.nonce, challenge.seed))

    def _swap(self, now: float) -> None:
        """Another unit of the same model on the same port: a power-cycle that comes back as a new serial."""
        log.info("sim.swap", device=self.kind, serial=self.serial_number)
        self.serial_number = f"SIM-{self.kind.upper()}-{(self.seed + 1) & 0xFFFF:04X}-SWAP"
        self._power_cycle(now, 0.2)

    def after_card(self, count: int) -> None:
        """Fire the plan's one-shot "after N cards" link faults (lock held, device thread)."""
        plan = self.faults
        for name, kind in (
            ("door_open_after", "door_open"),
            ("silence_after", "silence"),
            ("disconnect_after", "disconnect"),
            ("power_cycle_after", "power_cycle"),
            ("swap_after", "swap"),
        ):
            limit = getattr(plan, name)
            if limit is not None and count >= limit:
                setattr(plan, name, None)
                self.inject(kind)

    def _door(self, open_: bool) -> None:
        with self.lock:
            if self.door_open == open_:
                return
            self.door_open = open_
            if open_:
                self.fault("door_open", f"{self.kind} door opened")
            self.set_state_event()

    def _silence(self, now: float, seconds: float) -> None:
        log.info("sim.silence", device=self.kind, seconds=seconds)
        self._silent_until = now + seconds

    def _disconnect(self, now: float, seconds: float) -> None:
        log.info("sim.disconnect", device=self.kind, seconds=seconds)
        assert self.endpoint is not None
        self.endpoint.unplug()
        self._offline_until = now + seconds

    def _power_cycle(self, now: float, seconds: float) -> None:
        """Lose everything volatile: session, sequence numbers, unsent events, deck state."""
        self._disconnect(now, seconds)
        with self.lock:
            self.session = random.choice([s for s in range(1, 256) if s != self.session])
            self.channel = self._new_channel()
            self._driver_instance = None
            self.door_open = False
            self.power_on()
            self.fault("power_restored", f"{self.kind} restarted after power loss")
            self.set_state_event()

    def _new_channel(self) -> ReliableChannel:
        return ReliableChannel(
            self.session, self._ack_timeout, self._max_retries, on_first_send=lambda m, t: self._traced(m, t)
        )

    def _traced(self, message: p.Message, t: float) -> None:
        if self.trace is not None:
            self.trace(message, t)

    # -- the wire
    def _garble(self, data: bytes) -> bytes:
        rate = self.faults.corrupt_rate
        if not rate or not data:
            return data
        rng = self.rng
        buf = bytearray(data)
        for i in range(len(buf)):
            if rng.random() < rate:
                buf[i] = rng.randrange(256)
        return bytes(buf)

    def _send(self, data: bytes) -> None:
        if not data or self.endpoint is None:
            return
        rate = self.faults.bad_crc_rate
        if rate:
            parts = data.split(bytes((p.FLAG,)))
            for i, part in enumerate(parts):
                if part and self.rng.random() < rate:
                    parts[i] = part[:-1] + bytes((part[-1] ^ 0x01,))
            data = bytes((p.FLAG,)).join(parts)
        self.endpoint.write(self._garble(data))

    def _identity(self) -> p.Identity:
        return p.Identity(self.model, self.serial_number, self.firmware, p.PROTOCOL_VERSION, self.session)

    def _run(self) -> None:
        decoder = p.FrameDecoder()
        while not self._stop.is_set():
            now = time.monotonic()
            while not self._actions.empty():
                self._actions.get_nowait()(now)
            endpoint = self.endpoint
            assert endpoint is not None
            if self._offline_until is not None:
                if now < self._offline_until:
                    time.sleep(POLL)
                    continue
                self._offline_until = None
                decoder.reset()
                endpoint.plug()
            data = endpoint.read(self._wait(now))
            now = time.monotonic()
            if now < self._silent_until:
                with self.lock:
                    self.tick(now)
                continue  # hung firmware: hears nothing, says nothing
            out = bytearray()
            for item in decoder.feed(self._garble(data)) if data else ():
                out += self._on_item(item, now)
            with self.lock:
                self.tick(now)  # after the ACKs just read, so the next card goes out at once
            out += self.channel.pump(now)
            self._send(bytes(out))

    def _on_item(self, item: p.Frame | p.Corrupt, now: float) -> bytes:
        channel = self.channel
        if isinstance(item, p.Frame):
            if channel.stalled:
                channel.kick()  # the host is back: a fresh retry budget
            message = item.message
            if isinstance(message, p.Identify):
                if message.instance != self._driver_instance:
                    self._driver_instance = message.instance
                    channel.dedup.last = None  # a new station instance starts its own sequence
                channel.kick()
                return p.encode(self._identity())
            if isinstance(message, p.Ping):
                return p.encode(p.Pong(self.state))
            if isinstance(message, p.AuthChallenge):
                return p.encode(self._auth_response(message))
            if item.is_control and message.CODE not in (p.Msg.ACK, p.Msg.NAK):
                return b""
        delivered, reply = channel.receive(item, now)
        for message in delivered:
            with self.lock:
                self.handle(message)
        return reply

"""Sans-I/O stop-and-wait ARQ over the frame codec: the one link both sides speak.

Drivers (``drivers/link.py``) and simulators (``simulators/device.py``) each run a
``ReliableChannel`` on their own thread; it returns the bytes to write instead of writing
them, so the same object serves a driver, a simulator and unit tests.
"""

from __future__ import annotations

import threading
import time
from collections import deque
from collections.abc import Callable

from . import codec as p

DEFAULT_ACK_TIMEOUT = 0.2
DEFAULT_MAX_RETRIES = 3


class ReliableChannel:
    """Stop-and-wait ARQ over the frame codec, one data frame in flight per direction.

    Returns the bytes to write instead of writing them, so the same object serves a
    driver thread, a simulator thread and unit tests. Thread-safe via ``lock``.
    """

    def __init__(
        self,
        session: int,
        ack_timeout: float = DEFAULT_ACK_TIMEOUT,
        max_retries: int = DEFAULT_MAX_RETRIES,
        on_first_send: Callable[[p.Message, float], None] | None = None,
    ) -> None:
        self.session = session & 0xFF
        self.ack_timeout = ack_timeout
        self.max_retries = max_retries
        self.on_first_send = on_first_send
        self.lock = threading.RLock()
        self.outbox: deque[p.Message] = deque()
        self.dedup = p.Deduplicator()
        self._tx_seq = 0
        self._in_flight: tuple[p.Message, int, bytes] | None = None  # message, seq, wire bytes
        self._sent_at = 0.0
        self._retries = 0
        self.stalled = False  # retry budget spent; waits for kick()
        self.corrupt_since_ack = 0
        self.stats = {"sent": 0, "retransmits": 0, "corrupt": 0, "duplicates": 0, "stalls": 0}

    # -- sending
    def send(self, message: p.Message) -> None:
        with self.lock:
            self.outbox.append(message)

    @property
    def idle(self) -> bool:
        with self.lock:
            return self._in_flight is None and not self.outbox

    def clear(self) -> list[p.Message]:
        """Drop everything unsent (after a device power-cycle those commands are void)."""
        with self.lock:
            dropped = ([self._in_flight[0]] if self._in_flight else []) + list(self.outbox)
            self._in_flight = None
            self.outbox.clear()
            self.stalled = False
            self._retries = 0
            return dropped

    def due(self) -> float | None:
        """When ``pump`` has bytes to write without any input: 0 for a queued frame, the ACK timeout of the one
        in flight; None when nothing waits (the link may sleep until input or a wake)."""
        with self.lock:
            if self._in_flight is None:
                return 0.0 if self.outbox else None
            return None if self.stalled else self._sent_at + self.ack_timeout

    def kick(self) -> None:
        """New retry budget after a reconnect or a sign of life; resend at once."""
        with self.lock:
            if self.stalled or self._retries:
                self.stalled = False
                self._retries = 0
            self._sent_at = float("-inf")

    def _retransmit(self, now: float) -> bytes:
        if self._in_flight is None or self.stalled:
            return b""
        if self._retries >= self.max_retries:
            self.stalled = True
            self.stats["stalls"] += 1
            return b""
        self._retries += 1
        self._sent_at = now
        self.stats["retransmits"] += 1
        return self._in_flight[2]

    def pump(self, now: float) -> bytes:
        """Bytes to write now: the next queued frame, or a retransmission on ACK timeout."""
        with self.lock:
            if self._in_flight is None:
                if not self.outbox:
                    return b""
                message = self.outbox.popleft()
                seq = self._tx_seq
                self._tx_seq = (self._tx_seq + 1) & 0xFF
                wire = p.encode(message, self.session, seq)
                self._in_flight = (message, seq, wire)
                self._sent_at = now
                self._retries = 0
                self.corrupt_since_ack = 0
                self.stats["sent"] += 1
                if self.on_first_send is not None:
                    self.on_first_send(message, time.perf_counter())
                return wire
            if now - self._sent_at >= self.ack_timeout:
                return self._retransmit(now)
            return b""

    # -- receiving
    def receive(self, item: p.Frame | p.Corrupt, now: float) -> tuple[list[p.Message], bytes]:
        """Handle one decoded item; returns (messages to deliver, bytes to write)."""
        with self.lock:
            if isinstance(item, p.Corrupt):
                # NAK it, and resend ours at once: the garbage may have been our ACK.
                self.stats["corrupt"] += 1
                self.corrupt_since_ack += 1
                return [], p.encode(p.Nak()) + self._retransmit(now)
            code = item.message.CODE
            if code == p.Msg.ACK:
                if self._in_flight is not None and (item.session, item.seq) == (self.session, self._in_flight[1]):
                    self._in_flight = None
                    self._retries = 0
                    self.stalled = False
                return [], b""
            if code == p.Msg.NAK:
                return [], self._retransmit(now)
            ack = p.encode(p.Ack(), item.session, item.seq)
            if not self.dedup.is_new(item):
                self.stats["duplicates"] += 1
                return [], ack
            return [item.message], ack

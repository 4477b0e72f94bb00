"""The Bee-Tek USPC reading shoe's twin: writes HARDWARE.md's message forms to a real pty.

Receive-only like the shoe: it never reads the line. The dealer drawing a card is
``draw()`` (or, standalone, one card every ``delay`` seconds); the deck is a seeded shuffle
reloaded when it runs out. It writes every form the real firmware does (rank first and
suit first, with and without ``Card:``, ``10`` as well as ``T``), and the faults the driver
must survive: unreadable cards, alarms, warning codes, line noise between messages, a torn
message at the start of every connection, and the cable pulled (``inject("disconnect")``).

``segments`` records every byte written, in order, as (kind, bytes), so tests can check the
wire byte for byte; ``drawn`` is the truth the driver must reproduce (what left the shoe
while the line was up), ``lost`` what was drawn while it was down.
"""

from __future__ import annotations

import queue
import random
import threading
import time
from dataclasses import dataclass
from typing import Any, Literal

import structlog

from dealer_station.cards import RANKS, SUITS, Card
from drivers.dialects.beetek import BAUDRATE, BURN_TAG

from .deck import load_deck, shuffled

__all__ = ["BAUDRATE", "BeetekSimulator", "Drawn", "card_body", "message"]
from .faults import FaultPlan
from .streaming import StreamingTwin

log = structlog.get_logger()

Form = Literal["rank_first", "suit_first", "bare_rank_first", "bare_suit_first"]
FORMS: tuple[Form, ...] = ("rank_first", "suit_first", "bare_rank_first", "bare_suit_first")
TORN = b"rd:9C> "
"""What the host reads first when it opened the port mid-message: the tail of one (written
just before the first message after each connect: a pty drops what was sent before the open)."""


def card_body(card: Card, form: Form, ten: Literal["T", "10"] = "T") -> str:
    rank, suit = RANKS[card // 4], SUITS[card % 4].upper()
    rank = ten if rank == "T" else rank
    face = rank + suit if form in ("rank_first", "bare_rank_first") else suit + rank
    return face if form.startswith("bare") else f"Card:{face}"


def message(body: str, tag: str | None = "Game") -> bytes:
    """One message as the shoe writes it: ``" [tag]<body> "`` (or ``" <body> "`` untagged)."""
    return (f" [{tag}]<{body}> " if tag else f" <{body}> ").encode("ascii")


@dataclass(frozen=True, slots=True)
class Drawn:
    """What the driver must report for one draw: a card, or ``None`` when the shoe could not read it."""

    card: Card | None
    burn: bool
    face: Card  # the card that physically left the shoe


class BeetekSimulator(StreamingTwin):
    scheme = port_name = "beetek"
    kind = "reading_shoe"
    model = "Bee-Tek USPC (simulated)"
    baudrate = BAUDRATE

    @classmethod
    def for_url(cls, name: str, params: dict[str, Any]) -> BeetekSimulator:
        """``sim://beetek?seed=3&delay=0.1&fault=unreadable_rate=0.05``: draws on ``draw()``."""
        faults = FaultPlan.parse(params.pop("fault", []))
        return cls(seed=params.pop("seed", None), delay=params.pop("delay", 0.0), faults=faults)

    @classmethod
    def standalone(cls, seed: int | None, delay: float, faults: list[str]) -> BeetekSimulator:
        """A dealer drawing a card every ``delay`` seconds (1 unless given)."""
        return cls(seed=seed, faults=FaultPlan.parse(faults), delay=delay or 1.0, auto=True)

    def __init__(self, seed: int | None = None, faults: FaultPlan | None = None, form: Form | Literal["mixed"] = "mixed",
                 delay: float = 0.0, auto: bool = False, torn_start: bool = True) -> None:
        super().__init__()
        self.seed = seed if seed is not None else random.SystemRandom().getrandbits(32)
        self.faults = faults if faults is not None else FaultPlan()
        self.rng = random.Random(self.seed ^ 0xBEE7)
        self.form = form
        self.delay = delay
        self.auto = auto  # standalone: the dealer draws a card every ``delay`` seconds
        self.torn_start = torn_start
        self.serial_number = f"SIM-BEETEK-{self.seed & 0xFFFF:04X}"
        self.burn_mode = False
        self.segments: list[tuple[str, bytes]] = []
        self.drawn: list[Drawn] = []
        self.lost: list[Drawn] = []
        self.draws = 0
        self.trace: Any = None  # called (report kind, perf_counter) when a card message is written
        self._deck: list[Card] = []
        self._shuffles = 0
        self._todo: queue.Queue[tuple[str, Any]] = queue.Queue()
        self._offline_until: float | None = None
        self._torn_pending = False
        self.lock = threading.Lock()

    # -- what the dealer and the faults do (any thread; written in order by the shoe's thread)
    def draw(self, count: int = 1) -> None:
        for _ in range(count):
            self._todo.put(("draw", None))

    def shuffle(self) -> None:
        """A fresh shuffled deck in the shoe (a dealer reshuffles between rounds; seeded like the rest)."""
        self._todo.put(("shuffle", None))

    def burn(self, on: bool = True) -> None:
        """Switch burn mode: the next draws are written as ``[Manual Burn Cards]``."""
        self._todo.put(("burn", on))

    def alarm(self, text: str = "E3 Card Not Read", tag: str = "Game") -> None:
        self._todo.put(("alarm", (text, tag)))

    def warning(self, code: int = 1) -> None:
        self._todo.put(("warning", code))

    def garbage(self, data: bytes | None = None) -> None:
        self._todo.put(("garbage", data))

    def inject(self, kind: str, **kw: Any) -> None:
        """``disconnect`` (seconds): the cable pulled; what is drawn meanwhile is lost."""
        if kind != "disconnect":
            raise ValueError(f"unknown fault {kind!r}; expected disconnect")
        self._todo.put(("disconnect", kw.get("seconds", self.faults.disconnect_seconds)))

    def idle(self) -> bool:
        """Everything asked for so far has been written (or lost)."""
        return self._todo.unfinished_tasks == 0

    # -- the shoe's thread
    def _run(self) -> None:
        assert self._pty is not None
        self._torn_pending = self.torn_start
        next_auto = time.monotonic() + self.delay
        while not self._stop.is_set():
            now = time.monotonic()
            if self._offline_until is not None and now >= self._offline_until:
                self._offline_until = None
                self._pty.plug()
                self._torn_pending = self.torn_start
            if self.auto and now >= next_auto:
                self._todo.put(("draw", None))
                next_auto = now + max(self.delay, 0.05)
            try:
                what, arg = self._todo.get(timeout=0.005)
            except queue.Empty:
                continue
            try:
                self._do(what, arg)
                if what == "draw" and self.delay and not self.auto:
                    time.sleep(self.delay)
            finally:
                self._todo.task_done()

    def _do(self, what: str, arg: Any) -> None:
        plan = self.faults
        if what == "burn":
            self.burn_mode = bool(arg)
        elif what == "shuffle":
            self._deck = []  # the next draw loads the next seeded shuffle
        elif what == "alarm":
            text, tag = arg
            self._write("alarm", message(f"Alarm:{text}", tag))
        elif what == "warning":
            self._write("warning", f" <W0x{arg:02X}> ".encode("ascii"))
        elif what == "garbage":
            self._write("garbage", arg if arg is not None else self._noise())
        elif what == "disconnect":
            self._disconnect(float(arg))
        elif what == "draw":
            self._draw_one()
            if plan.garbage_rate and self.rng.random() < plan.garbage_rate:
                self._write("garbage", self._noise())
            if plan.alarm_rate and self.rng.random() < plan.alarm_rate:
                self._write("alarm", message("Alarm:E3 Card Not Read", self.rng.choice(("Game", "GameAlarm"))))
            if plan.warning_rate and self.rng.random() < plan.warning_rate:
                self._write("warning", f" <W0x{self.rng.randrange(1, 16):02X}> ".encode("ascii"))
            limit = plan.disconnect_after
            if limit is not None and self.draws >= limit:
                plan.disconnect_after = None
                self._disconnect(plan.disconnect_seconds)

    def _draw_one(self) -> None:
        if not self._deck:
            self._deck = [c.face for c in shuffled(load_deck(), self.seed + self._shuffles)]
            self._shuffles += 1
        face = self._deck.pop(0)
        self.draws += 1
        plan = self.faults
        unreadable = plan.unreadable_next > 0 or (plan.unreadable_rate and self.rng.random() < plan.unreadable_rate)
        if plan.unreadable_next > 0:
            plan.unreadable_next -= 1
        tag = BURN_TAG if self.burn_mode else "Game"
        if unreadable:
            data = message("Game", tag)
        else:
            form: Form = self.rng.choice(FORMS) if self.form == "mixed" else self.form
            data = message(card_body(face, form, self.rng.choice(("T", "10"))), tag)
        drawn = Drawn(None if unreadable else face, self.burn_mode, face)
        self.drawn.append(drawn)  # the truth before the bytes: a driver may report the card before this thread resumes
        if self._write("unreadable" if unreadable else "card", data):
            if self.trace is not None:
                self.trace(drawn, time.perf_counter())
        else:
            self.drawn.pop()
            self.lost.append(drawn)

    def _noise(self) -> bytes:
        """Line noise: random bytes, never a message (no ``<`` or ``>``, so no message can form)."""
        size = self.rng.randrange(1, 9)
        return bytes(self.rng.choice([b for b in range(256) if b not in b"<> "]) for _ in range(size)) + b" "

    def _write(self, kind: str, data: bytes) -> bool:
        pty = self._pty
        if pty is None or self._offline_until is not None:
            return False
        with self.lock:
            if self._torn_pending:  # the first bytes the host sees after connecting: a message torn by it
                self._torn_pending = False
                if pty.write_all(TORN):
                    self.segments.append(("torn", TORN))
            ok = pty.write_all(data)
            if ok:
                self.segments.append((kind, data))
        return ok

    def _disconnect(self, seconds: float) -> None:
        assert self._pty is not None
        log.info("sim.disconnect", device=self.kind, seconds=seconds)
        self._pty.unplug()
        self._offline_until = time.monotonic() + seconds

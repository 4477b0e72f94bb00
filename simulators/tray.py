"""The house RFID tray antenna's twin: a rack of chips in columns, written as scan lines to a real pty.

The rack is ``columns``: column -> the chip ids lying in it, changed from any thread by ``put`` / ``take``
(what the croupier does: collect into the tray, pay from it, a fill racked, a skim). Every ``interval``
seconds the antenna's thread writes one scan of every column (``scan(n)`` asks for ``n`` now, back to
back). Faults (``sim://tray?fault=...`` or the methods): a column unread (``column_down=N``: reported
faulted until ``column_up``), a chip missed for one scan (``miss``: that chip left out of the next scan
only, or ``miss_rate`` per chip per scan), and the cable pulled (``inject("disconnect")``).

``scans`` is how many scans went out; ``wait_scan(k)`` blocks until scan ``k`` has.
"""

from __future__ import annotations

import random
import threading
import time
from collections.abc import Iterable
from typing import Any

import structlog

from dealer_station.errors import ConfigError
from drivers.dialects.tray import BAUDRATE, MAX_COLUMNS, encode_scan

from .streaming import StreamingTwin

log = structlog.get_logger()

FAULTS = "miss_rate, column_down=N, disconnect_seconds"


class TrayFaults:
    """The antenna's fault plan, from ``name=value`` specs (``--fault`` / ``sim://tray?fault=``)."""

    def __init__(self) -> None:
        self.miss_rate = 0.0
        self.column_down: set[int] = set()
        self.disconnect_seconds = 0.3

    @classmethod
    def parse(cls, specs: Iterable[str]) -> TrayFaults:
        plan = cls()
        for spec in specs:
            name, _, value = spec.partition("=")
            try:
                if name == "miss_rate":
                    plan.miss_rate = _fraction(value)
                elif name == "disconnect_seconds":
                    plan.disconnect_seconds = float(value)
                    if not 0.0 <= plan.disconnect_seconds <= 60.0:
                        raise ValueError
                elif name == "column_down":
                    plan.column_down.add(_column(int(value)))
                else:
                    raise ConfigError(f"unknown tray fault {name!r} (known: {FAULTS})")
            except ValueError:
                raise ConfigError(f"bad value {value!r} for tray fault {name!r}") from None
        return plan


def _fraction(value: str) -> float:
    number = float(value)
    if not 0.0 <= number <= 1.0:
        raise ValueError
    return number


def _column(number: int) -> int:
    if not 1 <= number <= MAX_COLUMNS:
        raise ValueError
    return number


class TrayAntennaSimulator(StreamingTwin):
    scheme = "rfidtray"
    port_name = "tray"
    kind = "tray"
    model = "House RFID tray antenna (simulated)"
    baudrate = BAUDRATE

    @classmethod
    def for_url(cls, name: str, params: dict[str, Any]) -> TrayAntennaSimulator:
        """``sim://tray?seed=3&columns=6&interval=0.2&fault=column_down=2``."""
        faults = TrayFaults.parse(params.pop("fault", []))
        try:
            columns = _column(int(params.pop("columns", 1)))
            interval = float(params.pop("interval", 0.2))
            if not 0.0 < interval <= 60.0:
                raise ValueError
        except ValueError:
            raise ConfigError(f"bad columns or interval in sim://tray (columns 1 to {MAX_COLUMNS}, "
                              "interval seconds above 0)") from None
        return cls(columns, seed=params.pop("seed", None), faults=faults, interval=interval)

    @classmethod
    def standalone(cls, seed: int | None, delay: float, faults: list[str]) -> TrayAntennaSimulator:
        """A six-column tray with a seeded stack in each column, one scan every ``delay`` seconds (0.5 unless given)."""
        sim = cls(6, seed=seed, faults=TrayFaults.parse(faults), interval=delay or 0.5)
        for column in range(1, 7):
            sim.put(column, [f"E0{(sim.seed + column) & 0xFFFF:04X}7{column:01X}{n:08X}" for n in range(20)])
        return sim

    def __init__(self, columns: int = 1, seed: int | None = None, faults: TrayFaults | None = None,
                 interval: float = 0.2) -> None:
        super().__init__()
        self.seed = seed if seed is not None else random.SystemRandom().getrandbits(32)
        self.rng = random.Random(self.seed ^ 0x7EA7)
        self.faults = faults if faults is not None else TrayFaults()
        self.interval = interval
        self.serial_number = f"SIM-TRAY-{self.seed & 0xFFFF:04X}"
        self.columns: dict[int, list[str]] = {n: [] for n in range(1, columns + 1)}
        self.scans = 0
        self.missed = 0
        """Chips left out of one scan (what the station must not alarm on)."""
        self._miss_next: set[str] = set()
        self._cond = threading.Condition()
        self._offline_until: float | None = None
        self._demand = 0

    # -- the rack (any thread)
    def put(self, column: int, chips: Iterable[str]) -> None:
        with self._cond:
            self.columns.setdefault(_column(column), []).extend(chips)

    def take(self, column: int, count: int | None = None) -> list[str]:
        """Take ``count`` chips (all if None) off the top of ``column``; returns them."""
        with self._cond:
            here = self.columns.setdefault(column, [])
            count = len(here) if count is None else min(count, len(here))
            gone = here[len(here) - count:] if count else []
            del here[len(here) - count:]
            return gone

    def chips(self) -> list[str]:
        with self._cond:
            return [chip for column in self.columns.values() for chip in column]

    # -- faults
    def column_down(self, column: int) -> None:
        with self._cond:
            self.faults.column_down.add(column)

    def column_up(self, column: int) -> None:
        with self._cond:
            self.faults.column_down.discard(column)

    def miss(self, chip: str) -> None:
        """The next scan misses ``chip`` (and only the next)."""
        with self._cond:
            self._miss_next.add(chip)

    def inject(self, kind: str, **kw: Any) -> None:
        if kind != "disconnect":
            raise ValueError(f"unknown fault {kind!r}; expected disconnect")
        assert self._pty is not None
        log.info("sim.disconnect", device=self.kind)
        self._pty.unplug()
        with self._cond:  # the antenna's thread waits for its next scan: it must plug back in time
            self._offline_until = time.monotonic() + float(kw.get("seconds", self.faults.disconnect_seconds))
            self._cond.notify_all()

    # -- scans
    def scan(self, count: int = 1) -> int:
        """Scan ``count`` more times now, back to back; returns the number the last of them carries."""
        with self._cond:
            self._demand += count
            self._cond.notify_all()
            return self.scans + self._demand

    def wait_scan(self, number: int, timeout: float = 5.0) -> bool:
        with self._cond:
            return self._cond.wait_for(lambda: self.scans >= number, timeout)

    def stop(self) -> None:
        self._stop.set()
        with self._cond:
            self._cond.notify_all()
        super().stop()

    def _run(self) -> None:
        assert self._pty is not None
        due = time.monotonic() + self.interval
        while not self._stop.is_set():
            offline = self._offline_until
            wake = due if offline is None else min(due, offline)
            with self._cond:
                self._cond.wait_for(lambda was=offline: self._demand > 0 or self._stop.is_set()  # type: ignore[misc]
                                    or self._offline_until != was, max(0.0, wake - time.monotonic()))
                asked = self._demand > 0
            if self._stop.is_set():
                return
            if self._offline_until is not None:  # the cable pulled: plugged back when its time is up
                if time.monotonic() < self._offline_until:
                    self._stop.wait(0.01)
                    continue
                self._offline_until = None
                self._pty.plug()
            if not asked and time.monotonic() < due:
                continue
            due = time.monotonic() + self.interval
            if asked:
                with self._cond:
                    self._demand -= 1
            self._write_scan()

    def _write_scan(self) -> None:
        assert self._pty is not None
        with self._cond:
            number = self.scans + 1
            seen: dict[int, tuple[str, ...] | str] = {}
            missed, self._miss_next = self._miss_next, set()
            for column, chips in sorted(self.columns.items()):
                if column in self.faults.column_down:
                    seen[column] = "E1"
                    continue
                kept = [c for c in chips if c not in missed
                        and not (self.faults.miss_rate and self.rng.random() < self.faults.miss_rate)]
                self.missed += len(chips) - len(kept)
                seen[column] = tuple(kept)
            line = encode_scan(number, seen)
        if self._pty.write_all(line):
            with self._cond:
                self.scans = number
                self._cond.notify_all()

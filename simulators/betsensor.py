"""The house bet sensor's twin: a layout of chips under antennas, written as inventory lines to a real pty.

The layout is ``spots``: (seat, spot) -> the chip ids lying there, changed from any thread by
``place`` / ``take`` / ``clear`` (what players and the croupier do with real chip ids). Every
``interval`` seconds the sensor's thread writes one inventory round of every antenna it was
built with (``antennas``), as the real reader scans them in turn. Faults: an antenna down
(``antenna_down``: its spot reported faulted until ``antenna_up``), a flaky read (``flake``: one
chip missing from the next round only, or ``flaky_rate`` per chip per round), a bad CRC or line
noise at a rate, and the cable pulled (``inject("disconnect")``).

``rounds`` is how many inventory rounds went out; ``wait_rounds(n)`` blocks until ``n`` more have,
``wait_round(k)`` until round ``k`` has.
``scan(n)`` asks for ``n`` rounds now, written back to back without waiting out the interval: a
station that consumes rounds faster than a real reader scans (the simulated table) is paced by
the rounds it needs, not by the clock. ``trace`` (if set) is called with each round's number and
the ``time.perf_counter()`` its line began to go to the pty (the latency benchmark).
"""

from __future__ import annotations

import random
import threading
import time
from collections.abc import Callable, Iterable
from typing import Any

import structlog

from dealer_station.errors import ConfigError
from drivers.dialects.betsensor import BAUDRATE, encode_inventory

from .streaming import StreamingTwin

__all__ = ["BAUDRATE", "BetSensorSimulator", "SensorFaults"]

log = structlog.get_logger()

Antenna = tuple[int, str]
STANDALONE_ANTENNAS = [(seat, spot) for seat in range(1, 8) for spot in ("ante", "blind", "trips", "play")]
"""A standalone sensor's layout (``dealer-station sim betsensor``): a seven-seat UTH table."""


class SensorFaults:
    """The sensor's fault plan, from ``name=value`` specs (``--fault`` / ``sim://betsensor?fault=``)."""

    def __init__(self) -> None:
        self.flaky_rate = 0.0
        self.bad_crc_rate = 0.0
        self.garbage_rate = 0.0
        self.antenna_down: set[Antenna] = set()
        self.disconnect_after: int | None = None
        self.disconnect_seconds = 0.3

    @classmethod
    def parse(cls, specs: Iterable[str]) -> SensorFaults:
        plan = cls()
        for spec in specs:
            name, _, value = spec.partition("=")
            try:
                if name in ("flaky_rate", "bad_crc_rate", "garbage_rate", "disconnect_seconds"):
                    number = float(value)
                    if not 0.0 <= number <= (60.0 if name == "disconnect_seconds" else 1.0):
                        raise ValueError
                    setattr(plan, name, number)
                elif name == "disconnect_after":
                    plan.disconnect_after = int(value)
                elif name == "antenna_down":
                    seat, _, spot = value.partition(".")
                    plan.antenna_down.add((int(seat), spot))
                else:
                    raise ConfigError(f"unknown bet sensor fault {name!r} (known: flaky_rate, bad_crc_rate, "
                                      "garbage_rate, antenna_down=SEAT.SPOT, disconnect_after, disconnect_seconds)")
            except ValueError:
                raise ConfigError(f"bad value {value!r} for bet sensor fault {name!r}") from None
        return plan


class BetSensorSimulator(StreamingTwin):
    scheme = port_name = "betsensor"
    kind = "bet_sensor"
    model = "House RFID bet sensor (simulated)"
    baudrate = BAUDRATE

    @classmethod
    def for_url(cls, name: str, params: dict[str, Any]) -> BetSensorSimulator:
        """``sim://betsensor?seed=3&antennas=1.ante,1.play&interval=0.05&fault=flaky_rate=0.1``."""
        faults = SensorFaults.parse(params.pop("fault", []))
        antennas = []
        for item in str(params.pop("antennas", "")).split(","):
            seat, _, spot = item.strip().partition(".")
            if item.strip():
                if not seat.isdigit() or not spot:
                    raise ConfigError(f"bad antenna {item!r} in sim://betsensor (expected SEAT.SPOT, e.g. 1.ante)")
                antennas.append((int(seat), spot))
        return cls(antennas, seed=params.pop("seed", None), faults=faults, interval=float(params.pop("interval", 0.05)))

    @classmethod
    def standalone(cls, seed: int | None, delay: float, faults: list[str]) -> BetSensorSimulator:
        """Seven seats' antennas (ante, blind, trips, play), a seeded stack of chips on each ante, one
        inventory round every ``delay`` seconds (0.2 unless given)."""
        sim = cls(STANDALONE_ANTENNAS, seed=seed, faults=SensorFaults.parse(faults), interval=delay or 0.2)
        for seat in range(1, 8):
            sim.place(seat, "ante", [f"E0{(sim.seed + seat) & 0xFFFF:04X}{seat:02X}{n:08X}" for n in range(5)])
        return sim

    def __init__(self, antennas: Iterable[Antenna] = (), seed: int | None = None, faults: SensorFaults | None = None,
                 interval: float = 0.05) -> None:
        super().__init__()
        self.seed = seed if seed is not None else random.SystemRandom().getrandbits(32)
        self.rng = random.Random(self.seed ^ 0xBE75)
        self.faults = faults if faults is not None else SensorFaults()
        self.antennas: list[Antenna] = sorted(set(antennas))
        self.interval = interval
        self.serial_number = f"SIM-BETSENSOR-{self.seed & 0xFFFF:04X}"
        self.spots: dict[Antenna, list[str]] = {a: [] for a in self.antennas}
        self.rounds = 0
        self.flaked = 0
        """Chips left out of one round by a flaky read (what the station must not alarm on)."""
        self._flake_next: dict[Antenna, set[str]] = {}
        self._cond = threading.Condition()
        self._offline_until: float | None = None
        self._demand = 0
        """Rounds asked for by ``scan`` and not written yet."""
        self.trace: Callable[[int, float], None] | None = None

    # -- the layout (any thread)
    def add_antennas(self, antennas: Iterable[Antenna]) -> None:
        with self._cond:
            for antenna in antennas:
                self.spots.setdefault(antenna, [])
            self.antennas = sorted(self.spots)

    def place(self, seat: int, spot: str, chips: Iterable[str]) -> None:
        with self._cond:
            self.spots.setdefault((seat, spot), []).extend(chips)
            self.antennas = sorted(self.spots)

    def take(self, seat: int, spot: str, chips: Iterable[str] | None = None) -> list[str]:
        """Remove ``chips`` (all of them if None) from the spot; returns what was taken."""
        with self._cond:
            here = self.spots.setdefault((seat, spot), [])
            gone = list(here) if chips is None else [c for c in chips if c in here]
            self.spots[(seat, spot)] = [c for c in here if c not in gone]
            return gone

    def clear(self) -> None:
        with self._cond:
            for antenna in self.spots:
                self.spots[antenna] = []

    def chips(self, seat: int, spot: str) -> list[str]:
        with self._cond:
            return list(self.spots.get((seat, spot), []))

    # -- faults
    def antenna_down(self, seat: int, spot: str) -> None:
        with self._cond:
            self.faults.antenna_down.add((seat, spot))

    def antenna_up(self, seat: int, spot: str) -> None:
        with self._cond:
            self.faults.antenna_down.discard((seat, spot))

    def flake(self, seat: int, spot: str, chip: str) -> None:
        """The next round misses ``chip`` on that spot (and only the next)."""
        with self._cond:
            self._flake_next.setdefault((seat, spot), set()).add(chip)

    def inject(self, kind: str, **kw: Any) -> None:
        if kind != "disconnect":
            raise ValueError(f"unknown fault {kind!r}; expected disconnect")
        self._disconnect(float(kw.get("seconds", self.faults.disconnect_seconds)))

    def wait_rounds(self, count: int = 1, timeout: float = 5.0) -> bool:
        """Block until ``count`` more inventory rounds were written."""
        with self._cond:
            target = self.rounds + count
        return self.wait_round(target, timeout)

    def wait_round(self, number: int, timeout: float = 5.0) -> bool:
        """Block until round ``number`` went out and ``trace`` saw it: the station may read a line
        before the thread that wrote it has traced it."""
        with self._cond:
            return self._cond.wait_for(lambda: self.rounds >= number, timeout)

    def scan(self, count: int = 1) -> int:
        """Scan ``count`` more rounds now, back to back; returns the number the last of them carries
        (a round lost to an unplugged cable is not written: a caller waits with a timeout)."""
        with self._cond:
            self._demand += count
            self._cond.notify_all()
            return self.rounds + self._demand

    def stop(self) -> None:
        self._stop.set()
        with self._cond:
            self._cond.notify_all()
        super().stop()

    # -- the sensor's thread
    def _run(self) -> None:
        assert self._pty is not None
        due = time.monotonic() + self.interval
        while not self._stop.is_set():
            with self._cond:
                self._cond.wait_for(lambda: self._demand > 0 or self._stop.is_set(),
                                    max(0.0, due - time.monotonic()))
                asked = self._demand > 0
            if self._stop.is_set():
                return
            if not asked and time.monotonic() < due:
                continue
            due = time.monotonic() + self.interval
            if self._offline_until is not None:
                if time.monotonic() < self._offline_until:
                    self._stop.wait(min(self.interval, 0.01))
                    continue
                self._offline_until = None
                self._pty.plug()
            if asked:
                with self._cond:
                    self._demand -= 1
            self._scan()

    def _scan(self) -> None:
        assert self._pty is not None
        plan = self.faults
        with self._cond:
            number = self.rounds + 1
            seen: dict[Antenna, tuple[str, ...] | str] = {}
            for antenna in self.antennas:
                if antenna in plan.antenna_down:
                    seen[antenna] = "E1"
                    continue
                missed = self._flake_next.pop(antenna, set())
                chips = []
                for chip in self.spots.get(antenna, []):
                    if chip in missed or (plan.flaky_rate and self.rng.random() < plan.flaky_rate):
                        self.flaked += 1
                        continue
                    chips.append(chip)
                seen[antenna] = tuple(chips)
            line = encode_inventory(number, seen)
        if plan.bad_crc_rate and self.rng.random() < plan.bad_crc_rate:
            line = line[:-6] + (b"0000" if line[-6:-2] != b"0000" else b"FFFF") + b"\r\n"
        if plan.garbage_rate and self.rng.random() < plan.garbage_rate:
            self._pty.write_all(bytes(self.rng.randrange(1, 256) for _ in range(8)).replace(b"$", b"#"))
        began = time.perf_counter()
        written = self._pty.write_all(line)
        if written and self.trace is not None:
            self.trace(number, began)
        if written:
            with self._cond:
                self.rounds = number
                self._cond.notify_all()
        limit = plan.disconnect_after
        if limit is not None and number >= limit:
            plan.disconnect_after = None
            self._disconnect(plan.disconnect_seconds)

    def _disconnect(self, seconds: float) -> None:
        assert self._pty is not None
        log.info("sim.disconnect", device=self.kind, seconds=seconds)
        self._pty.unplug()
        self._offline_until = time.monotonic() + seconds

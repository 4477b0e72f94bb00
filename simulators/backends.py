"""``sim://`` as an ordinary device backend: start a simulator, return the real driver on it.

Registered with the drivers' registry through the ``dealer_station.backends`` entry
points (``pyproject.toml``), so ``drivers`` never imports the simulators:

    sim://shuffler?seed=7&fault=jam_after=3   the shoe simulator on a pty + the serial driver
    sim://usb  /  sim://serial                the reader simulator behind pyusb / on a pty
    sim://beetek?seed=3&fault=unreadable_rate=0.05   the Bee-Tek reading shoe's twin + its driver
    sim://betsensor?seed=3&antennas=1.ante,1.play&fault=flaky_rate=0.1   the bet sensor's twin + its driver

Closing the driver stops its simulator (``driver.owned``); ``driver.simulator`` is the
test hook for fault injection.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any
from urllib.parse import SplitResult

from dealer_station.errors import ConfigError
from drivers.registry import open_bet_sensor, open_reader, open_reading_shoe, open_shuffler

from .faults import FaultPlan


def _variant(parts: SplitResult, allowed: tuple[str, ...], refusal: str) -> str:
    """The simulator a ``sim://`` URL names, or a one-line refusal (``refusal`` with ``{variant!r}``)."""
    variant = parts.netloc or parts.path.strip("/")
    if variant not in ("", *allowed):
        raise ConfigError(refusal.format(variant=variant))
    return variant


def _driven(sim: Any, opener: Callable[[], Any]) -> Any:
    """The real driver ``opener`` makes for the started ``sim``, which it then owns (stopped if opening fails)."""
    try:
        device = opener()
    except Exception:
        sim.stop()
        raise
    device.simulator = sim
    device.owned.append(sim)
    return device


class SimulatedShuffler:
    @staticmethod
    def open_url(parts: SplitResult, params: dict[str, Any], backend: Any) -> Any:
        from .shuffler import ShufflerSimulator

        _variant(parts, ("shuffler",), "unknown simulated shuffler {variant!r} (expected sim://shuffler)")
        faults = FaultPlan.parse(params.pop("fault", []))
        sim = ShufflerSimulator(seed=params.pop("seed", None), delay=params.pop("delay", 0.0), faults=faults).start()
        return _driven(sim, lambda: open_shuffler(sim.url, open=False, **params))


class SimulatedReader:
    @staticmethod
    def open_url(parts: SplitResult, params: dict[str, Any], backend: Any) -> Any:
        from .reader import CardReaderSimulator

        variant = _variant(parts, ("usb", "serial"), "unknown simulated reader {variant!r} (expected usb or serial)")
        faults = FaultPlan.parse(params.pop("fault", []))
        sim = CardReaderSimulator(kind=variant or "usb", faults=faults, seed=params.pop("seed", None))
        sim.start()
        return _driven(sim, lambda: open_reader(sim.url, backend=sim.backend, open=False, **params))


class SimulatedReadingShoe:
    @staticmethod
    def open_url(parts: SplitResult, params: dict[str, Any], backend: Any) -> Any:
        from .beetek import BeetekSimulator

        _variant(parts, ("beetek",), "unknown simulated reading shoe {variant!r} (expected sim://beetek)")
        faults = FaultPlan.parse(params.pop("fault", []))
        sim = BeetekSimulator(seed=params.pop("seed", None), delay=params.pop("delay", 0.0), faults=faults).start()
        return _driven(sim, lambda: open_reading_shoe(sim.url, open=False, **params))


class SimulatedBetSensor:
    @staticmethod
    def open_url(parts: SplitResult, params: dict[str, Any], backend: Any) -> Any:
        from .betsensor import BetSensorSimulator, SensorFaults

        _variant(parts, ("betsensor",), "unknown simulated bet sensor {variant!r} (expected sim://betsensor)")
        faults = SensorFaults.parse(params.pop("fault", []))
        antennas = []
        for item in str(params.pop("antennas", "")).split(","):
            seat, _, spot = item.strip().partition(".")
            if item.strip():
                if not seat.isdigit() or not spot:
                    raise ConfigError(f"bad antenna {item!r} in sim://betsensor (expected SEAT.SPOT, e.g. 1.ante)")
                antennas.append((int(seat), spot))
        sim = BetSensorSimulator(antennas, seed=params.pop("seed", None), faults=faults,
                                 interval=float(params.pop("interval", 0.05))).start()
        return _driven(sim, lambda: open_bet_sensor(sim.url, open=False, **params))

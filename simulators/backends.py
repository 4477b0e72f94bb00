"""``sim://`` as an ordinary device backend: start a twin, return the real driver on it.

Registered with the drivers' registry through the ``dealer_station.backends`` entry
points (``pyproject.toml``), one backend per device role, so ``drivers`` never imports the
simulators. The URL names the twin (``simulators/registry.py``; none: the role's first):

    sim://shuffler?seed=7&fault=jam_after=3   the shoe simulator on a pty + the serial driver
    sim://usb  /  sim://serial                the reader simulator behind pyusb / on a pty
    sim://beetek?seed=3&fault=unreadable_rate=0.05   the Bee-Tek reading shoe's twin + its driver
    sim://betsensor?seed=3&antennas=1.ante,1.play&fault=flaky_rate=0.1   the bet sensor's twin + its driver
    sim://tray?seed=3&columns=6&fault=column_down=2   the tray antenna's twin + its driver

The twin takes its own parameters from the URL; the rest go to the driver. Closing the
driver stops its twin (``driver.owned``); ``driver.simulator`` is the test hook for fault
injection.
"""

from __future__ import annotations

from typing import Any
from urllib.parse import SplitResult

from drivers.registry import open_device

from .registry import twin_for


class SimBackend:
    """``sim://<twin>`` for one device role."""

    def __init__(self, role: str) -> None:
        self.role = role

    def check_url(self, parts: SplitResult, params: dict[str, Any]) -> None:
        """The twin ``sim://<name>`` names is one of this role's, and it takes its parameters (a fault spec,
        antennas): ``drivers.registry.check_url``. The twin is built, never started: no pty, no thread."""
        name, twin = twin_for(self.role, parts.netloc or parts.path.strip("/"))
        twin.for_url(name, dict(params))

    def open_url(self, parts: SplitResult, params: dict[str, Any], backend: Any) -> Any:
        name, twin = twin_for(self.role, parts.netloc or parts.path.strip("/"))
        sim = twin.for_url(name, params).start()
        try:
            device: Any = open_device(self.role, sim.url, backend=sim.backend, open=False, **params)
        except Exception:
            sim.stop()
            raise
        device.simulator = sim
        device.owned.append(sim)
        return device


SimulatedShuffler = SimBackend("shuffler")
SimulatedReader = SimBackend("reader")
SimulatedReadingShoe = SimBackend("reading_shoe")
SimulatedBetSensor = SimBackend("bet_sensor")
SimulatedPlayerCard = SimBackend("player_card")
SimulatedTray = SimBackend("tray")

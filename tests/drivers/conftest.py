"""Shared helpers: start a simulator, connect the real driver, wait for typed events."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from drivers.base import DeviceABC
from drivers.registry import open_reader, open_shuffler
from simulators.faults import FaultPlan
from simulators.reader import CardReaderSimulator
from simulators.shuffler import ShufflerSimulator

LINK = {"link_timeout": 0.5, "ack_timeout": 0.05}


def wait_for(device: DeviceABC, kind: type, timeout: float = 3.0, where: Callable[[Any], bool] | None = None,
             seen: list | None = None) -> Any:
    """Next event of ``kind`` (matching ``where``); the ones skipped go to ``seen``. Fails on timeout."""
    deadline = time.monotonic() + timeout
    while (left := deadline - time.monotonic()) > 0:
        event = device.get_event(left)
        if event is None:
            break
        if seen is not None:
            seen.append(event)
        if isinstance(event, kind) and (where is None or where(event)):
            return event
    pytest.fail(f"no {kind.__name__} within {timeout} s (saw {[type(e).__name__ for e in seen or []]})")


def drain(device: DeviceABC, quiet: float = 0.15) -> list[Any]:
    out = []
    while (event := device.get_event(quiet)) is not None:
        out.append(event)
    return out


@pytest.fixture
def shuffler_pair() -> Iterator[Callable[..., tuple[ShufflerSimulator, Any]]]:
    made: list[tuple[Any, Any]] = []

    def make(seed: int = 1, faults: FaultPlan | None = None, **link: Any) -> tuple[ShufflerSimulator, Any]:
        options = {**LINK, **link}  # both ends of the link time their ACKs alike
        sim = ShufflerSimulator(seed=seed, faults=faults, ack_timeout=options["ack_timeout"]).start()
        drv = open_shuffler(sim.url, **options)
        made.append((sim, drv))
        return sim, drv

    yield make
    for sim, drv in made:
        drv.close()
        sim.stop()


@pytest.fixture
def reader_pair() -> Iterator[Callable[..., tuple[CardReaderSimulator, Any]]]:
    made: list[tuple[Any, Any]] = []

    def make(kind: str = "usb", faults: FaultPlan | None = None, **kw: Any) -> tuple[CardReaderSimulator, Any]:
        sim = CardReaderSimulator(kind=kind, faults=faults, seed=5, ack_timeout=LINK["ack_timeout"], **kw).start()
        drv = open_reader(sim.url, backend=sim.backend, **LINK)
        made.append((sim, drv))
        return sim, drv

    yield make
    for sim, drv in made:
        drv.close()
        sim.stop()

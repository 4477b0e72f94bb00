"""Backend registry and URL opening, like pyserial's ``serial_for_url``.

    open_shuffler("serial:///dev/ttyUSB0?baudrate=115200")
    open_reader("usb://0x1d50:0x6018", backend=my_pyusb_backend)
    open_reader("serial:///dev/pts/3")
    open_shuffler("sim://?seed=7&fault=jam_after=3")   # in-process simulator + real driver

A vendor driver is one new module plus one line in ``BACKENDS`` (entries are import
paths, so nothing serial/usb is imported until a backend is used). Query parameters
other than the backend's own go to the link: link_timeout, ack_timeout, max_retries.
"""

from __future__ import annotations

import importlib
from typing import Any
from urllib.parse import parse_qs, urlsplit

from dealer_station.errors import ConfigError

from .base import CardReaderABC, ShufflerABC

BACKENDS: dict[str, dict[str, str]] = {
    "shuffler": {
        "serial": "drivers.serial_shuffler:SerialShuffler",
    },
    "reader": {
        "serial": "drivers.serial_reader:SerialCardReader",
        "usb": "drivers.usb_reader:UsbCardReader",
    },
}

_FLOAT_PARAMS = ("link_timeout", "ack_timeout", "delay")
_INT_PARAMS = ("baudrate", "max_retries", "seed")


def backend_class(kind: str, name: str) -> type:
    """The driver class registered as ``name`` for device ``kind`` ("shuffler" / "reader")."""
    try:
        target = BACKENDS[kind][name]
    except KeyError:
        known = ", ".join(sorted(BACKENDS.get(kind, {}))) or "none"
        raise ConfigError(f"unknown {kind} backend {name!r} (known: {known}, sim)") from None
    module, _, attr = target.partition(":")
    return getattr(importlib.import_module(module), attr)


def _params(query: str) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, values in parse_qs(query, keep_blank_values=True).items():
        value = values[-1]
        try:
            if key in _FLOAT_PARAMS:
                out[key] = float(value)
            elif key in _INT_PARAMS:
                out[key] = int(value, 0)
            elif key == "fault":
                out[key] = values
            else:
                out[key] = value
        except ValueError:
            raise ConfigError(f"bad value {value!r} for {key!r} in device URL") from None
    return out


def _usb_ids(netloc: str) -> tuple[int, int]:
    try:
        vid, pid = netloc.split(":")
        return int(vid, 16), int(pid, 16)
    except ValueError:
        raise ConfigError(f"bad USB id {netloc!r}; expected usb://VID:PID, e.g. usb://0x1d50:0x6018") from None


def _open(kind: str, url: str, backend: Any, open_now: bool, kwargs: dict[str, Any]) -> Any:
    parts = urlsplit(url)
    scheme = parts.scheme or url  # a bare backend name ("serial") takes its arguments from kwargs
    params = {**_params(parts.query), **kwargs}
    if scheme == "sim":
        return _open_sim(kind, parts.netloc or parts.path.strip("/"), params, open_now)
    cls = backend_class(kind, scheme)
    if parts.scheme == "serial":
        params.setdefault("port", parts.path or parts.netloc)
    elif parts.scheme == "usb":
        params["vid"], params["pid"] = _usb_ids(parts.netloc)
        params["backend"] = backend
    try:
        device = cls(**params)
    except TypeError as exc:
        raise ConfigError(f"bad {kind} URL {url!r}: {exc}") from None
    if open_now:
        device.open()
    return device


def _open_sim(kind: str, variant: str, params: dict[str, Any], open_now: bool) -> Any:
    """Start the matching simulator in-process and connect the real driver to it."""
    from simulators.faults import FaultPlan

    faults = FaultPlan.parse(params.pop("fault", []))
    seed = params.pop("seed", None)
    if kind == "shuffler":
        from simulators.shuffler import ShufflerSimulator

        sim: Any = ShufflerSimulator(seed=seed, delay=params.pop("delay", 0.0), faults=faults).start()
        backend = None
    else:
        from simulators.reader import CardReaderSimulator

        if variant not in ("", "usb", "serial"):
            raise ConfigError(f"unknown simulated reader {variant!r} (expected usb or serial)")
        sim = CardReaderSimulator(kind=variant or "usb", faults=faults, seed=seed).start()
        backend = sim.backend
    try:
        device = _open(kind, sim.url, backend, False, params)
    except Exception:
        sim.stop()
        raise
    device.simulator = sim
    device.owned.append(sim)
    if open_now:
        device.open()
    return device


def open_shuffler(url: str, *, open: bool = True, **kwargs: Any) -> ShufflerABC:
    """Build (and by default open) the shuffler driver a URL or backend name describes."""
    return _open("shuffler", url, None, open, kwargs)


def open_reader(url: str, *, backend: Any = None, open: bool = True, **kwargs: Any) -> CardReaderABC:
    """Build (and by default open) a card reader; ``backend`` is the pyusb backend for usb://."""
    return _open("reader", url, backend, open, kwargs)

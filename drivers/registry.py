"""Backend registry and URL opening, like pyserial's ``serial_for_url``.

    open_shuffler("serial:///dev/ttyUSB0?baudrate=115200")
    open_reader("usb://0x1d50:0x6018", backend=my_pyusb_backend)
    open_reader("serial:///dev/pts/3")
    open_reading_shoe("beetek:///dev/ttyUSB1?serial_number=BT-0042")   # 9600 baud by default
    open_bet_sensor("betsensor:///dev/ttyUSB2?serial_number=BS-7")      # the house RFID bet sensor
    open_device("player_card", "hid:///dev/input/by-id/usb-Reader-event-kbd?seat=3")  # a keyboard-wedge card reader
    open_device("player_card", "track2:///dev/ttyUSB3")                 # a serial one, at the table
    open_device("tray", "rfidtray:///dev/ttyUSB4?serial_number=TR-2")  # the house RFID tray antenna
    open_shuffler("sim://?seed=7&fault=jam_after=3")   # in-process simulator + real driver

The URL's scheme names a backend: a role class bound to a transport and a dialect
(``serial`` and ``usb`` speak the house protocol; ``beetek`` is the Bee-Tek USPC dialect on
a serial port). A vendor is one dialect module in ``drivers/dialects/`` (holding its role
class) plus one line in ``BACKENDS`` (entries are import paths, so nothing serial/usb is
imported until a backend is used), or, from another package, an entry point in the group
``dealer_station.backends`` named ``<kind>.<scheme>`` (python-can's plugin mechanism). The
simulators register ``sim`` that way: this package never imports them. Query parameters
other than the transport's go to the dialect (house: link_timeout, ack_timeout, max_retries;
beetek: link_timeout, serial_number); one it does not take is a ConfigError.

A backend is a driver class built from the URL's parameters, or any object with
``open_url(parts, params, backend)`` that builds the device itself (the simulators start
a simulator and return the real driver connected to it).
"""

from __future__ import annotations

import importlib
from importlib.metadata import entry_points
from typing import Any
from urllib.parse import parse_qs, urlsplit

from dealer_station.errors import ConfigError

from .base import BetSensorABC, CardReaderABC, DeviceABC, ReadingShoeABC, ShufflerABC

BACKENDS: dict[str, dict[str, str]] = {
    "shuffler": {
        "serial": "drivers.serial_shuffler:SerialShuffler",
    },
    "reader": {
        "serial": "drivers.serial_reader:SerialCardReader",
        "usb": "drivers.usb_reader:UsbCardReader",
    },
    "reading_shoe": {
        "beetek": "drivers.dialects.beetek:BeetekShoe",
    },
    "bet_sensor": {
        "betsensor": "drivers.dialects.betsensor:SerialBetSensor",
    },
    "player_card": {
        "track2": "drivers.dialects.track2:SerialTrack2Reader",
        "hid": "drivers.dialects.track2:KeyboardTrack2Reader",
    },
    "tray": {
        "rfidtray": "drivers.dialects.tray:SerialTrayAntenna",
    },
}

ENTRY_POINT_GROUP = "dealer_station.backends"

_FLOAT_PARAMS = ("link_timeout", "ack_timeout", "delay")
_INT_PARAMS = ("baudrate", "max_retries", "seed")


def backend_class(kind: str, name: str) -> Any:
    """The backend registered as ``name`` for device ``kind`` ("shuffler", "reader", "reading_shoe")."""
    target = BACKENDS.get(kind, {}).get(name)
    if target is not None:
        module, _, attr = target.partition(":")
        return getattr(importlib.import_module(module), attr)
    for entry in entry_points(group=ENTRY_POINT_GROUP, name=f"{kind}.{name}"):
        return entry.load()
    raise ConfigError(f"unknown {kind} backend {name!r} (known: {', '.join(known_backends(kind)) or 'none'})")


def known_backends(kind: str) -> list[str]:
    """Backend names for ``kind``: the built-in ones and those other packages register."""
    names = set(BACKENDS.get(kind, {}))
    names.update(e.name.partition(".")[2] for e in entry_points(group=ENTRY_POINT_GROUP)
                 if e.name.startswith(f"{kind}."))
    return sorted(names)


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
    cls = backend_class(kind, scheme)
    if hasattr(cls, "open_url"):
        device = cls.open_url(parts, params, backend)
    else:
        transport = getattr(cls, "transport", parts.scheme)
        if transport == "serial" and parts.scheme:
            params.setdefault("port", parts.path or parts.netloc)
        elif transport == "usb" and parts.scheme:
            params["vid"], params["pid"] = _usb_ids(parts.netloc)
            params["backend"] = backend
        try:
            device = cls(**params)
        except TypeError as exc:
            raise ConfigError(f"bad {kind} URL {url!r}: {exc}") from None
    if open_now:
        device.open()
    return device


def check_url(kind: str, url: str) -> None:
    """Refuse in one line (``ConfigError``) a URL no backend of ``kind`` takes: no scheme, an unknown one, a
    simulator twin of another name or role, a parameter the driver does not take. Opens nothing, starts
    nothing: a profile is checked with it before a journal or a device is touched (``station.check_devices``).
    A backend that builds its device itself checks its URL with its own ``check_url(parts, params)``."""
    parts = urlsplit(url)
    if not parts.scheme:
        raise ConfigError(f"{url!r} is not a device URL (expected SCHEME://..., one of "
                          f"{', '.join(known_backends(kind)) or 'none'})")
    cls = backend_class(kind, parts.scheme)
    checker = getattr(cls, "check_url", None)
    if checker is not None:
        checker(parts, _params(parts.query))
    elif not hasattr(cls, "open_url"):
        _open(kind, url, None, False, {})  # the driver built, not opened: its parameters are checked


def open_device(kind: str, url: str, *, backend: Any = None, open: bool = True, **kwargs: Any) -> DeviceABC:
    """Build (and by default open) the ``kind`` driver a URL describes (the typed openers below, by role)."""
    device: DeviceABC = _open(str(kind), url, backend, open, kwargs)  # a role (``wire.roles.Role``) or its name
    return device


def open_shuffler(url: str, *, open: bool = True, **kwargs: Any) -> ShufflerABC:
    """Build (and by default open) the shuffler driver a URL or backend name describes."""
    device: ShufflerABC = _open("shuffler", url, None, open, kwargs)
    return device


def open_reader(url: str, *, backend: Any = None, open: bool = True, **kwargs: Any) -> CardReaderABC:
    """Build (and by default open) a card reader; ``backend`` is the pyusb backend for usb://."""
    device: CardReaderABC = _open("reader", url, backend, open, kwargs)
    return device


def open_reading_shoe(url: str, *, open: bool = True, **kwargs: Any) -> ReadingShoeABC:
    """Build (and by default open) a reading shoe (``beetek:///dev/ttyUSB1``)."""
    device: ReadingShoeABC = _open("reading_shoe", url, None, open, kwargs)
    return device


def open_bet_sensor(url: str, *, open: bool = True, **kwargs: Any) -> BetSensorABC:
    """Build (and by default open) a bet sensor (``betsensor:///dev/ttyUSB2``, ``sim://betsensor``)."""
    device: BetSensorABC = _open("bet_sensor", url, None, open, kwargs)
    return device

"""The I/O of ``dealer-station devices scan``: every serial port and USB device on the PC, each house-protocol
unit asked who it is (``dealer_station.devices_scan`` matches them to profile roles).

Serial ports are pyserial's list (``serial.tools.list_ports``) plus the ports named on the command line (a pty,
a port the list misses); USB devices are pyusb's bus (``usb.core.find(find_all=True)``). Asking is the house
protocol's IDENTIFY through the real driver, briefly: a receive-only device (a reading shoe, a bet sensor, a
player card) says nothing and is reported as such. A PC without libusb still lists its serial ports.
"""

from __future__ import annotations

import inspect
import os
import stat
from collections.abc import Iterable, Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any

from dealer_station.devices_scan import Found, Known, Match
from dealer_station.errors import ConfigError

from .base import DeviceError
from .registry import BACKENDS, backend_class, open_device

BY_ID = Path("/dev/serial/by-id")


def default_usb_backend() -> Any:
    """The pyusb backend to scan with (None: pyusb's own choice, libusb)."""
    return None


def known_usb_ids() -> dict[tuple[int, int], Match]:
    """The USB ids of the devices the registry drives over USB itself (a backend whose transport is ``usb``,
    by its default ``vid``/``pid``)."""
    out: dict[tuple[int, int], Match] = {}
    for role, schemes in BACKENDS.items():
        for scheme in schemes:
            cls = backend_class(role, scheme)
            if getattr(cls, "transport", "") != "usb":
                continue
            params = inspect.signature(cls.__init__).parameters
            vid, pid = params["vid"].default, params["pid"].default
            dialect = getattr(getattr(cls, "dialect_class", None), "name", "house")
            out[(vid, pid)] = Match(role=role, dialect=dialect, scheme=scheme)
    return out


def _by_id() -> dict[str, str]:
    """Real device path -> its ``/dev/serial/by-id`` name (stable across replugs)."""
    try:
        links = list(BY_ID.iterdir())
    except OSError:
        return {}
    return {os.path.realpath(link): str(link) for link in sorted(links)}


def check_port(path: str) -> None:
    """Refuse in one line a port named on the command line that is not a character device."""
    try:
        mode = os.stat(path).st_mode
    except (OSError, ValueError) as exc:
        raise ConfigError(f"no such port {path!r} ({getattr(exc, 'strerror', None) or exc})", "port") from None
    if not stat.S_ISCHR(mode):
        raise ConfigError(f"{path!r} is not a serial port (not a character device)", "port")


def serial_ports(extra: Sequence[str] = ()) -> list[Found]:
    """pyserial's ports, then ``extra`` (checked first: nothing is opened if one is wrong)."""
    from serial.tools import list_ports

    for path in extra:
        check_port(path)
    stable = _by_id()
    found: list[Found] = []
    seen: set[str] = set()
    for port in sorted(list_ports.comports(), key=lambda p: p.device):
        seen.add(os.path.realpath(port.device))
        found.append(Found(bus="serial", path=port.device, vid=port.vid, pid=port.pid,
                           serial_number=port.serial_number or "",
                           description="" if port.description in (None, "n/a") else str(port.description),
                           stable_path=stable.get(os.path.realpath(port.device), "")))
    for path in extra:
        if os.path.realpath(path) not in seen:
            seen.add(os.path.realpath(path))
            found.append(Found(bus="serial", path=path, stable_path=stable.get(os.path.realpath(path), "")))
    return found


def _usb_text(dev: Any, attr: str) -> str:
    """A string descriptor, or "" when the device has none or may not be asked (no permission)."""
    try:
        return str(getattr(dev, attr) or "")
    except Exception:  # pyusb raises ValueError, USBError, NotImplementedError... for an unreadable descriptor
        return ""


def usb_devices(backend: Any = None) -> tuple[list[Found], str]:
    """pyusb's devices, and why the bus could not be listed ("" when it could)."""
    import usb.core

    try:
        devices = list(usb.core.find(find_all=True, backend=backend) or ())
    except usb.core.NoBackendError:
        return [], "no USB backend (install libusb-1.0): USB devices not listed"
    except (usb.core.USBError, OSError) as exc:
        return [], f"the USB bus could not be listed: {exc}"
    found = []
    for dev in devices:
        text = " ".join(t for t in (_usb_text(dev, "manufacturer"), _usb_text(dev, "product")) if t)
        found.append(Found(bus="usb", path=f"bus {dev.bus} address {dev.address}", vid=int(dev.idVendor),
                           pid=int(dev.idProduct), serial_number=_usb_text(dev, "serial_number"), description=text))
    return found, ""


def _identity(role: str, url: str, timeout: float, backend: Any = None) -> tuple[str, str] | None:
    """(model, serial) a house-protocol unit at ``url`` says it is within ``timeout``, else None."""
    try:
        device = open_device(role, url, backend=backend, link_timeout=timeout)
    except (DeviceError, ConfigError):
        return None
    try:
        who = device.identity
        return (who.model, who.serial_number) if who is not None else None
    finally:
        device.close()


def probe(found: Iterable[Found], known: Known, timeout: float, backend: Any = None) -> list[Found]:
    """Each serial port, and each USB device of a known house-protocol id, asked who it is."""
    out = []
    for item in found:
        said = None
        if item.bus == "serial":
            said = _identity("shuffler", f"serial://{item.path}", timeout)
        elif (hit := known.usb_ids.get((item.vid or 0, item.pid or 0))) is not None and hit.dialect == "house":
            said = _identity(hit.role, f"usb://{item.vid:#06x}:{item.pid:#06x}", timeout, backend)
        out.append(replace(item, model=said[0], unit_serial=said[1]) if said else item)
    return out

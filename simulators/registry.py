"""The simulators' registry, beside the drivers' (``drivers/registry.py``): device role and name -> twin.

    twin_for("reading_shoe", "beetek")   -> ("beetek", BeetekSimulator)
    open_reading_shoe("sim://beetek")    -> the twin started, and the real driver on it (``backends``)
    dealer-station sim beetek            -> the twin alone on a pty, printing the URL to open it by

A twin plays one device of one role (``"shuffler"``, ``"reader"``, ``"reading_shoe"``,
``"bet_sensor"``) over the real wire, so the real driver runs against it. Its name is what
``sim://<name>`` says; a vendor's twin takes its dialect's scheme. The first twin of a role
is the one a bare ``sim://`` opens. Entries are import paths, so nothing is imported until a
twin is used; another package registers its twin with an entry point in the group
``dealer_station.simulators`` named ``<role>.<name>`` (as it registers its driver in
``dealer_station.backends``): a vendor is its dialect module, its driver's entry, its twin and
the twin's entry, and nothing here changes.

A twin class builds itself from a ``sim://`` URL's parameters (``for_url``: it takes what is
its own, ``seed``, ``fault``..., and leaves the rest to the driver) or for ``dealer-station
sim`` (``standalone``: seed, seconds per event, fault specs).
"""

from __future__ import annotations

import importlib
from importlib.metadata import entry_points
from typing import Any, Protocol, Self

from dealer_station.errors import ConfigError

TWINS: dict[str, dict[str, str]] = {
    "shuffler": {
        "shuffler": "simulators.shuffler:ShufflerSimulator",
    },
    "reader": {
        "usb": "simulators.reader:CardReaderSimulator",
        "serial": "simulators.reader:CardReaderSimulator",
    },
    "reading_shoe": {
        "beetek": "simulators.beetek:BeetekSimulator",
    },
    "bet_sensor": {
        "betsensor": "simulators.betsensor:BetSensorSimulator",
    },
    "player_card": {
        "track2": "simulators.player_card:PlayerCardSimulator",
    },
    "tray": {
        "tray": "simulators.tray:TrayAntennaSimulator",
    },
}

ENTRY_POINT_GROUP = "dealer_station.simulators"


class Twin(Protocol):
    """What the ``sim://`` backends and ``dealer-station sim`` ask of a device's twin."""

    baudrate: int
    """The line speed its driver opens it at (the printed URL's ``baudrate``)."""
    backend: Any
    """An in-process pyusb backend its driver must be given (a USB reader's), else None."""

    @classmethod
    def for_url(cls, name: str, params: dict[str, Any]) -> Twin:
        """The twin ``sim://<name>?...`` asks for; pops the parameters it takes from ``params``."""

    @classmethod
    def standalone(cls, seed: int | None, delay: float, faults: list[str]) -> Twin:
        """The twin ``dealer-station sim`` runs alone (``delay``: seconds per event, 0 for its own pace)."""

    @property
    def url(self) -> str:
        """Where its driver opens it (``drivers.registry``), once started."""

    @property
    def port_path(self) -> str:
        """The pty a process outside opens."""

    def start(self) -> Self: ...

    def stop(self) -> None: ...


def _entries() -> dict[str, dict[str, Any]]:
    """Twins other packages register: role -> name -> entry point."""
    found: dict[str, dict[str, Any]] = {}
    for entry in entry_points(group=ENTRY_POINT_GROUP):
        role, _, name = entry.name.partition(".")
        found.setdefault(role, {}).setdefault(name, entry)
    return found


def known_twins(role: str) -> list[str]:
    """The twins of ``role`` in registry order (built-in first: the first is a bare ``sim://``'s)."""
    names = list(TWINS.get(role, {}))
    names += [name for name in _entries().get(role, {}) if name not in names]
    return names


def twin_class(role: str, name: str) -> type[Twin]:
    """The twin registered as ``name`` for ``role``; a one-line ConfigError for an unknown one."""
    target = TWINS.get(role, {}).get(name)
    if target is not None:
        module, _, attr = target.partition(":")
        cls: type[Twin] = getattr(importlib.import_module(module), attr)
        return cls
    entry = _entries().get(role, {}).get(name)
    if entry is None:
        known = " or ".join(f"sim://{n}" for n in known_twins(role)) or "none"
        raise ConfigError(f"unknown simulated {role.replace('_', ' ')} {name!r} (expected {known})")
    loaded: type[Twin] = entry.load()
    return loaded


def twin_for(role: str, name: str) -> tuple[str, type[Twin]]:
    """(name, twin class) of ``sim://<name>`` for ``role``: an empty name is the role's first twin."""
    if not name:
        known = known_twins(role)
        if not known:
            raise ConfigError(f"no simulated {role.replace('_', ' ')} is registered")
        name = known[0]
    return name, twin_class(role, name)


def roles() -> list[str]:
    """Every role some twin plays."""
    return list(dict.fromkeys([*TWINS, *_entries()]))


def find_twin(name: str) -> tuple[str, str, type[Twin]]:
    """(role, name, twin class) for ``dealer-station sim NAME``: a role (its first twin), a twin's name,
    or ``ROLE.NAME`` when twins of two roles share a name."""
    if name in roles():
        return (name, *twin_for(name, ""))
    role, dot, twin = name.partition(".")
    if dot and role in roles():
        return role, twin, twin_class(role, twin)
    holders = [role for role in roles() if name in known_twins(role)]
    if len(holders) == 1:
        return holders[0], name, twin_class(holders[0], name)
    if holders:
        raise ConfigError(f"simulator {name!r} is a twin of several roles: say which "
                          f"({', '.join(f'{role}.{name}' for role in holders)})")
    known = sorted({*roles(), *(n for role in roles() for n in known_twins(role))})
    raise ConfigError(f"unknown simulator {name!r} (known: {', '.join(known)})")

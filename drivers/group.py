"""Several devices of one role as one driver: a player card reader at each seat (and one at the table).

A role ``wire.roles`` says may have several (``RoleSpec.several``) is still one entry of the station's
``drivers: dict[Role, driver]``: this group opens, closes and wires them together, and each member's reports
say where it stands (a seat's reader reports its seat). Nothing else knows there are several.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from .base import EventCallback


class DeviceGroup:
    """The devices of one role, each with its URL (``members``: (url, driver), in the profile's order)."""

    def __init__(self, kind: str, members: Sequence[tuple[str, Any]]) -> None:
        self.kind = kind
        self.members = list(members)
        self._on_event: EventCallback | None = None

    @property
    def on_event(self) -> EventCallback | None:
        return self._on_event

    @on_event.setter
    def on_event(self, callback: EventCallback | None) -> None:
        self._on_event = callback
        for _url, device in self.members:
            device.on_event = callback

    def open(self) -> None:
        """Open every member; one that cannot be opened closes those opened before it, and says why."""
        opened: list[Any] = []
        try:
            for _url, device in self.members:
                device.open()
                opened.append(device)
        except BaseException:
            for device in opened:
                device.close()
            raise

    def close(self) -> None:
        for _url, device in self.members:
            device.close()

    @property
    def connected(self) -> bool:
        return all(getattr(device, "connected", False) for _url, device in self.members)

    @property
    def last_heard(self) -> float | None:
        heard = [h for _url, device in self.members if (h := getattr(device, "last_heard", None)) is not None]
        return max(heard, default=None)

    def simulator_at(self, seat: int | None) -> Any:
        """The in-process simulator behind the member standing at ``seat`` (None: the table's), if any."""
        for _url, device in self.members:
            if getattr(getattr(device, "dialect", None), "seat", None) == seat:
                return getattr(device, "simulator", None)
        return None


def seat_of_url(url: str) -> int | None:
    """Where a device of a ``several`` role stands, from its URL's ``seat`` (None: at the table); a bad seat is a
    one-line ``ConfigError``."""
    from urllib.parse import parse_qs, urlsplit

    from .dialects.track2 import seat_option

    values = parse_qs(urlsplit(url).query, keep_blank_values=True).get("seat")
    return seat_option(values[-1] if values else None)

"""Abstract device interfaces in the style of python-can's ``BusABC``.

A backend implements a handful of abstract methods; event delivery (a thread-safe
queue, or a callback instead of it) and the context-manager protocol live here once.
"""

from __future__ import annotations

import abc
import queue
from collections.abc import Callable
from types import TracebackType

import structlog

from dealer_station.errors import DealerStationError

from .events import DeviceEvent, DeviceIdentity

log = structlog.get_logger()

EventCallback = Callable[[DeviceEvent], None]


class DeviceError(DealerStationError):
    """A device that cannot be reached or refuses a command (one line, no traceback)."""


class DeviceABC(abc.ABC):
    """Common part of every device driver: typed events out, never blocking the caller."""

    kind: str = "device"

    def __init__(self, on_event: EventCallback | None = None) -> None:
        self.events: queue.Queue[DeviceEvent] = queue.Queue()
        self.on_event = on_event

    @abc.abstractmethod
    def open(self) -> None:
        """Start I/O (on its own thread) and connect."""

    @abc.abstractmethod
    def close(self) -> None:
        """Stop I/O and join the thread; idempotent."""

    @property
    @abc.abstractmethod
    def identity(self) -> DeviceIdentity | None:
        """What the device said at the last connect (None while never connected)."""

    @property
    def last_heard(self) -> float | None:
        """Wall-clock time (``time.time``) of the last valid frame from the device, if any."""
        return None

    def get_event(self, timeout: float | None = None) -> DeviceEvent | None:
        """Next event, or None after ``timeout`` seconds (None waits forever).

        Only for consumers without ``on_event``: with a callback set, nothing is queued.
        """
        try:
            return self.events.get(timeout=timeout)
        except queue.Empty:
            return None

    def _deliver(self, event: DeviceEvent) -> None:
        """Hand the event to the callback if one is set, else queue it for ``get_event``.

        One or the other: a station that consumes by callback must not also fill a queue
        nobody reads. A failing callback must not kill I/O.
        """
        callback = self.on_event
        if callback is None:
            self.events.put(event)
            return
        try:
            callback(event)
        except Exception:
            log.exception("driver.on_event_failed", device=self.kind)

    def __enter__(self) -> DeviceABC:
        self.open()
        return self

    def __exit__(
        self, exc_type: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        self.close()


class ShufflerABC(DeviceABC):
    """Automatic shuffler / dealing shoe. Commands return once queued, never on events."""

    kind = "shuffler"

    @abc.abstractmethod
    def shuffle(self, seed: int | None = None) -> None: ...

    @abc.abstractmethod
    def verify_deck(self) -> None: ...

    @abc.abstractmethod
    def deal_packet(self, position: str, count: int) -> None: ...

    @abc.abstractmethod
    def reset(self) -> None: ...

    @abc.abstractmethod
    def stop(self) -> None: ...


class CardReaderABC(DeviceABC):
    """Card reader at the dealer's position; it only reports (CardRead events)."""

    kind = "reader"


class ReadingShoeABC(DeviceABC):
    """Reading shoe: reports each card as the dealer draws it, in draw order, with no position.

    Its reports are ``CardDrawn`` (card, burn mode), ``Unreadable`` (a card drawn but not
    read: the dealer keys it), ``Alarm`` (alarm text or warning code), plus the link's
    ``LinkUp`` / ``LinkDown`` / ``DeviceFault``. It takes no commands; the station assigns
    each card to the position its deal plan expects next. For a receive-only model the link
    is lost only when the port goes away (there is no heartbeat to miss).
    """

    kind = "reading_shoe"


class BetSensorABC(DeviceABC):
    """RFID bet sensor under the layout: per inventory round, the chip ids each spot's antenna sees.

    Its reports are ``ChipInventory`` (round number, per (seat, spot) the ids seen) and
    ``AntennaFault`` (an antenna that could not be read), plus the link's. It takes no commands.
    """

    kind = "bet_sensor"


class PlayerCardABC(DeviceABC):
    """A player card reader at a seat (or at the table): reports ``PlayerCardRead`` (a card read whole) and
    ``PlayerCardBad`` (a swipe to do again), plus the link's. It takes no commands."""

    kind = "player_card"


class TrayABC(DeviceABC):
    """RFID antenna(s) under the chip tray: reports ``TraySensed`` (per scan, the ids each column's antenna saw and
    the columns it could not read), plus the link's. It takes no commands."""

    kind = "tray"

"""The typed reports every driver delivers, re-exported from the core (``dealer_station.wire.reports``).

The session names the same classes at its one entry point (``TableSession.report``), so
they live in the core; drivers, simulators, tests and benchmarks import them from here.
"""

from __future__ import annotations

from dealer_station.wire.reports import (
    Alarm,
    AntennaFault,
    CardDispensed,
    CardDrawn,
    CardRead,
    ChipInventory,
    DeckVerified,
    DeviceFault,
    DeviceIdentity,
    DeviceRefused,
    DeviceReport,
    DeviceStatus,
    DuplicateTag,
    LinkDown,
    LinkUp,
    PacketDone,
    ShuffleDone,
    TrayColumn,
    TraySensed,
    Unreadable,
)

DeviceEvent = DeviceReport
"""The name drivers used before reports moved to the core."""

__all__ = [
    "Alarm", "AntennaFault", "CardDispensed", "CardDrawn", "CardRead", "ChipInventory", "DeckVerified", "DeviceEvent", "DeviceFault",
    "DeviceIdentity", "DeviceRefused", "DeviceReport", "DeviceStatus", "DuplicateTag", "LinkDown", "LinkUp", "PacketDone", "ShuffleDone",
    "TrayColumn", "TraySensed", "Unreadable",
]

"""Card readers: USB through the real pyusb API with the simulator's IBackend, and serial."""

from __future__ import annotations

import pytest
import usb.core
import usb.util

from drivers.events import CardRead, DeviceFault, DeviceStatus, LinkDown, LinkUp
from simulators.faults import FaultPlan
from simulators.reader import CardReaderSimulator

from .conftest import wait_for


def test_pyusb_sees_the_simulated_device() -> None:
    sim = CardReaderSimulator(kind="usb", transfer="interrupt")
    dev = usb.core.find(idVendor=0x1D50, idProduct=0x6018, backend=sim.backend)
    assert dev is not None and dev.idVendor == 0x1D50
    dev.set_configuration()
    eps = list(dev.get_active_configuration()[(0, 0)])
    assert sorted(e.bEndpointAddress for e in eps) == [0x01, 0x81]
    assert {usb.util.endpoint_type(e.bmAttributes) for e in eps} == {usb.util.ENDPOINT_TYPE_INTR}
    assert usb.core.find(idVendor=0x1234, backend=sim.backend) is None


@pytest.mark.parametrize("transfer", ["bulk", "interrupt"])
def test_usb_reader_reports_cards(reader_pair, transfer: str) -> None:
    sim, drv = reader_pair("usb", transfer=transfer)
    assert sim.url == "usb://0x1d50:0x6018"
    assert wait_for(drv, LinkUp).identity.model == "DS-READER-SIM"
    for card in (0, 51, 17):
        sim.present(card)
    assert [wait_for(drv, CardRead).card for _ in range(3)] == [0, 51, 17]


def test_serial_reader_reports_cards(reader_pair) -> None:
    sim, drv = reader_pair("serial")
    assert sim.url.startswith("serial://")
    sim.present(12)
    assert wait_for(drv, CardRead).card == 12


def test_misread_and_unreadable(reader_pair) -> None:
    sim, drv = reader_pair("usb", faults=FaultPlan.parse(["misread=1", "unreadable=1"]))
    sim.present(5)  # unreadable first
    sim.present(6)  # then misread
    sim.present(7)
    got = [wait_for(drv, CardRead).card for _ in range(3)]
    assert got[0] is None and got[1] not in (None, 6) and got[2] == 7


def test_usb_unplug_replug_reconnects_without_loss(reader_pair) -> None:
    sim, drv = reader_pair("usb")
    wait_for(drv, LinkUp)
    sim.present(1)
    sim.inject("disconnect", seconds=0.3)
    sim.present(2)  # read while unplugged: kept in the device's outbox
    assert "disconnected" in wait_for(drv, LinkDown, seen=(seen := [])).reason
    wait_for(drv, LinkUp, timeout=5, seen=seen)
    sim.present(3)
    wait_for(drv, CardRead, where=lambda e: e.card == 3, seen=seen)
    assert [e.card for e in seen if isinstance(e, CardRead)] == [1, 2, 3]


def test_usb_power_cycle_and_door(reader_pair) -> None:
    sim, drv = reader_pair("usb")
    wait_for(drv, LinkUp)
    sim.inject("power_cycle")
    wait_for(drv, LinkDown)
    wait_for(drv, LinkUp, timeout=5)
    assert wait_for(drv, DeviceFault).code == "power_restored"
    sim.inject("door_open")
    assert wait_for(drv, DeviceFault, where=lambda e: e.code == "door_open")
    assert wait_for(drv, DeviceStatus, where=lambda e: e.state == "door_open")

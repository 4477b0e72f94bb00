"""Card reader simulator: over a pty (serial kind) or as a custom pyusb backend (usb kind).

The USB kind is a ``usb.backend.IBackend``: the driver's ``usb.core.find(backend=...)``,
``set_configuration`` and endpoint ``read``/``write`` are the real pyusb calls, landing in
two in-memory byte pipes that carry the same framed protocol as the serial line.
"""

from __future__ import annotations

import array
import errno
import threading
import time
from types import SimpleNamespace
from typing import Any

import usb.backend
import usb.core
import usb.util

from dealer_station.wire import codec as p
from dealer_station.wire.codec import USB_PRODUCT_ID, USB_VENDOR_ID

from .device import Endpoint, PtyEndpoint, SimulatedDevice
from .faults import FaultPlan

PACKET = 64


def _Desc(fields: dict[str, Any]) -> SimpleNamespace:
    """Descriptor record; pyusb copies the fields it knows by name."""
    return SimpleNamespace(**fields)


class _Pipe:
    """One direction of the USB link: a byte buffer with a condition to wait on."""

    def __init__(self) -> None:
        self.buf = bytearray()
        self.cond = threading.Condition()
        self.woken = False

    def put(self, data: bytes) -> None:
        with self.cond:
            self.buf += data
            self.cond.notify_all()

    def take(self, size: int, timeout: float) -> bytes:
        with self.cond:
            if not self.buf and not self.woken:
                self.cond.wait(timeout)
            self.woken = False
            data = bytes(self.buf[:size])
            del self.buf[:size]
            return data

    def wake(self) -> None:
        with self.cond:
            self.woken = True
            self.cond.notify_all()

    def clear(self) -> None:
        with self.cond:
            self.buf.clear()
            self.cond.notify_all()


class SimUsbBackend(usb.backend.IBackend):  # type: ignore[misc]  # pyusb ships no types
    """A single simulated reader on a simulated bus. ``transfer`` picks bulk or interrupt."""

    def __init__(self, vid: int = USB_VENDOR_ID, pid: int = USB_PRODUCT_ID, transfer: str = "bulk") -> None:
        if transfer not in ("bulk", "interrupt"):
            raise ValueError("transfer must be 'bulk' or 'interrupt'")
        self.vid, self.pid = vid, pid
        self.attributes = 0x02 if transfer == "bulk" else 0x03
        self.to_host = _Pipe()
        self.to_device = _Pipe()
        self.present = True
        self.generation = 0  # a replug invalidates handles opened before it
        self.configuration = 0
        self.serial_number = "SIM-READER"

    # -- device side (the simulator's Endpoint)
    def read(self, timeout: float) -> bytes:
        if not self.present:
            time.sleep(timeout)
            return b""
        return self.to_device.take(4096, timeout)

    def write(self, data: bytes) -> None:
        if self.present:
            self.to_host.put(data)

    def unplug(self) -> None:
        self.present = False
        self.generation += 1
        self.to_host.clear()
        self.to_device.clear()

    def plug(self) -> None:
        self.present = True

    def wake(self) -> None:
        self.to_device.wake()

    def close(self) -> None:
        self.unplug()

    # -- IBackend (host side, called by pyusb)
    def enumerate_devices(self) -> Any:
        if self.present:
            yield "sim-reader"

    def get_device_descriptor(self, dev: Any) -> SimpleNamespace:
        return _Desc(
            dict(
                bLength=18, bDescriptorType=1, bcdUSB=0x0200, bDeviceClass=0, bDeviceSubClass=0,
                bDeviceProtocol=0, bMaxPacketSize0=64, idVendor=self.vid, idProduct=self.pid, bcdDevice=0x0100,
                iManufacturer=0, iProduct=0, iSerialNumber=0, bNumConfigurations=1, address=1, bus=1,
                port_number=1, port_numbers=(1,), speed=usb.util.SPEED_FULL,
            )
        )

    def get_configuration_descriptor(self, dev: Any, config: int) -> SimpleNamespace:
        return _Desc(
            dict(
                bLength=9, bDescriptorType=2, wTotalLength=32, bNumInterfaces=1, bConfigurationValue=1,
                iConfiguration=0, bmAttributes=0x80, bMaxPower=50, extra_descriptors=[],
            )
        )

    def get_interface_descriptor(self, dev: Any, intf: int, alt: int, config: int) -> SimpleNamespace:
        return _Desc(
            dict(
                bLength=9, bDescriptorType=4, bInterfaceNumber=0, bAlternateSetting=0, bNumEndpoints=2,
                bInterfaceClass=0xFF, bInterfaceSubClass=0, bInterfaceProtocol=0, iInterface=0,
                extra_descriptors=[],
            )
        )

    def get_endpoint_descriptor(self, dev: Any, ep: int, intf: int, alt: int, config: int) -> SimpleNamespace:
        address = 0x81 if ep == 0 else 0x01
        return _Desc(
            dict(
                bLength=7, bDescriptorType=5, bEndpointAddress=address, bmAttributes=self.attributes,
                wMaxPacketSize=PACKET, bInterval=1, bRefresh=0, bSynchAddress=0, extra_descriptors=[],
            )
        )

    def open_device(self, dev: Any) -> int:
        self._check(self.generation)
        return self.generation

    def close_device(self, dev_handle: int) -> None:
        pass

    def set_configuration(self, dev_handle: int, config_value: int) -> None:
        self._check(dev_handle)
        self.configuration = config_value

    def get_configuration(self, dev_handle: int) -> int:
        self._check(dev_handle)
        return self.configuration

    def set_interface_altsetting(self, dev_handle: int, intf: int, altsetting: int) -> None:
        self._check(dev_handle)

    def claim_interface(self, dev_handle: int, intf: int) -> None:
        self._check(dev_handle)

    def release_interface(self, dev_handle: int, intf: int) -> None:
        pass

    def _check(self, handle: int) -> None:
        if not self.present or handle != self.generation:
            raise usb.core.USBError("No such device (it may have been disconnected)", -4, errno.ENODEV)

    def _write(self, dev_handle: int, ep: int, data: Any) -> int:
        self._check(dev_handle)
        if ep != 0x01:
            raise usb.core.USBError("Pipe error", -9, errno.EPIPE)
        payload = bytes(data)
        self.to_device.put(payload)
        return len(payload)

    def _read(self, dev_handle: int, ep: int, buff: array.array[int], timeout: int) -> int:
        self._check(dev_handle)
        if ep != 0x81:
            raise usb.core.USBError("Pipe error", -9, errno.EPIPE)
        data = self.to_host.take(min(len(buff), PACKET), timeout / 1000.0)
        self._check(dev_handle)
        if not data:
            raise usb.core.USBTimeoutError("Operation timed out", -7, errno.ETIMEDOUT)
        buff[: len(data)] = array.array("B", data)
        return len(data)

    def bulk_write(self, dev_handle: int, ep: int, intf: int, data: Any, timeout: int) -> int:
        return self._write(dev_handle, ep, data)

    def intr_write(self, dev_handle: int, ep: int, intf: int, data: Any, timeout: int) -> int:
        return self._write(dev_handle, ep, data)

    def bulk_read(self, dev_handle: int, ep: int, intf: int, buff: array.array[int], timeout: int) -> int:
        return self._read(dev_handle, ep, buff, timeout)

    def intr_read(self, dev_handle: int, ep: int, intf: int, buff: array.array[int], timeout: int) -> int:
        return self._read(dev_handle, ep, buff, timeout)

    def clear_halt(self, dev_handle: int, ep: int) -> None:
        pass

    def reset_device(self, dev_handle: int) -> None:
        pass

    def is_kernel_driver_active(self, dev_handle: int, intf: int) -> bool:
        return False


class CardReaderSimulator(SimulatedDevice):
    kind = "reader"
    model = "DS-READER-SIM"

    @classmethod
    def for_url(cls, name: str, params: dict[str, Any]) -> CardReaderSimulator:
        """``sim://usb`` (behind an in-process pyusb backend) or ``sim://serial`` (on a pty)."""
        faults = FaultPlan.parse(params.pop("fault", []))
        return cls(kind=name, faults=faults, seed=params.pop("seed", None))

    @classmethod
    def standalone(cls, seed: int | None, delay: float, faults: list[str]) -> CardReaderSimulator:
        """On a pty, whichever name asked for it (a USB twin is reachable only inside its driver's process)."""
        return cls(kind="serial", seed=seed, faults=FaultPlan.parse(faults))

    def __init__(
        self,
        kind: str = "usb",
        faults: FaultPlan | None = None,
        seed: int | None = None,
        vid: int = USB_VENDOR_ID,
        pid: int = USB_PRODUCT_ID,
        transfer: str = "bulk",
        **link: Any,
    ) -> None:
        if kind not in ("usb", "serial"):
            raise ValueError("kind must be 'usb' or 'serial'")
        super().__init__(seed, faults, **link)
        self.transport_kind = kind
        self.vid, self.pid = vid, pid
        self.backend: SimUsbBackend | None = SimUsbBackend(vid, pid, transfer) if kind == "usb" else None
        self._pty: PtyEndpoint | None = None
        self.reads = 0
        self.presented: list[int] = []

    def _make_endpoint(self) -> Endpoint:
        if self.backend is not None:
            self.backend.plug()
            return self.backend
        self._pty = PtyEndpoint("reader")
        return self._pty

    @property
    def port_path(self) -> str:
        assert self._pty is not None, "serial kind only, after start()"
        return self._pty.path

    @property
    def url(self) -> str:
        if self.backend is not None:
            return f"usb://{self.vid:#06x}:{self.pid:#06x}"
        return f"serial://{self.port_path}"

    def present(self, card: int) -> None:
        """The dealer passes ``card`` over the reader; misread faults change what it reports."""
        if not 0 <= card <= 51:
            raise ValueError(f"card {card} out of range 0..51")
        with self.lock:
            plan = self.faults
            self.presented.append(card)
            reported: int | None = card
            if plan.unreadable_next > 0:
                plan.unreadable_next -= 1
                reported = None
            elif plan.misread_next > 0:
                plan.misread_next -= 1
                reported = (card + 1 + self.rng.randrange(51)) % 52
            self.emit(p.CardReadMsg(reported))
            self.reads += 1
            self.after_card(self.reads)

    def handle(self, message: p.Message) -> None:
        if isinstance(message, (p.StatusRequest, p.Reset)):
            self.set_state_event()
        else:
            self.fault("internal_error", f"unsupported command {type(message).__name__}")

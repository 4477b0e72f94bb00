"""Card reader on USB through pyusb: the protocol's byte stream over a pair of bulk or
interrupt endpoints (whichever the device descriptor declares; pyusb picks the call)."""

from __future__ import annotations

import errno
from typing import Any

from dealer_station.wire.codec import USB_PRODUCT_ID, USB_VENDOR_ID

from .base import CardReaderABC
from .link import LinkBroken, LinkedDriver, Transport


class UsbTransport:
    """First IN and OUT endpoints of interface 0 of the device VID:PID."""

    def __init__(self, vid: int, pid: int, backend: Any = None, packet: int = 64) -> None:
        import usb.core
        import usb.util

        self._usb = usb
        dev = usb.core.find(idVendor=vid, idProduct=pid, backend=backend)
        if dev is None:
            raise LinkBroken(f"no USB device {vid:#06x}:{pid:#06x}")
        dev.set_configuration()
        intf = dev.get_active_configuration()[(0, 0)]

        def direction(want: int) -> Any:
            return usb.util.find_descriptor(
                intf, custom_match=lambda e: usb.util.endpoint_direction(e.bEndpointAddress) == want
            )

        self._in = direction(usb.util.ENDPOINT_IN)
        self._out = direction(usb.util.ENDPOINT_OUT)
        if self._in is None or self._out is None:
            raise LinkBroken("device has no IN/OUT endpoint pair")
        self._dev = dev
        self._size = max(packet, self._in.wMaxPacketSize)

    def read(self, timeout: float) -> bytes:
        try:
            return bytes(self._in.read(self._size, timeout=max(1, int(timeout * 1000))))
        except self._usb.core.USBTimeoutError:
            return b""
        except self._usb.core.USBError as exc:
            if exc.errno == errno.ETIMEDOUT:
                return b""
            raise LinkBroken(str(exc)) from exc

    def write(self, data: bytes) -> None:
        try:
            for i in range(0, len(data), self._out.wMaxPacketSize):
                self._out.write(data[i : i + self._out.wMaxPacketSize], timeout=1000)
        except self._usb.core.USBError as exc:
            raise LinkBroken(str(exc)) from exc

    def close(self) -> None:
        self._usb.util.dispose_resources(self._dev)


class UsbCardReader(LinkedDriver, CardReaderABC):
    """VID/PID from config; ``backend`` is passed to ``usb.core.find`` (None = libusb)."""

    def __init__(self, vid: int = USB_VENDOR_ID, pid: int = USB_PRODUCT_ID, backend: Any = None, **link: Any) -> None:
        self.vid = vid
        self.pid = pid
        self.backend = backend
        super().__init__(**link)

    def _open_transport(self) -> Transport:
        return UsbTransport(self.vid, self.pid, self.backend)

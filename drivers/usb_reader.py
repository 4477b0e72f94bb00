"""Card reader on USB through pyusb: the house protocol's byte stream over a pair of bulk or
interrupt endpoints (``drivers.transport.UsbTransport``)."""

from __future__ import annotations

from typing import Any, ClassVar

from dealer_station.wire.codec import USB_PRODUCT_ID, USB_VENDOR_ID

from .base import CardReaderABC
from .link import LinkedDriver
from .transport import Transport, UsbTransport

__all__ = ["UsbCardReader", "UsbTransport"]


class UsbCardReader(LinkedDriver, CardReaderABC):
    """VID/PID from config; ``backend`` is passed to ``usb.core.find`` (None = libusb)."""

    transport: ClassVar[str] = "usb"

    def __init__(self, vid: int = USB_VENDOR_ID, pid: int = USB_PRODUCT_ID, backend: Any = None, **options: Any) -> None:
        self.vid = vid
        self.pid = pid
        self.backend = backend
        super().__init__(**options)

    def _open_transport(self) -> Transport:
        return UsbTransport(self.vid, self.pid, self.backend)

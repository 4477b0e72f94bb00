"""Card reader on a serial port: same protocol, reports CardRead events."""

from __future__ import annotations

from typing import Any

from .base import CardReaderABC
from .link import LinkedDriver, SerialTransport, Transport


class SerialCardReader(LinkedDriver, CardReaderABC):
    def __init__(self, port: str, baudrate: int = 115200, **link: Any) -> None:
        self.port = port
        self.baudrate = baudrate
        super().__init__(**link)

    def _open_transport(self) -> Transport:
        return SerialTransport(self.port, self.baudrate, self.link.poll)

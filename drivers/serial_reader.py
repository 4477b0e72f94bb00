"""Card reader on a serial port: same protocol, reports CardRead events."""

from __future__ import annotations

from .base import CardReaderABC
from .link import SerialLinkedDriver


class SerialCardReader(SerialLinkedDriver, CardReaderABC):
    """A reader that announces each card it reads; it takes no commands beyond the link's."""

"""A Linux input device as a byte pipe of ``struct input_event`` records, grabbed for the station alone.

A keyboard-wedge card reader is an input device (``/dev/input/event*``; ``/dev/input/by-id/...-event-kbd``
names it stably). The maintained ``evdev`` library opens it and *grabs* it (``EVIOCGRAB``): from then on
its key events come only to this file descriptor, never to the console or the screen's focused widget,
so a swipe cannot type a card number into a text field. The transport hands the raw event records to the
dialect (``dialects/track2.py``), which reads them back into text.

A FIFO at the path is read the same way without ``evdev`` (no ioctl applies to a pipe): a simulator, or
a test with no ``/dev/uinput`` to make a kernel device, writes real ``input_event`` records into it.
``evdev`` is imported only when a real input device is opened (the ``station`` extra installs it).
"""

from __future__ import annotations

import errno
import os
import select
import stat
from typing import Any

from .transport import LinkBroken, NoSuchPort

EVENT_SIZE = 24
READ_EVENTS = 64


class InputEventTransport:
    """Whole ``input_event`` records from a file descriptor (``read`` never blocks past ``timeout``)."""

    def __init__(self, fd: int, device: Any = None) -> None:
        self.fd = fd
        self._device = device  # the evdev.InputDevice that owns ``fd`` (None: a FIFO we opened)

    def read(self, timeout: float) -> bytes:
        try:
            ready, _, _ = select.select([self.fd], [], [], timeout)
            if not ready:
                return b""
            data = os.read(self.fd, EVENT_SIZE * READ_EVENTS)
        except BlockingIOError:
            return b""
        except OSError as exc:  # ENODEV: the reader was unplugged
            raise LinkBroken(f"input device gone: {exc.strerror or exc}") from exc
        if not data:
            raise LinkBroken("input device gone (end of file)")
        return data

    def write(self, data: bytes) -> None:
        raise LinkBroken("a card reader takes no input")

    def close(self) -> None:
        device, self._device = self._device, None
        if device is not None:
            try:
                device.ungrab()
            except OSError:
                pass  # unplugged: nothing left to release
            device.close()
        else:
            os.close(self.fd)


def open_input_device(path: str, grab: bool = True) -> InputEventTransport:
    """The input device at ``path``, grabbed (unless ``grab`` is False); a FIFO is read as it is."""
    try:
        mode = os.stat(path).st_mode
    except FileNotFoundError:
        raise NoSuchPort(f"no such port {path}") from None
    if stat.S_ISFIFO(mode):
        return InputEventTransport(os.open(path, os.O_RDONLY | os.O_NONBLOCK))
    try:
        import evdev
    except ImportError:
        raise LinkBroken("reading an input device needs the evdev library (pip install 'dealer-station[station]')") \
            from None
    try:
        device = evdev.InputDevice(path)
    except OSError as exc:
        raise LinkBroken(f"cannot open input device {path}: {exc.strerror or exc}") from exc
    if grab:
        try:
            device.grab()
        except OSError as exc:
            device.close()
            reason = "another program holds it" if exc.errno == errno.EBUSY else (exc.strerror or str(exc))
            raise LinkBroken(f"cannot grab input device {path}: {reason}") from exc
    return InputEventTransport(device.fd, device)

"""Transports: byte pipes a dialect talks over, chosen by the device URL's scheme.

A transport knows nothing of any wire format: ``read`` returns what arrived (b"" on
timeout) and raises ``LinkBroken`` when the port goes away; ``write`` sends bytes. Serial
(RS-232, USB-serial, and the simulators' ptys, which pyserial opens like /dev/ttyUSB0) and
USB bulk/interrupt endpoints through pyusb. Libraries are imported lazily, so nothing here
pulls in pyserial or pyusb until a port is opened.
"""

from __future__ import annotations

import errno
from typing import Any, Protocol


class LinkBroken(Exception):
    """The transport went away (cable pulled, device re-enumerated, port closed)."""


class NoSuchPort(LinkBroken):
    """The port the URL names does not exist (a typo, or the USB-serial adapter is not plugged in)."""


class Transport(Protocol):
    """A byte pipe. ``read`` returns b"" on timeout and raises LinkBroken on disconnect."""

    def read(self, timeout: float) -> bytes: ...

    def write(self, data: bytes) -> None: ...

    def close(self) -> None: ...


def wake(transport: object | None) -> None:
    """Cut short a blocked ``read`` so queued output goes out now, not after the poll.

    Optional for a transport (``wake()``); without it output waits at most one poll.
    """
    waker = getattr(transport, "wake", None)
    if waker is not None:
        try:
            waker()
        except Exception:
            pass


class SerialTransport:
    """pyserial port as a Transport (8N1 at ``baudrate``)."""

    def __init__(self, port: str, baudrate: int = 115200, poll: float = 0.005) -> None:
        import termios

        import serial

        # termios.error: setting the port's timeout (the link waits longer when idle) calls tcsetattr, which pyserial
        # does not wrap; on a port that went away mid-deal it raised out of the link thread and killed it.
        self._errors: tuple[type[BaseException], ...] = (serial.SerialException, OSError, TypeError, termios.error)
        try:
            self._port = serial.Serial(port, baudrate=baudrate, timeout=poll, write_timeout=2.0)
            self._timeout = poll
        except (serial.SerialException, OSError) as exc:
            if getattr(exc, "errno", None) == errno.ENOENT:
                raise NoSuchPort(f"no such port {port}") from None
            raise

    def read(self, timeout: float) -> bytes:
        try:
            if timeout != self._timeout:  # the link waits longer when idle: the port is set only when it changes
                self._port.timeout = self._timeout = timeout
            data: bytes = self._port.read(1)
            if data:
                waiting = self._port.in_waiting
                if waiting:
                    data += bytes(self._port.read(waiting))
            return data
        except self._errors as exc:
            raise LinkBroken(str(exc)) from exc

    def write(self, data: bytes) -> None:
        try:
            self._port.write(data)
        except self._errors as exc:
            raise LinkBroken(str(exc)) from exc

    def wake(self) -> None:
        self._port.cancel_read()  # pyserial (POSIX) interrupts a read blocked in select

    def close(self) -> None:
        self._port.close()


class UsbTransport:
    """First IN and OUT endpoints of interface 0 of the device VID:PID (bulk or interrupt:
    whichever the descriptor declares; pyusb picks the call)."""

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

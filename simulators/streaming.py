"""The life cycle every receive-only device twin shares: a real pty, a thread that writes
what the device would send, start and stop, and the URL a driver opens it by.

A twin (the Bee-Tek reading shoe, the bet sensor) names its ``kind`` (the device role),
its URL ``scheme`` (its dialect's registry name) and its pty's ``port_name``, and writes in
``_run`` until ``_stop`` is set.
"""

from __future__ import annotations

import threading
from typing import Any, ClassVar, Self

import structlog

from .device import PtyEndpoint

log = structlog.get_logger("simulators")


class StreamingTwin:
    """Base of a receive-only twin on a pty (``start`` / ``stop`` / ``url``)."""

    kind: ClassVar[str]
    scheme: ClassVar[str]
    port_name: ClassVar[str]
    serial_number: str
    baudrate = 115200
    backend: Any = None  # no in-process backend: its driver opens the pty

    def __init__(self) -> None:
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self._pty: PtyEndpoint | None = None

    def start(self) -> Self:
        if self._thread is None:
            self._pty = PtyEndpoint(self.port_name)
            self._stop.clear()
            self._thread = threading.Thread(target=self._run, name=f"sim-{self.port_name}", daemon=True)
            self._thread.start()
            log.info("sim.started", device=self.kind, url=self.url)
        return self

    def stop(self) -> None:
        self._stop.set()
        if self._thread is not None:
            self._thread.join(timeout=5.0)
            self._thread = None
        if self._pty is not None:
            self._pty.close()
            self._pty = None

    @property
    def port_path(self) -> str:
        assert self._pty is not None, "start() the simulator first"
        return self._pty.path

    @property
    def url(self) -> str:
        return f"{self.scheme}://{self.port_path}?serial_number={self.serial_number}"

    def _run(self) -> None:
        raise NotImplementedError

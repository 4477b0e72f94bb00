"""systemd's service notification protocol (``sd_notify(3)``), in a few lines of the standard library.

Under a ``Type=notify`` unit systemd puts the path of a Unix datagram socket in ``NOTIFY_SOCKET``
(``@name`` for the abstract namespace); the service sends it newline-separated ``KEY=VALUE``
assignments: ``READY=1`` once it serves (the station: its journal recovered and its devices
opened), ``WATCHDOG=1`` at least once per ``WATCHDOG_USEC`` microseconds (the station: from its
event pump's clock tick, so a pump that hangs stops them and systemd restarts the service),
``STOPPING=1`` when it begins to shut down, ``STATUS=...`` a line for ``systemctl status``.
The protocol is one ``sendto`` per message, so it needs no library (python-systemd / sdnotify
would add a dependency for what these lines do). Outside systemd (no ``NOTIFY_SOCKET``) every
call does nothing; a message that cannot be sent is logged, never raised: the table plays on.
"""

from __future__ import annotations

import os
import socket
import threading
import time
from collections.abc import Mapping

import structlog

log = structlog.get_logger("dealer_station.sd_notify")

__all__ = ["Notifier", "station_started"]

READY_DRAIN = 5.0
"""Seconds the station's pump is given to journal what its devices reported at opening before READY=1."""


class Notifier:
    """The service's end of ``NOTIFY_SOCKET``; ``from_env`` gives None outside a notify-type unit."""

    def __init__(self, address: str, watchdog_usec: int | None = None) -> None:
        self.address = "\0" + address[1:] if address.startswith("@") else address
        self.watchdog_interval = watchdog_usec / 1e6 if watchdog_usec else None
        """Seconds within which systemd wants ``WATCHDOG=1`` (None: no watchdog for this process)."""
        self._socket = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM | socket.SOCK_CLOEXEC)
        self._lock = threading.Lock()
        self._last_beat = float("-inf")

    @classmethod
    def from_env(cls, environ: Mapping[str, str] | None = None) -> Notifier | None:
        """The notifier systemd's environment asks for, or None (not started by a notify-type unit).

        ``WATCHDOG_USEC`` counts only when ``WATCHDOG_PID`` is absent or names this process (``sd_watchdog_enabled``):
        a child the service started must not keep its parent's watchdog fed."""
        env = os.environ if environ is None else environ
        address = env.get("NOTIFY_SOCKET", "")
        if not address or address[0] not in "/@":
            return None
        usec: int | None = None
        pid = env.get("WATCHDOG_PID", "")
        if not pid or pid == str(os.getpid()):
            try:
                usec = int(env.get("WATCHDOG_USEC", "")) or None
            except ValueError:
                usec = None
        return cls(address, usec)

    def send(self, **fields: str | int) -> bool:
        """One notification (``READY=1`` is ``send(READY=1)``); False when it could not be sent."""
        message = "\n".join(f"{key}={value}" for key, value in fields.items()).encode("utf-8")
        try:
            with self._lock:
                self._socket.sendto(message, self.address)
        except OSError as exc:
            log.warning("sd_notify_failed", message=message.decode("utf-8", "replace")[:80], error=str(exc))
            return False
        return True

    def ready(self, status: str = "") -> bool:
        """The service is up (``Type=notify`` start is complete)."""
        return self.send(READY=1, **({"STATUS": status} if status else {}))

    def watchdog(self) -> bool:
        """Feed the watchdog: sent at most every quarter of its interval (the pump ticks more often than needed)."""
        if self.watchdog_interval is None:
            return False
        now = time.monotonic()
        if now - self._last_beat < self.watchdog_interval / 4:
            return False
        self._last_beat = now
        return self.send(WATCHDOG=1)

    def stopping(self) -> bool:
        return self.send(STOPPING=1)

    def close(self) -> None:
        self._socket.close()


def station_started(station: object, status: str = "") -> Notifier | None:
    """Tell systemd a started ``Station`` serves (``READY=1``) and feed its watchdog from the station's pump
    (``Station.heartbeat``); None, and nothing done, outside a notify-type unit."""
    notifier = Notifier.from_env()
    if notifier is None:
        return None
    station.drain(READY_DRAIN)  # type: ignore[attr-defined]  # the devices' link-up reports journaled first
    notifier.ready(status)
    station.heartbeat = notifier.watchdog  # type: ignore[attr-defined]
    return notifier

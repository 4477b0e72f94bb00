"""Failed sign-ins counted per client address, beside the per-user lockout.

The per-user lockout (``users.py``) stops guessing one person's password; it does not stop
one computer trying a few passwords on every name (password spraying), which never reaches
any one user's limit. This counts failed sign-ins per address in a sliding window and
refuses further attempts from an address past the limit until its oldest failure ages
out. An attempt counts as a failure from the moment it starts (attempts sent side by side
cannot all slip through while their passwords are checked); a successful one takes back
only its own count, never earlier failures (one known account must not buy more guesses on
the others). Kept in memory: a restart of the page lifts it, while the
per-user lockout, kept in the user file, stays. Behind a reverse proxy every request comes
from the proxy's address, so the proxy should limit per client itself.
"""

from __future__ import annotations

import threading
import time
from collections import deque
from collections.abc import Callable

MAX_ADDRESS_FAILURES, ADDRESS_WINDOW_SECONDS = 20, 900.0
MAX_ADDRESSES = 10_000  # addresses remembered at once; the ones with the oldest failures go first


class AddressThrottle:
    """Sliding-window count of failed sign-ins per client address."""

    def __init__(self, max_failures: int = MAX_ADDRESS_FAILURES, window: float = ADDRESS_WINDOW_SECONDS, *,
                 clock: Callable[[], float] = time.time, max_addresses: int = MAX_ADDRESSES) -> None:
        self.max_failures, self.window, self.max_addresses = max_failures, window, max_addresses
        self._clock = clock
        self._failures: dict[str, deque[float]] = {}
        self._lock = threading.Lock()

    def _recent(self, address: str, now: float) -> deque[float] | None:
        times = self._failures.get(address)
        if times is None:
            return None
        while times and times[0] <= now - self.window:
            times.popleft()
        if not times:
            del self._failures[address]
            return None
        return times

    def wait(self, address: str) -> float:
        """Seconds before ``address`` may try again (0 when it may try now)."""
        now = self._clock()
        with self._lock:
            return self._wait(address, now)

    def _wait(self, address: str, now: float) -> float:
        times = self._recent(address, now)
        if times is None or len(times) < self.max_failures:
            return 0.0
        return max(0.0, times[-self.max_failures] + self.window - now)

    def attempt(self, address: str) -> float | None:
        """Start a sign-in from ``address``: counted as failed until ``succeeded`` says otherwise,
        so attempts sent side by side are all counted before any password is checked. Returns
        the moment to hand back to ``succeeded``, or None when the address must wait."""
        now = self._clock()
        with self._lock:
            if self._wait(address, now) > 0:
                return None
            times = self._recent(address, now)
            if times is None:
                if len(self._failures) >= self.max_addresses:
                    self._forget_oldest(now)
                times = self._failures[address] = deque(maxlen=self.max_failures)
            times.append(now)
            return now

    def succeeded(self, address: str, started: float) -> None:
        """The sign-in begun at ``started`` was accepted: it is not a failure."""
        with self._lock:
            times = self._failures.get(address)
            if times is not None and started in times:
                times.remove(started)
                if not times:
                    del self._failures[address]

    def _forget_oldest(self, now: float) -> None:
        for address in list(self._failures):
            self._recent(address, now)
        while len(self._failures) >= self.max_addresses:
            oldest = min(self._failures, key=lambda a: self._failures[a][-1])
            del self._failures[oldest]

"""The disk watch: room left on the journal's filesystem, told to the table before an append could fail.

Two thresholds, in rounds of play converted to bytes with the doctor's estimate of a round's journal bytes
(``doctor.BYTES_PER_ROUND``; the profile's ``[disk]``): under ``warn_rounds`` the croupier's banner and the
pit (through the floor) are told; under ``halt_rounds`` no round opens, while the round in progress plays
to its end in the room the threshold keeps (a round is tens of kB, the halt threshold a hundred rounds).
The table never fails open: it stops with room left to journal that it stopped. A level once reached is
left only with a margin above its threshold (``HYSTERESIS``), so a disk hovering at a threshold does not
journal a record at every look.

Free pages inside the journal file (records archiving trimmed, ``Journal.reusable_bytes``) count as room: the
journal reuses them before it grows the file, which never shrinks. The write-ahead log needs the disk's own
room; the halt threshold keeps enough for it.

The station's pump looks at every clock tick (twice a second) and reports a change as a ``DiskSpace``
report (``wire/reports.py``), which the session journals like any device's.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from .doctor import BYTES_PER_ROUND
from .errors import ConfigError
from .wire.reports import DiskLevel, DiskSpace

DEVICE = "journal_disk"
HYSTERESIS = 1.05
"""Free space must rise 5% above a threshold to leave the level below it."""


def free_bytes(folder: Path, statvfs: Callable[[Path], os.statvfs_result] = os.statvfs) -> int:
    """Bytes an unprivileged writer may still use on ``folder``'s filesystem."""
    st = statvfs(folder)
    return int(st.f_bavail) * int(st.f_frsize)


@dataclass(slots=True)
class DiskWatch:
    """Watches the filesystem of ``folder`` (the journal's) against ``warn_bytes`` and ``halt_bytes``."""

    folder: Path
    warn_bytes: int
    halt_bytes: int
    statvfs: Callable[[Path], os.statvfs_result] = os.statvfs
    reusable: Callable[[], int] | None = None
    """Bytes inside the journal file that appends reuse first (``Journal.reusable_bytes``: what archiving
    trimmed): room as good as the disk's for the journal's records."""

    @classmethod
    def for_journal(cls, journal: Path, warn_rounds: int, halt_rounds: int, bytes_per_round: int = BYTES_PER_ROUND,
                    reusable: Callable[[], int] | None = None) -> DiskWatch:
        if halt_rounds >= warn_rounds:
            raise ConfigError(f"halt_rounds {halt_rounds} must be below warn_rounds {warn_rounds}", "disk")
        return cls(journal.parent, warn_rounds * bytes_per_round, halt_rounds * bytes_per_round, reusable=reusable)

    def level(self, free: int, known: str = "ok") -> DiskLevel:
        """The level at ``free`` bytes, leaving the ``known`` one only past its margin."""
        halt_at = self.halt_bytes * (HYSTERESIS if known == "halt" else 1)
        warn_at = self.warn_bytes * (HYSTERESIS if known in ("warning", "halt") else 1)
        if free < halt_at:
            return "halt"
        if free < warn_at:
            return "warning"
        return "ok"

    def check(self, known: str) -> DiskSpace | None:
        """A report when the disk is now at another level than ``known`` (the table's, as journaled), else None.
        A filesystem that cannot be asked is at ``halt``: the watch never fails open."""
        try:
            free = free_bytes(self.folder, self.statvfs)
        except OSError:
            free = 0
        if free and self.reusable is not None:
            try:
                free += self.reusable()
            except Exception:  # a journal that cannot say: only the disk's room counts
                pass
        level = self.level(free, known)
        if level == known:
            return None
        return DiskSpace(device=DEVICE, level=level, free_bytes=free, warn_bytes=self.warn_bytes,
                         halt_bytes=self.halt_bytes)

"""Advisory OS locks on sidecar files: one writer per journal, one updater of a credential file.

``flock`` locks belong to an open file and the kernel drops them when the process dies,
however it dies (``kill -9``, power loss of a container): a stale lock never blocks a
restart, and no clean-up is ever needed. Two ``open`` calls in one process are two
holders, so a second writer object inside the same process is refused as well.

The sidecar file also says who holds it (pid, host, program, since) so a refusal can
name the holder. Lock files are never deleted: deleting one while another process waits
on it would let two holders in.
"""

from __future__ import annotations

import fcntl
import json
import os
import re
import socket
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import IO

__all__ = ["Holder", "LockHeld", "hold_exclusive", "locked", "program_name", "release"]

_SUBCOMMAND = re.compile(r"[a-z][a-z-]{0,30}")


@dataclass(frozen=True, slots=True)
class Holder:
    """Who holds a lock, as written into its sidecar file."""

    pid: int
    host: str
    program: str
    since: str

    def describe(self) -> str:
        """``pid 1234 (dealer-station simulate, since 2026-11-30T14:03:05Z)``; the host if not this one."""
        where = "" if self.host == socket.gethostname() else f" on {self.host}"
        return f"pid {self.pid}{where} ({self.program}, since {self.since})"


class LockHeld(Exception):
    """The lock is held by someone else; ``holder`` is None when they have not said who yet."""

    def __init__(self, holder: Holder | None) -> None:
        super().__init__(holder.describe() if holder else "another process")
        self.holder = holder


def program_name() -> str:
    """This program as a person would name it: ``dealer-station simulate``, ``pytest``."""
    argv = sys.argv or ["python"]
    name = Path(argv[0]).name
    if name == "__main__.py":  # python -m package
        name = Path(argv[0]).parent.name.replace("_", "-")
    words = [name or "python", *[a for a in argv[1:2] if _SUBCOMMAND.fullmatch(a)]]
    return " ".join(words)[:80]


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds").replace("+00:00", "Z")


def _read_holder(fh: IO[str]) -> Holder | None:
    try:
        fh.seek(0)
        data = json.loads(fh.read() or "null")
        return Holder(int(data["pid"]), str(data["host"]), str(data["program"]), str(data["since"]))
    except (OSError, ValueError, TypeError, KeyError):
        return None


def hold_exclusive(path: Path) -> IO[str]:
    """Take the lock at ``path`` without waiting, write who holds it, return the open file.

    Raises ``LockHeld`` naming the holder, or ``OSError`` if the file cannot be opened.
    Keep the returned file open for as long as the lock is needed; ``release`` ends it.
    """
    fh = open(path, "a+", encoding="utf-8")
    try:
        fcntl.flock(fh.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        holder = _read_holder(fh)
        fh.close()
        raise LockHeld(holder) from None
    except BaseException:
        fh.close()
        raise
    try:
        fh.seek(0)
        fh.truncate()
        fh.write(json.dumps({"pid": os.getpid(), "host": socket.gethostname(), "program": program_name(),
                             "since": _now()}) + "\n")
        fh.flush()
    except OSError:
        pass  # a full disk must not stop the holder: the lock itself is what counts
    return fh


def release(fh: IO[str]) -> None:
    """Forget the holder's name and drop the lock (closing the file drops it)."""
    try:
        fh.seek(0)
        fh.truncate()
    except (OSError, ValueError):
        pass
    finally:
        fh.close()


@contextmanager
def locked(path: Path) -> Iterator[None]:
    """Hold the lock at ``path`` for a short critical section, waiting for it if need be."""
    with open(path, "a", encoding="utf-8") as fh:
        fcntl.flock(fh.fileno(), fcntl.LOCK_EX)
        yield

"""Advisory OS locks: one writer per journal, one updater of a credential file.

``flock`` locks belong to an open file and the kernel drops them when the process dies,
however it dies (``kill -9``, power loss of a container): a stale lock never blocks a
restart, and no clean-up is ever needed. Two ``open`` calls in one process are two
holders, so a second writer object inside the same process is refused as well.

The sidecar file also says who holds it (pid, host, program, since) so a refusal can
name the holder. Lock files are never deleted: deleting one while another process waits
on it would let two holders in.

A sidecar is found by a path, and one file can have paths no name resolution connects
(a bind mount of the file, a container volume of one file). ``hold_file`` therefore
locks the file itself: a ``flock`` on its inode, whatever path reached it. ``flock`` and
the POSIX record locks SQLite uses on that same file are independent on Linux, but
closing *any* descriptor of a file drops every POSIX lock the process holds on it, so a
descriptor this module opens on a journal is closed only once no SQLite connection of
this process uses that inode (``use_file`` counts them; SQLite does the same for its own
descriptors). Local filesystems only: on NFS ``flock`` is emulated with POSIX locks.
"""

from __future__ import annotations

import fcntl
import json
import os
import re
import socket
import sys
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import IO

__all__ = ["FileLock", "FileUse", "Holder", "LockHeld", "hold_exclusive", "hold_file", "locked", "program_name",
           "read_start", "release", "use_file"]

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
        since = f", since {self.since}" if self.since else ""
        return f"pid {self.pid}{where} ({self.program}{since})"


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


# ------------------------------------------------------------------- locks on the file itself

_Inode = tuple[int, int]


class _Inodes:
    """This process's uses of files it locks: who holds each inode, and descriptors waiting to close."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.users: dict[_Inode, int] = {}
        self.holders: dict[_Inode, Holder] = {}
        self.pending: dict[_Inode, list[int]] = {}

    def close_later(self, inode: _Inode, fd: int) -> None:
        """Close ``fd`` now if nothing of ours uses the inode, else when its last use ends (lock held)."""
        if self.users.get(inode, 0) > 0:
            self.pending.setdefault(inode, []).append(fd)
        else:
            os.close(fd)

    def end_use(self, inode: _Inode) -> None:
        left = self.users.get(inode, 0) - 1
        if left > 0:
            self.users[inode] = left
            return
        self.users.pop(inode, None)
        for fd in self.pending.pop(inode, []):
            os.close(fd)


_INODES = _Inodes()


def _inode(info: os.stat_result) -> _Inode:
    return (info.st_dev, info.st_ino)


@dataclass(slots=True)
class FileUse:
    """One use of a file by this process (an open SQLite connection on it); ``end`` when it is closed."""

    inode: _Inode | None
    ended: bool = False

    def end(self) -> None:
        if self.ended or self.inode is None:
            return
        self.ended = True
        with _INODES.lock:
            _INODES.end_use(self.inode)


def use_file(path: Path) -> FileUse:
    """Count a connection about to be opened on ``path`` (a missing file is not counted)."""
    try:
        inode = _inode(os.stat(path))
    except OSError:
        return FileUse(None)
    with _INODES.lock:
        _INODES.users[inode] = _INODES.users.get(inode, 0) + 1
    return FileUse(inode)


def read_start(path: Path, size: int) -> bytes:
    """The first ``size`` bytes of a file, without dropping SQLite's locks on it (``OSError`` if unreadable).

    A plain ``open``/``close`` would: checking a journal's header while this process has it
    open for writing used to release the writer's SQLite locks.
    """
    fd = _open_parked(path, os.O_RDONLY | os.O_CLOEXEC)
    try:
        inode = _inode(os.fstat(fd))
    except BaseException:
        os.close(fd)
        raise
    try:
        return os.pread(fd, size, 0)
    finally:
        with _INODES.lock:
            _INODES.close_later(inode, fd)


def _open_parked(path: Path, flags: int) -> int:
    """A descriptor of ``path``: one parked for closing later if there is one (so they never pile up)."""
    try:
        inode = _inode(os.stat(path))
    except OSError:
        inode = None
    with _INODES.lock:
        parked = _INODES.pending.get(inode) if inode is not None else None
        if parked:
            return parked.pop()
    return os.open(path, flags, 0o644)


@dataclass(slots=True)
class FileLock:
    """The exclusive lock on a file's inode; ``links`` is its hard-link count when it was taken."""

    fd: int
    inode: _Inode
    links: int
    use: FileUse

    def release(self) -> None:
        """Drop the lock at once; the descriptor closes when no connection of ours uses the file."""
        if self.use.ended:
            return
        with _INODES.lock:
            fcntl.flock(self.fd, fcntl.LOCK_UN)
            _INODES.holders.pop(self.inode, None)
            _INODES.close_later(self.inode, self.fd)
        self.use.end()


def hold_file(path: Path) -> FileLock:
    """Lock the file at ``path`` itself (created empty if missing), without waiting.

    Whatever path reaches the file - a bind mount, a hard link, ``/proc/self/fd/N`` - the
    lock is the same. Raises ``LockHeld`` naming the holder when the kernel knows it, or
    ``OSError``. While held, the holder counts as a use of the file (``use_file``).
    """
    try:
        inode = _inode(os.stat(path))
    except FileNotFoundError:
        inode = None
    with _INODES.lock:
        if inode is not None and inode in _INODES.holders:  # ours already: opening it again would be harmless,
            raise LockHeld(_INODES.holders[inode])          # but closing it would drop SQLite's locks
    fd = _open_parked(path, os.O_RDONLY | os.O_CREAT | os.O_CLOEXEC)
    with _INODES.lock:
        try:
            info = os.fstat(fd)
        except BaseException:
            os.close(fd)
            raise
        inode = _inode(info)
        try:
            if inode in _INODES.holders:
                raise LockHeld(_INODES.holders[inode])
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            _INODES.close_later(inode, fd)
            raise LockHeld(_kernel_holder(inode)) from None
        except BaseException:
            _INODES.close_later(inode, fd)
            raise
        _INODES.holders[inode] = Holder(os.getpid(), socket.gethostname(), program_name(), _now())
        _INODES.users[inode] = _INODES.users.get(inode, 0) + 1
    return FileLock(fd, inode, info.st_nlink, FileUse(inode))


def _kernel_holder(inode: _Inode) -> Holder | None:
    """Who holds a ``flock`` on ``inode``, from ``/proc/locks`` (Linux) and ``/proc/<pid>/cmdline``."""
    dev, ino = inode
    key = f"{os.major(dev):02x}:{os.minor(dev):02x}:{ino}"
    try:
        with open("/proc/locks", encoding="ascii", errors="replace") as fh:
            for line in fh:
                fields = line.split()
                if len(fields) >= 6 and fields[1] == "FLOCK" and fields[3] == "WRITE" and fields[5] == key:
                    pid = int(fields[4])
                    return Holder(pid, socket.gethostname(), _program_of(pid), "")
    except (OSError, ValueError):
        pass
    return None


def _program_of(pid: int) -> str:
    try:
        words = Path(f"/proc/{pid}/cmdline").read_bytes().split(b"\0")
    except OSError:
        return "another program"
    names = [w.decode("utf-8", "replace") for w in words if w]
    if names and Path(names[0]).name.startswith("python"):
        names = names[1:]
        if len(names) >= 2 and names[0] == "-m":  # python -m dealer_station simulate
            names = [names[1].replace("_", "-"), *names[2:]]
    names = [Path(names[0]).name, *names[1:]] if names else []
    subcommand = [n for n in names[1:2] if _SUBCOMMAND.fullmatch(n)]
    return " ".join([*names[:1], *subcommand])[:80] or "another program"

"""Keep a simulation's threads on one CPU.

A simulated table is one Python process of many threads (the station's pump, a link per device,
each simulator, the floor's forwarder) that take turns on one interpreter lock. Left to roam two
cores, every hand-over of that lock wakes a thread on the other core: measured on the project's
2-core VM (docs/performance.md, 2026-12-04), 200 UTH rounds took 10.3 s of CPU and 10.1 s unpinned
against 7.6 s and 8.0 s pinned, and three linked tables in one process half the CPU they took unpinned. A process that
cannot use a second core anyway is faster kept on one, and the other core stays free for the rest
of the machine.

Linux only (``os.sched_setaffinity``); elsewhere, or when the CPU cannot be told, nothing changes.
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import Iterator
from pathlib import Path

_STAT = Path("/proc/thread-self/stat")
_PROCESSOR_FIELD = 39
"""``processor`` in proc(5)'s ``stat``: the CPU the thread last ran on (fields counted from 1)."""


def current_cpu(stat: Path = _STAT) -> int | None:
    """The CPU the calling thread is on, or None where the system does not say."""
    try:
        text = stat.read_text(encoding="ascii", errors="replace")
    except OSError:
        return None
    fields = text.rpartition(")")[2].split()  # after the command name, which may hold spaces and parentheses
    index = _PROCESSOR_FIELD - 3  # fields 1 (pid) and 2 (comm) come before the closing parenthesis
    try:
        return int(fields[index])
    except (IndexError, ValueError):
        return None


@contextlib.contextmanager
def one_cpu() -> Iterator[int | None]:
    """Pin the calling thread (and so every thread it starts) to the CPU it is on; restore on exit.

    Yields the CPU, or None when nothing was pinned (not Linux, a single allowed CPU already, or the
    CPU unknown). Threads started inside inherit the pin; threads that already run keep their own.
    """
    setaffinity = getattr(os, "sched_setaffinity", None)
    getaffinity = getattr(os, "sched_getaffinity", None)
    allowed = getaffinity(0) if getaffinity is not None else set()
    cpu = current_cpu()
    if setaffinity is None or len(allowed) < 2 or cpu not in allowed:
        yield None
        return
    try:
        setaffinity(0, {cpu})
    except OSError:  # a cpuset that changed under us: run as we were
        yield None
        return
    try:
        yield cpu
    finally:
        with contextlib.suppress(OSError):
            setaffinity(0, allowed)

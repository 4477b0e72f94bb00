"""The order the suite's tests are handed out in.

With ``--dist load`` each xdist worker takes the next tests of one queue as it frees, so both workers
are always at about the same place in it. The long checks (marked ``slow``: simulations of hundreds of
rounds, SIGKILL loops, PokerKit cross-checks, a real Chromium) mostly compute; the many short tests
after them, the touchscreen's above all, mostly wait (the screen's double-tap and arm times, a pty round
trip, a link timeout). Run all the long ones first and the machine is saturated for the first half and
a third idle in the second (measured: 72 of the 92 idle core-seconds of a run came after the long
tests). Spread through the queue instead, a long test on one worker computes while the other waits.

Each module's long tests stay one block (its module-scoped fixtures are set up once), the blocks go
longest first (a test's ``@pytest.mark.slow(seconds=N)``, measured alone in a quiet hour; ``DEFAULT_SECONDS``
when it names none; ties in collection order) and are spaced evenly over the first ``SPREAD`` of the short
tests, so the minute-long ones start in the first stretch and none runs alone at the end (measured
2026-12-05: with the blocks in collection order the 200-round demo soak and the SIGKILL loops, under
``tests/ui`` and ``tests/session``, started at three quarters of the run). The short tests that wait most (``early``: the touchscreen's) come
first, beside the long ones and the background plays; those left for the end compute. Tests that read
background plays go last (``tests/background.py``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TypeVar

T = TypeVar("T")

SPREAD = 0.7
"""The share of the short tests the long blocks are spread over (the rest run after the last long one)."""
DEFAULT_SECONDS = 5.0
"""What a long test that names no ``seconds`` is taken to cost when the blocks are sorted."""


def run_order(items: Sequence[T], *, module: Callable[[T], object], long: Callable[[T], bool],
              last: Callable[[T], bool], early: Callable[[T], bool], spread: float = SPREAD,
              seconds: Callable[[T], float | None] = lambda item: None) -> list[T]:
    """``items`` reordered: long tests in per-module blocks, the costliest block first (``seconds`` of each
    long test, ``DEFAULT_SECONDS`` when None), spread over the short ones, ``early`` short ones first,
    ``last`` ones at the end; otherwise in the order given."""
    tail = [item for item in items if last(item)]
    rest = [item for item in items if not last(item)]
    short = [item for item in rest if not long(item) and early(item)]
    short += [item for item in rest if not long(item) and not early(item)]
    blocks: dict[object, list[T]] = {}
    for item in rest:
        if long(item):
            blocks.setdefault(module(item), []).append(item)
    def cost(block: list[T]) -> float:
        return sum(DEFAULT_SECONDS if (given := seconds(item)) is None else given for item in block)

    order: list[T] = []
    placed = 0
    for n, block in enumerate(sorted(blocks.values(), key=cost, reverse=True)):  # stable: ties keep their order
        at = max(placed, int(n * spread * len(short) / len(blocks)))  # before the short test at this index ...
        while 0 < at < len(short) and module(short[at]) == module(short[at - 1]):
            at += 1  # ... or the next module's first: a module's short tests stay together too
        order += short[placed:at] + block
        placed = at
    return order + short[placed:] + tail

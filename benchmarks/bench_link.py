"""Linked progressive figures: the contribution and award round trips to the controller (the floor),
p50 / p99, with 20 linked tables busy at once. Starts its own throwaway PostgreSQL (tests/pg.py).

Each table is its own process with its own ``FloorLink`` (as the station role), playing rounds
back to back with no pause: a contribution of 1 to 6 Pool stakes, then an award of one hit -
every round hits, so every round takes the link's lock twice (the worst case; a real table
plays a round a minute and hits one round in forty). A round trip is the whole call as the
station makes it: ``link_begin`` (lock), the facts computed by ``jackpot.py``, ``link_commit``.

Run: ``.venv/bin/python benchmarks/bench_link.py`` (about 40 s; ``--quick`` for a smoke run).
Results are recorded in docs/performance.md.
"""

from __future__ import annotations

import argparse
import multiprocessing as mp
import statistics
import sys
import time
from decimal import Decimal
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from dealer_station.floor.link import FloorLink  # noqa: E402
from dealer_station.jackpot import PoolHit  # noqa: E402
from dealer_station.profile_loader import load_profile  # noqa: E402
from tests.floor.conftest import new_floor  # noqa: E402
from tests.pg import PostgresServer  # noqa: E402


def table(args: tuple[int, str, float, Any]) -> tuple[list[float], list[float]]:
    """One busy table for ``seconds``: (contribution round trips, award round trips), in ms."""
    index, url, seconds, go = args
    rules = load_profile("thb-linked").options.jackpot  # type: ignore[attr-defined]
    link = FloorLink(url, rules, f"L{index:02d}")
    link._join()
    go.wait()
    contribute, award = [], []
    end = time.monotonic() + seconds
    n = 0
    while time.monotonic() < end:
        n += 1
        rid = f"L{index:02d}-{n:06d}"
        seats = [(s, Decimal(1)) for s in range(6, 6 - (n % 6) - 1, -1)]
        t0 = time.perf_counter()
        link.contribute(rid, seats)
        t1 = time.perf_counter()
        link.award(rid, [PoolHit(seats[0][0], "straight", Decimal(10))])
        t2 = time.perf_counter()
        contribute.append((t1 - t0) * 1000)
        award.append((t2 - t1) * 1000)
    link.stop()
    return contribute, award


def pct(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(p / 100 * len(ordered)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--tables", type=int, default=20)
    parser.add_argument("--seconds", type=float, default=30.0)
    parser.add_argument("--quick", action="store_true")
    args = parser.parse_args()
    seconds = 3.0 if args.quick else args.seconds
    with PostgresServer.running() as server:
        floor = new_floor(server)
        ctx = mp.get_context("spawn")
        with ctx.Manager() as manager:
            go = manager.Event()
            with ctx.Pool(args.tables) as pool:
                pending = pool.map_async(table, [(i, floor.station_url, seconds, go) for i in range(1, args.tables + 1)])
                time.sleep(3.0 + args.tables * 0.2)  # every table joined its link before the clock starts
                go.set()
                results = pending.get(timeout=seconds + 120)
    contribute = [v for c, _ in results for v in c]
    award = [v for _, a in results for v in a]
    rounds = len(contribute)
    print(f"{args.tables} linked tables busy for {seconds:g} s: {rounds} rounds "
          f"({rounds / seconds:.0f} rounds/s on the link, {2 * rounds / seconds:.0f} commits/s)")
    for name, values in (("contribution", contribute), ("award", award)):
        print(f"  {name:<12} round trip: p50 {statistics.median(values):.1f} ms, p99 {pct(values, 99):.1f} ms, "
              f"max {max(values):.1f} ms")


if __name__ == "__main__":
    main()

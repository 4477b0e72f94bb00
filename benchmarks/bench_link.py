"""Linked progressive: the controller's latency at a realistic pace and its capacity, today's one-call
controller (migration 0016) beside the two-step one it replaced (0015), in the same run, ABAB.

Starts its own throwaway PostgreSQL (tests/pg.py) with ``fsync = on`` and ``synchronous_commit = on``,
and two databases on it: one at schema 0015 driven by the 0015 client (``tests/floor/link_0015.py``:
``link_begin`` locks the link's row, this process computes the facts with ``jackpot.py``,
``link_commit`` stores them - the row locked across both round trips), one at 0016 driven by the
station's own ``FloorLink`` (one ``floor.link_step`` per change). Each table is its own process with
its own connection, as a station is; a "round" is a contribution of 1-6 Pool stakes and, right
after it, an award of one straight (every round hits: the worst case for the meter's lock).

* **Pace**: 20 tables, each playing a round every 30-60 s (uniform) - with time compressed 45x, so
  each table plays one every 0.67-1.33 s and the link sees about 20 rounds/s where a real bank of
  20 tables gives it 0.44. Honest in one direction only: more contention than the real pace, never
  less; the p99 at the real pace can only be lower.
* **Capacity**: 20 tables in an open loop at a rising offered rate (rounds scheduled at exponential
  intervals); latency counts from the moment a call was due, so a client that falls behind shows it
  (no coordinated omission). Capacity is the highest offered rate whose every call's p99 stays
  under 100 ms and which the link keeps up with (at least 95% of the offered commits done).

Run: ``.venv/bin/python benchmarks/bench_link.py`` (about 6 minutes; ``--quick`` for a smoke run).
Results are recorded in docs/performance.md ("Linked progressive controller").
"""

from __future__ import annotations

import argparse
import multiprocessing as mp
import os
import random
import statistics
import sys
import time
from decimal import Decimal
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from dealer_station.cards import parse_card  # noqa: E402
from dealer_station.floor.link import FloorLink  # noqa: E402
from dealer_station.floor.migrate import migrate  # noqa: E402
from dealer_station.floor.roles import init_roles  # noqa: E402
from dealer_station.games.thb import link_terms  # noqa: E402
from dealer_station.jackpot import PoolHit  # noqa: E402
from dealer_station.profile_loader import load_profile  # noqa: E402
from tests.floor.link_0015 import Link0015  # noqa: E402
from tests.pg import PostgresServer  # noqa: E402

TABLES = 20
COMPRESSION = 45
"""How much faster than a real table's 30-60 s a round the pace phase plays."""
STRAIGHT = tuple(parse_card(c) for c in ("9d", "8c", "Qs", "Js", "Ts"))
BUDGET_MS = 100.0


def pct(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(p / 100 * len(ordered)))] if ordered else float("nan")


class Member:
    """One table's link, today's (``new``) or 0015's (``old``)."""

    def __init__(self, variant: str, url: str, index: int) -> None:
        table = load_profile("thb-linked")
        self.table_id = f"L{index:02d}"
        if variant == "new":
            self.link: Any = FloorLink(url, link_terms(table), self.table_id)
            self.link._join()
        else:
            self.link = Link0015(url, table.options.jackpot, self.table_id)  # type: ignore[attr-defined]
            self.link.join()

    def round(self, round_id: str, seats: int) -> tuple[float, float]:
        """(contribution, award) in ms."""
        stakes = [(s, Decimal(1)) for s in range(6, 6 - seats, -1)]
        t0 = time.perf_counter()
        self.link.contribute(round_id, stakes)
        t1 = time.perf_counter()
        self.link.award(round_id, [PoolHit(stakes[0][0], "straight", Decimal(10), STRAIGHT)])
        t2 = time.perf_counter()
        return (t1 - t0) * 1000, (t2 - t1) * 1000


def play(args: tuple[str, str, int, str, float, float, float, int, Any]) -> dict[str, Any]:
    """One table: rounds due at ``gap`` intervals (``uniform``: between lo and hi s; ``poisson``: mean lo s)
    for ``seconds`` from the shared start; latencies counted from when each call was due."""
    variant, url, index, tag, lo, hi, seconds, seed, go = args
    rng = random.Random(seed)
    member = Member(variant, url, index)
    go.wait()
    start = time.monotonic()
    due = start + rng.uniform(0, hi if hi > 0 else lo)
    contribute: list[float] = []
    award: list[float] = []
    n = errors = 0
    while due < start + seconds:
        now = time.monotonic()
        if due > now:
            time.sleep(due - now)
        late = max(0.0, time.monotonic() - due) * 1000
        n += 1
        t0 = time.perf_counter()
        try:
            c, a = member.round(f"{member.table_id}-{tag}-{n:06d}", 1 + n % 6)
        except Exception:  # a call the controller did not answer in time (the station's 2 s): counted, as slow as it was
            errors += 1
            c = a = (time.perf_counter() - t0) * 1000
        contribute.append(late + c)
        award.append(a)
        due += rng.uniform(lo, hi) if hi > 0 else rng.expovariate(1 / lo)
    return {"contribute": contribute, "award": award, "errors": errors, "elapsed": time.monotonic() - start}


def phase(pool: Any, manager: Any, variant: str, url: str, tag: str, lo: float, hi: float,
          seconds: float) -> dict[str, Any]:
    go = manager.Event()
    pending = pool.map_async(play, [(variant, url, i, tag, lo, hi, seconds, hash((tag, i)) & 0xFFFF, go)
                                    for i in range(1, TABLES + 1)])
    time.sleep(2.0)  # every table joined its link before the clock starts
    go.set()
    results = pending.get(timeout=seconds + 300)
    contribute = [v for r in results for v in r["contribute"]]
    award = [v for r in results for v in r["award"]]
    calls = contribute + award
    return {"rounds": len(contribute), "errors": sum(r["errors"] for r in results), "commits_s": len(calls) / seconds, "p50": statistics.median(calls),
            "p99": pct(calls, 99), "c_p50": statistics.median(contribute), "c_p99": pct(contribute, 99),
            "a_p50": statistics.median(award), "a_p99": pct(award, 99), "max": max(calls)}


def spread(values: list[float]) -> str:
    return f"{min(values):.1f} / {statistics.median(values):.1f} / {max(values):.1f}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--quick", action="store_true", help="short phases, one repetition: a smoke run")
    parser.add_argument("--reps", type=int, default=2, help="ABAB repetitions of each phase (default 2)")
    args = parser.parse_args()
    pace_s = 6.0 if args.quick else 30.0
    step_s = 3.0 if args.quick else 8.0
    reps = 1 if args.quick else args.reps
    rates = [50, 100, 200, 400] if args.quick else [50, 100, 150, 200, 300, 400, 600, 800, 1200]
    settings = {"fsync": "on", "synchronous_commit": "on"}
    print(f"load average before: {os.getloadavg()[0]:.1f} on {os.cpu_count()} CPUs; fsync on, synchronous_commit on")
    with PostgresServer.running(settings=settings) as server:
        server.create_database("link_old")
        server.create_database("link_new")
        old_url, new_url = server.url(dbname="link_old"), server.url(dbname="link_new")
        migrate(old_url, up_to=15)
        init_roles(new_url)
        ctx = mp.get_context("spawn")
        with ctx.Manager() as manager, ctx.Pool(TABLES) as pool:
            pace: dict[str, list[dict[str, Any]]] = {"old": [], "new": []}
            lo, hi = 30 / COMPRESSION, 60 / COMPRESSION
            for rep in range(reps):
                for variant in ("old", "new"):  # A B A B
                    url = old_url if variant == "old" else new_url
                    got = phase(pool, manager, variant, url, f"p{rep}", lo, hi, pace_s)
                    pace[variant].append(got)
                    print(f"pace {variant} #{rep + 1}: {got['rounds']} rounds, {got['commits_s']:.0f} commits/s, "
                          f"contribution p50/p99 {got['c_p50']:.1f}/{got['c_p99']:.1f} ms, award p50/p99 "
                          f"{got['a_p50']:.1f}/{got['a_p99']:.1f} ms, max {got['max']:.0f} ms", flush=True)
            capacity: dict[str, list[float]] = {"old": [], "new": []}
            for rep in range(reps):
                for variant in ("old", "new"):
                    url = old_url if variant == "old" else new_url
                    best = 0.0
                    for rate in rates:  # offered commits/s on the link (two a round)
                        mean_gap = TABLES * 2 / rate
                        got = phase(pool, manager, variant, url, f"c{rep}-{rate}", mean_gap, 0.0, step_s)
                        kept = got["commits_s"] >= 0.95 * rate and not got["errors"]
                        ok = kept and got["p99"] < BUDGET_MS
                        print(f"capacity {variant} #{rep + 1} at {rate} commits/s offered: {got['commits_s']:.0f} done, "
                              f"p50 {got['p50']:.1f} ms, p99 {got['p99']:.1f} ms{'' if ok else '  <- over'}", flush=True)
                        if not ok:
                            break
                        best = got["commits_s"]
                    capacity[variant].append(best)
    print(f"load average after: {os.getloadavg()[0]:.1f}")
    print("\nsummary (min / median / max over the repetitions)")
    for variant in ("old", "new"):
        runs = pace[variant]
        print(f"  pace, {variant}: p50 {spread([r['p50'] for r in runs])} ms, p99 {spread([r['p99'] for r in runs])} ms; "
              f"contribution p99 {spread([r['c_p99'] for r in runs])} ms, award p99 {spread([r['a_p99'] for r in runs])} ms")
    for variant in ("old", "new"):
        print(f"  capacity, {variant}: {spread(capacity[variant])} commits/s with p99 < {BUDGET_MS:.0f} ms")
    ratio = [n / o for n, o in zip(capacity["new"], capacity["old"], strict=True) if o]
    if ratio:
        print(f"  capacity ratio new/old: {spread(ratio)}")


if __name__ == "__main__":
    main()

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
  less; the p99 at the real pace can only be lower. A call's latency is its own duration, as the
  croupier waits for it (a table process that wakes late on the shared CPUs is not the link's delay).
* **Capacity**: 20 tables in an open loop at a rising offered rate (rounds scheduled at exponential
  intervals); latency counts from the moment a call was due, so a client that falls behind shows it
  (no coordinated omission). Capacity is the highest offered rate whose every call's p99 stays
  under 100 ms and which the link keeps up with (at least 95% of the offered commits done).

* **Saturation**: ``pgbench`` rounds with no pause (20 connections), commits/s - the most the floor does,
  whatever the latency.
* **Server capacity**: the capacity sweep with ``pgbench`` (a C client: 20 connections, ``-R`` for the
  offered rate, latency from the scheduled start) running each protocol's SQL for a round, so the
  figure is the floor's, not the Python clients' sharing its two cores. The 0015 script stores a
  fixed, balanced meter and no facts computed between its two calls: what the station's Python did
  under the lock is left out, in the old protocol's favour.

Run: ``.venv/bin/python benchmarks/bench_link.py`` (about 10 minutes; ``--quick`` for a smoke run).
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


def backend_cpu(pid: int) -> float:
    """Seconds of CPU (user + system) a PostgreSQL backend has used (Linux ``/proc``)."""
    fields = Path(f"/proc/{pid}/stat").read_text().split(")")[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def cpu_per_round(variant: str, url: str, rounds: int) -> float:
    """The floor's CPU for one table's rounds played in sequence, ms a round."""
    member = Member(variant, url, 1)
    conn = member.link.conn if variant == "old" else member.link._connection()
    pid = conn.info.backend_pid
    for n in range(10):  # plans cached, functions compiled
        member.round(f"L01-cpu-warm-{n}", 2)
    before = backend_cpu(pid)
    for n in range(rounds):
        member.round(f"L01-cpu-{n:06d}", 1 + n % 6)
    return (backend_cpu(pid) - before) * 1000 / rounds


def play(args: tuple[str, str, int, str, float, float, float, int, Any]) -> dict[str, Any]:
    """One table: rounds due at ``gap`` intervals (``uniform``: between lo and hi s, the pace, where a call's
    latency is its own duration; ``poisson``: mean lo s, the capacity sweep, where it counts from when the
    round was due) for ``seconds`` from the shared start."""
    variant, url, index, tag, lo, hi, seconds, seed, go = args
    open_loop = hi <= 0
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
        late = max(0.0, time.monotonic() - due) * 1000 if open_loop else 0.0
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


NEW_ROUND = """\\set r random(1, 2000000000)
\\set t :client_id + 1
SELECT floor.link_step('bank-1', 'L' || lpad(:t::text, 2, '0'), 'L' || :t || '-' || :r, 'contribute', '{STAKES}'::jsonb, NULL);
SELECT floor.link_durable('bank-1', 'L' || lpad(:t::text, 2, '0'));
SELECT floor.link_step('bank-1', 'L' || lpad(:t::text, 2, '0'), 'L' || :t || '-' || :r, 'award', '{HITS}'::jsonb, NULL);
SELECT floor.link_durable('bank-1', 'L' || lpad(:t::text, 2, '0'));
"""
OLD_ROUND = """\\set r random(1, 2000000000)
\\set t :client_id + 1
BEGIN;
SELECT (floor.link_begin('bank-1', 'L' || lpad(:t::text, 2, '0'), 'L' || :t || '-' || :r)->>'version')::bigint AS v \\gset
SELECT floor.link_commit('bank-1', 'L' || lpad(:t::text, 2, '0'), 'L' || :t || '-' || :r, 'contribute', :v, '[]', '[]', '{AFTER}'::jsonb, '[]');
COMMIT;
BEGIN;
SELECT (floor.link_begin('bank-1', 'L' || lpad(:t::text, 2, '0'), 'L' || :t || '-' || :r)->>'version')::bigint AS v \\gset
SELECT floor.link_commit('bank-1', 'L' || lpad(:t::text, 2, '0'), 'L' || :t || '-' || :r, 'award', :v, '[]', '[]', '{AFTER}'::jsonb, '[]');
COMMIT;
"""


WAITS = ("running", "waiting for the link's row", "holding it, waiting for the client", "WAL write/flush", "other")


def where(wait_type: str | None, wait: str | None, state: str | None) -> str | None:
    """What a backend of the benchmark is doing (None: idle between rounds)."""
    if state == "idle":
        return None
    if state == "idle in transaction":
        return WAITS[2]
    if wait_type == "Lock":
        return WAITS[1]
    if wait and wait.startswith("WAL"):
        return WAITS[3]
    return WAITS[0] if wait_type is None else WAITS[4]


def sample(url: str, dbname: str, stop: Any, counts: dict[str, int]) -> None:
    """Every 5 ms, what each of the benchmark's backends is doing (``pg_stat_activity``): where the time goes."""
    import psycopg

    with psycopg.connect(url, autocommit=True) as conn:
        while not stop.wait(0.005):
            for wait_type, wait, state in conn.execute(
                    "SELECT wait_event_type, wait_event, state FROM pg_stat_activity WHERE datname = %s "
                    "AND application_name = 'pgbench'", (dbname,)):
                kind = where(wait_type, wait, state)
                if kind is not None:
                    counts[kind] = counts.get(kind, 0) + 1


def profile(counts: dict[str, int]) -> str:
    total = sum(counts.values()) or 1
    return ", ".join(f"{kind} {100 * counts.get(kind, 0) / total:.0f}%" for kind in WAITS if counts.get(kind))


def pgbench(server: PostgresServer, dbname: str, script: str, rate: float, seconds: float, work: Path) -> dict[str, Any]:
    """``pgbench`` at ``rate`` rounds/s for ``seconds``: rounds done per second, the p50/p99 of a round (ms,
    from its scheduled start) and where its backends' time went."""
    import shutil
    import subprocess
    import threading

    from tests.pg import PG_BIN

    for old in work.glob("pgbench_log*"):
        old.unlink()
    (work / "round.sql").write_text(script, encoding="utf-8")
    if os.geteuid() == 0:  # pgbench runs as the server's user (tests/pg.py) and writes its logs here
        shutil.chown(work, "postgres")
    throttle = ["-R", str(rate)] if rate else []  # no rate: as fast as the floor answers (saturation)
    cmd = [str(PG_BIN / "pgbench"), "-n", "-f", str(work / "round.sql"), "-c", str(TABLES), "-j", "2",
           "-T", str(int(seconds)), *throttle, "-l", "--log-prefix", str(work / "pgbench_log"),
           "-h", str(server.socket_dir), "-U", server.superuser, dbname]
    if os.geteuid() == 0:
        cmd = ["runuser", "-u", "postgres", "--", *cmd]
    counts: dict[str, int] = {}
    stop = threading.Event()
    sampler = threading.Thread(target=sample, args=(server.url(dbname=dbname), dbname, stop, counts))
    sampler.start()
    try:
        done = subprocess.run(cmd, capture_output=True, text=True, timeout=seconds + 120, cwd=work)
    finally:
        stop.set()
        sampler.join()
    if done.returncode != 0:
        raise RuntimeError(f"pgbench failed: {done.stderr.strip()[-500:]}")
    latencies = []
    for log in work.glob("pgbench_log*"):
        for line in log.read_text().splitlines():
            f = line.split()
            latencies.append((int(f[2]) + (int(f[6]) if len(f) > 6 else 0)) / 1000)  # time + schedule lag, ms
    return {"rounds_s": len(latencies) / seconds, "p50": statistics.median(latencies), "p99": pct(latencies, 99),
            "profile": profile(counts)}


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
    rates = [20, 50, 100, 200, 400] if args.quick else [10, 25, 50, 100, 150, 200, 300, 400, 600, 800, 1200]
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
            cpu: dict[str, list[float]] = {"old": [], "new": []}
            for _rep in range(reps):
                for variant in ("old", "new"):
                    cpu[variant].append(cpu_per_round(variant, old_url if variant == "old" else new_url,
                                                      100 if args.quick else 400))
                    print(f"server CPU a round, {variant}: {cpu[variant][-1]:.2f} ms", flush=True)
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
            server_capacity: dict[str, list[float]] = {"old": [], "new": []}
            work = Path(server.root) / "pgbench"
            work.mkdir(exist_ok=True)
            import json

            stakes = json.dumps({"stakes": [{"seat": 1, "stake": "1", "amount": "0.25"}]})
            hits = json.dumps({"hits": [{"seat": 1, "category": "straight", "percent": "10", "cards": list(STRAIGHT)}]})
            after = json.dumps({"meter": "500", "overflow": "0", "reserve": "0", "opening": "500", "contributed": "0",
                                "awarded": "0", "seeded": "0", "hits": 0})
            scripts = {"new": NEW_ROUND.replace("{STAKES}", stakes).replace("{HITS}", hits),
                       "old": OLD_ROUND.replace("{AFTER}", after)}
            round_rates = [r // 2 for r in rates] + ([] if args.quick else [800, 1000, 1400])
            # The row held through the commit's fsync (0016's step committing synchronously, no durability wait)
            # against today's (freed before it, then the wait): contributions only, no pause.
            server.create_database("link_held")
            held_url = server.url(dbname="link_held")
            init_roles(held_url)
            import psycopg

            with psycopg.connect(held_url, autocommit=True) as conn:
                row = conn.execute("SELECT pg_get_functiondef('floor.link_step(text, text, text, text, jsonb, bigint)'"
                                   "::regprocedure)").fetchone()
                assert row is not None and "set_config('synchronous_commit', 'off', true)" in row[0]
                conn.execute(row[0].replace("PERFORM set_config('synchronous_commit', 'off', true);", ""))
            for i in range(1, TABLES + 1):
                Member("new", held_url, i)
            contribution = NEW_ROUND.replace("{STAKES}", stakes).split("\n")
            freed_script = "\n".join(contribution[:4]) + "\n"  # a contribution and its durability wait
            held_script = "\n".join(contribution[:3]) + "\n"  # a contribution, committed synchronously
            held: dict[str, list[float]] = {"held": [], "freed": []}
            for rep in range(reps):
                for variant, dbname, script in (("held", "link_held", held_script), ("freed", "link_new", freed_script)):
                    got = pgbench(server, dbname, script, 0, step_s, work)
                    held[variant].append(got["rounds_s"])
                    print(f"the row {variant} {'through' if variant == 'held' else 'before'} the fsync #{rep + 1} "
                          f"(pgbench, contributions, no pause): {got['rounds_s']:.0f} steps/s; its backends: "
                          f"{got['profile']}", flush=True)
            saturated: dict[str, list[float]] = {"old": [], "new": []}
            for rep in range(reps):
                for variant in ("old", "new"):
                    got = pgbench(server, "link_old" if variant == "old" else "link_new", scripts[variant], 0,
                                  step_s, work)
                    saturated[variant].append(2 * got["rounds_s"])
                    print(f"saturation {variant} #{rep + 1} (pgbench, no pause): {2 * got['rounds_s']:.0f} commits/s, "
                          f"a round's p50 {got['p50']:.1f} ms, p99 {got['p99']:.1f} ms; its backends: {got['profile']}",
                          flush=True)
            for rep in range(reps):
                for variant in ("old", "new"):
                    best = 0.0
                    for rate in round_rates:
                        got = pgbench(server, "link_old" if variant == "old" else "link_new", scripts[variant], rate,
                                      step_s, work)
                        ok = got["rounds_s"] >= 0.95 * rate and got["p99"] < BUDGET_MS
                        print(f"server capacity {variant} #{rep + 1} at {2 * rate} commits/s offered (pgbench): "
                              f"{2 * got['rounds_s']:.0f} done, a round's p50 {got['p50']:.1f} ms, p99 {got['p99']:.1f} ms"
                              f"{'' if ok else '  <- over'}; its backends: {got['profile']}", flush=True)
                        if not ok:
                            break
                        best = 2 * got["rounds_s"]
                    server_capacity[variant].append(best)
    print(f"load average after: {os.getloadavg()[0]:.1f}")
    print("\nsummary (min / median / max over the repetitions)")
    for variant in ("old", "new"):
        runs = pace[variant]
        print(f"  pace, {variant}: p50 {spread([r['p50'] for r in runs])} ms, p99 {spread([r['p99'] for r in runs])} ms; "
              f"contribution p99 {spread([r['c_p99'] for r in runs])} ms, award p99 {spread([r['a_p99'] for r in runs])} ms")
    for variant in ("old", "new"):
        print(f"  server CPU a round (one table, in sequence), {variant}: {spread(cpu[variant])} ms")
    for variant in ("old", "new"):
        print(f"  capacity, {variant}: {spread(capacity[variant])} commits/s with p99 < {BUDGET_MS:.0f} ms")
    ratio = [n / o for n, o in zip(capacity["new"], capacity["old"], strict=True) if o]
    if ratio:
        print(f"  capacity ratio new/old: {spread(ratio)}")
    for variant in ("old", "new"):
        print(f"  server capacity (pgbench), {variant}: {spread(server_capacity[variant])} commits/s with a round's "
              f"p99 < {BUDGET_MS:.0f} ms")
    ratio = [n / o for n, o in zip(server_capacity["new"], server_capacity["old"], strict=True) if o]
    if ratio:
        print(f"  server capacity ratio new/old: {spread(ratio)}")
    print(f"  contributions with the row held through the fsync: {spread(held['held'])} steps/s; freed before it "
          f"(today's): {spread(held['freed'])} steps/s; ratio "
          f"{spread([f / h for f, h in zip(held['freed'], held['held'], strict=True) if h])}")
    for variant in ("old", "new"):
        print(f"  saturation (pgbench), {variant}: {spread(saturated[variant])} commits/s")
    ratio = [n / o for n, o in zip(saturated["new"], saturated["old"], strict=True) if o]
    print(f"  saturation ratio new/old: {spread(ratio)}")


if __name__ == "__main__":
    main()

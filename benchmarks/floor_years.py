"""A floor of years: a shift report and a round lookup (the pit page's and the report's own queries) on a
floor of 100 million events across 14 monthly partitions (migration 0021), and what a partition costs.

The events are made server-side in bulk (``generate_series``, not through the forwarder): each month's
partition is filled as a table of its own (no WAL under ``wal_level = minimal``), indexed, then attached;
the round facts are made set-based in SQL alongside. The hashes are stand-ins of the right length
(md5 text, not a chain): this measures reading the floor, not ingest (``bench_floor.py`` measures that).
Rows are the size of a real journal's (payloads of 40 - 100 bytes, 70 on average, as a simulated table's).

Run: ``nice -n 10 .venv/bin/python benchmarks/floor_years.py`` (about 30 minutes and 45 GB
of disk on the 2-core VM, so not part of ``run_all.py``; ``--events 2000000`` for a smoke run). It refuses to start without room on disk (about 450 bytes an event plus 12 GB
spare) and stops adding months when the disk runs low: the figures then say how many events it held.
The cluster is deleted at the end. Results: docs/performance.md "A floor of years".
"""

from __future__ import annotations

import argparse
import json
import multiprocessing as mp
import shutil
import statistics
import sys
import time
from datetime import UTC, date, datetime, timedelta
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import psycopg  # noqa: E402

from dealer_station.floor.partitions import add_months  # noqa: E402
from tests.floor.conftest import new_floor  # noqa: E402
from tests.pg import PostgresServer  # noqa: E402

PER_ROUND = 40
BYTES_PER_EVENT = 450
SPARE = 12 * 2**30
FIRST_MONTH = date(2025, 10, 1)
SETTINGS = {"wal_level": "minimal", "max_wal_senders": "0", "shared_buffers": "1GB", "maintenance_work_mem": "512MB",
            "max_wal_size": "8GB", "checkpoint_timeout": "30min", "max_parallel_workers_per_gather": "0"}

EVENTS_SQL = """
INSERT INTO floor.{part}
SELECT t.id, s.seq, to_char(s.ts, 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'), t.id || '-' || lpad(((s.seq - 1) / {per_round} + 1)::text, 6, '0'),
       CASE WHEN s.step = 1 AND ((s.seq - 1) / {per_round}) %% 140 = 0 THEN 'station_started' ELSE
       CASE s.step WHEN 0 THEN 'round_opened' WHEN {per_round} - 2 THEN 'settled' WHEN {per_round} - 1 THEN 'round_paid'
                   ELSE (ARRAY['card_dealt', 'device_status', 'decision', 'bets_set', 'card_revealed'])[s.step %% 5 + 1] END END,
       CASE WHEN s.step %% 3 = 0 THEN 'croupier' ELSE 'station' END,
       (CASE WHEN s.step = {per_round} - 2 THEN '{{"record":{{"game":"uth","paytables":{{"trips":{{"flush":"7"}}}},"seats":[{{"seat":1,"bets":{{"ante":"10","blind":"10"}},"actions":["play4x"]}}]}},"settlement":{{"seats":[{{"seat":1,"net":"-60"}}]}}}}'
             ELSE '{{"card":"' || (ARRAY['As','Kd','7c','2h'])[s.seq %% 4 + 1] || '","to":"seat ' || (s.seq %% 7 + 1)
                  || '","index":' || (s.seq %% 52) || ',"note":"' || repeat('x', (s.seq %% 60)::int) || '"}}' END)::json,
       md5(t.id || (s.seq - 1)) || md5((s.seq - 1) || t.id), md5(t.id || s.seq) || md5(s.seq || t.id),
       s.ts + interval '1 second', NULL
FROM (SELECT 'F' || lpad(g::text, 3, '0') AS id FROM generate_series(1, {tables}) g) t,
     LATERAL (SELECT {first_seq} + i AS seq, ({first_seq} + i - 1) %% {per_round} AS step,
                     %(lo)s::timestamptz + i * %(gap)s::interval AS ts
              FROM generate_series(0, {per_table} - 1) i) s
"""

ROUNDS_SQL = """
INSERT INTO floor.rounds (table_id, round_id, number, game, opened_seq, opened_at, record_seq, ended_seq, ended_at,
                          outcome, handle, record_handle, win, rake, max_payout, seats, stakes, paytables, par_key, void_cause,
                          voided_by, supervisor_acted)
SELECT e.table_id, e.round_id, (e.seq - 1) / {per_round} + 1, 'uth', e.seq, e.at::timestamptz, e.seq + {per_round} - 2,
       e.seq + {per_round} - 1, e.at::timestamptz + ({per_round} - 1) * %(gap)s::interval,
       CASE WHEN e.seq %% 50 = 1 THEN 'voided' ELSE 'paid' END,
       CASE WHEN e.seq %% 50 = 1 THEN 0 ELSE 400 + (e.seq * 37) %% 300 END, 400 + (e.seq * 37) %% 300,
       CASE WHEN e.seq %% 50 = 1 THEN 0 ELSE ((e.seq * 7919) %% 401) - 180 END, 0, (e.seq * 13) %% 500,
       '{{1,2,3,4,5,6,7}}', '{{"ante": [70, 1000], "blind": [70, 1000], "trips": [20, 100]}}'::jsonb,
       '{{"trips": {{"flush": "7"}}}}'::jsonb, md5('{{"trips": {{"flush": "7"}}}}'::jsonb::text),
       CASE WHEN e.seq %% 50 = 1 THEN 'jam' END, CASE WHEN e.seq %% 50 = 1 THEN 'croupier' END, e.seq %% 200 = 1
FROM floor.{part} e WHERE e.kind = 'round_opened' AND e.seq + {per_round} - 1 <= {last_seq}
"""


def month_bounds(month: date) -> tuple[str, str]:
    nxt = add_months(month, 1)
    return f"{month:%Y-%m-%d}", f"{nxt:%Y-%m-%d}"


def fill_month(job: tuple[str, int, date, int, int, str]) -> dict[str, Any]:
    """One month: its events partition made as a table of its own, filled, indexed and attached; its facts."""
    url, index, month, tables, per_table, live_marks = job
    started = time.monotonic()
    part = f"events_{month:%Y_%m}"
    lo, hi = month_bounds(month)
    seconds = (datetime.fromisoformat(hi) - datetime.fromisoformat(lo)).total_seconds()
    gap = timedelta(seconds=seconds / per_table * 0.999)
    first_seq = index * per_table + 1
    params = {"lo": f"{lo} 00:00:00+00", "gap": f"{gap.total_seconds()} seconds"}
    fmt = {"part": part, "tables": tables, "per_table": per_table, "first_seq": first_seq, "per_round": PER_ROUND,
           "last_seq": first_seq + per_table - 1}
    with psycopg.connect(url) as conn:
        conn.execute("SET TIME ZONE 'UTC'")
        conn.execute(f"""CREATE TABLE floor.{part} (LIKE floor.events INCLUDING DEFAULTS INCLUDING CONSTRAINTS,
                         CONSTRAINT {part}_month CHECK (at >= '{lo}' AND at < '{hi}'))""")
        conn.execute(EVENTS_SQL.format(**fmt), params)
        filled = time.monotonic()
        conn.execute(f"ALTER TABLE floor.{part} ADD CONSTRAINT {part}_pkey PRIMARY KEY (table_id, seq, at)")
        conn.execute(live_marks.replace("ON ONLY floor.events ", f"ON floor.{part} ").replace(
            "CREATE INDEX events_live_marks", f"CREATE INDEX {part}_live_marks"))
        conn.commit()
    with psycopg.connect(url) as conn:
        conn.execute(f"ALTER TABLE floor.events ATTACH PARTITION floor.{part} FOR VALUES FROM ('{lo}') TO ('{hi}')")
        conn.execute(f"ALTER TABLE floor.{part} DROP CONSTRAINT {part}_month")
        for table in ("faults", "supervisor_actions", "jackpot_events"):
            conn.execute("SELECT floor.add_month(%s, %s)", (table, month))
        conn.commit()
    with psycopg.connect(url) as conn:
        conn.execute("SET TIME ZONE 'UTC'")
        conn.execute(ROUNDS_SQL.format(**fmt), params)
        conn.execute(f"""INSERT INTO floor.faults (table_id, seq, at, round_id, source, device, code, text)
                         SELECT table_id, ended_seq - 5, ended_at - interval '5 seconds', round_id, 'halted', 'shuffler',
                                'jam', 'shuffler: jam' FROM floor.rounds
                         WHERE outcome = 'voided' AND opened_seq BETWEEN {first_seq} AND {fmt['last_seq']}""")
        conn.execute(f"""INSERT INTO floor.supervisor_actions (table_id, seq, at, round_id, badge, ok, action, reason)
                         SELECT table_id, ended_seq - 3, ended_at - interval '3 seconds', round_id, '0412', true, 'void',
                                'disputed deal' FROM floor.rounds
                         WHERE supervisor_acted AND opened_seq BETWEEN {first_seq} AND {fmt['last_seq']}""")
        conn.commit()
        conn.execute(f"ANALYZE floor.{part}")
        size = conn.execute(f"SELECT pg_relation_size('floor.{part}'), pg_indexes_size('floor.{part}')").fetchone()
    return {"month": f"{month:%Y-%m}", "events": tables * per_table, "heap": size[0], "indexes": size[1],
            "fill_s": filled - started, "total_s": time.monotonic() - started}


def timed(fn: Any, runs: int) -> list[float]:
    times = []
    for _ in range(runs):
        started = time.perf_counter()
        fn()
        times.append(time.perf_counter() - started)
    return times


def ms(values: list[float]) -> str:
    ordered = sorted(values)
    p99 = ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))]
    return f"{statistics.median(values) * 1000:.1f} / {p99 * 1000:.1f} ms"


def measure(url: str, tables: int, months: list[date], per_table: int) -> list[tuple[str, str]]:
    """The report's and the pit's queries on the big floor, as they run there."""
    from zoneinfo import ZoneInfo

    from dealer_station.floor.queries import RoundFilter, find_rounds, report_data, round_events, state_events
    from dealer_station.floor.report_data import Period
    from dealer_station.shifts import DEFAULT_SHIFTS

    out: list[tuple[str, str]] = []
    middle = months[len(months) // 2]
    start = datetime(middle.year, middle.month, 15, 6, tzinfo=UTC)
    period = Period(start, start + timedelta(hours=8), ZoneInfo("UTC"), DEFAULT_SHIFTS)
    with psycopg.connect(url) as conn:
        data = report_data(conn, period)
        rounds = sum(r.rounds + r.voids for r in data.rounds)
        times = timed(lambda: report_data(conn, period), 5)
        out.append((f"shift report (8 h, {tables} tables, {rounds:,} rounds), `report_data` with par sums, median / "
                    "best of 5", f"**{statistics.median(times):.2f}** / {min(times):.2f} s"))
        import random

        rng = random.Random(7)
        picks = []
        for _ in range(60):
            table = f"F{rng.randrange(1, tables + 1):03d}"
            month_index = rng.randrange(len(months))
            number = (month_index * per_table) // PER_ROUND + rng.randrange(1, per_table // PER_ROUND - 1)
            picks.append((table, f"{table}-{number:06d}"))
        found = [len(round_events(conn, t, r)) for t, r in picks[:5]]
        assert all(n >= PER_ROUND for n in found), found
        lookups = iter(picks)
        times = timed(lambda: round_events(conn, *next(lookups)), 60)
        out.append((f"round lookup: a round's events (`round_events`, the round page), 60 rounds across {len(months)} "
                    "months, p50 / p99", f"**{ms(times)}**"))
        finds = iter(picks)
        times = timed(lambda: find_rounds(conn, RoundFilter(tables=(next(finds)[0],), start=start,
                                                                          end=start + timedelta(hours=8), limit=20)),
                      20)
        out.append(("round finder: a table's rounds of a shift, 20 recalled (`find_rounds`), p50 / p99", ms(times)))
        states = iter(picks)
        times = timed(lambda: state_events(conn, next(states)[0]), 40)
        out.append(("pit live table: `state_events` of a table, p50 / p99", ms(times)))
        plan = conn.execute("EXPLAIN (ANALYZE, SUMMARY) SELECT hash FROM floor.events WHERE table_id = 'F001' AND seq = 12345"
                            ).fetchall()
        planning = [r[0] for r in plan if "Planning Time" in r[0] or "Execution Time" in r[0]]
        out.append(("one record by (table, seq), no time: every partition probed (EXPLAIN ANALYZE)", "; ".join(planning)))
        lo, hi = month_bounds(middle)
        plan = conn.execute(f"EXPLAIN (ANALYZE, SUMMARY) SELECT hash FROM floor.events WHERE table_id = 'F001' "
                            f"AND seq = 12345 AND at >= '{lo}' AND at < '{hi}'").fetchall()
        planning = [r[0] for r in plan if "Planning Time" in r[0] or "Execution Time" in r[0]]
        out.append(("the same with the month (pruned to one partition)", "; ".join(planning)))
    return out


def retire_one(url: str, month: date) -> list[tuple[str, str]]:
    """The cost of the job's two steps on this floor: a month made ahead, and the oldest month retired
    (detached, exported, read back, dropped) - into a folder deleted at once."""
    import tempfile

    from dealer_station.floor.partitions import make_ahead, retire

    started = time.perf_counter()
    make_ahead(url, 1, date(2030, 1, 1))
    made = time.perf_counter() - started
    out = Path(tempfile.mkdtemp(prefix="floor-years-export-"))
    try:
        started = time.perf_counter()
        done = retire(url, out, 1, "bench", add_months(month, 13))
        took = time.perf_counter() - started
        events = next(r for r in done if r.table == "events")
        size = events.file.stat().st_size
    finally:
        shutil.rmtree(out, ignore_errors=True)
    return [("`floor partitions --ahead 1`: two months of four tables made", f"{made:.2f} s"),
            (f"`--retire` of one month ({events.rows:,} events and its facts): detach, export, read back, drop",
             f"**{took:.0f} s**; {size / 2**30:.2f} GB gzip ({size / events.rows:.0f} bytes an event)")]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--events", type=int, default=100_016_000, help="at least this many, in whole rounds")
    parser.add_argument("--months", type=int, default=14)
    parser.add_argument("--tables", type=int, default=40)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--json", type=Path, default=None, help="also write the figures here")
    args = parser.parse_args()
    started = time.monotonic()

    def progress(message: str) -> None:
        print(f"[{time.monotonic() - started:6.0f} s] {message}", file=sys.stderr, flush=True)

    per_table = -(-args.events // (args.months * args.tables * PER_ROUND)) * PER_ROUND  # rounded up: at least --events
    total = per_table * args.tables * args.months
    free = shutil.disk_usage("/tmp").free
    if free < total * BYTES_PER_EVENT + SPARE:
        print(f"not enough disk: {free / 2**30:.0f} GB free, {total:,} events need about "
              f"{(total * BYTES_PER_EVENT + SPARE) / 2**30:.0f} GB with the spare: give fewer --events", file=sys.stderr)
        return 2
    server = PostgresServer(settings=SETTINGS)
    server.start()
    results: dict[str, Any] = {"months": []}
    try:
        floor = new_floor(server)
        with psycopg.connect(floor.owner_url) as conn:
            live_marks = conn.execute("SELECT indexdef FROM pg_indexes WHERE schemaname = 'floor' "
                                      "AND indexname = 'events_live_marks'").fetchone()[0]
        assert "ON ONLY floor.events " in live_marks, live_marks  # made on each month, attached to this one
        months = [add_months(FIRST_MONTH, i) for i in range(args.months)]
        progress(f"{total:,} events: {args.tables} tables x {per_table:,} events x {args.months} months")
        jobs = [(floor.owner_url, i, m, args.tables, per_table, live_marks) for i, m in enumerate(months)]
        loaded: list[date] = []
        with mp.get_context("fork").Pool(args.workers) as pool:
            for done in pool.imap(fill_month, jobs):
                results["months"].append(done)
                loaded.append(date.fromisoformat(done["month"] + "-01"))
                progress(f"month {done['month']}: {done['events']:,} events, heap {done['heap'] / 2**30:.2f} GB, "
                         f"indexes {done['indexes'] / 2**30:.2f} GB, {done['total_s']:.0f} s")
                if shutil.disk_usage("/tmp").free < SPARE:
                    progress("disk low: no more months")
                    pool.terminate()
                    break
        with psycopg.connect(floor.owner_url, autocommit=True) as conn:
            for table_index in range(1, args.tables + 1):
                conn.execute("INSERT INTO floor.stations (table_id, last_seq, last_hash) VALUES (%s, %s, %s)",
                             (f"F{table_index:03d}", per_table * len(loaded), "0" * 64))
            progress("VACUUM ANALYZE of the facts")
            for table in ("rounds", "faults", "supervisor_actions", "jackpot_events", "stations"):
                conn.execute(f"VACUUM ANALYZE floor.{table}")
            held = conn.execute("SELECT count(*) FROM pg_inherits WHERE inhparent = 'floor.events'::regclass").fetchone()[0]
            db = conn.execute("SELECT pg_database_size(current_database())").fetchone()[0]
            rounds_size = conn.execute("SELECT pg_total_relation_size('floor.rounds'), count(*) FROM floor.rounds").fetchone()
        events = sum(m["events"] for m in results["months"])
        rows = [("floor", f"{events:,} events in {len(loaded)} monthly partitions (+{held - len(loaded)} empty or default), "
                          f"{args.tables} tables, {rounds_size[1]:,} rounds; database {db / 2**30:.1f} GB; made in "
                          f"{time.monotonic() - started:.0f} s")]
        heap = sum(m["heap"] for m in results["months"])
        index = sum(m["indexes"] for m in results["months"])
        rows.append(("per event: heap / indexes (a month's partition, measured)",
                     f"{heap / events:.0f} / {index / events:.0f} bytes"))
        rows.append(("per round: its `floor.rounds` row with indexes", f"{rounds_size[0] / max(rounds_size[1], 1):.0f} bytes"))
        fills = [m["events"] / m["fill_s"] for m in results["months"]]
        rows.append(("bulk fill rate per worker (generate_series, no WAL), median", f"{statistics.median(fills):,.0f} events/s"))
        progress("measuring")
        rows += measure(floor.owner_url, args.tables, loaded, per_table)
        rows += retire_one(floor.owner_url, loaded[0])
        results["rows"] = rows
        print("| measurement | result |\n|---|---:|")
        for name, value in rows:
            print(f"| {name} | {value} |")
        if args.json:
            args.json.write_text(json.dumps(results, indent=1, default=str), encoding="utf-8")
    finally:
        server.cleanup()
        progress("cluster deleted")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

"""Floor figures: ingest rate with 20 stations at once against one backend's server-side COPY of the same rows
(the server's limit) in the same run, append-to-floor lag, a shift report over 10 million events, par sheet run
time. Starts its own throwaway PostgreSQL (tests/pg.py).

Run: ``.venv/bin/python benchmarks/bench_floor.py --floor-cache /tmp/ds-floor10m`` (about 10 minutes, the
first time 10 more to make the 10-million-event floor, which the cache keeps for later runs; ``--quick`` for
a smoke run; ``--before CHECKOUT`` compares another checkout's schema and report code with this tree's in
one run). Results are recorded in docs/performance-floor.md.
"""

from __future__ import annotations

import argparse
import contextlib
import multiprocessing as mp
import os
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import psycopg  # noqa: E402

from benchmarks.floor_data import renamed, round_template, ten_million  # noqa: E402
from dealer_station.floor.forwarder import BATCH_SIZE, Forwarder  # noqa: E402
from dealer_station.floor.journal_rows import JournalRows  # noqa: E402
from dealer_station.journal import Draft, Journal  # noqa: E402
from dealer_station.profile_loader import load_profile  # noqa: E402
from tests.floor.conftest import Floor, new_floor  # noqa: E402
from tests.pg import PostgresServer  # noqa: E402


def write_backlog(args: tuple[int, str, int]) -> int:
    """Station ``index``'s journal of ``rounds`` real rounds (the template replayed with new round ids)."""
    index, workdir, rounds = args
    table_id = f"B{index:02d}"
    with Journal(Path(workdir) / f"{table_id}.sqlite", table_id=table_id) as journal:
        for number in range(1, rounds + 1):
            journal.append_many(renamed(_TEMPLATE, table_id, number))
        return journal.last_seq


def backlog_station(args: tuple[int, str, str, Any]) -> tuple[float, float]:
    """Forward station ``index``'s whole journal once the parent says go: (start, last acknowledgement)."""
    index, url, workdir, go = args
    table_id = f"B{index:02d}"
    go.wait()
    started = time.time()
    forwarder = Forwarder(Path(workdir) / f"{table_id}.sqlite", url, table_id).start()
    ok = forwarder.wait_acknowledged(600)
    ended = time.time()
    forwarder.stop()
    assert ok, forwarder.status()
    return started, ended


RAW_TABLE = "raw_events"
"""The yardstick: the same rows COPYed by the owner into a table like floor.events (its columns, keys and
indexes; no trigger, no check), from the same journals, in the same batches, by as many processes."""


def raw_copy_station(args: tuple[int, str, str, Any]) -> tuple[float, float]:
    index, url, workdir, go = args
    table_id = f"B{index:02d}"
    with JournalRows(Path(workdir) / f"{table_id}.sqlite") as rows:
        go.wait()
        started = time.time()
        with psycopg.connect(url) as conn:
            since = 0
            while batch := rows.rows(since, BATCH_SIZE):
                with conn.cursor() as cur, cur.copy(f"COPY {RAW_TABLE} (table_id, seq, at, round_id, kind, actor, "
                                                    "payload, prev_hash, hash) FROM STDIN") as copy:
                    for r in batch:
                        copy.write_row((r.table_id, r.seq, r.at, r.round_id, r.kind, r.actor, r.payload, r.prev_hash,
                                        r.hash))
                conn.commit()
                since = batch[-1].seq
    return started, time.time()


def _all_at_once(pool: Any, manager: Any, job: Callable[..., tuple[float, float]], url: str, workdir: Path,
                 stations: int) -> float:
    """Seconds from the first start to the last end of ``job`` run by every station at once."""
    go = manager.Event()
    pending = pool.map_async(job, [(i, url, str(workdir), go) for i in range(1, stations + 1)])
    time.sleep(2.0)  # every process waiting at the gate
    go.set()
    spans = pending.get()
    return max(e for _, e in spans) - min(s for s, _ in spans)


def live_station(args: tuple[int, str, str, float, float, Any]) -> int:
    """Append events one by one at ``rate`` per second for ``seconds`` while forwarding them."""
    index, url, workdir, rate, seconds, go = args
    table_id = f"L{index:02d}"
    path = Path(workdir) / f"{table_id}.sqlite"
    journal = Journal(path, table_id=table_id)
    forwarder = Forwarder(journal, url, table_id).start()
    go.wait()
    started = time.monotonic()
    sent, number = 0, 0
    while time.monotonic() - started < seconds:
        number += 1
        for draft in renamed(_TEMPLATE, table_id, number):
            due = started + sent / rate
            pause = due - time.monotonic()
            if pause > 0:
                time.sleep(pause)
            journal.append(draft.kind, draft.payload, actor=draft.actor, round_id=draft.round_id)
            forwarder.notify()
            sent += 1
    assert forwarder.wait_acknowledged(120), forwarder.status()
    forwarder.stop()
    journal.close()
    return sent


_TEMPLATE: list[Draft] = []


def _init(template: list[Draft]) -> None:
    global _TEMPLATE
    _TEMPLATE = template


SERVER_TABLE = "floor_raw"
"""The limit of the server: ONE backend's server-side ``COPY floor_raw FROM '<file>'`` of the same rows into a
table like floor.events (its columns, keys and indexes; no trigger, no check), no client in the way."""

COLUMNS = "table_id, seq, at, round_id, kind, actor, payload, prev_hash, hash"


def server_file(server: PostgresServer, url: str, workdir: Path, stations: int) -> Path:
    """Every station's journal rows, in COPY's text format, in a file the server's own user reads (written by
    the server itself, into its cluster's folder, after one untimed client COPY of the rows)."""
    path = server.root / "floor_rows.copy"
    with psycopg.connect(url, autocommit=True) as conn:
        conn.execute(f"DROP TABLE IF EXISTS {SERVER_TABLE}_source")
        conn.execute(f"CREATE TABLE {SERVER_TABLE}_source (LIKE floor.events INCLUDING DEFAULTS)")
        conn.execute(f"ALTER TABLE {SERVER_TABLE}_source ALTER received_at SET DEFAULT now()")
        for index in range(1, stations + 1):
            with JournalRows(workdir / f"B{index:02d}.sqlite") as rows, conn.cursor() as cur, \
                    cur.copy(f"COPY {SERVER_TABLE}_source ({COLUMNS}) FROM STDIN") as copy:
                since = 0
                while batch := rows.rows(since, 10_000):
                    for r in batch:
                        copy.write_row((r.table_id, r.seq, r.at, r.round_id, r.kind, r.actor, r.payload, r.prev_hash,
                                        r.hash))
                    since = batch[-1].seq
        conn.execute(f"COPY (SELECT {COLUMNS} FROM {SERVER_TABLE}_source ORDER BY table_id, seq) TO '{path}'")
        conn.execute(f"DROP TABLE {SERVER_TABLE}_source")
    return path


def server_copy(url: str, path: Path) -> float:
    """Seconds one backend takes to COPY the file into a new table like floor.events, committed."""
    with psycopg.connect(url, autocommit=True) as conn:
        conn.execute(f"DROP TABLE IF EXISTS {SERVER_TABLE}")
        conn.execute(f"CREATE TABLE {SERVER_TABLE} (LIKE floor.events INCLUDING DEFAULTS INCLUDING CONSTRAINTS "
                     "INCLUDING INDEXES)")
        conn.execute(f"ALTER TABLE {SERVER_TABLE} ALTER received_at SET DEFAULT now()")
        conn.execute("CHECKPOINT")  # the same start for every run: no dirty pages of the last one to write
        started = time.perf_counter()
        with conn.transaction():
            conn.execute(f"COPY {SERVER_TABLE} ({COLUMNS}) FROM '{path}'")
        took = time.perf_counter() - started
        conn.execute(f"DROP TABLE {SERVER_TABLE}")
    return took


def _drop_floor(server: PostgresServer, floor: Floor) -> None:
    with psycopg.connect(server.url(), autocommit=True) as conn:
        conn.execute(f'DROP DATABASE "{floor.dbname}" WITH (FORCE)')


def _spread(values: list[float]) -> tuple[float, float, float]:
    return min(values), statistics.median(values), max(values)


def ingest_figures(server: PostgresServer, workdir: Path, stations: int, rounds: int, rate: float,
                   seconds: float, make_floor: Callable[[PostgresServer], Floor] = new_floor,
                   repeats: int = 3, progress: Callable[[str], None] | None = None) -> dict[str, Any]:
    """The backlog ingest rate (every station forwarding its whole journal at once, every check kept) against,
    in the same run and alternated with it (A B A B ...), one backend's server-side COPY of the same rows (the
    server's limit) and the client COPY of them by as many processes as stations; then the live lag."""
    load_before = os.getloadavg()
    template = round_template(workdir)
    ctx = mp.get_context("fork")
    manager = ctx.Manager()
    ingests: list[float] = []
    servers: list[float] = []
    clients: list[float] = []
    with ctx.Pool(stations, initializer=_init, initargs=(template,)) as pool:
        total = sum(pool.map(write_backlog, [(i, str(workdir), rounds) for i in range(1, stations + 1)]))
        scratch = make_floor(server)
        path = server_file(server, scratch.owner_url, workdir, stations)
        with psycopg.connect(scratch.owner_url, autocommit=True) as conn:
            conn.execute(f"CREATE TABLE {RAW_TABLE} (LIKE floor.events INCLUDING DEFAULTS INCLUDING CONSTRAINTS "
                         "INCLUDING INDEXES)")
            conn.execute(f"ALTER TABLE {RAW_TABLE} ALTER received_at SET DEFAULT now()")

        def ingest() -> None:
            floor = make_floor(server)
            with psycopg.connect(floor.owner_url, autocommit=True) as conn:
                conn.execute("CHECKPOINT")
            span = _all_at_once(pool, manager, backlog_station, floor.station_url, workdir, stations)
            with psycopg.connect(floor.owner_url) as conn:
                held = conn.execute("SELECT count(*) FROM floor.events").fetchone()[0]
                bad = conn.execute("SELECT count(*) FROM floor.alarms").fetchone()[0]
                derived = conn.execute("SELECT count(*) FROM floor.rounds WHERE outcome = 'paid'").fetchone()[0]
            assert held == total and bad == 0 and derived == stations * rounds, (held, total, bad, derived)
            _drop_floor(server, floor)
            ingests.append(total / span)

        def server_side() -> None:
            servers.append(total / server_copy(scratch.owner_url, path))

        def client_side() -> None:
            with psycopg.connect(scratch.owner_url, autocommit=True) as conn:
                conn.execute(f"TRUNCATE {RAW_TABLE}")
                conn.execute("CHECKPOINT")
            clients.append(total / _all_at_once(pool, manager, raw_copy_station, scratch.owner_url, workdir,
                                                stations))

        for n in range(repeats):
            for step in ((ingest, server_side, client_side) if n % 2 == 0 else (server_side, client_side, ingest)):
                step()
            if progress is not None:
                progress(f"run {n + 1}/{repeats}: ingest {ingests[-1]:,.0f}, server COPY {servers[-1]:,.0f}, "
                         f"client COPY {clients[-1]:,.0f} events/s")
        path.unlink()
        _drop_floor(server, scratch)
    floor2 = make_floor(server)
    go2 = manager.Event()
    with ctx.Pool(stations, initializer=_init, initargs=(template,)) as pool:
        pending2 = pool.map_async(live_station, [(i, floor2.station_url, str(workdir), rate, seconds, go2)
                                                 for i in range(1, stations + 1)])
        time.sleep(2.0)
        go2.set()
        sent = sum(pending2.get())
    with psycopg.connect(floor2.owner_url) as conn:
        p50, p99, worst = conn.execute(
            """SELECT percentile_cont(0.5) WITHIN GROUP (ORDER BY lag), percentile_cont(0.99) WITHIN GROUP (ORDER BY lag),
                      max(lag)
               FROM (SELECT extract(epoch FROM received_at - at::timestamptz) * 1000 AS lag FROM floor.events) l"""
        ).fetchone()
    ingest_rate, server_rate, client_rate = (statistics.median(v) for v in (ingests, servers, clients))
    return {"stations": stations, "backlog_events": total, "repeats": repeats,
            "ingest": _spread(ingests), "server_copy": _spread(servers), "client_copy": _spread(clients),
            "ingest_rate": ingest_rate, "server_copy_rate": server_rate, "raw_copy_rate": client_rate,
            "ratio": ingest_rate / server_rate, "pair_ratios": [i / s for i, s in zip(ingests, servers)],
            "client_ratio": ingest_rate / client_rate,
            "events_per_round": len(template), "live_rate_total": rate * stations, "live_events": sent,
            "lag_p50_ms": p50, "lag_p99_ms": p99, "lag_max_ms": worst, "load": (load_before, os.getloadavg())}


def timed_report(url: str, args: list[str], cache: Path, runs: int = 5, code: Path = ROOT) -> tuple[float, float]:
    """(median, best) wall time of the CLI report, par sheet cached; ``code``: the checkout whose CLI runs."""
    times = [_report_once(url, args, cache, code) for _ in range(runs)]
    return statistics.median(times), min(times)


def _report_once(url: str, args: list[str], cache: Path, code: Path = ROOT) -> float:
    env = {"XDG_CACHE_HOME": str(cache), "PATH": "/usr/bin:/bin", "PYTHONPATH": str(code)}
    started = time.perf_counter()
    done = subprocess.run([sys.executable, "-m", "dealer_station", "report", "--floor", url, "--quiet", *args],
                          capture_output=True, text=True, env=env, check=False, cwd=code)
    took = time.perf_counter() - started
    if done.returncode != 0:
        raise RuntimeError(done.stderr)
    return took


def floor_by(code: Path) -> Callable[[PostgresServer], Floor]:
    """A new floor initialised by the checkout ``code`` (its migrations, its ``floor init-roles``)."""
    def make(server: PostgresServer) -> Floor:
        floor = Floor(server, f"before{next(_BEFORE)}")
        server.create_database(floor.dbname)
        subprocess.run([sys.executable, "-m", "dealer_station", "floor", "init-roles", "--floor", floor.owner_url],
                       capture_output=True, text=True, check=True, cwd=code,
                       env={"PATH": "/usr/bin:/bin", "PYTHONPATH": str(code)})
        return floor
    return make


_BEFORE = iter(range(1, 1000))


def derive_rate(server: PostgresServer, make_floor: Callable[[PostgresServer], Floor], template: list[Draft],
                rounds: int) -> tuple[float, int]:
    """(events/s, rounds derived): ``rounds`` copies of the template round inserted by the owner in
    batches of 500, one connection: the record check and the fact triggers alone (no hashing, no chain
    check, no station processes), so a change of the triggers shows without the ingest's noise."""
    import json

    floor = make_floor(server)
    columns: list[list[Any]] = [[], [], [], [], [], []]
    seq = 0
    for number in range(1, rounds + 1):
        for draft in renamed(template, "D01", number):
            seq += 1
            at = f"2026-11-01T{seq // 3600 % 24:02d}:{seq // 60 % 60:02d}:{seq % 60:02d}.000Z"
            for column, value in zip(columns, (seq, at, draft.round_id, draft.kind, draft.actor,
                                               json.dumps(draft.payload))):
                column.append(value)
    with psycopg.connect(floor.owner_url) as conn:
        started = time.perf_counter()
        for i in range(0, seq, 500):
            conn.execute(
                """INSERT INTO floor.events (table_id, seq, at, round_id, kind, actor, payload, prev_hash, hash,
                                             received_at)
                   SELECT 'D01', s, a, r, k, ac, pl::json, md5(s::text) || md5(s::text), md5(a) || md5(s::text), now()
                   FROM unnest(%s::bigint[], %s::text[], %s::text[], %s::text[], %s::text[], %s::text[])
                        AS u(s, a, r, k, ac, pl)""", [c[i:i + 500] for c in columns])
            conn.commit()
        took = time.perf_counter() - started
        derived = conn.execute("SELECT count(*) FROM floor.rounds WHERE outcome = 'paid'").fetchone()[0]
    return seq / took, derived


def compare(args: argparse.Namespace, before: Path, progress: Callable[[str], None]) -> int:
    """Before (the checkout ``before``: its schema, its report code) against after (this tree), in one
    run on one server, alternated so that the machine's load falls on both alike."""
    sides: list[tuple[str, Callable[[PostgresServer], Floor], Path]] = [
        ("before", floor_by(before), before), ("after", new_floor, ROOT)]
    rates: dict[str, list[float]] = {"before": [], "after": []}
    raws: dict[str, list[float]] = {"before": [], "after": []}
    lags: dict[str, list[str]] = {"before": [], "after": []}
    reports: dict[tuple[str, str], list[float]] = {}
    derives: dict[str, list[float]] = {"before": [], "after": []}
    with contextlib.ExitStack() as stack:
        server = stack.enter_context(PostgresServer.running(settings={"max_connections": "300"}))
        work = Path(stack.enter_context(tempfile.TemporaryDirectory(prefix="bench-floor-")))
        cache = work / "cache"
        template = round_template(work)
        for n in range(args.derive_repeats):
            for label, make, _ in sides if n % 2 == 0 else sides[::-1]:
                rate, derived = derive_rate(server, make, template, args.derive_rounds)
                assert derived == args.derive_rounds, (label, derived)
                derives[label].append(rate)
                progress(f"derive {label}: {rate:,.0f} events/s")
        if args.derive_only:
            _print_derive(args, before, derives)
            return 0
        for n in range(args.repeats):
            for label, make, _ in sides if n % 2 == 0 else sides[::-1]:
                where = work / f"ingest-{label}-{n}"
                where.mkdir()
                got = ingest_figures(server, where, args.stations, args.backlog_rounds, args.rate, args.seconds, make,
                                     repeats=1)
                rates[label].append(got["ingest_rate"])
                raws[label].append(got["server_copy_rate"])
                lags[label].append(f"{got['lag_p50_ms']:.0f} / {got['lag_p99_ms']:.0f}")
                progress(f"ingest {label}: {got['ingest_rate']:,.0f} events/s ({got['backlog_events']:,} events, "
                         f"one backend's server COPY {got['server_copy_rate']:,.0f}/s), "
                         f"lag p50 / p99 {lags[label][-1]} ms")
        big = server if args.floor_cache is None else stack.enter_context(
            PostgresServer.running(settings={"max_connections": "300"}, keep=args.floor_cache))
        floor, bulk = ten_million(big, args.events, 20, progress)
        shift = [*SHIFT, "--format", "json"]
        whole = ["--format", "json", "--by", "table,day"]
        par = ["--par-rounds", str(args.par_rounds)] if args.par_rounds else []
        for _, _, code in sides:  # warm up: the par sheet into the cache, each checkout's bytecode, the pages
            for report_args in (shift, whole):
                _report_once(floor.report_url, report_args + par, cache, code)
        for n in range(args.runs):
            for label, _, code in sides if n % 2 == 0 else sides[::-1]:
                for name, report_args in (("shift", shift), ("whole", whole)):
                    reports.setdefault((label, name), []).append(_report_once(floor.report_url, report_args + par,
                                                                              cache, code))
            progress(f"report run {n + 1}/{args.runs}")
    _print_derive(args, before, derives)
    for n in range(args.repeats):
        print(f"| backlog ingest, {args.stations} stations, run {n + 1} | {rates['before'][n]:,.0f} events/s | "
              f"{rates['after'][n]:,.0f} events/s |")
        print(f"| one backend's server-side COPY of the same rows in the same run; ingest / it, run {n + 1} | {raws['before'][n]:,.0f}; "
              f"{rates['before'][n] / raws['before'][n]:.0%} | {raws['after'][n]:,.0f}; "
              f"{rates['after'][n] / raws['after'][n]:.0%} |")
        print(f"| lag p50 / p99, run {n + 1} | {lags['before'][n]} ms | {lags['after'][n]} ms |")
    print(f"| floor for the report | {bulk['events']:,} events, {bulk['rounds']:,} rounds | same floor |")
    for name, what in (("shift", "shift report (8 h, 20 tables)"), ("whole", "whole floor by table and day")):
        b, a = reports[("before", name)], reports[("after", name)]
        print(f"| {what}, CLI end to end, median / best of {args.runs} | {statistics.median(b):.2f} / {min(b):.2f} s | "
              f"{statistics.median(a):.2f} / {min(a):.2f} s |")
    return 0


def _print_derive(args: argparse.Namespace, before: Path, derives: dict[str, list[float]]) -> None:
    print(f"\n| measurement (before = {before}, after = this tree) | before | after |\n|---|---:|---:|")
    for n in range(args.derive_repeats):
        print(f"| facts derived on insert, {args.derive_rounds:,} rounds, one connection, run {n + 1} | "
              f"{derives['before'][n]:,.0f} events/s | {derives['after'][n]:,.0f} events/s |")
    if derives["before"]:
        print(f"| of which the median | **{statistics.median(derives['before']):,.0f} events/s** | "
              f"**{statistics.median(derives['after']):,.0f} events/s** |")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--stations", type=int, default=20)
    parser.add_argument("--backlog-rounds", type=int, default=100, help="rounds per station journal for the ingest rate")
    parser.add_argument("--ingest-repeats", type=int, default=3,
                        help="ingest runs, each alternated with a server-side and a client COPY of the same rows")
    parser.add_argument("--rate", type=float, default=40.0, help="events/s each live station appends")
    parser.add_argument("--seconds", type=float, default=20.0, help="live phase length")
    parser.add_argument("--events", type=int, default=10_000_000)
    parser.add_argument("--par-rounds", type=int, default=None)
    parser.add_argument("--quick", action="store_true", help="small sizes: a smoke run of the benchmark itself")
    parser.add_argument("--before", type=Path, default=None,
                        help="a checkout of the code before a change (e.g. the main branch's): compare its schema's "
                             "ingest rate and its report's time with this tree's, in one run")
    parser.add_argument("--repeats", type=int, default=2, help="with --before: ingest runs per side")
    parser.add_argument("--runs", type=int, default=5, help="with --before: report runs per side")
    parser.add_argument("--derive-repeats", type=int, default=3, help="with --before: fact-trigger runs per side")
    parser.add_argument("--derive-rounds", type=int, default=1000, help="with --before: rounds per fact-trigger run")
    parser.add_argument("--derive-only", action="store_true", help="with --before: the fact-trigger runs alone")
    parser.add_argument("--floor-cache", type=Path, default=None, metavar="DIR",
                        help="keep the big report floor's cluster here (4.6 GB for 10M events): later runs reuse it, "
                             "a load cut short resumes; without it the floor is made again in the throwaway server")
    parser.add_argument("--no-ingest", action="store_true", help="leave out the ingest figures")
    parser.add_argument("--no-par", action="store_true", help="leave out the par sheet figures")
    parser.add_argument("--no-page", action="store_true", help="leave out the pit page's report")
    parser.add_argument("--no-report", action="store_true", help="leave out the big floor and its reports")
    args = parser.parse_args()
    if args.quick:
        args.stations, args.backlog_rounds, args.seconds, args.events, args.par_rounds = 4, 10, 3.0, 200_000, 200

    def progress(message: str) -> None:
        print(f"  {message}", file=sys.stderr, flush=True)

    from dealer_station.logs import configure_logging

    configure_logging("error")
    if args.before is not None:
        return compare(args, args.before.resolve(), progress)
    with contextlib.ExitStack() as stack:
        server = stack.enter_context(PostgresServer.running(settings={"max_connections": "300"}))
        work = Path(stack.enter_context(tempfile.TemporaryDirectory(prefix="bench-floor-")))
        cache = work / "cache"
        print("\n| measurement | result |\n|---|---:|")
        if not args.no_ingest:
            (work / "ingest").mkdir()
            ingest_rows(ingest_figures(server, work / "ingest", args.stations, args.backlog_rounds, args.rate,
                                       args.seconds, repeats=args.ingest_repeats, progress=progress))
        os.environ["XDG_CACHE_HOME"] = str(cache)
        if not args.no_par:
            par_rows(args)
        if args.no_report:
            return 0
        big = server if args.floor_cache is None else stack.enter_context(
            PostgresServer.running(settings={"max_connections": "300"}, keep=args.floor_cache))
        floor, bulk = ten_million(big, args.events, 20, progress)
        report_rows(floor, bulk, args, work, cache)
    return 0


def ingest_rows(ingest: dict[str, Any]) -> None:
    def spread(values: tuple[float, float, float]) -> str:
        low, median, high = values
        return f"{low:,.0f} / **{median:,.0f}** / {high:,.0f} events/s"

    n = ingest["repeats"]
    before, after = (" / ".join(f"{x:.1f}" for x in load) for load in ingest["load"])
    print(f"| stations forwarding at once; load average (1 / 5 / 15 min) before / after | {ingest['stations']}; "
          f"{before}; {after} |")
    print(f"| backlog ingest, every check kept: {ingest['backlog_events']:,} events ({ingest['events_per_round']} per "
          f"round), min / median / max of {n} | {spread(ingest['ingest'])} |")
    print(f"| one backend's server-side COPY of the same rows into a table like floor.events (the server's limit), "
          f"same run, alternated | {spread(ingest['server_copy'])} |")
    print(f"| client COPY of the same rows by {ingest['stations']} processes (the old yardstick), same run | "
          f"{spread(ingest['client_copy'])} |")
    print(f"| **ingest / one backend's server COPY** (medians; run by run) | **{ingest['ratio']:.0%}** "
          f"({' / '.join(f'{r:.0%}' for r in ingest['pair_ratios'])}) |")
    print(f"| ingest / client COPY (medians) | {ingest['client_ratio']:.0%} |")
    print(f"| live: {ingest['live_rate_total']:,.0f} events/s appended in all, {ingest['live_events']:,} events | |")
    print(f"| lag append -> floor p50 / p99 / max | **{ingest['lag_p50_ms']:.1f} / {ingest['lag_p99_ms']:.1f}** / "
          f"{ingest['lag_max_ms']:.1f} ms |")
    sys.stdout.flush()


def par_rows(args: argparse.Namespace) -> None:
    from dealer_station.par import par_sheet
    from dealer_station.par.categories import enumerate_counts

    paytables = {n: {c: str(o) for c, o in rows.items()} for n, rows in load_profile("uth-default").paytables.items()}
    started = time.perf_counter()
    sheet = par_sheet("uth", paytables, samples=args.par_rounds)
    par_s = time.perf_counter() - started
    assert sheet is not None
    print(f"| par sheet uth-default ({sheet.method}) | **{par_s:.1f} s** |")
    started = time.perf_counter()
    enumerate_counts(7)
    print(f"| of which Trips: full enumeration of 133,784,560 hands | {time.perf_counter() - started:.1f} s |")
    sys.stdout.flush()


SHIFT = ["--from", "2026-11-03T06:00", "--to", "2026-11-03T14:00", "--by", "table,shift"]


def report_rows(floor: Floor, bulk: dict[str, Any], args: argparse.Namespace, work: Path, cache: Path) -> None:
    """The shift report over the big floor: in process (the floor's queries and the report's sums), from
    the command line (a new process each time, Python's start-up included) and as the pit's page."""
    from dealer_station.floor.db import reading
    from dealer_station.floor.queries import report_data
    from dealer_station.floor.report import make_report, parse_group
    from dealer_station.floor.report_data import Period
    from dealer_station.par import par_sheet
    from dealer_station.periods import moment, zone
    from dealer_station.shifts import parse_shifts

    print(f"| floor for the report: {bulk['events']:,} events (real hash chains), {bulk['rounds']:,} rounds, "
          f"{bulk['tables']} tables, {bulk['size']} ({'cached' if bulk['cached'] else 'loaded'} in {bulk['load_s']:.0f} s) | |")
    par = ["--par-rounds", str(args.par_rounds)] if args.par_rounds else []
    shift = [*SHIFT, "--format", "json", *par]
    _report_once(floor.report_url, shift, cache)  # the par sheet into the cache
    tz = zone("UTC")
    period = Period(moment(SHIFT[1], tz, "from"), moment(SHIFT[3], tz, "to", end=True), tz,
                    parse_shifts("06:00,14:00,22:00"))
    times = []
    for _ in range(5):
        started = time.perf_counter()
        with reading(floor.report_url, "bench") as conn:
            data = report_data(conn, period)
        make_report(data, parse_group("table,shift"), lambda g, p: par_sheet(g, p, samples=args.par_rounds))
        times.append(time.perf_counter() - started)
    print(f"| shift report (8 h, 20 tables), in process (connect, queries, sums, par), median / best of 5 | "
          f"**{statistics.median(times):.2f}** / {min(times):.2f} s |")
    median, best = timed_report(floor.report_url, shift, cache)
    print(f"| shift report (8 h, 20 tables), CLI end to end, median / best of 5 | **{median:.2f}** / {best:.2f} s |")
    sys.stdout.flush()
    if not args.no_page:
        from urllib.parse import urlencode

        from benchmarks.pit_load import PitServer, load

        pit = PitServer(floor.report_url, work, cache, args.par_rounds)
        try:
            query = urlencode({"from": SHIFT[1], "to": SHIFT[3], "by": "table,shift", "tz": "UTC"})
            load(pit.port, f"/reports?{query}", 1, 2, 60, "Pit report")  # warm: the server's par sheets
            page = load(pit.port, f"/reports?{query}", 1, 5, 60, "Pit report")
        finally:
            pit.stop()
        print(f"| shift report page (8 h, 20 tables), one session, p50 / max of {page['n']} | **{page['p50'] / 1000:.2f}** "
              f"/ {page['max'] / 1000:.2f} s |")
    day = ["--from", "2026-11-03", "--to", "2026-11-03", "--format", "json", "--by", "table,shift", *par]
    median, best = timed_report(floor.report_url, day, cache)
    print(f"| day report (3 shifts, 20 tables) | {median:.2f} / {best:.2f} s |")
    whole = ["--format", "json", "--by", "table,day", *par]
    median, best = timed_report(floor.report_url, whole, cache, runs=3)
    print(f"| whole floor ({bulk['rounds']:,} rounds) by table and day | {median:.2f} / {best:.2f} s |")


if __name__ == "__main__":
    sys.exit(main())

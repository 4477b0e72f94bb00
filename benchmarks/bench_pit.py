"""The pit page's figures: the floor view of 200 tables and a shift report over 10 million events,
loaded by concurrent signed-in sessions on loopback (p50/p99), bounded in count and time.

Starts its own throwaway PostgreSQL (tests/pg.py) and runs the real server (``dealer-station pit``,
uvicorn) in a subprocess; the load comes from this process over HTTP keep-alive connections, one
per session. Results are recorded in docs/performance-pit.md.

Run: ``.venv/bin/python benchmarks/bench_pit.py`` (about 6 minutes; ``--quick`` for a smoke run).
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from benchmarks.floor_data import renamed, round_template, ten_million  # noqa: E402
from benchmarks.pit_load import PitServer, Session, load  # noqa: E402
from dealer_station.floor.forwarder import Forwarder  # noqa: E402
from dealer_station.floor.layout import place  # noqa: E402
from dealer_station.journal import Draft, Journal  # noqa: E402
from dealer_station.play.simulate import simulate  # noqa: E402
from dealer_station.profile_loader import load_profile  # noqa: E402
from tests.floor.conftest import new_floor  # noqa: E402
from tests.pg import PostgresServer  # noqa: E402


def station_prefix(workdir: Path) -> list[Draft]:
    """A real station's start (program identity, devices linked and ready): what precedes its first round."""
    path = workdir / "prefix.sqlite"
    simulate(load_profile("uth-default"), rounds=1, seed=3, seats=2, journal=path, progress=None)
    with Journal.open_readonly(path) as journal:
        events = list(journal.events())
    first_round = next(i for i, e in enumerate(events) if e.kind == "round_opened")
    return [Draft(e.kind, e.payload, e.actor, e.round_id) for e in events[:first_round] if e.kind != "journal_created"]


def floor_of_tables(server: PostgresServer, workdir: Path, tables: int, rounds: int) -> tuple[Any, int]:
    """``tables`` tables of real journals (a real round replayed with new ids), forwarded through the
    chain-checked ingest, placed in pits of 20."""
    floor = new_floor(server)
    template, prefix = round_template(workdir), station_prefix(workdir)
    events = 0
    forwarders = []
    for index in range(1, tables + 1):
        table_id = f"T{index:03d}"
        path = workdir / f"{table_id}.sqlite"
        with Journal(path, table_id=table_id) as journal:
            journal.append_many(prefix)
            for number in range(1, rounds + 1):
                journal.append_many(renamed(template, table_id, number))
            events += journal.last_seq
        forwarders.append(Forwarder(path, floor.station_url, table_id).start())
        place(floor.owner_url, table_id, f"Pit {(index - 1) // 20 + 1:02d}", index)
        if len(forwarders) >= 20:
            for f in forwarders:
                assert f.wait_acknowledged(120), f.status()
                f.stop()
            forwarders = []
    for f in forwarders:
        assert f.wait_acknowledged(120), f.status()
        f.stop()
    return floor, events


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=200)
    parser.add_argument("--rounds", type=int, default=5, help="rounds per table on the floor-view floor")
    parser.add_argument("--events", type=int, default=10_000_000, help="events on the report's floor")
    parser.add_argument("--sessions", type=int, default=20)
    parser.add_argument("--requests", type=int, default=50, help="page loads per session (bounded by --seconds)")
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument("--par-rounds", type=int, default=None)
    parser.add_argument("--quick", action="store_true")
    args = parser.parse_args()
    if args.quick:
        args.tables, args.rounds, args.events, args.sessions, args.requests, args.seconds, args.par_rounds = (
            40, 2, 200_000, 5, 10, 20.0, 200)

    def progress(message: str) -> None:
        print(f"  {message}", file=sys.stderr, flush=True)

    from dealer_station.logs import configure_logging

    configure_logging("error")
    with PostgresServer.running(settings={"max_connections": "300"}) as server, tempfile.TemporaryDirectory(prefix="bench-pit-") as tmp:
        work = Path(tmp)
        cache = work / "cache"
        started = time.monotonic()
        floor, events = floor_of_tables(server, work, args.tables, args.rounds)
        progress(f"{args.tables} tables, {events:,} events forwarded ({time.monotonic() - started:.0f} s)")
        pit = PitServer(floor.report_url, work, cache, args.par_rounds)
        try:
            first = Session(pit.port).get("/floor")
            assert first.count('<article class="tile') == args.tables
            floor_one = load(pit.port, "/floor", 1, args.requests, args.seconds, "Floor now")
            floor_view = load(pit.port, "/floor", args.sessions, args.requests, args.seconds, "Floor now")
        finally:
            pit.stop()
        print("\n| measurement | result |\n|---|---:|")
        print(f"| floor view: {args.tables} tables in {args.tables // 20} pits ({events:,} events), server ready "
              f"after | {pit.ready_s:.1f} s |")
        print(f"| floor view page load, one session, p50 / max of {floor_one['n']} | **{floor_one['p50']:.0f}** / "
              f"{floor_one['max']:.0f} ms |")
        print(f"| floor view page load, {args.sessions} sessions at once, {floor_view['n']} loads "
              f"({floor_view['bytes'] // 1024} KB each), p50 / p99 / max | **{floor_view['p50']:.0f} / "
              f"{floor_view['p99']:.0f}** / {floor_view['max']:.0f} ms ({floor_view['rate']:.0f} pages/s) |")
        sys.stdout.flush()
        big, bulk = ten_million(server, args.events, 20, progress)
        from dealer_station.par import par_sheet

        os.environ["XDG_CACHE_HOME"] = str(cache)
        paytables = {n: {c: str(o) for c, o in rows.items()} for n, rows in load_profile("uth-default").paytables.items()}
        par_sheet("uth", paytables, samples=args.par_rounds)  # cached for the server: measure the page, not par
        pit = PitServer(big.report_url, work, cache, args.par_rounds)
        try:
            query = urlencode({"from": "2026-11-03T06:00", "to": "2026-11-03T14:00", "by": "table,shift",
                               "tz": "UTC"})
            sessions = max(2, args.sessions // 4)
            report = load(pit.port, f"/reports?{query}", sessions, max(3, args.requests // 10), args.seconds * 2,
                          "Pit report")
            single = load(pit.port, f"/reports?{query}", 1, 5, args.seconds, "Pit report")
        finally:
            pit.stop()
        print(f"| shift report page (8 h, 20 tables) over {bulk['events']:,} events ({bulk['rounds']:,} rounds), "
              f"one session, p50 / max of {single['n']} | **{single['p50']:.0f}** / {single['max']:.0f} ms |")
        print(f"| the same, {sessions} sessions at once, {report['n']} loads, p50 / p99 / max | "
              f"**{report['p50']:.0f} / {report['p99']:.0f}** / {report['max']:.0f} ms |")
    return 0


if __name__ == "__main__":
    sys.exit(main())

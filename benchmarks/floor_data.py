"""A floor to measure on, shared by the floor and pit benchmarks: one real round to replay under new ids
(``round_template``, ``renamed``) and a floor of millions of events with real hash chains made in bulk
(``ten_million``)."""

from __future__ import annotations

import multiprocessing as mp
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import psycopg

from dealer_station.floor.roles import init_roles
from dealer_station.journal import GENESIS_HASH, Draft, Journal, _record_hash
from dealer_station.play.simulate import simulate
from dealer_station.profile_loader import load_profile
from tests.floor.conftest import Floor
from tests.pg import PostgresServer


def round_template(workdir: Path) -> list[Draft]:
    """The events of one real 7-seat round (round_opened .. round_paid), to replay with new round ids."""
    path = workdir / "template.sqlite"
    simulate(load_profile("uth-default"), rounds=2, seed=5, seats=7, journal=path, progress=None)
    with Journal.open_readonly(path) as journal:
        events = list(journal.events())
    opened = [i for i, e in enumerate(events) if e.kind == "round_opened"][-1]
    paid = [i for i, e in enumerate(events) if e.kind == "round_paid"][-1]
    return [Draft(e.kind, e.payload, e.actor, e.round_id) for e in events[opened:paid + 1]]


def renamed(template: list[Draft], table_id: str, number: int) -> list[Draft]:
    rid = f"{table_id}-{number:06d}"
    out = []
    for d in template:
        payload = dict(d.payload)
        if d.kind == "round_opened":
            payload = {"round_id": rid, "number": number}
        out.append(Draft(d.kind, payload, d.actor, rid if d.round_id else None))
    return out


ROUNDS_SQL = """
INSERT INTO floor.rounds (table_id, round_id, number, game, opened_seq, opened_at, record_seq, ended_seq, ended_at,
                          outcome, handle, record_handle, win, rake, max_payout, seats, stakes, paytables, par_key, void_cause,
                          voided_by, supervisor_acted)
SELECT t.id, t.id || '-' || lpad(n::text, 6, '0'), n, 'uth', (n - 1) * %(per_round)s + 1,
       %(t0)s::timestamptz + (n - 1) * interval '60 seconds', n * %(per_round)s - 1, n * %(per_round)s,
       %(t0)s::timestamptz + (n - 1) * interval '60 seconds' + (%(per_round)s - 1) * interval '1 second',
       CASE WHEN n %% 50 = 0 THEN 'voided' ELSE 'paid' END,
       CASE WHEN n %% 50 = 0 THEN 0 ELSE 400 + (n * 37) %% 300 END, 400 + (n * 37) %% 300,
       CASE WHEN n %% 50 = 0 THEN 0 ELSE ((n * 7919) %% 401) - 180 END, 0, (n * 13) %% 500,
       '{1,2,3,4,5,6,7}', '{"ante": [70, 1000], "blind": [70, 1000], "trips": [20, 100]}'::jsonb, %(paytables)s::jsonb,
       md5(%(paytables)s::jsonb::text),
       CASE WHEN n %% 50 = 0 THEN 'jam' END, CASE WHEN n %% 50 = 0 THEN 'croupier' END, n %% 200 = 0
FROM (SELECT 'F' || lpad(g::text, 2, '0') AS id FROM generate_series(%(first)s::int, %(last)s::int) g) t,
     generate_series(1, %(rounds)s::int) AS n
"""


def _bulk_table(args: tuple[str, str, int, int, str]) -> tuple[str, float]:
    """One table's journal, ``per_table`` records with a real hash chain (the journal's own
    ``_record_hash``), copied in by the owner with the triggers off, its ``stations`` row in the same
    transaction: a table is on the floor whole or not at all (the load resumes table by table)."""
    url, table_id, per_table, per_round, payload = args
    started = time.monotonic()
    prev = GENESIS_HASH
    with psycopg.connect(url) as conn:
        conn.execute("SET LOCAL session_replication_role = replica")  # no fact trigger: rounds are bulk-made
        with conn.cursor() as cur, cur.copy("COPY floor.events (table_id, seq, at, round_id, kind, actor, payload, "
                                            "prev_hash, hash, received_at) FROM STDIN") as copy:
            for seq in range(1, per_table + 1):
                number, step = divmod(seq - 1, per_round)
                minute = BULK_T0 + timedelta(minutes=number)
                at = f"{minute:%Y-%m-%dT%H:%M}:{step:02d}.000Z"
                round_id = f"{table_id}-{number + 1:06d}"
                kind = ("round_opened" if step == 0 else "settled" if step == per_round - 2
                        else "round_paid" if step == per_round - 1 else "card_dealt")
                digest = _record_hash(seq, at, table_id, round_id, kind, "station", payload, prev)
                copy.write_row((table_id, seq, at, round_id, kind, "station", payload, prev, digest, BULK_RECEIVED))
                prev = digest
        conn.execute("INSERT INTO floor.stations (table_id, last_seq, last_hash, last_ingest) VALUES (%s, %s, %s, now())",
                     (table_id, per_table, prev))
    return table_id, time.monotonic() - started


BULK_T0 = datetime(2026, 11, 1, tzinfo=UTC)
BULK_RECEIVED = "2026-11-20T00:00:00Z"


def ten_million(server: PostgresServer, events: int, tables: int, progress: Any) -> tuple[Any, dict[str, Any]]:
    """A floor holding ``events`` events: ``tables`` journals with real hash chains (40 events per round,
    a round a minute per table), their facts made in bulk in SQL (the fact trigger and the ingest's
    check bypassed: this measures the report, not ingest). Kept in ``server`` under a name of its
    size: a kept cluster (``--floor-cache``) reuses it, and a load cut short resumes table by table."""
    import json

    floor = Floor(server, f"bigfloor_{events}")
    with psycopg.connect(server.url(), autocommit=True) as conn:
        exists = conn.execute("SELECT 1 FROM pg_database WHERE datname = %s", (floor.dbname,)).fetchone()
    if exists is None:
        server.create_database(floor.dbname)
    init_roles(floor.owner_url)  # idempotent: brings a cached floor to this tree's schema
    per_round = 40
    per_table = events // tables // per_round * per_round
    profile = load_profile("uth-default")
    paytables = json.dumps({n: {c: str(o) for c, o in rows.items()} for n, rows in profile.paytables.items()},
                           sort_keys=True, separators=(",", ":"))
    payload = json.dumps({"card": 17, "index": 1, "note": "x" * 120, "position": "seat3"}, separators=(",", ":"))
    started = time.monotonic()
    with psycopg.connect(floor.owner_url, autocommit=True) as conn:
        held = dict(conn.execute("SELECT table_id, last_seq FROM floor.stations").fetchall())
    todo = [t for t in (f"F{i:02d}" for i in range(1, tables + 1)) if held.get(t) != per_table]
    if todo:
        progress(f"bulk events: {len(todo)} of {tables} tables to load ({per_table:,} events each)")
        with mp.get_context("fork").Pool(2) as pool:
            for done, (table_id, took) in enumerate(pool.imap_unordered(
                    _bulk_table, [(floor.owner_url, t, per_table, per_round, payload) for t in todo]), 1):
                progress(f"bulk events: {table_id} loaded in {took:.0f} s ({done}/{len(todo)}, "
                         f"{time.monotonic() - started:.0f} s)")
    params = {"t0": BULK_T0.isoformat(), "per_round": per_round, "rounds": per_table // per_round,
              "paytables": paytables, "first": 1, "last": tables}
    with psycopg.connect(floor.owner_url, autocommit=True) as conn:
        rounds = conn.execute("SELECT count(*) FROM floor.rounds").fetchone()[0]
        if todo or rounds != tables * (per_table // per_round):
            conn.execute("SET session_replication_role = replica")
            for table in ("rounds", "faults", "supervisor_actions"):
                conn.execute(f"DELETE FROM floor.{table}")
            conn.execute(ROUNDS_SQL, params)
            conn.execute("""INSERT INTO floor.faults (table_id, seq, at, round_id, source, device, code, text)
                            SELECT table_id, ended_seq - 5, ended_at - interval '5 seconds', round_id, 'halted',
                                   'shuffler', 'jam', 'shuffler: jam' FROM floor.rounds WHERE outcome = 'voided'""")
            conn.execute("""INSERT INTO floor.supervisor_actions (table_id, seq, at, round_id, badge, ok, action, reason)
                            SELECT table_id, ended_seq - 3, ended_at - interval '3 seconds', round_id, '0412', true,
                                   'void', 'disputed deal' FROM floor.rounds WHERE supervisor_acted""")
            conn.execute("RESET session_replication_role")
            progress(f"bulk facts: done ({time.monotonic() - started:.0f} s); VACUUM ANALYZE")
            conn.execute("VACUUM ANALYZE")
        count = conn.execute("SELECT sum(last_seq) FROM floor.stations").fetchone()[0]
        rounds = conn.execute("SELECT count(*) FROM floor.rounds").fetchone()[0]
        size = conn.execute("SELECT pg_size_pretty(pg_database_size(current_database()))").fetchone()[0]
    return floor, {"events": int(count or 0), "rounds": rounds, "tables": tables, "load_s": time.monotonic() - started,
                   "size": size, "cached": not todo}

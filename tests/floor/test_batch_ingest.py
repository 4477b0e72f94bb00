"""Migration 0015: a batch that extends the floor's chain is checked and inserted in one statement over the
stage, and the facts come from one statement-level trigger. A floor at 0014 and one at 0015 given the same
journals (a bet-sensing table, sign-ins and sign-outs, odd payloads, records the floor must flag) hold the
same events, alarms and derived rows; a clean batch never reaches 0011's exact path, a doubtful one does."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import psycopg
import pytest

from dealer_station.floor.ingest import send_batch
from dealer_station.floor.journal_rows import JournalRows
from dealer_station.floor.migrate import migrate
from dealer_station.journal import Journal
from tests.conftest import SensorRun
from tests.floor.conftest import Floor
from tests.floor.test_ingest import forward
from tests.floor.test_measures import DERIVED, odd_journal
from tests.pg import PostgresServer

HELD = {  # what the floor holds besides the derived rows, in a stable order
    "events": ("table_id, seq, at, round_id, kind, actor, payload::text, prev_hash, hash, flagged", "table_id, seq"),
    "alarms": ("table_id, first_bad_seq, reason, attempts", "table_id, first_bad_seq"),
    "stations": ("table_id, last_seq, last_hash", "table_id"),
    "sensor_catches": ("*", "table_id, round_id, what, key"),
    **{table: ("*", order) for table, order in DERIVED.items()},
}


def shift_journal(path: Path) -> None:
    """Sign-ins and sign-outs around rounds (floor.dealer_at's cases), records the floor must flag (a payload
    jsonb refuses, an amount no table can hold), a \\u escape and an exponent: more than a COPY batch's worth."""
    with Journal(path, table_id="S1") as j:
        number = 0

        def round_(*extra: tuple[str, dict[str, Any]]) -> None:
            nonlocal number
            number += 1
            rid = f"S1-{number}"
            j.append("round_opened", {"round_id": rid, "number": number}, actor="croupier", round_id=rid)
            for kind, payload in extra:
                j.append(kind, payload, actor="station", round_id=rid)
            j.append("round_paid", {"house_net": "5", "handle": "20"}, actor="croupier", round_id=rid)

        round_()  # nobody signed in
        j.append("dealer_signed_in", {"dealer": "ana"}, actor="croupier")
        round_()
        j.append("dealer_signed_in", {"dealer": "ben"}, actor="croupier")
        j.append("dealer_signed_out", {"dealer": "ana"}, actor="croupier")  # not who deals now
        round_(("device_status", {"device": "reader", "state": "ok"}))
        j.append("dealer_signed_out", {"dealer": "ben"}, actor="croupier")
        round_()  # nobody again
        j.append("dealer_signed_in", {"dealer": "cy"}, actor="croupier")
        j.append("station_started", {"version": "x"}, actor="station")  # a restart forgets who dealt
        round_(("device_status", {"device": "reader", "state": "fault:E7"}))
        j.append("dealer_signed_in", {"dealer": ""}, actor="croupier")
        round_(("device_fault", {"device": "shuffler", "code": "E1", "text": "caf\u00e9 \u5e84"}))
        for _ in range(8):
            round_(("card_dealt", {"card": "As", "to": "seat 1", "odds": "1.5e-07"}))  # an exponent's shape
        round_(("device_fault", {"device": "reader", "code": "E2", "text": "nul \u0000 byte"}))  # jsonb refuses
        j.append("round_paid", {"round_id": "S1-99", "house_net": "NaN"}, actor="croupier")  # flagged
        for _ in range(8):
            round_()


def held(url: str) -> dict[str, list[tuple[Any, ...]]]:
    with psycopg.connect(url) as conn:
        return {table: [tuple(r) for r in conn.execute(f"SELECT {columns} FROM floor.{table} ORDER BY {order}")]
                for table, (columns, order) in HELD.items()}


def test_floors_at_0014_and_0015_hold_and_derive_the_same_from_the_same_journals(
        pg_server: PostgresServer, sensor_run: SensorRun, played_journal: Path, tmp_path: Path) -> None:
    odd, shift = tmp_path / "X1.sqlite", tmp_path / "S1.sqlite"
    odd_journal(odd)
    shift_journal(shift)
    urls = []
    for version, name in ((14, "floor_batch_v14"), (None, "floor_batch_latest")):
        url = pg_server.create_database(name)
        migrate(url, up_to=version)
        for path, table_id in ((sensor_run.journal, "T1R"), (played_journal, "T1"), (odd, "X1"), (shift, "S1")):
            forward(path, url, table_id=table_id)
        urls.append(url)
    at_14, latest = (held(url) for url in urls)
    for table in HELD:
        assert latest[table] == at_14[table], table
    assert sum(r[1] for r in latest["stations"]) == len(latest["events"])  # every record held
    flagged = {(r[0], r[4]) for r in latest["events"] if r[9] is not None}
    assert flagged == {("S1", "device_fault"), ("S1", "round_paid")}
    assert len(latest["alarms"]) == 2  # one per flagged record, nothing else
    dealers = [r for r in latest["rounds"] if r[0] == "S1"]
    assert len(dealers) > 20 and len(latest["sensor_catches"]) > 0
    with psycopg.connect(urls[1]) as conn:
        by_round = dict(conn.execute("SELECT round_id, dealer FROM floor.rounds WHERE table_id = 'S1'").fetchall())
    assert [by_round[f"S1-{n}"] for n in range(1, 7)] == [None, "ana", "ben", None, None, None]


def _exact_path_calls(conn: psycopg.Connection[Any]) -> int:
    """How often this session called 0011's exact path, floor.ingest, as far as not yet reported (track_functions
    is on)."""
    found = conn.execute("SELECT pg_stat_get_xact_function_calls('floor.ingest(text, bigint, text, bigint[], text[], "
                         "text[], text[], text[], text[], text[], text[])'::regprocedure)").fetchone()
    return int(found[0] or 0) if found else 0


def test_a_clean_batch_takes_the_fast_path_and_a_doubtful_one_the_exact_path(
        pg_server: PostgresServer, floor: Floor, played_journal: Path, tmp_path: Path) -> None:
    shift = tmp_path / "S1.sqlite"
    shift_journal(shift)
    with psycopg.connect(pg_server.url(dbname=floor.dbname), autocommit=True) as conn:
        conn.execute(f'ALTER DATABASE "{floor.dbname}" SET track_functions = \'pl\'')
    with psycopg.connect(floor.station_url) as conn:
        # the simulated table's records 100-159 are clean; the shift's 2-61 hold exponents (1.5e-07)
        for path, table_id, before, expect_exact in ((played_journal, "T1", 99, False), (shift, "S1", 1, True)):
            with JournalRows(path) as rows:
                first, batch, tail = rows.rows(0, before), rows.rows(before, 60), rows.tail()
            assert send_batch(conn, table_id, tail, first).status == "ok"
            with conn.transaction(), conn.cursor() as cursor:
                calls_before = _exact_path_calls(conn)  # pending counts outlive a transaction: read the change
                with cursor.copy("COPY pg_temp.floor_ingest_stage (seq, at, round_id, kind, actor, payload, "
                                 "prev_hash, hash) FROM STDIN") as copy:
                    for r in batch:
                        copy.write_row((r.seq, r.at, r.round_id, r.kind, r.actor, r.payload, r.prev_hash, r.hash))
                status, acked, *_ = cursor.execute("SELECT * FROM floor.ingest_staged(%s, %s, %s)",
                                                   (table_id, *tail)).fetchone() or (None, None)
                assert (status, acked) == ("ok", batch[-1].seq)
                assert (_exact_path_calls(conn) > calls_before) is expect_exact, table_id


@pytest.mark.parametrize("at", ["2026-12-02 03:00:00Z", "2026-12-02T03:00:00.1234567Z", "2026-12-02T03:00Z",
                                "2026-12-02T03:00:00.Z", "2026-12-02T03:00:00.5", "２026-12-02T03:00:00Z"])
def test_a_time_out_of_the_journal_format_is_refused_by_the_fast_path_too(floor: Floor, at: str) -> None:
    """floor.is_journal_time agrees with the exact path's pattern: what it declines, the exact path refuses."""
    with psycopg.connect(floor.owner_url) as conn:
        fast, pattern = conn.execute(
            "SELECT floor.is_journal_time(%s), %s ~ '^\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\d(\\.\\d{1,6})?Z$'",
            (at, at)).fetchone() or (None, None)
    assert fast is False and pattern is False


@pytest.mark.parametrize("at", ["2026-12-02T03:00:00Z", "2026-12-02T03:00:00.1Z", "2026-12-02T03:00:00.123456Z"])
def test_a_time_in_the_journal_format_passes_both(floor: Floor, at: str) -> None:
    with psycopg.connect(floor.owner_url) as conn:
        assert conn.execute("SELECT floor.is_journal_time(%s)", (at,)).fetchone() == (True,)


def test_an_empty_stage_for_a_table_never_heard_of_writes_nothing(floor: Floor) -> None:
    with psycopg.connect(floor.station_url) as conn:
        conn.execute("SELECT floor.open_stage()")
        answer = conn.execute("SELECT * FROM floor.ingest_staged('NEW1', 0, repeat('0', 64))").fetchone()
        conn.commit()
    assert answer is not None and (answer[0], answer[1], answer[3]) == ("ok", 0, 0)
    with psycopg.connect(floor.owner_url) as conn:
        assert conn.execute("SELECT count(*) FROM floor.stations WHERE table_id = 'NEW1'").fetchone() == (0,)


def test_a_floor_granted_before_0015_still_takes_batches_by_copy_after_it(
        pg_server: PostgresServer, floor: Floor, played_journal: Path) -> None:
    """`floor migrate` alone (no init-roles again): the new floor.ingest_staged has the station's grant, the
    renamed exact path none."""
    from psycopg import sql

    from dealer_station.floor.roles import DEFAULT_STATION_ROLE, STATION_FUNCTIONS

    url = pg_server.create_database("floor_granted_at_v14")
    migrate(url, up_to=14)
    with psycopg.connect(url) as conn:  # the roles exist (the floor fixture made them): 0014's grants
        station = sql.Identifier(DEFAULT_STATION_ROLE)
        conn.execute(sql.SQL("GRANT USAGE ON SCHEMA floor TO {}").format(station))
        for signature in STATION_FUNCTIONS:
            conn.execute(sql.SQL("GRANT EXECUTE ON FUNCTION {} TO {}").format(sql.SQL(signature), station))
    assert migrate(url)[:1] == ["0015_batch_ingest"]  # and any later migration
    station_url = pg_server.url(DEFAULT_STATION_ROLE, "floor_granted_at_v14")
    with JournalRows(played_journal) as rows, psycopg.connect(station_url) as conn:
        ack = send_batch(conn, "T1", rows.tail(), rows.rows(0, 60))
        assert (ack.status, ack.acked_seq, ack.inserted) == ("ok", 60, 60)
        with pytest.raises(psycopg.errors.InsufficientPrivilege):
            conn.execute("SELECT * FROM floor.ingest_stage_exact('T1', 60, '')")

"""No record a station journaled wedges its forwarding; no login writes on a table it was not given.

Real PostgreSQL (migration 0007), real journal files written through the journal's own API, the
real forwarder.
"""

from __future__ import annotations

from pathlib import Path

import psycopg
import pytest

from dealer_station.floor.ingest import send_batch
from dealer_station.floor.journal_rows import JournalRows
from dealer_station.floor.queries import LOGIN_ALARM_PREFIX, alarms, events_after, state_events
from dealer_station.floor.verify import check_floor_chain, verify_against_floor
from dealer_station.journal import GENESIS_HASH, Journal
from dealer_station.play.simulate import simulate
from dealer_station.profile_loader import load_profile
from tests.floor.conftest import Floor
from tests.floor.test_ingest import floor_rows, forward


def _flagged(floor: Floor, table_id: str) -> list[tuple[int, str]]:
    with psycopg.connect(floor.report_url) as conn:
        return [tuple(r) for r in conn.execute(
            "SELECT seq, flagged FROM floor.events WHERE table_id = %s AND flagged IS NOT NULL ORDER BY seq",
            (table_id,))]


def test_a_fault_text_with_u0000_neither_wedges_forwarding_nor_breaks_the_chain(
        floor: Floor, journal_copy: Path) -> None:
    """The journal keeps the device's text as sent (json escapes U+0000 as \\u0000, which PostgreSQL's
    jsonb refuses); the floor holds it flagged, and every record after it still arrives."""
    with Journal(journal_copy, table_id="T1") as journal:
        journal.append("device_fault", {"device": "shuffler", "code": "jam", "text": "jam\x00 at slot 3"},
                       actor="device:shuffler")
        bad_seq = journal.last_seq
    simulate(load_profile("uth-default"), rounds=2, seed=11, seats=2, journal=journal_copy, progress=None)
    fw = forward(journal_copy, floor.station_url)
    with JournalRows(journal_copy) as rows:
        journal_rows = [tuple(r) for r in rows.iter_rows()]
    assert journal_rows[-1][0] > bad_seq + 10  # two more rounds after it
    assert fw.status().acked_seq == journal_rows[-1][0] and not fw.status().refused
    assert floor_rows(floor) == journal_rows  # every record, the flagged one byte for byte
    assert r'jam\u0000 at slot 3' in floor_rows(floor)[bad_seq - 1][6]
    [(seq, why)] = _flagged(floor, "T1")
    assert seq == bad_seq and "payload the floor cannot read" in why
    with psycopg.connect(floor.report_url) as conn:
        assert check_floor_chain(conn, "T1").ok and check_floor_chain(conn, "T1").checked_seq == journal_rows[-1][0]
        raised = alarms(conn)
        assert [a.first_bad_seq for a in raised] == [bad_seq]
        assert f"record {bad_seq} (device_fault) held but flagged" in raised[0].reason
        assert conn.execute("SELECT count(*) FROM floor.faults WHERE seq = %s", (bad_seq,)).fetchone() == (0,)
        assert conn.execute("SELECT count(*) FROM floor.rounds WHERE outcome = 'paid'").fetchone()[0] >= 2 + 1
        assert bad_seq not in [e.seq for e in events_after(conn, "T1", bad_seq - 2)]  # the pit never reads it
        assert bad_seq not in [e.seq for e in state_events(conn, "T1")]
    assert verify_against_floor(journal_copy, floor.report_url).ok


@pytest.mark.parametrize("kind, payload, why", [
    ("round_paid", {"house_net": "NaN", "handle": "10"}, "NaN is not an amount a table can hold"),
    ("round_paid", {"house_net": "1e30", "handle": "10"}, "1e30 is not an amount a table can hold"),
    ("round_adjusted", {"round_id": "H1-000001", "adjustments": {"1": "Infinity"}, "reason": "x", "by": "s"},
     "Infinity is not an amount a table can hold"),
    ("note", {"text": "\x00 hidden"}, "payload the floor cannot read"),
    ("note", {"text": "x" * 1_100_000}, "(at most 1 MiB)"),
])
def test_records_the_floor_could_not_compute_with_are_held_flagged_with_an_alarm(
        floor: Floor, tmp_path: Path, kind: str, payload: dict[str, object], why: str) -> None:
    """A hostile or broken station cannot break the reports or the pit page with one record, nor stop
    its table's forwarding: the record is held (the chain stays whole), flagged, read by nothing."""
    path = tmp_path / "hostile.sqlite"
    with Journal(path, table_id="H1", purpose="simulation") as journal:
        journal.append("round_opened", {"number": 1, "round_id": "H1-000001"}, actor="croupier", round_id="H1-000001")
        journal.append(kind, payload, actor="croupier", round_id="H1-000001")
        bad_seq = journal.last_seq
        journal.append("round_opened", {"number": 2, "round_id": "H1-000002"}, actor="croupier", round_id="H1-000002")
        last = journal.last_seq
    fw = forward(path, floor.station_url, table_id="H1")
    assert fw.status().acked_seq == last and not fw.status().refused
    with JournalRows(path) as rows:
        assert floor_rows(floor, "H1") == [tuple(r) for r in rows.iter_rows()]
    [(seq, flagged)] = _flagged(floor, "H1")
    assert seq == bad_seq and why in flagged
    with psycopg.connect(floor.report_url) as conn:
        [alarm] = alarms(conn, tables=["H1"])
        assert alarm.first_bad_seq == bad_seq and f"record {bad_seq}" in alarm.reason and why in alarm.reason
        assert check_floor_chain(conn, "H1").ok
        # Nothing is derived from it: the round it names stays open, with no win of NaN or 10^30.
        assert conn.execute("SELECT outcome, win, adjusted FROM floor.rounds WHERE round_id = 'H1-000001'"
                            ).fetchone() == ("open", 0, 0)
        assert conn.execute("SELECT count(*) FROM floor.rounds WHERE round_id = 'H1-000002'").fetchone() == (1,)
        assert conn.execute("SELECT count(*) FROM floor.derive_errors").fetchone() == (0,)


def test_a_pinned_login_writes_nothing_on_another_table_and_its_alarms_are_its_own(
        floor: Floor, journal_copy: Path) -> None:
    """20,000 refused calls for T2 by a login pinned to T1: T2 gets no row anywhere; the login one alarm."""
    from dealer_station.cli import main

    assert main(["floor", "pin-station", "--floor", floor.owner_url, "--login", "t1_station", "--table-id", "T1"]) == 0
    forward(journal_copy, floor.station_url, table_id="T1")
    with JournalRows(journal_copy) as rows:
        batch, tail = rows.rows(0, 3), rows.tail()
    pinned = floor.server.url("t1_station", floor.dbname)
    with psycopg.connect(pinned, autocommit=True) as conn:
        for start in range(2000):  # every first seq different: each used to be an alarm row of its own
            shifted = [r._replace(seq=r.seq + start) for r in batch]
            assert send_batch(conn, "T2", tail, shifted).status == "refused"
        assert send_batch(conn, "T3", tail, []).status == "refused"
    with psycopg.connect(floor.report_url) as conn:
        for table in ("stations", "alarms", "events", "rounds"):
            assert conn.execute(f"SELECT count(*) FROM floor.{table} WHERE table_id <> 'T1'").fetchone() == (0,)
        assert conn.execute("SELECT role_name, attempts, last_table FROM floor.login_alarms").fetchall() == [
            ("t1_station", 2001, "T3")]
        raised = alarms(conn)
        assert [(a.table_id, a.attempts) for a in raised] == [(f"{LOGIN_ALARM_PREFIX}t1_station", 2001)]
        assert "pinned to T1" in raised[0].reason and raised[0].last_seen_at >= raised[0].raised_at
        assert alarms(conn, tables=["T1"]) == [] and alarms(conn, tables=["T2"]) == []


def test_an_empty_ingest_call_writes_nothing_and_raises_no_alarm(floor: Floor, journal_copy: Path) -> None:
    """With the shared station role, a call without records proves nothing: no 'journal truncated'."""
    forward(journal_copy, floor.station_url)
    with psycopg.connect(floor.station_url, autocommit=True) as conn:
        for table, tail in (("T1", (0, GENESIS_HASH)), ("T1", (5, "f" * 64)), ("T9", (0, GENESIS_HASH))):
            ack = send_batch(conn, table, tail, [])
            assert ack.inserted == 0
    with psycopg.connect(floor.report_url) as conn:
        assert conn.execute("SELECT count(*) FROM floor.alarms").fetchone() == (0,)
        assert conn.execute("SELECT table_id FROM floor.stations").fetchall() == [("T1",)]


def test_a_tables_alarms_are_bounded(floor: Floor, journal_copy: Path) -> None:
    """Distinct refusals past the 99th count on one row: a report stays the size of a report."""
    forward(journal_copy, floor.station_url)
    with JournalRows(journal_copy) as rows, psycopg.connect(floor.station_url, autocommit=True) as conn:
        tail = rows.tail()
        for row in rows.rows(0, 150):  # each record re-sent edited: "record differs" at 150 different seqs
            assert send_batch(conn, "T1", tail, [row._replace(hash="e" * 64)]).status == "refused"
    with psycopg.connect(floor.report_url) as conn:
        assert conn.execute("SELECT count(*), sum(attempts) FROM floor.alarms").fetchone() == (100, 150)
        assert conn.execute("SELECT attempts FROM floor.alarms WHERE first_bad_seq = 0").fetchone() == (51,)

"""Migration 0011's set-based ingest: one statement checks a whole batch, sent by COPY into the session's
stage. The same answers as the record-by-record loop (the column arrays still reach the same check)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import psycopg
import pytest

from dealer_station.floor.ingest import COPY_MIN_ROWS, INGEST_SQL, Ack, send_batch
from dealer_station.floor.journal_rows import JournalRows, Row
from dealer_station.floor.migrate import migrate
from dealer_station.journal import _record_hash
from tests.floor.conftest import Floor
from tests.floor.test_ingest import alarms, floor_rows
from tests.pg import PostgresServer


def send_arrays(conn: psycopg.Connection[Any], table_id: str, tail: tuple[int, str], rows: list[Row]) -> Ack:
    """The same batch as column arrays (``floor.ingest`` itself, as before 0011)."""
    columns = [list(c) for c in zip(*[(r.seq, r.at, r.round_id, r.kind, r.actor, r.payload, r.prev_hash, r.hash)
                                      for r in rows])]
    with conn.transaction():
        found = conn.execute(INGEST_SQL, (table_id, tail[0], tail[1], *columns)).fetchone()
    assert found is not None
    return Ack(found[0], int(found[1] or 0), found[2] or "", int(found[3] or 0), found[4], found[5])


def relinked(row: Row, prev_hash: str) -> Row:
    """``row`` pointing at another record before it, its own hash recomputed (so only the link is wrong)."""
    digest = _record_hash(row.seq, row.at, row.table_id, row.round_id, row.kind, row.actor, row.payload, prev_hash)
    return row._replace(prev_hash=prev_hash, hash=digest)


@pytest.mark.parametrize("damage, bad_seq, reason", [
    ("edited", 31, "hash does not match the record (record edited, or the journal of another table)"),
    ("relinked", 31, "prev_hash does not match the record before it (chain broken)"),
    ("missing", 31, "record 31 missing from the batch (got seq 32)"),
    ("bad_time", 31, "malformed record (time, payload or hash missing or not in the journal format)"),
])
def test_a_damaged_record_in_the_middle_of_a_batch_refuses_it_whole_on_both_paths(
        floor: Floor, journal_copy: Path, damage: str, bad_seq: int, reason: str) -> None:
    with JournalRows(journal_copy) as rows:
        batch, tail = rows.rows(0, 60), rows.tail()
    assert len(batch) - 1 >= COPY_MIN_ROWS  # sent by COPY
    good = batch[30]
    if damage == "edited":
        batch[30] = good._replace(payload=good.payload.replace("}", ',"x":1}', 1))
    elif damage == "relinked":
        batch[30] = relinked(good, batch[28].hash)
    elif damage == "missing":
        del batch[30]
    else:
        batch[30] = good._replace(at=good.at.replace("T", " "))
    with psycopg.connect(floor.station_url) as conn:
        by_copy = send_batch(conn, "T1", tail, batch)
        by_arrays = send_arrays(conn, "T1", tail, batch)
    assert by_copy == by_arrays
    assert (by_copy.status, by_copy.bad_seq, by_copy.inserted, by_copy.reason) == ("refused", bad_seq, 0, reason)
    assert floor_rows(floor) == []  # nothing of the batch, not even the 30 good records before it
    assert alarms(floor) == [("T1", bad_seq, reason)]


def test_a_link_broken_at_a_batch_boundary_is_refused_and_the_next_good_batch_goes_in(
        floor: Floor, journal_copy: Path) -> None:
    with JournalRows(journal_copy) as rows:
        first, second, tail = rows.rows(0, 50), rows.rows(50, 50), rows.tail()
    with psycopg.connect(floor.station_url) as conn:
        assert send_batch(conn, "T1", tail, first).status == "ok"
        broken = [relinked(second[0], first[-2].hash), *second[1:]]  # record 51 names record 49 as the one before
        ack = send_batch(conn, "T1", tail, broken)
        assert (ack.status, ack.bad_seq, ack.acked_seq, ack.inserted) == ("refused", 51, 50, 0)
        assert ack.reason == ("prev_hash does not match the last record the floor holds "
                              "(journal rewritten or replaced at or before this seq)")
        assert send_batch(conn, "T1", tail, second) == Ack("ok", 100, second[-1].hash, 50, None, None)
    assert len(floor_rows(floor)) == 100
    assert [a[1] for a in alarms(floor)] == [51]


def test_a_replayed_batch_is_a_no_op_by_copy_and_by_arrays(floor: Floor, journal_copy: Path) -> None:
    with JournalRows(journal_copy) as rows:
        batch, tail = rows.rows(0, 80), rows.tail()
    with psycopg.connect(floor.station_url) as conn:
        assert send_batch(conn, "T1", tail, batch).inserted == 80
        assert send_batch(conn, "T1", tail, batch) == Ack("ok", 80, batch[-1].hash, 0, None, None)
        assert send_arrays(conn, "T1", tail, batch) == Ack("ok", 80, batch[-1].hash, 0, None, None)
        rewritten = relinked(batch[40]._replace(payload=batch[40].payload.replace("}", ',"x":1}', 1)), batch[39].hash)
        edited = [*batch[:40], rewritten, *batch[41:]]
        refused = send_batch(conn, "T1", tail, edited)  # a replay that differs from what the floor holds
    assert (refused.status, refused.bad_seq) == ("refused", 41)
    assert refused.reason == "record differs from the one the floor holds (journal edited, rewritten or replaced)"
    assert len(floor_rows(floor)) == 80


def test_the_stage_is_the_sessions_own_and_the_station_may_only_add_to_it(floor: Floor, journal_copy: Path) -> None:
    with JournalRows(journal_copy) as rows:
        batch, tail = rows.rows(0, 20), rows.tail()
    with psycopg.connect(floor.station_url) as one, psycopg.connect(floor.station_url) as other:
        one.execute("SELECT floor.open_stage()")
        one.commit()
        assert send_batch(one, "T1", tail, batch[:10]).status == "ok"
        for sql in ("SELECT count(*) FROM pg_temp.floor_ingest_stage", "DELETE FROM pg_temp.floor_ingest_stage",
                    "UPDATE pg_temp.floor_ingest_stage SET seq = 1", "DROP TABLE pg_temp.floor_ingest_stage"):
            with pytest.raises(psycopg.errors.InsufficientPrivilege):
                one.execute(sql)
            one.rollback()
        with one.cursor() as cur, cur.copy("COPY pg_temp.floor_ingest_stage (seq, at, round_id, kind, actor, payload, "
                                           "prev_hash, hash) FROM STDIN") as copy:
            for r in batch[10:]:
                copy.write_row((r.seq, r.at, r.round_id, r.kind, r.actor, r.payload, r.prev_hash, r.hash))
        # Another session has its own stage: it sees none of these rows (an empty batch: nothing to do).
        assert send_batch(other, "T1", tail, []) == Ack("ok", 10, batch[9].hash, 0, None, None)
        one.rollback()  # the staged rows go with the transaction
        row = one.execute("SELECT * FROM floor.ingest_staged('T1', %s, %s)", tail).fetchone()
        assert row is not None and row[0] == "ok" and row[3] == 0
    assert len(floor_rows(floor)) == 10


def test_a_floor_before_0011_is_sent_arrays(pg_server: PostgresServer, journal_copy: Path) -> None:
    url = pg_server.create_database("floor_at_v9_ingest")
    migrate(url, up_to=9)
    with JournalRows(journal_copy) as rows, psycopg.connect(url) as conn:
        ack = send_batch(conn, "T1", rows.tail(), rows.rows(0, 30))
        assert (ack.status, ack.inserted) == ("ok", 30)
        assert conn.execute("SELECT to_regclass('pg_temp.floor_ingest_stage')").fetchone() == (None,)

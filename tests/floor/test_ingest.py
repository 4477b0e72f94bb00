"""Ingest on a real PostgreSQL server: the floor re-hashes, links and refuses with an alarm."""

from __future__ import annotations

import json
from pathlib import Path

import psycopg
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dealer_station.floor.forwarder import Forwarder
from dealer_station.floor.ingest import floor_tail, send_batch
from dealer_station.floor.journal_rows import JournalRows
from dealer_station.journal import GENESIS_HASH, Journal, _record_hash, canonical_json
from dealer_station.play.simulate import simulate
from dealer_station.profile_loader import load_profile
from tests.floor.conftest import Floor
from tests.floor.tamper import copy_journal, rewrite_from, truncate_after


def forward(journal: Path, url: str, table_id: str = "T1", timeout: float = 30.0) -> Forwarder:
    fw = Forwarder(journal, url, table_id, backoff_cap=0.2).start()
    fw.wait_acknowledged(timeout)
    fw.stop()
    return fw


def alarms(floor: Floor) -> list[tuple[str, int, str]]:
    with psycopg.connect(floor.report_url) as conn:
        return [tuple(r) for r in conn.execute("SELECT table_id, first_bad_seq, reason FROM floor.alarms ORDER BY id")]


def floor_rows(floor: Floor, table_id: str = "T1") -> list[tuple[object, ...]]:
    with psycopg.connect(floor.report_url) as conn:
        return [tuple(r) for r in conn.execute(
            "SELECT seq, at, table_id, round_id, kind, actor, payload::text, prev_hash, hash FROM floor.events "
            "WHERE table_id = %s ORDER BY seq", (table_id,))]


text = st.text(st.characters(blacklist_categories=("Cs",), blacklist_characters="\x00"), max_size=12)
# Every integer a journal accepts (64 bits, as orjson reads them back); wider ones are refused at write.
journal_int = st.integers(-(2**63), 2**64 - 1)


@settings(max_examples=150, deadline=None)
@given(actor=text.filter(bool), kind=text.filter(bool), round_id=st.none() | text, payload=st.dictionaries(text, text | journal_int),
       at=text, seq=st.integers(1, 2**62))
def test_floor_hash_is_the_journal_hash(pg_server: object, actor: str, kind: str, round_id: str | None,
                                        payload: dict[str, object], at: str, seq: int) -> None:
    """Same digest for any text, quotes, backslashes, control characters and non-ASCII alike."""
    url = _hash_floor_url(pg_server)
    body = canonical_json(payload)
    expected = _record_hash(seq, at, "T\"1\\é", round_id, kind, actor, body, GENESIS_HASH)
    with psycopg.connect(url) as conn:
        got = conn.execute("SELECT floor.record_hash(%s, %s, %s, %s, %s, %s, %s, %s)",
                           (seq, at, "T\"1\\é", round_id, kind, actor, body, GENESIS_HASH)).fetchone()
    assert got is not None and got[0] == expected


_HASH_FLOOR: dict[str, str] = {}


def _hash_floor_url(server: object) -> str:
    from tests.floor.conftest import new_floor

    if "url" not in _HASH_FLOOR:
        _HASH_FLOOR["url"] = new_floor(server).owner_url  # type: ignore[arg-type]
    return _HASH_FLOOR["url"]


def test_forwarded_journal_is_on_the_floor_record_for_record(floor: Floor, journal_copy: Path) -> None:
    fw = forward(journal_copy, floor.station_url)
    status = fw.status()
    with JournalRows(journal_copy) as rows:
        journal = [tuple(r) for r in rows.iter_rows()]
        tail = rows.tail()
    assert status.acked_seq == tail[0] and status.lag == 0 and status.last_error is None
    assert floor_rows(floor) == journal
    with psycopg.connect(floor.station_url) as conn:
        assert floor_tail(conn, "T1") == tail
    assert alarms(floor) == []


def test_resent_batch_is_a_no_op(floor: Floor, journal_copy: Path) -> None:
    with JournalRows(journal_copy) as rows, psycopg.connect(floor.station_url) as conn:
        batch = rows.rows(0, 50)
        tail = rows.tail()
        first = send_batch(conn, "T1", tail, batch)
        again = send_batch(conn, "T1", tail, batch)
        overlap = send_batch(conn, "T1", tail, rows.rows(25, 50))
    assert (first.status, first.acked_seq, first.inserted) == ("ok", 50, 50)
    assert (again.status, again.acked_seq, again.inserted) == ("ok", 50, 0)
    assert (overlap.status, overlap.acked_seq, overlap.inserted) == ("ok", 75, 25)
    assert len(floor_rows(floor)) == 75
    assert alarms(floor) == []


def test_batch_after_a_gap_is_sent_back_without_alarm(floor: Floor, journal_copy: Path) -> None:
    with JournalRows(journal_copy) as rows, psycopg.connect(floor.station_url) as conn:
        ack = send_batch(conn, "T1", rows.tail(), rows.rows(10, 5))
    assert (ack.status, ack.acked_seq, ack.bad_seq) == ("gap", 0, 1)
    assert floor_rows(floor) == [] and alarms(floor) == []


def test_station_role_can_only_call_ingest(floor: Floor, journal_copy: Path) -> None:
    forward(journal_copy, floor.station_url)
    row = floor_rows(floor)[0]
    forged = ("T1", 10_000, row[1], None, "round_paid", "station", '{"house_net":"-1000"}', "0" * 64, "f" * 64)
    statements = [
        ("SELECT count(*) FROM floor.events", ()),
        ("UPDATE floor.events SET actor = 'x' WHERE seq = 1", ()),
        ("DELETE FROM floor.events WHERE seq = 1", ()),
        ("INSERT INTO floor.events (table_id, seq, at, round_id, kind, actor, payload, prev_hash, hash, received_at) "
         "VALUES (%s, %s, %s, %s, %s, %s, %s, %s, %s, now())", forged),
        ("UPDATE floor.stations SET last_seq = 0", ()),
        ("DELETE FROM floor.alarms", ()),
        ("INSERT INTO floor.rounds (table_id, round_id) VALUES ('T1', 'fake')", ()),
        ("SELECT floor.raise_alarm('T9', 1, 'framed')", ()),
    ]
    for sql, params in statements:
        with psycopg.connect(floor.station_url) as conn:
            with pytest.raises(psycopg.errors.InsufficientPrivilege):
                conn.execute(sql, params)
    with psycopg.connect(floor.report_url) as conn:
        assert conn.execute("SELECT count(*) FROM floor.events").fetchone()[0] == len(floor_rows(floor))
    for sql in ("DELETE FROM floor.events", "UPDATE floor.rounds SET win = 0", "INSERT INTO floor.alarms "
                "(table_id, first_bad_seq, reason) VALUES ('T1', 1, 'x')"):
        with psycopg.connect(floor.report_url) as conn:
            with pytest.raises(psycopg.errors.InsufficientPrivilege):
                conn.execute(sql)
        with psycopg.connect(floor.report_url) as conn:
            with pytest.raises(psycopg.errors.InsufficientPrivilege):
                conn.execute("SELECT * FROM floor.ingest('T1', 0, %s, '{}', '{}', '{}', '{}', '{}', '{}', '{}', '{}')",
                             (GENESIS_HASH,))
    for url in (floor.station_url, floor.report_url):  # nothing outside the floor's tables either
        for sql in ("SELECT lo_create(0)", "SELECT lo_from_bytea(0, 'x')", "CREATE TEMP TABLE scratch (a int)"):
            with psycopg.connect(url) as conn:
                with pytest.raises(psycopg.errors.InsufficientPrivilege):
                    conn.execute(sql)
    with psycopg.connect(floor.owner_url) as conn:  # even the owner cannot edit what was ingested
        with pytest.raises(psycopg.errors.RaiseException, match="append-only"):
            conn.execute("UPDATE floor.events SET actor = 'x' WHERE seq = 1")


def test_forged_record_through_ingest_is_refused(floor: Floor, journal_copy: Path) -> None:
    """A station that calls ingest with a record whose hash is not its content's gets an alarm."""
    with JournalRows(journal_copy) as rows, psycopg.connect(floor.station_url) as conn:
        batch = rows.rows(0, 30)
        forged = batch[20]._replace(payload=batch[20].payload.replace('"', '"', 1).replace("}", ',"x":1}', 1))
        ack = send_batch(conn, "T1", rows.tail(), [*batch[:20], forged, *batch[21:]])
    assert (ack.status, ack.bad_seq, ack.inserted) == ("refused", 21, 0)
    assert floor_rows(floor) == []  # refused whole
    assert alarms(floor) == [("T1", 21, "hash does not match the record (record edited, or the journal of another table)")]


def test_edited_and_rechained_journal_raises_alarm_at_the_edit(floor: Floor, journal_copy: Path) -> None:
    forward(journal_copy, floor.station_url)
    held = len(floor_rows(floor))
    rewrite_from(journal_copy, 40, {"tampered": True})
    with Journal.open_readonly(journal_copy) as j:
        assert j.verify().ok  # consistent on its own: only the floor can tell
    fw = forward(journal_copy, floor.station_url)
    assert fw.status().refused and "seq 40" in (fw.status().last_error or "")
    assert alarms(floor) == [("T1", 40, "record differs from the one the floor holds (journal edited, rewritten or replaced)")]
    assert len(floor_rows(floor)) == held


def test_truncated_journal_raises_alarm_after_its_end(floor: Floor, journal_copy: Path) -> None:
    forward(journal_copy, floor.station_url)
    held = len(floor_rows(floor))
    truncate_after(journal_copy, 100)
    with Journal.open_readonly(journal_copy) as j:
        assert j.verify().ok
    forward(journal_copy, floor.station_url)
    [(table, seq, reason)] = alarms(floor)
    assert (table, seq) == ("T1", 101) and "truncated or replaced by an older copy" in reason
    assert f"floor holds up to {held}" in reason


def test_older_copy_raises_alarm_even_after_it_plays_on(floor: Floor, journal_copy: Path, tmp_path: Path) -> None:
    """The old copy goes back into service and plays new rounds past what the floor holds."""
    old = tmp_path / "old" / "T1.sqlite"
    old.parent.mkdir()
    copy_journal(journal_copy, old)
    with Journal.open_readonly(old) as j:
        old_seq = j.last_seq
    simulate(load_profile("uth-default"), rounds=2, seed=9, seats=2, journal=journal_copy, progress=None)
    forward(journal_copy, floor.station_url)
    held = len(floor_rows(floor))
    simulate(load_profile("uth-default"), rounds=4, seed=10, seats=3, journal=old, progress=None)
    with Journal.open_readonly(old) as j:
        assert j.verify().ok and j.last_seq > held
    forward(old, floor.station_url)
    [(table, seq, reason)] = alarms(floor)
    assert (table, seq) == ("T1", old_seq + 1) and "differs" in reason
    assert len(floor_rows(floor)) == held


def test_another_tables_journal_is_refused_at_its_first_record(floor: Floor, tmp_path: Path) -> None:
    other = tmp_path / "T2.sqlite"
    simulate(load_profile("uth-default").model_copy(update={"table_id": "T2"}), rounds=1, seed=4, seats=1,
             journal=other, progress=None)
    forward(other, floor.station_url, table_id="T1")
    assert alarms(floor) == [("T1", 1, "hash does not match the record (record edited, or the journal of another table)")]
    assert floor_rows(floor) == []


def test_repeated_refusals_count_on_one_alarm(floor: Floor, journal_copy: Path) -> None:
    forward(journal_copy, floor.station_url)
    truncate_after(journal_copy, 10)
    with JournalRows(journal_copy) as rows, psycopg.connect(floor.station_url) as conn:
        for _ in range(3):  # its last record shows the journal ends there
            assert send_batch(conn, "T1", rows.tail(), rows.rows(9, 1)).status == "refused"
    with psycopg.connect(floor.report_url) as conn:
        assert conn.execute("SELECT count(*), max(attempts) FROM floor.alarms").fetchone() == (1, 3)


def test_malformed_payload_is_refused_with_alarm(floor: Floor, tmp_path: Path) -> None:
    """Valid chain, but the payload is not JSON: the floor cannot keep it and says so."""
    at = "2026-11-30T20:14:03.512Z"
    payload = "{not json"
    digest = _record_hash(1, at, "T1", None, "station_started", "station", payload, GENESIS_HASH)
    from dealer_station.floor.journal_rows import Row

    row = Row(1, at, "T1", None, "station_started", "station", payload, GENESIS_HASH, digest)
    with psycopg.connect(floor.station_url) as conn:
        ack = send_batch(conn, "T1", (1, digest), [row])
    assert ack.status == "refused" and ack.bad_seq == 1 and "malformed" in (ack.reason or "")
    assert json.dumps(alarms(floor)).count("malformed") == 1


def test_a_pinned_station_login_sends_only_its_own_table(floor: Floor, journal_copy: Path, tmp_path: Path) -> None:
    """A hash chain has no secret: without a pin, any station login could write another table's records."""
    from dealer_station.cli import main

    assert main(["floor", "pin-station", "--floor", floor.owner_url, "--login", "t1_station", "--table-id", "T1"]) == 0
    pinned = floor.server.url("t1_station", floor.dbname)
    forward(journal_copy, pinned)
    assert alarms(floor) == [] and len(floor_rows(floor)) > 0
    other = tmp_path / "T2.sqlite"
    simulate(load_profile("uth-default").model_copy(update={"table_id": "T2"}), rounds=1, seed=4, seats=1,
             journal=other, progress=None)
    fw = forward(other, pinned, table_id="T2")
    assert fw.status().refused
    assert "login t1_station may not send table T2 (it is pinned to other tables)" in (fw.status().last_error or "")
    assert alarms(floor) == []  # the alarm is the login's (floor.login_alarms), not T2's
    assert floor_rows(floor, "T2") == []
    forward(other, floor.station_url, table_id="T2")  # the shared station role is not pinned
    assert len(floor_rows(floor, "T2")) > 0

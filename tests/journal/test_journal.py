"""Journal basics: append, read back, resume after reopening, refuse what must not be journaled."""

from __future__ import annotations

import hashlib
import sqlite3
import threading
from datetime import UTC, datetime
from decimal import Decimal
from pathlib import Path

import pytest

from dealer_station.errors import DealerStationError
from dealer_station.journal import (
    GENESIS_HASH,
    Draft,
    Journal,
    JournalError,
    JournalPayloadError,
    _record_hash,
    canonical_json,
)


@pytest.fixture
def path(tmp_path: Path) -> Path:
    return tmp_path / "journal.sqlite"


def test_append_returns_committed_event_with_chain(path: Path) -> None:
    with Journal(path, table_id="T12") as j:
        first = j.append("bet", {"seat": 1, "ante": Decimal("10.00")}, actor="croupier", round_id="T12-1")
        second = j.append("lockout", {}, actor="croupier", round_id="T12-1")
    assert first.seq == 2 and second.seq == 3  # seq 1 is the journal's creation record
    assert second.prev_hash == first.hash
    assert first.payload == {"seat": 1, "ante": "10"}  # money as canonical text, never float
    assert first.at.endswith("Z") and len(first.at) == len("2026-11-30T20:14:03.512Z")
    # committed: a separate connection sees it
    rows = sqlite3.connect(path).execute("SELECT seq, kind FROM events ORDER BY seq").fetchall()
    assert rows == [(1, "journal_created"), (2, "bet"), (3, "lockout")]


def test_creation_record_opens_the_chain(path: Path) -> None:
    with Journal(path, table_id="T12", purpose="demo") as j:
        (created,) = j.events()
        assert (j.table_id, j.purpose, j.last_seq) == ("T12", "demo", 1)
    assert (created.seq, created.kind, created.round_id, created.prev_hash) == (1, "journal_created", None, GENESIS_HASH)
    assert created.payload == {"format": "dealer-station-journal", "version": "2", "table_id": "T12",
                               "purpose": "demo"}


def test_file_settings_are_wal(path: Path) -> None:
    Journal(path, table_id="T1").close()
    conn = sqlite3.connect(path)
    assert conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"


def test_hash_is_sha256_of_canonical_record(path: Path) -> None:
    with Journal(path, table_id="T1") as j:
        e = j.append("card", {"pos": "dealer", "card": "Ah", "n": [1, 2], "ü": None}, actor="reader:1", round_id="R")
    record = {k: getattr(e, k) for k in ("seq", "at", "table_id", "round_id", "kind", "actor", "payload", "prev_hash")}
    assert e.hash == hashlib.sha256(canonical_json(record).encode()).hexdigest()
    assert _record_hash(5, "t", "T", None, "k", "a", "{}", GENESIS_HASH) == hashlib.sha256(
        canonical_json({"seq": 5, "at": "t", "table_id": "T", "round_id": None, "kind": "k",
                        "actor": "a", "payload": {}, "prev_hash": GENESIS_HASH}).encode()
    ).hexdigest()


def test_reopen_resumes_chain(path: Path) -> None:
    with Journal(path, table_id="T1") as j:
        last = j.append("a", {}, actor="x")
    with Journal(path, table_id="T1") as j:
        assert j.last_seq == 2 and j.last_hash == last.hash
        nxt = j.append("b", {}, actor="x")
        assert nxt.seq == 3 and nxt.prev_hash == last.hash
        assert j.verify().ok


def test_events_filters_and_pages(path: Path) -> None:
    with Journal(path, table_id="T1") as j:
        j.append_many(Draft("card" if i % 3 else "bet", {"i": i}, "x", f"R{i % 2}") for i in range(2500))
        assert [e.seq for e in j.events(since_seq=2490)] == list(range(2491, 2502))
        odd = list(j.events(round_id="R1", kinds={"bet"}))
        assert odd and all(e.round_id == "R1" and e.kind == "bet" for e in odd)
        assert len(list(j.events())) == 2501  # and the creation record
        assert list(j.events(kinds=set())) == []


def test_append_many_is_all_or_nothing(path: Path) -> None:
    with Journal(path, table_id="T1") as j:
        with pytest.raises(TypeError):
            j.append_many([("a", {}, "x"), ("b", {"amount": 1.5}, "x")])
        assert j.last_seq == 1 and [e.kind for e in j.events()] == ["journal_created"]
        events = j.append_many([("a", {}, "x"), ("b", {}, "y", "R")])
        assert [e.seq for e in events] == [2, 3] and events[1].prev_hash == events[0].hash


@pytest.mark.parametrize(
    "payload",
    [{"amount": 0.1}, {"nested": [{"x": 2.0}]}, {"amount": Decimal("NaN")}, {"when": datetime.now()}, {1: "x"}],
)
def test_refuses_floats_and_non_json(path: Path, payload: dict) -> None:
    with Journal(path, table_id="T1") as j:
        with pytest.raises(JournalError) as err:
            j.append("bet", payload, actor="x")
        assert isinstance(err.value, TypeError)
        assert "\n" not in str(err.value)
        assert j.last_seq == 1


def test_refuses_empty_kind_or_actor(path: Path) -> None:
    with Journal(path, table_id="T1") as j:
        with pytest.raises(JournalError):
            j.append("", {}, actor="x")
        with pytest.raises(JournalError):
            j.append("k", {}, actor="")


def test_injected_clock_formats_utc_ms_z(path: Path) -> None:
    moment = datetime(2026, 11, 30, 20, 14, 3, 512999, tzinfo=UTC)
    with Journal(path, table_id="T1", clock=lambda: moment) as j:
        assert j.append("a", {}, actor="x").at == "2026-11-30T20:14:03.512Z"


def test_not_a_journal(tmp_path: Path) -> None:
    text = tmp_path / "notes.txt"
    text.write_text("hello, this is not sqlite at all\n")
    other = tmp_path / "other.sqlite"
    sqlite3.connect(other).execute("CREATE TABLE t(x)").connection.commit()
    corrupt = tmp_path / "corrupt.sqlite"
    corrupt.write_bytes(b"SQLite format 3\x00" + b"\xff" * 200)
    for bad in (text, other, corrupt):
        with pytest.raises(JournalError) as err:
            Journal(bad, table_id="T1")
        assert isinstance(err.value, DealerStationError) and "\n" not in str(err.value)
    with pytest.raises(JournalError, match="no journal"):
        Journal.open_readonly(tmp_path / "missing.sqlite")
    assert not (tmp_path / "missing.sqlite").exists()


def test_other_table_refused_and_adopted(path: Path) -> None:
    Journal(path, table_id="T1").close()
    with pytest.raises(JournalError, match="table T1"):
        Journal(path, table_id="T2")
    with Journal.open_readonly(path) as j:
        assert j.table_id == "T1"


def test_triggers_refuse_update_and_delete(path: Path) -> None:
    with Journal(path, table_id="T1") as j:
        j.append("a", {}, actor="x")
    conn = sqlite3.connect(path)
    for sql in ("UPDATE events SET kind = 'b'", "DELETE FROM events", "DELETE FROM anchor",
                "UPDATE anchor SET last_seq = 0"):
        with pytest.raises(sqlite3.DatabaseError):
            conn.execute(sql)


def test_closed_journal_refuses(path: Path) -> None:
    j = Journal(path, table_id="T1")
    j.close()
    j.close()
    with pytest.raises(JournalError, match="closed"):
        j.append("a", {}, actor="x")


def test_threads_append_without_breaking_chain(path: Path) -> None:
    with Journal(path, table_id="T1") as j:
        def work(n: int) -> None:
            for i in range(25):
                j.append("t", {"thread": n, "i": i}, actor=f"t{n}")
        threads = [threading.Thread(target=work, args=(n,)) for n in range(4)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        assert j.last_seq == 101
        assert j.verify().ok


def test_second_writer_in_the_same_process_is_refused(path: Path) -> None:
    """Two writers used to interleave their records (issue 14); now the second is refused."""
    with Journal(path, table_id="T1") as a:
        with pytest.raises(JournalError, match=r"is open for writing by pid \d+"):
            Journal(path, table_id="T1")
        a.append("a", {}, actor="x")
        with Journal.open_readonly(path) as reader:  # readers are never refused
            assert reader.last_seq == 2
    with Journal(path, table_id="T1") as b:  # closing released the lock
        assert b.append("b", {}, actor="y").seq == 3
        assert b.verify().ok


def test_payloads_read_back_exactly_and_integers_beyond_64_bits_are_refused(tmp_path):
    """The fast reader (orjson) holds 64-bit integers exactly and turns bigger ones into
    floats: the journal refuses those at write time, as it refuses floats."""
    with Journal(tmp_path / "j.sqlite", table_id="T1") as journal:
        payload = {"edge": [2**64 - 1, -(2**63)], "text": "é ✓ 东", "amount": "12.50", "list": [1, [2, None]]}
        written = journal.append("note", payload, actor="station")
        assert list(journal.events(since_seq=written.seq - 1))[0].payload == payload
        seq = journal.last_seq
        for big in (2**64, -(2**63) - 1, 10**30):
            with pytest.raises(JournalPayloadError, match="beyond 64 bits"):
                journal.append("note", {"big": big}, actor="station")
        assert journal.last_seq == seq

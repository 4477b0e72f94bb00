"""Journals know what they are (issue 14): table and purpose inside the hash chain.

``meta.table_id`` used to be outside the chain: edited, ``verify`` still passed while
``recall`` printed the forged id. Now record 1 (``journal_created``) holds the table and
the purpose, ``verify`` checks meta and every record against it, readers take the table
from the chain, and a writer is refused a journal of another purpose.
"""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest

from dealer_station.journal import (
    GENESIS_HASH,
    PURPOSES,
    Journal,
    JournalError,
    _record_hash,
    canonical_json,
)
from tests import cli as station_cli

from . import _tamper
from ._rounds import journal_with_rounds
from ._storage import cli


def verify(path: Path) -> tuple[bool, int | None, str]:
    with Journal.open_readonly(path) as journal:
        result = journal.verify()
    return result.ok, result.first_bad_seq, result.reason


@pytest.mark.parametrize("created", PURPOSES)
def test_purpose_mismatch_refused_in_one_line(tmp_path: Path, created: str) -> None:
    path = tmp_path / "j.sqlite"
    Journal(path, table_id="T1", purpose=created).close()  # type: ignore[arg-type]
    for wanted in PURPOSES:
        if wanted == created:
            Journal(path, table_id="T1", purpose=wanted).close()
            continue
        before = path.read_bytes()
        with pytest.raises(JournalError) as err:
            Journal(path, table_id="T1", purpose=wanted)
        assert str(err.value) == (f"{path} is a {created} journal, not a {wanted} one (table T1); "
                                  "use another journal file")
        assert path.read_bytes() == before
    with Journal.open_readonly(path) as reader:
        assert (reader.table_id, reader.purpose) == ("T1", created)


def test_unknown_purpose_refused(tmp_path: Path) -> None:
    with pytest.raises(JournalError, match="unknown purpose"):
        Journal(tmp_path / "j.sqlite", table_id="T1", purpose="training")  # type: ignore[arg-type]
    assert not (tmp_path / "j.sqlite").exists()


def test_edited_meta_table_id_is_caught(tmp_path: Path) -> None:
    path = tmp_path / "j.sqlite"
    journal_with_rounds(path, 2)
    _tamper.set_meta(path, "table_id", "T9")
    assert verify(path) == (False, 1, "meta table_id 'T9' differs from the chain's 'T1' (meta edited)")
    # A reader refuses the journal (issue 38: readers check the chain); the raw view shows the chain's table.
    recalled = station_cli.run(cli("recall", "--journal", str(path)), capture_output=True, text=True, timeout=60)
    assert recalled.returncode == 1 and recalled.stdout == ""
    assert recalled.stderr.splitlines() == [f"dealer-station recall: error: journal {path} is BROKEN at seq 1: "
                                            "meta table_id 'T9' differs from the chain's 'T1' (meta edited); "
                                            "nothing is read from it (see `dealer-station journal verify`)"]
    shown = station_cli.run(cli("journal", "show", "--journal", str(path)), capture_output=True, text=True, timeout=60)
    assert shown.returncode == 1 and {json.loads(line)["table_id"] for line in shown.stdout.splitlines()} == {"T1"}
    with pytest.raises(JournalError, match="meta disagrees with the hash chain"):
        Journal(path, table_id="T9")
    checked = station_cli.run(cli("journal", "verify", "--journal", str(path)), capture_output=True, text=True,
                             timeout=60)
    assert checked.returncode == 1
    assert checked.stdout.startswith("journal BROKEN at seq 1: meta table_id 'T9' differs")


def test_edited_meta_purpose_and_version_are_caught(tmp_path: Path) -> None:
    path = tmp_path / "j.sqlite"
    journal_with_rounds(path, 1, purpose="simulation")
    _tamper.set_meta(path, "purpose", "live")
    assert verify(path)[:2] == (False, 1) and "meta purpose 'live'" in verify(path)[2]
    with pytest.raises(JournalError, match="meta disagrees"):
        Journal(path, table_id="T1", purpose="live")  # a simulation journal cannot pass for a live one
    _tamper.set_meta(path, "purpose", "simulation")
    assert verify(path)[0]
    _tamper.set_meta(path, "version", "1")  # pretend to predate purposes (format 1 = live)
    assert verify(path) == (False, 1, "meta says format 1 but record 1 created a format-2 journal (meta edited)")
    with pytest.raises(JournalError, match="creation record"):
        Journal(path, table_id="T1", purpose="live")


def test_record_of_another_table_is_caught(tmp_path: Path) -> None:
    """Even with every hash recomputed, a record must belong to the chain's table."""
    path = tmp_path / "j.sqlite"
    journal_with_rounds(path, 1)
    conn = _tamper.attacker(path)
    seq, at, round_id, kind, actor, payload, prev = conn.execute(
        "SELECT seq, at, round_id, kind, actor, payload, prev_hash FROM events ORDER BY seq DESC LIMIT 1").fetchone()
    forged = _record_hash(seq, at, "T9", round_id, kind, actor, payload, prev)
    conn.execute("UPDATE events SET table_id = 'T9', hash = ? WHERE seq = ?", (forged, seq))
    conn.execute("UPDATE anchor SET last_hash = ?", (forged,))
    conn.close()
    assert verify(path) == (False, seq, "record of table T9 in the journal of table T1 (record or meta edited)")


def test_creation_record_replaced_is_caught(tmp_path: Path) -> None:
    path = tmp_path / "j.sqlite"
    Journal(path, table_id="T1").close()
    conn = _tamper.attacker(path)
    at = conn.execute("SELECT at FROM events WHERE seq = 1").fetchone()[0]
    payload = canonical_json({"format": "dealer-station-journal", "version": "2", "table_id": "T1",
                              "purpose": "party"})
    digest = _record_hash(1, at, "T1", None, "journal_created", "station", payload, GENESIS_HASH)
    conn.execute("UPDATE events SET payload = ?, hash = ? WHERE seq = 1", (payload, digest))
    conn.execute("UPDATE anchor SET last_hash = ?", (digest,))
    conn.close()
    assert verify(path) == (False, 1, "record 1 is not a valid journal_created record (creation record replaced)")


# ------------------------------------------------------------------ format 1


def make_format_1(path: Path, table_id: str = "T1", records: int = 3) -> None:
    """A journal as format 1 wrote it: no creation record, the table id only in meta."""
    conn = sqlite3.connect(path, isolation_level=None)
    conn.execute("PRAGMA journal_mode = WAL")
    conn.execute("CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)")
    conn.execute("CREATE TABLE events (seq INTEGER PRIMARY KEY, at TEXT NOT NULL, table_id TEXT NOT NULL, "
                 "round_id TEXT NULL, kind TEXT NOT NULL, actor TEXT NOT NULL, payload TEXT NOT NULL, "
                 "prev_hash TEXT NOT NULL, hash TEXT NOT NULL)")
    conn.execute("CREATE TABLE anchor (id INTEGER PRIMARY KEY CHECK (id = 1), last_seq INTEGER NOT NULL, "
                 "last_hash TEXT NOT NULL)")
    conn.executemany("INSERT INTO meta VALUES (?, ?)",
                     [("format", "dealer-station-journal"), ("version", "1"), ("table_id", table_id)])
    prev = GENESIS_HASH
    for seq in range(1, records + 1):
        payload = canonical_json({"n": seq})
        digest = _record_hash(seq, "2026-01-01T00:00:00.000Z", table_id, None, "note", "croupier", payload, prev)
        conn.execute("INSERT INTO events VALUES (?,?,?,?,?,?,?,?,?)",
                      (seq, "2026-01-01T00:00:00.000Z", table_id, None, "note", "croupier", payload, prev, digest))
        prev = digest
    conn.execute("INSERT INTO anchor VALUES (1, ?, ?)", (records, prev))
    conn.close()


def test_format_1_readable_and_writable_as_live(tmp_path: Path) -> None:
    path = tmp_path / "old.sqlite"
    make_format_1(path)
    with Journal.open_readonly(path) as reader:
        assert (reader.table_id, reader.purpose, reader.version, reader.last_seq) == ("T1", "live", "1", 3)
        assert reader.verify().ok
    for wrong in ("demo", "simulation"):
        with pytest.raises(JournalError, match=f"is a live journal, not a {wrong} one"):
            Journal(path, table_id="T1", purpose=wrong)  # type: ignore[arg-type]
    with Journal(path, table_id="T1", purpose="live") as writer:
        assert writer.append("note", {"n": 4}, actor="croupier").seq == 4
        assert writer.verify().ok
    meta = dict(sqlite3.connect(path).execute("SELECT key, value FROM meta"))
    assert meta["version"] == "1"  # a format-1 journal stays format 1


def test_format_1_meta_table_id_checked_against_records(tmp_path: Path) -> None:
    path = tmp_path / "old.sqlite"
    make_format_1(path)
    _tamper.set_meta(path, "table_id", "T9")
    assert verify(path) == (False, 1, "record of table T1 in the journal of table T9 (record or meta edited)")
    with Journal.open_readonly(path) as reader:
        assert reader.table_id == "T1"  # the records' table, not meta's

"""Read-only commands never change a journal and work wherever it can be read (issue 14).

``journal verify``, ``journal show`` and ``recall`` open the journal read-only: on a
read-only folder, on a read-only file, on a DELETE-mode copy and on a cleanly closed
journal they exit 0, and the folder's listing and every file's bytes are unchanged.
(Before: they exited 2 on read-only storage and ``verify`` converted a copy to WAL.)
"""

from __future__ import annotations

import json
import sqlite3
import subprocess
from pathlib import Path

import pytest

from dealer_station.journal import Journal, JournalError
from tests import cli as station_cli

from ._rounds import journal_with_rounds
from ._storage import cli, run_read_only, snapshot

READERS = {
    "verify": ("journal", "verify", "--journal"),
    "show": ("journal", "show", "--kind", "round_paid", "--journal"),
    "recall": ("recall", "--last", "2", "--journal"),
}


def _check_output(name: str, result: subprocess.CompletedProcess[str]) -> None:
    assert result.returncode == 0, result.stderr
    if name == "verify":
        assert result.stdout.startswith("journal OK: 10 events, table T1 (live)"), result.stdout
    elif name == "show":
        assert [json.loads(line)["kind"] for line in result.stdout.splitlines()] == ["round_paid"] * 3
    else:
        assert [json.loads(line)["round_id"] for line in result.stdout.splitlines()] == ["T1-000002", "T1-000003"]


@pytest.fixture
def journal(tmp_path: Path) -> Path:
    folder = tmp_path / "archive"
    folder.mkdir()
    path = folder / "t1.sqlite"
    journal_with_rounds(path)
    (folder / "t1.sqlite.lock").unlink()  # as if copied off the station: the journal alone
    return path


@pytest.mark.parametrize("name", sorted(READERS))
def test_read_only_folder(journal: Path, name: str) -> None:
    before = snapshot(journal.parent)
    result = run_read_only([journal.parent], cli(*READERS[name], str(journal)))
    _check_output(name, result)
    assert snapshot(journal.parent) == before


@pytest.mark.parametrize("name", sorted(READERS))
def test_read_only_file_in_a_writable_folder(journal: Path, name: str) -> None:
    before = snapshot(journal.parent)
    result = run_read_only([journal], cli(*READERS[name], str(journal)))
    _check_output(name, result)
    assert snapshot(journal.parent) == before


@pytest.mark.parametrize("name", sorted(READERS))
def test_delete_mode_copy_stays_as_it_is(journal: Path, name: str) -> None:
    copy = journal.with_name("copy.sqlite")
    source, target = sqlite3.connect(journal), sqlite3.connect(copy)
    source.backup(target)
    target.execute("PRAGMA journal_mode = DELETE")
    source.close()
    target.close()
    before = snapshot(journal.parent)
    result = station_cli.run(cli(*READERS[name], str(copy)), capture_output=True, text=True, timeout=120)
    _check_output(name, result)
    assert snapshot(journal.parent) == before
    assert copy.read_bytes()[18:20] == b"\x01\x01"  # still rollback mode: never converted to WAL


@pytest.mark.parametrize("name", sorted(READERS))
def test_clean_journal_leaves_no_files_behind(journal: Path, name: str) -> None:
    before = snapshot(journal.parent)
    result = station_cli.run(cli(*READERS[name], str(journal)), capture_output=True, text=True, timeout=120)
    _check_output(name, result)
    assert snapshot(journal.parent) == before  # no -wal / -shm left, bytes identical


def test_reader_does_not_restore_dropped_triggers(journal: Path) -> None:
    conn = sqlite3.connect(journal)
    conn.execute("DROP TRIGGER events_no_update")
    conn.close()
    with Journal.open_readonly(journal) as reader:
        assert reader.verify().ok
        with pytest.raises(JournalError, match="read-only"):
            reader.append("x", {}, actor="y")
    names = {r[0] for r in sqlite3.connect(journal).execute("SELECT name FROM sqlite_master WHERE type='trigger'")}
    assert "events_no_update" not in names


def test_readers_beside_a_live_writer(journal: Path) -> None:
    with Journal(journal, table_id="T1") as writer:
        writer.append("note", {"n": 1}, actor="croupier")
        for name, args in READERS.items():
            result = station_cli.run(cli(*args, str(journal)), capture_output=True, text=True, timeout=120)
            assert result.returncode == 0, (name, result.stderr)
        with Journal.open_readonly(journal) as reader:
            assert reader.last_seq == writer.last_seq == 11
            writer.append("note", {"n": 2}, actor="croupier")
            assert [e.payload["n"] for e in reader.events(kinds={"note"})] == [1, 2]

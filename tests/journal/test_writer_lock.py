"""One writer per journal (issue 14): a second writer is refused naming the holder.

Two ``simulate`` runs on one journal used to interleave their rounds; the lock is an OS
lock on ``<journal>.lock``, so a writer killed with SIGKILL never blocks a restart.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import textwrap
from collections.abc import Iterator
from pathlib import Path

import pytest

from dealer_station.journal import Journal, JournalError, lock_path
from tests.journal._rounds import refused_on_restart

HOLDER = textwrap.dedent(
    """
    import sys, time
    import structlog
    from dealer_station.journal import Journal

    structlog.configure(logger_factory=structlog.PrintLoggerFactory(sys.stderr))
    journal = Journal(sys.argv[1], table_id="T1", purpose="simulation")
    journal.append("note", {"by": "holder"}, actor="croupier")
    print("ready", flush=True)
    time.sleep(120)
    """
)


@pytest.fixture
def holder(tmp_path: Path) -> Iterator[tuple[subprocess.Popen[str], Path]]:
    """A real second process holding the journal open for writing."""
    script = tmp_path / "holder.py"
    script.write_text(HOLDER)
    path = tmp_path / "t1.sqlite"
    proc = subprocess.Popen([sys.executable, str(script), str(path)], stdout=subprocess.PIPE, text=True)
    assert proc.stdout is not None and proc.stdout.readline() == "ready\n"
    yield proc, path
    if proc.poll() is None:
        proc.kill()
    proc.wait()


def test_second_process_refused_with_the_holder_named(holder: tuple[subprocess.Popen[str], Path]) -> None:
    proc, path = holder
    with pytest.raises(JournalError) as err:
        Journal(path, table_id="T1", purpose="simulation")
    message = str(err.value)
    assert message.startswith(f"{path} is open for writing by pid {proc.pid} (holder.py, since 20"), message
    assert "\n" not in message
    info = json.loads(lock_path(path).read_text())
    assert info["pid"] == proc.pid and info["program"] == "holder.py"


def test_another_name_for_the_same_journal_is_refused_too(holder: tuple[subprocess.Popen[str], Path],
                                                         tmp_path: Path) -> None:
    """A symbolic link (of the file or of its folder) finds the holder's lock; a hard link is refused."""
    proc, path = holder
    (tmp_path / "alias").symlink_to(tmp_path, target_is_directory=True)
    (tmp_path / "k.sqlite").symlink_to(path)
    for name in (tmp_path / "k.sqlite", tmp_path / "alias" / path.name):
        with pytest.raises(JournalError, match=f"is open for writing by pid {proc.pid}"):
            Journal(name, table_id="T1", purpose="simulation")
    with Journal.open_readonly(path) as reader:
        before = reader.last_seq
    os.link(path, tmp_path / "h.sqlite")
    with pytest.raises(JournalError, match="h.sqlite has 2 hard links: a journal is written under one name only"):
        Journal(tmp_path / "h.sqlite", table_id="T1", purpose="simulation")
    proc.kill()
    proc.wait()
    with pytest.raises(JournalError, match="t1.sqlite has 2 hard links"):  # even with no other writer now
        Journal(path, table_id="T1", purpose="simulation")
    with Journal.open_readonly(path) as reader:  # reading is fine (the -wal file goes with this name only)
        assert reader.last_seq == before


def test_second_simulate_refused_and_writes_nothing(holder: tuple[subprocess.Popen[str], Path]) -> None:
    proc, path = holder
    with Journal.open_readonly(path) as reader:
        before = reader.last_seq
    result = subprocess.run([sys.executable, "-m", "dealer_station", "simulate", "--rounds", "1", "--journal",
                             str(path)], capture_output=True, text=True, timeout=120)
    assert result.returncode == 2, result.stderr
    (line,) = result.stderr.splitlines()
    assert line.startswith(f"dealer-station simulate: error: {path} is open for writing by pid {proc.pid} ("), line
    with Journal.open_readonly(path) as reader:
        assert reader.last_seq == before
    assert not path.with_suffix(".log").exists()


def test_kill_9_never_blocks_a_restart(holder: tuple[subprocess.Popen[str], Path]) -> None:
    proc, path = holder
    os.kill(proc.pid, signal.SIGKILL)
    proc.wait()
    with Journal(path, table_id="T1", purpose="simulation") as journal:
        assert journal.append("note", {"by": "restart"}, actor="croupier").seq == 3
        assert journal.verify().ok
    assert lock_path(path).read_text() == ""  # a clean close forgets the holder


def test_lock_file_cannot_be_made(tmp_path: Path) -> None:
    path = tmp_path / "t1.sqlite"
    lock_path(path).mkdir()  # something in the way of the lock file
    with pytest.raises(JournalError, match="cannot lock journal"):
        Journal(path, table_id="T1")
    assert not path.exists()


def test_a_journal_whose_chain_verifies_but_tells_no_one_tables_story_is_refused_in_one_line(tmp_path: Path) -> None:
    """What two interleaved writers left before the lock (a seat paid in a round that has no such seat)."""
    path = tmp_path / "mixed.sqlite"
    line, last = refused_on_restart(path, [
        ("round_opened", {"number": 2, "round_id": "T1-000002"}, "T1-000002"),
        ("seat_paid", {"seat": 6, "net": "10"}, "T1-000002"),
    ])
    assert f"journal record {last} (seat_paid) cannot be replayed" in line, line
    verify = subprocess.run([sys.executable, "-m", "dealer_station", "journal", "verify", "--journal", str(path)],
                            capture_output=True, text=True, timeout=120)
    assert verify.returncode == 0, verify.stderr  # the chain itself is sound

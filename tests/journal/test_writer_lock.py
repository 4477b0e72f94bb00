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
import threading
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


@pytest.fixture
def second_mount(holder: tuple[subprocess.Popen[str], Path], tmp_path: Path) -> Iterator[Path]:
    """The holder's journal bind-mounted at a second path (a container volume of one file)."""
    _, path = holder
    other = tmp_path / "volume" / path.name
    other.parent.mkdir()
    other.touch()
    mount = subprocess.run(["mount", "--bind", str(path), str(other)], capture_output=True, text=True)
    if mount.returncode != 0:
        pytest.skip(f"cannot bind-mount here: {mount.stderr.strip()}")
    try:
        assert os.stat(other).st_ino == os.stat(path).st_ino and os.path.realpath(other) != os.path.realpath(path)
        yield other
    finally:
        subprocess.run(["umount", str(other)], check=True)


def test_a_second_mount_of_the_same_file_is_refused(holder: tuple[subprocess.Popen[str], Path],
                                                     second_mount: Path) -> None:
    """Issue 18: two simulate runs wrote one journal through two mounts, and it no longer verified."""
    proc, path = holder
    with Journal.open_readonly(path) as reader:
        before = reader.last_seq
    with pytest.raises(JournalError) as err:
        Journal(second_mount, table_id="T1", purpose="simulation")
    message = str(err.value)
    assert message.startswith(f"{second_mount} is open for writing by pid {proc.pid} (holder.py") and \
        "another name of the same file" in message, message
    result = subprocess.run([sys.executable, "-m", "dealer_station", "simulate", "--rounds", "2", "--journal",
                             str(second_mount)], capture_output=True, text=True, timeout=120)
    assert result.returncode == 2, result.stderr
    (line,) = result.stderr.splitlines()
    assert f"is open for writing by pid {proc.pid} (holder.py)" in line, line
    proc.kill()
    proc.wait()
    with Journal.open_readonly(path) as reader:
        assert reader.last_seq == before and reader.verify().ok


def _sqlite_locks(path: Path) -> list[str]:
    """This process's POSIX (SQLite's) locks on the file, from /proc/locks.

    /proc/locks is printed a page at a time from one global list, unlocked between reads: while other
    test workers take and drop locks, one read can show a row twice or miss one (seen under three
    workers: an identical second READ row, which the kernel cannot hold, since it merges one owner's
    locks on one range). So the rows count only once two reads in a row agree."""
    info = os.stat(path)
    key = f"{os.major(info.st_dev):02x}:{os.minor(info.st_dev):02x}:{info.st_ino}"
    previous: list[str] | None = None
    for _ in range(50):
        rows = [line.split() for line in Path("/proc/locks").read_text().splitlines()]
        mine = [" ".join(r[1:]) for r in rows if r[1] == "POSIX" and r[4] == str(os.getpid()) and r[5] == key]
        if mine == previous:
            return mine
        previous = mine
    raise AssertionError(f"/proc/locks never read the same twice for {key}: last {previous}")


def _who_else(path: Path) -> dict[str, object]:
    """What else in this process could hold a lock on ``path``: its live threads and its descriptors of
    the file (a failure under three workers once showed one more SQLite read lock than the writer's)."""
    fds = []
    for fd in os.listdir("/proc/self/fd"):
        try:
            if os.path.samefile(f"/proc/self/fd/{fd}", path):
                fds.append(int(fd))
        except OSError:
            continue
    return {"threads": sorted(t.name for t in threading.enumerate()), "fds": sorted(fds)}


def test_a_refused_second_writer_in_the_same_process_leaves_the_first_ones_locks(tmp_path: Path) -> None:
    """Closing any descriptor of a file drops every POSIX lock the process holds on it: the refusals
    (and a reader's header check) must not take SQLite's locks away from the writer that holds it."""
    path = tmp_path / "t1.sqlite"
    with Journal(path, table_id="T1", purpose="simulation") as journal:
        journal.append("note", {"by": "first"}, actor="croupier")
        held = _sqlite_locks(path)
        assert held, "a WAL writer holds a shared lock on its file"
        other = tmp_path / "volume" / path.name
        other.parent.mkdir()
        other.touch()
        mounted = subprocess.run(["mount", "--bind", str(path), str(other)], capture_output=True).returncode == 0
        try:
            names = [path, tmp_path / "." / path.name, Path(f"/proc/self/fd/{journal._file_lock.fd}")]  # type: ignore[union-attr]
            for name in [*names, *([other] if mounted else [])]:
                with pytest.raises(JournalError, match=f"is open for writing by pid {os.getpid()}"):
                    Journal(name, table_id="T1", purpose="simulation")
                assert _sqlite_locks(path) == held, (name, _who_else(path))
            before = len(os.listdir("/proc/self/fd"))  # this worker's own, whatever tests ran in it before
            for _ in range(50):  # readers beside the writer, as a report would open them
                with Journal.open_readonly(path) as reader:
                    assert reader.last_seq == 2
            assert _sqlite_locks(path) == held
            assert len(os.listdir("/proc/self/fd")) - before < 5  # descriptors kept for later do not pile up
        finally:
            if mounted:
                subprocess.run(["umount", str(other)], check=True)
        journal.append("note", {"by": "first, again"}, actor="croupier")
    assert _sqlite_locks(path) == [] and journal.path.exists()
    with Journal(path, table_id="T1", purpose="simulation") as again:
        assert again.verify().ok and again.last_seq == 3


def test_the_file_lock_holds_whatever_path_reaches_the_inode(tmp_path: Path) -> None:
    """Below the journal's own refusals (hard links are refused before the lock is tried): the lock is
    the inode's, so a second path the name-based lock file cannot know about is refused too."""
    from dealer_station import filelock

    path = tmp_path / "t1.sqlite"
    with Journal(path, table_id="T1", purpose="simulation"):
        os.link(path, tmp_path / "h.sqlite")
        with pytest.raises(filelock.LockHeld) as err:
            filelock.hold_file(tmp_path / "h.sqlite")
        assert err.value.holder is not None and err.value.holder.pid == os.getpid()
        (tmp_path / "h.sqlite").unlink()
    lock = filelock.hold_file(path)  # released with the journal
    lock.release()

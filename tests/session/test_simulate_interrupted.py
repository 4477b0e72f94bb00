"""Ctrl-C in ``simulate`` says what was kept, and the next run counts the void its recovery made
(issue 38, item 15)."""

from __future__ import annotations

import json
import os
import signal
import sqlite3
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from dealer_station.engine import TableSession
from dealer_station.journal import Journal
from dealer_station.profile_loader import load_profile
from simulators.scripted_shoe import ScriptedShoe
from tests import cli as station_cli


@contextmanager
def _ctrl_c_reaches_children() -> Iterator[None]:
    """A pytest-xdist worker runs with SIGINT ignored, and an ignored signal stays ignored across exec: a simulate
    started from it never sees Ctrl-C (Python installs its KeyboardInterrupt only where SIGINT is not ignored, as
    under nohup). While the child starts, SIGINT has a handler here, so the child gets the default disposition a
    terminal's shell gives it. Whether the test passed used to depend on which tests ran before it in the worker."""
    old = signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, old)


def _finished(journal: Path) -> int:
    """Rounds that ended in ``journal`` (paid or voided), read with plain SQLite."""
    if not journal.exists():
        return 0
    with sqlite3.connect(f"file:{journal}?mode=ro", uri=True) as conn:
        try:
            count = conn.execute("SELECT count(*) FROM events WHERE kind IN ('round_paid', 'round_voided')").fetchone()
        except sqlite3.OperationalError:  # not created yet
            return 0
    conn.close()
    return int(count[0])


def test_ctrl_c_says_how_many_rounds_and_where_the_journal_is(tmp_path: Path) -> None:
    journal = tmp_path / "sim.sqlite"
    env = dict(os.environ, DEALER_STATION_LOG_LEVEL="error")
    with _ctrl_c_reaches_children():
        proc = subprocess.Popen([sys.executable, "-m", "dealer_station", "simulate", "--rounds", "100000", "--seats",
                                 "2", "--journal", str(journal)], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                text=True, env=env)
    assert not int(Path(f"/proc/{proc.pid}/status").read_text().split("SigIgn:")[1].split()[0], 16) & (1 << 1) or \
        proc.poll() is not None, "the child ignores Ctrl-C"
    deadline = time.monotonic() + 60
    while _finished(journal) < 3:
        assert proc.poll() is None and time.monotonic() < deadline, proc.stderr.read() if proc.stderr else ""
        time.sleep(0.05)
    proc.send_signal(signal.SIGINT)  # what Ctrl-C sends
    out, err = proc.communicate(timeout=60)
    assert proc.returncode == 130, err
    assert "Traceback" not in err and out == ""
    last = err.splitlines()[-1]
    rounds = _finished(journal)
    assert last == f"dealer-station simulate: interrupted after {rounds} rounds; journal {journal}", err


def _halted_mid_deal(path: Path) -> None:
    """A simulation journal whose last round was being dealt when the station stopped."""
    table = load_profile("uth-default")
    with Journal(path, table_id=table.table_id, purpose="simulation", game=table.game) as journal:
        shoe = ScriptedShoe()
        session = TableSession(table, journal, shoe=shoe)
        shoe.session = session
        session.start({"version": "test", "sha256": "0" * 64, "files": 0})
        shoe.hold = True  # the shoe takes the deal command and deals nothing yet
        session.execute("open_round")
        session.execute("set_bets", 1, {"ante": "10", "blind": "10"})
        session.execute("no_more_bets")
        assert session.view().phase == "dealing"


def test_the_next_run_counts_the_void_its_recovery_made(tmp_path: Path) -> None:
    journal = tmp_path / "sim.sqlite"
    _halted_mid_deal(journal)
    done = station_cli.run([sys.executable, "-m", "dealer_station", "simulate", "--rounds", "1", "--seats", "2",
                            "--journal", str(journal), "--json"], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    summary = json.loads(done.stdout)
    with Journal.open_readonly(journal) as read:
        voids = [e.payload["cause"] for e in read.events(kinds={"round_voided"})]
        paid = sum(1 for _ in read.events(kinds={"round_paid"}))
    assert voids == ["station_restart"] and paid == 1
    assert summary["voided"] == {"station_restart": 1} and summary["rounds_completed"] == 1
    text = station_cli.run([sys.executable, "-m", "dealer_station", "simulate", "--rounds", "1", "--seats", "2",
                            "--journal", str(tmp_path / "again.sqlite")], capture_output=True, text=True, timeout=120)
    assert text.returncode == 0 and "voided: none" in text.stdout  # nothing recovered: nothing counted

"""The linked progressive under SIGKILL (issue 38, "Done when"): 30 kills at random moments of the
floor (its postmaster, or one of its backends, which takes every connection down with it) and of a
member station (a ``dealer-station simulate --tables 2 --config thb-linked`` process playing L01 and
L02 on the link), each started again as an operator would. Then one clean run, and the link must
reconcile from the floor and from every journal, with no award paid twice and none lost.
"""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path
from typing import Any

import psycopg
import pytest

from dealer_station.floor.link_report import link_report
from dealer_station.jackpot import Award, LinkCommitted, Reversal
from dealer_station.journal import Journal
from tests.floor.conftest import Floor, new_floor
from tests.pg import PostgresServer

ROOT = Path(__file__).resolve().parents[2]
KILLS = 30
MEMBER_UP = 3.0
"""Seconds a member runs at least before it may be killed, and the longest a kill waits for link traffic
(a member starts in about that: a kill sooner is of a process that has not reached the link yet)."""


def member(floor: Floor, journals: Path, seed: int, rounds: int) -> list[str]:
    return [sys.executable, "-m", "dealer_station", "simulate", "--tables", "2", "--config", "thb-linked",
            "--floor", floor.station_url, "--rounds", str(rounds), "--faults", "pool_hit:0.3", "--seed", str(seed),
            "--journal-dir", str(journals), "--ack-timeout", "20"]


def kill_a_backend(server: PostgresServer, floor: Floor, rng: random.Random) -> bool:
    """SIGKILL one client backend of the floor's database (the postmaster then resets every backend)."""
    try:
        with psycopg.connect(server.url(), autocommit=True, connect_timeout=2) as conn:
            pids = [r[0] for r in conn.execute(
                "SELECT pid FROM pg_stat_activity WHERE datname = %s AND backend_type = 'client backend' "
                "AND pid <> pg_backend_pid()", (floor.dbname,))]
    except psycopg.OperationalError:
        return False
    if not pids:
        return False
    try:
        os.kill(rng.choice(pids), signal.SIGKILL)
    except ProcessLookupError:
        return False
    return True


def wait_up(server: PostgresServer, timeout: float = 20.0) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            psycopg.connect(server.url(), connect_timeout=1).close()
            return
        except psycopg.OperationalError:
            time.sleep(0.05)
    raise AssertionError("the floor did not come back")


def link_version(server: PostgresServer, floor: Floor) -> int:
    """The link's commit count now (0 before its first member joined, or while the floor is down)."""
    try:
        with psycopg.connect(server.url(dbname=floor.dbname), connect_timeout=1) as conn:
            row = conn.execute("SELECT coalesce(max(version), 0) FROM floor.jackpot_links").fetchone()
    except psycopg.OperationalError:
        return 0
    return int(row[0]) if row else 0


def traffic(server: PostgresServer, floor: Floor, since: int, timeout: float) -> int:
    """Wait (at most ``timeout``) until the member has committed on the link since ``since``: the next
    kill then lands among its link calls, not in a pause. Returns the version seen."""
    deadline = time.monotonic() + timeout
    seen = link_version(server, floor)
    while seen <= since and time.monotonic() < deadline:
        time.sleep(0.05)
        seen = link_version(server, floor)
    return seen


def journal_awards(path: Path) -> tuple[Counter[tuple[str, int, str]], list[str]]:
    """The Pool awards a member's journal paid (its settled linked rounds' records), and the rounds it
    settled more than once (none may be)."""
    paid: Counter[tuple[str, int, str]] = Counter()
    settled: Counter[str] = Counter()
    with Journal.open_readonly(path) as journal:
        for e in journal.events(kinds={"settled"}):
            settled[e.round_id or ""] += 1
            block = e.payload["settlement"].get("jackpot") or {}
            for award in block.get("awards", []):
                paid[(e.round_id or "", award["seat"], award["amount"])] += 1
        standing: Counter[tuple[str, int]] = Counter()
        for e in journal.events(kinds={LinkCommitted.kind}):
            commit = LinkCommitted.from_payload(e.payload)
            for f in commit.facts:
                if isinstance(f, Award):
                    standing[(commit.round_id, f.seat)] += 1
                elif isinstance(f, Reversal) and isinstance(f.of, Award):
                    standing[(commit.round_id, f.of.seat)] -= 1
    assert all(n in (0, 1) for n in standing.values()), standing  # the journal took no award twice
    return paid, [r for r, n in settled.items() if n > 1]


def floor_awards(floor: Floor, table_id: str) -> Counter[tuple[str, int, str]]:
    """The awards the controller holds for ``table_id`` that no cancel took back."""
    with psycopg.connect(floor.report_url) as conn:
        rows = conn.execute("SELECT round_id, seat, amount FROM floor.jackpot_link_awards "
                            "WHERE table_id = %s AND cancelled_seq IS NULL", (table_id,)).fetchall()
    return Counter((r, s, f"{a:.2f}") for r, s, a in rows)


@pytest.mark.slow(seconds=85)  # its own PostgreSQL, killed 20 times, and a member station killed 10 times
def test_thirty_sigkills_of_the_floor_and_a_member_leave_the_link_reconciled(tmp_path: Path) -> None:
    rng = random.Random(3038)
    journals = tmp_path / "tables"
    journals.mkdir()  # the station makes folders only under var/
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")])}
    kills: Counter[str] = Counter()
    plan = ["member"] * 10 + ["postmaster"] * 10 + ["backend"] * 10
    rng.shuffle(plan)
    with PostgresServer.running() as server:
        floor = new_floor(server)
        proc: subprocess.Popen[Any] | None = None
        started = 0.0
        seed = 0
        version = 0
        deadline = time.monotonic() + 300  # a bound, not a speed check: 30 kills took 60-85 s quiet, over 120 at load 20
        try:
            while plan:
                assert time.monotonic() < deadline, f"the campaign overran: {dict(kills)}"
                if proc is None or proc.poll() is not None:
                    seed += 1
                    proc = subprocess.Popen(member(floor, journals, seed, 200), cwd=ROOT, env=env,
                                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
                    started = time.monotonic()
                version = traffic(server, floor, version, MEMBER_UP)
                time.sleep(rng.uniform(0.0, 0.3))  # a random point among its calls
                target = plan[-1]
                if target == "member":
                    if time.monotonic() - started < MEMBER_UP or proc.poll() is not None:
                        continue
                    os.kill(proc.pid, signal.SIGKILL)
                    proc.wait(10)
                elif target == "postmaster":
                    server.kill()
                    server.restart_after_crash()
                elif not kill_a_backend(server, floor, rng):
                    continue
                wait_up(server)
                kills[plan.pop()] += 1
        finally:
            if proc is not None and proc.poll() is None:
                proc.kill()
                proc.wait(10)
        assert kills == {"member": 10, "postmaster": 10, "backend": 10}
        # The operator starts the member once more and lets it play on: it recovers both tables and the link.
        done = subprocess.run(member(floor, journals, 99, 6), cwd=ROOT, env=env, capture_output=True, text=True,
                              timeout=120)
        assert done.returncode == 0, done.stderr[-3000:]
        paths = sorted(journals.glob("L0*.sqlite"))
        assert [p.stem for p in paths] == ["L01", "L02"]
        report = link_report(floor.report_url, "bank-1", paths)
        assert report["floor"] == {"conserved": True, "replayed": True, "commit_order": True}
        assert report["reconciled"], {t: {k: j[k] for k in ("missing", "unknown", "differ", "journaled_twice")}
                                      for t, j in report["journals"].items()}
        assert report["pending"] == []
        for path in paths:
            paid, twice = journal_awards(path)
            assert twice == []
            held = floor_awards(floor, path.stem)
            assert paid == held  # every award the controller holds was paid once at its table, and no other
        assert report["hits"] > 0 and all(t["commits"] > 0 for t in report["tables"].values())

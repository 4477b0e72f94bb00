"""Crashes on a real server and a real forwarder process: nothing lost, nothing duplicated."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import psycopg
import pytest

from dealer_station.config import FloorConfig
from dealer_station.floor.forwarder import Forwarder
from dealer_station.floor.ingest import send_batch
from dealer_station.floor.journal_rows import JournalRows
from dealer_station.play.simulate import simulate
from dealer_station.profile_loader import load_profile
from tests.floor.conftest import Floor, new_floor
from tests.pg import PostgresServer


@pytest.fixture
def own_server() -> Iterator[PostgresServer]:
    """A server of its own: these tests kill it."""
    with PostgresServer.running() as server:
        yield server


@pytest.fixture(scope="module")
def long_journal(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("long") / "T1.sqlite"
    simulate(load_profile("uth-default"), rounds=60, seed=21, seats=5, journal=path, progress=None)
    return path


def journal_records(path: Path) -> list[tuple[object, ...]]:
    with JournalRows(path) as rows:
        return [tuple(r) for r in rows.iter_rows()]


def floor_records(url: str) -> list[tuple[object, ...]]:
    with psycopg.connect(url) as conn:
        return [tuple(r) for r in conn.execute(
            "SELECT seq, at, table_id, round_id, kind, actor, payload::text, prev_hash, hash FROM floor.events "
            "ORDER BY table_id, seq")]


def floor_seq(url: str) -> int:
    try:
        with psycopg.connect(url, connect_timeout=2) as conn:
            row = conn.execute("SELECT coalesce(max(last_seq), 0) FROM floor.stations").fetchone()
            return int(row[0]) if row else 0
    except psycopg.OperationalError:
        return -1


def wait_until(predicate: object, timeout: float = 20.0) -> bool:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if predicate():  # type: ignore[operator]
            return True
        time.sleep(0.01)
    return False


@pytest.mark.slow  # SIGKILLs a PostgreSQL server of its own
def test_server_killed_mid_transaction_loses_and_duplicates_nothing(own_server: PostgresServer, long_journal: Path) -> None:
    floor = new_floor(own_server)
    # An owner session holds the station row: the forwarder's batch transaction blocks inside ingest.
    blocker = psycopg.connect(floor.owner_url)
    blocker.execute("SELECT 1 FROM floor.stations WHERE table_id = 'T1' FOR UPDATE")
    blocker.execute("INSERT INTO floor.stations (table_id) VALUES ('T1')")
    fw = Forwarder(long_journal, floor.station_url, "T1", batch_size=50, backoff_cap=0.3).start()
    try:
        with psycopg.connect(floor.owner_url, autocommit=True) as watcher:
            assert wait_until(lambda: watcher.execute(
                "SELECT count(*) FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND query LIKE '%floor.ingest%'"
            ).fetchone()[0] == 1)
        own_server.kill()  # the batch dies uncommitted, mid-transaction
        blocker.close()
        assert fw.status().acked_seq == 0
        own_server.restart_after_crash()
        assert fw.wait_acknowledged(30), fw.status()
    finally:
        fw.stop()
    assert floor_records(floor.owner_url) == journal_records(long_journal)


@pytest.mark.slow  # SIGKILLs a PostgreSQL server of its own
def test_server_killed_mid_stream_resumes_exactly(own_server: PostgresServer, long_journal: Path) -> None:
    floor = new_floor(own_server)
    total = len(journal_records(long_journal))
    fw = Forwarder(long_journal, floor.station_url, "T1", batch_size=20, backoff_cap=0.3).start()
    try:
        assert wait_until(lambda: floor_seq(floor.owner_url) > 100)
        own_server.kill()
        seen = fw.status().acked_seq
        assert 0 < seen < total
        time.sleep(0.5)  # the forwarder retries against a dead server meanwhile
        assert fw.status().last_error is not None
        own_server.restart_after_crash()
        assert fw.wait_acknowledged(30), fw.status()
        assert fw.status().last_error is None
    finally:
        fw.stop()
    assert floor_records(floor.owner_url) == journal_records(long_journal)


def test_lost_acknowledgement_is_resent_as_a_no_op(own_server: PostgresServer, long_journal: Path) -> None:
    """The batch committed but the station never heard: it asks the floor, not its own cursor."""
    floor = new_floor(own_server)
    with JournalRows(long_journal) as rows, psycopg.connect(floor.station_url) as conn:
        assert send_batch(conn, "T1", rows.tail(), rows.rows(0, 80)).status == "ok"
    fw = Forwarder(long_journal, floor.station_url, "T1", batch_size=30).start()
    try:
        assert fw.wait_acknowledged(30)
    finally:
        fw.stop()
    assert floor_records(floor.owner_url) == journal_records(long_journal)


def _forward_process(journal: Path, url: str, *extra: str) -> subprocess.Popen[str]:
    return subprocess.Popen([sys.executable, "-m", "dealer_station", "floor", "forward", "--journal", str(journal),
                             "--floor", url, "--batch-size", "10", *extra],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


@pytest.mark.slow  # SIGKILLs the forwarder process
def test_forwarder_process_killed_and_restarted(floor: Floor, long_journal: Path) -> None:
    total = len(journal_records(long_journal))
    proc = _forward_process(long_journal, floor.station_url)
    try:
        assert wait_until(lambda: floor_seq(floor.owner_url) > 200)
    finally:
        os.kill(proc.pid, signal.SIGKILL)
        proc.wait(10)
    partial = floor_records(floor.owner_url)
    assert 200 < len(partial) < total
    assert partial == journal_records(long_journal)[:len(partial)]  # a prefix, in order
    done = _forward_process(long_journal, floor.station_url, "--until-acked", "--timeout", "60")
    out, err = done.communicate(timeout=90)
    assert done.returncode == 0, err
    assert f"up to seq {total}" in out
    assert floor_records(floor.owner_url) == journal_records(long_journal)


@pytest.mark.slow  # SIGKILLs a PostgreSQL server of its own
def test_table_keeps_playing_through_an_outage_and_the_floor_catches_up(own_server: PostgresServer,
                                                                         tmp_path: Path) -> None:
    floor = new_floor(own_server)
    journal = tmp_path / "T1.sqlite"
    table = load_profile("uth-default").model_copy(update={"floor": FloorConfig(url=floor.station_url)})
    played_while_down: list[int] = []
    slowest_round = [0.0]
    last = [time.monotonic()]
    down = threading.Event()
    played = [0]

    def on_round(station: object) -> None:
        now = time.monotonic()
        slowest_round[0] = max(slowest_round[0], now - last[0])
        played[0] += 1
        number = played[0]
        if number == 5:
            own_server.kill()
            down.set()
        elif number == 25:
            own_server.restart_after_crash()
            down.clear()
        elif down.is_set():
            played_while_down.append(number)
        last[0] = time.monotonic()

    summary = simulate(table, rounds=40, seed=8, seats=4, journal=journal, progress=None, on_round=on_round)
    assert summary.rounds_completed + sum(summary.voided.values()) == 40
    assert len(played_while_down) >= 15  # the table played on while the floor was down
    assert slowest_round[0] < 5.0  # no round waited out the outage (the forwarder's backoff cap is 5 s)
    catch_up = Forwarder(journal, floor.station_url, "T1").start()
    try:
        assert catch_up.wait_acknowledged(30), catch_up.status()
    finally:
        catch_up.stop()
    assert floor_records(floor.owner_url) == journal_records(journal)


def test_forwarder_outlives_a_broken_log_stream(floor: Floor, long_journal: Path) -> None:
    """Logging to a closed stream (a rotated file, a gone terminal) must not stop the shipping."""
    import io

    import structlog

    dead = io.StringIO()
    dead.close()
    structlog.configure(logger_factory=structlog.PrintLoggerFactory(dead))
    fw = Forwarder(long_journal, floor.station_url, "T1", batch_size=100).start()
    try:
        assert fw.wait_acknowledged(30), fw.status()
    finally:
        fw.stop()
    assert floor_records(floor.owner_url) == journal_records(long_journal)

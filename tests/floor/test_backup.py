"""Backup and restore of the floor as docs/backup.md describes it: WAL archived continuously
(``archive_command``), a base backup (``pg_basebackup``), more ingested, then a point-in-time restore
(``recovery_target_time``) on a new cluster, where every table's chain verifies against its journal and
the forwarders bring the floor up to the journals again with nothing lost or duplicated."""

from __future__ import annotations

import os
import pwd
import shutil
import subprocess
import tempfile
import time
from datetime import datetime
from pathlib import Path

import psycopg
import pytest

from dealer_station.floor.ingest import floor_tail
from dealer_station.floor.roles import DEFAULT_STATION_ROLE
from dealer_station.floor.verify import check_floor_chain, verify_against_floor
from dealer_station.journal import Journal
from tests.floor.conftest import new_floor
from tests.floor.test_ingest import forward
from tests.floor.years import Clock, month, play
from tests.pg import PG_BIN, SERVICE_USER, PostgresServer

TABLES = ("B1", "B2")


def _owned_dir(prefix: str) -> Path:
    """A directory the server's user may write (the tests run as root, PostgreSQL as postgres)."""
    path = Path(tempfile.mkdtemp(prefix=prefix))
    if os.geteuid() == 0:
        entry = pwd.getpwnam(SERVICE_USER)
        os.chown(path, entry.pw_uid, entry.pw_gid)
    return path


def _as_server_user(args: list[str]) -> None:
    command = ["runuser", "-u", SERVICE_USER, "--", *args] if os.geteuid() == 0 else args
    done = subprocess.run(command, capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr[-2000:]


def _archived(server: PostgresServer) -> None:
    """Close the current WAL segment and wait until the archiver has it (the backups' own wait)."""
    with psycopg.connect(server.url(), autocommit=True) as conn:
        segment = conn.execute("SELECT pg_walfile_name(pg_switch_wal())").fetchone()
        assert segment is not None
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline:
            row = conn.execute("SELECT last_archived_wal, last_failed_wal FROM pg_stat_archiver").fetchone()
            assert row is not None and row[1] is None, f"archive_command failed on {row}"
            if row[0] is not None and row[0] >= segment[0]:
                return
            time.sleep(0.05)
    raise AssertionError(f"WAL segment {segment[0]} was not archived")


@pytest.mark.slow  # ~10 s: its own archiving server, a base backup and a restored one
def test_a_point_in_time_restore_verifies_and_the_forwarders_catch_it_up(tmp_path: Path) -> None:
    archive = _owned_dir("dsarch-")
    restored_root = _owned_dir("dsrest-")
    settings = {"wal_level": "replica", "archive_mode": "on",
                "archive_command": f"'test ! -f {archive}/%f && cp %p {archive}/%f'"}
    clocks = {t: Clock(month(2026, 12, 1)) for t in TABLES}
    journals = {t: tmp_path / f"{t}.sqlite" for t in TABLES}
    numbers = dict.fromkeys(TABLES, 1)

    def play_more(rounds: int) -> dict[str, int]:
        tails = {}
        for table_id in TABLES:
            with Journal(journals[table_id], table_id=table_id, clock=clocks[table_id]) as journal:
                numbers[table_id] = play(journal, clocks[table_id], table_id, numbers[table_id],
                                         [clocks[table_id].now], rounds)
                tails[table_id] = journal.last_seq
        return tails

    try:
        with PostgresServer.running(settings=settings) as server:
            floor = new_floor(server)
            play_more(2)
            for table_id in TABLES:
                forward(journals[table_id], floor.station_url, table_id)
            _as_server_user([str(PG_BIN / "pg_basebackup"), "-D", str(restored_root / "data"), "-h",
                             str(server.socket_dir), "-U", server.superuser, "-X", "none", "--checkpoint=fast",
                             "--no-sync"])
            at_target = play_more(3)  # after the base backup: only in the archived WAL
            for table_id in TABLES:
                forward(journals[table_id], floor.station_url, table_id)
            with psycopg.connect(floor.owner_url) as conn:
                target = conn.execute("SELECT clock_timestamp()").fetchone()
                assert target is not None and isinstance(target[0], datetime)
            time.sleep(0.2)
            play_more(2)  # after the target: the restore must not hold it
            for table_id in TABLES:
                forward(journals[table_id], floor.station_url, table_id)
            _archived(server)
            with psycopg.connect(floor.owner_url) as conn:
                everything = conn.execute("SELECT table_id, seq, hash FROM floor.events ORDER BY 1, 2").fetchall()

        # The restore: the base backup, the archive as restore_command, stop at the target, then take writes.
        with (restored_root / "data" / "postgresql.conf").open("a", encoding="utf-8") as conf:
            conf.write(f"unix_socket_directories = '{restored_root}'\n"
                       f"archive_mode = off\nrestore_command = 'cp {archive}/%f %p'\n"
                       f"recovery_target_time = '{target[0].isoformat()}'\nrecovery_target_action = 'promote'\n")
        (restored_root / "data" / "recovery.signal").touch()
        restored = PostgresServer(keep=restored_root)
        restored.start()
        try:
            url = restored.url(dbname=floor.dbname)
            deadline = time.monotonic() + 20
            with psycopg.connect(restored.url(), autocommit=True) as conn:
                while conn.execute("SELECT pg_is_in_recovery()").fetchone() != (False,):
                    assert time.monotonic() < deadline, "the restored cluster never finished its recovery"
                    time.sleep(0.05)
            with psycopg.connect(url) as conn:
                for table_id in TABLES:
                    assert floor_tail(conn, table_id)[0] == at_target[table_id]  # to the target, not past it
                    assert check_floor_chain(conn, table_id).ok
            for table_id in TABLES:
                verdict = verify_against_floor(journals[table_id], url)
                assert verdict.ok and verdict.floor_seq == at_target[table_id], verdict
            for table_id in TABLES:  # the stations forward again: the floor catches up
                forward(journals[table_id], restored.url(DEFAULT_STATION_ROLE, floor.dbname), table_id)
            with psycopg.connect(url) as conn:
                assert conn.execute("SELECT table_id, seq, hash FROM floor.events ORDER BY 1, 2").fetchall() == everything
                assert conn.execute("SELECT count(*) FROM floor.alarms").fetchone() == (0,)
                for table_id in TABLES:
                    with Journal.open_readonly(journals[table_id]) as journal:
                        assert floor_tail(conn, table_id) == (journal.last_seq, journal.last_hash)
                    rounds = conn.execute("SELECT count(*) FROM floor.rounds WHERE table_id = %s AND outcome = 'paid'",
                                          (table_id,)).fetchone()
                    assert rounds == (numbers[table_id] - 1,)
        finally:
            restored.stop()
    finally:
        shutil.rmtree(archive, ignore_errors=True)
        shutil.rmtree(restored_root, ignore_errors=True)

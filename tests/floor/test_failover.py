"""A floor that survives losing its server: PostgreSQL's own streaming replication to a hot
standby, the primary killed mid-batch, the standby promoted, the stations carrying on.

Two real clusters on this machine. The standby is asynchronous, so it may miss the last
records the primary acknowledged; the forwarders find that out the way they find out after
any outage - they ask the floor where to resume (``floor.tail``) and resend - so the promoted
floor ends with exactly the journals' records, and no integrity alarm is raised.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from urllib.parse import quote

import psycopg
import pytest

from dealer_station.floor.forwarder import Forwarder
from dealer_station.floor.roles import DEFAULT_REPORT_ROLE, DEFAULT_STATION_ROLE
from dealer_station.pit.app import check_read_only
from dealer_station.play.simulate import simulate
from dealer_station.profile_loader import load_profile
from tests.floor.conftest import new_floor
from tests.floor.test_robustness import floor_records, journal_records, wait_until
from tests.pg import PostgresServer

TABLES = ("T1", "T2")


@pytest.fixture
def pair() -> Iterator[tuple[PostgresServer, PostgresServer, str]]:
    """A primary with a floor, and a hot standby streaming from it."""
    with PostgresServer.running(settings={"wal_level": "replica", "hot_standby": "on"}) as primary:
        floor = new_floor(primary)
        standby = PostgresServer(standby_of=primary)
        try:
            standby.start()
            yield primary, standby, floor.dbname
        finally:
            standby.cleanup()


@pytest.fixture(scope="module")
def journals(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    folder = tmp_path_factory.mktemp("failover")
    made = {}
    for n, table_id in enumerate(TABLES):
        table = load_profile("uth-default").model_copy(update={"table_id": table_id})
        made[table_id] = folder / f"{table_id}.sqlite"
        simulate(table, rounds=40, seed=30 + n, seats=5, journal=made[table_id], progress=None)
    return made


def both(primary: PostgresServer, standby: PostgresServer, user: str, dbname: str) -> str:
    """One libpq URL naming both servers: whichever takes writes now is the one used."""
    hosts = ",".join(quote(str(s.socket_dir), safe="") for s in (primary, standby))
    return f"postgresql://{quote(user)}@{hosts}/{dbname}?target_session_attrs=read-write&connect_timeout=2"


def replayed(standby: PostgresServer, dbname: str) -> int:
    try:
        with psycopg.connect(standby.url(dbname=dbname), connect_timeout=2) as conn:
            row = conn.execute("SELECT count(*) FROM floor.events").fetchone()
            return int(row[0]) if row else 0
    except psycopg.OperationalError:
        return -1


@pytest.mark.slow
def test_primary_killed_mid_batch_standby_promoted_nothing_lost_nothing_alarmed(
        pair: tuple[PostgresServer, PostgresServer, str], journals: dict[str, Path]) -> None:
    primary, standby, dbname = pair
    url = both(primary, standby, DEFAULT_STATION_ROLE, dbname)
    total = sum(len(journal_records(path)) for path in journals.values())
    forwarders = [Forwarder(path, url, table_id, batch_size=25, backoff_cap=0.3).start()
                  for table_id, path in journals.items()]
    try:
        assert wait_until(lambda: replayed(standby, dbname) > total // 3, timeout=60)  # the standby follows
        primary.kill()  # mid-batch: the forwarders are still shipping
        acked = sum(f.status().acked_seq for f in forwarders)
        assert acked < total
        standby.promote()
        for forwarder in forwarders:
            assert forwarder.wait_acknowledged(60), forwarder.status()
    finally:
        for forwarder in forwarders:
            forwarder.stop()
    promoted = standby.url(dbname=dbname)
    on_floor = floor_records(promoted)
    assert len(on_floor) == total
    for table_id, path in journals.items():
        assert [r for r in on_floor if r[2] == table_id] == journal_records(path)
    with psycopg.connect(promoted) as conn:
        assert conn.execute("SELECT count(*) FROM floor.alarms").fetchone() == (0,)


@pytest.mark.slow
def test_the_pit_reads_from_the_hot_standby_and_falls_back_to_the_primary(
        pair: tuple[PostgresServer, PostgresServer, str], journals: dict[str, Path]) -> None:
    """One URL naming both servers with ``target_session_attrs=prefer-standby``: the pit's report
    role reads the standby while it is up, the primary when it is not; writes are refused there."""
    primary, standby, dbname = pair
    path = journals["T1"]
    with Forwarder(path, primary.url(DEFAULT_STATION_ROLE, dbname), "T1").start() as forwarder:
        assert forwarder.wait_acknowledged(60)
    hosts = ",".join(quote(str(s.socket_dir), safe="") for s in (standby, primary))
    reader = f"postgresql://{DEFAULT_REPORT_ROLE}@{hosts}/{dbname}?target_session_attrs=prefer-standby&connect_timeout=2"
    check_read_only(reader)  # the pit's own start-up check accepts it
    assert wait_until(lambda: replayed(standby, dbname) == len(journal_records(path)), timeout=30)
    with psycopg.connect(reader) as conn:
        assert conn.execute("SELECT pg_is_in_recovery()").fetchone() == (True,)
        assert conn.execute("SELECT count(*) FROM floor.events").fetchone() == (len(journal_records(path)),)
    standby.kill()
    with psycopg.connect(reader) as conn:
        assert conn.execute("SELECT pg_is_in_recovery()").fetchone() == (False,)
        assert conn.execute("SELECT count(*) FROM floor.events").fetchone() == (len(journal_records(path)),)

"""Slip numbers on a real PostgreSQL: no gap and no repeat under concurrent allocation and across a failover;
the same request gets the same number; whoever requested a slip may not issue, confirm or void it."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from decimal import Decimal

import psycopg
import pytest

from dealer_station.bank.chips import ChipCount
from dealer_station.bank.slips import SlipKind
from dealer_station.floor.db import FloorError
from dealer_station.floor.roles import CAGE_ROLE, DEFAULT_STATION_ROLE
from dealer_station.floor.slips import SlipRefused, allocate_slip, confirm_credit, issue_slip, void_slip
from tests.floor.conftest import Floor, new_floor
from tests.pg import PostgresServer

CHIPS = ChipCount.of({Decimal(100): 20})


def test_concurrent_allocations_from_several_connections_leave_no_gap_and_no_repeat(floor: Floor) -> None:
    got: dict[str, list[int]] = {"fill": [], "credit": []}
    lock = threading.Lock()
    problems: list[BaseException] = []

    def station(n: int) -> None:
        try:
            with psycopg.connect(floor.station_url) as conn:
                for i in range(15):
                    kind = SlipKind.FILL if (n + i) % 3 else SlipKind.CREDIT
                    number = allocate_slip(conn, "C1", kind, f"T{n}", f"T{n}-R{i}", CHIPS)
                    again = allocate_slip(conn, "C1", kind, f"T{n}", f"T{n}-R{i}", CHIPS)  # a retried request
                    assert again == number
                    with lock:
                        got[kind.value].append(number)
        except BaseException as exc:  # reported below
            problems.append(exc)

    threads = [threading.Thread(target=station, args=(n,)) for n in range(6)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(60)
    assert not problems
    for numbers in got.values():
        assert sorted(numbers) == list(range(1, len(numbers) + 1))  # 1..n: no gap, no repeat
    assert len(got["fill"]) + len(got["credit"]) == 90
    with psycopg.connect(floor.report_url) as conn:
        rows = conn.execute("SELECT kind, count(*), max(number), count(DISTINCT request) FROM floor.slips "
                            "GROUP BY kind ORDER BY kind").fetchall()
        assert rows == [("credit", len(got["credit"]), len(got["credit"]), len(got["credit"])),
                        ("fill", len(got["fill"]), len(got["fill"]), len(got["fill"]))]
        assert conn.execute("SELECT slip FROM floor.slips WHERE kind = 'fill' AND number = 7").fetchone() == ("F000007",)


def test_a_second_casino_has_its_own_series_a_request_keeps_its_chips_a_login_its_tables(floor: Floor) -> None:
    with psycopg.connect(floor.station_url) as conn:
        assert allocate_slip(conn, "C1", SlipKind.FILL, "T1", "T1-R1", CHIPS) == 1
        assert allocate_slip(conn, "C2", SlipKind.FILL, "T9", "T9-R1", CHIPS) == 1
        with pytest.raises(SlipRefused, match="already has slip F000001"):
            allocate_slip(conn, "C1", SlipKind.FILL, "T1", "T1-R1", ChipCount.of({Decimal(25): 1}))
        assert allocate_slip(conn, "C1", SlipKind.FILL, "T1", "T1-R2", CHIPS) == 2  # the refusal used no number
    from dealer_station.floor.roles import pin_station

    pin_station(floor.owner_url, "station_t1", ["T1"])  # a login pinned to its table asks only for it
    with psycopg.connect(floor.server.url("station_t1", floor.dbname)) as conn:
        assert allocate_slip(conn, "C1", SlipKind.FILL, "T1", "T1-R3", CHIPS) == 3
        with pytest.raises(SlipRefused, match="may not ask slips for table T2"):
            allocate_slip(conn, "C1", SlipKind.FILL, "T2", "T2-R1", CHIPS)
    conn = psycopg.connect(floor.station_url)
    conn.close()
    with pytest.raises(FloorError) as caught:  # a floor gone is one line
        allocate_slip(conn, "C1", SlipKind.FILL, "T1", "T1-R4", CHIPS)
    assert "\n" not in str(caught.value) and not isinstance(caught.value, SlipRefused)


def _cage(floor: Floor) -> psycopg.Connection[object]:
    return psycopg.connect(floor.server.url(CAGE_ROLE, floor.dbname))


def test_segregation_of_duties_is_the_floors_not_only_the_pages(floor: Floor) -> None:
    with psycopg.connect(floor.station_url) as station:
        allocate_slip(station, "C1", SlipKind.CREDIT, "T1", "T1-R1", CHIPS, by="0412")
        allocate_slip(station, "C1", SlipKind.CREDIT, "T1", "T1-R2", CHIPS, by="0412")
    with _cage(floor) as cage:
        with pytest.raises(SlipRefused, match="who requested it may not issue it"):
            issue_slip(cage, "C000001", "0412", "cage")
        with pytest.raises(SlipRefused, match="the supervisor role may not"):
            issue_slip(cage, "C000001", "anna", "supervisor")
        issue_slip(cage, "C000001", "anna", "cage")
        with pytest.raises(SlipRefused, match="who requested it may not confirm it"):
            confirm_credit(cage, "C000001", "0412", "cage")
        with pytest.raises(SlipRefused, match="may not void it nor witness"):
            void_slip(cage, "C000002", "0412", "cage", "anna", "wrong chips")
        with pytest.raises(SlipRefused, match="may not void it nor witness"):
            void_slip(cage, "C000002", "anna", "cage", "0412", "wrong chips")
        with pytest.raises(SlipRefused, match="a second person"):
            void_slip(cage, "C000002", "anna", "cage", "anna", "wrong chips")
        with pytest.raises(SlipRefused, match="give a reason"):
            void_slip(cage, "C000002", "anna", "cage", "ben", "  ")
        void_slip(cage, "C000002", "anna", "cage", "ben", "wrong chips")
        confirm_credit(cage, "C000001", "ben", "cage")
        with pytest.raises(SlipRefused, match="only a slip not yet received"):
            void_slip(cage, "C000001", "anna", "cage", "ben", "late")
        # the table itself refuses what the functions refuse, whoever writes the row
        with pytest.raises(psycopg.errors.InsufficientPrivilege):
            cage.execute("UPDATE floor.slips SET issued_by = requested_by")
    with psycopg.connect(floor.owner_url) as owner, pytest.raises(psycopg.errors.CheckViolation):
        owner.execute("UPDATE floor.slips SET voided_by = requested_by WHERE slip = 'C000002'")
    with psycopg.connect(floor.report_url) as conn:
        assert conn.execute("SELECT slip, state, issued_by, received_by, voided_by, void_second, void_reason "
                            "FROM floor.slips ORDER BY number").fetchall() == [
            ("C000001", "received", "anna", "ben", None, None, None),
            ("C000002", "void", None, None, "anna", "ben", "wrong chips")]


@pytest.fixture
def sync_pair() -> Iterator[tuple[PostgresServer, PostgresServer, Floor]]:
    """A primary with a floor, and a synchronous hot standby streaming from it."""
    with PostgresServer.running(settings={"wal_level": "replica", "hot_standby": "on"}) as primary:
        floor = new_floor(primary)
        standby = PostgresServer(standby_of=primary)
        try:
            standby.start()
            with psycopg.connect(primary.url(), autocommit=True) as conn:
                conn.execute("ALTER SYSTEM SET synchronous_standby_names = '*'")
                conn.execute("SELECT pg_reload_conf()")
            yield primary, standby, floor
        finally:
            standby.cleanup()


@pytest.mark.slow
def test_the_series_continues_across_a_failover_with_no_gap_and_no_repeat(
        sync_pair: tuple[PostgresServer, PostgresServer, Floor]) -> None:
    from tests.floor.test_failover import both

    primary, standby, floor = sync_pair
    url = both(primary, standby, DEFAULT_STATION_ROLE, floor.dbname)
    numbers = []
    with psycopg.connect(url) as conn, psycopg.connect(standby.url(dbname=floor.dbname), autocommit=True) as mirror:
        for i in range(1, 6):
            numbers.append(allocate_slip(conn, "C1", SlipKind.FILL, "T1", f"T1-R{i}", CHIPS))
            # remote_apply: the number is on the standby when the station hears it, not a moment later
            assert mirror.execute("SELECT max(number) FROM floor.slips").fetchone() == (i,)
    primary.kill()  # mid-shift: the station has printed F000001..F000005
    standby.promote()
    with psycopg.connect(url) as conn:
        assert allocate_slip(conn, "C1", SlipKind.FILL, "T1", "T1-R5", CHIPS) == 5  # a retry after the cut
        for i in range(6, 11):
            numbers.append(allocate_slip(conn, "C1", SlipKind.FILL, "T1", f"T1-R{i}", CHIPS))
    assert numbers == list(range(1, 11))
    with psycopg.connect(both(primary, standby, primary.superuser, floor.dbname)) as conn:
        assert [r[0] for r in conn.execute("SELECT number FROM floor.slips ORDER BY number")] == list(range(1, 11))

"""A floor migrated to the latest schema keeps serving the pit: from an empty floor, and from a floor at
each earlier migration holding rows that migration's own ingest took in (docs/floor-years.md
"Upgrades"). One floor climbs the migrations, taking one more round of each table at every version; a
copy of it at each version is brought to the latest, caught up by its forwarders, and must then answer
the pit page's and the report's queries exactly as a floor that only ever ran the latest schema."""

from __future__ import annotations

from pathlib import Path
from typing import Any
from zoneinfo import ZoneInfo

import psycopg
import pytest

from dealer_station.floor.migrate import migrate, migrations
from dealer_station.floor.queries import (
    RoundFilter,
    alarms,
    find_rounds,
    report_data,
    round_events,
    state_events,
    stations,
)
from dealer_station.floor.report_data import Period
from dealer_station.journal import Journal
from dealer_station.shifts import DEFAULT_SHIFTS
from tests.floor.test_ingest import forward
from tests.floor.years import Clock, month, play
from tests.pg import PostgresServer

VERSIONS = [m.version for m in migrations()]
NEVER_SHIPPED_ALONE = {1}
"""0001 (the events) came with 0002 (their facts) in one commit: no floor was ever at 1, and 0002 derives
no facts from events held before it."""


def pit_answers(url: str) -> dict[str, Any]:
    """What the pit page and the report read, without the floor's own clock (received_at, alarm times)."""
    with psycopg.connect(url) as conn:
        data = report_data(conn, Period(None, None, ZoneInfo("UTC"), DEFAULT_SHIFTS))
        found = find_rounds(conn, RoundFilter(limit=1000))
        return {
            "rounds": sorted(map(repr, data.rounds)), "stakes": sorted(map(repr, data.stakes)),
            "voids": sorted(map(repr, data.voids)), "faults": sorted(map(repr, data.faults)),
            "supervisor": sorted(map(repr, data.supervisor)), "jackpot": sorted(map(repr, data.jackpot)),
            "games": data.table_games, "found": found,
            "round_events": {(r["table_id"], r["round_id"]): [(e.seq, e.kind, e.hash) for e in
                                                              round_events(conn, r["table_id"], r["round_id"])]
                             for r in found},
            "state": {s.table_id: [(e.seq, e.hash) for e in state_events(conn, s.table_id)] for s in stations(conn)},
            "stations": [(s.table_id, s.last_seq, s.last_hash, s.alarms) for s in stations(conn)],
            "alarms": sorted((a.table_id, a.first_bad_seq, a.reason) for a in alarms(conn)),
        }


@pytest.mark.slow(seconds=25)  # a floor at each of the shipped migrations, each brought to the latest
def test_every_earlier_floor_with_rows_migrates_to_the_latest_and_serves_the_pit(
        pg_server: PostgresServer, played_journal: Path, tmp_path: Path) -> None:
    ladder = "floor_upgrade_ladder"
    ladder_url = pg_server.create_database(ladder)
    path = tmp_path / "U1.sqlite"
    clock = Clock(month(2026, 11, 2))
    number = 1
    copies: dict[int, str] = {}
    with Journal(path, table_id="U1", clock=clock) as journal:
        for version in [0, *VERSIONS[:-1]]:
            if version:
                migrate(ladder_url, up_to=version)
                if version in NEVER_SHIPPED_ALONE:
                    continue
                number = play(journal, clock, "U1", number, [clock.now], 1)  # one round this version ingests
                forward(path, ladder_url, "U1")
                if not copies.keys() - {0}:
                    forward(played_journal, ladder_url, "T1")
            name = f"floor_upgrade_from_{version}"
            with psycopg.connect(pg_server.url(), autocommit=True) as conn:
                conn.execute(f'CREATE DATABASE "{name}" TEMPLATE "{ladder}" STRATEGY FILE_COPY')  # small: a copy
            copies[version] = pg_server.url(dbname=name)
        number = play(journal, clock, "U1", number, [clock.now], 2)  # rounds every floor takes after its upgrade
    latest_url = pg_server.create_database("floor_upgrade_latest")
    migrate(latest_url)
    forward(path, latest_url, "U1")
    forward(played_journal, latest_url, "T1")
    expected = pit_answers(latest_url)
    assert len(expected["found"]) >= number - 1 and expected["stations"][0][0] == "T1"
    for version, url in copies.items():
        with psycopg.connect(url) as conn:
            held = conn.execute("SELECT coalesce(max(version), 0) FROM floor.schema_migrations").fetchone() \
                if version else (0,)
        assert held == (version,)
        applied = migrate(url)
        assert [int(name[:4]) for name in applied] == [v for v in VERSIONS if v > version]
        forward(path, url, "U1")
        if version == 0:  # every other copy held T1 whole before its upgrade
            forward(played_journal, url, "T1")
        answers = pit_answers(url)
        for key, value in expected.items():
            assert answers[key] == value, (version, key)

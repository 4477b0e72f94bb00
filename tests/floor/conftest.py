"""Floor fixtures: one real PostgreSQL server per test session, a fresh database per test."""

from __future__ import annotations

import itertools
import json
import shutil
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from dealer_station.floor.roles import (
    DEFAULT_REPORT_ROLE,
    DEFAULT_STATION_ROLE,
    init_roles,
)
from dealer_station.profile_loader import load_profile
from dealer_station.simulate import simulate
from tests.pg import PostgresServer

_names = itertools.count(1)


@dataclass(frozen=True)
class Floor:
    """URLs to one migrated floor database, as its owner, a station and the pit."""

    server: PostgresServer
    dbname: str

    @property
    def owner_url(self) -> str:
        return self.server.url(dbname=self.dbname)

    @property
    def station_url(self) -> str:
        return self.server.url(DEFAULT_STATION_ROLE, self.dbname)

    @property
    def report_url(self) -> str:
        return self.server.url(DEFAULT_REPORT_ROLE, self.dbname)


def new_floor(server: PostgresServer) -> Floor:
    name = f"floor{next(_names)}"
    server.create_database(name)
    floor = Floor(server, name)
    init_roles(floor.owner_url)
    return floor


@pytest.fixture
def floor(pg_server: PostgresServer) -> Floor:
    return new_floor(pg_server)


@pytest.fixture(scope="session")
def played_journal(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A journal of finished UTH rounds (with a supervisor void), made once per session."""
    path = tmp_path_factory.mktemp("played") / "T1.sqlite"
    simulate(load_profile("uth-default"), rounds=8, seed=7, seats=4, journal=path, progress=None,
             faults={"jam": 0.2, "misread": 0.25})
    return path


@pytest.fixture
def journal_copy(played_journal: Path, tmp_path: Path) -> Path:
    """A private copy of the played journal (tests tamper with it)."""
    target = tmp_path / "T1.sqlite"
    shutil.copy(played_journal, target)
    for suffix in ("-wal", "-shm"):
        extra = played_journal.with_name(played_journal.name + suffix)
        if extra.exists():
            shutil.copy(extra, target.with_name(target.name + suffix))
    return target


@pytest.fixture(autouse=True)
def _structlog_defaults() -> Iterator[None]:
    """In-process CLI calls point structlog at a captured stream that closes after the test."""
    yield
    import structlog

    structlog.reset_defaults()


SENSOR_FAULTS = "mispay:0.3,missed_collect:0.2,past_post:0.3,pinch:0.3,counterfeit:0.2,flaky_read:0.3"


@dataclass(frozen=True)
class SensorRun:
    """A bet-sensing table's journal and what ``simulate --json`` printed of it."""

    journal: Path
    summary: dict[str, Any]

    def caught(self, kind: str) -> int:
        return int(self.summary["bet_sensor"][kind]["caught"])


@pytest.fixture(scope="session")
def sensor_run(tmp_path_factory: pytest.TempPathFactory) -> SensorRun:
    """``simulate --config uth-rfid --faults ...``: 16 rounds of 3 seats through the RFID bet sensor's
    twin with every fault it catches (about 8 s, once per session)."""
    from tests import cli

    path = tmp_path_factory.mktemp("sensed") / "T1R.sqlite"
    done = cli.run([sys.executable, "-m", "dealer_station", "simulate", "--config", "uth-rfid", "--rounds", "16",
                    "--seed", "5", "--seats", "3", "--faults", SENSOR_FAULTS, "--journal", str(path), "--json"],
                   capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    summary = json.loads(done.stdout)
    assert summary["bet_sensor"]["past_post"]["caught"] and summary["bet_sensor"]["pinch"]["caught"]
    return SensorRun(path, summary)

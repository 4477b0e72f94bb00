"""Floor fixtures: one real PostgreSQL server per test session, a fresh database per test."""

from __future__ import annotations

import itertools
import shutil
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from dealer_station.floor.roles import (
    DEFAULT_REPORT_ROLE,
    DEFAULT_STATION_ROLE,
    init_roles,
)
from dealer_station.play.simulate import simulate
from dealer_station.profile_loader import load_profile
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


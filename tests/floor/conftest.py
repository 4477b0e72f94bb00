"""Floor fixtures: one real PostgreSQL server per test session, a fresh database per test."""

from __future__ import annotations

import itertools
import shutil
import threading
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import psycopg
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


_making = threading.Lock()
_TEMPLATE = "floor_template"
"""A floor migrated once per server (and its roles' grants applied): each new floor is a copy of it."""


def new_floor(server: PostgresServer) -> Floor:
    """A fresh floor database, migrated, with the roles' grants: a ``CREATE DATABASE ... TEMPLATE`` copy of
    one migrated the same way once per server (0.06 s against 0.3 s of server time to migrate each of the
    ~150 floors a run makes). Each test still has a database of its own; nothing connects to the template.
    What a copy does not carry, the database's own privileges (0006 revokes TEMPORARY from PUBLIC), is copied
    from the template's row; a migration that set a per-database setting would fail here, not be lost."""
    name = f"floor{next(_names)}"
    with _making, psycopg.connect(server.url(), autocommit=True) as conn:
        try:
            conn.execute(f'CREATE DATABASE "{name}" TEMPLATE "{_TEMPLATE}"')
        except psycopg.errors.InvalidCatalogName:  # this server's first floor: make the template
            server.create_database(_TEMPLATE)
            init_roles(server.url(dbname=_TEMPLATE))
            settings = conn.execute("SELECT count(*) FROM pg_db_role_setting s JOIN pg_database d "
                                    "ON d.oid = s.setdatabase WHERE d.datname = %s", (_TEMPLATE,)).fetchone()
            assert settings == (0,), "a migration set a per-database setting: copy it in new_floor too"
            conn.execute(f'CREATE DATABASE "{name}" TEMPLATE "{_TEMPLATE}"')
        conn.execute("UPDATE pg_database SET datacl = (SELECT datacl FROM pg_database WHERE datname = %s) "
                     "WHERE datname = %s", (_TEMPLATE, name))
    return Floor(server, name)


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


@pytest.fixture(scope="session")
def player_floor(pg_server: PostgresServer, played_journal: Path,
                 tmp_path_factory: pytest.TempPathFactory) -> tuple[Floor, list[dict[str, Any]], Path]:
    """Four tables with carded players and cash buy-ins crossing the thresholds, forwarded as stations do
    (``cash_floor.four_tables``), made once per session: the floor, its cash records, the journals' folder."""
    from tests.floor.cash_floor import four_tables

    floor = new_floor(pg_server)
    work = tmp_path_factory.mktemp("player-floor")
    return floor, four_tables(floor, played_journal, work), work


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


"""Fixtures shared by the test packages: one real PostgreSQL server per test session (tests/pg.py),
for the floor's tests and the pit page's alike."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tests.pg import PostgresServer


@pytest.fixture(scope="session")
def pg_server() -> Iterator[PostgresServer]:
    with PostgresServer.running() as server:
        yield server

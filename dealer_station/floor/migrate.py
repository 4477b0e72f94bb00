"""Versioned schema migrations, shipped as package data and applied by the project itself.

``migrations/NNNN_name.sql`` are applied in order, each in its own transaction together with
its row in ``floor.schema_migrations`` (version, name, sha256 of the text). A migration
already applied whose text changed since is refused: a schema is never silently different
from what its version says. An advisory lock serialises concurrent migrators.
"""

from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass
from importlib import resources
from typing import Any

import psycopg

from .db import INIT_HINT, FloorError, connect, floor_problem, one_line

_NAME = re.compile(r"^(\d{4})_([a-z0-9_]+)\.sql$")
_LOCK_KEY = 0x44534631  # "DSF1": one migrator at a time


@dataclass(frozen=True, slots=True)
class Migration:
    version: int
    name: str
    sql: str

    @property
    def checksum(self) -> str:
        return hashlib.sha256(self.sql.encode("utf-8")).hexdigest()


def migrations() -> list[Migration]:
    """Every shipped migration, in version order."""
    found = []
    for entry in resources.files(__package__).joinpath("migrations").iterdir():
        match = _NAME.match(entry.name)
        if match:
            found.append(Migration(int(match.group(1)), match.group(2), entry.read_text(encoding="utf-8")))
    found.sort(key=lambda m: m.version)
    return found


def _bootstrap(conn: psycopg.Connection[Any]) -> None:
    conn.execute("CREATE SCHEMA IF NOT EXISTS floor")
    conn.execute("""CREATE TABLE IF NOT EXISTS floor.schema_migrations (
        version integer PRIMARY KEY,
        name text NOT NULL,
        checksum text NOT NULL,
        applied_at timestamptz NOT NULL DEFAULT now())""")


def applied(conn: psycopg.Connection[Any]) -> dict[int, tuple[str, str]]:
    """version -> (name, checksum) of the migrations the floor has."""
    exists = conn.execute("SELECT to_regclass('floor.schema_migrations')").fetchone()
    if exists is None or exists[0] is None:
        return {}
    return {v: (n, c) for v, n, c in conn.execute("SELECT version, name, checksum FROM floor.schema_migrations")}


def migrate(url: str, up_to: int | None = None) -> list[str]:
    """Bring the floor at ``url`` to the latest schema (or to version ``up_to``: an older floor,
    for tests of a later migration); returns the migrations applied now."""
    done: list[str] = []
    with connect(url) as conn:
        try:
            encoding = conn.execute("SHOW server_encoding").fetchone()
            if encoding is None or encoding[0] != "UTF8":
                raise FloorError(f"the floor database must be UTF8 (hashes cover UTF-8 text), not {encoding}",
                                 "floor")
            with conn.transaction():
                conn.execute("SELECT pg_advisory_xact_lock(%s)", (_LOCK_KEY,))
                _bootstrap(conn)
            for migration in migrations():
                if up_to is not None and migration.version > up_to:
                    break
                with conn.transaction():
                    conn.execute("SELECT pg_advisory_xact_lock(%s)", (_LOCK_KEY,))
                    have = applied(conn).get(migration.version)
                    if have is not None:
                        if have[1] != migration.checksum:
                            raise FloorError(f"migration {migration.version:04d}_{migration.name} was changed "
                                             "after it was applied to this floor", "floor")
                        continue
                    conn.execute(migration.sql.encode("utf-8"))
                    conn.execute("INSERT INTO floor.schema_migrations (version, name, checksum) VALUES (%s, %s, %s)",
                                 (migration.version, migration.name, migration.checksum))
                    done.append(f"{migration.version:04d}_{migration.name}")
        except psycopg.Error as exc:
            raise FloorError(f"migration failed: {one_line(exc)}", "floor") from None
    return done


def current_version(conn: psycopg.Connection[Any]) -> int:
    versions = applied(conn)
    return max(versions) if versions else 0


def require_version(conn: psycopg.Connection[Any], needed: int, who: str) -> None:
    """Refuse a floor whose schema is older than ``who`` needs, saying how to bring it up."""
    try:
        version = current_version(conn)
    except psycopg.Error as exc:
        raise floor_problem(exc, "cannot read the floor's schema version") from None
    if version < needed:
        raise FloorError(f"the floor's schema is at version {version}, {who} needs {needed}: {INIT_HINT}", "floor")
